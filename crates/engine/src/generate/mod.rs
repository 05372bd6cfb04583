//! Puzzles made from a seed (`crypta generate`): Kakuro grids with a
//! planted solution, cryptic Kakuro (the grids in letters), alphametics
//! from a word list (made unique by a condition if asked), and long
//! multiplication and division skeletons with as many digits hidden as
//! uniqueness allows. Seeded, so a seed names one puzzle on every machine;
//! every letters and skeleton puzzle is proven unique by crypta's own
//! solver before it is returned.
//!
//! A front end fills in a [`Request`] (every option of `crypta generate`,
//! with its defaults), starts a [`Generator`] from it and
//! [`Generator::run`]s it: the puzzles come in seed order, made on every
//! core, the Kakuro grids proven unique and the `difficulty` searched here.

// crypta-core re-exports this module with an example, which runs as its
// doctest.

mod cryptic;
mod error;
pub mod kakuro;
pub mod layout;
pub mod letters;
mod maker;
mod order;
mod request;
#[cfg(test)]
mod tests;

pub use error::{Bug, GenerateError, OptionsError, PatternError, Range, WordsError};
pub use kakuro::Symmetry;
pub use maker::{Generator, Made, GRADE_TRIES};
pub use order::{Limits, Outcome};
pub use request::{parse_addends, parse_digits, ConditionForm, Kind, Request, Words, CHANCE, SIDE};

use crypta_substrate::rng::Rng;

use crate::kinds::Puzzle;
use crate::program::check_script;
use crate::program::Action;
use crate::run::{run_query, ResultBody, RunOptions, Search};
use crypta_substrate::ir::Query;
use crypta_substrate::solve::Solution;

/// What the solver says of a statement's number of solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// None at all (the whole space was searched).
    None,
    /// Exactly one, proven by a complete search.
    One,
    /// Two or more.
    Several,
    /// The node budget ran out first.
    Unknown,
}

/// A puzzle made: the statement printed and the checked puzzle it
/// states, which is what the generators search and grade.
#[derive(Clone, Debug)]
pub(crate) struct Checked {
    /// The statement, as printed.
    pub(crate) text: String,
    /// Its puzzle.
    pub(crate) puzzle: Puzzle,
}

/// Checks `statement` (one query of crypta's language) once: its puzzle,
/// which the generators then search and grade as a value. An `Err` means
/// the statement does not check: a generator bug, never a property of the
/// puzzle.
pub fn puzzle_of(statement: &str) -> Result<Puzzle, Bug> {
    let (mut statements, diagnostics) = check_script(statement);
    if let Some(d) = diagnostics.first() {
        return Err(Bug::DoesNotCheck {
            statement: statement.to_string(),
            why: Some(d.message.clone()),
        });
    }
    match statements.pop().map(|checked| checked.action) {
        Some(Action::Ask { puzzle, .. }) => Ok(puzzle),
        Some(Action::Bind { .. }) => Err(Bug::NotAQuery(statement.to_string())),
        None => Err(Bug::NoStatement(statement.to_string())),
    }
}

/// Searches `statement` (one statement of crypta's language) for two
/// solutions with at most `max_nodes` search nodes on one thread, through
/// the same checker, planner, strategies and verifiers as `crypta run`.
/// An `Err` means the statement did not check or a strategy failed
/// verification: a generator bug, never a property of the puzzle.
pub fn solutions(statement: &str, max_nodes: Option<u64>) -> Result<Solutions, Bug> {
    solutions_of(&puzzle_of(statement)?, max_nodes)
}

/// [`solutions`] of a checked puzzle: the search `crypta run` makes of
/// it, run on the value.
pub fn solutions_of(puzzle: &Puzzle, max_nodes: Option<u64>) -> Result<Solutions, Bug> {
    // `first 2` rather than `unique`: the same search and stop, without
    // looking for fixes when there are two solutions.
    let search = search(puzzle, 2, max_nodes)?;
    let found = search.count.to_u64().unwrap_or(u64::MAX);
    Ok(match (found, search.complete) {
        (2.., _) => Solutions::Several,
        (_, false) => Solutions::Unknown,
        (0, true) => Solutions::None,
        (_, true) => Solutions::One,
    })
}

/// Up to `most` + 1 solutions of `puzzle`, as [`solutions_of`] searches
/// (in the solver's order), and whether they are all it has: the search
/// was complete and found at most `most`.
pub(crate) fn listed(
    puzzle: &Puzzle,
    most: u64,
    max_nodes: Option<u64>,
) -> Result<(Vec<Solution>, bool), Bug> {
    let search = search(puzzle, most + 1, max_nodes)?;
    let found = search.count.to_u64().unwrap_or(u64::MAX);
    Ok((search.solutions, search.complete && found <= most))
}

/// The search of `first n` of `puzzle`, on one thread.
fn search(puzzle: &Puzzle, n: u64, max_nodes: Option<u64>) -> Result<Search, Bug> {
    let options = RunOptions {
        max_nodes,
        jobs: 1,
        ..RunOptions::default()
    };
    let query = Query::First(n);
    match run_query(query, puzzle, &options).map_err(Bug::Run)? {
        ResultBody::Searched(search) => Ok(search),
        _ => Err(Bug::Unanswered {
            query: query.keyword(),
            kind: puzzle.kind_name(),
        }),
    }
}
