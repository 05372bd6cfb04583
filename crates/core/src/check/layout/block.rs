//! Reading a layout block (multiplication, division) the way it is printed:
//! lines of glyphs that keep their column and source span, rules of `-`
//! skipped, rows of cells read with diagnostics for stray characters. The
//! readers of each kind then give the rows their meaning by column.

use crate::diagnostic::{Diagnostic, ErrorKind, Span};
use crate::ir::{Cell, Row};
use crate::syntax::ast::{CellAst, Spanned, WordAst};

/// One visible character of the block.
#[derive(Clone, Debug)]
pub struct Glyph {
    pub c: char,
    /// Index of its line in [`Block::lines`].
    pub line: usize,
    /// Column, tabs expanded to multiples of 8.
    pub col: usize,
    pub span: Span,
}

/// The block's non-blank lines, as glyphs, and the text to display.
pub struct Block {
    /// Lines with glyphs, rules excluded, in order.
    pub rows: Vec<Vec<Glyph>>,
    /// Display text of every line kept (rules too), tabs expanded.
    pub lines: Vec<String>,
    /// Span of the whole body, for problems that belong to no row.
    pub span: Span,
}

/// True for a rule: a line made only of `-` and the like.
fn is_rule(glyphs: &[Glyph]) -> bool {
    glyphs
        .iter()
        .all(|g| matches!(g.c, '-' | '—' | '─' | '_' | '=' | '―' | 'ー'))
}

/// Splits the body into lines, drops `#` comments and blank lines.
pub fn read(body: &Spanned<String>) -> Block {
    let mut rows = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    let mut offset = body.span.start;
    for raw in body.node.split('\n') {
        let start = offset;
        offset += raw.len() + 1;
        let (text, _) = crate::vocab::split_row(raw);
        let mut glyphs = Vec::new();
        let mut shown = String::new();
        let mut col = 0;
        for (i, c) in text.char_indices() {
            match c {
                '\t' => {
                    let next = (col / 8 + 1) * 8;
                    shown.extend(std::iter::repeat_n(' ', next - col));
                    col = next;
                    continue;
                }
                '\r' => continue,
                c if c.is_whitespace() => {}
                c => glyphs.push(Glyph {
                    c,
                    line: lines.len(),
                    col,
                    span: start + i..start + i + c.len_utf8(),
                }),
            }
            shown.push(if c.is_whitespace() { ' ' } else { c });
            col += 1;
        }
        if glyphs.is_empty() {
            continue;
        }
        let rule = is_rule(&glyphs);
        lines.push(shown.trim_end().to_string());
        if !rule {
            rows.push(glyphs);
        }
    }
    let indent = lines
        .iter()
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let lines = lines.into_iter().map(|l| l[indent..].to_string()).collect();
    for glyph in rows.iter_mut().flatten() {
        glyph.col -= indent;
    }
    Block {
        rows,
        lines,
        span: body.span.clone(),
    }
}

/// Span from the first to the last glyph.
pub fn span_of(glyphs: &[Glyph]) -> Span {
    match (glyphs.first(), glyphs.last()) {
        (Some(a), Some(b)) => a.span.start..b.span.end,
        _ => 0..0,
    }
}

/// A row of cells as read: the cells (for the checker) and their glyphs.
#[derive(Clone, Debug)]
pub struct RowText {
    pub word: WordAst,
    pub glyphs: Vec<Glyph>,
}

impl RowText {
    /// Column of the last cell: where the row ends, which is what it means.
    pub fn end(&self) -> usize {
        self.glyphs.last().map_or(0, |g| g.col)
    }
    pub fn len(&self) -> usize {
        self.glyphs.len()
    }
    pub fn span(&self) -> Span {
        span_of(&self.glyphs)
    }
    /// The IR row for the checked word.
    pub fn ir(&self, cells: Vec<Cell>) -> Row {
        Row {
            cells,
            at: self.glyphs.iter().map(|g| (g.line, g.col)).collect(),
        }
    }
}

/// Reads glyphs as one row of cells: digits, `*`/`?`, letters, with no gap
/// inside. `what` names the row in messages.
pub fn row(glyphs: &[Glyph], what: &str, errors: &mut Vec<Diagnostic>) -> Option<RowText> {
    let mut cells = Vec::new();
    let mut ok = true;
    for (i, g) in glyphs.iter().enumerate() {
        let cell = match g.c {
            '0'..='9' => CellAst::Digit(g.c as u8 - b'0'),
            '*' | '?' | '＊' => CellAst::Free,
            c if c.is_ascii_alphabetic() => CellAst::Symbol(c),
            c => {
                errors.push(
                    Diagnostic::new(
                        ErrorKind::BadRow,
                        g.span.clone(),
                        format!("`{}` cannot be a cell of the {}", c, what),
                    )
                    .with_hint("a cell is a digit, `*` or `?` (an unknown digit), or a letter"),
                );
                ok = false;
                continue;
            }
        };
        if i > 0 && g.col != glyphs[i - 1].col + 1 {
            errors.push(
                Diagnostic::new(
                    ErrorKind::BadRow,
                    glyphs[i - 1].span.start..g.span.end,
                    format!("a gap inside the {}", what),
                )
                .with_hint("a row is printed without spaces; columns carry meaning"),
            );
            ok = false;
        }
        cells.push(Spanned::new(cell, g.span.clone()));
    }
    if cells.is_empty() {
        return None;
    }
    ok.then(|| RowText {
        word: WordAst {
            cells,
            span: span_of(glyphs),
        },
        glyphs: glyphs.to_vec(),
    })
}

/// Refuses layouts whose numbers do not fit the solvers' 128-bit
/// arithmetic (with room for one product of two rows).
pub fn too_large(rows: &[RowText], base: u32, span: Span) -> Option<Diagnostic> {
    let longest = rows.iter().map(RowText::len).max().unwrap_or(0);
    let bits = f64::from(base).log2() * (longest as f64 + 2.0);
    (bits > 126.0).then(|| {
        Diagnostic::new(
            ErrorKind::TooLarge,
            span,
            format!(
                "a row of {} digits in base {} is beyond crypta's 128-bit layout arithmetic",
                longest, base
            ),
        )
        .with_hint("split the puzzle or use shorter rows")
    })
}

/// An error that belongs to a row's position or length.
pub fn at(kind: ErrorKind, span: Span, message: String, hint: &str) -> Diagnostic {
    Diagnostic::new(kind, span, message).with_hint(hint)
}
