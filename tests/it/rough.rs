//! Issue 33's crashes: every position computed on user text is on a
//! character boundary. Completion after a multi-byte character, and
//! property tests that feed random text full of multi-byte characters and
//! random cursors to the core's completion, the REPL's candidates and the
//! language server's position handling (through the server itself).

use std::cell::RefCell;

use crypta_cli::repl::editor::CryptaHelper;
use crypta_core::complete::completions;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use serde_json::json;

use crate::support::lsp::Client;

#[test]
fn completion_after_a_multi_byte_character() {
    // `×` is two bytes: the word after it starts past both.
    let (start, words) = completions("count AB ×", std::iter::empty());
    assert_eq!(start, "count AB ×".len());
    assert_eq!(words, vec!["with".to_string()]);
    let (start, words) = completions("count AB ×wi", std::iter::empty());
    assert_eq!(start, "count AB ×".len());
    assert_eq!(words, vec!["with".to_string()]);
    // After U+3000 (three bytes) at the start of a statement.
    let (start, words) = completions("\u{3000}cou", std::iter::empty());
    assert_eq!((start, words), (3, vec!["count".to_string()]));
}

#[test]
fn tab_after_a_multi_byte_character_in_the_repl() {
    let helper = CryptaHelper::new();
    let line = "count AB ×";
    assert_eq!(
        helper.candidates(line, line.len()),
        (line.len(), vec!["with".to_string()])
    );
    // A cursor inside `×` is moved back to its start, not a panic.
    assert_eq!(helper.candidates(line, line.len() - 1).0, line.len() - 2);
    assert_eq!(helper.candidates(line, line.len() + 5).0, line.len());
}

#[test]
fn the_language_server_completes_after_a_multi_byte_character() {
    let mut client = Client::start();
    client.initialize();
    let uri = "file:///tmp/rough.crypta";
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "crypta", "version": 1,
                                "text": "count AB ×"}}),
    );
    // `count AB ×` is ten UTF-16 units long.
    let items = client.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 10}}),
    );
    assert_eq!(items[0]["label"], "with", "{}", items);
    assert_eq!(client.shutdown(), Some(0));
}

/// Pieces of text to build scripts from: words of the language, names,
/// operators, blanks and comments, and characters of two, three and four
/// bytes (and two UTF-16 units for the emoji).
const PIECES: &[&str] = &[
    "count",
    "solve",
    "with",
    "let",
    "kakuro {",
    "}",
    "base 16",
    "leading zeros",
    "AB",
    "SEND",
    "x",
    "A",
    "1",
    "×",
    "−",
    "＋",
    "\u{3000}",
    "é",
    "😀",
    "\u{feff}",
    " ",
    "\n",
    "\r\n",
    "#",
    ";",
    ":",
    ":format ",
    ":lo",
    "(",
    ")",
    "+",
    "=",
    ",",
    "\\",
    "_",
];

/// Random text from [`PIECES`].
fn text() -> impl Strategy<Value = String> {
    proptest::collection::vec(0..PIECES.len(), 0..24)
        .prop_map(|picks| picks.into_iter().map(|i| PIECES[i]).collect())
}

/// A runner with a fixed seed, so that a failure replays.
fn runner(cases: u32) -> TestRunner {
    let config = Config {
        cases,
        failure_persistence: None,
        // A dead server would make each shrinking step wait for its answer.
        max_shrink_iters: 0,
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &[33; 32]))
}

#[test]
fn completion_never_panics_on_multi_byte_text() {
    let helper = RefCell::new(CryptaHelper::new());
    let strategy = (text(), any::<usize>(), text());
    let result = runner(512).run(&strategy, |(line, cursor, name)| {
        // The core's completion: any prefix on a character boundary.
        let cut = line
            .char_indices()
            .map(|(i, _)| i)
            .chain([line.len()])
            .nth(cursor % (line.chars().count() + 1))
            .unwrap_or(0);
        let before = &line[..cut];
        let (start, _) = completions(before, [name.as_str()].into_iter());
        prop_assert!(before.is_char_boundary(start) && start <= before.len());
        // The REPL's: any byte position, even inside a character or past
        // the end.
        let mut helper = helper.borrow_mut();
        helper.names = vec![name.clone()];
        let pos = cursor % (line.len() + 3);
        let (start, _) = helper.candidates(&line, pos);
        prop_assert!(line.is_char_boundary(start) && start <= pos.min(line.len()));
        Ok(())
    });
    if let Err(e) = result {
        panic!("{}", e);
    }
}

