//! `crypta._crypta`: the extension module behind the `crypta` Python
//! package. It parses, runs and renders through crypta-core's public API
//! and hands back tuples of plain values, which `crypta/_types.py` turns
//! into dataclasses; its exceptions are the package's own classes, handed
//! over once at import (`_bind`). Every search runs with the GIL released
//! and honours Ctrl-C (`limits`, `wait`); `solutions` streams from a
//! search thread (`stream`); puzzle options given as keywords are
//! written into the script first (`puzzle`).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crypta_core::{Answer, Error, Query, Script, Statement};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyTuple};

/// Every allocation of the extension goes to mimalloc: a statement's
/// parse, check and plan make many small short-lived allocations, and with
/// glibc's allocator a third of a call to `crypta.count` on a condition
/// puzzle (RAISE ARIES, 82 µs) went to malloc and free, most of it merging
/// and unlinking freed chunks.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod bench;
mod convert;
mod generate;
mod limits;
mod puzzle;
mod stream;
mod wait;

/// The package's exception classes: `(ScriptError, InternalError,
/// Interrupted)`, handed over by `crypta/__init__.py`.
static ERRORS: PyOnceLock<(Py<PyAny>, Py<PyAny>, Py<PyAny>)> = PyOnceLock::new();

/// Takes the exception classes the package defines in Python.
#[pyfunction]
fn _bind(
    py: Python<'_>,
    script_error: Py<PyAny>,
    internal_error: Py<PyAny>,
    interrupted: Py<PyAny>,
) -> PyResult<()> {
    let _ = ERRORS.set(py, (script_error, internal_error, interrupted));
    Ok(())
}

/// The exception class `pick` chooses, once `_bind` has run.
fn class<'py>(
    py: Python<'py>,
    pick: impl Fn(&(Py<PyAny>, Py<PyAny>, Py<PyAny>)) -> &Py<PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    match ERRORS.get(py) {
        Some(classes) => Ok(pick(classes).bind(py).clone()),
        None => Err(PyRuntimeError::new_err(
            "crypta._crypta used before `import crypta`",
        )),
    }
}

/// An instance of the exception class `pick` chooses, made of `args`,
/// as an error to raise.
fn raise<'py, A>(
    py: Python<'py>,
    pick: impl Fn(&(Py<PyAny>, Py<PyAny>, Py<PyAny>)) -> &Py<PyAny>,
    args: A,
) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    match class(py, pick).and_then(|c| c.call1(args)) {
        Ok(instance) => PyErr::from_value(instance),
        Err(e) => e,
    }
}

/// A diagnostic as `(message, line, column, end_line, end_column, kind,
/// help, start, end, severity)`: read from the JSON the command line
/// prints, so that lines and columns are counted the same way; `start`
/// and `end` are the span's byte offsets; `severity` is `"error"` or
/// `"warning"`.
type Diag = (
    String,
    u64,
    u64,
    u64,
    u64,
    String,
    Option<String>,
    usize,
    usize,
    &'static str,
);

/// The script's errors and warnings, in source order.
fn diagnostics(script: &Script, source: &str) -> Vec<Diag> {
    script
        .problems()
        .iter()
        .map(|d| {
            let json: serde_json::Value =
                serde_json::from_str(&d.to_json(source, None)).unwrap_or_default();
            let severity = if d.kind.is_warning() {
                "warning"
            } else {
                "error"
            };
            let e = &json[severity];
            let text = |k: &str| e[k].as_str().map(str::to_string);
            let number = |k: &str| e[k].as_u64().unwrap_or(0);
            (
                text("message").unwrap_or_else(|| d.message.clone()),
                number("line"),
                number("column"),
                number("end_line"),
                number("end_column"),
                d.kind.name().to_string(),
                text("hint"),
                d.span.start,
                d.span.end,
                severity,
            )
        })
        .collect()
}

/// The `ScriptError` for a script with diagnostics.
fn script_error(py: Python<'_>, script: &Script, source: &str) -> PyErr {
    let message = Error::Script(script.diagnostics().to_vec()).to_string();
    let report = script.render_diagnostics("<script>", false);
    raise(py, |c| &c.0, (message, diagnostics(script, source), report))
}

/// The Python exception for an error of the core.
fn core_error(py: Python<'_>, error: Error, script: &Script, source: &str) -> PyErr {
    match error {
        Error::Script(_) => script_error(py, script, source),
        other => raise(py, |c| &c.1, (other.to_string(),)),
    }
}

/// The limits given as keyword arguments, and a fresh interrupt flag.
fn limits(
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    jobs: Option<usize>,
) -> PyResult<(limits::Limits, Arc<AtomicBool>)> {
    Ok((
        limits::Limits::new(timeout, max_nodes, jobs)?,
        Arc::new(AtomicBool::new(false)),
    ))
}

/// The script's errors and warnings, each `(message, line, column,
/// end_line, end_column, kind, help, start, end, severity)`; empty when it
/// is fine.
#[pyfunction]
fn check(py: Python<'_>, source: String) -> Vec<Diag> {
    py.detach(|| {
        let script = Script::parse(&source);
        diagnostics(&script, &source)
    })
}

/// Raises the package's `Interrupted` with the answers so far, chained to
/// what the signal handler raised; any other exception of a handler is
/// raised as it is.
fn interrupted(py: Python<'_>, raised: PyErr, answers: Vec<Answer>) -> PyErr {
    if !raised.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(py) {
        return raised;
    }
    let tuples: PyResult<Vec<Bound<'_, PyTuple>>> = answers
        .into_iter()
        .map(|a| convert::answer(py, a))
        .collect();
    let tuples = match tuples {
        Ok(t) => t,
        Err(e) => return e,
    };
    let list = match PyList::new(py, tuples) {
        Ok(list) => list,
        Err(e) => return e,
    };
    let error = raise(py, |c| &c.2, (list,));
    error.set_cause(py, Some(raised));
    error
}

