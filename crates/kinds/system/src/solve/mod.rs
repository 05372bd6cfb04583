//! Systems of layouts and equations sharing symbols: solved part by part
//! ([`PartByPart`]), each part by its own kind's strategy, given the
//! digits the earlier parts fixed; checked by [`verify`]; and a
//! brute-force oracle for the cross-checks ([`SystemOracle`]).

mod oracle;

pub use oracle::SystemOracle;

use crate::{Mapped, System};
use crypta_kind_layout::Layout;
use crypta_substrate::ir::{Letters, Var};
use crypta_substrate::solve::{self, Budget, Flow, Outcome, Strategy, Verdict};

/// One part of the system with the digits known so far: the part's own
/// variables, each fixed when its system variable is known and without
/// the digits its all-different groups have taken.
fn narrowed<T>(
    system: &System,
    part: &Mapped<T>,
    own: &[Var],
    known: &[Option<u8>],
) -> Option<Vec<Var>> {
    let mut vars = own.to_vec();
    for (local, &g) in part.map.iter().enumerate() {
        let global = &system.vars[g];
        let var = &mut vars[local];
        var.groups = global.groups;
        var.domain = var.domain.intersect(global.domain);
        match known[g] {
            Some(d) => {
                var.domain = var
                    .domain
                    .intersect(crypta_substrate::ir::Digits::single(u32::from(d)))
            }
            None => {
                for (h, value) in known.iter().enumerate() {
                    if let Some(d) = value {
                        if system.vars[h].groups & global.groups != 0 {
                            var.domain = var.domain.without(u32::from(*d));
                        }
                    }
                }
            }
        }
        if var.domain.is_empty() {
            return None;
        }
    }
    Some(vars)
}

/// A part's strategy, on its variables narrowed by what is known.
fn part_strategy(
    system: &System,
    part: usize,
    known: &[Option<u8>],
) -> Option<(Box<dyn Strategy>, Vec<usize>)> {
    if let Some(layout) = system.layouts.get(part) {
        let vars = narrowed(system, layout, &layout.part.vars, known)?;
        let narrowed = Layout {
            vars,
            ..layout.part.clone()
        };
        let strategy = crypta_kind_layout::solve::with_conditions(
            &narrowed,
            crypta_kind_layout::solve::choose(&narrowed),
        );
        return Some((strategy, layout.map.clone()));
    }
    let letters: &Mapped<Letters> = system.letters.as_deref()?;
    let vars = narrowed(system, letters, &letters.part.vars, known)?;
    let narrowed = Letters {
        vars,
        ..letters.part.clone()
    };
    Some((
        crypta_substrate::solve::symbols::choose(&narrowed),
        letters.map.clone(),
    ))
}

/// The number of parts: the layouts, then the equations when there are any.
fn parts(system: &System) -> usize {
    system.layouts.len() + usize::from(system.letters.is_some())
}

/// Each layout in the order written, then the equations: every solution
/// of a part, given the digits of the symbols the parts before it fixed,
/// is taken in turn into the next part. A layout has few solutions once
/// the symbols it shares are known, so the first layout is the widest
/// search.
pub struct PartByPart {
    system: System,
}

impl PartByPart {
    pub fn new(system: &System) -> Self {
        PartByPart {
            system: system.clone(),
        }
    }

    /// Solves part `part` and each part after it; `Err` carries how a
    /// search ended early.
    fn part(
        &self,
        part: usize,
        known: &mut Vec<Option<u8>>,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<(), Outcome> {
        if part == parts(&self.system) {
            // Every variable belongs to a part, so all are known.
            let values: Vec<u8> = known.iter().map(|d| d.unwrap_or(0)).collect();
            return match emit(&values) {
                Flow::Continue => Ok(()),
                Flow::Stop => Err(Outcome::Stopped),
            };
        }
        let Some((strategy, map)) = part_strategy(&self.system, part, known) else {
            return Ok(());
        };
        // The part's solutions are listed before the next part is searched,
        // which needs the budget again.
        let mut found: Vec<Vec<u8>> = Vec::new();
        let outcome = strategy.search(budget, &mut |values| {
            found.push(values.to_vec());
            Flow::Continue
        });
        if outcome == Outcome::Interrupted {
            return Err(outcome);
        }
        for values in found {
            let before = known.clone();
            for (local, &g) in map.iter().enumerate() {
                known[g] = Some(values[local]);
            }
            let next = self.part(part + 1, known, budget, emit);
            *known = before;
            next?;
        }
        Ok(())
    }
}

impl Strategy for PartByPart {
    fn name(&self) -> &'static str {
        "part-by-part"
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let mut known = vec![None; self.system.vars.len()];
        match self.part(0, &mut known, budget, emit) {
            Ok(()) => Outcome::Exhausted,
            Err(outcome) => outcome,
        }
    }

    fn approach(&self) -> String {
        let mut lines = [
            "each layout in the order written, then the equations, each by its own strategy"
                .to_string(),
            "given the symbols the parts before it fixed".to_string(),
        ];
        if self.system.letters.is_none() {
            lines[0] = "each layout in the order written, by its own strategy".into();
        }
        lines.join("\n")
    }
}

/// Checks a complete assignment of the system from scratch: the system's
/// domains and all-different groups, then each part with its own
/// verifier.
pub fn verify(system: &System, values: &[u8]) -> Verdict {
    if values.len() != system.vars.len() {
        return Verdict::Invalid(solve::Invalid::Length);
    }
    if let Some(problem) = solve::digits_invalid(&system.vars, values) {
        return Verdict::Invalid(problem);
    }
    for (i, layout) in system.layouts.iter().enumerate() {
        if let Verdict::Invalid(why) =
            crypta_kind_layout::solve::verify_with_conditions(&layout.part, &layout.values(values))
        {
            return Verdict::Invalid(solve::Invalid::InLayout {
                number: i + 1,
                why: Box::new(why),
            });
        }
    }
    if let Some(letters) = &system.letters {
        if let Verdict::Invalid(why) =
            crypta_substrate::solve::symbols::verifier(&letters.part)(&letters.values(values))
        {
            return Verdict::Invalid(solve::Invalid::Equations(Box::new(why)));
        }
    }
    Verdict::Solution
}
