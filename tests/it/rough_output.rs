//! What the command line shows, as a new user meets it: invisible and
//! bidirectional characters escaped in every message (the command line
//! and the REPL), words of a bad word list escaped and cut, `--quiet`
//! printing answers only, JSON errors naming their file, `generate
//! letters` with its built-in word list, `import` refusing grids that do
//! not check and URLs that go on past their grid, and `generate` stopped
//! by `--timeout` keeping what it made in every format.

use crate::support::{run, Scratch};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Bidirectional controls and other invisible formatting characters
/// (Unicode's Cf), each of which reorders or hides text on a terminal.
const INVISIBLE: &[char] = &[
    '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}',
    '\u{2069}', '\u{200e}', '\u{200f}', '\u{061c}', '\u{200b}', '\u{200c}', '\u{200d}', '\u{2060}',
    '\u{feff}', '\u{00ad}', '\u{2028}',
];

/// None of the invisible characters (nor ESC) is in `shown`, and each of
/// `expected` is, written out.
fn escaped(shown: &str, expected: &[&str]) {
    for c in INVISIBLE.iter().chain(['\u{1b}'].iter()) {
        assert!(
            !shown.contains(*c),
            "raw U+{:04X} in {:?}",
            *c as u32,
            shown
        );
    }
    for e in expected {
        assert!(shown.contains(e), "{} not in {:?}", e, shown);
    }
}

#[test]
fn invisible_characters_are_escaped_in_every_message() {
    for &c in INVISIBLE {
        let code = format!("\\u{{{:x}}}", c as u32);
        // In a diagnostic's source line, and in a message quoting input.
        let out = run(&["eval", &format!("count A{}B + C = D", c)], b"");
        escaped(&text(&out.stderr), &[&code]);
        let out = run(&["run", &format!("no{}such.crypta", c)], b"");
        escaped(&text(&out.stderr), &[&code]);
        assert_eq!(out.status.code(), Some(2));
    }
    let core = crypta_core::excerpt("a\u{202e}b\u{1b}c\u{200b}");
    assert_eq!(core, "a\\u{202e}b\\x1bc\\u{200b}");
}

/// The REPL's `:load` shows a file name typed with ESC escaped (on a
/// pipe, as `printf ':load /x\x1b[31mred\n' | crypta repl` types it).
#[test]
fn the_repl_escapes_what_it_echoes() {
    let out = run(&["repl"], b":load /x\x1b[31mred\n:frob\xe2\x80\xaenicate\n");
    let err = text(&out.stderr);
    escaped(&err, &["/x\\x1b[31mred", ":frob\\u{202e}nicate"]);
}

/// The same through a terminal: a bidirectional control in a `:load`
/// name and in a statement comes back escaped.
#[cfg(unix)]
#[test]
fn the_repl_escapes_what_it_echoes_on_a_terminal() {
    // The line editor shows the line as typed; what crypta answers is
    // escaped.
    let (mut p, _home) = crate::support::pty::start_repl("escapes");
    p.send_line(":load /no\u{202e}such");
    p.expect("cannot read /no\\u{202e}such");
    p.expect("crypta> ");
    p.send_line("count A\u{2067}B + C = D");
    p.expect("count A\\u{2067}B + C = D");
    p.expect("crypta> ");
    p.send_control('d');
    assert_eq!(p.expect_eof(), Some(0));
}

#[test]
fn a_bad_word_is_shown_escaped_and_cut() {
    let dir = Scratch::new("bad-words");
    let esc = dir.file("esc.txt", "send\nmore\nmo\u{1b}[31mney\n");
    let long = dir.file("long.txt", format!("send\nmore\n{}\n", "A".repeat(100_000)));
    let out = run(
        &[
            "generate",
            "letters",
            "--words",
            esc.to_str().expect("UTF-8"),
        ],
        b"",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}", err);
    escaped(&err, &["mo\\x1b[31mney"]);
    let out = run(
        &[
            "generate",
            "letters",
            "--words",
            long.to_str().expect("UTF-8"),
        ],
        b"",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}", err);
    assert!(err.len() < 1000, "{} bytes", err.len());
    assert!(err.contains("…[99940 characters]…"), "{}", err);
    assert!(err.contains("has 100000 letters"), "{}", err);
}

#[test]
fn generate_letters_works_without_a_word_list() {
    let out = run(&["generate", "letters", "--seed", "1", "--count", "2"], b"");
    let printed = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(printed.lines().count(), 2, "{}", printed);
    // The built-in list is examples/words.txt: the same puzzles.
    let listed = run(
        &[
            "generate",
            "letters",
            "--seed",
            "1",
            "--count",
            "2",
            "--words",
            "examples/words.txt",
        ],
        b"",
    );
    assert_eq!(text(&listed.stdout), printed);
}

#[test]
fn quiet_prints_the_answers_only() {
    let script = "count A + B = C\nsolve SEND + MORE = MONEY\nunique TO + GO = OUT\n";
    let out = run(&["-q", "eval", script], b"");
    let printed = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    for statement in script.lines() {
        assert!(!printed.contains(statement), "{}", printed);
    }
    assert!(printed.contains("32 solutions"), "{}", printed);
    assert!(printed.contains("9567 + 1085 = 10652"), "{}", printed);
    // Without it, each answer comes under its statement, the same answer.
    let loud = text(&run(&["eval", script], b"").stdout);
    let without: String = loud
        .lines()
        .filter(|l| !script.lines().any(|s| s == *l))
        .map(|l| format!("{}\n", l))
        .collect();
    assert_eq!(without, printed);
}

#[test]
fn json_errors_name_their_file() {
    let dir = Scratch::new("json-file");
    let bad = dir.file("bad.crypta", "count A +\n");
    let bad = bad.to_str().expect("UTF-8");
    for command in ["run", "check"] {
        let out = run(&["--format", "json", command, bad], b"");
        assert_eq!(out.status.code(), Some(1));
        let line: serde_json::Value =
            serde_json::from_str(text(&out.stdout).lines().next().expect("a line")).expect("JSON");
        assert_eq!(line["error"]["file"], bad, "{}", line);
    }
    // A statement given on the command line is in no file.
    let out = run(&["--format", "json", "eval", "count A +"], b"");
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("JSON");
    assert!(line["error"].get("file").is_none(), "{}", line);
}
