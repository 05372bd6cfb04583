//! The limits given as keyword arguments, and how a statement runs under
//! them: first on the calling thread under a small budget (most calls
//! end there, with no thread started or woken), then, if that budget
//! and not the caller's limits stopped it, again on a search thread
//! while the calling thread watches for Ctrl-C (`wait`). A busy machine
//! makes every hand-over between threads wait for a time slice; a search
//! of a few milliseconds pays none.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crypta_core::{Answer, Error, Fixes, Limit, Options, Statement, Uniqueness};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::wait;

/// The budget of the first run on the calling thread, unwatched: Ctrl-C
/// waits at most this long before it is looked at, as long as the
/// waiting thread waits between two looks ([`wait::TICK`]). A search cut
/// by it runs again from the start: at 5 ms, searches of 5 to 20 ms (the
/// Enigma 220 of benches/enigma) ran twice.
const PROBE_NODES: u64 = 100_000;
const PROBE_TIME: Duration = Duration::from_millis(20);

/// `timeout=`, `max_nodes=` and `jobs=`.
#[derive(Clone, Debug)]
pub struct Limits {
    timeout: Option<Duration>,
    max_nodes: Option<u64>,
    jobs: Option<usize>,
}

impl Limits {
    /// The limits given; a timeout is seconds, 0 or more.
    pub fn new(
        timeout: Option<f64>,
        max_nodes: Option<u64>,
        jobs: Option<usize>,
    ) -> PyResult<Self> {
        let timeout = match timeout {
            None => None,
            Some(s) if s.is_nan() || s < 0.0 => {
                return Err(PyValueError::new_err(format!(
                    "timeout is a number of seconds, 0 or more, not {s}"
                )))
            }
            Some(s) => Some(Duration::from_secs_f64(
                s.min(crypta_core::limits::MAX_TIMEOUT_SECS),
            )),
        };
        Ok(Limits {
            timeout,
            max_nodes,
            jobs,
        })
    }

    /// The time limit given.
    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// The core's options for these limits, stopped by `flag`.
    pub fn options(&self, flag: &Arc<AtomicBool>) -> Options {
        self.with(self.timeout, self.max_nodes)
            .interrupt(Arc::clone(flag))
    }

    fn with(&self, timeout: Option<Duration>, max_nodes: Option<u64>) -> Options {
        let mut options = Options::new();
        if let Some(t) = timeout {
            options = options.timeout(t);
        }
        if let Some(n) = max_nodes {
            options = options.max_nodes(n);
        }
        if let Some(j) = self.jobs {
            options = options.jobs(j);
        }
        options
    }

    /// The options of the first, unwatched run: the caller's limits, or
    /// the small budget where that is less.
    fn probe(&self) -> Options {
        let timeout = self.timeout.map_or(PROBE_TIME, |t| t.min(PROBE_TIME));
        let nodes = self.max_nodes.map_or(PROBE_NODES, |n| n.min(PROBE_NODES));
        self.with(Some(timeout), Some(nodes))
    }

    /// Whether `limit` stopping the first run was its small budget rather
    /// than the caller's limit.
    fn budget_stopped(&self, limit: Limit) -> bool {
        match limit {
            Limit::Nodes => self.max_nodes.is_none_or(|n| n > PROBE_NODES),
            Limit::Time => self.timeout.is_none_or(|t| t > PROBE_TIME),
            Limit::Interrupt | Limit::Output => false,
        }
    }

    /// Whether the first run's `answer` is the answer, or was cut short by
    /// the small budget (its search, or the search for givens after it).
    fn is_final(&self, answer: &Answer) -> bool {
        let cut = match (answer.stopped_by(), answer.uniqueness()) {
            (Some(limit), _) => Some(limit),
            (None, Some(Uniqueness::NotUnique(Fixes::Cut(limit)))) => Some(*limit),
            _ => None,
        };
        cut.is_none_or(|limit| !self.budget_stopped(limit))
    }
}

/// Runs `statement` under `limits`: on the calling thread within the
/// small budget, else on a search thread, watched for Ctrl-C, which sets
/// `flag` and comes back beside the answer so far.
pub fn run(
    py: Python<'_>,
    statement: &Statement,
    limits: &Limits,
    flag: &Arc<AtomicBool>,
) -> PyResult<(Result<Answer, Error>, Option<PyErr>)> {
    let probe = limits.probe();
    let first = py.detach(|| statement.run(&probe));
    match &first {
        Ok(answer) if !limits.is_final(answer) => {}
        _ => return Ok((first, None)),
    }
    let options = limits.options(flag);
    wait::wait(py, flag, || statement.run(&options))
}
