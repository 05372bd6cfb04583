//! Golden tests: every script in `examples/` and `tests/cases/` runs through
//! the built binary in text and JSON form, and every contest input in
//! `tests/judge/PROBLEM/` through `crypta judge PROBLEM`; the output is
//! compared with the expected file beside it.
//!
//! Expected files hold standard output, then `--- stderr` and standard
//! error if any, then `--- exit N`. Set `CRYPTA_BLESS=1` to rewrite them
//! after a deliberate change, and review the diff.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn crypta() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_crypta"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command.env("NO_COLOR", "1");
    command
}

fn transcript(output: std::process::Output) -> String {
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    if !output.stderr.is_empty() {
        text.push_str("--- stderr\n");
        text.push_str(&String::from_utf8_lossy(&output.stderr));
    }
    text.push_str(&format!(
        "--- exit {}\n",
        output.status.code().unwrap_or(-1)
    ));
    text
}

fn files(dir: &str, extension: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut found: Vec<PathBuf> = fs::read_dir(&root)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == extension))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// Compares `actual` with the file at `expected`, or writes it when
/// blessing. Returns a description of the mismatch.
fn compare(expected: &Path, actual: &str) -> Option<String> {
    if std::env::var_os("CRYPTA_BLESS").is_some() {
        fs::write(expected, actual).expect("write expected file");
        return None;
    }
    match fs::read_to_string(expected) {
        Ok(want) if want == actual => None,
        Ok(want) => Some(format!(
            "{} differs\n--- expected\n{}\n--- actual\n{}",
            expected.display(),
            want,
            actual
        )),
        Err(_) => Some(format!(
            "{} is missing (run with CRYPTA_BLESS=1)\n--- actual\n{}",
            expected.display(),
            actual
        )),
    }
}

fn relative(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn scripts_match_their_expected_output() {
    let mut scripts = files("examples", "crypta");
    scripts.extend(files("tests/cases", "crypta"));
    assert!(
        scripts.len() >= 10,
        "too few golden scripts: {}",
        scripts.len()
    );
    let mut failures = Vec::new();
    for script in &scripts {
        let name = relative(script);
        for (format, extension) in [("text", "out"), ("json", "json")] {
            let output = crypta()
                .args(["--format", format, "run", &name])
                .output()
                .expect("run crypta");
            if let Some(failure) = compare(&script.with_extension(extension), &transcript(output)) {
                failures.push(failure);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn judges_match_their_expected_output() {
    let mut failures = Vec::new();
    let mut ran = 0;
    for problem in ["icpc2009c", "p1092", "kakuro2"] {
        for input in files(&format!("tests/judge/{}", problem), "in") {
            let mut child = crypta()
                .args(["judge", problem])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("start crypta");
            let text = fs::read(&input).expect("read input");
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(&text)
                .expect("write input");
            let output = child.wait_with_output().expect("wait for crypta");
            ran += 1;
            if let Some(failure) = compare(&input.with_extension("out"), &transcript(output)) {
                failures.push(failure);
            }
        }
    }
    assert!(ran >= 3, "too few judge inputs: {}", ran);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
