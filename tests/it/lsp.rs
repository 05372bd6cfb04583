//! `crypta lsp` spoken to over stdio, as an editor does: initialize, open a
//! script with errors, fix them, then hover, completion, definition,
//! outline, colours, formatting and quick fixes, and shut down.

use serde_json::{json, Value};

use crate::support::lsp::Client;

const URI: &str = "file:///tmp/puzzles.crypta";

/// Line 2 has U+3000 blanks and a `×` before the error: two, three and two
/// bytes that are each one UTF-16 unit, so the byte offset (23) is not the
/// column (16).
const BROKEN: &str =
    "let money = SEND + MORE = MONEY\ncuont money\nA\u{3000}×\u{3000}B = CD with bse 16\n";
const FIXED: &str = "let money = SEND + MORE = MONEY\ncount money\nA\u{3000}×\u{3000}B = CD with base 16\nunique  money with E!=5\n\n";

fn range(start: (u32, u32), end: (u32, u32)) -> Value {
    json!({"start": {"line": start.0, "character": start.1},
           "end": {"line": end.0, "character": end.1}})
}

fn at(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

fn change(client: &mut Client, version: i32, text: &str) -> Vec<Value> {
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": version},
               "contentChanges": [{"text": text}]}),
    );
    diagnostics(client)
}

