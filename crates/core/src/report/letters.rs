//! Letter solutions as text: each solution as the filled-in equations, the
//! symbols beside them, aligned in one column.

use std::fmt::Write;

use super::json::{SolutionJson, Symbols};
use crate::ir::Letters;
use crate::run::Solution;

/// One line per solution: the equations with their digits, then the
/// symbols (`S=9 E=5 ...`) in a column after the longest.
pub fn solutions_text(letters: &Letters, solutions: &[Solution]) -> String {
    let texts: Vec<String> = solutions
        .iter()
        .map(|s| letters.solution_text(&s.values))
        .collect();
    let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for (text, solution) in texts.iter().zip(solutions) {
        let symbols = symbols_text(&solution.symbols);
        let line = format!("  {:<width$}   {}", text, symbols, width = width);
        // A puzzle of digits and `?` only has no symbols to align.
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// `S=9 E=5 N=6`.
pub fn symbols_text(symbols: &[(char, u32)]) -> String {
    symbols
        .iter()
        .map(|(c, d)| format!("{}={}", c, d))
        .collect::<Vec<_>>()
        .join(" ")
}

impl super::Show for Letters {
    fn solutions_text(&self, solutions: &[Solution]) -> String {
        solutions_text(self, solutions)
    }

    fn solution_json(&self, solution: &Solution) -> SolutionJson {
        SolutionJson::Letters {
            symbols: Symbols(solution.symbols.clone()),
            text: self.solution_text(&solution.values),
        }
    }

    fn svg(&self, solution: Option<&Solution>) -> String {
        super::svg::letters::letters(self, solution)
    }
}
