//! The comment rule, written once: where a comment starts and ends, and
//! what is code. The parser's checks before pest, completion, the language
//! server's spans, the checker's statement texts, `crypta fmt` and the
//! layout reader all ask here.

use std::ops::Range;

/// The character that starts a comment. A comment runs to the end of its
/// line, except inside `{ }`, where a block's body is its own (`#` is a
/// Kakuro block cell). Braces do not nest: a `{` opens, the first `}`
/// closes, as the grammar reads a block.
pub const COMMENT: char = '#';

/// Where a character is, by the comment rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Code outside braces, the braces themselves, and the newline that
    /// ends a comment.
    Code,
    /// Inside `{ }`.
    Block,
    /// In a comment, its `#` included.
    Comment,
}

/// Each character of `text` with its byte offset and its place.
pub fn places(text: &str) -> impl Iterator<Item = (usize, char, Place)> + '_ {
    let (mut block, mut comment) = (false, false);
    text.char_indices().map(move |(i, c)| {
        let place = if comment {
            comment = c != '\n';
            if comment {
                Place::Comment
            } else {
                Place::Code
            }
        } else if block {
            block = c != '}';
            if block {
                Place::Block
            } else {
                Place::Code
            }
        } else {
            match c {
                COMMENT => {
                    comment = true;
                    Place::Comment
                }
                '{' => {
                    block = true;
                    Place::Code
                }
                _ => Place::Code,
            }
        };
        (i, c, place)
    })
}

/// Where the first comment of `text` starts.
pub fn comment_start(text: &str) -> Option<usize> {
    places(text)
        .find(|(_, _, place)| *place == Place::Comment)
        .map(|(i, _, _)| i)
}

/// `text` without its first comment and what follows it.
pub fn code(text: &str) -> &str {
    &text[..comment_start(text).unwrap_or(text.len())]
}

/// The `{` that `text` leaves open, if any.
pub fn open_brace(text: &str) -> Option<usize> {
    places(text)
        .filter(|(_, _, place)| *place == Place::Code)
        .fold(None, |open, (i, c, _)| match c {
            '{' => Some(i),
            '}' => None,
            _ => open,
        })
}

/// The bytes of the comment that starts at `at`, if one does: up to the
/// end of its line.
pub fn comment_at(text: &str, at: usize) -> Option<Range<usize>> {
    let rest = text.get(at..)?;
    if !rest.starts_with(COMMENT) {
        return None;
    }
    Some(at..at + rest.find('\n').unwrap_or(rest.len()))
}

/// A row of a layout block split into its code and its comment (from the
/// first `#`): inside a layout body there are no braces to skip.
pub fn split_row(row: &str) -> (&str, Option<&str>) {
    match row.find(COMMENT) {
        Some(at) => (&row[..at], Some(&row[at..])),
        None => (row, None),
    }
}
