//! `grade` and `explain steps`: the puzzle is solved first (a grade needs
//! exactly one solution, to check every step against), then handed to its
//! kind's grading engine ([`crate::kinds::Kind::grader`]).
//!
//! Only the first solution is searched for before grading. Every rule is a
//! sound deduction (it removes a digit only where no solution has it: the
//! tests grade grids with several solutions from each of them), so steps
//! that leave one candidate per variable prove the solution unique, and
//! proving it by search, often most of the time a grade takes, is skipped.
//! When the steps stall, the search goes on for a second solution to tell
//! `needs guessing` from `not unique`.
//!
//! The statement's limits hold for all three: each search has its own
//! budget under the one deadline, and the steps theirs, a node a step (a
//! 60×60 grid takes thousands of steps, seconds in all).

use super::{limit_reached, Found, Limit, ResultBody, RunOptions};
use crate::grade::Graded;
use crate::ir::Query;
use crate::kinds::Puzzle;
use crate::plan::Plan;
use crate::solve::{Budget, Limits, Outcome};

/// What `grade` or `explain steps` produced.
#[derive(Clone, Debug)]
pub struct Grade {
    /// `grade` or `explain steps`.
    pub query: Query,
    /// The strategy that found the solution the steps are checked against.
    pub strategy: &'static str,
    /// The puzzle graded: its steps name its variables by id, and the
    /// report names them by it.
    pub puzzle: Puzzle,
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
    /// Exactly one solution, and no rules of a person's steps for this
    /// kind of puzzle yet ([`crate::kinds::Kind::grader`] answered
    /// `Unsupported`).
    NoRules,
    /// A limit stopped the steps after `steps` of them: no grade.
    StepsStopped {
        /// The limit.
        limit: Limit,
        /// Steps taken before it.
        steps: usize,
    },
}

/// Solves `puzzle` (up to two solutions), then grades it.
pub(super) fn grade(
    query: Query,
    puzzle: &Puzzle,
    plan: &Plan<'_>,
    options: &RunOptions,
) -> Result<ResultBody, String> {
    let strategy = plan.strategy.name();
    let limits = super::routes::limits(options);
    let first = solutions(puzzle, plan, options, &limits, 1)?;
    let outcome = match first {
        Searched::Stopped(limit) => GradeOutcome::Stopped(limit),
        Searched::Found(found) if found.is_empty() => GradeOutcome::NoSolution,
        Searched::Found(found) => match crate::kinds::of(puzzle).grader() {
            Err(_unsupported) => match solutions(puzzle, plan, options, &limits, 2)? {
                Searched::Found(found) if found.len() >= 2 => GradeOutcome::NotUnique,
                Searched::Found(_) => GradeOutcome::NoRules,
                Searched::Stopped(limit) => GradeOutcome::Stopped(limit),
            },
            Ok(grader) => {
                let mut budget = Budget::new(&limits);
                let graded = grader(&found[0], &mut budget)?;
                if budget.spent() {
                    GradeOutcome::StepsStopped {
                        limit: limit_reached(options, budget.nodes(), &limits),
                        steps: graded.grading.steps.len(),
                    }
                } else if graded.grading.solved {
                    GradeOutcome::Graded(graded)
                } else {
                    match solutions(puzzle, plan, options, &limits, 2)? {
                        Searched::Found(found) if found.len() >= 2 => GradeOutcome::NotUnique,
                        Searched::Found(_) => GradeOutcome::Graded(graded),
                        Searched::Stopped(limit) => GradeOutcome::Stopped(limit),
                    }
                }
            }
        },
    };
    Ok(ResultBody::Graded(Grade {
        query,
        strategy,
        puzzle: puzzle.clone(),
        outcome,
    }))
}

/// What a search for a few solutions ended with.
enum Searched {
    /// Every solution up to the number asked for, each verified.
    Found(Vec<Vec<u8>>),
    /// A limit stopped it first.
    Stopped(Limit),
}

/// Up to `wanted` solutions of `puzzle`, each verified; an `Err` is a
/// strategy's bug.
fn solutions(
    puzzle: &Puzzle,
    plan: &Plan<'_>,
    options: &RunOptions,
    limits: &Limits,
    wanted: u64,
) -> Result<Searched, String> {
    let mut found = Found::new(puzzle, wanted, wanted);
    let mut budget = Budget::new(limits);
    let outcome = plan
        .strategy
        .search(&mut budget, &mut |values| found.offer(values));
    let outcome = budget.settle(outcome);
    if let Some(bug) = found.bug() {
        return Err(format!(
            "internal error: the {} strategy reported an assignment that {}; nothing was printed for this statement",
            plan.strategy.name(),
            bug
        ));
    }
    if outcome == Outcome::Interrupted && found.count() < wanted {
        return Ok(Searched::Stopped(limit_reached(
            options,
            budget.nodes(),
            limits,
        )));
    }
    Ok(Searched::Found(
        found.solutions.into_iter().map(|s| s.values).collect(),
    ))
}
