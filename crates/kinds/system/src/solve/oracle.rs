//! The brute-force oracle of a system: every assignment of the system's
//! variables within their domains, in increasing order, kept when the
//! verifier accepts it. Slow and obviously right, for the cross-checks'
//! small random systems.

use super::verify;
use crate::System;
use crypta_substrate::solve::{Budget, Flow, Outcome, Strategy, Verdict};

/// Every assignment, tested by [`verify`].
pub struct SystemOracle {
    system: System,
}

impl SystemOracle {
    pub fn new(system: &System) -> Self {
        SystemOracle {
            system: system.clone(),
        }
    }

    fn go(
        &self,
        v: usize,
        values: &mut Vec<u8>,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<(), Outcome> {
        if budget.tick() {
            return Err(Outcome::Interrupted);
        }
        if v == values.len() {
            if verify(&self.system, values) == Verdict::Solution {
                if let Flow::Stop = emit(values) {
                    return Err(Outcome::Stopped);
                }
            }
            return Ok(());
        }
        for d in self.system.vars[v].domain.iter() {
            values[v] = d as u8;
            self.go(v + 1, values, budget, emit)?;
        }
        Ok(())
    }
}

impl Strategy for SystemOracle {
    fn name(&self) -> &'static str {
        "brute-force"
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let mut values = vec![0; self.system.vars.len()];
        match self.go(0, &mut values, budget, emit) {
            Ok(()) => Outcome::Exhausted,
            Err(outcome) => outcome,
        }
    }
}
