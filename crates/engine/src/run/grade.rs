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

use super::driver::Driver;
use super::{Found, Limit, ResultBody, RunError, RunOptions};
use crate::kinds::Puzzle;
use crate::plan::Plan;
use crypta_substrate::grade::Graded;
use crypta_substrate::ir::Query;
use crypta_substrate::solve::{Budget, Outcome};

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
) -> Result<ResultBody, RunError> {
    let strategy = plan.strategy.name();
    let driver = Driver::for_statement(options);
    let first = solutions(puzzle, plan, &driver, 1)?;
    let outcome = match first {
        Searched::Stopped(limit) => GradeOutcome::Stopped(limit),
        Searched::Found(found) if found.is_empty() => GradeOutcome::NoSolution,
        Searched::Found(found) => match crate::kinds::of(puzzle).grader() {
            Err(_unsupported) => match solutions(puzzle, plan, &driver, 2)? {
                Searched::Found(found) if found.len() >= 2 => GradeOutcome::NotUnique,
                Searched::Found(_) => GradeOutcome::NoRules,
                Searched::Stopped(limit) => GradeOutcome::Stopped(limit),
            },
            Ok(grader) => {
                // The steps end when they end: their outcome is the budget's.
                let ran = driver
                    .run(|budget: &mut Budget| (Outcome::Exhausted, grader(&found[0], budget)));
                let graded = ran.output?;
                if ran.spent {
                    GradeOutcome::StepsStopped {
                        limit: driver.stopped_by(ran.nodes),
                        steps: graded.grading.steps.len(),
                    }
                } else if graded.grading.solved {
                    GradeOutcome::Graded(graded)
                } else {
                    match solutions(puzzle, plan, &driver, 2)? {
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
    driver: &Driver,
    wanted: u64,
) -> Result<Searched, RunError> {
    let mut found = Found::new(puzzle, wanted, wanted);
    let ran = driver.search(plan.strategy.as_ref(), &mut |values| found.offer(values));
    let outcome = ran.outcome;
    if let Some(bug) = found.bug() {
        return Err(RunError::Reported {
            strategy: plan.strategy.name(),
            bug: bug.clone(),
            streamed: false,
        });
    }
    if outcome == Outcome::Interrupted && found.count() < wanted {
        return Ok(Searched::Stopped(driver.stopped_by(ran.nodes)));
    }
    Ok(Searched::Found(
        found.solutions.into_iter().map(|s| s.values).collect(),
    ))
}
