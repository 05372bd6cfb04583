//! The command line: exit statuses, flags before or after the subcommand,
//! the time limit, and JSON errors.

fn crypta(args: &[&str]) -> (i32, String, String) {
    let output = crate::support::run(args, b"");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn format_is_accepted_before_and_after_the_subcommand() {
    let before = crypta(&["--format", "json", "eval", "SEND + MORE = MONEY"]);
    let after = crypta(&["eval", "SEND + MORE = MONEY", "--format", "json"]);
    assert_eq!(before, after);
    assert_eq!(before.0, 0);
    let value: serde_json::Value = serde_json::from_str(before.1.trim()).expect("json");
    assert_eq!(value["count"], 1);
    assert_eq!(value["kind"], "letters");
    assert_eq!(value["solutions"][0]["text"], "9567 + 1085 = 10652");
    assert_eq!(value["solutions"][0]["symbols"]["M"], 1);
}

#[test]
fn exit_statuses() {
    assert_eq!(crypta(&["eval", "A + B = C"]).0, 0);
    assert_eq!(crypta(&["eval", "A + B ="]).0, 1);
    assert_eq!(crypta(&["run", "no/such/file.crypta"]).0, 2);
    assert_eq!(crypta(&["frobnicate"]).0, 2);
    assert_eq!(crypta(&["--timeout", "-1", "eval", "A + B = C"]).0, 2);
    assert_eq!(crypta(&["judge", "nosuchproblem"]).0, 2);
    assert_eq!(crypta(&["check", "examples/tour.crypta"]).0, 0);
}

#[test]
fn a_time_limit_reports_what_was_found_as_incomplete() {
    // Many solutions and a long search: the limit stops it.
    let (code, out, _) = crypta(&[
        "--format",
        "json",
        "--timeout",
        "0.2",
        "eval",
        "count ABCDEFGHIJKLMNOP + QRSTUVWXYZabcdef = ghijklmnopqrstuv with base 62, leading zeros",
    ]);
    assert_eq!(code, 3, "{}", out);
    let value: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(value["complete"], false);
    assert!(value["count"].as_u64().is_some());
}

#[test]
fn json_errors_carry_positions() {
    let (code, out, _) = crypta(&[
        "--format",
        "json",
        "eval",
        "A + B = C\nSEND + MORE = MONEY with Q = 1",
    ]);
    assert_eq!(code, 1);
    let value: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    let error = &value["error"];
    assert_eq!(error["line"], 2);
    assert_eq!(error["column"], 26);
    assert_eq!(error["end_line"], 2);
    assert_eq!(error["end_column"], 27);
    assert!(error["message"].as_str().is_some_and(|m| m.contains('Q')));
    // The error's kind, by the name of its `ErrorKind` variant.
    assert_eq!(error["kind"], "UnusedSymbol");
}

#[test]
fn check_only_checks() {
    let (code, out, _) = crypta(&["check", "examples/tour.crypta", "examples/radix.crypta"]);
    assert_eq!(code, 0);
    assert!(out.contains("examples/tour.crypta: ok"));
    let (code, _, err) = crypta(&["check", "tests/cases/errors-check.crypta"]);
    assert_eq!(code, 1);
    assert!(err.contains("no `=`"));
}

fn crypta_with_input(args: &[&str], input: &str) -> (i32, String, String) {
    let output = crate::support::run(args, input.as_bytes());
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn run_dash_reads_standard_input() {
    let (code, out, err) = crypta_with_input(&["run", "-"], "count A + B = C\n");
    assert_eq!(code, 0, "{}", err);
    assert!(out.contains("32 solutions"), "{}", out);
    let (code, _, err) = crypta_with_input(&["run", "-"], "A + B =\n");
    assert_eq!(code, 1);
    assert!(err.contains("<stdin>:1:"), "{}", err);
}

#[test]
fn any_positive_timeout_is_accepted() {
    for t in ["1e9", "1e300", "inf", "60.5"] {
        let (code, out, err) = crypta(&["--timeout", t, "eval", "A + B = C with A = 1, B = 2"]);
        assert_eq!(code, 0, "--timeout {}: {}", t, err);
        assert!(out.contains("1 solution"), "{}", out);
    }
    for t in ["0", "-1", "NaN"] {
        assert_eq!(crypta(&["--timeout", t, "eval", "A + B = C"]).0, 2, "{}", t);
    }
}

#[test]
fn clap_checks_and_lists_the_choices() {
    let (code, _, err) = crypta(&["judge", "nosuch"]);
    assert_eq!(code, 2);
    assert!(err.contains("icpc2009c, p1092, kakuro2"), "{}", err);
    let (_, help, _) = crypta(&["judge", "--help"]);
    assert!(help.contains("kakuro2"), "{}", help);
    let (code, _, err) = crypta(&["generate", "sudoku"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("[possible values: kakuro, letters, multiplication, division, cryptic]"),
        "{}",
        err
    );
    assert_eq!(crypta(&["generate", "kakuro", "--size", "0"]).0, 2);
    assert_eq!(crypta(&["generate", "kakuro", "--density", "1.5"]).0, 2);
    let (_, help, _) = crypta(&["--help"]);
    for command in ["generate", "completions", "man"] {
        assert!(help.contains(&format!("\n  {} ", command)), "{}", help);
    }
}

#[test]
fn color_and_quiet() {
    let bad = ["eval", "A + B ="];
    let (_, _, always) = crypta(&[&["--color", "always"][..], &bad].concat());
    assert!(always.contains('\x1b'), "{:?}", always);
    let (_, _, never) = crypta(&[&["--color", "never"][..], &bad].concat());
    assert!(!never.contains('\x1b'), "{:?}", never);
    // Auto: not a terminal here, so no colour.
    let (_, _, auto) = crypta(&bad);
    assert!(!auto.contains('\x1b'), "{:?}", auto);
    assert_eq!(crypta(&["--color", "purple", "eval", "A + B = C"]).0, 2);
    let (code, out, _) = crypta(&["--quiet", "check", "examples/tour.crypta"]);
    assert_eq!((code, out.as_str()), (0, ""));
    let (_, out, _) = crypta(&["check", "examples/tour.crypta"]);
    assert!(out.contains(": ok ("), "{}", out);
}

#[test]
fn completions_and_man_page_come_from_the_definition() {
    let (code, bash, _) = crypta(&["completions", "bash"]);
    assert_eq!(code, 0);
    assert!(
        bash.contains("complete") && bash.contains("kakuro2"),
        "{}",
        bash
    );
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let (code, out, _) = crypta(&["completions", shell]);
        assert!(code == 0 && out.contains("crypta"), "{}", shell);
    }
    let (code, man, _) = crypta(&["man"]);
    assert_eq!(code, 0);
    assert!(man.contains(".TH crypta 1"), "{}", man);
    assert!(man.contains("timeout"), "{}", man);
}

#[test]
fn several_errors_are_counted() {
    let (_, _, err) = crypta(&["eval", "A + B =\nC + D ="]);
    assert!(err.ends_with("2 errors\n"), "{}", err);
    let (_, _, err) = crypta(&["eval", "A + B ="]);
    assert!(!err.contains("1 error"), "{}", err);
    // Past the limit the last diagnostic counts the rest: no second count.
    let many = "A + = B\n".repeat(150);
    let (_, _, err) = crypta(&["eval", &many]);
    assert!(err.contains("50 more errors"), "{}", err);
    assert!(!err.trim_end().ends_with("errors"), "{}", err);
}

#[test]
fn control_characters_never_reach_the_terminal() {
    for script in [
        "A + B = C with \x1b[31m",
        "A\x1b[2J + B = C",
        "let a\x07 = A + B = C",
        "A + B = C\u{9b}",
    ] {
        let (code, out, err) = crypta(&["eval", script]);
        assert_eq!(code, 1, "{:?}", script);
        for text in [&out, &err] {
            assert!(
                !text.chars().any(|c| c.is_control() && c != '\n'),
                "{:?} gives {:?}",
                script,
                text
            );
        }
        assert!(
            err.contains("\\x1b") || err.contains("\\x07") || err.contains("\\u{9b}"),
            "{}",
            err
        );
    }
}

#[test]
fn a_huge_line_is_quoted_in_part() {
    let dir = crate::support::Scratch::new("huge");
    for (name, script) in [
        ("grid", format!("kakuro {{ {} }}", ".".repeat(2_000_000))),
        ("word", format!("{}+B=C$", "A".repeat(2_000_000))),
    ] {
        let path = dir.join(format!("{}.crypta", name));
        std::fs::write(&path, &script).expect("write the script");
        let path = path.to_string_lossy().into_owned();
        let (code, _, err) = crypta(&["run", &path]);
        assert_eq!(code, 1);
        assert!(err.len() < 4000, "{} bytes: {}", err.len(), &err[..4000]);
        if name == "word" {
            // The header gives the column in the line as typed, not in the
            // excerpt.
            assert!(err.contains(":1:2000005 "), "{}", err);
        }
        let (_, out, _) = crypta(&["--format", "json", "run", &path]);
        assert!(out.len() < 4000, "{} bytes", out.len());
    }
}

/// A search that runs for minutes: ten free letters a side, with repeats.
#[cfg(unix)]
const LONG: &str =
    "count ABCDEFGHIJKLMNOP + QRSTUVWXYZabcdef = ghijklmnopqrstuv with base 62, leading zeros";

/// Waits for a child that should end by itself (a hang fails the test).
#[cfg(unix)]
fn wait_for(child: std::process::Child) -> std::process::ExitStatus {
    crate::support::ends::status(child).0
}

/// `crypta ARGS` on a terminal, once it has printed `shown`: its Ctrl-C
/// handler is installed by then (before the first statement runs).
#[cfg(unix)]
fn on_a_terminal_once(args: &[&str], shown: &str) -> crate::support::pty::Pty {
    let mut command = crate::support::crypta();
    command.args(args).env("TERM", "xterm");
    let mut p = crate::support::pty::Pty::spawn(command).expect("start crypta in a terminal");
    p.expect(shown);
    p
}

/// `crypta eval ... | head -1`: once the reader is gone the process ends
/// (by SIGPIPE, as a C filter would), instead of searching on for nobody.
#[cfg(unix)]
#[test]
fn a_closed_output_pipe_ends_the_search() {
    use std::os::unix::process::ExitStatusExt;
    let mut child = crate::support::crypta()
        .args(["eval", LONG])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("start crypta");
    drop(child.stdout.take());
    let status = wait_for(child);
    assert_eq!(status.signal(), Some(libc::SIGPIPE), "{:?}", status);
}

/// Ctrl-C outside the REPL stops the search, prints what it found marked
/// incomplete, and exits 3, like a time limit; later statements are not run.
#[cfg(unix)]
#[test]
fn ctrl_c_keeps_what_was_found() {
    let script = format!("{}\ncount A + B = C", LONG);
    // The progress spinner: the search is under way.
    let mut p = on_a_terminal_once(&["eval", &script], "searching");
    p.send_control('c');
    p.expect("interrupted after");
    assert_eq!(p.expect_eof(), Some(3));
    let rest = p.rest();
    assert!(!rest.contains("count A + B = C"), "{}", rest);
}

/// `solve` prints each solution when it is found: a time limit ends the
/// output with the closing line and exit status 3, and the JSON line is
/// whole, its count the solutions printed.
#[test]
fn a_time_limit_ends_a_streamed_search() {
    // Solutions few and far between: it prints for minutes, and never
    // reaches the output limit (with millions of solutions, a fast machine
    // reached it within the time limit). How many come before the limit
    // depends on the machine: none is fine.
    let solve = "solve ABCDEFGHIJ + KLMNOPQRST = UVWXYZabcde \
                 with repeats, ABCDEFGHIJ cube, KLMNOPQRST square";
    let (code, out, _) = crypta(&["--format", "json", "--timeout", "0.3", "eval", solve]);
    assert_eq!(code, 3, "{}", out);
    let value: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON line");
    assert_eq!(value["complete"], false);
    let shown = value["solutions"].as_array().map_or(0, Vec::len) as u64;
    assert_eq!(value["count"].as_u64(), Some(shown));
    let (code, out, _) = crypta(&["--timeout", "0.3", "eval", solve]);
    assert_eq!(code, 3, "{}", out);
    assert!(out.starts_with("solve "), "{}", out);
    let last = out.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("  the time limit stopped the search after "),
        "{}",
        last
    );
}

/// A streamed search whose reader goes away ends at once too, and one
/// whose output cannot be written stops with an error.
#[cfg(unix)]
#[test]
fn a_streamed_search_stops_when_its_output_is_gone() {
    use std::os::unix::process::ExitStatusExt;
    // Millions of solutions: it prints for minutes.
    let solve = "solve ABCDEFGHIJ + KLMNOPQRST = UVWXYZabcde with repeats";
    let mut child = crate::support::crypta()
        .args(["eval", solve])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("start crypta");
    drop(child.stdout.take());
    let status = wait_for(child);
    assert_eq!(status.signal(), Some(libc::SIGPIPE), "{:?}", status);
    if let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") {
        let output = crate::support::crypta()
            .args(["eval", solve])
            .stdout(full)
            .output()
            .expect("run crypta");
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{}", err);
        assert!(err.contains("cannot write the output"), "{}", err);
    }
}

