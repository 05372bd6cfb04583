//! Reading a layout block (multiplication, division) the way it is printed:
//! lines of glyphs that keep their column and source span, rules of `-`
//! skipped, rows of cells read with diagnostics for stray characters. The
//! readers of each kind then give the rows their meaning by column.

use crate::Row;
use crypta_substrate::diagnostic::{Diagnostic, ErrorKind, Span};
use crypta_substrate::ir::Cell;
use crypta_substrate::syntax::ast::{CellAst, Spanned, WordAst};

/// One visible character of the block.
#[derive(Clone, Debug)]
pub struct Glyph {
    pub c: char,
    /// Index of its line in [`Block::lines`].
    pub line: usize,
    /// Column, in cells: display columns (tabs expanded to multiples of
    /// 8), halved in a block whose cells are all wide (see [`read`]).
    pub col: usize,
    /// Display column of its left edge, and its display width.
    pub left: usize,
    pub width: usize,
    /// Index of the character in its line of [`Block::lines`].
    pub index: usize,
    /// Display columns per cell column in its block: 2 when every cell
    /// is wide, else 1.
    pub unit: usize,
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

/// A character's display width: 2 for kana, kanji and full-width forms.
pub fn width(c: char) -> usize {
    unicode_width::UnicodeWidthChar::width(c)
        .unwrap_or(1)
        .max(1)
}

/// Splits the body into lines, drops `#` comments and blank lines.
/// Columns are display columns, so a block lines up as an editor shows
/// it; a block whose cells are all wide (`ココロ`, `＊`, `０`) counts
/// two display columns as one, as its author sees them.
pub fn read(body: &Spanned<String>) -> Block {
    let mut rows = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    let mut offset = body.span.start;
    for raw in body.node.split('\n') {
        let start = offset;
        offset += raw.len() + 1;
        let (text, _) = crypta_substrate::vocab::split_row(raw);
        let mut glyphs = Vec::new();
        let mut shown = String::new();
        let (mut col, mut index) = (0, 0);
        for (i, c) in text.char_indices() {
            match c {
                '\t' => {
                    let next = (col / 8 + 1) * 8;
                    shown.extend(std::iter::repeat_n(' ', next - col));
                    index += next - col;
                    col = next;
                }
                '\r' => {}
                // A blank is shown as spaces as wide as it is (an
                // ideographic space is two).
                c if c.is_whitespace() => {
                    shown.extend(std::iter::repeat_n(' ', width(c)));
                    index += width(c);
                    col += width(c);
                }
                c => {
                    glyphs.push(Glyph {
                        c,
                        line: lines.len(),
                        col,
                        left: col,
                        width: width(c),
                        index,
                        unit: 1,
                        span: start + i..start + i + c.len_utf8(),
                    });
                    shown.push(c);
                    index += 1;
                    col += width(c);
                }
            }
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
    // Lines start with spaces only (blanks are shown as spaces), so the
    // shared indent is as many characters as display columns.
    let indent = lines
        .iter()
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let lines = lines.into_iter().map(|l| l[indent..].to_string()).collect();
    let wide = rows
        .iter()
        .flatten()
        .filter(|g| is_cell(g.c) && !matches!(g.c, 'x' | 'X'))
        .all(|g| g.width == 2)
        && rows.iter().flatten().any(|g| is_cell(g.c));
    let unit = if wide { 2 } else { 1 };
    for glyph in rows.iter_mut().flatten() {
        glyph.left -= indent;
        glyph.index -= indent;
        glyph.col = glyph.left / unit;
        glyph.unit = unit;
    }
    Block {
        rows,
        lines,
        span: body.span.clone(),
    }
}

/// A character that can be a cell: a digit, an unknown, a letter.
fn is_cell(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '*' | '?' | '＊' | '？')
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
            at: self.glyphs.iter().map(|g| (g.line, g.index)).collect(),
        }
    }
}

/// Reads glyphs as one row of cells: digits, `*`/`?`, letters, with no gap
/// inside. `what` names the row in messages.
pub fn row(glyphs: &[Glyph], what: &str, errors: &mut Vec<Diagnostic>) -> Option<RowText> {
    let mut cells = Vec::new();
    let mut ok = true;
    for (i, g) in glyphs.iter().enumerate() {
        if is_cell(g.c) && g.width != g.unit {
            // One error a row: every cell after this one is as wide.
            if !ok {
                continue;
            }
            errors.push(
                Diagnostic::new(
                    ErrorKind::BadRow,
                    g.span.clone(),
                    format!(
                        "`{}` is {} among {} cells in the {}",
                        g.c,
                        if g.width == 2 { "wide" } else { "narrow" },
                        if g.width == 2 { "narrow" } else { "wide" },
                        what
                    ),
                )
                .with_hint(
                    "columns are display columns: write every cell full-width \
                     (`＊`, `０`-`９`, kana, kanji) or every cell narrow",
                ),
            );
            ok = false;
            continue;
        }
        let cell = match g.c {
            '0'..='9' => CellAst::Digit(g.c as u8 - b'0'),
            // Full-width digits, as a full-width layout writes them.
            '０'..='９' => CellAst::Digit((u32::from(g.c) - u32::from('０')) as u8),
            '*' | '?' | '＊' | '？' => CellAst::Free,
            c if c.is_alphabetic() => CellAst::Symbol(c),
            c => {
                errors.push(
                    Diagnostic::new(
                        ErrorKind::BadRow,
                        g.span.clone(),
                        format!("`{}` cannot be a cell of the {}", c.escape_debug(), what),
                    )
                    .with_hint("a cell is a digit, `*` or `?` (an unknown digit), or a letter"),
                );
                ok = false;
                continue;
            }
        };
        if i > 0 && g.left != glyphs[i - 1].left + glyphs[i - 1].width {
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
