//! The limits a long arithmetic step polls. A search looks at its limits
//! between nodes ([`crate::solve::Budget`]), but one node can hold a step
//! that takes minutes on its own: the primality of a number of thousands
//! of digits, a power of a long word. Such steps cannot take the budget as
//! an argument (conditions are evaluated by verifiers and strategies of
//! every kind, deep under the search), so each budget installs its limits
//! here, for the thread it searches on, while it lives; a long step asks
//! [`stopped`] every so often and gives up when it says so.
//!
//! A step that gave up has no answer: it *trips* the watch, and the
//! budget then reports its search as interrupted whatever the search
//! itself concluded ([`crate::solve::Budget::settle`]), and a verifier's
//! rejection is not taken for a strategy's bug ([`tripped`]). Only the
//! innermost watch of a thread is polled: it is the search that evaluates
//! the step (a rayon thread waiting for a pool may run another search's
//! part in between, whose limits are its own).

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::limits::clock::Instant;

/// One search's limits, as its thread sees them.
struct Watch {
    deadline: Option<Instant>,
    flags: Vec<Arc<AtomicBool>>,
    /// A step gave up under this watch.
    tripped: bool,
}

thread_local! {
    /// The watches of the searches running on this thread, innermost last.
    static WATCHES: RefCell<Vec<Watch>> = const { RefCell::new(Vec::new()) };
}

/// Keeps a search's limits installed on its thread while it lives
/// (created by [`crate::solve::Budget::new`]).
#[derive(Debug)]
pub struct Guard {
    /// The watch's place on the thread's stack.
    depth: usize,
}

impl Guard {
    /// Installs a watch of `deadline` and the `flags` that stop a search
    /// when raised (an interrupt, a cancelled part).
    pub fn install(
        deadline: Option<Instant>,
        flags: impl IntoIterator<Item = Arc<AtomicBool>>,
    ) -> Guard {
        let watch = Watch {
            deadline,
            flags: flags.into_iter().collect(),
            tripped: false,
        };
        WATCHES.with(|w| {
            let mut watches = w.borrow_mut();
            watches.push(watch);
            Guard {
                depth: watches.len() - 1,
            }
        })
    }

    /// Whether a step gave up under this watch.
    pub fn tripped(&self) -> bool {
        WATCHES.with(|w| w.borrow().get(self.depth).is_some_and(|w| w.tripped))
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        WATCHES.with(|w| w.borrow_mut().truncate(self.depth));
    }
}

/// Whether the innermost search on this thread must stop: its time is up
/// or a flag is raised. False with no search running. Trips the watch
/// when true.
pub fn stopped() -> bool {
    WATCHES.with(|w| {
        let mut watches = w.borrow_mut();
        let Some(watch) = watches.last_mut() else {
            return false;
        };
        let late = watch.deadline.is_some_and(|d| Instant::now() >= d);
        let stop = late || watch.flags.iter().any(|f| f.load(Ordering::Relaxed));
        watch.tripped |= stop;
        stop
    })
}

/// Whether a step gave up under the innermost search on this thread: a
/// condition it evaluated as false may not be false.
pub fn tripped() -> bool {
    WATCHES.with(|w| w.borrow().last().is_some_and(|w| w.tripped))
}

/// Polls [`stopped`] every so much work, so that a step of many small
/// operations pays for few looks at the clock.
#[derive(Debug, Default)]
pub struct Ticker {
    work: u64,
}

impl Ticker {
    /// Work between two looks, in squared machine words (an operation on
    /// numbers of `n` words costs about `n * n`): about a tenth of a
    /// millisecond.
    const PERIOD: u64 = 1 << 18;

    /// Counts an operation on numbers of `words` machine words; true when
    /// the step must give up.
    pub fn tick(&mut self, words: u64) -> bool {
        self.work = self.work.saturating_add(words.saturating_mul(words).max(1));
        if self.work < Self::PERIOD {
            return false;
        }
        self.work = 0;
        stopped()
    }
}
