//! The REPL end to end, through a pseudo-terminal: a solve, a multi-line
//! block with its continuation prompt, an error and recovery, `:load`, a
//! Ctrl-C that interrupts a long `count`, and Ctrl-D to leave.

use std::process::Command;
use std::thread::sleep;
use std::time::Duration;

use rexpect::session::spawn_command;

#[test]
fn a_session_through_a_terminal() -> Result<(), rexpect::error::Error> {
    let home = std::env::temp_dir().join(format!("crypta-repl-test-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&home);
    let mut command = Command::new(env!("CARGO_BIN_EXE_crypta"));
    command
        .arg("repl")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("HOME", &home)
        .env_remove("XDG_STATE_HOME")
        .env("NO_COLOR", "1");
    let mut p = spawn_command(command, Some(30_000))?;
    p.exp_string("crypta> ")?;

    p.send_line("SEND + MORE = MONEY")?;
    p.exp_string("9567 + 1085 = 10652")?;
    p.exp_string("crypta> ")?;

    // A block goes on until its `}`, with a continuation prompt.
    p.send_line("kakuro {")?;
    p.exp_string("...> ")?;
    p.send_line("  #  4\\ 3\\")?;
    p.exp_string("...> ")?;
    p.send_line("  \\3 .  .")?;
    p.exp_string("...> ")?;
    p.send_line("  \\4 .  .")?;
    p.exp_string("...> ")?;
    p.send_line("}")?;
    // rexpect reads bytes as Latin-1, so match the box's ASCII parts only.
    for cell in ["\\3 ", "  1  ", "  2  ", "\\4 ", "  3  ", "  1  "] {
        p.exp_string(cell)?;
    }
    p.exp_string("1 solution")?;
    p.exp_string("crypta> ")?;

    // An error points into the line typed, and the session goes on.
    p.send_line("SEND + MORE =")?;
    p.exp_string("nothing on the right of `=`")?;
    p.exp_string("crypta> ")?;
    p.send_line("let money = SEND + MORE = MONEY")?;
    p.exp_string("crypta> ")?;
    p.send_line("count money with repeats")?;
    p.exp_string("155 solutions")?;

    p.send_line(":load examples/radix.crypta")?;
    p.exp_string("unique: exactly one solution")?;
    p.exp_string("strategy: bijective-radix")?;
    p.exp_string("crypta> ")?;

    // Ctrl-C stops a long count, shows what it found, and the prompt returns.
    p.send_line(
        "count ABCDEFGHIJKLMNOP + QRSTUVWXYZabcdef = ghijklmnopqrstuv with base 62, repeats, leading zeros",
    )?;
    sleep(Duration::from_millis(700));
    p.send_control('c')?;
    p.exp_string("interrupted after")?;
    p.exp_string("crypta> ")?;
    p.send_line("count A + B = C")?;
    p.exp_string("32 solutions")?;
    p.exp_string("crypta> ")?;

    // Ctrl-D leaves.
    p.send_control('d')?;
    p.exp_eof()?;

    // The history was kept for the next session.
    let history =
        std::fs::read_to_string(home.join(".local/state/crypta/history")).unwrap_or_default();
    assert!(history.contains("SEND + MORE = MONEY"), "{}", history);
    let _ = std::fs::remove_dir_all(&home);
    Ok(())
}
