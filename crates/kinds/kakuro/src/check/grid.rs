//! Reads the body of a `kakuro { ... }` block into rows of cells, each with
//! its span in the whole script. Cells are separated by blanks; rows end at
//! a newline or `;`. Malformed cells and ragged rows are diagnosed here.
//! A cryptic grid (Project Euler 424) writes letters in white cells and
//! words of letters and digits as clue sides (`CA\JE`); a letter is any
//! Unicode letter, as in an equation. A side written `?` heads a run with
//! any sum (`?\12`).

use crypta_substrate::diagnostic::{Diagnostic, ErrorKind, Span};

/// What a cell says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Block,
    White(Option<u8>),
    /// A white cell holding a letter: a symbol, one digit wherever it is.
    Letter(char),
    /// `D\A`: sums below and to the right.
    Clue {
        down: Option<Side>,
        across: Option<Side>,
    },
    /// Diagnosed already.
    Bad,
}

/// One side of a clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// A number. One too large for `u32` reads as `u32::MAX`, which no run
    /// can make.
    Sum(u32),
    /// A word of letters and digits: its text is the side's span.
    Word,
    /// `?`: a run with any sum (its digits only all different).
    Any,
}

/// A letter as a symbol: any Unicode letter, as the grammar's `symbol`
/// (pest's `LETTER`, general category L) reads one in an equation.
pub fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || pest::unicode::LETTER(c)
}

#[derive(Clone, Debug)]
pub struct Cell {
    pub token: Token,
    pub span: Span,
    /// The down and across sides of a clue, for pointing at one of them.
    pub down_span: Span,
    pub across_span: Span,
    /// The text of each side, for a side that is a word.
    pub down_text: String,
    pub across_text: String,
}

/// The rows of the grid, blank rows skipped. `offset` is where the body
/// starts in the script; `max_cells` stops reading a grid that is too large
/// (then `Err` holds that one diagnostic).
pub fn read(
    body: &str,
    offset: usize,
    max_cells: usize,
    errors: &mut Vec<Diagnostic>,
) -> Result<Vec<Vec<Cell>>, Diagnostic> {
    let mut rows = Vec::new();
    let mut cells = 0usize;
    let mut row_start = 0;
    for (i, ch) in body
        .char_indices()
        .chain(std::iter::once((body.len(), '\n')))
    {
        if ch != '\n' && ch != ';' {
            continue;
        }
        let line = &body[row_start..i];
        let base = offset + row_start;
        row_start = i + 1;
        let mut row = Vec::new();
        for (start, text) in words(line) {
            let span = base + start..base + start + text.len();
            row.push(cell(text, span, errors));
        }
        cells += row.len();
        if cells > max_cells {
            return Err(Diagnostic::new(
                ErrorKind::TooLarge,
                offset..offset + body.len(),
                format!("this grid has more than {} cells", max_cells),
            )
            .with_hint("crypta solves Kakuro grids of up to 256×256 cells"));
        }
        if !row.is_empty() {
            rows.push(row);
        }
    }
    Ok(rows)
}

/// The blank-separated words of a line with their byte offsets.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line.char_indices().peekable();
    std::iter::from_fn(move || {
        while rest.peek().is_some_and(|(_, c)| c.is_whitespace()) {
            rest.next();
        }
        let (start, _) = *rest.peek()?;
        let mut end = start;
        while let Some(&(i, c)) = rest.peek() {
            if c.is_whitespace() {
                break;
            }
            end = i + c.len_utf8();
            rest.next();
        }
        Some((start, &line[start..end]))
    })
}

fn cell(text: &str, span: Span, errors: &mut Vec<Diagnostic>) -> Cell {
    let mut cell = Cell {
        token: Token::Bad,
        down_span: span.clone(),
        across_span: span.clone(),
        span: span.clone(),
        down_text: String::new(),
        across_text: String::new(),
    };
    let bad = |message: String, hint: &str| {
        Diagnostic::new(ErrorKind::BadCell, span.clone(), message).with_hint(hint.to_string())
    };
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    cell.token = match text {
        "#" => Token::Block,
        "." | "_" => Token::White(None),
        "0" => {
            errors.push(bad(
                "a white cell takes a digit from 1 to 9, not 0".into(),
                "write `.` for an empty white cell",
            ));
            Token::Bad
        }
        _ if text.len() == 1 && all_digits(text) => Token::White(Some(text.as_bytes()[0] - b'0')),
        _ if text.chars().count() == 1 && text.chars().all(is_letter) => {
            Token::Letter(text.chars().next().unwrap_or('?'))
        }
        _ if text.matches('\\').count() == 1 => {
            let split = text.find('\\').unwrap_or(0);
            let (down, across) = (&text[..split], &text[split + 1..]);
            let word = |s: &str| s == "?" || s.chars().all(|c| c.is_ascii_digit() || is_letter(c));
            if word(down) && word(across) {
                cell.down_span = span.start..span.start + split;
                cell.across_span = span.start + split + 1..span.end;
                cell.down_text = down.to_string();
                cell.across_text = across.to_string();
                Token::Clue {
                    down: side(down),
                    across: side(across),
                }
            } else {
                errors.push(bad(
                    format!("`{}` is not a clue", text),
                    "a clue is `D\\A`: the down sum, a backslash, the across sum (numbers, words of letters and digits, or `?` for any sum); either may be left out",
                ));
                Token::Bad
            }
        }
        _ => {
            let hint = if all_digits(text) {
                "a given is one digit 1–9; a clue is written `D\\A`, e.g. `16\\` for a down sum or `\\16` for an across sum"
            } else if text.contains('/') {
                "clues use a backslash: `D\\A`"
            } else {
                "cells are `#` (block), `.` or `_` (empty white), 1–9 (a given), a letter, and `D\\A` (a clue)"
            };
            errors.push(bad(format!("`{}` is not a Kakuro cell", text), hint));
            Token::Bad
        }
    };
    cell
}

/// A clue side as written; empty is no sum.
fn side(text: &str) -> Option<Side> {
    if text.is_empty() {
        None
    } else if text == "?" {
        Some(Side::Any)
    } else if text.bytes().all(|b| b.is_ascii_digit()) {
        Some(Side::Sum(text.parse().unwrap_or(u32::MAX)))
    } else {
        Some(Side::Word)
    }
}

/// Reports every row whose length differs from the most common one; the
/// grid's width, or `None` when rows are ragged.
pub fn width(rows: &[Vec<Cell>], errors: &mut Vec<Diagnostic>) -> Option<usize> {
    let mut counts: Vec<(usize, usize)> = Vec::new();
    for row in rows {
        match counts.iter_mut().find(|(len, _)| *len == row.len()) {
            Some((_, n)) => *n += 1,
            None => counts.push((row.len(), 1)),
        }
    }
    // The most common length; on a tie, the one seen first.
    let (width, _) = counts
        .iter()
        .copied()
        .fold((0, 0), |best, c| if c.1 > best.1 { c } else { best });
    let mut ragged = false;
    for row in rows.iter().filter(|row| row.len() != width) {
        ragged = true;
        let (Some(first), Some(last)) = (row.first(), row.last()) else {
            continue;
        };
        errors.push(
            Diagnostic::new(
                ErrorKind::RaggedRow,
                first.span.start..last.span.end,
                format!(
                    "this row has {} cells where the others have {}",
                    row.len(),
                    width
                ),
            )
            .with_hint(
                "every row has the same number of cells: fill out a short row with `#` blocks",
            ),
        );
    }
    (!ragged).then_some(width)
}
