//! Contest input formats: each judge reads a problem's input, turns every
//! dataset into a crypta statement, runs it through the same pipeline as a
//! script, and prints exactly what that problem's judge expects.

mod error;
mod icpc2009c;
mod kakuro2;
mod p1092;

use crate::program::check_script;
use crate::run::{run_statement, Options, ResultBody, RunOptions, Search};
use crypta_substrate::diagnostic::Diagnostic;
pub use error::JudgeError;

/// The problems `crypta judge` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// ICPC 2009 Japan domestic, problem C: count the solutions of sums.
    Icpc2009c,
    /// NOIP 2004 / Luogu P1092: one bijective radix-n addition.
    P1092,
    /// algospot KAKURO2: Kakuro grids as colours and hints.
    Kakuro2,
}

impl Problem {
    /// The problem with this name on the command line (`icpc2009c`, `p1092`,
    /// `kakuro2`); `None` for a name crypta does not know.
    pub fn from_name(name: &str) -> Option<Problem> {
        match name {
            "icpc2009c" => Some(Problem::Icpc2009c),
            "p1092" => Some(Problem::P1092),
            "kakuro2" => Some(Problem::Kakuro2),
            _ => None,
        }
    }
}

impl Problem {
    /// Reads this problem's whole `input`, solves every dataset in it under
    /// `options`, and returns exactly what the problem's judge expects;
    /// the error says what is wrong with the input (or that a limit
    /// stopped a search).
    pub fn judge(self, input: &str, options: &Options) -> Result<String, JudgeError> {
        judge(self, input, &options.run_options())
    }
}

/// Runs a judge on the whole input; the error says what is wrong with it.
/// [`Problem::judge`] is the public door, with [`Options`].
fn judge(problem: Problem, input: &str, options: &RunOptions) -> Result<String, JudgeError> {
    match problem {
        Problem::Icpc2009c => icpc2009c::judge(input, options),
        Problem::P1092 => p1092::judge(input, options),
        Problem::Kakuro2 => kakuro2::judge(input, options),
    }
}

/// Runs one generated statement and returns its search result.
fn run_one(source: &str, options: &RunOptions) -> Result<Search, JudgeError> {
    run_source(source, options).map_err(|failure| match failure {
        Failure::Rejected(d) => JudgeError::Rejected {
            source: source.to_string(),
            message: d.message,
        },
        Failure::Other(message) => message,
    })
}

/// Why a generated statement gave no result.
enum Failure {
    /// The checker's first diagnostic.
    Rejected(Diagnostic),
    Other(JudgeError),
}

fn run_source(source: &str, options: &RunOptions) -> Result<Search, Failure> {
    let (statements, mut diagnostics) = check_script(source);
    if !diagnostics.is_empty() {
        return Err(Failure::Rejected(diagnostics.swap_remove(0)));
    }
    let [statement] = statements.as_slice() else {
        return Err(Failure::Other(JudgeError::NotOneStatement(
            source.to_string(),
        )));
    };
    match run_statement(statement, options)
        .map_err(|error| Failure::Other(JudgeError::Internal(error)))?
        .body
    {
        ResultBody::Searched(search) if search.complete => Ok(search),
        ResultBody::Searched(_) => Err(Failure::Other(JudgeError::Stopped)),
        _ => Err(Failure::Other(JudgeError::NotAQuery(source.to_string()))),
    }
}

/// A word of capital letters, as every supported format uses.
fn check_word(word: &str, what: &'static str) -> Result<(), JudgeError> {
    if !word.is_empty() && word.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(())
    } else {
        Err(JudgeError::NotAWord {
            what,
            word: word.to_string(),
        })
    }
}
