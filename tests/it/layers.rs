//! Data flows one way through crypta's crates, and Cargo holds them to it:
//! crypta-substrate, then one crate per puzzle kind, then crypta-engine,
//! then crypta-core (a crate cannot name one that does not come before it
//! in its `Cargo.toml`). Inside the two big crates the top-level modules
//! form finer layers, checked here: the sources are read as text,
//! comments and string literals taken out, and every `crate::<module>`
//! path gives an edge from the top-level module of the file it is written
//! in (`solve/symbols/count.rs` is `solve`'s; `lib.rs` only declares the
//! modules and is left out). A cycle is printed whole; an edge that goes
//! up or sideways is printed with the file it is written in.
//! `docs/architecture.md` shows the same tables.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// crypta-substrate's layers, lowest first: a module may use the modules
/// of the layers before its own, and none of its own layer or after.
const SUBSTRATE: &[&[&str]] = &[
    &["digits", "draw", "escape", "limits", "rng", "sums", "view"],
    &["vocab"],
    &["diagnostic"],
    &["syntax"],
    &["ir"],
    &["arith"],
    &["check"],
    &["solve"],
    &["grade"],
    &["kinds"],
];

/// crypta-engine's layers, above the kinds' crates.
const ENGINE: &[&[&str]] = &[
    &["kinds"],
    &["program"],
    &["plan"],
    &["run"],
    &["report"],
    &[
        "analysis",
        "complete",
        "fmt",
        "generate",
        "interchange",
        "judge",
    ],
];

/// Module -> (module it uses -> a file where it does).
type Graph = BTreeMap<String, BTreeMap<String, String>>;

#[test]
fn the_substrate_modules_form_layers() {
    check_layers("crates/substrate/src", SUBSTRATE);
}

#[test]
fn the_engine_modules_form_layers() {
    check_layers("crates/engine/src", ENGINE);
}

fn check_layers(folder: &str, layers: &[&[&str]]) {
    let src = crate::support::repo(folder);
    let graph = graph(&src);
    assert!(graph.len() > 5, "no modules read from {}", src.display());
    let layer = |module: &str| layers.iter().position(|l| l.contains(&module));
    let unplaced: Vec<&String> = graph.keys().filter(|m| layer(m).is_none()).collect();
    assert!(
        unplaced.is_empty(),
        "modules of {} in no layer of tests/it/layers.rs: {:?}",
        folder,
        unplaced
    );
    if let Some(cycle) = find_cycle(&graph) {
        panic!(
            "the modules of {} import each other in a circle: {}",
            folder,
            cycle.join(" -> ")
        );
    }
    let mut upward = Vec::new();
    for (from, uses) in &graph {
        for (to, file) in uses {
            if layer(to).is_none_or(|l| Some(l) >= layer(from)) {
                upward.push(format!("{} -> {} (in {})", from, to, file));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "modules of {} that use a module of their own layer or above:\n{}",
        folder,
        upward.join("\n")
    );
}

/// The kinds that may depend on another kind's crate, with the reason: a
/// system is made of layouts (their IR, strategies and pictures).
const MADE_OF: &[(&str, &str)] = &[("crypta-kind-system", "crypta-kind-layout")];

/// A kind's crate (`crates/kinds/NAME/`) depends on crypta-substrate,
/// never on another kind's crate, except as [`MADE_OF`] allows: a new
/// family builds on the substrate, not on a sibling's internals. Cargo
/// keeps a crate from using what it does not depend on; this reads what
/// each kind's `Cargo.toml` depends on.
#[test]
fn no_kind_depends_on_another() {
    let kinds = crate::support::repo("crates/kinds");
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&kinds)
        .expect("read the kinds folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    assert!(folders.len() >= 3, "kind crates: {:?}", folders);
    let mut reads = Vec::new();
    for folder in &folders {
        let manifest =
            std::fs::read_to_string(folder.join("Cargo.toml")).expect("read a kind's Cargo.toml");
        let name = package_name(&manifest);
        assert!(
            name.starts_with("crypta-kind-"),
            "{} is named {}",
            folder.display(),
            name
        );
        for dependency in crypta_dependencies(&manifest) {
            if dependency != "crypta-substrate"
                && !MADE_OF.contains(&(name.as_str(), dependency.as_str()))
            {
                reads.push(format!("{} -> {}", name, dependency));
            }
        }
    }
    assert!(
        reads.is_empty(),
        "kinds that depend on another kind or on a crate above the kinds:\n{}",
        reads.join("\n")
    );
}

/// The `name` of a manifest's `[package]`.
fn package_name(manifest: &str) -> String {
    manifest
        .lines()
        .find_map(|line| line.strip_prefix("name = "))
        .map(|name| name.trim().trim_matches('"').to_string())
        .expect("a package name")
}

/// The crypta crates a manifest depends on, in any of its dependency
/// tables (`[dependencies]`, `[dev-dependencies]`, target-specific ones).
fn crypta_dependencies(manifest: &str) -> Vec<String> {
    let mut in_dependencies = false;
    let mut found = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_dependencies = line.trim_end_matches(']').ends_with("dependencies");
            continue;
        }
        if in_dependencies && line.starts_with("crypta-") {
            let name: String = line
                .chars()
                .take_while(|&c| c.is_alphanumeric() || c == '-' || c == '_')
                .collect();
            found.push(name);
        }
    }
    found
}

