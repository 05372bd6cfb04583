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
    /// The time limit, the node limit or an interrupt stopped it: results
    /// are partial.
    Interrupted,
}

/// Limits that stop a search early.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub deadline: Option<Instant>,
    /// Set from outside (Ctrl-C in the REPL) to stop the search.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Search nodes allowed: a limit that does not depend on the machine's
    /// speed, so fuzzing and tests stop at the same place every run.
    pub max_nodes: Option<u64>,
}

/// Counts search nodes and looks at the clock every few thousand of them,
/// so checking the limits costs nothing measurable.
pub struct Budget<'a> {
    limits: &'a Limits,
    nodes: u64,
    /// `limits.max_nodes`, or `u64::MAX`: one comparison per node.
    max_nodes: u64,
    exceeded: bool,
}

impl<'a> Budget<'a> {
    const CHECK_EVERY: u64 = 4096;

    pub fn new(limits: &'a Limits) -> Self {
        Budget {
            limits,
            nodes: 0,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            exceeded: false,
        }
    }

    /// Counts one node; true when the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.exceeded = true;
        } else if self.nodes.is_multiple_of(Self::CHECK_EVERY) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_node_limit_stops_the_budget_after_that_many_nodes() {
        let limits = Limits {
            max_nodes: Some(3),
            ..Limits::default()
        };
        let mut budget = Budget::new(&limits);
        assert!(!budget.tick() && !budget.tick() && !budget.tick());
        assert!(budget.tick());
        assert!(budget.tick(), "once exceeded, always exceeded");
        let unlimited = Limits::default();
        let mut budget = Budget::new(&unlimited);
        assert!((0..100_000).all(|_| !budget.tick()));
    }

    #[test]
    fn a_search_over_its_node_limit_is_interrupted_and_says_why() {
        use crate::run::{run_statement, Limit, ResultBody, RunOptions};
        let (statements, diagnostics) = crate::check::check_script("count SEND + MORE = MONEY");
        assert!(diagnostics.is_empty());
        let options = RunOptions {
            max_nodes: Some(10),
            ..RunOptions::default()
        };
        let result = run_statement(&statements[0], &options).expect("runs");
        let ResultBody::Searched(search) = result.body else {
            panic!("not a search");
        };
        assert!(!search.complete);
        assert_eq!(search.stopped_by, Some(Limit::Nodes));
        let search = match run_statement(&statements[0], &RunOptions::default())
            .expect("runs")
            .body
        {
            ResultBody::Searched(search) => search,
            _ => panic!("not a search"),
        };
        assert!(search.complete);
        assert_eq!(search.count, 1);
    }
}
