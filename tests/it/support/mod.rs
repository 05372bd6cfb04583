//! What the integration tests share: running the built binary, reading
//! files of the repository, comparing output with an expected file (with a
//! diff, and `CRYPTA_BLESS=1` to rewrite it), scratch directories, a
//! pseudo-terminal, SVG pictures parsed and rendered, guards against
//! hangs, and the fixed seed of the property tests.

#![allow(dead_code)]

pub mod ends;
pub mod lsp;
pub mod picture;
pub mod pty;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A directory of one test's own for its files, in the temp directory:
/// removed when dropped, so that a run leaves nothing behind (the limits'
/// scripts alone were 7 MB a run), and kept when the test fails, for a
/// look at what it wrote. Unique in the run: two tests never share one.
pub struct Scratch(PathBuf);

impl Scratch {
    /// A new empty directory, `crypta-TAG-PID-N`.
    pub fn new(tag: &str) -> Scratch {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("crypta-{}-{}-{}", tag, std::process::id(), n));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch directory");
        Scratch(dir)
    }

    /// A file of the directory holding `contents`.
    pub fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        fs::write(&path, contents).expect("write a scratch file");
        path
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("kept for a look: {}", self.0.display());
        } else {
            let _ = fs::remove_dir_all(&self.0);
        }
    }
}

/// The options after `with` of a generated letter puzzle: its base, then
/// `repeats` and `leading zeros` when asked for.
pub fn options(base: u32, repeats: bool, leading_zeros: bool) -> Vec<String> {
    let mut options = vec![format!("base {}", base)];
    if repeats {
        options.push("repeats".into());
    }
    if leading_zeros {
        options.push("leading zeros".into());
    }
    options
}

/// The letter puzzle a script's first statement asks about; the script
/// must check without a diagnostic.
pub fn letters_of(script: &str) -> crypta_substrate::ir::Letters {
    let (_, diagnostics) = crypta_engine::program::check_script(script);
    assert!(diagnostics.is_empty(), "{}: {:?}", script, diagnostics);
    try_letters_of(script).unwrap_or_else(|| panic!("not a letters puzzle: {}", script))
}

/// The letter puzzle a script's first statement asks about, or `None`
/// when the script does not check or asks about another kind (a random
/// case a generator made).
pub fn try_letters_of(script: &str) -> Option<crypta_substrate::ir::Letters> {
    let (statements, diagnostics) = crypta_engine::program::check_script(script);
    if !diagnostics.is_empty() {
        return None;
    }
    asked(&statements.first()?.action)
}

/// The IR of the puzzle a statement asks about, when it is of the kind
/// whose IR is `T` (a `let` binds, and asks nothing).
pub fn asked<T: crypta_engine::kinds::Kind + Clone>(
    action: &crypta_engine::program::Action,
) -> Option<T> {
    match action {
        crypta_engine::program::Action::Ask { puzzle, .. } => puzzle.downcast_ref::<T>().cloned(),
        crypta_engine::program::Action::Bind { .. } => None,
    }
}

/// The kind of the first error of a one-statement script.
pub fn first_error(script: &str) -> crypta_core::ErrorKind {
    let (_, diagnostics) = crypta_engine::program::check_script(script);
    diagnostics
        .first()
        .map(|d| d.kind)
        .unwrap_or_else(|| panic!("{}: no error", script))
}

/// What `grade` rates a generated statement (`QUERY PUZZLE`).
pub fn grade_of(statement: &str) -> crypta_core::Difficulty {
    let (_, puzzle) = statement.split_once(' ').expect("a query and a puzzle");
    let script = crypta_core::Script::parse(&format!("grade {puzzle}"));
    let answer = script.statements()[0]
        .run(&crypta_core::Options::new())
        .expect("runs");
    answer
        .grading()
        .and_then(|g| g.rating())
        .map(|r| r.difficulty())
        .expect("a rating")
}

/// The path of a file of the repository.
pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// A file of the repository, as text.
pub fn read(path: &str) -> String {
    fs::read_to_string(repo(path)).unwrap_or_else(|e| panic!("{}: {}", path, e))
}

