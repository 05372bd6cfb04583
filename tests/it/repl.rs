//! The REPL end to end, through a pseudo-terminal: a solve, a multi-line
//! block with its continuation prompt, an error and recovery, `:load`, a
//! Ctrl-C that interrupts a long `count`, and Ctrl-D to leave.

use std::thread::sleep;
use std::time::Duration;

use crate::support::crypta;
use crate::support::pty::Pty;

#[test]
fn a_session_through_a_terminal() {
    let home = std::env::temp_dir().join(format!("crypta-repl-test-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&home);
    let mut command = crypta();
    command
        .arg("repl")
        .env("HOME", &home)
        .env_remove("XDG_STATE_HOME")
        .env("TERM", "xterm");
    let mut p = Pty::spawn(command).expect("start the REPL in a terminal");
    p.expect("crypta> ");

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

    // An error points into the line typed, and the session goes on.
    p.send_line("SEND + MORE =");
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
        "count ABCDEFGHIJKLMNOP + QRSTUVWXYZabcdef = ghijklmnopqrstuv with base 62, repeats, leading zeros",
    );
    sleep(Duration::from_millis(700));
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
    let _ = std::fs::remove_dir_all(&home);
}
