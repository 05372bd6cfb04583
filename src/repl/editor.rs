//! What rustyline asks of crypta: completion of keywords, options,
//! commands and names, and hints from history.
//!
//! Unfinished `{ ... }` blocks are not left to rustyline's validator: it
//! would keep editing one buffer with no prompt on the following lines, and
//! a puzzle author pasting a grid wants to see a continuation prompt. The
//! loop asks [`super::unfinished`] and reads the next line itself.

use std::borrow::Cow;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

use crypta_core::complete::{completions, fitting};

/// REPL commands.
pub const COMMANDS: &[&str] = &[
    ":help", ":load", ":format", ":timeout", ":time", ":clear", ":quit",
];

/// What the REPL's line editor asks of crypta: completions and hints from
/// history.
pub struct CryptaHelper {
    /// Names defined in the session, refreshed by the loop.
    pub names: Vec<String>,
    files: FilenameCompleter,
    hinter: HistoryHinter,
}

impl CryptaHelper {
    /// A helper that knows no names yet.
    pub fn new() -> Self {
        CryptaHelper {
            names: Vec::new(),
            files: FilenameCompleter::new(),
            hinter: HistoryHinter::new(),
        }
    }

    /// Completions for the word ending at `pos`: (start of the word, words).
    /// What is offered depends on where the word is: commands after `:`,
    /// options after `with`, queries, blocks and names at the start of a
    /// statement, blocks and names after a query. An empty word lists
    /// everything that fits there.
    pub fn candidates(&self, line: &str, pos: usize) -> (usize, Vec<String>) {
        // rustyline's cursor is on a character boundary; anyone else's is
        // moved back to one.
        let mut pos = pos.min(line.len());
        while !line.is_char_boundary(pos) {
            pos -= 1;
        }
        let before = &line[..pos];
        let start = crypta_core::complete::word_start(before);
        let word = &before[start..];
        let commands: &[&str] = if word.starts_with(':') {
            COMMANDS
        } else if before.trim_start().starts_with(":format") {
            &["text", "json"]
        } else if before.trim_start().starts_with(':') {
            &[]
        } else {
            return completions(before, self.names.iter().map(String::as_str));
        };
        (start, fitting(commands.iter().copied(), word))
    }
}

impl Default for CryptaHelper {
    fn default() -> Self {
        Self::new()
    }
}

impl Completer for CryptaHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        if line.trim_start().starts_with(":load ") {
            return self.files.complete(line, pos, ctx);
        }
        let (start, words) = self.candidates(line, pos);
        Ok((
            start,
            words
                .into_iter()
                .map(|w| Pair {
                    display: w.clone(),
                    replacement: w,
                })
                .collect(),
        ))
    }
}

impl Hinter for CryptaHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        self.hinter.hint(line, pos, ctx)
    }
}

impl Highlighter for CryptaHelper {
    /// Hints in grey, so they do not look typed.
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        Cow::Owned(format!("\x1b[90m{}\x1b[0m", hint))
    }
}

impl Validator for CryptaHelper {}

impl Helper for CryptaHelper {}
