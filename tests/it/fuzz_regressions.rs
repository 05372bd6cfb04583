//! The fuzz regression suite: every file under `tests/fuzz/<target>/` goes
//! through the body of that fuzz target (the same code, included from
//! `fuzz/src/lib.rs`), node budget and answer checks included. The files
//! are crash reproducers and a minimised corpus; see README.md.

#[path = "../../fuzz/src/lib.rs"]
pub(crate) mod harness;

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// Every file of the given directories of `tests/fuzz/`, sorted.
fn inputs(dirs: &[&str]) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for dir in dirs {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fuzz")
            .join(dir);
        let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {}", dir.display(), e));
        paths.extend(entries.map(|entry| entry.expect("a directory entry").path()));
    }
    paths.sort();
    assert!(!paths.is_empty(), "no inputs in {:?}", dirs);
    paths
}

/// Runs every input through `body` and reports all that panic, not only
/// the first.
fn run_all(paths: &[PathBuf], body: fn(&[u8])) {
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

// Scripts go through both script targets: `fuzz/minimise.sh` keeps in
// `front_end/` only what `solve/` does not already cover.

#[test]
fn front_end() {
    run_all(&inputs(&["front_end", "solve"]), harness::front_end);
}

#[test]
fn solve() {
    run_all(&inputs(&["solve", "front_end"]), harness::solve);
}

#[test]
fn judge() {
    run_all(&inputs(&["judge"]), harness::judge);
}
