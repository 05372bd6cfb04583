//! Letter equations and radix-n additions: checked by the substrate's
//! `check/symbols/`, solved by `solve/symbols/`, graded by
//! `grade/symbols/`, drawn by `picture.rs`.

use crate::ir::{vars, Letters};
use crate::kinds::Puzzle;
use crate::kinds::{Givens, Grader, Kind, Unsupported, Verifier};
use crate::solve::count::Counter;
use crate::solve::Solution;
use crate::solve::{symbols as solve, Strategy};
use crate::view::{Shape, SolutionView};

impl Kind for Letters {
    fn picture(&self, values: Option<&[u8]>) -> String {
        super::picture::letters(self, values)
    }

    fn plan(&self) -> Box<dyn Strategy> {
        solve::choose(self)
    }

    fn strategies(&self) -> Vec<Box<dyn Strategy>> {
        solve::strategies(self)
    }

    fn counter(&self) -> Option<Box<dyn Counter + '_>> {
        solve::LettersCount::new(self).map(|c| Box::new(c) as Box<dyn Counter>)
    }

    /// The planned strategy's order: its first decisions split its tree.
    fn split_vars(&self, planned: &dyn Strategy) -> Vec<usize> {
        planned.order()
    }

    fn narrowed(&self, var: usize) -> Vec<(u8, Puzzle)> {
        vars::narrowed(&self.vars, var)
            .into_iter()
            .map(|(d, vars)| {
                let part = Letters {
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
            let grading =
                crate::grade::symbols::grade_within(self, solution, budget).map_err(|bug| {
                    crate::kinds::kind::bug_text(
                        self,
                        crate::grade::GradeError::Step(format!("internal error: {}", bug)),
                    )
                })?;
            Ok(crate::grade::Graded::replay(grading, &self.vars))
        }))
    }

    fn oracle(&self) -> Box<dyn Strategy> {
        Box::new(solve::BruteForce::new(self))
    }

    fn verifier(&self) -> Verifier<'_> {
        solve::verifier(self)
    }

    fn var_name(&self, v: usize) -> String {
        Letters::var_name(self, v)
    }

    fn given_name(&self, v: usize) -> String {
        Letters::var_name(self, v)
    }

    fn symbols(&self) -> Vec<(usize, char)> {
        Letters::symbols(self).collect()
    }

    fn view(&self, solution: &Solution) -> SolutionView {
        SolutionView {
            shape: Shape::Equations(self.solution_text(&solution.values)),
            symbols: solution.symbols.clone(),
        }
    }
}

impl Givens for Letters {
    fn with_given(&self, var: usize, digit: u8) -> Option<Puzzle> {
        let vars = vars::given(&self.vars, var, u32::from(digit))?;
        Some(Puzzle::new(Letters {
            vars,
            ..self.clone()
        }))
    }
}
