//! The toy kind's solutions: `3 + 9 = 12` as text, the same line as JSON
//! and in a picture.

use super::json::{SolutionJson, Symbols};
use super::svg::{Svg, TextStyle, MONO, SOLVED};
use crate::ir::Pair;
use crate::run::Solution;

fn line(pair: &Pair, values: Option<&[u8]>) -> String {
    match values {
        Some([x, y]) => format!("{} + {} = {}", x, y, pair.sum),
        _ => format!("X + Y = {}", pair.sum),
    }
}

impl super::Show for Pair {
    fn solutions_text(&self, solutions: &[Solution]) -> String {
        solutions
            .iter()
            .map(|s| format!("  {}\n", line(self, Some(&s.values))))
            .collect()
    }

    fn solution_json(&self, solution: &Solution) -> SolutionJson {
        SolutionJson::Letters {
            symbols: Symbols(solution.symbols.clone()),
            text: line(self, Some(&solution.values)),
        }
    }

    fn svg(&self, solution: Option<&Solution>) -> String {
        let mut svg = Svg::new(200, 40);
        let style = TextStyle {
            family: MONO,
            size: 20,
            fill: if solution.is_some() {
                SOLVED
            } else {
                "#000000"
            },
            anchor: "start",
            bold: false,
            italic: false,
        };
        svg.text(
            (10, 28),
            &line(self, solution.map(|s| &s.values[..])),
            &style,
        );
        svg.finish("pair")
    }
}
