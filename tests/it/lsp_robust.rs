//! `crypta lsp` fed what breaks servers, over stdio (issue 42): each
//! malformed message is answered with a JSON-RPC error and the next
//! request still is; a request after `shutdown` is refused; a document
//! over the script limit gets one diagnostic and no expensive answer; a
//! document is analysed once per version, as the server's `$/logTrace`
//! says; and a script at the limit on one line is answered in one pass.

use serde_json::{json, Value};

use crate::support::lsp::Client;

const URI: &str = "file:///tmp/robust.crypta";
const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
/// crypta_core::limits::MAX_SCRIPT_BYTES.
const SCRIPT_LIMIT: usize = 2 << 20;

fn open(client: &mut Client, text: &str) -> Vec<Value> {
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "crypta", "version": 1, "text": text}}),
    );
    let published = client.notification("textDocument/publishDiagnostics");
    assert_eq!(published["uri"], URI);
    published["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn on_document() -> Value {
    json!({"textDocument": {"uri": URI}})
}

fn at(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

/// Sends `bytes` to a server with a script open, expects an error with a
/// `null` id and `code`, and then an answer to a request sent after them.
fn answered_and_read_on(bytes: &[u8], code: i64) -> Value {
    let mut client = Client::start();
    client.initialize();
    open(&mut client, "let sum = AB + BA = CC\n");
    // Sent together: the server may only see a message is bad when the
    // next one begins.
    client.send_raw(bytes);
    let symbols = client.request("textDocument/documentSymbol", on_document());
    assert_eq!(symbols[0]["name"], "sum", "{}", symbols);
    let refused: Vec<Value> = client
        .notifications
        .iter()
        .filter(|m| m["id"].is_null() && m.get("method").is_none())
        .cloned()
        .collect();
    assert_eq!(refused.len(), 1, "{:#?}", refused);
    assert_eq!(refused[0]["error"]["code"], code, "{}", refused[0]);
    assert_eq!(client.shutdown(), Some(0));
    refused[0].clone()
}

fn framed(body: &[u8]) -> Vec<u8> {
    let mut bytes = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

#[test]
fn a_body_cut_short_is_a_parse_error_and_the_next_message_is_read_whole() {
    // 200 bytes announced, 24 sent before the next message's header.
    let refused = answered_and_read_on(
        b"Content-Length: 200\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,",
        PARSE_ERROR,
    );
    assert!(
        refused["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("ended after 24 of its 200 bytes")),
        "{}",
        refused
    );
}

#[test]
fn a_body_cut_by_the_end_of_the_input_is_answered() {
    let mut client = Client::start();
    client.initialize();
    client.send_raw(b"Content-Length: 200\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,");
    client.close_input();
    let refused = client.unaddressed_response();
    assert_eq!(refused["error"]["code"], PARSE_ERROR, "{}", refused);
    assert_eq!(client.wait(), Some(0));
}

#[test]
fn a_body_that_is_not_json_is_a_parse_error() {
    answered_and_read_on(&framed(b"hello"), PARSE_ERROR);
}

#[test]
fn an_empty_batch_is_an_invalid_request() {
    answered_and_read_on(&framed(b"[]"), INVALID_REQUEST);
}

#[test]
fn a_request_whose_id_crypta_cannot_hold_is_refused_with_that_id() {
    let body = br#"{"jsonrpc":"2.0","id":99999999999,"method":"textDocument/hover"}"#;
    let mut client = Client::start();
    client.initialize();
    client.send_raw(&framed(body));
    let refused = client.request_raw("shutdown", Value::Null);
    // The request with the big id was answered first, with its id.
    let first = client
        .notifications
        .iter()
        .find(|m| m["id"] == json!(99999999999u64))
        .cloned();
    assert_eq!(
        first.map(|m| m["error"]["code"].clone()),
        Some(json!(INVALID_REQUEST))
    );
    assert_eq!(refused["result"], Value::Null);
    assert_eq!(client.exit(), Some(0));
}

#[test]
fn a_response_the_server_cannot_read_is_not_answered() {
    // An error with a null id, as the server sends: answering it would
    // start a ping-pong between two such peers.
    let mut client = Client::start();
    client.initialize();
    open(&mut client, "let sum = AB + BA = CC\n");
    client.send_raw(&framed(
        br#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}"#,
    ));
    let symbols = client.request("textDocument/documentSymbol", on_document());
    assert_eq!(symbols[0]["name"], "sum", "{}", symbols);
    assert_eq!(client.notifications, Vec::<Value>::new());
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn a_message_without_content_length_is_answered_and_skipped() {
    // Its body is a `shutdown`: skipped, not obeyed (the symbols after it
    // are answered).
    answered_and_read_on(
        b"Content-Type: application/json\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"shutdown\"}",
        PARSE_ERROR,
    );
}

#[test]
fn a_message_without_headers_is_answered_and_skipped() {
    // The next message's header follows it on the same line.
    answered_and_read_on(
        b"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"shutdown\"}",
        PARSE_ERROR,
    );
}

#[test]
fn a_message_that_is_not_utf8_is_a_parse_error() {
    answered_and_read_on(
        &framed(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\xff\"}"),
        PARSE_ERROR,
    );
}

#[test]
fn a_lone_surrogate_escape_is_a_parse_error() {
    let body = br#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"x":"\ud800"}}"#;
    answered_and_read_on(&framed(body), PARSE_ERROR);
}

#[test]
fn an_absurd_content_length_is_refused_without_reading_it() {
    // 93 GiB announced: refused from the header, and the next message is
    // found by its header, not 93 GiB further on.
    let refused = answered_and_read_on(b"Content-Length: 99999999999\r\n\r\n{}", PARSE_ERROR);
    assert!(
        refused["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("99999999999 bytes is more than crypta reads")),
        "{}",
        refused
    );
}

#[test]
fn a_message_over_the_limit_is_skipped_whole() {
    // A real 17 MiB `didOpen` (over the 16 MiB a message may take): read
    // through without being held, and not opened.
    let text = "A".repeat(17 << 20);
    let body = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params":
        {"textDocument": {"uri": "file:///tmp/huge.crypta", "languageId": "crypta",
                          "version": 1, "text": text}}});
    answered_and_read_on(&framed(body.to_string().as_bytes()), PARSE_ERROR);
}

#[test]
fn a_script_at_the_limit_escaped_sixfold_is_read() {
    // Each U+0001 is `\u0001` in JSON: 12 MiB of message for 2 MiB of text.
    let mut client = Client::start();
    client.initialize();
    let text = "\u{1}".repeat(SCRIPT_LIMIT);
    let diagnostics = open(&mut client, &text);
    assert!(!diagnostics.is_empty());
    assert!(
        diagnostics.iter().all(|d| d["code"] != "TooLarge"),
        "{:#?}",
        diagnostics
    );
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn a_request_after_shutdown_is_refused_and_exit_ends_with_0() {
    let mut client = Client::start();
    client.initialize();
    open(&mut client, "count A + B = CD\n");
    assert_eq!(client.request("shutdown", Value::Null), Value::Null);
    let refused = client.request_raw("textDocument/documentSymbol", on_document());
    assert_eq!(refused["error"]["code"], INVALID_REQUEST, "{}", refused);
    assert_eq!(client.exit(), Some(0));
}

#[test]
fn exit_without_shutdown_ends_with_1() {
    let mut client = Client::start();
    client.initialize();
    assert_eq!(client.exit(), Some(1));
}

#[test]
fn a_document_over_the_script_limit_gets_one_diagnostic_and_no_answers() {
    let mut client = Client::start();
    client.initialize();
    let line = "let sum = AB + BA = CC\n";
    let text = line.repeat(SCRIPT_LIMIT / line.len() + 1);
    let diagnostics = open(&mut client, &text);
    assert_eq!(diagnostics.len(), 1, "{:#?}", diagnostics);
    assert_eq!(diagnostics[0]["code"], "TooLarge");
    for (method, params) in [
        ("textDocument/semanticTokens/full", on_document()),
        (
            "textDocument/formatting",
            json!({"textDocument": {"uri": URI},
            "options": {"tabSize": 4, "insertSpaces": true}}),
        ),
        ("textDocument/documentSymbol", on_document()),
        ("textDocument/hover", at(0, 5)),
        ("textDocument/completion", at(1, 0)),
    ] {
        assert_eq!(client.request(method, params), Value::Null, "{}", method);
    }
    // Back within the limit, it is answered again.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": line}]}),
    );
    let symbols = client.request("textDocument/documentSymbol", on_document());
    assert_eq!(symbols[0]["name"], "sum", "{}", symbols);
    assert_eq!(client.shutdown(), Some(0));
}

/// The `$/logTrace` messages received so far that report an analysis.
fn analyses(client: &Client) -> Vec<String> {
    client
        .notifications
        .iter()
        .filter(|n| n["method"] == "$/logTrace")
        .filter_map(|n| n["params"]["message"].as_str())
        .filter(|m| m.starts_with("analysed"))
        .map(String::from)
        .collect()
}

#[test]
fn each_version_is_analysed_once_whatever_is_asked() {
    let mut client = Client::start();
    client.initialize_with(json!({"processId": null, "capabilities": {}, "trace": "verbose"}));
    let text = "let sum = AB + BA = CC\ncount sum\nA + B = C\n";
    open(&mut client, text);
    let formatting = json!({"textDocument": {"uri": URI},
        "options": {"tabSize": 4, "insertSpaces": true}});
    let range = json!({"start": {"line": 0, "character": 0}, "end": {"line": 2, "character": 0}});
    for _ in 0..3 {
        client.request("textDocument/hover", at(1, 7));
        client.request("textDocument/hover", at(2, 1));
        client.request("textDocument/completion", at(3, 0));
        client.request("textDocument/definition", at(1, 7));
        client.request("textDocument/documentSymbol", on_document());
        client.request("textDocument/semanticTokens/full", on_document());
        client.request("textDocument/formatting", formatting.clone());
        client.request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": URI}, "range": range, "context": {"diagnostics": []}}),
        );
    }
    assert_eq!(
        analyses(&client),
        [format!("analysed {} version 1, {} bytes", URI, text.len())]
    );
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2},
               "contentChanges": [{"text": "count AB + BA = CC\n"}]}),
    );
    client.request("textDocument/hover", at(0, 7));
    client.request("textDocument/hover", at(0, 7));
    assert_eq!(analyses(&client).len(), 2, "{:?}", analyses(&client));
    assert!(analyses(&client)[1].contains("version 2"));
    // Asked to stop, it stops.
    client.notify("$/setTrace", json!({"value": "off"}));
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 3},
               "contentChanges": [{"text": "count A + B = C\n"}]}),
    );
    client.request("textDocument/hover", at(0, 7));
    assert_eq!(analyses(&client).len(), 2, "{:?}", analyses(&client));
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn a_script_at_the_limit_on_one_line_is_answered() {
    // Tens of thousands of statements on one line, each with a `×` (two
    // bytes, one UTF-16 unit): columns are found from marks along the
    // line, not counted from its start for each token and name (a ceiling,
    // not a timing, catches the quadratic way).
    let mut client = Client::start();
    client.initialize();
    let statement = |i: usize| format!("let s{:05} = A × B = CD; ", i);
    let (bytes, units) = (statement(0).len(), statement(0).chars().count());
    let count = SCRIPT_LIMIT / bytes;
    let text: String = (0..count).map(statement).collect();
    assert_eq!(open(&mut client, &text), Vec::<Value>::new());
    let symbols = client.request("textDocument/documentSymbol", on_document());
    let symbols = symbols.as_array().expect("symbols");
    assert_eq!(symbols.len(), count);
    let column = (units * (count - 1)) as u64;
    let last = &symbols[count - 1];
    assert_eq!(last["range"]["start"]["character"], column);
    assert_eq!(last["range"]["end"]["character"], column + units as u64 - 2);
    assert_eq!(last["selectionRange"]["start"]["character"], column + 4);
    let tokens = client.request("textDocument/semanticTokens/full", on_document());
    let data = tokens["data"].as_array().expect("data");
    // `let s00000 = A × B = CD;`: 8 coloured tokens each (not the `;`).
    assert_eq!(data.len(), count * 8 * 5);
    // The last `CD`: two units after the `=` before it, two long.
    let cd = &data[data.len() - 5..];
    assert_eq!((cd[1].as_u64(), cd[2].as_u64()), (Some(2), Some(2)));
    let hover = client.request("textDocument/hover", at(0, column as u32 + 14));
    assert_eq!(
        hover["contents"]["value"],
        format!("defines `s{:05}`", count - 1),
        "{}",
        hover
    );
    assert_eq!(
        hover["range"]["end"]["character"],
        column + units as u64 - 2
    );
    assert_eq!(client.shutdown(), Some(0));
}
