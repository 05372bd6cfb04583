//! Exit statuses, and what runs a script for the command line: checks it,
//! runs each statement, prints as results stream in, and says which
//! exit status the run earned.

use crate::{err, errln, outln};
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use crypta_core::{
    error_json, excerpt, render_diagnostics, Diagnostic, Format, Options, Piece, Script,
};

use super::{draw, interactive};

/// Exit statuses, most serious last so the maximum wins.
pub const OK: u8 = 0;
pub const LIMIT: u8 = 3;
pub const ERRORS: u8 = 1;
pub const USAGE: u8 = 2;

pub fn severity(code: u8) -> u8 {
    match code {
        OK => 0,
        LIMIT => 1,
        ERRORS => 2,
        _ => 3,
    }
}

pub fn worse(a: u8, b: u8) -> u8 {
    if severity(b) > severity(a) {
        b
    } else {
        a
    }
}

pub struct Output {
    pub format: Format,
    pub color: bool,
    pub options: Options,
    /// Show file names (several files were given).
    pub show_files: bool,
    /// Scripts come from files (`run FILE`, `check FILE`): JSON error and
    /// warning lines say which (`"file"`), even for one file.
    pub named: bool,
    /// Show a spinner during long searches (text output, stderr a terminal).
    pub progress: bool,
    /// `--quiet`: `check` says nothing of a script that is fine, and a
    /// run prints each statement's answer without its text.
    pub quiet: bool,
    pub printed_any: bool,
    /// Standard output is a terminal: streamed solutions are flushed one
    /// by one, to show as they are found.
    pub live: bool,
    /// `--format svg`: scripts are drawn, not printed (errors are text).
    pub draw: Option<draw::DrawOptions>,
}

impl Output {
    pub fn error(&self, message: &str) {
        match self.format {
            Format::Json => outln!("{}", error_json(message)),
            Format::Text => errln!("error: {}", excerpt(message)),
        }
    }

    /// Shows the problems of a script.
    pub fn problems(&self, name: &str, source: &str, problems: &[Diagnostic]) {
        let file = (self.show_files || self.named).then_some(name);
        match self.format {
            Format::Json => {
                for d in problems {
                    outln!("{}", d.to_json(source, file));
                }
            }
            Format::Text => err!("{}", render_diagnostics(problems, name, source, self.color)),
        }
    }

    /// Checks and runs (or only checks) one script; returns its exit status.
    pub fn script(&mut self, name: &str, source: &str, run: bool) -> u8 {
        let script = Script::parse(source);
        let file = self.show_files.then_some(name);
        if !script.is_ok() {
            self.problems(name, source, &script.problems());
            return ERRORS;
        }
        // Warnings are shown, and the script runs.
        self.problems(name, source, script.warnings());
        let statements = script.statements();
        if !run {
            match self.format {
                Format::Json => outln!("{}", script.checked_json(name)),
                Format::Text if self.quiet => {}
                Format::Text => outln!("{}: ok ({} statements)", name, statements.len()),
            }
            return OK;
        }
        let mut code = OK;
        let found = Arc::new(AtomicU64::new(0));
        // The flag Ctrl-C sets also stops a search whose output cannot be
        // written.
        let interrupt = self.options.interrupt_flag().cloned().unwrap_or_default();
        let options = self
            .options
            .clone()
            .progress(found.clone())
            .interrupt(interrupt.clone());
        let mut printer = Printer {
            out: BufWriter::with_capacity(1 << 16, std::io::stdout().lock()),
            format: self.format,
            file,
            live: self.live,
            printed_any: self.printed_any,
            failed: None,
            interrupt: interrupt.clone(),
            unsaid: None,
        };
        for statement in statements {
            let mut spinner = interactive::Spinner::start(self.progress, &found);
            let number = statement.number();
            // `--quiet`: answers only, without the statement's text above.
            printer.unsaid = (self.quiet && self.format == Format::Text)
                .then(|| format!("{}\n", statement.text()));
            let run = statement.run_printed(&options, self.format, file, |piece| {
                // A spinner and solutions on one terminal would be drawn
                // over each other: the spinner goes once one is printed.
                if printer.live && matches!(piece, Piece::Solution(_)) {
                    spinner.stop();
                }
                printer.piece(number, piece);
            });
            spinner.stop();
            printer.flush();
            match run {
                // Exit status 3 is for a statement a limit cut short: its
                // search, `unique`'s givens, `grade`'s search or steps.
                Ok(answer) if !answer.is_complete() => {
                    code = worse(code, LIMIT);
                }
                Ok(_) => {}
                Err(e) => {
                    self.error(&e.to_string());
                    code = worse(code, ERRORS);
                }
            }
            if let Some(e) = printer.failed.take() {
                // Said once, by `say::finish`, as for every other output.
                super::say::fail(super::say::Stream::Out, &e);
                return worse(code, USAGE);
            }
            // Ctrl-C ends the run, not only the statement it stopped.
            if interrupt.load(Ordering::Relaxed) {
                break;
            }
        }
        self.printed_any = printer.printed_any;
        code
    }
}

/// Prints a script's results on standard output, buffered, in the pieces
/// [`crypta_core::Statement::run_printed`] hands out: the solutions of
/// `solve` and `first N` as they are found, other results whole.
struct Printer<'f> {
    out: BufWriter<std::io::StdoutLock<'static>>,
    format: Format,
    /// The script's name, when several files are run.
    file: Option<&'f str>,
    /// Standard output is a terminal: each solution is flushed as it comes.
    live: bool,
    printed_any: bool,
    /// The first write that failed; nothing more is written after it.
    failed: Option<std::io::Error>,
    /// Set when a write fails, to stop the search for nobody.
    interrupt: Arc<AtomicBool>,
    /// `--quiet`: the statement's text, left out where its output starts.
    unsaid: Option<String>,
}

impl Printer<'_> {
    fn write(&mut self, text: &str) {
        if self.failed.is_some() {
            return;
        }
        if let Err(e) = self.out.write_all(text.as_bytes()) {
            self.failed = Some(e);
            self.interrupt.store(true, Ordering::Relaxed);
        }
    }

    fn flush(&mut self) {
        if self.failed.is_none() {
            if let Err(e) = self.out.flush() {
                self.failed = Some(e);
                self.interrupt.store(true, Ordering::Relaxed);
            }
        }
    }

    /// What comes before a statement's text: a blank line after the one
    /// before, and the file's name over its first statement.
    fn begin(&mut self, number: usize) {
        if self.format == Format::Text {
            if self.printed_any {
                self.write("\n");
            }
            if let (Some(file), 1) = (self.file, number) {
                let header = format!("== {} ==\n", file);
                self.write(&header);
            }
        }
        self.printed_any = true;
    }

    /// One piece of statement `number`'s output.
    fn piece(&mut self, number: usize, piece: Piece<'_>) {
        let text = match piece {
            Piece::Start(text) => {
                self.begin(number);
                match &self.unsaid {
                    Some(echo) => text.strip_prefix(echo.as_str()).unwrap_or(text),
                    None => text,
                }
            }
            Piece::Solution(text) | Piece::End(text) => text,
        };
        self.write(text);
        if self.live {
            self.flush();
        }
    }
}
