//! Contest input formats: each judge reads a problem's input, turns every
//! dataset into a crypta statement, runs it through the same pipeline as a
//! script, and prints exactly what that problem's judge expects.

pub mod icpc2009c;
pub mod p1092;

use crate::check::check_script;
use crate::run::{run_statement, ResultBody, RunOptions, Search};

/// The problems `crypta judge` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// ICPC 2009 Japan domestic, problem C: count the solutions of sums.
    Icpc2009c,
    /// NOIP 2004 / Luogu P1092: one bijective radix-n addition.
    P1092,
}

impl Problem {
    pub fn from_name(name: &str) -> Option<Problem> {
        match name {
            "icpc2009c" => Some(Problem::Icpc2009c),
            "p1092" => Some(Problem::P1092),
            _ => None,
        }
    }
}

/// Runs a judge on the whole input; the error says what is wrong with it.
pub fn judge(problem: Problem, input: &str, options: &RunOptions) -> Result<String, String> {
    match problem {
        Problem::Icpc2009c => icpc2009c::judge(input, options),
        Problem::P1092 => p1092::judge(input, options),
    }
}

/// Runs one generated statement and returns its search result.
fn run_one(source: &str, options: &RunOptions) -> Result<Search, String> {
    let (statements, diagnostics) = check_script(source);
    if let Some(d) = diagnostics.first() {
        return Err(format!("`{}`: {}", source, d.message));
    }
    let [statement] = statements.as_slice() else {
        return Err(format!("`{}` is not one statement", source));
    };
    match run_statement(statement, options)?.body {
        ResultBody::Searched(search) if search.complete => Ok(search),
        ResultBody::Searched(_) => Err("a limit stopped the search".into()),
        _ => Err(format!("`{}` is not a query", source)),
    }
}

/// A word of capital letters, as every supported format uses.
fn check_word(word: &str, what: &str) -> Result<(), String> {
    if !word.is_empty() && word.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(())
    } else {
        Err(format!(
            "{} `{}` is not a word of capital letters",
            what, word
        ))
    }
}
