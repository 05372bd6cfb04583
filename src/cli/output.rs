//! Exit statuses, and what runs a script for the command line: checks it,
//! runs each statement, prints as results stream in, and says which
//! exit status the run earned.

use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use crypta_core::check::check_script;
use crypta_core::report::{diagnostics, json, text, Format};
use crypta_core::run::{
    run_statement_streaming, ResultBody, RunOptions, StatementResult, StreamEvent,
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
    pub options: RunOptions,
    /// Show file names (several files were given).
    pub show_files: bool,
    /// Show a spinner during long searches (text output, stderr a terminal).
    pub progress: bool,
    /// `--quiet`: `check` says nothing of a script that is fine.
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
            Format::Json => println!("{}", json::render_plain_error(message)),
            Format::Text => eprintln!("error: {}", diagnostics::excerpt(message)),
        }
    }

    /// Shows the problems of a script.
    pub fn problems(&self, name: &str, source: &str, problems: &[crypta_core::Diagnostic]) {
        let file = self.show_files.then_some(name);
        match self.format {
            Format::Json => {
                for d in problems {
                    println!("{}", json::render_error(d, source, file));
                }
            }
            Format::Text => eprint!(
                "{}",
                diagnostics::render(problems, name, source, self.color)
            ),
        }
    }

    /// Checks and runs (or only checks) one script; returns its exit status.
    pub fn script(&mut self, name: &str, source: &str, run: bool) -> u8 {
        let (statements, problems) = check_script(source);
        let file = self.show_files.then_some(name);
        if !problems.is_empty() {
            self.problems(name, source, &problems);
            return ERRORS;
        }
        if !run {
            match self.format {
                Format::Json => println!(
                    "{}",
                    json::line(&json::CheckedJson {
                        file: name,
                        statements: statements.len(),
                        ok: true
                    })
                ),
                Format::Text if self.quiet => {}
                Format::Text => println!("{}: ok ({} statements)", name, statements.len()),
            }
            return OK;
        }
        let mut code = OK;
        let found = Arc::new(AtomicU64::new(0));
        // The flag Ctrl-C sets also stops a search whose output cannot be
        // written.
        let interrupt = self.options.interrupt.clone().unwrap_or_default();
        let options = RunOptions {
            found: Some(found.clone()),
            interrupt: Some(interrupt.clone()),
            ..self.options.clone()
        };
        let mut printer = Printer {
            out: BufWriter::with_capacity(1 << 16, std::io::stdout().lock()),
            format: self.format,
            file,
            live: self.live,
            printed_any: self.printed_any,
            open: false,
            failed: None,
            interrupt: interrupt.clone(),
        };
        for statement in &statements {
            let mut spinner = interactive::Spinner::start(self.progress, &found);
            let run = run_statement_streaming(statement, &options, &mut |event| {
                // A spinner and solutions on one terminal would be drawn
                // over each other: the spinner goes once one is printed.
                if printer.live && matches!(event, StreamEvent::Solution { .. }) {
                    spinner.stop();
                }
                printer.event(event);
            });
            spinner.stop();
            match run {
                Ok(result) => {
                    if result.incomplete() {
                        code = worse(code, LIMIT);
                    }
                    printer.result(&result);
                    printer.flush();
                }
                Err(message) => {
                    printer.abandon();
                    printer.flush();
                    self.error(&message);
                    code = worse(code, ERRORS);
                }
            }
            if let Some(e) = printer.failed.take() {
                eprintln!("error: cannot write the output: {}", e);
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

/// Prints a script's results on standard output, buffered: the solutions
/// of `solve` and `first N` as they are found (the head of the search
/// first, its closing line last), other results whole. The pieces are
/// those `text::render` and `json::render` join, so the output is the same
/// as if the whole result had been rendered at once.
struct Printer<'f> {
    out: BufWriter<std::io::StdoutLock<'static>>,
    format: Format,
    /// The script's name, when several files are run.
    file: Option<&'f str>,
    /// Standard output is a terminal: each solution is flushed as it comes.
    live: bool,
    printed_any: bool,
    /// A streamed search's head is printed and its end is not.
    open: bool,
    /// The first write that failed; nothing more is written after it.
    failed: Option<std::io::Error>,
    /// Set when a write fails, to stop the search for nobody.
    interrupt: Arc<AtomicBool>,
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

    fn event(&mut self, event: StreamEvent<'_>) {
        let text = match event {
            StreamEvent::Head(head) => {
                self.begin(head.number);
                self.open = true;
                match self.format {
                    Format::Text => text::head(&head),
                    Format::Json => json::head(&head, self.file),
                }
            }
            StreamEvent::Solution {
                head,
                solution,
                index,
            } => match self.format {
                Format::Text => text::solution(&head, solution),
                Format::Json => json::solution(&head, solution, index),
            },
        };
        self.write(&text);
        if self.live {
            self.flush();
        }
    }

    /// A statement's result: its end when it was streamed, else all of it.
    fn result(&mut self, result: &StatementResult) {
        self.open = false;
        let text = match (&result.body, self.format) {
            (ResultBody::Searched(search), Format::Text) if search.streamed => text::tail(search),
            (ResultBody::Searched(search), Format::Json) if search.streamed => {
                format!("{}\n", json::tail(search))
            }
            (_, Format::Text) => {
                self.begin(result.number);
                text::render(result)
            }
            (_, Format::Json) => {
                self.begin(result.number);
                format!("{}\n", json::render(result, self.file))
            }
        };
        self.write(&text);
    }

    /// Ends the output of a streamed search that failed with an internal
    /// error, before the error is reported: a JSON line is left whole.
    fn abandon(&mut self) {
        if std::mem::take(&mut self.open) && self.format == Format::Json {
            let end = format!("{}\n", json::abandoned());
            self.write(&end);
        }
    }
}
