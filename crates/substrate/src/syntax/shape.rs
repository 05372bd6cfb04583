//! The bounds on a statement's shape, checked by one loop over the text
//! before anything recurses on it. The grammar recurses once per `(` and
//! per `not`; the syntax tree is one level deeper per operator of a chain
//! (`A + B + C` is `(A + B) + C`), and the checker, the printers, the
//! evaluator and the formatter's checks walk that tree recursively. So a
//! statement is refused here, with a diagnostic at the first sign past a
//! limit, when it nests parentheses or `not`s deeper than
//! [`MAX_NESTING`] or holds more than [`MAX_OPERATORS`] operators: within
//! both, every walk stays far inside a 512 KiB stack (Python's threads,
//! the WebAssembly module), which `tests/it/depth.rs` checks on the worst
//! shapes at the limits.

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::limits::{MAX_NESTING, MAX_OPERATORS};
use crate::vocab::{self, Place};

/// The first place where a statement of `source` (the logical text, whose
/// continued line breaks are blanks) goes past a limit on its shape.
pub(super) fn refuse(source: &str) -> Option<Diagnostic> {
    let mut depth = 0usize;
    let mut nots = 0usize;
    let mut operators = 0usize;
    let mut word_start: Option<usize> = None;
    for (i, c, place) in vocab::places(source) {
        if place != Place::Code {
            continue;
        }
        if c.is_alphanumeric() || c == '_' {
            word_start.get_or_insert(i);
            continue;
        }
        if let Some(start) = word_start.take() {
            if &source[start..i] == "not" {
                nots += 1;
                if nots > MAX_NESTING {
                    return Some(too_many_nots(start));
                }
            }
        }
        match c {
            '\n' | ';' => (depth, nots, operators) = (0, 0, 0),
            '(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(too_deep(i));
                }
            }
            ')' => depth = depth.saturating_sub(1),
            '+' | '-' | '−' | '*' | '×' | '/' | '÷' | '%' | '^' => {
                operators += 1;
                if operators > MAX_OPERATORS {
                    return Some(too_many_operators(i, c));
                }
            }
            _ => {}
        }
    }
    // A script that ends on a word: a `not` there is one too.
    let start = word_start?;
    (&source[start..] == "not" && nots + 1 > MAX_NESTING).then(|| too_many_nots(start))
}

fn too_deep(at: usize) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::TooLarge,
        at..at + 1,
        format!("parentheses nested deeper than {}", MAX_NESTING),
    )
    .with_hint("write the expression with fewer parentheses")
}

fn too_many_nots(at: usize) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::TooLarge,
        at..at + "not".len(),
        format!("more than {} `not`s in one statement", MAX_NESTING),
    )
    .with_hint("write the expression with fewer parentheses")
}

fn too_many_operators(at: usize, sign: char) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::TooLarge,
        at..at + sign.len_utf8(),
        format!(
            "more than {} operators in one statement; crypta takes at most {} words in one",
            MAX_OPERATORS,
            crate::limits::MAX_WORDS
        ),
    )
    .with_hint("split the puzzle into smaller statements")
}
