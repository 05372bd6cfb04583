//! A checked crossnumber: its grid, its variables (a white cell each, or
//! one per named letter), its entries as a printed crossword numbers them,
//! and its clues.

use crate::clue::{Cond, Values};
use crypta_substrate::ir::Describe;
use crypta_substrate::view::Cell;

/// A crossnumber.
#[derive(Clone, Debug)]
pub struct Crossnumber {
    pub rows: usize,
    pub cols: usize,
    /// Each cell's variable, row by row; `None` for a block.
    pub cells: Vec<Option<usize>>,
    /// Each cell as written (`.`, `#`, a given digit, a letter).
    pub written: Vec<char>,
    /// Each cell's printed number, where an entry starts.
    pub numbers: Vec<Option<u32>>,
    /// Each variable's digits (bit d for digit d).
    pub domains: Vec<u64>,
    /// The letter of a named cell's variable.
    pub letters: Vec<Option<char>>,
    /// Each variable's first cell.
    pub first_cell: Vec<usize>,
    pub entries: Vec<Entry>,
    pub clues: Vec<Clue>,
    pub base: u32,
    /// Whether two letters may share a digit (`repeats`).
    pub repeats: bool,
}

/// An entry: a run of two or more white cells.
#[derive(Clone, Debug)]
pub struct Entry {
    /// `1a`, `5d`.
    pub name: String,
    /// Its variables, most significant digit first.
    pub vars: Vec<usize>,
}

/// A clue as written, and what it reads.
#[derive(Clone, Debug)]
pub struct Clue {
    pub text: String,
    pub cond: Cond,
    /// The entries it reads, each once.
    pub entries: Vec<usize>,
    /// Every variable it reads (its entries' and its letters'), each once.
    pub vars: Vec<usize>,
}

impl Crossnumber {
    /// An entry's value from one digit per variable.
    pub fn value(&self, entry: usize, values: &[u8]) -> i128 {
        self.entries[entry].vars.iter().fold(0i128, |acc, &v| {
            acc * i128::from(self.base) + i128::from(values[v])
        })
    }

    /// Every entry's value.
    pub fn values(&self, values: &[u8]) -> Vec<i128> {
        (0..self.entries.len())
            .map(|e| self.value(e, values))
            .collect()
    }

    /// Whether clue `c` holds, all its variables set in `values`.
    pub fn holds(&self, c: usize, entries: &[i128], values: &[u8]) -> bool {
        self.clues[c].cond.holds(&Values {
            entries,
            digits: values,
            base: self.base,
        })
    }

    /// The filled grid, row by row.
    pub fn grid(&self, values: &[u8]) -> Vec<Vec<Cell>> {
        self.cells
            .chunks(self.cols.max(1))
            .map(|row| {
                row.iter()
                    .map(|c| match c {
                        Some(v) => Cell::Digit(u32::from(values.get(*v).copied().unwrap_or(0))),
                        None => Cell::Block,
                    })
                    .collect()
            })
            .collect()
    }

    /// The letters, in order of first appearance in the grid.
    pub fn symbols(&self) -> Vec<(usize, char)> {
        let mut seen: Vec<(usize, char)> = Vec::new();
        for v in self.cells.iter().flatten() {
            if let Some(c) = self.letters[*v] {
                if !seen.iter().any(|&(w, _)| w == *v) {
                    seen.push((*v, c));
                }
            }
        }
        seen
    }
}

impl Describe for Crossnumber {
    fn kind_name(&self) -> &'static str {
        "crossnumber"
    }

    fn describe(&self) -> String {
        let mut out = format!(
            "Crossnumber: {}×{} grid, {} entries, {} clues, base {}\n",
            self.rows,
            self.cols,
            self.entries.len(),
            self.clues.len(),
            self.base
        );
        for e in &self.entries {
            out.push_str(&format!("  {}: {} cells\n", e.name, e.vars.len()));
        }
        for c in &self.clues {
            out.push_str(&format!("  clue: {}\n", c.text));
        }
        out
    }
}
