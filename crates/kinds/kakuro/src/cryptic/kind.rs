//! Cryptic Kakuro (letters in cells and clues): checked by `kinds/kakuro/check/`
//! with its letters through the substrate's `check/symbols/`, solved by
//! `kinds/kakuro/solve/cryptic/`, drawn by `kinds/kakuro/picture.rs`. Its JSON `kind`
//! is `kakuro`, as the brief's.

use crate::solve::cryptic as solve;
use crate::CrypticKakuro;
use crypta_substrate::ir::vars;
use crypta_substrate::kinds::Puzzle;
use crypta_substrate::kinds::{Givens, Grader, Kind, Unsupported, Verifier};
use crypta_substrate::solve::count::Counter;
use crypta_substrate::solve::Solution;
use crypta_substrate::solve::Strategy;
use crypta_substrate::view::{Shape, SolutionView};

impl Kind for CrypticKakuro {
    fn picture(&self, values: Option<&[u8]>) -> String {
        crate::picture::cryptic(self, values)
    }

    fn plan(&self) -> Box<dyn Strategy> {
        Box::new(solve::CrypticSearch::new(self))
    }

    fn strategies(&self) -> Vec<Box<dyn Strategy>> {
        vec![self.plan()]
    }

    /// No counter: its letters tie the regions together.
    fn counter(&self) -> Option<Box<dyn Counter + '_>> {
        None
    }

    /// Not cut, as a plain Kakuro is not.
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
        Ok(Box::new(move |solution, budget| {
            crate::grade::grade_cryptic_within(self, solution, budget)
                .map_err(|bug| crypta_substrate::kinds::kind::bug_text(self, bug))
        }))
    }

    fn oracle(&self) -> Box<dyn Strategy> {
        Box::new(solve::CrypticBruteForce::new(self))
    }

    fn verifier(&self) -> Verifier<'_> {
        Box::new(move |values| solve::verify(self, values))
    }

    /// A white cell by its row and column, from 1; a letter by itself.
    fn var_name(&self, v: usize) -> String {
        let first = self.first_symbol();
        if v >= first {
            return crypta_substrate::ir::vars::var_name(&self.symbols, v - first);
        }
        let cell = self.grid.whites.get(v).copied().unwrap_or(0);
        let cols = self.grid.cols.max(1);
        format!("r{}c{}", cell / cols + 1, cell % cols + 1)
    }

    fn given_name(&self, v: usize) -> String {
        self.var_name(v)
    }

    fn symbols(&self) -> Vec<(usize, char)> {
        self.symbol_names()
    }

    /// The plain grid its letters make (clue words as their sums), and
    /// the letters.
    fn view(&self, solution: &Solution) -> SolutionView {
        let first = self.first_symbol();
        let (cells, letters) = solution.values.split_at(first.min(solution.values.len()));
        SolutionView {
            shape: Shape::Grid(self.with_letters(letters).view(cells)),
            symbols: solution.symbols.clone(),
        }
    }
}

impl Givens for CrypticKakuro {
    /// A plain white cell is written with the digit as a given; a letter
    /// is given its digit, which also fills the cells that hold it.
    fn with_given(&self, var: usize, digit: u8) -> Option<Puzzle> {
        let first = self.first_symbol();
        let mut puzzle = self.clone();
        if var < first {
            if self.cell_symbol.get(var)?.is_some() {
                return None;
            }
            puzzle.grid = crate::kind::given_cell(&self.grid, var, digit)?;
        } else {
            puzzle.symbols = vars::given(&self.symbols, var - first, u32::from(digit))?;
        }
        Some(Puzzle::new(puzzle))
    }
}
