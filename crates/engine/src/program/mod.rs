//! The checked script: statements checked in order by the [`Checker`]
//! (`checker`), each a `let` or a query on a `Puzzle` of one of the
//! registered kinds, with the warnings of `lint`. This sits above the
//! kinds (`crate::kinds`): checking a puzzle asks the registry which kind
//! claims it.

mod checker;
mod lint;

pub use checker::{check_script, check_script_with, Checker};

use crate::kinds::Puzzle;
use crypta_substrate::ir::Query;

/// A checked statement, ready to plan and run.
#[derive(Clone, Debug)]
pub struct Statement {
    /// 1-based position in the script.
    pub number: usize,
    /// 1-based line the statement starts on.
    pub line: usize,
    /// The statement as written.
    pub text: String,
    /// What the statement does: bind a name or ask a query.
    pub action: Action,
}

/// What a checked statement does.
#[derive(Clone, Debug)]
pub enum Action {
    /// `let NAME = ...`: binds a name, solves nothing.
    Bind {
        /// The name, for later queries to use.
        name: String,
        /// The puzzle's kind (`letters`, `kakuro`, ...), reported for the `let`.
        kind: &'static str,
    },
    /// A query on a puzzle.
    Ask {
        /// What is asked: solve, first N, count, unique or explain.
        query: Query,
        /// The checked puzzle, its options folded in.
        puzzle: Puzzle,
    },
}
