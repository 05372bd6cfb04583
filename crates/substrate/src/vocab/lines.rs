//! The continuation rule, written once: a statement goes on on the next
//! line while a parenthesis is open, after a trailing operator or `,`, or
//! after a trailing `\`. The parser reads the text through [`logical`];
//! the REPL asks [`continues`] whether to read another line.

use std::borrow::Cow;

use super::comments::{places, Place};

/// The character that continues a statement on the next line.
pub const CONTINUE: char = '\\';

/// The byte-order mark an editor may put at the start of a file.
const BOM: char = '\u{feff}';

/// A line ending with one of these goes on on the next: the operators, the
/// relations and `,` (`!=` ends with `=`).
fn is_trailing_operator(c: char) -> bool {
    matches!(
        c,
        '+' | '-'
            | '−'
            | '*'
            | '×'
            | '/'
            | '÷'
            | '%'
            | '^'
            | '='
            | '<'
            | '>'
            | '≠'
            | '≤'
            | '≥'
            | ','
    )
}

/// What the scan knows at a line break.
#[derive(Default)]
struct State {
    /// Parentheses open in the statement.
    depth: usize,
    /// The last character of code that is not blank, and where it is.
    last: Option<(usize, char)>,
    /// Where the comment on the current line starts.
    comment: Option<usize>,
    /// Whether the current line has code or a comment: a blank line ends
    /// a statement whatever the line before left open (and gives the
    /// REPL's user a way out).
    code: bool,
}

impl State {
    /// True when a line break here continues the statement.
    fn continues(&self) -> bool {
        self.depth > 0
            || self
                .last
                .is_some_and(|(_, c)| c == CONTINUE || is_trailing_operator(c))
    }
}

/// Scans `text`, calling `blank` with each range that the continuation
/// rule turns into blanks; returns the state at the end.
fn scan(text: &str, mut blank: impl FnMut(std::ops::Range<usize>)) -> State {
    let mut state = State::default();
    for (i, c, place) in places(text) {
        match (place, c) {
            (Place::Block, _) => {}
            (Place::Comment, _) => {
                state.code = true;
                state.comment.get_or_insert(i);
            }
            (Place::Code, '\n') => {
                if state.continues() && state.code {
                    let from = state.comment.unwrap_or(i);
                    let from = if text[..from].ends_with('\r') {
                        from - 1
                    } else {
                        from
                    };
                    let rest = &text[i + 1..];
                    if let Some((at, CONTINUE)) = state.last {
                        // When nothing follows, the `\` stays, to be named.
                        if !is_blank(rest) {
                            blank(from..i + 1);
                            blank(at..at + 1);
                        }
                        // A `\` carries over one line break only.
                        state.last = None;
                    } else {
                        blank(from..i + 1);
                    }
                } else {
                    state = State::default();
                }
                state.comment = None;
                state.code = false;
            }
            (Place::Code, ';') => state = State::default(),
            (Place::Code, c) if c.is_whitespace() => {}
            (Place::Code, c) => {
                state.code = true;
                match c {
                    '(' => state.depth += 1,
                    ')' => state.depth = state.depth.saturating_sub(1),
                    _ => {}
                }
                state.last = Some((i, c));
            }
        }
    }
    state
}

/// True when `text` holds nothing but blanks and comments.
fn is_blank(text: &str) -> bool {
    places(text).all(|(_, c, place)| place == Place::Comment || c.is_whitespace())
}

/// `text` as the grammar reads it: the same characters at the same byte
/// offsets (so spans index the text as typed), except that a leading
/// byte-order mark and every line break that continues a statement (with
/// its `\`, a `\r` before it and a comment before it) are blanks.
pub fn logical(text: &str) -> Cow<'_, str> {
    let mut ranges = Vec::new();
    if text.starts_with(BOM) {
        ranges.push(0..BOM.len_utf8());
    }
    scan(text, |range| ranges.push(range));
    if ranges.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut bytes = text.as_bytes().to_vec();
    for range in ranges {
        // Whole characters become as many spaces as they had bytes.
        bytes[range].fill(b' ');
    }
    Cow::Owned(String::from_utf8(bytes).unwrap_or_else(|_| text.to_string()))
}

/// True when `text`, ended by a line break, would go on on the next line:
/// a parenthesis is open, or its last line ends with an operator, `,` or
/// `\`; and that line is not blank.
pub fn continues(text: &str) -> bool {
    let text = text.strip_suffix('\n').unwrap_or(text);
    let state = scan(text, |_| {});
    state.code && state.continues()
}

/// Where a `\` that continues nothing is: one not at the end of its line,
/// or at the end of the text.
pub fn stray_continue(text: &str) -> Option<usize> {
    let logical = logical(text);
    let at = places(&logical)
        .find(|&(_, c, place)| place == Place::Code && c == CONTINUE)
        .map(|(i, _, _)| i);
    at
}