fn diagnostics(client: &mut Client) -> Vec<Value> {
    let published = client.notification("textDocument/publishDiagnostics");
    assert_eq!(published["uri"], URI);
    published["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[test]
fn an_editor_session() {
    let mut client = Client::start();
    let capabilities = client.initialize();
    for capability in [
        "hoverProvider",
        "completionProvider",
        "definitionProvider",
        "documentFormattingProvider",
        "codeActionProvider",
        "semanticTokensProvider",
    ] {
        assert!(!capabilities[capability].is_null(), "no {}", capability);
    }

    // Opening a broken script: the checker's errors, at the right columns.
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "crypta", "version": 1, "text": BROKEN}}),
    );
    let errors = diagnostics(&mut client);
    assert_eq!(errors.len(), 2, "{:#?}", errors);
    assert_eq!(errors[0]["range"], range((1, 0), (1, 5)));
    assert_eq!(
        errors[0]["message"],
        "unknown query `cuont`\nhelp: did you mean `count`?"
    );
    assert_eq!(errors[0]["source"], "crypta");
    assert_eq!(errors[0]["code"], "Syntax");
    assert_eq!(errors[1]["range"], range((2, 16), (2, 22)));
    assert_eq!(
        errors[1]["message"],
        "unknown option `bse 16`\nhelp: did you mean `base`?"
    );

    // Quick fixes: each "did you mean" is an edit.
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": range((1, 0), (2, 30)),
               "context": {"diagnostics": []}}),
    );
    let actions = actions.as_array().expect("a list of actions");
    assert_eq!(actions.len(), 2, "{:#?}", actions);
    assert_eq!(actions[0]["title"], "Replace with `count`");
    assert_eq!(actions[0]["kind"], "quickfix");
    assert_eq!(
        actions[0]["edit"]["changes"][URI],
        json!([{"range": range((1, 0), (1, 5)), "newText": "count"}])
    );
    assert_eq!(
        actions[1]["edit"]["changes"][URI],
        json!([{"range": range((2, 16), (2, 19)), "newText": "base"}])
    );

    // The fixed script has no errors left.
    assert_eq!(change(&mut client, 2, FIXED), Vec::<Value>::new());

    // Hover on a use of a name: its definition.
    let hover = client.request("textDocument/hover", at(1, 8));
    let shown = hover["contents"]["value"].as_str().expect("markdown");
    assert!(
        shown.contains("let money = SEND + MORE = MONEY"),
        "{}",
        shown
    );
    assert_eq!(hover["range"], range((1, 6), (1, 11)));
    // Hover on a statement: kind, symbols and the strategy, not a search.
    let hover = client.request("textDocument/hover", at(2, 1));
    let shown = hover["contents"]["value"].as_str().expect("markdown");
    assert!(
        shown.starts_with("**letters** puzzle, query `solve`"),
        "{}",
        shown
    );
    assert!(shown.contains("symbols: `A B C D`"), "{}", shown);
    assert!(shown.contains("strategy: `"), "{}", shown);

    // Go to definition.
    let definition = client.request("textDocument/definition", at(3, 9));
    assert_eq!(definition["uri"], URI);
    assert_eq!(definition["range"], range((0, 4), (0, 9)));

    // Completion: options after `with`, queries and names at a line start.
    let labels = |result: Value| -> Vec<String> {
        result
            .as_array()
            .expect("a list")
            .iter()
            .map(|i| i["label"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    let options = labels(client.request("textDocument/completion", at(3, 19)));
    assert!(
        options.contains(&"leading zeros".to_string()),
        "{:?}",
        options
    );
    assert!(options.contains(&"repeats".to_string()), "{:?}", options);
    let starts = labels(client.request("textDocument/completion", at(4, 0)));
    for word in ["count", "unique", "kakuro", "money"] {
        assert!(starts.contains(&word.to_string()), "{:?}", starts);
    }

    // Outline and colours.
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(symbols[0]["name"], "money");
    assert_eq!(symbols[0]["detail"], "letters");
    let tokens = client.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": URI}}),
    );
    let data: Vec<u64> = tokens["data"]
        .as_array()
        .expect("data")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    // `let`: a keyword (0) at 0:0, 3 long; `money`: a name (3) 4 further on.
    assert_eq!(&data[..10], &[0, 0, 3, 0, 0, 0, 4, 5, 3, 0]);

    // Formatting: one edit, what `crypta fmt` writes.
    let edits = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(
        edits[0]["newText"],
        "let money = SEND + MORE = MONEY\ncount money\nA × B = CD with base 16\nunique money with E != 5\n"
    );
    assert_eq!(edits[0]["range"], range((0, 0), (5, 0)));

    // A word starting with 0: the fix adds the option.
    let errors = change(&mut client, 3, "count 0A + B = CD\n");
    assert_eq!(errors.len(), 1, "{:#?}", errors);
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": range((0, 6), (0, 6)),
               "context": {"diagnostics": errors}}),
    );
    assert_eq!(actions[0]["title"], "Add `with leading zeros`");
    assert_eq!(
        actions[0]["edit"]["changes"][URI],
        json!([{"range": range((0, 17), (0, 17)), "newText": " with leading zeros"}])
    );

    // An unknown request is an error, not a crash.
    let unknown = client.request_raw("textDocument/rename", at(0, 5));
    assert_eq!(unknown["error"]["code"], -32601);

    // Closing clears the diagnostics.
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(diagnostics(&mut client), Vec::<Value>::new());
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn a_warning_is_published_as_a_warning() {
    let mut client = Client::start();
    client.initialize();
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "crypta", "version": 1,
               "text": "count A / (B - B) = C or A = 1\n"}}),
    );
    let published = diagnostics(&mut client);
    assert_eq!(published.len(), 1, "{:#?}", published);
    // DiagnosticSeverity: 1 is an error, 2 a warning.
    assert_eq!(published[0]["severity"], 2);
    assert_eq!(published[0]["code"], "ZeroDivisor");
    assert_eq!(published[0]["range"], range((0, 10), (0, 17)));
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn the_parts_of_a_system_named_in_its_list_are_uses_of_their_names() {
    let mut client = Client::start();
    client.initialize();
    let text = "let one = AB + BA = CC\nlet two = A + B = D\ncount one, two\n";
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "crypta", "version": 1, "text": text}}),
    );
    assert_eq!(diagnostics(&mut client), Vec::<Value>::new());
    let definition = client.request("textDocument/definition", at(2, 12));
    assert_eq!(definition["range"], range((1, 4), (1, 7)));
    let definition = client.request("textDocument/definition", at(2, 7));
    assert_eq!(definition["range"], range((0, 4), (0, 7)));
    assert_eq!(client.shutdown(), Some(0));
}
