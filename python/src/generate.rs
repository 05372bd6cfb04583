//! `crypta.generate` over the core's `generate::Request`: the keyword
//! arguments made into a request, which the core checks (with the command
//! line's messages), makes on `jobs` threads and hands back in seed
//! order, while this thread, the GIL released, watches for Ctrl-C.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crypta_core::generate::{
    parse_addends, parse_digits, ConditionForm, Generator, Kind, Limits, Range, Request, Symmetry,
    Words,
};
use crypta_core::Difficulty;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::wait::wait;

/// A pair of numbers as Python gives it: `"3x2"` or `"2..4"`, `(3, 2)`,
/// or one number for both.
#[derive(FromPyObject)]
pub enum Pair {
    Text(String),
    Both((usize, usize)),
    One(usize),
}

impl Pair {
    fn read(self, parse: fn(&str) -> Result<(usize, usize), Range>) -> PyResult<(usize, usize)> {
        match self {
            Pair::Text(text) => parse(&text).map_err(|e| PyValueError::new_err(e.to_string())),
            Pair::Both(pair) => Ok(pair),
            Pair::One(n) => Ok((n, n)),
        }
    }
}

fn named<T>(value: Option<&str>, what: &str, names: &[(&str, T)]) -> PyResult<Option<T>>
where
    T: Copy,
{
    let Some(value) = value else { return Ok(None) };
    match names.iter().find(|n| n.0 == value) {
        Some(n) => Ok(Some(n.1)),
        None => Err(PyValueError::new_err(format!(
            "{} {:?}: {}",
            what,
            value,
            names.iter().map(|n| n.0).collect::<Vec<_>>().join(", ")
        ))),
    }
}

/// One seed's result: `(seed, statement or message, made)`.
type Made = (u64, String, bool);

/// The puzzles of `crypta generate KIND` with these options, as
/// `(seed, statement, true)` in seed order, or `(seed, message, false)`
/// when the seed gives no puzzle, and what the command line says when
/// `timeout` (seconds, for the whole run) stopped it. `None` is an
/// option's default.
#[pyfunction]
#[pyo3(signature = (kind, *, count, seed, jobs, timeout=None, size=None, rows=None, cols=None, unique=None,
    not_unique=None, density=None, givens=None, open_limit=None, symmetry=None, kakuro2=None,
    query=None, words_path=None, words_text=None, addends=None, pattern=None, base=None,
    digits=None, keep=None, letters=None, difficulty=None, any_shape=None, condition=None))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    kind: &str,
    count: u64,
    seed: u64,
    jobs: usize,
    timeout: Option<f64>,
    size: Option<usize>,
    rows: Option<usize>,
    cols: Option<usize>,
    unique: Option<bool>,
    not_unique: Option<bool>,
    density: Option<f64>,
    givens: Option<f64>,
    open_limit: Option<usize>,
    symmetry: Option<&str>,
    kakuro2: Option<bool>,
    query: Option<String>,
    words_path: Option<std::path::PathBuf>,
    words_text: Option<String>,
    addends: Option<Pair>,
    pattern: Option<String>,
    base: Option<u32>,
    digits: Option<Pair>,
    keep: Option<u8>,
    letters: Option<bool>,
    difficulty: Option<&str>,
    any_shape: Option<bool>,
    condition: Option<&str>,
) -> PyResult<(Vec<Made>, Option<String>)> {
    // Read as every other call reads it: seconds, 0 or more.
    let timeout = crate::limits::Limits::new(timeout, None, None)?.timeout();
    let kinds = Kind::ALL.map(|k| (k.name(), k));
    let defaults = Request::default();
    let request = Request {
        kind: named(Some(kind), "kind", &kinds)?.unwrap_or_default(),
        count,
        seed,
        size: size.unwrap_or(defaults.size),
        rows,
        cols,
        // `unique=False` asks for what `--not-unique` does.
        unique: unique == Some(true),
        not_unique: not_unique == Some(true) || unique == Some(false),
        density: density.unwrap_or(defaults.density),
        givens: givens.unwrap_or(defaults.givens),
        open_limit,
        symmetry: named(
            symmetry,
            "symmetry",
            &[
                ("none", Symmetry::None),
                ("rotational", Symmetry::Rotational),
                ("mirror", Symmetry::Mirror),
            ],
        )?
        .unwrap_or_default(),
        kakuro2: kakuro2 == Some(true),
        query,
        words: match (words_path, words_text) {
            (Some(path), _) => Some(Words::File(path)),
            (None, Some(text)) => Some(Words::Text {
                name: "words".into(),
                text,
            }),
            (None, None) => None,
        },
        addends: addends.map(|a| a.read(parse_addends)).transpose()?,
        pattern,
        base,
        condition: named(
            condition,
            "condition",
            &ConditionForm::ALL.map(|f| (f.name(), f)),
        )?,
        digits: digits.map(|d| d.read(parse_digits)).transpose()?,
        keep,
        letters: letters == Some(true),
        difficulty: named(
            difficulty,
            "difficulty",
            &[
                ("easy", Difficulty::Easy),
                ("medium", Difficulty::Medium),
                ("hard", Difficulty::Hard),
            ],
        )?,
        any_shape: any_shape == Some(true),
    };
    let generator = Generator::new(&request).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let flag = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        jobs,
        timeout,
        interrupt: Some(flag.clone()),
    };
    let ((made, outcome), raised) = wait(py, &flag, || {
        let mut made = Vec::new();
        let outcome = generator.run(&limits, |seed, puzzle| made.push((seed, puzzle)));
        (made, outcome)
    })?;
    if let Some(error) = raised {
        return Err(error);
    }
    let made = made
        .into_iter()
        .map(|(seed, puzzle)| match puzzle {
            Ok(Some(statement)) => Ok((seed, statement, true)),
            Ok(None) => Ok((seed, request.no_puzzle(seed), false)),
            Err(m) => Err(PyRuntimeError::new_err(format!("internal error: {m}"))),
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok((made, outcome.message()))
}
