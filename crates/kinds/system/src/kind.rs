//! Systems of layouts and equations sharing symbols: checked by
//! `check.rs`, solved by `solve/` (each part by its own
//! kind's strategy), drawn by `picture.rs`.

use super::solve;
use crate::System;
use crypta_substrate::ir::{vars, VarKind};
use crypta_substrate::kinds::Puzzle;
use crypta_substrate::kinds::{Capability, Givens, Grader, Kind, Unsupported, Verifier};
use crypta_substrate::solve::count::Counter;
use crypta_substrate::solve::Solution;
use crypta_substrate::solve::Strategy;
use crypta_substrate::view::{Shape, SolutionView};

impl Kind for System {
    fn picture(&self, values: Option<&[u8]>) -> String {
        super::picture::system(self, values)
    }

    fn plan(&self) -> Box<dyn Strategy> {
        Box::new(solve::PartByPart::new(self))
    }

    fn strategies(&self) -> Vec<Box<dyn Strategy>> {
        vec![self.plan()]
    }

    /// No counter: the parts share symbols, so they are not counted apart.
    fn counter(&self) -> Option<Box<dyn Counter + '_>> {
        None
    }

    /// Not cut: each part's own strategy runs in turn.
    fn split_vars(&self, _planned: &dyn Strategy) -> Vec<usize> {
        Vec::new()
    }

    fn narrowed(&self, _var: usize) -> Vec<(u8, Puzzle)> {
        Vec::new()
    }

    fn givens(&self) -> Result<&dyn Givens, Unsupported> {
        Ok(self)
    }

    /// No rule grades a system yet: `grade` solves it and says so.
    fn grader(&self) -> Result<Grader<'_>, Unsupported> {
        Err(Unsupported {
            kind: "system",
            capability: Capability::Grading,
        })
    }

    fn oracle(&self) -> Box<dyn Strategy> {
        Box::new(solve::SystemOracle::new(self))
    }

    fn verifier(&self) -> Verifier<'_> {
        Box::new(move |values| solve::verify(self, values))
    }

    fn var_name(&self, v: usize) -> String {
        vars::var_name(&self.vars, v)
    }

    /// A symbol by itself; an unknown cell by where it is written in
    /// which layout: `r2c5 of layout 1`.
    fn given_name(&self, v: usize) -> String {
        if !matches!(
            self.vars.get(v).map(|var| var.kind),
            Some(VarKind::Symbol(_))
        ) {
            for (i, layout) in self.layouts.iter().enumerate() {
                if let Some(local) = layout.map.iter().position(|&g| g == v) {
                    return format!("{} of layout {}", layout.part.given_name(local), i + 1);
                }
            }
        }
        vars::var_name(&self.vars, v)
    }

    fn symbols(&self) -> Vec<(usize, char)> {
        System::symbols(self).collect()
    }

    fn view(&self, solution: &Solution) -> SolutionView {
        let values = &solution.values;
        SolutionView {
            shape: Shape::Layouts {
                layouts: self
                    .layouts
                    .iter()
                    .map(|l| l.part.view(&l.values(values)))
                    .collect(),
                text: self.members_text(values),
            },
            symbols: solution.symbols.clone(),
        }
    }
}

impl Givens for System {
    /// The system with one more given: the parts read their digits
    /// from the system's variables, so the given narrows every part.
    fn with_given(&self, var: usize, digit: u8) -> Option<Puzzle> {
        let vars = vars::given(&self.vars, var, u32::from(digit))?;
        Some(Puzzle::new(System {
            vars,
            ..self.clone()
        }))
    }
}
