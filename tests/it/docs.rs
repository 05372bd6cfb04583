//! The documentation runs. In `docs/language.md` and `README.md`, every
//! block marked `crypta` is run and is followed by an `output` block with
//! exactly what `crypta eval` prints for it; every block marked
//! `crypta-error KIND...` is rejected with diagnostics of those
//! [`ErrorKind`]s and no other, and its `output` block is the report. A block marked
//! `crypta file=PATH` is that file of the repository, whose own output is a
//! golden test. `CRYPTA_BLESS=1` rewrites the output blocks.

use crypta_engine::program::check_script;
use crypta_substrate::diagnostic::ErrorKind;

use crate::support::{diff, read, repo, run};

/// A fenced block: its info string, its body, and where the body is.
struct Fence {
    info: String,
    body: String,
    /// Byte range of the body in the file.
    at: std::ops::Range<usize>,
    /// Line of the opening fence, from 1.
    line: usize,
}

/// The fenced blocks of a Markdown text, in order.
fn fences(text: &str) -> Vec<Fence> {
    let mut found = Vec::new();
    let mut offset = 0;
    let mut open: Option<(String, usize, usize)> = None;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_end();
        if let Some(info) = trimmed.strip_prefix("```") {
            match open.take() {
                None => open = Some((info.trim().to_string(), offset + line.len(), i + 1)),
                Some((info, start, line_number)) => found.push(Fence {
                    info,
                    body: text[start..offset].to_string(),
                    at: start..offset,
                    line: line_number,
                }),
            }
        }
        offset += line.len();
    }
    found
}

/// What `crypta eval BODY` prints, and what it prints on standard error.
fn eval(body: &str) -> (String, String, Option<i32>) {
    let output = run(&["eval", body], b"");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// Checks every example of a Markdown file; with `CRYPTA_BLESS` set,
/// rewrites its output blocks instead. Returns how many examples ran.
fn examples_of(path: &str) -> usize {
    let text = read(path);
    let blocks = fences(&text);
    let mut failures = Vec::new();
    let mut rewrites: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut ran = 0;
    for (k, block) in blocks.iter().enumerate() {
        let mut words = block.info.split_whitespace();
        let (tag, argument) = (words.next().unwrap_or(""), words.next());
        let expected = match tag {
            "crypta" if argument.is_some_and(|a| a.starts_with("file=")) => {
                let file = argument.unwrap_or_default().trim_start_matches("file=");
                if read(file) != block.body {
                    failures.push(format!(
                        "{}:{}: the block is not {}:\n{}",
                        path,
                        block.line,
                        file,
                        diff(&read(file), &block.body)
                    ));
                }
                ran += 1;
                continue;
            }
            "crypta" => {
                let (out, err, code) = eval(&block.body);
                if code != Some(0) || !err.is_empty() {
                    failures.push(format!("{}:{}: exit {:?}\n{}", path, block.line, code, err));
                }
                out
            }
            "crypta-error" => {
                let names: Vec<&str> = block.info.split_whitespace().skip(1).collect();
                let kinds: Option<Vec<ErrorKind>> = names
                    .iter()
                    .map(|name| {
                        ErrorKind::ALL
                            .iter()
                            .find(|k| format!("{:?}", k) == *name)
                            .copied()
                    })
                    .collect();
                let Some(mut want) = kinds.filter(|k| !k.is_empty()) else {
                    failures.push(format!(
                        "{}:{}: name the error kinds after `crypta-error`",
                        path, block.line
                    ));
                    continue;
                };
                let (_, diagnostics) = check_script(&block.body);
                let mut got: Vec<ErrorKind> = diagnostics.iter().map(|d| d.kind).collect();
                got.dedup();
                got.sort_by_key(|k| format!("{:?}", k));
                want.sort_by_key(|k| format!("{:?}", k));
                got.dedup();
                if got != want {
                    failures.push(format!(
                        "{}:{}: expected {:?}, got {:?}",
                        path, block.line, want, got
                    ));
                }
                let (_, err, code) = eval(&block.body);
                if code != Some(1) {
                    failures.push(format!("{}:{}: exit {:?}", path, block.line, code));
                }
                err
            }
            _ => continue,
        };
        ran += 1;
        match blocks.get(k + 1).filter(|next| next.info == "output") {
            Some(output) if output.body == expected => {}
            Some(output) => {
                rewrites.push((output.at.clone(), expected.clone()));
                failures.push(format!(
                    "{}:{}: the output differs:\n{}",
                    path,
                    output.line,
                    diff(&output.body, &expected)
                ));
            }
            None => {
                let end = block.at.end + "```\n".len();
                rewrites.push((end..end, format!("\n```output\n{}```\n", expected)));
                failures.push(format!(
                    "{}:{}: no `output` block states its answer",
                    path, block.line
                ));
            }
        }
    }
    if std::env::var_os("CRYPTA_BLESS").is_some() {
        let mut text = text;
        for (range, replacement) in rewrites.into_iter().rev() {
            text.replace_range(range, &replacement);
        }
        std::fs::write(repo(path), text).expect("rewrite the examples' output");
        return ran;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    ran
}

#[test]
fn language_reference_examples_run_and_state_their_answers() {
    let ran = examples_of("docs/language.md");
    assert!(ran >= 15, "only {} examples", ran);
}

#[test]
fn readme_examples_run_and_state_their_answers() {
    let ran = examples_of("README.md");
    assert!(ran >= 3, "only {} examples", ran);
}

#[test]
fn fences_are_read_with_their_place() {
    let text = "a\n```crypta\nA + B = C\n```\n```output\nx\n```\n";
    let blocks = fences(text);
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[0].info, "crypta");
    assert_eq!(blocks[0].body, "A + B = C\n");
    assert_eq!(&text[blocks[1].at.clone()], "x\n");
    assert_eq!(blocks[1].line, 5);
}
