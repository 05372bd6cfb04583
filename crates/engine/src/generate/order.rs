//! [`Generator::run`]: the puzzles of a request made on `jobs` threads
//! and handed out in seed order (the same for any number of threads),
//! within a time limit for the whole run and an interrupt flag, checked
//! between two puzzles.
//!
//! Making one puzzle is not a search a limit can stop from inside (a grid
//! made unique runs many), so the workers are threads of their own: when
//! a limit is reached the run returns at once and they end after the
//! puzzle they are making, which nobody waits for.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::error::Bug;
use super::maker::{Generator, Made};
use crate::run::Limit;
use crypta_substrate::limits::clock::Instant;

/// The limits of a [`Generator::run`], as [`crate::run::Options`] gives them
/// to a statement, but for the whole run.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Threads making puzzles; 0 for every core.
    pub jobs: usize,
    /// The time for all the puzzles.
    pub timeout: Option<Duration>,
    /// Stops the run when it becomes true.
    pub interrupt: Option<Arc<AtomicBool>>,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every puzzle was handed out.
    Done,
    /// A limit stopped the run after `made` of the `count` puzzles.
    Stopped {
        /// [`Limit::Time`] or [`Limit::Interrupt`].
        by: Limit,
        /// Puzzles handed out.
        made: u64,
        /// Puzzles asked for.
        count: u64,
    },
}

impl Outcome {
    /// What the command line says when a limit stopped the run.
    pub fn message(&self) -> Option<String> {
        let Outcome::Stopped { by, made, count } = *self else {
            return None;
        };
        Some(format!(
            "{} stopped generate after {} of {} puzzle{}: the rest were not made",
            if by == Limit::Interrupt {
                "an interrupt"
            } else {
                "the time limit"
            },
            made,
            count,
            if count == 1 { "" } else { "s" }
        ))
    }
}

/// How long a wait for a puzzle lasts before the interrupt flag is read
/// again.
const POLL: Duration = Duration::from_millis(50);

impl Generator {
    /// Makes the request's `count` puzzles and hands each to `each` with
    /// its seed, in seed order, on the calling thread. Returns when all
    /// were handed out or, between two puzzles, when `limits` stop it.
    pub fn run(self, limits: &Limits, mut each: impl FnMut(u64, Made)) -> Outcome {
        let count = self.request().count;
        let first = self.request().seed;
        // A deadline past the clock's range would overflow `Instant`.
        let longest = Duration::from_secs(crypta_substrate::limits::MAX_TIMEOUT_SECS as u64);
        let deadline = limits.timeout.map(|t| Instant::now() + t.min(longest));
        let stop = |made: u64| {
            let by = if limits
                .interrupt
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
            {
                Limit::Interrupt
            } else if deadline.is_some_and(|d| Instant::now() >= d) {
                Limit::Time
            } else {
                return None;
            };
            Some(Outcome::Stopped { by, made, count })
        };
        let threads = crypta_substrate::solve::threads_for(limits.jobs).max(1);
        let generator = Arc::new(self);
        let (todo, done, workers) = start(&generator, threads.min(count.max(1) as usize));
        if workers.is_empty() {
            // No threads (a browser): one puzzle after the other here.
            for case in 0..count {
                if let Some(stopped) = stop(case) {
                    return stopped;
                }
                let seed = first.wrapping_add(case);
                each(seed, generator.make(seed));
            }
            return Outcome::Done;
        }
        // A few puzzles ahead of the one handed out next, so that a slow
        // one does not hold the others back, and not all of them.
        let ahead = (threads as u64 * 2).min(count);
        for case in 0..ahead {
            let _ = todo.send(case);
        }
        let mut sent = ahead;
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        while next < count {
            if let Some(stopped) = stop(next) {
                return stopped;
            }
            let mut wait = deadline.map(|d| d.duration_since(Instant::now()));
            if limits.interrupt.is_some() {
                wait = Some(wait.map_or(POLL, |w| w.min(POLL)));
            }
            let got = match wait {
                Some(wait) => done.recv_timeout(wait),
                None => done.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            match got {
                Ok((case, made)) => {
                    waiting.insert(case, made);
                }
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            }
            while let Some(made) = waiting.remove(&next) {
                if let Some(stopped) = stop(next) {
                    return stopped;
                }
                each(first.wrapping_add(next), made);
                next += 1;
                if sent < count {
                    let _ = todo.send(sent);
                    sent += 1;
                }
            }
        }
        drop(todo);
        for worker in workers {
            let _ = worker.join();
        }
        Outcome::Done
    }
}

/// The channels of a run: cases to make, puzzles made.
type Channels = (
    mpsc::Sender<u64>,
    Receiver<(u64, Made)>,
    Vec<std::thread::JoinHandle<()>>,
);

/// Starts up to `threads` workers (none where threads cannot be started).
fn start(generator: &Arc<Generator>, threads: usize) -> Channels {
    let (todo, cases) = mpsc::channel::<u64>();
    let (made, done) = mpsc::channel();
    let cases = Arc::new(Mutex::new(cases));
    let first = generator.request().seed;
    let mut workers = Vec::new();
    // A browser has no threads (std's spawn fails there anyway).
    let threads = if cfg!(target_family = "wasm") {
        0
    } else {
        threads
    };
    for _ in 0..threads {
        let (generator, cases, made) = (generator.clone(), cases.clone(), made.clone());
        let worker = std::thread::Builder::new().spawn(move || loop {
            let case = match cases.lock() {
                Ok(cases) => cases.recv(),
                Err(_) => return,
            };
            let Ok(case) = case else { return };
            let seed = first.wrapping_add(case);
            // A generator bug is reported for its seed, not a run that
            // waits forever for the puzzle of a thread that died.
            let puzzle = catch_unwind(AssertUnwindSafe(|| generator.make(seed)))
                .unwrap_or_else(|_| Err(Bug::Panicked(seed).into()));
            if made.send((case, puzzle)).is_err() {
                return;
            }
        });
        match worker {
            Ok(worker) => workers.push(worker),
            Err(_) => break,
        }
    }
    (todo, done, workers)
}
