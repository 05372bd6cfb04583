//! Searches run on a thread of their own while the calling thread, the
//! GIL released, waits for them and looks at Python's signals every few
//! milliseconds: Ctrl-C (a `KeyboardInterrupt` from Python's handler)
//! raises the core's interrupt flag, and the search stops with what it
//! found so far. Python runs signal handlers only on its main thread,
//! hence a second thread for the search rather than for the watch.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the waiting thread looks at Python's signals.
pub const TICK: Duration = Duration::from_millis(20);

/// Runs `work` on a scoped thread and waits for it with the GIL released,
/// checking signals every [`TICK`]. A signal handler's exception sets
/// `flag` (which `work` must honour), and is returned beside `work`'s
/// result once `work` has stopped.
pub fn wait<T: Send>(
    py: Python<'_>,
    flag: &Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<(T, Option<PyErr>)> {
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let handle = scope.spawn(move || {
            let result = work();
            // The waiting side may have stopped listening: no matter.
            let _ = done.send(());
            result
        });
        let mut raised = None;
        let mut finished = Some(finished);
        loop {
            // Moved in and out: a receiver is not shared between threads.
            let Some(waiting) = finished.take() else {
                break;
            };
            let (waiting, got) = py.detach(move || {
                let got = waiting.recv_timeout(TICK);
                (waiting, got)
            });
            finished = Some(waiting);
            match got {
                Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Err(error) = py.check_signals() {
                flag.store(true, Ordering::SeqCst);
                raised = Some(error);
                break;
            }
        }
        // After an interrupt the search stops at its next check of the
        // flag; wait for it without the GIL.
        let result = py.detach(|| handle.join());
        match result {
            Ok(value) => Ok((value, raised)),
            Err(_) => Err(PyRuntimeError::new_err(
                "internal error: crypta's search thread panicked",
            )),
        }
    })
}
