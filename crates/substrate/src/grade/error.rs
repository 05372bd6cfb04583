//! Why a grader gave no grade: a bug in a rule, found by checking every
//! step against the solution. A value, not a sentence; its `Display` is
//! the sentence the internal error shows, word for word as it was when
//! the errors were strings.
//!
//! The rules are sound, so no script triggers these: each variant names
//! the step or input a buggy rule or caller would have to make (the
//! grading tests feed such steps to the engine directly).

use std::fmt;

/// A grader's bug.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GradeError {
    /// The solution handed to the grader has not one digit per variable:
    /// a 2-digit solution for a grid of 3 white cells.
    WrongSize,
    /// A Kakuro rule removed the solution's own digit from a cell.
    RemovedSolution {
        /// The rule.
        rule: &'static str,
        /// The solution's digit it removed.
        digit: u8,
        /// The cell, as named in steps.
        cell: String,
        /// The step's own reason.
        why: String,
    },
    /// A Kakuro rule removed a candidate the cell no longer had.
    RemovedAbsent {
        /// The rule.
        rule: &'static str,
        /// The cell, as named in steps.
        cell: String,
    },
    /// A Kakuro rule made a step that removed nothing.
    RemovedNothing {
        /// The rule.
        rule: &'static str,
    },
    /// A letters or layout rule removed the solution's value
    /// ([`crate::grade::symbols::StepBug`]): the sentence, its variables
    /// named as the puzzle names them.
    Step(String),
}

impl fmt::Display for GradeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GradeError::WrongSize => {
                f.write_str("internal error: the solution given to grade has the wrong size")
            }
            GradeError::RemovedSolution {
                rule,
                digit,
                cell,
                why,
            } => write!(
                f,
                "internal error: the grading rule `{}` removed {} from {}, the digit of the solution ({})",
                rule, digit, cell, why
            ),
            GradeError::RemovedAbsent { rule, cell } => write!(
                f,
                "internal error: the grading rule `{}` removed a candidate {} did not have",
                rule, cell
            ),
            GradeError::RemovedNothing { rule } => write!(
                f,
                "internal error: the grading rule `{}` removed nothing",
                rule
            ),
            GradeError::Step(text) => f.write_str(text),
        }
    }
}
