//! Long multiplications and divisions: checked by `check/`, solved by
//! `solve/`, graded by `grade.rs`, drawn by `picture.rs` (this folder's).

use super::solve;
use crate::Layout;
use crypta_substrate::ir::{vars, Cell};
use crypta_substrate::kinds::Puzzle;
use crypta_substrate::kinds::{Givens, Grader, Kind, Unsupported, Verifier};
use crypta_substrate::solve::count::Counter;
use crypta_substrate::solve::Solution;
use crypta_substrate::solve::Strategy;
use crypta_substrate::view::{Shape, SolutionView};

impl Kind for Layout {
    fn picture(&self, values: Option<&[u8]>) -> String {
        super::picture::layout(self, values)
    }

    fn plan(&self) -> Box<dyn Strategy> {
        solve::with_conditions(self, solve::choose(self))
    }

    fn strategies(&self) -> Vec<Box<dyn Strategy>> {
        solve::strategies(self)
            .into_iter()
            .map(|strategy| solve::with_conditions(self, strategy))
            .collect()
    }

    /// No counter: a layout's solutions are few, and listed.
    fn counter(&self) -> Option<Box<dyn Counter + '_>> {
        None
    }

    /// The rows that determine the others, last row and rightmost cell
    /// first (the multiplier's units digit, the quotient's last digit):
    /// the strategies decide those first.
    fn split_vars(&self, _planned: &dyn Strategy) -> Vec<usize> {
        let mut order = Vec::new();
        for row in self.determining_rows().into_iter().rev() {
            for cell in self.rows[row].cells.iter().rev() {
                if let Cell::Var(v) = *cell {
                    if !order.contains(&v) {
                        order.push(v);
                    }
                }
            }
        }
        order
    }

    fn narrowed(&self, var: usize) -> Vec<(u8, Puzzle)> {
        vars::narrowed(&self.vars, var)
            .into_iter()
            .map(|(d, vars)| {
                let part = Layout {
                    vars,
                    ..self.clone()
                };
                (d, Puzzle::new(part))
            })
            .collect()
    }

    fn givens(&self) -> Result<&dyn Givens, Unsupported> {
        Ok(self)
    }

    fn grader(&self) -> Result<Grader<'_>, Unsupported> {
        Ok(Box::new(move |solution, budget| {
            let grading = crate::grade::grade_within(self, solution, budget).map_err(|bug| {
                crypta_substrate::kinds::kind::bug_text(
                    self,
                    crypta_substrate::grade::GradeError::Step(format!("internal error: {}", bug)),
                )
            })?;
            Ok(crypta_substrate::grade::Graded::replay(grading, &self.vars))
        }))
    }

    fn oracle(&self) -> Box<dyn Strategy> {
        solve::with_conditions(self, Box::new(solve::LayoutOracle::new(self)))
    }

    fn verifier(&self) -> Verifier<'_> {
        Box::new(move |values| solve::verify_with_conditions(self, values))
    }

    fn var_name(&self, v: usize) -> String {
        vars::var_name(&self.vars, v)
    }

    /// An anonymous cell by where it is written: `r2c5`
    /// ([`Layout::given_name`]).
    fn given_name(&self, v: usize) -> String {
        Layout::given_name(self, v)
    }

    fn symbols(&self) -> Vec<(usize, char)> {
        Layout::symbols(self).collect()
    }

    fn view(&self, solution: &Solution) -> SolutionView {
        SolutionView {
            shape: Shape::Rows(Layout::view(self, &solution.values)),
            symbols: solution.symbols.clone(),
        }
    }
}

impl Givens for Layout {
    fn with_given(&self, var: usize, digit: u8) -> Option<Puzzle> {
        let vars = vars::given(&self.vars, var, u32::from(digit))?;
        Some(Puzzle::new(Layout {
            vars,
            ..self.clone()
        }))
    }
}
