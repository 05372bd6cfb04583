//! The terminal side of the REPL and of long searches: the read-print loop
//! over rustyline, Ctrl-C while a search runs, the history file, and the
//! progress spinner. The session logic is in the library (`crate::repl`).

use crate::{err, errln, out, outln};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use console::Term;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;

use crate::repl::editor::CryptaHelper;
use crate::repl::{unfinished, Session, Settings};
use crypta_core::Format;

const PROMPT: &str = "crypta> ";
const CONTINUE: &str = "   ...> ";

/// Where the history is kept: `$XDG_STATE_HOME/crypta/history`, or
/// `~/.local/state/crypta/history`.
fn history_path() -> Option<PathBuf> {
    let state = std::env::var_os("XDG_STATE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))?;
    let dir = state.join("crypta");
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join("history"))
}

/// The Ctrl-C flag of the running search. Installed once: at the prompt
/// rustyline reads Ctrl-C as a key, so the signal only arrives during a
/// search, where it sets the flag the search polls.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let handler_flag = flag.clone();
    // If a handler cannot be installed, Ctrl-C keeps its default meaning.
    let _ = ctrlc::set_handler(move || handler_flag.store(true, Ordering::Relaxed));
    flag
}

/// How long a search runs before the spinner first draws: a statement that
/// ends sooner shows nothing and waits for nothing.
const SPINNER_DELAY: Duration = Duration::from_millis(300);

/// Runs `work` with a spinner on standard error that appears if it takes
/// longer than `SPINNER_DELAY`, showing the solutions found so far.
pub fn with_progress<T>(enabled: bool, found: &Arc<AtomicU64>, work: impl FnOnce() -> T) -> T {
    let mut spinner = Spinner::start(enabled, found);
    let result = work();
    spinner.stop();
    result
}

/// The spinner of a search, drawn on standard error by a thread of its own
/// from `SPINNER_DELAY` on, until [`Spinner::stop`] (or drop).
///
/// The thread waits on a channel, not in sleeps: when the search ends it
/// is woken at once, so stopping it adds no delay (sleeping in slices of
/// 50 ms made every statement take at least 50 ms on a terminal).
pub struct Spinner {
    done: Option<mpsc::Sender<()>>,
    thread: Option<thread::JoinHandle<()>>,
}

impl Spinner {
    /// Starts the spinner (or nothing, if not `enabled`) for a search that
    /// keeps `found` up to date.
    pub fn start(enabled: bool, found: &Arc<AtomicU64>) -> Self {
        if !enabled {
            return Spinner {
                done: None,
                thread: None,
            };
        }
        let (done, done_in) = mpsc::channel::<()>();
        let found_in = found.clone();
        let thread = thread::spawn(move || {
            // Err(Timeout): still running; anything else: done (or the
            // sender is gone), so nothing is drawn.
            if done_in.recv_timeout(SPINNER_DELAY) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let bar = ProgressBar::with_draw_target(
                None,
                ProgressDrawTarget::term_like_with_hz(Box::new(Margin(Term::stderr())), 10),
            );
            bar.set_style(
                ProgressStyle::with_template("{spinner} searching… {msg} ({elapsed})")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar.enable_steady_tick(Duration::from_millis(100));
            loop {
                let n = found_in.load(Ordering::Relaxed);
                bar.set_message(format!(
                    "{} solution{} so far",
                    n,
                    if n == 1 { "" } else { "s" }
                ));
                if done_in.recv_timeout(Duration::from_millis(100))
                    != Err(RecvTimeoutError::Timeout)
                {
                    break;
                }
            }
            bar.finish_and_clear();
        });
        Spinner {
            done: Some(done),
            thread: Some(thread),
        }
    }

    /// Clears the spinner and returns once it is gone from the terminal, so
    /// that what is printed next is not drawn over; later calls do nothing.
    pub fn stop(&mut self) {
        if let Some(done) = self.done.take() {
            let _ = done.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Standard error as the spinner sees it: two columns narrower than it
/// is. indicatif pads its line to the terminal's width, and the `^C` the
/// terminal echoes on Ctrl-C would then wrap to a new line, where the
/// spinner's last clear would clear it and leave a stale frame above; two
/// columns spare keep the echo on the spinner's line.
#[derive(Debug)]
struct Margin(Term);

impl TermLike for Margin {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(2).max(1)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Runs the REPL until `:quit` or Ctrl-D. Returns the exit status.
pub fn repl(settings: Settings, quiet: bool) -> u8 {
    // Tab as in bash: complete what is common, then list the candidates
    // (rustyline's default cycles through them, one at a time).
    let config = rustyline::Config::builder()
        .completion_type(rustyline::CompletionType::List)
        .build();
    let mut editor: Editor<CryptaHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(editor) => editor,
        Err(e) => {
            errln!("error: cannot start the line editor: {}", e);
            return 2;
        }
    };
    editor.set_helper(Some(CryptaHelper::new()));
    let history = history_path();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    let interactive = std::io::stdin().is_terminal();
    if interactive && !quiet {
        outln!(
            "crypta {}: :help for help, Ctrl-D to leave",
            env!("CARGO_PKG_VERSION")
        );
    }
    let progress = !quiet && std::io::stderr().is_terminal();
    let interrupt = interrupt_flag();
    let found = Arc::new(AtomicU64::new(0));
    let mut session = Session::new(settings);
    let mut input = String::new();
    loop {
        let prompt = if input.is_empty() { PROMPT } else { CONTINUE };
        match editor.readline(prompt) {
            Ok(line) => {
                input.push_str(&line);
                input.push('\n');
                if unfinished(&input) {
                    continue;
                }
                let typed = std::mem::take(&mut input);
                if !typed.trim().is_empty() {
                    let _ = editor.add_history_entry(typed.trim_end());
                    if let Some(path) = &history {
                        let _ = editor.append_history(path);
                    }
                }
                let show = progress && session.settings.format == Format::Text;
                let reply =
                    with_progress(show, &found, || session.handle(&typed, &interrupt, &found));
                out!("{}", reply.out);
                err!("{}", reply.err);
                // Output nobody can read ends the session (exit status 2).
                if !super::say::flush() || super::say::failed(super::say::Stream::Err) {
                    break;
                }
                if let Some(helper) = editor.helper_mut() {
                    helper.names = session.names();
                }
                if reply.quit {
                    break;
                }
            }
            // Ctrl-C at the prompt: forget the line (or the open block).
            Err(ReadlineError::Interrupted) => input.clear(),
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                errln!("error: {}", e);
                return 2;
            }
        }
    }
    0
}
