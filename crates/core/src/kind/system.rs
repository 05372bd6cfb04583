//! Systems of layouts and equations sharing symbols: checked by
//! `check/system.rs`, solved by `solve/system/` (each part by its own
//! kind's strategy), shown by `report/system.rs`.

use super::{Grader, Kind, Verifier};
use crate::grade::{Graded, Grading};
use crate::ir::{vars, Puzzle, System, VarKind};
use crate::solve::{system as solve, Strategy};

impl Kind for System {
    fn plan(&self) -> Box<dyn Strategy> {
        Box::new(solve::PartByPart::new(self))
    }

    fn strategies(&self) -> Vec<Box<dyn Strategy>> {
        vec![self.plan()]
    }

    /// No rule grades a system yet ([`Kind::has_grading_rules`]): `grade`
    /// solves it and says so; these empty steps are never shown.
    fn has_grading_rules(&self) -> bool {
        false
    }

    fn grader(&self) -> Grader<'_> {
        Box::new(move |_, _| {
            Ok(Graded {
                grading: Grading::of(Vec::new(), false),
                fixed: 0,
                variables: self.vars.len(),
            })
        })
    }

    fn oracle(&self) -> Box<dyn Strategy> {
        Box::new(solve::SystemOracle::new(self))
    }

    fn verifier(&self) -> Verifier<'_> {
        Box::new(move |values| solve::verify(self, values))
    }

    /// The system with one more given: the parts read their digits
    /// from the system's variables, so the given narrows every part.
    fn with_given(&self, var: usize, digit: u8) -> Option<Puzzle> {
        let vars = vars::given(&self.vars, var, u32::from(digit))?;
        Some(Puzzle::System(System {
            vars,
            ..self.clone()
        }))
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
}
