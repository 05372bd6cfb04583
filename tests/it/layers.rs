//! Data flows one way through crypta-core: its top-level modules form
//! layers, and a module uses only modules of the layers below it. The
//! sources are read as text, comments and string literals taken out, and
//! every `crate::<module>` path gives an edge from the top-level module of
//! the file it is written in (`solve/letters/count.rs` is `solve`'s;
//! `lib.rs` only declares the modules and is left out). A cycle is printed
//! whole; an edge that goes up or sideways is printed with the file it is
//! written in. `docs/architecture.md` shows the same table.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: a module may use the modules of the layers
/// before its own, and none of its own layer or after.
const LAYERS: &[&[&str]] = &[
    &["digits", "draw", "limits", "rng", "sums", "view"],
    &["vocab"],
    &["diagnostic"],
    &["syntax"],
    &["ir"],
    &["arith"],
    &["check"],
    &["solve"],
    &["grade"],
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
    &["api"],
];

/// Module -> (module it uses -> a file where it does).
type Graph = BTreeMap<String, BTreeMap<String, String>>;

#[test]
fn the_core_modules_form_layers() {
    let src = crate::support::repo("crates/core/src");
    let graph = graph(&src);
    assert!(graph.len() > 10, "no modules read from {}", src.display());
    let unplaced: Vec<&String> = graph.keys().filter(|m| layer(m).is_none()).collect();
    assert!(
        unplaced.is_empty(),
        "modules in no layer of tests/it/layers.rs: {:?}",
        unplaced
    );
    if let Some(cycle) = find_cycle(&graph) {
        panic!(
            "the core's modules import each other in a circle: {}",
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
        "modules that use a module of their own layer or above:\n{}",
        upward.join("\n")
    );
}

/// The kinds that may read another kind's folder, with the reason: a
/// system is made of layouts (their IR, strategies and pictures).
const MADE_OF: &[(&str, &str)] = &[("system", "layout")];

/// A kind's folder (`kinds/NAME/`) reads the substrate below the kinds and
/// the registry's shared types (`crate::kinds::{Puzzle, Kind, ...}`),
/// never another kind's folder (`crate::kinds::OTHER::...`), except as
/// [`MADE_OF`] allows: a new family builds on the substrate, not on a
/// sibling's internals.
#[test]
fn no_kind_reads_another() {
    let kinds = crate::support::repo("crates/core/src/kinds");
    let names: Vec<String> = std::fs::read_dir(&kinds)
        .expect("read the kinds folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.is_dir())
        .map(|p| {
            p.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert!(names.len() >= 4, "kind folders: {:?}", names);
    let mut reads = Vec::new();
    for name in &names {
        let mut files = Vec::new();
        rust_files(&kinds.join(name), &mut files);
        for file in files {
            let code = strip(&std::fs::read_to_string(&file).expect("read a source file"));
            for (at, _) in code.match_indices("crate::kinds::") {
                let other: String = code[at + "crate::kinds::".len()..]
                    .chars()
                    .take_while(|&c| c.is_alphanumeric() || c == '_')
                    .collect();
                if other != *name
                    && names.contains(&other)
                    && !MADE_OF.contains(&(name.as_str(), other.as_str()))
                {
                    reads.push(format!("{} -> {} (in {})", name, other, file.display()));
                }
            }
        }
    }
    assert!(
        reads.is_empty(),
        "kinds that read another kind's folder:\n{}",
        reads.join("\n")
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

/// The layer of a module, from 0.
fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
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
