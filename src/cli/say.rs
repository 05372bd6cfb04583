//! The one way the command line writes to standard output and standard
//! error. `println!` panics when a write fails (`crypta fmt - > /dev/full`:
//! exit status 101, "failed printing to stdout"); here a failed write is
//! remembered instead, nothing more is written to that stream, the run's
//! interrupt flag stops any search working for nobody, and [`finish`]
//! ends the process with "cannot write" and exit status 2, as every
//! other unusable output does.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use super::output::{worse, USAGE};

/// The first failed write of each stream: stdout, then stderr.
static FAILED: Mutex<[Option<String>; 2]> = Mutex::new([None, None]);
/// Raised when a write fails, so that searches and generators stop.
static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// Which stream a text goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    Out = 0,
    Err = 1,
}

/// `flag` is raised when a write fails (the run's interrupt flag).
pub fn stop_with(flag: Arc<AtomicBool>) {
    let _ = STOP.set(flag);
}

/// Writes `text` to standard output; false once a write has failed.
pub fn out(text: &str) -> bool {
    write(Stream::Out, text.as_bytes())
}

/// Writes `text` to standard error; false once a write has failed.
pub fn err(text: &str) -> bool {
    write(Stream::Err, text.as_bytes())
}

/// Writes `bytes` to `stream`, remembering the first failure.
pub fn write(stream: Stream, bytes: &[u8]) -> bool {
    if failed(stream) {
        return false;
    }
    let written = match stream {
        Stream::Out => std::io::stdout().lock().write_all(bytes),
        // Standard error is unbuffered: the write is the flush.
        Stream::Err => std::io::stderr().lock().write_all(bytes),
    };
    match written {
        Ok(()) => true,
        Err(e) => {
            fail(stream, &e);
            false
        }
    }
}

/// Flushes standard output (what `print!` left without a line break);
/// false if that failed.
pub fn flush() -> bool {
    if failed(Stream::Out) {
        return false;
    }
    match std::io::stdout().lock().flush() {
        Ok(()) => true,
        Err(e) => {
            fail(Stream::Out, &e);
            false
        }
    }
}

/// Records that writing to `stream` failed with `error` (also for writers
/// of their own, such as a buffered printer of solutions).
pub fn fail(stream: Stream, error: &std::io::Error) {
    if let Ok(mut failed) = FAILED.lock() {
        failed[stream as usize].get_or_insert_with(|| error.to_string());
    }
    if let Some(flag) = STOP.get() {
        flag.store(true, Ordering::Relaxed);
    }
}

/// Whether a write to `stream` has failed.
pub fn failed(stream: Stream) -> bool {
    FAILED
        .lock()
        .map_or(true, |failed| failed[stream as usize].is_some())
}

/// The exit status of a run that ended with `code`: 2 if any write
/// failed, said on standard error when standard error still works.
pub fn finish(code: u8) -> u8 {
    flush();
    let failed = FAILED.lock().map(|f| f.clone()).unwrap_or_default();
    match failed {
        [None, None] => code,
        [out, _] => {
            if let Some(e) = out {
                err(&format!("error: cannot write the output: {}\n", e));
            }
            worse(code, USAGE)
        }
    }
}

/// `print!` that never panics: see the module's text. What a failed
/// write means is decided once, by [`finish`].
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        {
            let _ = $crate::cli::say::out(&format!($($arg)*));
        }
    };
}

/// `println!` that never panics.
#[macro_export]
macro_rules! outln {
    () => {
        {
            let _ = $crate::cli::say::out("\n");
        }
    };
    ($($arg:tt)*) => {
        {
            let _ = $crate::cli::say::out(&format!("{}\n", format_args!($($arg)*)));
        }
    };
}

/// `eprint!` that never panics.
#[macro_export]
macro_rules! err {
    ($($arg:tt)*) => {
        {
            let _ = $crate::cli::say::err(&format!($($arg)*));
        }
    };
}

/// `eprintln!` that never panics.
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {
        {
            let _ = $crate::cli::say::err(&format!("{}\n", format_args!($($arg)*)));
        }
    };
}
