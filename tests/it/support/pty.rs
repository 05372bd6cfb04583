//! A program run in a pseudo-terminal, as a person at a terminal runs it:
//! it sees a terminal on its standard input, output and error, and the
//! test types into it and waits for what it prints.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long [`Pty::expect`] waits for what it looks for before the test
/// fails: a guard against a program that never prints it, not a timing.
const PATIENCE: Duration = super::ends::CEILING;

/// `crypta repl` in a terminal, at its first prompt, with a home of its
/// own (for its history) named after `tag`, removed when dropped.
pub fn start_repl(tag: &str) -> (Pty, super::Scratch) {
    let home = super::Scratch::new(&format!("repl-{}", tag));
    let mut command = super::crypta();
    command
        .arg("repl")
        .env("HOME", &*home)
        .env_remove("XDG_STATE_HOME")
        .env("TERM", "xterm");
    let mut p = Pty::spawn(command).expect("start the REPL in a terminal");
    p.expect("crypta> ");
    (p, home)
}

/// The terminal's size.
const ROWS: u16 = 40;
const COLUMNS: u16 = 120;

pub struct Pty {
    master: File,
    child: Child,
    chunks: Receiver<Vec<u8>>,
    /// Output read but not yet matched.
    pending: Vec<u8>,
    /// Everything the program printed, for [`Pty::screen`].
    transcript: Vec<u8>,
    eof: bool,
}

impl Pty {
    /// Starts `command` with a new terminal of 120 × 40 as its controlling
    /// terminal and standard streams.
    pub fn spawn(mut command: Command) -> std::io::Result<Pty> {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize {
            ws_row: ROWS,
            ws_col: COLUMNS,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: openpty writes two descriptors it opened; the pointers
        // are valid for the call and the name and termios may be null.
        let opened = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &size,
            )
        };
        if opened != 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: both descriptors were just opened and are owned here.
        let (master, slave) = unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let slave = File::from(slave);
        command
            .stdin(slave.try_clone()?)
            .stdout(slave.try_clone()?)
            .stderr(slave);
        // SAFETY: between fork and exec only async-signal-safe calls:
        // a new session, and the terminal (fd 0) as its controlling one.
        unsafe {
            command.pre_exec(|| {
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY as _, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn()?;
        // The parent's copies of the terminal side go with `command`, so
        // the reader sees the end when the child is gone.
        drop(command);
        let (sender, chunks) = mpsc::channel();
        let mut reader = master.try_clone()?;
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            // A read error (EIO once the child has gone) is the end.
            while let Ok(n @ 1..) = reader.read(&mut buffer) {
                if sender.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Ok(Pty {
            master,
            child,
            chunks,
            pending: Vec::new(),
            transcript: Vec::new(),
            eof: false,
        })
    }

    /// Types `text` (all of it at once, as a paste without bracketing
    /// does).
    pub fn send(&mut self, text: &str) {
        self.master
            .write_all(text.as_bytes())
            .expect("write to the terminal");
        self.master.flush().expect("flush the terminal");
    }

    /// Types a line and Enter.
    pub fn send_line(&mut self, line: &str) {
        self.send(&format!("{}\r", line));
    }

    /// Types Ctrl and a letter (`'c'`, `'d'`).
    pub fn send_control(&mut self, key: char) {
        let byte = (key.to_ascii_lowercase() as u8) & 0x1f;
        self.master
            .write_all(&[byte])
            .expect("write to the terminal");
    }

    /// Waits until the program prints `needle`; returns everything printed
    /// before it (since the last match). Panics with what was printed if it
    /// does not come within the patience.
    pub fn expect(&mut self, needle: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(at) = find(&self.pending, needle.as_bytes()) {
                let before = String::from_utf8_lossy(&self.pending[..at]).into_owned();
                self.pending.drain(..at + needle.len());
                return before;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if self.eof || left.is_zero() || !self.read(left) {
                panic!(
                    "waited for {:?}; the terminal shows:\n{}",
                    needle,
                    String::from_utf8_lossy(&self.pending)
                );
            }
        }
    }

    /// Waits until the program ends and its terminal closes; returns its
    /// exit code.
    pub fn expect_eof(&mut self) -> Option<i32> {
        let deadline = Instant::now() + PATIENCE;
        while !self.eof {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || !self.read(left) && !self.eof {
                panic!(
                    "the program did not end; the terminal shows:\n{}",
                    String::from_utf8_lossy(&self.pending)
                );
            }
        }
        self.child.wait().ok().and_then(|s| s.code())
    }

    /// What the program printed after the last match (after
    /// [`Pty::expect_eof`]: everything up to its end).
    pub fn rest(&mut self) -> String {
        String::from_utf8_lossy(&std::mem::take(&mut self.pending)).into_owned()
    }

    /// The terminal's screen as a person sees it now, row by row (blanks
    /// at the ends trimmed): everything printed so far played on a
    /// terminal emulator of the same size, so that what was drawn over or
    /// cleared is gone and what was not stays.
    pub fn screen(&self) -> Vec<String> {
        let size = |n| std::num::NonZeroU16::new(n).expect("a terminal of some size");
        let mut parser = vt100::Parser::new(size(ROWS), size(COLUMNS), 0);
        parser.process(&self.transcript);
        parser
            .screen()
            .rows(0, COLUMNS)
            .map(|row| row.trim_end().to_string())
            .collect()
    }

    /// Reads what arrives within `wait`; false when nothing did.
    fn read(&mut self, wait: Duration) -> bool {
        match self.chunks.recv_timeout(wait) {
            Ok(chunk) => {
                self.transcript.extend(&chunk);
                self.pending.extend(chunk);
                true
            }
            Err(RecvTimeoutError::Disconnected) => {
                self.eof = true;
                true
            }
            Err(RecvTimeoutError::Timeout) => false,
        }
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    haystack.windows(needle.len()).position(|w| w == needle)
}
