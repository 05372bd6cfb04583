//! The one search driver: every query, the grader, the search for givens,
//! the parallel parts, the Kakuro generator and the judges run their work
//! through a [`Driver`], so that all of them stop on the same limits in
//! the same way.
//!
//! What the driver owns:
//! - **the budget**: the statement's [`Limits`] (node limit, deadline,
//!   interrupt, a part's cancel flag); each piece of work gets a fresh
//!   [`Budget`] of them ([`Driver::run`]), or several pieces share one
//!   ([`Driver::budget`] and [`Driver::run_in`], as `unique`'s givens do);
//! - **the interrupt and time check**: the budget looks at the clock and
//!   the flags every so many nodes, and installs them for long arithmetic
//!   steps to poll ([`crypta_substrate::limits::watch`]);
//! - **the outcome of being cut short**: a task's own say of how it ended
//!   is settled against the budget ([`Budget::settle`]: a step the limits
//!   stopped makes it [`Outcome::Interrupted`]), and the limit that cut it
//!   is named from the nodes it spent ([`Driver::stopped_by`]).
//!
//! The loop itself stays in each [`Task`] (a strategy's search, a
//! counter, a grader's steps), behind the trait, as pubgrub's resolver
//! asks its provider whether to go on: tasks tick the budget once a node
//! by hand, where it is hot, and the driver does everything around that.

/// Unit tests, run by `cargo test`.
#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::{Limit, RunOptions};
use crypta_substrate::limits::clock::Instant;
use crypta_substrate::solve::{Budget, Flow, Limits, Outcome, Strategy};

/// Work that spends a budget: it ticks `budget` once a node and stops
/// when a tick says so.
pub trait Task {
    /// What the work produces besides how it ended.
    type Output;

    /// Does the work under `budget`: how it ended, as the work itself
    /// says, and what it produced.
    fn run(self, budget: &mut Budget) -> (Outcome, Self::Output);
}

/// Any closure over a budget is a task.
impl<T, F: FnOnce(&mut Budget) -> (Outcome, T)> Task for F {
    type Output = T;

    fn run(self, budget: &mut Budget) -> (Outcome, T) {
        self(budget)
    }
}

/// A strategy's search, each assignment handed to the offer.
pub struct Search<'s, 'o> {
    /// The strategy that searches.
    pub strategy: &'s dyn Strategy,
    /// Gets each assignment found; says whether the search goes on.
    pub offer: &'o mut dyn FnMut(&[u8]) -> Flow,
}

impl Task for Search<'_, '_> {
    type Output = ();

    fn run(self, budget: &mut Budget) -> (Outcome, ()) {
        (self.strategy.search(budget, self.offer), ())
    }
}

/// How a task ended under the driver.
#[derive(Debug)]
pub struct Ran<T> {
    /// How it ended, settled against the budget.
    pub outcome: Outcome,
    /// Nodes its budget counted (all the tasks' that shared it).
    pub nodes: u64,
    /// A limit stopped the budget, or a step under it.
    pub spent: bool,
    /// What the task produced.
    pub output: T,
}

/// Runs tasks under one set of limits.
#[derive(Clone, Debug, Default)]
pub struct Driver {
    limits: Limits,
}

impl Driver {
    /// A driver of `limits`.
    pub fn new(limits: Limits) -> Driver {
        Driver { limits }
    }

    /// A statement's driver: its limits, its time limit starting now.
    pub fn for_statement(options: &RunOptions) -> Driver {
        Driver::new(Limits {
            deadline: options.timeout.map(|t| Instant::now() + t),
            interrupt: options.interrupt.clone(),
            max_nodes: options.max_nodes,
            cancel: None,
            threads: options.jobs,
        })
    }

    /// No limit but `max_nodes` nodes (a generator's bounded question).
    pub fn nodes(max_nodes: u64) -> Driver {
        Driver::new(Limits {
            max_nodes: Some(max_nodes),
            ..Limits::default()
        })
    }

    /// No limit but an interrupt from outside, when there is one.
    pub fn interruptible(interrupt: Option<Arc<AtomicBool>>) -> Driver {
        Driver::new(Limits {
            interrupt,
            ..Limits::default()
        })
    }

    /// The limits each budget of this driver watches.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The same limits with `max_nodes` nodes (a probe).
    pub fn probe(&self, max_nodes: u64) -> Driver {
        Driver::new(Limits {
            max_nodes: Some(max_nodes),
            ..self.limits.clone()
        })
    }

    /// The same limits with at most `max_nodes` nodes: the lower of the
    /// two node limits.
    pub fn capped(&self, max_nodes: u64) -> Driver {
        let max = self.limits.max_nodes.unwrap_or(max_nodes).min(max_nodes);
        self.probe(max)
    }

    /// The same limits, also stopped when `cancel` is raised (a part of a
    /// search no longer needed).
    pub fn cancelled_by(&self, cancel: Arc<AtomicBool>) -> Driver {
        Driver::new(Limits {
            cancel: Some(cancel),
            ..self.limits.clone()
        })
    }

    /// A fresh budget, for tasks that share one ([`Driver::run_in`]) or
    /// tick it between them.
    pub fn budget(&self) -> Budget<'_> {
        Budget::new(&self.limits)
    }

    /// Runs `task` on a fresh budget.
    pub fn run<T: Task>(&self, task: T) -> Ran<T::Output> {
        let mut budget = self.budget();
        Self::run_in(&mut budget, task)
    }

    /// Runs `task` on what is left of `budget`.
    pub fn run_in<T: Task>(budget: &mut Budget, task: T) -> Ran<T::Output> {
        let (outcome, output) = task.run(budget);
        Ran {
            outcome: budget.settle(outcome),
            nodes: budget.nodes(),
            spent: budget.spent(),
            output,
        }
    }

    /// `strategy`'s search on a fresh budget, each assignment handed to
    /// `offer`.
    pub fn search(&self, strategy: &dyn Strategy, offer: &mut dyn FnMut(&[u8]) -> Flow) -> Ran<()> {
        self.run(Search { strategy, offer })
    }

    /// Which limit stopped a task that ended [`Outcome::Interrupted`]
    /// after `nodes` nodes: the interrupt if it is raised, else the node
    /// limit if they passed it, else the time limit.
    pub fn stopped_by(&self, nodes: u64) -> Limit {
        let interrupted = self
            .limits
            .interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed));
        if interrupted {
            Limit::Interrupt
        } else if nodes > self.limits.max_nodes.unwrap_or(u64::MAX) {
            Limit::Nodes
        } else {
            Limit::Time
        }
    }
}
