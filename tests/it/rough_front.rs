//! Issue 33's front-end items: a query or a bare puzzle given to `crypta`
//! as a command, the spinner's live count and its line after Ctrl-C (in a
//! terminal), the language server's hover (over stdio), and no trailing
//! blanks in text output.

use serde_json::json;

use crate::support::lsp::Client;
use crate::support::pty::start_repl;
use crate::support::run;

/// A count that runs for minutes, cut into parts for every core after its
/// probe: the route whose spinner stayed at the probe's count.
const LONG_COUNT: &str =
    "count ABCDEFGHIJKLMNOP + QRSTUVWXYZabcdef = ghijklmnopqrstuv with base 62, leading zeros";

/// Spinner frames a test waits through for a count to change: a guard
/// against a count that never does (a frame a tenth of a second).
const FRAMES: usize = 1200;

/// The number just before the end of `text` (the spinner's count, with
/// the needle after it cut off).
fn trailing_number(text: &str) -> u64 {
    let digits: String = text
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits
        .chars()
        .rev()
        .collect::<String>()
        .parse()
        .unwrap_or(0)
}

#[test]
fn the_spinner_counts_on_and_ctrl_c_clears_it() {
    let (mut p, _home) = start_repl("spinner");
    p.send_line(LONG_COUNT);
    // The count shown goes on growing past its first value: the parts
    // searched on every core report what they find as they go.
    let mut first = None;
    let mut last = 0;
    for _ in 0..FRAMES {
        last = trailing_number(&p.expect(" solutions so far"));
        match first {
            None if last > 0 => first = Some(last),
            Some(f) if last > f => break,
            _ => {}
        }
    }
    assert!(
        first.is_some_and(|f| last > f),
        "the count stayed at {:?} for {} frames",
        first,
        FRAMES
    );
    p.send_control('c');
    p.expect("interrupted after ");
    let interrupted = trailing_number(&p.expect(" solutions"));
    assert!(interrupted >= last, "{} < {}", interrupted, last);
    p.expect("crypta> ");
    // The terminal echoed `^C` after the spinner's line: no frame of it is
    // left on the screen once the answer is printed.
    let screen = p.screen();
    assert!(
        !screen.iter().any(|row| row.contains("searching")),
        "{}",
        screen.join("\n")
    );
    assert!(
        screen
            .iter()
            .any(|row| row.starts_with("  interrupted after")),
        "{}",
        screen.join("\n")
    );
    p.send_control('d');
    assert_eq!(p.expect_eof(), Some(0));
}

#[test]
fn hover_shows_the_whole_strategy_and_the_symbols_apart() {
    let mut client = Client::start();
    client.initialize();
    let uri = "file:///tmp/hover.crypta";
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "crypta", "version": 1,
               "text": "solve SEND + MORE = MONEY\n"}}),
    );
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 1}}),
    );
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.contains("symbols: `S E N D M O R Y`"), "{}", shown);
    // The approach, every clause of it (`explain` writes one a line), on
    // the strategy's line.
    let strategy = shown
        .lines()
        .find(|line| line.starts_with("strategy: `column-addition`"))
        .unwrap_or_else(|| panic!("no strategy line: {}", shown));
    for clause in [
        "column by column from the right with exact carries;",
        "the last new letter of a column is derived from the column sum;",
        "later columns with one unknown left are checked ahead;",
        "exact bounds on the whole sum: on",
    ] {
        assert!(strategy.contains(clause), "{:?} not in {}", clause, shown);
    }
    assert_eq!(client.shutdown(), Some(0));
}