/// Runs every statement of `source` in order: their answers as tuples
/// (see `convert::answer`).
#[pyfunction(signature = (source, *, timeout=None, max_nodes=None, jobs=None))]
fn run<'py>(
    py: Python<'py>,
    source: String,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    jobs: Option<usize>,
) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    let (limits, flag) = limits(timeout, max_nodes, jobs)?;
    let script = py.detach(|| Script::parse(&source));
    if !script.is_ok() {
        return Err(script_error(py, &script, &source));
    }
    let mut answers = Vec::new();
    for statement in script.statements() {
        match limits::run(py, statement, &limits, &flag)? {
            (Ok(answer), None) => answers.push(answer),
            (Ok(answer), Some(raised)) => {
                answers.push(answer);
                return Err(interrupted(py, raised, answers));
            }
            (Err(_), Some(raised)) => return Err(interrupted(py, raised, answers)),
            (Err(error), None) => return Err(core_error(py, error, &script, &source)),
        }
    }
    answers
        .into_iter()
        .map(|a| convert::answer(py, a))
        .collect()
}

/// The query named by `query` (`"count"`, `"first"` with `first`, ...).
fn query_named(query: &str, first: Option<u64>) -> PyResult<Query> {
    Ok(match (query, first) {
        ("first", Some(n)) if n > 0 => Query::First(n),
        ("first", _) => {
            return Err(PyValueError::new_err(
                "first= asks for at least one solution",
            ))
        }
        ("solve", _) => Query::Solve,
        ("count", _) => Query::Count,
        ("unique", _) => Query::Unique,
        ("explain", _) => Query::Explain,
        ("grade", _) => Query::Grade,
        ("explain steps", _) => Query::ExplainSteps,
        (other, _) => {
            return Err(PyValueError::new_err(format!(
            "unknown query {other:?}: solve, first, count, unique, explain, grade or explain steps"
        )))
        }
    })
}

/// The one statement `source` asks (`let`s before it only define names),
/// asked with `query` when given.
fn the_statement(
    py: Python<'_>,
    source: &str,
    query: Option<&str>,
    first: Option<u64>,
) -> PyResult<(Script, Statement)> {
    let script = py.detach(|| Script::parse(source));
    if !script.is_ok() {
        return Err(script_error(py, &script, source));
    }
    let asked: Vec<&Statement> = script
        .statements()
        .iter()
        .filter(|s| s.query().is_some())
        .collect();
    let statement = match asked.as_slice() {
        [one]
            if script
                .statements()
                .last()
                .is_some_and(|s| s.query().is_some()) =>
        {
            *one
        }
        [] => return Err(PyValueError::new_err("the script asks nothing: no puzzle")),
        _ => {
            return Err(PyValueError::new_err(
                "one puzzle or statement is expected here (`let`s before it are fine); \
                 crypta.run() runs a script of several",
            ))
        }
    };
    let statement = match query {
        None => statement.clone(),
        Some(name) => {
            let query = query_named(name, first)?;
            statement
                .asking(query)
                .ok_or_else(|| PyValueError::new_err("that statement asks nothing"))?
        }
    };
    Ok((script, statement))
}

/// Runs the one statement of `source`, asked with `query` when given: its
/// answer as a tuple.
#[pyfunction(signature = (source, query=None, first=None, *, timeout=None, max_nodes=None, jobs=None))]
#[allow(clippy::too_many_arguments)]
fn ask<'py>(
    py: Python<'py>,
    source: String,
    query: Option<String>,
    first: Option<u64>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    jobs: Option<usize>,
) -> PyResult<Bound<'py, PyTuple>> {
    let (limits, flag) = limits(timeout, max_nodes, jobs)?;
    let (script, statement) = the_statement(py, &source, query.as_deref(), first)?;
    let (result, raised) = limits::run(py, &statement, &limits, &flag)?;
    match (result, raised) {
        (Ok(answer), Some(raised)) => Err(interrupted(py, raised, vec![answer])),
        (Err(_), Some(raised)) => Err(raised),
        (Err(error), None) => Err(core_error(py, error, &script, &source)),
        (Ok(answer), None) => convert::answer(py, answer),
    }
}

/// The picture `crypta run --format svg` draws of the one statement of
/// `source`: `(svg, complete)`.
#[pyfunction(signature = (source, blank=false, *, timeout=None, max_nodes=None, jobs=None))]
fn svg(
    py: Python<'_>,
    source: String,
    blank: bool,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    jobs: Option<usize>,
) -> PyResult<(String, bool)> {
    let (limits, flag) = limits(timeout, max_nodes, jobs)?;
    let options = limits.options(&flag);
    let (script, statement) = the_statement(py, &source, None, None)?;
    let (result, raised) = wait::wait(py, &flag, || statement.picture(&options, blank))?;
    if let Some(raised) = raised {
        return Err(raised);
    }
    result.map_err(|e| core_error(py, e, &script, &source))
}

/// The extension module.
#[pymodule]
fn _crypta(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_bind, m)?)?;
    m.add_function(wrap_pyfunction!(bench::_native_calls, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(ask, m)?)?;
    m.add_function(wrap_pyfunction!(svg, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::with_options, m)?)?;
    m.add_class::<stream::Stream>()?;
    m.add_class::<convert::RawSolution>()?;
    m.add_class::<convert::RawAnswer>()?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
