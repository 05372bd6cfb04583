//! Kakuro grids: checked by `check/`, solved by `solve/`, graded by
//! `grade/`, drawn by `picture.rs` (this folder's).

use super::solve;
use crate::{Kakuro, KakuroCell};
use crypta_substrate::kinds::Puzzle;
use crypta_substrate::kinds::{Givens, Grader, Kind, Unsupported, Verifier};
use crypta_substrate::solve::count::Counter;
use crypta_substrate::solve::Solution;
use crypta_substrate::solve::Strategy;
use crypta_substrate::view::{Shape, SolutionView};

impl Kind for Kakuro {
    fn picture(&self, values: Option<&[u8]>) -> String {
        super::picture::kakuro(self, values)
    }

    fn plan(&self) -> Box<dyn Strategy> {
        Box::new(solve::KakuroSearch::new(self))
    }

    fn strategies(&self) -> Vec<Box<dyn Strategy>> {
        vec![self.plan()]
    }

    fn counter(&self) -> Option<Box<dyn Counter + '_>> {
        Some(Box::new(solve::RegionCount::new(self)))
    }

    /// Not cut: a grid's search is fast on one core, and its regions
    /// are counted apart by the counter.
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
            crate::grade::grade_within(self, solution, budget)
                .map_err(|bug| crypta_substrate::kinds::kind::bug_text(self, bug))
        }))
    }

    fn oracle(&self) -> Box<dyn Strategy> {
        Box::new(solve::BruteForce::new(self))
    }

    fn verifier(&self) -> Verifier<'_> {
        Box::new(move |values| solve::verify(self, values))
    }

    /// A white cell by its row and column, from 1.
    fn var_name(&self, v: usize) -> String {
        let cell = self.whites.get(v).copied().unwrap_or(0);
        let cols = self.cols.max(1);
        format!("r{}c{}", cell / cols + 1, cell % cols + 1)
    }

    fn given_name(&self, v: usize) -> String {
        self.var_name(v)
    }

    fn symbols(&self) -> Vec<(usize, char)> {
        Vec::new()
    }

    fn view(&self, solution: &Solution) -> SolutionView {
        SolutionView {
            shape: Shape::Grid(Kakuro::view(self, &solution.values)),
            symbols: solution.symbols.clone(),
        }
    }
}

impl Givens for Kakuro {
    /// The cell written with the digit as a given, as an author would.
    fn with_given(&self, var: usize, digit: u8) -> Option<Puzzle> {
        given_cell(self, var, digit).map(Puzzle::new)
    }
}

/// `kakuro` with white cell `var` given `digit`; an existing given stays
/// as it is and takes no other digit.
pub(super) fn given_cell(kakuro: &Kakuro, var: usize, digit: u8) -> Option<Kakuro> {
    let cell = *kakuro.whites.get(var)?;
    match kakuro.cells.get(cell)? {
        KakuroCell::White { given: Some(g) } => (*g == digit).then(|| kakuro.clone()),
        KakuroCell::White { given: None } if (1..=9).contains(&digit) => {
            let mut grid = kakuro.clone();
            grid.cells[cell] = KakuroCell::White { given: Some(digit) };
            Some(grid)
        }
        _ => None,
    }
}
