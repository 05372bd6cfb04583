//! [`Options`]: the limits a statement runs under, crypta-core's API
//! (here, so that the judges take them too). A builder over the runner's
//! own options, so that the test-only probe size stays out of the API.

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;
use std::time::Duration;

use super::RunOptions;

/// How a statement runs: a time limit, a node limit, the threads to count
/// on and a flag to stop it from another thread. The default has no
/// limits and uses every core.
// crypta-core re-exports it with an example, which runs as its doctest.
#[derive(Clone, Debug, Default)]
pub struct Options {
    timeout: Option<Duration>,
    max_nodes: Option<u64>,
    jobs: usize,
    interrupt: Option<Arc<AtomicBool>>,
    found: Option<Arc<AtomicU64>>,
}

impl Options {
    /// No limits, every core.
    pub fn new() -> Self {
        Options::default()
    }

    /// Stops each statement after `limit` (at most 10^9 s, a limit the
    /// clock can still add to the time now); the answer then says so
    /// (crypta-core's `Answer::stopped_by` is [`crate::run::Limit::Time`]). Works in a
    /// browser too (wasm32): see [`crypta_substrate::limits::clock`].
    pub fn timeout(mut self, limit: Duration) -> Self {
        // A deadline past the clock's range would overflow `Instant`.
        let longest = Duration::from_secs(crypta_substrate::limits::MAX_TIMEOUT_SECS as u64);
        self.timeout = Some(limit.min(longest));
        self
    }

    /// Stops each statement after `nodes` search nodes: a limit that,
    /// unlike time, gives the same answer on every machine.
    pub fn max_nodes(mut self, nodes: u64) -> Self {
        self.max_nodes = Some(nodes);
        self
    }

    /// Threads for a `count` or `unique` that outgrows one core; 0 (the
    /// default) for every core, and more than the machine runs at once
    /// are that many ([`crypta_substrate::limits::max_threads`]). Answers are the
    /// same for any number.
    pub fn jobs(mut self, threads: usize) -> Self {
        self.jobs = threads;
        self
    }

    /// Stops the running statement when `flag` becomes true (a Ctrl-C
    /// handler, a cancel button); its answer is then incomplete, with
    /// [`crate::run::Limit::Interrupt`].
    pub fn interrupt(mut self, flag: Arc<AtomicBool>) -> Self {
        self.interrupt = Some(flag);
        self
    }

    /// Keeps `counter` up to date with the solutions the running
    /// statement has found so far, for a progress display on another
    /// thread.
    pub fn progress(mut self, counter: Arc<AtomicU64>) -> Self {
        self.found = Some(counter);
        self
    }

    /// The threads a parallel search runs on: [`Options::jobs`], or
    /// every core when that is 0, at most [`crypta_substrate::limits::max_threads`].
    pub fn threads(&self) -> usize {
        self.run_options().threads()
    }

    /// The flag given to [`Options::interrupt`], if one was.
    pub fn interrupt_flag(&self) -> Option<&Arc<AtomicBool>> {
        self.interrupt.as_ref()
    }

    /// The runner's options for these.
    pub fn run_options(&self) -> RunOptions {
        RunOptions {
            timeout: self.timeout,
            max_nodes: self.max_nodes,
            interrupt: self.interrupt.clone(),
            jobs: self.jobs,
            found: self.found.clone(),
            ..RunOptions::default()
        }
    }
}