/// `crypta ARGS`: exit code, standard output, standard error.
fn crypta_run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = run(args, b"");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_query_in_the_place_of_a_subcommand_is_an_eval() {
    for (short, long) in [
        (
            vec!["count", "SEND+MORE=MONEY"],
            vec!["eval", "count SEND+MORE=MONEY"],
        ),
        (
            vec!["solve", "SEND + MORE = MONEY"],
            vec!["eval", "solve SEND + MORE = MONEY"],
        ),
        // Unquoted, in pieces, and an option after it.
        (
            vec![
                "solve", "SEND", "+", "MORE", "=", "MONEY", "--format", "json",
            ],
            vec!["eval", "solve SEND + MORE = MONEY", "--format", "json"],
        ),
        (
            vec!["--format", "json", "first", "2", "A+B=C"],
            vec!["--format", "json", "eval", "first 2 A+B=C"],
        ),
        (
            vec!["unique", "A + B = C", "-q"],
            vec!["eval", "unique A + B = C", "-q"],
        ),
        (
            vec!["explain", "steps", "A + B = CD with A = 9"],
            vec!["eval", "explain steps A + B = CD with A = 9"],
        ),
        // A whole statement in one argument.
        (
            vec!["count SEND + MORE = MONEY with repeats"],
            vec!["eval", "count SEND + MORE = MONEY with repeats"],
        ),
        // Errors and their exit status are eval's.
        (
            vec!["count", "SEND + MORE ="],
            vec!["eval", "count SEND + MORE ="],
        ),
        // A limit reached: exit status 3, as eval's.
        (
            vec![
                "--timeout",
                "0.01",
                "count",
                LONG_COUNT.trim_start_matches("count "),
            ],
            vec!["--timeout", "0.01", "eval", LONG_COUNT],
        ),
    ] {
        let (code, out, err) = crypta_run(&short);
        let expected = crypta_run(&long);
        assert_eq!(code, expected.0, "{:?}: {}", short, err);
        if short[0] != "--timeout" {
            assert_eq!((&out, &err), (&expected.1, &expected.2), "{:?}", short);
        }
        assert!(
            !err.contains("unrecognized subcommand"),
            "{:?}: {}",
            short,
            err
        );
    }
}

#[test]
fn a_puzzle_alone_is_solved() {
    let (code, out, err) = crypta_run(&["SEND + MORE = MONEY"]);
    assert_eq!(code, Some(0), "{}", err);
    assert_eq!(
        out,
        "solve SEND + MORE = MONEY\n  9567 + 1085 = 10652   S=9 E=5 N=6 D=7 M=1 O=0 R=8 Y=2\n  1 solution\n"
    );
    let (code, out, _) = crypta_run(&["--format", "json", "A+B=C", "with", "A=1,", "B=2"]);
    assert_eq!(code, Some(0));
    assert!(out.contains(r#""query":"solve""#), "{}", out);
    assert!(out.contains(r#""count":1"#), "{}", out);
}

#[test]
fn what_is_neither_a_query_nor_a_puzzle_is_still_refused() {
    // A mistyped subcommand: clap's error, exit status 2.
    let (code, _, err) = crypta_run(&["rnu", "examples/radix.crypta"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unrecognized subcommand 'rnu'"), "{}", err);
    // A script's file name: a pointer to `run`.
    let (code, out, err) = crypta_run(&["examples/radix.crypta"]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty(), "{}", out);
    assert!(err.contains("crypta run examples/radix.crypta"), "{}", err);
    // Every subcommand keeps its meaning.
    let (code, out, _) = crypta_run(&["check", "examples/radix.crypta"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("ok"), "{}", out);
    // And --help says how.
    let (_, help, _) = crypta_run(&["--help"]);
    assert!(
        help.contains(
            "crypta count 'SEND + MORE = MONEY'   is   crypta eval 'count SEND + MORE = MONEY'"
        ),
        "{}",
        help
    );
}

#[test]
fn no_trailing_blanks_when_a_puzzle_has_no_symbols() {
    let script =
        "solve ?2 + 3? = 46\nfirst 2 ?1 * 3 = 1?3\nsolve 12 + 34 = 46\nsolve A + ?2 = 13\n";
    let (code, out, err) = crypta_run(&["eval", script]);
    assert_eq!(code, Some(0), "{}", err);
    assert!(out.contains("  12 + 34 = 46\n"), "{}", out);
    assert!(out.contains("  51 * 3 = 153\n"), "{}", out);
    // With symbols, the column of symbols stays as it was.
    assert!(out.contains("  1 + 12 = 13   A=1\n"), "{}", out);
    for line in out.lines() {
        assert_eq!(line, line.trim_end(), "{:?} in\n{}", line, out);
    }
}
