//! Output that cannot be written: every subcommand writing to /dev/full
//! (standard output, or standard error for what goes there) says "cannot
//! write" where it still can and ends with exit status 2, never a panic
//! (exit status 101, "failed printing to stdout"); and `crypta fmt`,
//! stopped by a file size limit, leaves the script it was rewriting whole.

#![cfg(unix)]

use std::fs::OpenOptions;
use std::process::{Output, Stdio};

use crate::support::{crypta, ends, Scratch};

/// Which stream goes to /dev/full.
#[derive(Clone, Copy, Debug)]
enum Full {
    Out,
    Err,
}

/// Runs `crypta ARGS` with `input` on standard input and `full` sent to
/// /dev/full (`None` where this system has none).
fn into_full(args: &[&str], input: &[u8], full: Full) -> Option<Output> {
    let device = OpenOptions::new().write(true).open("/dev/full").ok()?;
    let mut command = crypta();
    command.args(args).stdin(Stdio::piped());
    match full {
        Full::Out => command.stdout(device).stderr(Stdio::piped()),
        Full::Err => command.stdout(Stdio::piped()).stderr(device),
    };
    let mut child = command.spawn().expect("start crypta");
    if let Some(mut stdin) = child.stdin.take() {
        use std::io::Write;
        let _ = stdin.write_all(input);
    }
    Some(ends::output(child))
}

/// Each case fails with exit status 2; with standard output full, standard
/// error says it could not write.
fn fails_cleanly(args: &[&str], input: &[u8], full: Full) {
    let Some(output) = into_full(args, input, full) else {
        return;
    };
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(!err.contains("panicked"), "{:?}: {}", args, err);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{:?} {:?}: {}",
        args,
        full,
        err
    );
    if let Full::Out = full {
        assert!(err.contains("cannot write"), "{:?}: {}", args, err);
    }
}

#[test]
fn every_subcommand_says_it_cannot_write_its_output() {
    let dir = Scratch::new("writes");
    let script = dir.file("ok.crypta", "count SEND + MORE = MONEY\n");
    let script = script.to_str().expect("a UTF-8 path");
    let cases: &[(&[&str], &[u8])] = &[
        (&["fmt", "-"], b"count   A + B = C\n"),
        (&["generate", "kakuro", "--size", "5", "--seed", "1"], b""),
        (&["generate", "letters", "--seed", "1"], b""),
        (
            &["--format", "json", "generate", "kakuro", "--size", "5"],
            b"",
        ),
        (&["import", "https://puzz.link/p?kakuro/2/2/n4334"], b""),
        (&["completions", "bash"], b""),
        (&["man"], b""),
        (&["check", script], b""),
        (&["--format", "json", "check", script], b""),
        (&["run", script], b""),
        (&["eval", "count A + B = C"], b""),
        (&["judge", "icpc2009c"], b"3\nSEND\nMORE\nMONEY\n0\n"),
        (
            &[
                "--format",
                "puzzlink",
                "eval",
                "unique kakuro { # 4\\ 3\\ ; \\3 . . ; \\4 . . }",
            ],
            b"",
        ),
        (&["repl"], b"count A + B = C\n"),
        (&["--help"], b""),
        (&["--version"], b""),
        (&[], b"count A + B = C\n"),
    ];
    for (args, input) in cases {
        fails_cleanly(args, input, Full::Out);
    }
}

#[test]
fn diagnostics_that_cannot_be_written_are_a_failure_too() {
    let dir = Scratch::new("writes-err");
    let bad = dir.file("bad.crypta", "count A +\n");
    let bad = bad.to_str().expect("a UTF-8 path");
    let cases: &[(&[&str], &[u8])] = &[
        (&["eval", "count A +"], b""),
        (&["run", bad], b""),
        (&["check", bad], b""),
        (&["fmt", "-"], b"count A +\n"),
        (&["import", "https://puzz.link/p?kakuro/2/2/n4"], b""),
        (&["generate", "letters", "--words", "no/such/file"], b""),
        (&["repl"], b":frobnicate\n"),
        (&["run", "no/such/file.crypta"], b""),
        (&["frobnicate"], b""),
    ];
    for (args, input) in cases {
        fails_cleanly(args, input, Full::Err);
    }
}

/// A sheet's warnings go to standard error: a puzzle with several
/// solutions, written to a full standard error, fails the run.
#[test]
fn a_sheet_whose_warnings_cannot_be_written_fails() {
    let dir = Scratch::new("writes-sheet");
    let script = dir.file("several.crypta", "solve A + B = C\n");
    let pdf = dir.join("sheet.pdf");
    fails_cleanly(
        &[
            "sheet",
            script.to_str().expect("UTF-8"),
            "--out",
            pdf.to_str().expect("UTF-8"),
        ],
        b"",
        Full::Err,
    );
}

/// `ulimit -f 1` stops a write past 1,024 bytes: the script being
/// formatted is left as it was (it used to be cut at 1,024 bytes), and
/// the exit status says the run failed, whether SIGXFSZ kills crypta or
/// the write fails.
#[test]
fn fmt_stopped_by_a_file_size_limit_leaves_the_script_whole() {
    let dir = Scratch::new("fmt-ulimit");
    // Badly spaced: formatting rewrites it, and it is over 1,024 bytes.
    let text: String = (0..60)
        .map(|k| format!("count   A{}   +  B = C\n", "A".repeat(k % 5)))
        .collect();
    assert!(text.len() > 1024);
    let path = dir.file("long.crypta", &text);
    let path = path.to_str().expect("UTF-8");
    for trap in ["", "trap '' XFSZ; "] {
        let child = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("{}ulimit -f 1; exec \"$0\" fmt \"$1\"", trap))
            .arg(env!("CARGO_BIN_EXE_crypta"))
            .arg(path)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start sh");
        let output = ends::output(child);
        assert!(!output.status.success(), "{:?}", output);
        assert_eq!(std::fs::read_to_string(path).expect("read"), text);
        // Nothing is left beside it.
        let left: Vec<_> = std::fs::read_dir(&*dir)
            .expect("list")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left.len(), 1, "{:?}", left);
    }
    // Without the limit it is formatted, and keeps its permissions.
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let output = crate::support::run(&["fmt", path], b"");
    assert!(output.status.success(), "{:?}", output);
    let formatted = std::fs::read_to_string(path).expect("read");
    assert!(formatted.starts_with("count A + B = C\n"), "{}", formatted);
    let mode = std::fs::metadata(path).expect("stat").permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
}
