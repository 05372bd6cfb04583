//! `crypta fmt`: one layout for every script, so that a diff shows what
//! changed in a puzzle and not how it was typed.
//!
//! The rules, in the order an author notices them:
//! - one space around operators and between words, one after a comma,
//!   none inside brackets or around `..` (`digits {2, 3, 5, 7}`, `1..8`);
//! - a statement starts its line; `;` joins statements as `A; B`; a line
//!   that continues a statement is indented four spaces;
//! - a trailing comment stays in its column when the code before it still
//!   fits (so aligned comments stay aligned), else it follows one space
//!   after; a comment on a line of its own starts the line;
//! - blank lines are kept; trailing blanks go; the file ends in one newline;
//! - Kakuro rows one to a line, two spaces in, every column as wide as the
//!   widest cell; a grid written on one line stays on one line;
//! - a layout block keeps every row where it is printed, relative to the
//!   others (that is what the rows mean), shifted to four spaces in.
//!
//! A script with a comment that starts `# fmt: off` is left as it is
//! (syntax errors and all), for the rare grid or test that is laid out by
//! hand on purpose.
//!
//! Only spacing changes: the tokens, their order and the lines between
//! statements stay, so the formatted script means what the original did
//! (the tests check it runs to the same answers). A script with syntax
//! errors is refused, not mangled; and the formatted text is checked again
//! ([`verify`]): if any statement would change, nothing is written.

mod blocks;
pub mod lex;
mod verify;

use crypta_substrate::diagnostic::{Diagnostic, ErrorKind};
use crypta_substrate::vocab;
use lex::{Token, TokenKind};
pub use verify::{verify, Refusal};

/// Formats a script, or says why not: its syntax errors, or the statement
/// formatting would have changed.
pub fn format_script(source: &str) -> Result<String, Refusal> {
    let formatter = Formatter::new(source);
    if formatter
        .tokens
        .iter()
        .any(|t| t.kind == TokenKind::Comment && source[t.span.clone()].starts_with(OFF))
    {
        return Ok(source.to_string());
    }
    let (_, diagnostics) = crypta_substrate::syntax::parse_script(source);
    let refused: Vec<Diagnostic> = diagnostics
        .into_iter()
        .filter(|d| matches!(d.kind, ErrorKind::Syntax | ErrorKind::TooLarge))
        .collect();
    if !refused.is_empty() {
        return Err(Refusal::Syntax(refused));
    }
    verify(source, formatter.run())
}

/// The comment that turns the formatter off for its script.
pub(crate) const OFF: &str = "# fmt: off";

/// The indent of a line that continues a statement.
const CONTINUED: &str = "    ";

/// The output being built, a line at a time.
struct Formatter<'a> {
    source: &'a str,
    tokens: Vec<Token>,
    out: String,
    /// The line being written, not yet in `out`.
    line: String,
    /// The code token before the next one on this line, if any.
    previous: Option<&'a str>,
    /// Where the current source line starts, for comment columns.
    source_line_start: usize,
    /// The source as the grammar reads it: a line break that continues a
    /// statement is a blank there.
    logical: std::borrow::Cow<'a, str>,
}

impl<'a> Formatter<'a> {
    fn new(source: &'a str) -> Self {
        Formatter {
            source,
            tokens: lex::tokens(source),
            out: String::with_capacity(source.len() + source.len() / 8),
            line: String::new(),
            previous: None,
            source_line_start: 0,
            logical: vocab::logical(source),
        }
    }

    fn run(mut self) -> String {
        let tokens = std::mem::take(&mut self.tokens);
        let source: &'a str = self.source;
        for token in &tokens {
            let text = &source[token.span.clone()];
            match token.kind {
                TokenKind::Newline => {
                    self.end_line(token.span.end);
                    if self.logical.as_bytes().get(token.span.start) == Some(&b' ') {
                        // The statement goes on: its next line is indented.
                        self.line.push_str(CONTINUED);
                    }
                }
                TokenKind::Comment => self.comment(token, text),
                TokenKind::Semicolon => {
                    self.line.push(';');
                    self.previous = Some(";");
                }
                TokenKind::Block => {
                    self.space_before(text);
                    match vocab::block(&self.keyword_before()) {
                        Some(block) => blocks::block(text, block.body, &mut self.line),
                        // The lexer opens blocks only after a block keyword.
                        None => self.line.push_str(text),
                    }
                    self.previous = Some("}");
                    if let Some(last) = text.rfind('\n') {
                        self.source_line_start = token.span.start + last + 1;
                    }
                }
                TokenKind::Word | TokenKind::Punct => {
                    self.space_before(text);
                    self.line.push_str(text);
                    self.previous = Some(text);
                }
            }
        }
        if !self.line.trim().is_empty() {
            self.end_line(self.source.len());
        }
        while self.out.ends_with("\n\n") {
            self.out.pop();
        }
        if self.out.trim().is_empty() {
            self.out.clear();
        }
        self.out
    }

    /// The block keyword the line ends with (before its `{`).
    fn keyword_before(&self) -> String {
        let code = self.line.trim_end();
        let start = code
            .char_indices()
            .rev()
            .find(|&(_, c)| !lex::is_word_char(c))
            .map_or(0, |(i, c)| i + c.len_utf8());
        code[start..].to_string()
    }

    fn space_before(&mut self, next: &str) {
        if let Some(previous) = self.previous {
            if spaced(previous, next) {
                self.line.push(' ');
            }
        }
    }

    fn comment(&mut self, token: &Token, text: &str) {
        let text = text.trim_end();
        if self.line.trim().is_empty() {
            self.line.clear();
        } else {
            // Keep the comment's column if the code still ends before it.
            let column = self.source[self.source_line_start..token.span.start]
                .chars()
                .count();
            let last_line = self.line.rsplit('\n').next().unwrap_or_default();
            let width = last_line.chars().count();
            let pad = column.saturating_sub(width).max(1);
            self.line.extend(std::iter::repeat_n(' ', pad));
        }
        self.line.push_str(text);
    }

    fn end_line(&mut self, next_line_start: usize) {
        self.out.push_str(self.line.trim_end());
        self.out.push('\n');
        self.line.clear();
        self.previous = None;
        self.source_line_start = next_line_start;
    }
}

/// Whether one space goes between two code tokens on a line.
fn spaced(previous: &str, next: &str) -> bool {
    let tight_after = matches!(previous, "(" | "{" | "..");
    let tight_before = matches!(next, "," | ":" | ")" | "}" | ";" | "..");
    !(tight_after || tight_before)
}
