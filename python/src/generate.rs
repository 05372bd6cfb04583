//! `crypta.generate`'s three makers, one per kind, over the core's
//! `generate` module: each seed's puzzle made on up to `jobs` threads and
//! returned in seed order, as `crypta generate` prints them. Which options
//! go with which kind is checked in `crypta/_generate.py`, with the
//! command line's messages.

use crypta_core::generate::kakuro::{self, Symmetry};
use crypta_core::generate::layout::{self, Operation};
use crypta_core::generate::letters::{self, Pattern, Shape};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// Each of `count` seeds from `seed` made into a puzzle on `jobs` threads
/// (0: every core), in seed order; made with the GIL released.
fn in_order<T: Send>(
    py: Python<'_>,
    count: u64,
    seed: u64,
    jobs: usize,
    make: impl Fn(u64) -> T + Sync + Send,
) -> Vec<T> {
    use rayon::prelude::*;
    py.detach(|| {
        let seeds = (0..count).map(|case| seed.wrapping_add(case));
        let all = || {
            seeds
                .clone()
                .collect::<Vec<_>>()
                .into_par_iter()
                .map(&make)
                .collect()
        };
        match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
            Ok(pool) => pool.install(all),
            Err(_) => seeds.map(&make).collect(),
        }
    })
}

/// A made puzzle as `(seed, statement)`, `statement` `None` when no
/// puzzle was found for that seed.
type Made = (u64, Option<String>);

fn made(seed: u64, result: Result<Option<String>, String>) -> PyResult<Made> {
    result
        .map(|s| (seed, s))
        .map_err(|m| PyRuntimeError::new_err(format!("internal error: {m}")))
}

/// Kakuro grids: `query` and each grid's block, or KAKURO2 judge input.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn generate_kakuro(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    seed: u64,
    count: u64,
    density: f64,
    givens: f64,
    unique: bool,
    open_limit: Option<usize>,
    symmetry: &str,
    query: &str,
    kakuro2: bool,
    jobs: usize,
) -> PyResult<Vec<String>> {
    let symmetry = match symmetry {
        "none" => Symmetry::None,
        "rotational" => Symmetry::Rotational,
        "mirror" => Symmetry::Mirror,
        other => {
            return Err(PyValueError::new_err(format!(
                "symmetry {other:?}: none, rotational or mirror"
            )))
        }
    };
    let query = query.to_string();
    Ok(in_order(py, count, seed, jobs, |seed| {
        let grid = kakuro::generate(&kakuro::Spec {
            rows,
            cols,
            density,
            givens,
            unique,
            open_limit: open_limit.unwrap_or(usize::MAX),
            symmetry,
            ..kakuro::Spec::new(rows, seed)
        });
        if kakuro2 {
            grid.kakuro2()
        } else {
            format!("{} {}", query, grid.block())
        }
    }))
}

/// Alphametics from `words` (the text of a word list named `name`).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn generate_letters(
    py: Python<'_>,
    words: &str,
    name: &str,
    seed: u64,
    count: u64,
    base: u32,
    addends: (usize, usize),
    pattern: Option<&str>,
    jobs: usize,
) -> PyResult<Vec<Made>> {
    let words = letters::read_words(words, name).map_err(PyValueError::new_err)?;
    if words.len() < 3 {
        return Err(PyValueError::new_err(format!(
            "{} has {} word{}: a puzzle needs at least 3",
            name,
            words.len(),
            if words.len() == 1 { "" } else { "s" }
        )));
    }
    let shape = match pattern {
        Some(text) => Shape::Pattern(Pattern::parse(text).map_err(PyValueError::new_err)?),
        None => Shape::Sum(addends.0, addends.1),
    };
    in_order(py, count, seed, jobs, |seed| {
        let spec = letters::Spec {
            seed,
            base,
            shape: shape.clone(),
        };
        made(seed, letters::generate(&words, &spec))
    })
    .into_iter()
    .collect()
}

/// Long multiplication (`division` false) or division skeletons.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn generate_layout(
    py: Python<'_>,
    division: bool,
    digits: (usize, usize),
    seed: u64,
    count: u64,
    keep: Option<u8>,
    letters: bool,
    jobs: usize,
) -> PyResult<Vec<Made>> {
    let operation = if division {
        Operation::Division
    } else {
        Operation::Multiplication
    };
    in_order(py, count, seed, jobs, |seed| {
        let spec = layout::Spec {
            operation,
            digits,
            seed,
            keep,
            letters,
            any_shape: false,
        };
        made(seed, layout::generate(&spec))
    })
    .into_iter()
    .collect()
}
