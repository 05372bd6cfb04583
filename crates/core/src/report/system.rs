//! Systems of layouts and equations: each layout filled in as its own
//! kind shows it, then the equations with their digits and the symbols;
//! the picture stacks the layouts' pictures.

use std::fmt::Write;

use super::json::{SolutionJson, Symbols};
use super::letters::symbols_text;
use crate::ir::System;
use crate::run::Solution;

/// A layout's solution, its values read from the system's.
fn part_solution(values: Vec<u8>, solution: &Solution) -> Solution {
    Solution {
        values,
        symbols: solution.symbols.clone(),
    }
}

impl super::Show for System {
    fn solutions_text(&self, solutions: &[Solution]) -> String {
        let mut out = String::new();
        for solution in solutions {
            for (i, layout) in self.layouts.iter().enumerate() {
                if i > 0 {
                    let _ = writeln!(out);
                }
                let filled = super::layout::filled(&layout.part, &layout.values(&solution.values));
                for line in filled.lines() {
                    let _ = writeln!(out, "    {}", line);
                }
            }
            if let Some(text) = self.members_text(&solution.values) {
                let _ = writeln!(out, "    {}", text);
            }
            if !solution.symbols.is_empty() {
                let _ = writeln!(out, "    {}", symbols_text(&solution.symbols));
            }
            let _ = writeln!(out);
        }
        out
    }

    fn solution_json(&self, solution: &Solution) -> SolutionJson {
        SolutionJson::System {
            layouts: self
                .layouts
                .iter()
                .map(|l| l.part.row_texts(&l.values(&solution.values)))
                .collect(),
            text: self.members_text(&solution.values),
            symbols: Symbols(solution.symbols.clone()),
        }
    }

    /// The layouts' pictures one under the other, in one document.
    fn svg(&self, solution: Option<&Solution>) -> String {
        let pictures: Vec<String> = self
            .layouts
            .iter()
            .map(|l| {
                let part = solution.map(|s| part_solution(l.values(&s.values), s));
                super::svg::layout::layout(&l.part, part.as_ref())
            })
            .collect();
        stack(&pictures, "System of layouts")
    }
}

/// A number attribute of a picture's root element (`width="120"`).
fn attribute(svg: &str, name: &str) -> u32 {
    let key = format!(" {}=\"", name);
    svg.find(&key)
        .and_then(|at| {
            let rest = &svg[at + key.len()..];
            rest[..rest.find('"')?].parse().ok()
        })
        .unwrap_or(0)
}

/// Standalone pictures one under the other, as nested `<svg>` elements
/// of one document.
fn stack(pictures: &[String], title: &str) -> String {
    let width = pictures
        .iter()
        .map(|p| attribute(p, "width"))
        .max()
        .unwrap_or(1);
    let height: u32 = pictures.iter().map(|p| attribute(p, "height")).sum();
    let mut body = String::new();
    let mut y = 0u32;
    for picture in pictures {
        // The picture without its XML declaration, placed at `y`.
        let element = picture
            .split_once('\n')
            .map_or(picture.as_str(), |(_, rest)| rest);
        let placed = element.replacen("<svg ", &format!("<svg x=\"0\" y=\"{}\" ", y), 1);
        body.push_str(&placed);
        y = y.saturating_add(attribute(picture, "height"));
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
         <title>{}</title>\n\
         <rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n{}</svg>\n",
        title,
        body,
        w = width.max(1),
        h = height.max(1)
    )
}
