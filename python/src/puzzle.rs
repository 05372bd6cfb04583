//! `with_options`: the puzzle options given as keyword arguments
//! (`base=`, `digits=`, ...) written into a script after each query's
//! `with`, by the core's `PuzzleOptions` (typed values only: nothing else
//! reaches the text).

use crypta_core::{PuzzleOptions, Script};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::script_error;

/// `source` with the options given written after each query's `with`.
/// A script with errors raises `ScriptError` on its own text first; an
/// option also written in a statement, or a group that is not letters,
/// raises `ValueError`.
#[pyfunction(signature = (source, base=None, digits=None, leading_zeros=None, repeats=None, distinct=None))]
pub fn with_options(
    py: Python<'_>,
    source: String,
    base: Option<u32>,
    digits: Option<Vec<u32>>,
    leading_zeros: Option<bool>,
    repeats: Option<bool>,
    distinct: Option<Vec<String>>,
) -> PyResult<String> {
    let options = PuzzleOptions {
        base,
        digits,
        leading_zeros,
        repeats,
        distinct: distinct.unwrap_or_default(),
    };
    if options.is_empty() {
        return Ok(source);
    }
    let script = py.detach(|| Script::parse(&source));
    if !script.is_ok() {
        return Err(script_error(py, &script, &source));
    }
    options
        .apply(&source)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}