/// The files of a directory of the repository with an extension, sorted,
/// as paths relative to the repository.
pub fn files(dir: &str, extension: &str) -> Vec<String> {
    let mut found: Vec<String> = fs::read_dir(repo(dir))
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == extension))
                .filter_map(|p| {
                    p.file_name()
                        .map(|n| format!("{}/{}", dir, n.to_string_lossy()))
                })
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// The built `crypta`, run in the repository without colour.
pub fn crypta() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_crypta"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command.env("NO_COLOR", "1");
    command
}

/// Runs `crypta ARGS` with `input` on standard input.
pub fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = crypta()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start crypta");
    if let Some(mut stdin) = child.stdin.take() {
        // A command that stops reading early closes the pipe: not an error.
        let _ = stdin.write_all(input);
    }
    ends::output(child)
}

/// Standard output, then `--- stderr` and standard error if any, then
/// `--- exit N`: the form of the expected files.
pub fn transcript(output: &Output) -> String {
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

/// A unified diff of two texts, line by line.
pub fn diff(expected: &str, actual: &str) -> String {
    similar::TextDiff::from_lines(expected, actual)
        .unified_diff()
        .context_radius(3)
        .header("expected", "actual")
        .to_string()
}

/// Compares `actual` with the expected file at `path` (relative to the
/// repository), or writes it when `CRYPTA_BLESS` is set; panics with a
/// diff on a mismatch.
pub fn assert_matches_file(path: &str, actual: &str) {
    let file = repo(path);
    if std::env::var_os("CRYPTA_BLESS").is_some() {
        fs::write(&file, actual).expect("write the expected file");
        return;
    }
    match fs::read_to_string(&file) {
        Ok(expected) if expected == actual => {}
        Ok(expected) => panic!(
            "{} differs (CRYPTA_BLESS=1 rewrites it after a deliberate change):\n{}",
            path,
            diff(&expected, actual)
        ),
        Err(_) => panic!(
            "{} is missing (CRYPTA_BLESS=1 writes it); the output is:\n{}",
            path, actual
        ),
    }
}

/// The seed of every property test when `CRYPTA_TEST_SEED` does not give
/// another: the same cases on every machine and every run, so a test that
/// counts how often something happens counts the same.
pub const DEFAULT_SEED: u64 = 0x6372_7970_7461; // "crypta"

/// `CRYPTA_TEST_SEED=N` draws the property tests' cases from seed `N`
/// instead of [`DEFAULT_SEED`] (a failure prints the inputs; the
/// `.proptest-regressions` files keep them).
pub fn seed() -> u64 {
    std::env::var("CRYPTA_TEST_SEED")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(DEFAULT_SEED)
}

/// `CRYPTA_TEST_SCALE=N` (or the older `CRYPTA_CROSSCHECK_SCALE`) runs N
/// times as many property cases as plain `cargo test`, and expects N times
/// as many compared, for a deeper run (CI's, or by hand).
pub fn scale() -> u32 {
    ["CRYPTA_TEST_SCALE", "CRYPTA_CROSSCHECK_SCALE"]
        .iter()
        .find_map(|name| std::env::var(name).ok()?.trim().parse().ok())
        .unwrap_or(1u32)
        .max(1)
}

/// The case counts (and the counts expected of them) written in the
/// property tests are those of a full run, CI's `CRYPTA_TEST_SCALE=6`;
/// plain `cargo test` runs a sixth of them, to keep a cold run short (at a
/// third, running the tests was over 40% of a cold run's processor time,
/// most of it in the cross-checks).
pub const FULL_SCALE: u32 = 6;

/// Whether this run has at least a full run's cases (CI's), for the few
/// checks of events too rare to be seen in a plain run's share.
pub fn is_full_run() -> bool {
    scale() >= FULL_SCALE
}

/// `full`, a count written for a full run, at this run's [`scale`]
/// (rounded up).
pub fn scaled(full: u64) -> u64 {
    (full * u64::from(scale())).div_ceil(u64::from(FULL_SCALE))
}

/// The configuration of a property test of `full` cases in a full run
/// ([`scaled`]), drawn from [`seed`].
pub fn proptest_config(full: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases: u32::try_from(scaled(u64::from(full)))
            .unwrap_or(u32::MAX)
            .max(1),
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed()),
        ..proptest::test_runner::Config::default()
    }
}
