//! A cryptic Kakuro (Project Euler 424) in the IR: a Kakuro grid whose
//! white cells may hold letters and whose clue sides may be words of
//! letters and digits, each letter one digit. An assignment gives a digit
//! to every white cell, then to every letter: the white cells come first,
//! in the grid's order, so the grid part reads like a plain Kakuro's.

use std::fmt::Write;

use crate::ir::{Kakuro, KakuroCell, Sum};
use crypta_substrate::ir::condition::Condition;
use crypta_substrate::ir::vars::{self, plural, Cell, Var, Word};

/// A cryptic Kakuro, checked.
#[derive(Clone, Debug)]
pub struct CrypticKakuro {
    /// The grid: a letter cell is a white cell with no given, a word side
    /// of a clue reads 0 (see `run_words`).
    pub grid: Kakuro,
    /// The letters, numbered after the white cells: letter `s` is
    /// variable `grid.whites.len() + s`.
    pub symbols: Vec<Var>,
    /// For each white cell, the letter it holds.
    pub cell_symbol: Vec<Option<usize>>,
    /// For each run of `grid.runs`, the word its clue is written as
    /// (cells index `symbols`); `None` for a number.
    pub run_words: Vec<Option<Word>>,
    /// The words conditions read, indexed by their terms; cells index
    /// `symbols`.
    pub words: Vec<Word>,
    /// Conditions on the letters, from `with`.
    pub conditions: Vec<Condition>,
}

impl CrypticKakuro {
    /// The first letter's variable.
    pub fn first_symbol(&self) -> usize {
        self.grid.whites.len()
    }

    /// A run's sum under the letters' digits (`letters[s]` for letter
    /// `s`); `None` for a `?` run, which has any sum.
    pub fn run_sum(&self, run: usize, letters: &[u8]) -> Option<u64> {
        match &self.run_words[run] {
            None => self.grid.runs[run].sum.given().map(u64::from),
            Some(word) => Some(word.cells.iter().fold(0u64, |acc, cell| {
                let d = match *cell {
                    Cell::Var(s) => u64::from(letters[s]),
                    Cell::Digit(d) => u64::from(d),
                };
                acc.saturating_mul(10).saturating_add(d)
            })),
        }
    }

    /// The plain Kakuro these letters make: letter cells given, clue words
    /// turned into their sums. What a solution is drawn as, and what the
    /// second oracle solves for each assignment of the letters.
    pub fn with_letters(&self, letters: &[u8]) -> Kakuro {
        let mut grid = self.grid.clone();
        for (v, symbol) in self.cell_symbol.iter().enumerate() {
            if let Some(s) = symbol {
                grid.cells[grid.whites[v]] = KakuroCell::White {
                    given: Some(letters[*s]),
                };
            }
        }
        for r in 0..grid.runs.len() {
            if self.run_words[r].is_none() {
                continue;
            }
            let sum = self.run_sum(r, letters).map_or(Sum::Any, |s| {
                Sum::Given(u32::try_from(s).unwrap_or(u32::MAX))
            });
            let run = &mut grid.runs[r];
            run.sum = sum;
            if let KakuroCell::Clue { down, across } = &mut grid.cells[run.clue] {
                match run.direction {
                    crate::Direction::Across => *across = Some(sum),
                    crate::Direction::Down => *down = Some(sum),
                }
            }
        }
        grid
    }

    /// The letters with their variables, in order of first appearance.
    pub fn symbol_names(&self) -> Vec<(usize, char)> {
        vars::symbols(&self.symbols)
            .map(|(s, c)| (self.first_symbol() + s, c))
            .collect()
    }

    /// A word as written.
    pub fn word_text(&self, word: &Word) -> String {
        word.cells
            .iter()
            .map(|cell| match *cell {
                Cell::Digit(d) => crypta_substrate::digits::digit_char(d),
                Cell::Var(s) => vars::var_name(&self.symbols, s)
                    .chars()
                    .next()
                    .unwrap_or('?'),
            })
            .collect()
    }

    /// The typed puzzle for `explain`: the grid, the letters and their
    /// digits, the clue words and the conditions.
    pub fn describe(&self) -> String {
        let mut out = self.grid.describe();
        out = out.replacen("kakuro,", "cryptic kakuro,", 1);
        let letter_cells = self.cell_symbol.iter().flatten().count();
        let words = self.run_words.iter().flatten().count();
        let _ = writeln!(
            out,
            "  {} letter{}: {} in white cell{}, {} clue word{}",
            self.symbols.len(),
            plural(self.symbols.len()),
            letter_cells,
            plural(letter_cells),
            words,
            plural(words),
        );
        vars::describe_vars(&self.symbols, 10, 0..self.symbols.len(), &mut out);
        for c in &self.conditions {
            let text = c.render(&|w| self.word_text(&self.words[w]));
            let _ = writeln!(out, "  condition: {}", text);
        }
        out
    }
}

impl crypta_substrate::ir::Describe for CrypticKakuro {
    fn kind_name(&self) -> &'static str {
        "kakuro" // as the brief's: a cryptic Kakuro is a `kakuro`
    }

    fn describe(&self) -> String {
        CrypticKakuro::describe(self)
    }
}