/// Ctrl-C during a streamed search: the solutions printed so far, then the
/// closing line saying it was interrupted, and exit status 3.
#[cfg(unix)]
#[test]
fn ctrl_c_ends_a_streamed_search_with_its_closing_line() {
    // Solutions few and far between: it prints for minutes, never
    // reaching the output limit (which would end it as a whole).
    let solve = "solve ABCDEFGHIJ + KLMNOPQRST = UVWXYZabcde \
                 with repeats, ABCDEFGHIJ cube, KLMNOPQRST square";
    let script = format!("{}\nsolve A + B = C", solve);
    // Its head, printed as the search starts (a solution may come before
    // the spinner would).
    let mut p = on_a_terminal_once(&["eval", &script], "solve ABCDEFGHIJ");
    p.send_control('c');
    p.expect("  interrupted after ");
    assert_eq!(p.expect_eof(), Some(3));
    let rest = p.rest();
    assert!(!rest.contains("solve A + B = C"), "{}", rest);
}

#[test]
fn a_warning_is_shown_and_the_statement_runs() {
    let (code, out, err) = crypta(&["eval", "count A / (B - B) = C or A = 1"]);
    assert_eq!(code, 0, "{}", err);
    assert!(out.contains("72 solutions"), "{}", out);
    assert!(err.starts_with("Warning: this divisor is 0"), "{}", err);
    let (code, out, _) = crypta(&["--format", "json", "eval", "count A / 0 = B"]);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(lines[0]["warning"]["kind"], "ZeroDivisor");
    assert_eq!(lines[1]["count"], 0);
}
