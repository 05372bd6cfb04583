//! The fuzz regression suite: every file under `tests/fuzz/<target>/` goes
//! through the body of that fuzz target (the same code, included from
//! `fuzz/src/lib.rs`), node budget and answer checks included. The files
//! are crash reproducers and a minimised corpus; see README.md.

#[path = "../fuzz/src/lib.rs"]
mod harness;

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// Runs every file of `tests/fuzz/<target>/` and reports all that panic,
/// not only the first.
fn run_dir(target: &str, body: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz")
        .join(target);
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {}", dir.display(), e))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "{} is empty", dir.display());
    let failures: Vec<String> = paths
        .iter()
        .filter(|path| {
            let data = fs::read(path).expect("readable");
            catch_unwind(AssertUnwindSafe(|| body(&data))).is_err()
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} inputs panicked:\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n")
    );
}

#[test]
fn front_end() {
    run_dir("front_end", harness::front_end);
}

#[test]
fn solve() {
    run_dir("solve", harness::solve);
}

#[test]
fn judge() {
    run_dir("judge", harness::judge);
}
