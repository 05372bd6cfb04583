//! Guards against hangs, not timings: a process or a piece of work that
//! should end by itself gets [`CEILING`] to do so, far more than it needs
//! on the slowest, busiest machine, and the test fails (rather than hangs)
//! when it does not. Nothing here measures how long anything took.

use std::process::{Child, ExitStatus, Output};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

/// What "never ends" means to a test. A limit under test is a fraction of
/// a second and a whole run of the binary a few: only a hang (a limit not
/// obeyed, a search of hours) comes near this.
pub const CEILING: Duration = Duration::from_secs(120);

/// Runs `work` on a thread of its own and returns what it returns; fails
/// the test if it has not ended within [`CEILING`] (the thread is left to
/// the end of the test binary), and passes on its panic if it panicked.
pub fn within_ceiling<T: Send + 'static>(
    what: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (sender, receiver) = channel();
    let thread = std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    match receiver.recv_timeout(CEILING) {
        Ok(value) => value,
        Err(RecvTimeoutError::Disconnected) => match thread.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(()) => unreachable!("the thread ends by sending or by panicking"),
        },
        Err(RecvTimeoutError::Timeout) => panic!("{} did not end within {:?}", what, CEILING),
    }
}

/// Waits for `child` to end, with what it wrote to its piped output; kills
/// it and fails the test if it runs past [`CEILING`].
pub fn output(child: Child) -> Output {
    let pid = child.id();
    guarded(pid, move || child.wait_with_output()).expect("wait for crypta")
}

/// Waits for `child` to end (its piped output, if any, left to the
/// caller); kills it and fails the test if it runs past [`CEILING`].
pub fn status(mut child: Child) -> (ExitStatus, Child) {
    let pid = child.id();
    let (status, child) = guarded(pid, move || (child.wait(), child));
    (status.expect("wait for crypta"), child)
}

fn guarded<T: Send + 'static>(pid: u32, wait: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = channel();
    std::thread::spawn(move || {
        let _ = sender.send(wait());
    });
    match receiver.recv_timeout(CEILING) {
        Ok(value) => value,
        Err(RecvTimeoutError::Disconnected) => panic!("waiting for crypta (pid {}) failed", pid),
        Err(RecvTimeoutError::Timeout) => {
            // SAFETY: a signal to the child this test started; the waiting
            // thread has not reaped it (it would have sent by now).
            unsafe {
                libc::kill(pid as libc::pid_t, libc::SIGKILL);
            }
            panic!("crypta (pid {}) did not end within {:?}", pid, CEILING)
        }
    }
}
