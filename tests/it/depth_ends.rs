//! The stack-exhausting scripts of issue 42 where a user meets them: a
//! chain of 30,000 `+ A` (112 KB, within the 2 MiB script limit), 60,000
//! `+ 1`, a long chain of `^` and parentheses nested to the size limit
//! make every command exit 1 with a diagnostic (before, the binary
//! aborted with a stack overflow), the REPL's `:load` reports them and
//! goes on, and the language server publishes them and keeps answering.

use serde_json::json;

use crate::support::lsp::Client;
use crate::support::pty::start_repl;
use crate::support::{run, Scratch};

/// The shapes, each with the words its diagnostic says.
fn hostile() -> Vec<(&'static str, String, &'static str)> {
    vec![
        (
            "chain.crypta",
            format!("count A = B{}\n", " + A".repeat(30_000)),
            "more than 1024 operators in one statement",
        ),
        (
            "ones.crypta",
            format!("A != 1{}\n", " + 1".repeat(60_000)),
            "more than 1024 operators in one statement",
        ),
        (
            "powers.crypta",
            format!("A = B{}\n", " ^ 2".repeat(60_000)),
            "more than 1024 operators in one statement",
        ),
        (
            "parens.crypta",
            format!("{}A{} = B\n", "(".repeat(100_000), ")".repeat(100_000)),
            "parentheses nested deeper than 64",
        ),
    ]
}

#[test]
fn every_command_refuses_them_with_a_diagnostic() {
    let dir = Scratch::new("depth-cli");
    for (name, script, says) in hostile() {
        let path = dir.file(name, &script);
        let path = path.to_str().expect("a path");
        let mut runs = vec![
            ("check", run(&["check", path], b"")),
            ("run", run(&["run", path], b"")),
            ("fmt", run(&["fmt", "--check", path], b"")),
            ("stdin", run(&[], script.as_bytes())),
            ("json", run(&["run", "--format", "json", path], b"")),
        ];
        // One argument holds at most 128 KiB on Linux.
        if script.len() < 128 << 10 {
            runs.push(("eval", run(&["eval", &script], b"")));
        }
        for (how, output) in runs {
            let err = String::from_utf8_lossy(&output.stderr);
            let out = String::from_utf8_lossy(&output.stdout);
            assert_eq!(output.status.code(), Some(1), "{} {}: {}", how, name, err);
            assert!(
                err.contains(says) || out.contains(says),
                "{} {}: {}{}",
                how,
                name,
                out,
                err
            );
        }
    }
}

#[test]
fn the_repl_loads_them_and_goes_on() {
    let dir = Scratch::new("depth-repl");
    let (mut p, _home) = start_repl("depth");
    for (name, script, says) in hostile() {
        let path = dir.file(name, &script);
        p.send_line(&format!(":load {}", path.display()));
        p.expect(says);
        p.expect("crypta> ");
    }
    p.send_line("count SEND + MORE = MONEY");
    p.expect("1 solution");
    p.expect("crypta> ");
    p.send_line("quit");
    assert_eq!(p.expect_eof(), Some(0));
}

#[test]
fn the_language_server_publishes_them_and_keeps_answering() {
    let mut client = Client::start();
    client.initialize();
    for (i, (name, script, says)) in hostile().into_iter().enumerate() {
        let uri = format!("file:///tmp/{}", name);
        client.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "crypta",
                                    "version": 1, "text": script}}),
        );
        let published = client.notification("textDocument/publishDiagnostics");
        assert_eq!(published["uri"], uri.as_str());
        let messages: Vec<String> = published["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .map(|d| d["message"].as_str().unwrap_or("").to_string())
            .collect();
        assert!(
            messages.iter().any(|m| m.contains(says)),
            "{}: {:?}",
            name,
            messages
        );
        // The server still answers requests on the same document.
        let at = json!({"textDocument": {"uri": uri},
                        "position": {"line": 0, "character": 3 + i}});
        client.request("textDocument/hover", at);
        client.request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": uri},
                   "options": {"tabSize": 4, "insertSpaces": true}}),
        );
    }
    assert_eq!(client.shutdown(), Some(0));
}
