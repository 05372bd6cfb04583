//! `Stream`: the solutions of one `solve` or `first N`, streamed from a
//! search thread through a bounded channel, so that the first few of a
//! puzzle with billions arrive at once in the memory of a few. The search
//! starts at the first `__next__` and stops when the stream is closed or
//! dropped (the consumer is gone: the interrupt flag is raised), or on
//! Ctrl-C while the consumer waits.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crypta_core::{Answer, Error, Options, Query, Solution, Statement};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::{convert, interrupted, limits, raise, the_statement, wait::TICK};

/// What the search thread sends: each solution, then how it ended.
enum Message {
    Solution(Solution),
    // Boxed: sent once, while solutions are sent by the million.
    Done(Box<Result<Answer, Error>>),
}

/// Solutions found but not yet taken: enough to keep the search busy
/// while Python reads, few enough to cost no memory to speak of.
const CAPACITY: usize = 32;

/// A stream of solutions; iterate it, then read `answer()`.
#[pyclass(module = "crypta._crypta")]
pub struct Stream {
    /// The statement to search, until the search starts.
    statement: Option<Statement>,
    options: Options,
    flag: Arc<AtomicBool>,
    receiver: Option<Mutex<Receiver<Message>>>,
    thread: Option<JoinHandle<()>>,
    /// How the search ended, once it has.
    answer: Option<Answer>,
    done: bool,
}

#[pymethods]
impl Stream {
    /// The stream of the one `solve` or `first N` statement of `source`
    /// (`first=N` asks it as `first N`). A script with errors raises
    /// here, before anything is searched.
    #[new]
    #[pyo3(signature = (source, first=None, *, timeout=None, max_nodes=None, jobs=None))]
    fn new(
        py: Python<'_>,
        source: String,
        first: Option<u64>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
        jobs: Option<usize>,
    ) -> PyResult<Stream> {
        let (limits, flag) = limits(timeout, max_nodes, jobs)?;
        let options = limits.options(&flag);
        let query = first.map(|_| "first");
        let (_, statement) = the_statement(py, &source, query, first)?;
        if !matches!(statement.query(), Some(Query::Solve | Query::First(_))) {
            return Err(PyValueError::new_err(format!(
                "solutions() streams `solve` and `first N`, not `{}`",
                statement.query().map_or("let", |q| q.keyword())
            )));
        }
        Ok(Stream {
            statement: Some(statement),
            options,
            flag,
            receiver: None,
            thread: None,
            answer: None,
            done: false,
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        if self.done {
            return Ok(None);
        }
        self.start();
        loop {
            let Some(receiver) = &self.receiver else {
                return Ok(None);
            };
            let got = py.detach(|| match receiver.lock() {
                Ok(r) => r.recv_timeout(TICK),
                Err(_) => Err(RecvTimeoutError::Disconnected),
            });
            match got {
                Ok(Message::Solution(s)) => return convert::solution(py, &s).map(Some),
                Ok(Message::Done(result)) => {
                    self.finish(py);
                    return match *result {
                        Ok(answer) => {
                            self.answer = Some(answer);
                            Ok(None)
                        }
                        Err(error) => Err(raise(py, |c| &c.1, (error.to_string(),))),
                    };
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.finish(py);
                    return Ok(None);
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(raised) = py.check_signals() {
                        self.flag.store(true, Ordering::SeqCst);
                        let answer = self.drain(py);
                        self.finish(py);
                        return Err(interrupted(py, raised, answer.into_iter().collect()));
                    }
                }
            }
        }
    }

    /// How the search ended (the count found, complete or not), as an
    /// answer tuple without solutions; `None` before it has ended.
    fn answer<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        match &self.answer {
            Some(a) => convert::answer(py, a.clone()).map(Some),
            None => Ok(None),
        }
    }

    /// Stops the search and waits for its thread to end; `answer()` then
    /// says how far it got (stopped by `"interrupt"` when it had more to
    /// search).
    fn close(&mut self, py: Python<'_>) {
        self.flag.store(true, Ordering::SeqCst);
        if !self.done {
            self.answer = self.drain(py);
        }
        self.finish(py);
    }
}

impl Stream {
    /// Starts the search thread, once.
    fn start(&mut self) {
        let Some(statement) = self.statement.take() else {
            return;
        };
        let (sender, receiver) = mpsc::sync_channel(CAPACITY);
        let (options, flag) = (self.options.clone(), Arc::clone(&self.flag));
        self.receiver = Some(Mutex::new(receiver));
        self.thread = Some(std::thread::spawn(move || {
            let result = statement.run_streaming(&options, |solution| {
                // The consumer is gone: stop searching.
                if sender.send(Message::Solution(solution.clone())).is_err() {
                    flag.store(true, Ordering::SeqCst);
                }
            });
            let _ = sender.send(Message::Done(Box::new(result)));
        }));
    }

    /// After an interrupt: the solutions still queued are dropped until
    /// the search says how it ended.
    fn drain(&mut self, py: Python<'_>) -> Option<Answer> {
        let receiver = self.receiver.as_ref()?;
        py.detach(|| {
            let receiver = receiver.lock().ok()?;
            loop {
                match receiver.recv() {
                    Ok(Message::Solution(_)) => {}
                    Ok(Message::Done(result)) => return result.ok(),
                    Err(_) => return None,
                }
            }
        })
    }

    /// Marks the stream done and joins its thread (which has stopped, or
    /// stops at its next look at the flag).
    fn finish(&mut self, py: Python<'_>) {
        self.done = true;
        self.receiver = None;
        if let Some(thread) = self.thread.take() {
            let _ = py.detach(|| thread.join());
        }
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        // Dropped without being closed: the search stops at its next look
        // at the flag, or at its next solution, which no one receives.
        self.flag.store(true, Ordering::SeqCst);
    }
}
