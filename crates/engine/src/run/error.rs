//! Why a statement has no result: an internal error, a bug in crypta that
//! the run found by checking its own work. A value, not a sentence; its
//! `Display` is the sentence the API's [`crate::InternalError`] shows,
//! word for word as it was when the errors were strings.
//!
//! The strategies, rules and givens are tested sound, so no script
//! triggers these: each variant names what a buggy strategy or rule would
//! have to do.

use std::fmt;

use crate::kinds::Unsupported;
use crypta_substrate::grade::GradeError;
use crypta_substrate::solve::Invalid;

/// What was wrong with what a search reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bug {
    /// The puzzle's verifier refused an assignment: a strategy that
    /// reports `S = 0` for `SEND + MORE = MONEY`.
    Refused(Invalid),
    /// A part of a split search ended without a result (its thread
    /// stopped before it stored one).
    Unfinished,
}

impl fmt::Display for Bug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bug::Refused(why) => write!(f, "{}", why),
            Bug::Unfinished => f.write_str("a part of the search did not finish"),
        }
    }
}

/// An internal error of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// A strategy reported what is not a solution: `solve`, `count`,
    /// `unique` or `grade` whose strategy reports `S = 0` for `SEND +
    /// MORE = MONEY`.
    Reported {
        /// The strategy (or counter) that reported it.
        strategy: &'static str,
        /// What was wrong.
        bug: Bug,
        /// Solutions were printed before it (a streamed `solve`), each
        /// verified.
        streamed: bool,
    },
    /// `unique` proposed givens that did not leave exactly one solution
    /// when solved as their own puzzle.
    FixNotUnique {
        /// The givens: variable and digit.
        givens: Vec<(usize, u8)>,
        /// The strategy that solved them.
        strategy: &'static str,
        /// The solutions it found, stopping at 2.
        found: usize,
    },
    /// `unique` gave digits to a kind that takes none (asked before any
    /// fix is looked for, so never seen).
    NoGivens(Unsupported),
    /// A grading rule's bug: `grade` on a Kakuro whose rule removes the
    /// solution's digit.
    Grading(GradeError),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Reported {
                strategy,
                bug,
                streamed,
            } => {
                let shown = if *streamed {
                    "the solutions printed before it were verified"
                } else {
                    "nothing was printed for this statement"
                };
                write!(
                    f,
                    "internal error: the {} strategy reported an assignment that {}; {}",
                    strategy, bug, shown
                )
            }
            RunError::FixNotUnique {
                givens,
                strategy,
                found,
            } => write!(
                f,
                "internal error: the givens {:?} were to leave one solution, and the {} strategy found {}{}; nothing was printed for this statement",
                givens,
                strategy,
                found,
                if *found == 2 { " or more" } else { "" }
            ),
            RunError::NoGivens(unsupported) => write!(f, "internal error: {}", unsupported),
            RunError::Grading(error) => write!(f, "{}", error),
        }
    }
}

impl std::error::Error for RunError {}

impl From<GradeError> for RunError {
    fn from(error: GradeError) -> Self {
        RunError::Grading(error)
    }
}
