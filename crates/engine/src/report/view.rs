//! A solution's view (`crypta_substrate::view`) as text and as the JSON of the
//! brief: the one rendering of every kind's solutions, with an arm per
//! shape and none per kind.

use std::fmt::Write;

use super::json::{Entries, SolutionJson, Symbols};
use crypta_substrate::view::{Cell, Rows, Shape, SolutionView};

/// Characters inside each cell of a drawn grid: `DD\AA` (sums are at most
/// 45).
const WIDTH: usize = 5;

/// Solutions of one puzzle as text. Equations are aligned on the widest
/// of them, and each is as wide as its puzzle written out (every digit
/// prints as one character, as does the symbol it replaces), so one alone
/// is shown as it is among many.
pub fn views_text(views: &[SolutionView]) -> String {
    let width = views
        .iter()
        .filter_map(|v| match &v.shape {
            Shape::Equations(text) => Some(text.chars().count()),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for view in views {
        let symbols = symbols_text(&view.symbols);
        match &view.shape {
            Shape::Equations(text) => {
                let line = format!("  {:<width$}   {}", text, symbols, width = width);
                // A puzzle of digits and `?` only has no symbols to align.
                let _ = writeln!(out, "{}", line.trim_end());
            }
            Shape::Rows(rows) => {
                filled_text(&mut out, rows);
                symbols_line(&mut out, &symbols);
                let _ = writeln!(out);
            }
            Shape::Layouts { layouts, text } => {
                for (i, rows) in layouts.iter().enumerate() {
                    if i > 0 {
                        let _ = writeln!(out);
                    }
                    filled_text(&mut out, rows);
                }
                if let Some(text) = text {
                    let _ = writeln!(out, "    {}", text);
                }
                symbols_line(&mut out, &symbols);
                let _ = writeln!(out);
            }
            // A grid with letters (a cryptic Kakuro) has them under it.
            Shape::Grid(cells) if !view.symbols.is_empty() => {
                let _ = writeln!(out, "{}  {}", grid_text(cells, "  "), symbols);
            }
            Shape::Grid(cells) => out.push_str(&grid_text(cells, "  ")),
            Shape::Crossnumber { grid, entries } => {
                out.push_str(&grid_text(grid, "  "));
                let shown: Vec<String> = entries
                    .iter()
                    .map(|e| format!("{}={}", e.name, e.digits))
                    .collect();
                let _ = writeln!(out, "  {}", shown.join(" "));
                symbols_line(&mut out, &symbols);
            }
        }
    }
    out
}

/// A layout filled in, each line indented.
fn filled_text(out: &mut String, rows: &Rows) {
    for line in rows.filled.lines() {
        let _ = writeln!(out, "    {}", line);
    }
}

/// The symbols' line under a layout, when it has symbols.
fn symbols_line(out: &mut String, symbols: &str) {
    if !symbols.is_empty() {
        let _ = writeln!(out, "    {}", symbols);
    }
}

/// `S=9 E=5 N=6`.
pub fn symbols_text(symbols: &[(char, u32)]) -> String {
    symbols
        .iter()
        .map(|(c, d)| format!("{}={}", c, d))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One solution as the JSON of the brief, in the shape of its view.
pub fn view_json(view: &SolutionView) -> SolutionJson {
    let symbols = Symbols(view.symbols.clone());
    let numbers = |cells: &[Vec<Cell>]| -> Vec<Vec<u32>> {
        cells
            .iter()
            .map(|row| row.iter().map(|c| c.number()).collect())
            .collect()
    };
    match &view.shape {
        Shape::Equations(text) => SolutionJson::Letters {
            symbols,
            text: text.clone(),
        },
        Shape::Rows(rows) => SolutionJson::Layout {
            rows: rows.rows.clone(),
            symbols,
        },
        Shape::Layouts { layouts, text } => SolutionJson::System {
            layouts: layouts.iter().map(|l| l.rows.clone()).collect(),
            text: text.clone(),
            symbols,
        },
        Shape::Grid(cells) if !view.symbols.is_empty() => SolutionJson::CrypticGrid {
            grid: numbers(cells),
            symbols,
        },
        Shape::Grid(cells) => SolutionJson::Grid {
            grid: numbers(cells),
        },
        Shape::Crossnumber { grid, entries } => SolutionJson::Crossnumber {
            grid: numbers(grid),
            entries: Entries(entries.iter().map(|e| (e.name.clone(), e.value)).collect()),
            symbols,
        },
    }
}

/// A filled grid drawn with box-drawing characters, one line per text
/// row, each starting with `indent`: clues as `D\A` with the backslashes
/// in one column, digits centred, blocks shaded.
pub fn grid_text(cells: &[Vec<Cell>], indent: &str) -> String {
    let cols = cells.first().map_or(0, Vec::len);
    let rule = |left: &str, mid: &str, right: &str| {
        let bar = "─".repeat(WIDTH);
        format!("{}{}{}{}\n", indent, left, vec![bar; cols].join(mid), right)
    };
    let mut out = rule("┌", "┬", "┐");
    for (r, row) in cells.iter().enumerate() {
        if r > 0 {
            out.push_str(&rule("├", "┼", "┤"));
        }
        let shown: Vec<String> = row.iter().map(|&cell| cell_text(cell)).collect();
        out.push_str(&format!("{}│{}│\n", indent, shown.join("│")));
    }
    out.push_str(&rule("└", "┴", "┘"));
    out
}

fn cell_text(cell: Cell) -> String {
    // A `?` side is drawn blank, as pzprjs draws a run with no number.
    let sum = |s: Option<u32>| s.map_or(String::new(), |s| s.to_string());
    match cell {
        Cell::Block => "░".repeat(WIDTH),
        Cell::Clue { down, across } => format!("{:>2}\\{:<2}", sum(down), sum(across)),
        Cell::Digit(digit) => format!("{:^WIDTH$}", digit),
    }
}
