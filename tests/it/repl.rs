//! The REPL end to end, through a pseudo-terminal: a solve, a multi-line
//! block with its continuation prompt, an error and recovery, `:load`, a
//! Ctrl-C that interrupts a long `count`, and Ctrl-D to leave.

use crate::support::crypta;
use crate::support::pty::{start_repl, Pty};

#[test]
fn a_session_through_a_terminal() {
    let (mut p, home) = start_repl("test");

    p.send_line("SEND + MORE = MONEY");
    p.expect("9567 + 1085 = 10652");
    p.expect("crypta> ");

    // A block goes on until its `}`, with a continuation prompt.
    p.send_line("kakuro {");
    p.expect("...> ");
    p.send_line("  #  4\\ 3\\");
    p.expect("...> ");
    p.send_line("  \\3 .  .");
    p.expect("...> ");
    p.send_line("  \\4 .  .");
    p.expect("...> ");
    p.send_line("}");
    for cell in [
        "│ 4\\  │ 3\\  │",
        "│  \\3 │  1  │  2  │",
        "│  \\4 │  3  │  1  │",
    ] {
        p.expect(cell);
    }
    p.expect("1 solution");
    p.expect("crypta> ");

    // A line ending with an operator goes on on the next line.
    p.send_line("count SEND + MORE =");
    p.send_line("  MONEY");
    p.expect("1 solution");
    p.expect("crypta> ");

    // An error points into the line typed, and the session goes on; a
    // blank line ends a statement that was to go on.
    p.send_line("SEND + MORE =");
    p.send_line("");
    p.expect("nothing on the right of `=`");
    p.expect("crypta> ");
    p.send_line("let money = SEND + MORE = MONEY");
    p.expect("crypta> ");
    p.send_line("count money with repeats");
    p.expect("155 solutions");

    p.send_line(":load examples/radix.crypta");
    p.expect("unique: exactly one solution");
    p.expect("strategy: bijective-radix");
    p.expect("crypta> ");

    // Ctrl-C stops a long count, shows what it found, and the prompt returns.
    p.send_line(
        "count ABCDEFGHIJKLMNOP + QRSTUVWXYZabcdef = ghijklmnopqrstuv with base 62, leading zeros",
    );
    // The progress spinner: the search is under way.
    p.expect("searching");
    p.send_control('c');
    p.expect("interrupted after");
    p.expect("crypta> ");
    p.send_line("count A + B = C");
    p.expect("32 solutions");
    p.expect("crypta> ");

    // Ctrl-D leaves.
    p.send_control('d');
    assert_eq!(p.expect_eof(), Some(0));

    // The history was kept for the next session.
    let history =
        std::fs::read_to_string(home.join(".local/state/crypta/history")).unwrap_or_default();
    assert!(history.contains("SEND + MORE = MONEY"), "{}", history);
}

/// A block and two more lines sent in one burst, as a paste without
/// bracketed paste (tmux `paste-buffer`) or a fast typist sends them: every
/// line is read, and each error counts lines once.
#[test]
fn lines_sent_in_one_burst_are_all_read() {
    let (mut p, _home) = start_repl("burst");
    p.send("kakuro {\r  #  4\\ 3\\\r  \\3 .  .\r  \\4 .  .\r}\rfoo\rbar\r");
    p.expect("│  \\4 │  3  │  1  │");
    p.expect("1 solution");
    p.expect("no puzzle is named `foo`");
    p.expect("<repl>:6:1");
    p.expect("no puzzle is named `bar`");
    p.expect("<repl>:7:1");
    p.expect("crypta> ");
    p.send_line("quit");
    assert_eq!(p.expect_eof(), Some(0));
}

/// The spinner waits before it first draws, and a statement that ends
/// sooner does not wait for it: 40 trivial statements on a terminal take
/// about as long as through a pipe (they took 40 × 50 ms more before).
#[test]
fn the_spinner_costs_nothing_on_fast_statements() {
    let statements = vec!["A + B = C with A = 1, B = 2"; 40].join("\n");
    let piped = crate::support::run(&["eval", &statements], b"");
    assert!(piped.status.success());

    let mut command = crypta();
    command.args(["eval", &statements]).env("TERM", "xterm");
    let mut p = Pty::spawn(command).expect("start crypta in a terminal");
    let shown = p.expect("1 + 2 = 3");
    assert_eq!(p.expect_eof(), Some(0));
    // The cost itself (40 statements: 2.03 s before, 0.02 s after) is a
    // timing, measured outside the tests; here: no spinner frame is drawn.
    assert!(!shown.contains("searching"), "{}", shown);
}

/// On a terminal, a streamed search's spinner shows until the first
/// solution and is cleared before it is printed: the solutions and the
/// spinner are never drawn over each other.
#[test]
fn the_spinner_gives_way_to_streamed_solutions() {
    // About a second before the first solution, then the second at once.
    let slow = "first 2 ABCDEFGHIJKLMNOP + QRSTUVWXYZabcdef = ghijklmnopqrstuv \
                with base 62, leading zeros, P = 61, f = 60, v = 59";
    let mut command = crypta();
    command.args(["eval", slow]).env("TERM", "xterm");
    let mut p = Pty::spawn(command).expect("start crypta in a terminal");
    let first = p.expect("v=59");
    let rest = p.expect("2 solutions (the first 2 asked for)");
    assert_eq!(p.expect_eof(), Some(0));
    if let Some(at) = first.rfind("searching") {
        assert!(first[at..].contains("\x1b[2K"), "{:?}", first);
    }
    assert!(!rest.contains("searching"), "{:?}", rest);
    assert!(rest.contains("v=59"), "{:?}", rest);
}

/// Tab twice on an empty word lists what fits there (rustyline's default
/// would put one candidate in the line and cycle).
#[test]
fn tab_lists_the_candidates() {
    let (mut p, _home) = start_repl("tab");
    p.send_line("let money = SEND + MORE = MONEY");
    p.expect("crypta> ");
    p.send("\t\t");
    // The list is laid out in columns, so its order on screen depends on
    // how many candidates there are; it ends where the prompt comes back.
    let listing = p.expect("crypta> ");
    for candidate in ["multiplication", "grade", "money"] {
        assert!(listing.contains(candidate), "{:?}", listing);
    }
    p.send("count A + B = C with le\t");
    p.expect("leading zeros");
    p.send("\r");
    p.expect("solutions");
    p.send_line("quit");
    assert_eq!(p.expect_eof(), Some(0));
}
