//! `_native_calls`: the same calls as `crypta.ask` makes, made from Rust
//! in a loop, for `python/bench/bench.py` to set the module's cost per
//! call beside the library's, in one process on one machine.

use std::time::Instant;

use crypta_core::{Options, Script};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Parses `source` and runs its last statement `calls` times, as a Rust
/// program embedding crypta-core would, the answer's count and first
/// solution read each time; the seconds taken, the GIL released.
#[pyfunction]
pub fn _native_calls(py: Python<'_>, source: String, calls: u64) -> PyResult<f64> {
    py.detach(|| {
        let start = Instant::now();
        for _ in 0..calls {
            let script = Script::parse(&source);
            let statement = script
                .statements()
                .last()
                .ok_or_else(|| PyValueError::new_err("no statement"))?;
            let answer = statement
                .run(&Options::new())
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            std::hint::black_box((
                answer.count().map(|c| c.to_u64()),
                answer.solutions().first().map(|s| s.symbols().len()),
            ));
        }
        Ok(start.elapsed().as_secs_f64())
    })
}
