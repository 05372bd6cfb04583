//! Answers and solutions of the core as the Python objects the `crypta`
//! package builds its dataclasses from: tuples of plain values, with the
//! core's own objects kept (`RawAnswer`, `RawSolution`) for what is
//! rendered only when asked for (text, JSON, SVG).

use crypta_core::{Answer, Cell, Count, Fixes, Grading, Limit, Solution, Uniqueness};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};
use pyo3::IntoPyObjectExt;

/// One solution, kept to be drawn (`svg`) when asked.
#[pyclass(frozen, module = "crypta._crypta")]
pub struct RawSolution(pub Solution);

#[pymethods]
impl RawSolution {
    /// Immutable: a copy is itself (`dataclasses.asdict` deep-copies).
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    /// The puzzle filled in with this solution, as an SVG document.
    fn svg(&self) -> String {
        self.0.svg()
    }
}

/// One answer, kept to be rendered as the command line prints it.
#[pyclass(frozen, module = "crypta._crypta")]
pub struct RawAnswer(pub Answer);

#[pymethods]
impl RawAnswer {
    /// Immutable: a copy is itself (`dataclasses.asdict` deep-copies).
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    /// As `crypta run` prints it.
    fn text(&self) -> String {
        self.0.to_text()
    }

    /// As `crypta run --format json` prints it, one line.
    fn json(&self) -> String {
        self.0.to_json()
    }
}

/// A limit's name as Python sees it: `"time"`, `"nodes"`, ...
pub fn limit_name(limit: Limit) -> &'static str {
    match limit {
        Limit::Time => "time",
        Limit::Nodes => "nodes",
        Limit::Interrupt => "interrupt",
        Limit::Output => "output",
    }
}

/// A whole number of any size as a Python int.
fn big<'py>(py: Python<'py>, n: &crypta_core::BigInt) -> PyResult<Bound<'py, PyAny>> {
    match i64::try_from(n) {
        Ok(n) => n.into_bound_py_any(py),
        // Python's int() reads any number of digits.
        Err(_) => py
            .get_type::<PyInt>()
            .call1((PyString::new(py, &n.to_string()),)),
    }
}

/// A count as a Python int, exact at any size.
pub fn count<'py>(py: Python<'py>, count: &Count) -> PyResult<Bound<'py, PyAny>> {
    match count.to_u64() {
        Some(n) => n.into_bound_py_any(py),
        // Python's int() reads any number of digits.
        None => py
            .get_type::<PyInt>()
            .call1((PyString::new(py, &count.to_string()),)),
    }
}

/// `(symbols, rows, grid, text, raw)`: symbols as `(name, digit)` pairs,
/// grid cells as an int (a digit), `None` (a block) or `(down, across)`
/// (a clue).
pub fn solution<'py>(py: Python<'py>, solution: &Solution) -> PyResult<Bound<'py, PyTuple>> {
    let symbols = PyList::empty(py);
    for &(c, d) in solution.symbols() {
        symbols.append((c.to_string(), d))?;
    }
    let grid = match solution.grid() {
        None => py.None().into_bound(py),
        Some(rows) => {
            let grid = PyList::empty(py);
            for row in rows {
                let cells = PyList::empty(py);
                for cell in row {
                    match *cell {
                        Cell::Block => cells.append(py.None())?,
                        Cell::Clue { down, across } => cells.append((down, across))?,
                        Cell::Digit(d) => cells.append(d)?,
                    }
                }
                grid.append(cells)?;
            }
            grid.into_any()
        }
    };
    (
        symbols,
        solution.rows().to_vec(),
        grid,
        solution.text(),
        RawSolution(solution.clone()),
    )
        .into_pyobject(py)
}

/// `(status, givens, fixes, limit)` of `unique`.
fn uniqueness<'py>(py: Python<'py>, u: &Uniqueness) -> PyResult<Bound<'py, PyAny>> {
    let none: Option<Vec<Vec<(String, u32)>>> = None;
    let sets = |sets: &[Vec<crypta_core::Given>]| -> Vec<Vec<(String, u32)>> {
        sets.iter()
            .map(|set| set.iter().map(|g| (g.name.clone(), g.digit)).collect())
            .collect()
    };
    let tuple = match u {
        Uniqueness::Unique => ("unique", none, None, None),
        Uniqueness::NoSolution => ("no solution", none, None, None),
        Uniqueness::Unknown(limit) => ("unknown", none, None, Some(limit_name(*limit))),
        Uniqueness::NotUnique(fixes) => match fixes {
            Fixes::Givens(given) => ("not unique", Some(sets(given)), Some("givens"), None),
            Fixes::Beyond => ("not unique", Some(Vec::new()), Some("beyond"), None),
            Fixes::TooMany => ("not unique", Some(Vec::new()), Some("too many"), None),
            Fixes::Unsupported => ("not unique", None, Some("unsupported"), None),
            Fixes::Cut(limit) => (
                "not unique",
                Some(Vec::new()),
                Some("stopped"),
                Some(limit_name(*limit)),
            ),
        },
    };
    tuple.into_bound_py_any(py)
}

