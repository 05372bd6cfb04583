//! Crossnumbers behind the [`Kind`] trait: planned with `entry-lists`,
//! cross-checked with the brute force, given digits cell by cell for
//! `unique`; no grading rules yet.

use crate::ir::Crossnumber;
use crate::{oracle, solve};
use crypta_substrate::kinds::{Capability, Givens, Grader, Kind, Puzzle, Unsupported, Verifier};
use crypta_substrate::solve::count::Counter;
use crypta_substrate::solve::{Solution, Strategy};
use crypta_substrate::view::{Shape, SolutionView};

impl Kind for Crossnumber {
    fn plan(&self) -> Box<dyn Strategy> {
        Box::new(solve::EntryLists::new(self))
    }

    fn strategies(&self) -> Vec<Box<dyn Strategy>> {
        vec![self.plan()]
    }

    fn counter(&self) -> Option<Box<dyn Counter + '_>> {
        None
    }

    /// Not cut: an Enigma-size grid's search ends in milliseconds.
    fn split_vars(&self, _planned: &dyn Strategy) -> Vec<usize> {
        Vec::new()
    }

    fn narrowed(&self, _var: usize) -> Vec<(u8, Puzzle)> {
        Vec::new()
    }

    fn givens(&self) -> Result<&dyn Givens, Unsupported> {
        Ok(self)
    }

    fn grader(&self) -> Result<Grader<'_>, Unsupported> {
        Err(Unsupported {
            kind: "crossnumber",
            capability: Capability::Grading,
        })
    }

    fn oracle(&self) -> Box<dyn Strategy> {
        Box::new(oracle::BruteForce::new(self))
    }

    fn verifier(&self) -> Verifier<'_> {
        Box::new(move |values| oracle::verify(self, values))
    }

    /// A named cell by its letter, another by its row and column.
    fn var_name(&self, v: usize) -> String {
        if let Some(c) = self.letters.get(v).copied().flatten() {
            return c.to_string();
        }
        let cell = self.first_cell.get(v).copied().unwrap_or(0);
        let cols = self.cols.max(1);
        format!("r{}c{}", cell / cols + 1, cell % cols + 1)
    }

    fn given_name(&self, v: usize) -> String {
        self.var_name(v)
    }

    fn symbols(&self) -> Vec<(usize, char)> {
        Crossnumber::symbols(self)
    }

    fn view(&self, solution: &Solution) -> SolutionView {
        let values = &solution.values;
        SolutionView {
            shape: Shape::Crossnumber {
                grid: self.grid(values),
                entries: (0..self.entries.len())
                    .map(|e| {
                        let digits: Vec<u32> = self.entries[e]
                            .vars
                            .iter()
                            .map(|&v| u32::from(values.get(v).copied().unwrap_or(0)))
                            .collect();
                        (self.entries[e].name.clone(), self.value(e, values), digits)
                    })
                    .map(|(name, value, digits)| crypta_substrate::view::EntryValue {
                        name,
                        value: value.unsigned_abs(),
                        digits: digits
                            .iter()
                            .filter_map(|&d| char::from_digit(d, 36))
                            .collect(),
                    })
                    .collect(),
            },
            symbols: solution.symbols.clone(),
        }
    }

    fn picture(&self, values: Option<&[u8]>) -> String {
        crate::picture::picture(self, values)
    }
}

impl Givens for Crossnumber {
    /// The cell written with the digit as a given; a letter takes its digit
    /// wherever it stands.
    fn with_given(&self, var: usize, digit: u8) -> Option<Puzzle> {
        let domain = *self.domains.get(var)?;
        if digit >= 64 || domain >> digit & 1 == 0 {
            return None;
        }
        let mut given = self.clone();
        given.domains[var] = 1 << digit;
        Some(Puzzle::new(given))
    }
}
