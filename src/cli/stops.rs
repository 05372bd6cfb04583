//! What ends a run from outside, besides its time limit: Ctrl-C, which
//! stops the search and keeps what it found (the result is marked
//! incomplete and the exit status is 3, as for a time limit), and a
//! closed output pipe (`crypta eval ... | head -1`), which ends the process
//! at once, as it would a C filter, instead of searching on for nobody.

#![allow(unsafe_code)] // fstat, poll and raise on the output pipe (see below)

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Installs both; returns the flag the searches poll.
pub fn install() -> Arc<AtomicBool> {
    watch_closed_stdout();
    super::interactive::interrupt_flag()
}

/// When standard output is a pipe, a thread waits until its reader is
/// gone and then ends the process by SIGPIPE (its default action: the
/// status a shell reports as 141), silently.
#[cfg(unix)]
fn watch_closed_stdout() {
    // SAFETY: fstat on a valid descriptor with a zeroed out-struct.
    let is_pipe = unsafe {
        let mut stat: libc::stat = std::mem::zeroed();
        libc::fstat(libc::STDOUT_FILENO, &mut stat) == 0
            && (stat.st_mode & libc::S_IFMT) == libc::S_IFIFO
    };
    if !is_pipe {
        return;
    }
    std::thread::spawn(|| loop {
        let mut watched = libc::pollfd {
            fd: libc::STDOUT_FILENO,
            events: 0,
            revents: 0,
        };
        // SAFETY: one valid pollfd; POLLERR and POLLHUP are reported even
        // when no event is asked for, which is all this waits for.
        let ready = unsafe { libc::poll(&mut watched, 1, 200) };
        if ready > 0 && watched.revents & (libc::POLLERR | libc::POLLHUP) != 0 {
            // SAFETY: raising a signal whose disposition is the default
            // (main restores it) terminates the process.
            unsafe {
                libc::raise(libc::SIGPIPE);
            }
        }
    });
}

#[cfg(not(unix))]
fn watch_closed_stdout() {}
