//! Every example in `docs/language.md` and the README runs: `crypta` blocks
//! check and solve completely, `crypta-error` blocks are rejected with a
//! diagnostic.

use std::time::Duration;

use crypta::check::check_script;
use crypta::run::{run_statement, RunOptions};

fn blocks<'a>(text: &'a str, tag: &str) -> Vec<&'a str> {
    let fence = format!("```{}\n", tag);
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(&fence) {
        let body = &rest[start + fence.len()..];
        let end = body.find("```").unwrap_or(body.len());
        found.push(&body[..end]);
        rest = &body[end..];
    }
    found
}

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{}", env!("CARGO_MANIFEST_DIR"), path)).expect(path)
}

#[test]
fn language_reference_examples_run() {
    let doc = read("docs/language.md");
    let good = blocks(&doc, "crypta");
    assert!(good.len() >= 6, "too few examples: {}", good.len());
    let options = RunOptions {
        timeout: Some(Duration::from_secs(60)),
        ..RunOptions::default()
    };
    for block in good {
        let (statements, diagnostics) = check_script(block);
        assert!(diagnostics.is_empty(), "{}\n{:?}", block, diagnostics);
        assert!(!statements.is_empty(), "{}", block);
        for statement in &statements {
            let result = run_statement(statement, &options).expect(block);
            assert!(!result.incomplete(), "{}", block);
        }
    }
}

#[test]
fn language_reference_error_examples_are_rejected() {
    let doc = read("docs/language.md");
    let bad = blocks(&doc, "crypta-error");
    assert!(bad.len() >= 3);
    for block in bad {
        let (_, diagnostics) = check_script(block);
        assert!(!diagnostics.is_empty(), "{} was accepted", block);
    }
}
