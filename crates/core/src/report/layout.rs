//! Layout solutions: each row's digits, and the layout as printed with
//! every cell replaced by its digit.

use std::fmt::Write;

use super::json::{SolutionJson, Symbols};
use super::letters::symbols_text;
use crate::ir::{digit_char, Layout};
use crate::run::Solution;

/// The block as written, every cell filled in: alignment is kept because a
/// cell is one character and so is a digit, full-width in place of a wide
/// cell (`ココ` becomes `９８`).
pub fn filled(layout: &Layout, values: &[u8]) -> String {
    let mut lines: Vec<Vec<char>> = layout.lines.iter().map(|l| l.chars().collect()).collect();
    for (r, row) in layout.rows.iter().enumerate() {
        for (&(line, col), d) in row.at.iter().zip(layout.row_digits(r, values)) {
            if let Some(c) = lines.get_mut(line).and_then(|l| l.get_mut(col)) {
                *c = same_width(*c, digit_char(d));
            }
        }
    }
    lines
        .into_iter()
        .map(|l| l.into_iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// `digit` as wide as `cell`: its full-width form for a wide cell.
pub fn same_width(cell: char, digit: char) -> char {
    let wide = unicode_width::UnicodeWidthChar::width(cell) == Some(2);
    match wide {
        true if digit.is_ascii_graphic() => {
            char::from_u32(u32::from(digit) + 0xFEE0).unwrap_or(digit)
        }
        _ => digit,
    }
}

/// Each solution as the filled layout, indented, then its symbols if any,
/// then a blank line.
pub fn solutions_text(layout: &Layout, solutions: &[Solution]) -> String {
    let mut out = String::new();
    for solution in solutions {
        for line in filled(layout, &solution.values).lines() {
            let _ = writeln!(out, "    {}", line);
        }
        if !solution.symbols.is_empty() {
            let _ = writeln!(out, "    {}", symbols_text(&solution.symbols));
        }
        let _ = writeln!(out);
    }
    out
}

impl super::Show for Layout {
    fn solutions_text(&self, solutions: &[Solution]) -> String {
        solutions_text(self, solutions)
    }

    fn solution_json(&self, solution: &Solution) -> SolutionJson {
        SolutionJson::Layout {
            rows: self.row_texts(&solution.values),
            symbols: Symbols(solution.symbols.clone()),
        }
    }

    fn svg(&self, solution: Option<&Solution>) -> String {
        super::svg::layout::layout(self, solution)
    }
}
