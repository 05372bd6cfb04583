//! `grade` and `explain steps`: the puzzle is solved first (a grade needs
//! exactly one solution, to check every step against), then handed to its
//! kind's grading engine ([`crate::kind::Kind::grader`]).

use std::time::Instant;

use super::{limit_reached, Found, Limit, ResultBody, RunOptions};
use crate::grade::Graded;
use crate::ir::{Puzzle, Query};
use crate::plan::Plan;
use crate::solve::{Budget, Limits};

/// What `grade` or `explain steps` produced.
#[derive(Clone, Debug)]
pub struct Grade {
    /// `grade` or `explain steps`.
    pub query: Query,
    /// The strategy that found the solution the steps are checked against.
    pub strategy: &'static str,
    /// The grade, or why there is none.
    pub outcome: GradeOutcome,
}

/// The grade, or why a puzzle has none.
#[derive(Clone, Debug)]
pub enum GradeOutcome {
    /// Exactly one solution, and the steps from it.
    Graded(Graded),
    /// No solution: nothing to grade.
    NoSolution,
    /// Two solutions or more: no step can tell them apart.
    NotUnique,
    /// A limit stopped the search for the solution.
    Stopped(Limit),
}

/// Solves `puzzle` (up to two solutions), then grades it.
pub(super) fn grade(
    query: Query,
    puzzle: &Puzzle,
    plan: &Plan,
    options: &RunOptions,
) -> Result<ResultBody, String> {
    let strategy = plan.strategy.name();
    let limits = Limits {
        deadline: options.timeout.map(|t| Instant::now() + t),
        interrupt: options.interrupt.clone(),
        max_nodes: options.max_nodes,
        cancel: None,
    };
    let mut found = Found::new(puzzle, 2, 2);
    let mut budget = Budget::new(&limits);
    let outcome = plan
        .strategy
        .search(&mut budget, &mut |values| found.offer(values));
    if let Some(bug) = found.bug() {
        return Err(format!(
            "internal error: the {} strategy reported an assignment that {}; nothing was printed for this statement",
            strategy, bug
        ));
    }
    let outcome = if found.count() >= 2 {
        GradeOutcome::NotUnique
    } else if outcome == crate::solve::Outcome::Interrupted {
        GradeOutcome::Stopped(limit_reached(options, budget.nodes(), &limits))
    } else if let Some(solution) = found.solutions.first() {
        let grader = puzzle.kind().grader().ok_or_else(|| {
            format!(
                "internal error: {} puzzles cannot be graded, and the checker let one through",
                puzzle.kind().name()
            )
        })?;
        GradeOutcome::Graded(grader(&solution.values)?)
    } else {
        GradeOutcome::NoSolution
    };
    Ok(ResultBody::Graded(Grade {
        query,
        strategy,
        outcome,
    }))
}
