//! Block bodies. A Kakuro grid is cells separated by blanks, so its columns
//! can be aligned freely; a layout (multiplication, division) means what
//! its columns say, so its rows move only together. Which a block is comes
//! from the vocabulary ([`crypta_substrate::vocab::Body`]), not from its keyword.

use crypta_substrate::vocab::{split_row, Body};

/// Columns of a tab stop, as the layout reader expands tabs.
const TAB: usize = 8;
/// Where a Kakuro row's first cell goes.
const GRID_INDENT: usize = 2;
/// Where a layout's leftmost glyph goes.
const LAYOUT_INDENT: usize = 4;

/// Appends the formatted block `text` (`{ ... }`, braces included), whose
/// body is laid out as `style` says, to `out`.
pub fn block(text: &str, style: Body, out: &mut String) {
    let body = text.strip_prefix('{').unwrap_or(text);
    let body = body.strip_suffix('}').unwrap_or(body);
    match style {
        Body::Grid => grid(body, out),
        Body::Layout => layout(text, body, out),
        Body::GridThenClues => grid_then_clues(text, body, out),
    }
}

/// A crossnumber: its grid rows aligned as a Kakuro grid's, then its clues,
/// each line trimmed and indented; written on one line, left as it is.
fn grid_then_clues(text: &str, body: &str, out: &mut String) {
    if !body.contains('\n') {
        out.push_str(text);
        return;
    }
    let is_row = |line: &str| {
        let line = line.trim();
        !line.is_empty()
            && !line.contains(';')
            && line.split_whitespace().all(|t| {
                let mut chars = t.chars();
                matches!((chars.next(), chars.next()), (Some(c), None)
                    if c == '.' || c == '_' || c == '#' || c.is_ascii_digit() || c.is_alphabetic())
            })
    };
    let lines: Vec<&str> = body.split('\n').collect();
    let rows = lines
        .iter()
        .position(|l| !l.trim().is_empty() && !is_row(l))
        .unwrap_or(lines.len());
    let mut grid_part = String::new();
    grid(&lines[..rows].join("\n"), &mut grid_part);
    let grid_part = grid_part.strip_suffix('}').unwrap_or(&grid_part);
    out.push_str(grid_part.trim_end_matches(['\n', ' ']));
    out.push('\n');
    for line in trim_blank(&lines[rows..], |l| l.trim().is_empty()) {
        if !line.trim().is_empty() {
            out.extend(std::iter::repeat_n(' ', GRID_INDENT));
            out.push_str(line.trim());
        }
        out.push('\n');
    }
    out.push('}');
}

/// The terminal columns of a grid cell: a kana or kanji letter takes two,
/// so that a cryptic grid in Japanese still lines up.
fn columns(cell: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(cell)
}

/// A line of a grid: cells, or a blank line the author left.
enum GridLine<'a> {
    Cells(Vec<&'a str>),
    Blank,
}

fn grid(body: &str, out: &mut String) {
    if !body.contains('\n') {
        let rows: Vec<String> = body
            .split(';')
            .map(|row| row.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|row| !row.is_empty())
            .collect();
        if rows.is_empty() {
            out.push_str("{}");
        } else {
            out.push_str("{ ");
            out.push_str(&rows.join(" ; "));
            out.push_str(" }");
        }
        return;
    }
    let mut lines = Vec::new();
    for line in body.split('\n') {
        let before = lines.len();
        for row in line.split(';') {
            let cells: Vec<&str> = row.split_whitespace().collect();
            if !cells.is_empty() {
                lines.push(GridLine::Cells(cells));
            }
        }
        if lines.len() == before {
            lines.push(GridLine::Blank);
        }
    }
    let width = lines
        .iter()
        .filter_map(|l| match l {
            GridLine::Cells(cells) => cells.iter().map(|c| columns(c)).max(),
            GridLine::Blank => None,
        })
        .max()
        .unwrap_or(0);
    out.push_str("{\n");
    for line in trim_blank(&lines, |l| matches!(l, GridLine::Blank)) {
        if let GridLine::Cells(cells) = line {
            out.extend(std::iter::repeat_n(' ', GRID_INDENT));
            for (i, cell) in cells.iter().enumerate() {
                out.push_str(cell);
                if i + 1 < cells.len() {
                    let pad = width + 1 - columns(cell);
                    out.extend(std::iter::repeat_n(' ', pad));
                }
            }
        }
        out.push('\n');
    }
    out.push('}');
}

fn layout(text: &str, body: &str, out: &mut String) {
    let mut lines = body.split('\n');
    let first = lines.next().unwrap_or_default();
    let (first_code, first_comment) = split_row(first);
    if !first_code.trim().is_empty() || !body.contains('\n') {
        // Rows on the `{` line are counted from the brace: leave them be.
        out.push_str(text);
        return;
    }
    let lines: Vec<String> = lines.map(expand).collect();
    let indent = lines
        .iter()
        .filter(|l| !split_row(l).0.trim().is_empty())
        .map(|l| leading(l))
        .min()
        .unwrap_or(LAYOUT_INDENT);
    out.push('{');
    if let Some(comment) = first_comment {
        out.push(' ');
        out.push_str(comment.trim_end());
    }
    out.push('\n');
    for line in trim_blank(&lines, |l| l.is_empty()) {
        if !line.is_empty() {
            let shifted = (leading(line) + LAYOUT_INDENT).saturating_sub(indent);
            out.extend(std::iter::repeat_n(' ', shifted));
            out.push_str(line.trim_start());
        }
        out.push('\n');
    }
    out.push('}');
}

/// The line with tabs expanded and every blank a space, so each glyph keeps
/// its column; trailing blanks dropped.
fn expand(line: &str) -> String {
    let mut shown = String::with_capacity(line.len());
    let mut column = 0;
    for c in line.chars() {
        match c {
            '\t' => {
                let next = (column / TAB + 1) * TAB;
                shown.extend(std::iter::repeat_n(' ', next - column));
                column = next;
            }
            '\r' => {}
            // Display columns, as the layout reader counts them: an
            // ideographic space is two spaces, a wide letter two columns.
            c if c.is_whitespace() => {
                let w = display_width(c);
                shown.extend(std::iter::repeat_n(' ', w));
                column += w;
            }
            c => {
                shown.push(c);
                column += display_width(c);
            }
        }
    }
    shown.trim_end().to_string()
}

/// A character's display width (at least 1).
fn display_width(c: char) -> usize {
    unicode_width::UnicodeWidthChar::width(c)
        .unwrap_or(1)
        .max(1)
}

/// Leading spaces, in columns.
fn leading(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// `items` without the blank ones at either end.
fn trim_blank<T>(items: &[T], blank: impl Fn(&T) -> bool) -> &[T] {
    let start = items.iter().position(|i| !blank(i)).unwrap_or(items.len());
    let end = items
        .iter()
        .rposition(|i| !blank(i))
        .map_or(start, |e| e + 1);
    &items[start..end]
}
