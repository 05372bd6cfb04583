//! The fuzz run of CI, on stable Rust (`fuzz/ci.sh`; cargo-fuzz needs
//! nightly): the bodies of the fuzz targets (`fuzz/src/lib.rs`) fed with
//! the regression corpus (`tests/fuzz/`), the examples and golden scripts,
//! each mutated by a fixed-seed generator, and with the generator's
//! hostile shapes (`fuzz/src/shapes.rs`: long flat chains, deep nesting,
//! mixed operators, long lists, up to the size limits). Every input runs
//! on a thread with a 512 KiB stack, the smallest a front end gives the
//! core. Ignored by `cargo test`; `fuzz/ci.sh` runs it for a bounded time
//! (`CRYPTA_FUZZ_SECONDS`), or `CRYPTA_FUZZ_RUNS` inputs, from
//! `CRYPTA_FUZZ_SEED`. An input that panics is saved as
//! `target/fuzz-run/crash-N`, one that runs past the tests' ceiling as
//! `hang-N`; one that aborts the process (a stack
//! overflow) is left in `target/fuzz-run/current`. To keep a find: fix
//! it, then copy it into `tests/fuzz/<target>/` (see README.md).

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::depth::SMALL_STACK;
use crate::fuzz_regressions::harness::{self, shapes};
use crate::support::ends::CEILING;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// The files of `dirs` (relative to the repository), sorted.
fn files(dirs: &[&str], extension: Option<&str>) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<PathBuf> = dirs
        .iter()
        .flat_map(|dir| fs::read_dir(root.join(dir)).expect("a corpus directory"))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| extension.is_none_or(|e| p.extension().is_some_and(|x| x == e)))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| fs::read(p).expect("readable"))
        .collect()
}

/// The quoted words of `fuzz/crypta.dict` (libFuzzer's format).
fn dictionary() -> Vec<Vec<u8>> {
    let text = crate::support::read("fuzz/crypta.dict");
    text.lines()
        .filter_map(|line| {
            let start = line.find('"')? + 1;
            let end = line.rfind('"')?;
            (end > start).then(|| line[start..end].replace("\\\\", "\\").into_bytes())
        })
        .collect()
}

#[test]
#[ignore = "the fuzz run of CI: fuzz/ci.sh"]
fn fuzz_run() {
    let seconds = setting("CRYPTA_FUZZ_SECONDS", 60);
    let runs = setting("CRYPTA_FUZZ_RUNS", u64::MAX);
    let mut rng = shapes::Rng::new(setting("CRYPTA_FUZZ_SEED", 42));
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-run");
    fs::create_dir_all(&out).expect("target/fuzz-run");
    let mut scripts = files(&["tests/fuzz/front_end", "tests/fuzz/solve"], None);
    scripts.extend(files(&["examples", "tests/cases"], Some("crypta")));
    let judged = files(&["tests/fuzz/judge"], None);
    let words = dictionary();

    let end = Instant::now() + Duration::from_secs(seconds);
    let (mut tried, mut hostile, mut crashes) = (0u64, 0u64, Vec::new());
    while tried < runs && Instant::now() < end {
        let judge = rng.below(8) == 0;
        let (input, body): (Vec<u8>, fn(&[u8])) = if judge {
            let seed = rng.pick(&judged);
            let other = rng.pick(&judged);
            (
                shapes::mutate(&mut rng, seed, other, &words),
                harness::judge,
            )
        } else if rng.below(3) == 0 {
            hostile += 1;
            (shapes::hostile(&mut rng).into_bytes(), both)
        } else {
            let seed = rng.pick(&scripts);
            let other = rng.pick(&scripts);
            (shapes::mutate(&mut rng, seed, other, &words), both)
        };
        // Written first: an abort (a stack overflow) leaves it behind.
        let current = out.join("current");
        fs::write(&current, &input).expect("write the current input");
        if let Some(what) = failure(input.clone(), body) {
            let saved = out.join(format!("{}-{}", what, tried));
            fs::write(&saved, &input).expect("save a crash");
            crashes.push(saved.display().to_string());
            if what == "hang" {
                // Its thread goes on: stop here.
                break;
            }
        }
        tried += 1;
    }
    let _ = fs::remove_file(out.join("current"));
    eprintln!(
        "fuzz run: {} inputs ({} generated shapes, the rest mutated), {} crashes",
        tried,
        hostile,
        crashes.len()
    );
    assert!(
        crashes.is_empty(),
        "inputs that panicked:\n{}",
        crashes.join("\n")
    );
}

/// Runs `body` on `input` on a small stack: `crash` if it panicked,
/// `hang` if it did not end within the tests' ceiling.
fn failure(input: Vec<u8>, body: fn(&[u8])) -> Option<&'static str> {
    let (send, receive) = channel();
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(move || {
            body(&input);
            let _ = send.send(());
        })
        .expect("a thread");
    match receive.recv_timeout(CEILING) {
        Ok(()) => None,
        Err(RecvTimeoutError::Disconnected) => Some("crash"),
        Err(RecvTimeoutError::Timeout) => Some("hang"),
    }
}

/// A script through both script targets, as the regression suite runs it.
fn both(data: &[u8]) {
    harness::front_end(data);
    harness::solve(data);
}
