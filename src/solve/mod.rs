//! The strategies. Each is a [`Strategy`]: a search that hands every
//! assignment it finds to a callback and stops when the callback, the time
//! limit or an interrupt says so. Strategies enforce domains, distinctness
//! and the equations; [`verify`] re-checks every reported assignment from
//! scratch and is where word properties are decided. [`oracle`] is the
//! brute-force search the clever ones are tested against.

pub mod bijective;
pub mod column;
pub mod division;
pub mod kakuro;
pub mod layout_verify;
pub mod linear;
pub mod modular;
pub mod multiplication;
pub mod oracle;
pub mod skeleton;
pub mod verify;
pub mod weighted;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// What the callback tells the search after each solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The whole search space was explored.
    Exhausted,
    /// The callback asked to stop (enough solutions).
    Stopped,
    /// The time limit or an interrupt stopped it: results are partial.
    Interrupted,
}

/// Limits that stop a search early.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub deadline: Option<Instant>,
    /// Set from outside (Ctrl-C in the REPL) to stop the search.
    pub interrupt: Option<Arc<AtomicBool>>,
}

/// Counts search nodes and looks at the clock every few thousand of them,
/// so checking the limits costs nothing measurable.
pub struct Budget<'a> {
    limits: &'a Limits,
    nodes: u64,
    exceeded: bool,
}

impl<'a> Budget<'a> {
    const CHECK_EVERY: u64 = 4096;

    pub fn new(limits: &'a Limits) -> Self {
        Budget {
            limits,
            nodes: 0,
            exceeded: false,
        }
    }

    /// Counts one node; true when the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(Self::CHECK_EVERY) {
            self.exceeded = self.limits.deadline.is_some_and(|d| Instant::now() >= d)
                || self
                    .limits
                    .interrupt
                    .as_ref()
                    .is_some_and(|flag| flag.load(Ordering::Relaxed));
        }
        self.exceeded
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// A search strategy for one puzzle, built by the planner.
pub trait Strategy {
    /// The name `explain` and the JSON output show.
    fn name(&self) -> &'static str;

    /// Runs the search, calling `emit` with one digit per variable for each
    /// assignment found.
    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome;

    /// How the strategy searches, a few lines for `explain`.
    fn approach(&self) -> String {
        String::new()
    }

    /// The variables in the order the search decides them, when that order
    /// is fixed in advance (for `explain`).
    fn order(&self) -> Vec<usize> {
        Vec::new()
    }
}

/// Digit candidates of a variable: its domain less the digits taken when it
/// takes part in all-different.
#[inline]
pub(crate) fn candidates(domain: u64, distinct: bool, used: u64) -> u64 {
    if distinct {
        domain & !used
    } else {
        domain
    }
}
