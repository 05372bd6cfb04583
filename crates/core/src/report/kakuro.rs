//! A filled Kakuro grid drawn with box-drawing characters: clues as `D\A`
//! with the backslashes in one column, digits centred, blocks shaded.

use super::json::{SolutionJson, Symbols};
use crate::ir::{CrypticKakuro, Kakuro, KakuroCell, Sum};
use crate::run::Solution;

/// Characters inside each cell: `DD\AA` (sums are at most 45).
const WIDTH: usize = 5;

/// Each solution as a filled grid.
pub fn solutions_text(kakuro: &Kakuro, solutions: &[Solution]) -> String {
    let layout: Vec<Vec<KakuroCell>> = kakuro.cell_rows().map(<[_]>::to_vec).collect();
    solutions
        .iter()
        .map(|s| grid_text(&layout, &kakuro.grid(&s.values), "  "))
        .collect()
}

/// Each solution of a cryptic Kakuro as the plain grid its letters make
/// (clue words as their sums), with the letters under it.
pub fn cryptic_solutions_text(kakuro: &CrypticKakuro, solutions: &[Solution]) -> String {
    let first = kakuro.first_symbol();
    solutions
        .iter()
        .map(|s| {
            let plain = kakuro.with_letters(&s.values[first..]);
            let layout: Vec<Vec<KakuroCell>> = plain.cell_rows().map(<[_]>::to_vec).collect();
            let grid = plain.grid(&s.values[..first]);
            format!(
                "{}  {}\n",
                grid_text(&layout, &grid, "  "),
                super::letters::symbols_text(&s.symbols)
            )
        })
        .collect()
}

/// The grid, one line per text row, each starting with `indent`.
pub fn grid_text(layout: &[Vec<KakuroCell>], grid: &[Vec<u32>], indent: &str) -> String {
    let cols = layout.first().map_or(0, Vec::len);
    let rule = |left: &str, mid: &str, right: &str| {
        let bar = "─".repeat(WIDTH);
        format!("{}{}{}{}\n", indent, left, vec![bar; cols].join(mid), right)
    };
    let mut out = rule("┌", "┬", "┐");
    for (r, row) in layout.iter().enumerate() {
        if r > 0 {
            out.push_str(&rule("├", "┼", "┤"));
        }
        let shown: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                let digit = grid.get(r).and_then(|g| g.get(c)).copied().unwrap_or(0);
                cell_text(*cell, digit)
            })
            .collect();
        out.push_str(&format!("{}│{}│\n", indent, shown.join("│")));
    }
    out.push_str(&rule("└", "┴", "┘"));
    out
}

fn cell_text(cell: KakuroCell, digit: u32) -> String {
    // A `?` side is drawn blank, as pzprjs draws a run with no number.
    let sum = |s: Option<Sum>| {
        s.and_then(Sum::given)
            .map_or(String::new(), |s| s.to_string())
    };
    match cell {
        KakuroCell::Block => "░".repeat(WIDTH),
        KakuroCell::Clue { down, across } => format!("{:>2}\\{:<2}", sum(down), sum(across)),
        KakuroCell::White { .. } => format!("{:^WIDTH$}", digit),
    }
}

impl super::Show for Kakuro {
    fn solutions_text(&self, solutions: &[Solution]) -> String {
        solutions_text(self, solutions)
    }

    fn solution_json(&self, solution: &Solution) -> SolutionJson {
        SolutionJson::Grid {
            grid: self.grid(&solution.values),
        }
    }

    fn svg(&self, solution: Option<&Solution>) -> String {
        super::svg::kakuro::kakuro(self, solution)
    }
}

impl super::Show for CrypticKakuro {
    fn solutions_text(&self, solutions: &[Solution]) -> String {
        cryptic_solutions_text(self, solutions)
    }

    fn solution_json(&self, solution: &Solution) -> SolutionJson {
        let first = self.first_symbol();
        let plain = self.with_letters(&solution.values[first..]);
        SolutionJson::CrypticGrid {
            grid: plain.grid(&solution.values[..first]),
            symbols: Symbols(solution.symbols.clone()),
        }
    }

    fn svg(&self, solution: Option<&Solution>) -> String {
        super::svg::kakuro::cryptic(self, solution)
    }
}