#[test]
fn dependencies_are_read_from_every_table() {
    let manifest = "[package]\nname = \"crypta-kind-x\"\n[dependencies]\ncrypta-substrate.workspace = true\nother = \"1\"\n[dev-dependencies]\ncrypta-engine = { path = \"../e\" }\n[features]\ncrypta-y = []\n";
    assert_eq!(package_name(manifest), "crypta-kind-x");
    assert_eq!(
        crypta_dependencies(manifest),
        ["crypta-substrate", "crypta-engine"]
    );
}

/// The reader sees through comments, strings and grouped imports.
#[test]
fn references_are_read_from_code_only() {
    let code = "use crate::ir::Puzzle; // crate::report\n\
                /* crate::run /* nested crate::plan */ */\n\
                let s = \"crate::kind\"; let r = br#\"crate::grade\"#; let c = '\"'; let q = '\\'';\n\
                use crate::{solve::Verdict, arith};\n\
                /// [`crate::check`]\n\
                fn f<'a>(x: &'a str) -> bool { crate::sums::ALL.is_empty() }";
    let found: BTreeSet<String> = references(&strip(code)).into_iter().collect();
    let expected: BTreeSet<String> = ["ir", "solve", "arith", "sums"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(found, expected);
}

/// Every top-level module's uses of the others.
fn graph(src: &Path) -> Graph {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut graph = Graph::new();
    for file in files {
        let relative = file.strip_prefix(src).expect("under src");
        let Some(first) = relative.components().next() else {
            continue;
        };
        let first = first.as_os_str().to_string_lossy();
        if first == "lib.rs" {
            continue;
        }
        let module = first.trim_end_matches(".rs").to_string();
        let text = std::fs::read_to_string(&file).expect("read a source file");
        let uses = graph.entry(module.clone()).or_default();
        for used in references(&strip(&text)) {
            if used != module {
                uses.entry(used)
                    .or_insert_with(|| relative.display().to_string());
            }
        }
    }
    graph
}

fn rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read a source folder")
        .map(|e| e.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// `code` without its comments (line, doc and nested block comments) and
/// without the contents of its string and character literals.
fn strip(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len());
    let mut i = 0;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r'
            && (i == 0
                || !ident(chars[i - 1])
                || (chars[i - 1] == 'b' && (i < 2 || !ident(chars[i - 2]))))
            && matches!(next, Some('"') | Some('#'))
        {
            // A raw string: r"...", r#"..."#; `r#ident` is an identifier.
            let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            i += 2 + hashes;
            let end: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            while i < chars.len() && !chars[i..].starts_with(&end.chars().collect::<Vec<_>>()) {
                i += 1;
            }
            i += end.chars().count();
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && next == Some('\\') {
            // '\n', '\'', '\u{1F600}': the escaped character, then up to the quote.
            i += 3;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The top-level modules `code` names by `crate::`, grouped imports
/// (`crate::{a, b::c}`) included.
fn references(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    for (at, _) in code.match_indices("crate::") {
        if code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| ident(c) || c == '$')
        {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The first name of each item at the group's own depth.
            let mut depth = 0;
            let mut item_start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && ident(c) => {
                        let name: String = group[i..].chars().take_while(|&c| ident(c)).collect();
                        found.push(name);
                        item_start = false;
                    }
                    _ => {}
                }
            }
        } else {
            let name: String = rest.chars().take_while(|&c| ident(c)).collect();
            if !name.is_empty() {
                found.push(name);
            }
        }
    }
    found
}

/// A cycle of the graph, its first module repeated at its end.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    /// 0: not seen; 1: on the current path; 2: done, on no cycle.
    fn visit(
        module: &str,
        graph: &Graph,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(module.to_string(), 1);
        path.push(module.to_string());
        for next in graph.get(module).into_iter().flat_map(|uses| uses.keys()) {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                1 => {
                    let start = path.iter().position(|m| m == next).unwrap_or(0);
                    let mut cycle = path[start..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(cycle) = visit(next, graph, state, path) {
                        return Some(cycle);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(module.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for module in graph.keys() {
        if state.get(module.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(cycle) = visit(module, graph, &mut state, &mut Vec::new()) {
                return Some(cycle);
            }
        }
    }
    None
}