/// `(status, difficulty, solved, steps, rule_counts, progress, limit)` of
/// `grade` and `explain steps`.
fn grading<'py>(py: Python<'py>, g: &Grading) -> PyResult<Bound<'py, PyAny>> {
    type Step = (
        String,
        &'static str,
        Vec<String>,
        String,
        Vec<(String, Vec<u32>)>,
    );
    let empty: Vec<Step> = Vec::new();
    let tuple = match g {
        Grading::Rated(rating) => {
            let steps: Vec<Step> = rating
                .steps()
                .iter()
                .map(|s| {
                    (
                        s.rule.to_string(),
                        s.level.name(),
                        s.touched.clone(),
                        s.why.clone(),
                        s.removed.clone(),
                    )
                })
                .collect();
            (
                "rated",
                Some(rating.difficulty().name()),
                rating.solved(),
                steps,
                rating.rule_counts(),
                Some(rating.progress()),
                None,
            )
        }
        Grading::NoSolution => ("no solution", None, false, empty, vec![], None, None),
        Grading::NotUnique => ("not unique", None, false, empty, vec![], None, None),
        Grading::NoRules => ("no rules", None, false, empty, vec![], None, None),
        Grading::Stopped(limit) => (
            "stopped",
            None,
            false,
            empty,
            vec![],
            None,
            Some(limit_name(*limit)),
        ),
    };
    tuple.into_bound_py_any(py)
}

/// `(number, line, text, query, first, kind, name, strategy, count,
/// complete, stopped_by, solutions, uniqueness, grading, explanation,
/// answers, exact, raw)`; `answers` is a list of `(value, count)`, the
/// value an int or `None`.
pub fn answer<'py>(py: Python<'py>, answer: Answer) -> PyResult<Bound<'py, PyTuple>> {
    let query = answer.query();
    let first = match query {
        Some(crypta_core::Query::First(n)) => Some(n),
        _ => None,
    };
    let solutions = PyList::empty(py);
    for s in answer.solutions() {
        solutions.append(solution(py, s)?)?;
    }
    let count = match answer.count() {
        Some(c) => count(py, c)?,
        None => py.None().into_bound(py),
    };
    let uniqueness = match answer.uniqueness() {
        Some(u) => uniqueness(py, u)?,
        None => py.None().into_bound(py),
    };
    let grading = match answer.grading() {
        Some(g) => grading(py, g)?,
        None => py.None().into_bound(py),
    };
    let answers = match answer.answers() {
        Some(answers) => {
            let list = PyList::empty(py);
            for (value, n) in &answers.values {
                let value = match value {
                    Some(v) => big(py, v)?,
                    None => py.None().into_bound(py),
                };
                list.append((value, *n))?;
            }
            list.into_any()
        }
        None => py.None().into_bound(py),
    };
    let items: Vec<Bound<'py, PyAny>> = vec![
        answer.number().into_bound_py_any(py)?,
        answer.line().into_bound_py_any(py)?,
        answer.text().into_bound_py_any(py)?,
        query.map(|q| q.keyword()).into_bound_py_any(py)?,
        first.into_bound_py_any(py)?,
        answer.kind().into_bound_py_any(py)?,
        answer.bound_name().into_bound_py_any(py)?,
        answer.strategy().into_bound_py_any(py)?,
        count,
        answer.is_complete().into_bound_py_any(py)?,
        answer.stopped_by().map(limit_name).into_bound_py_any(py)?,
        solutions.into_any(),
        uniqueness,
        grading,
        answer.explanation().into_bound_py_any(py)?,
        answers,
        answer.is_exact().into_bound_py_any(py)?,
        RawAnswer(answer).into_bound_py_any(py)?,
    ];
    PyTuple::new(py, items)
}