#[test]
fn the_language_server_never_panics_on_multi_byte_text() {
    let client = RefCell::new(Client::start());
    client.borrow_mut().initialize();
    let uri = "file:///tmp/fuzz.crypta";
    client.borrow_mut().notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "crypta", "version": 1, "text": ""}}),
    );
    let version = RefCell::new(1);
    let strategy = (text(), 0u32..6, 0u32..40, 0u32..6, 0u32..40);
    let result = runner(96).run(&strategy, |(text, line, character, to_line, to_character)| {
        let mut client = client.borrow_mut();
        *version.borrow_mut() += 1;
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": *version.borrow()},
                   "contentChanges": [{"text": text}]}),
        );
        let document = json!({"uri": uri});
        let position = json!({"line": line, "character": character});
        let end = json!({"line": to_line, "character": to_character});
        for (method, params) in [
            (
                "textDocument/completion",
                json!({"textDocument": document, "position": position}),
            ),
            (
                "textDocument/hover",
                json!({"textDocument": document, "position": position}),
            ),
            (
                "textDocument/definition",
                json!({"textDocument": document, "position": position}),
            ),
            (
                "textDocument/codeAction",
                json!({"textDocument": document, "range": {"start": position, "end": end},
                       "context": {"diagnostics": []}}),
            ),
            (
                "textDocument/semanticTokens/full",
                json!({"textDocument": document}),
            ),
            ("textDocument/documentSymbol", json!({"textDocument": document})),
            (
                "textDocument/formatting",
                json!({"textDocument": document, "options": {"tabSize": 4, "insertSpaces": true}}),
            ),
        ] {
            let response = client.request_raw(method, params);
            if response.get("error").is_some() {
                return Err(TestCaseError::fail(format!("{}: {}", method, response)));
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{}", e);
    }
    let client = client.into_inner();
    assert_eq!(client.shutdown(), Some(0));
}

/// Continued statements: what the REPL waits for, and how a statement
/// spread over lines is shown.
mod continuation {
    use crypta_core::complete::unfinished;
    use crypta_engine::program::check_script;

    #[test]
    fn the_repl_reads_on_while_a_statement_continues() {
        assert!(unfinished("count (SEND + MORE\n"));
        assert!(unfinished("count SEND + MORE =\n"));
        assert!(unfinished("count SEND + MORE = MONEY with D != 1,\n"));
        assert!(unfinished("count SEND + MORE = MONEY \\\n"));
        assert!(unfinished("count SEND + # a comment\n"));
        // Done, or a blank line to give up.
        assert!(!unfinished("count SEND + MORE = MONEY\n"));
        assert!(!unfinished("count SEND +\n\n"));
        assert!(!unfinished("count (SEND + MORE\n) = MONEY\n"));
    }

    #[test]
    fn a_continued_statement_is_shown_on_one_line() {
        let script = "count (SEND + MORE # the words\n    ) = MONEY with \\\n  D != 1,\n  E != 2\ncount A + B = C\n";
        let (statements, errors) = check_script(script);
        assert!(errors.is_empty(), "{:?}", errors);
        let shown: Vec<(usize, &str)> = statements
            .iter()
            .map(|s| (s.line, s.text.as_str()))
            .collect();
        assert_eq!(
            shown,
            vec![
                (1, "count (SEND + MORE) = MONEY with D != 1, E != 2"),
                (5, "count A + B = C"),
            ]
        );
    }

    #[test]
    fn a_byte_order_mark_is_ignored() {
        let (statements, errors) = check_script("\u{feff}count SEND + MORE = MONEY\n");
        assert!(errors.is_empty(), "{:?}", errors);
        assert_eq!(statements[0].text, "count SEND + MORE = MONEY");
    }
}

#[test]
fn the_continuation_rule_keeps_every_offset() {
    let result = runner(512).run(&text(), |script| {
        let logical = crypta_core::vocab::logical(&script);
        prop_assert_eq!(logical.len(), script.len());
        for (i, _) in script.char_indices() {
            prop_assert!(logical.is_char_boundary(i));
        }
        let _ = crypta_core::complete::unfinished(&script);
        let (_, diagnostics) = crypta_engine::program::check_script(&script);
        for d in &diagnostics {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= script.len());
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{}", e);
    }
}
