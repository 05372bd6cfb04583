//! The brute-force Kakuro oracle for small grids: every digit in every white
//! cell, in order, a run tested once its last cell is filled (with the
//! obvious cuts: no digit twice, and a sum that is not yet exceeded and can
//! still be reached at 9 a cell; a `?` run only has the first). Slow and
//! obviously right; the property tests compare the strategy with it.

use super::verify::clue_runs;
use crate::{Kakuro, Sum};
use crypta_substrate::solve::{Budget, Flow, Outcome, Strategy};

// The cross-checks' oracles: used by the integration tests only.
pub struct BruteForce {
    givens: Vec<u8>,
    /// Sum and variables of each run.
    runs: Vec<(Sum, Vec<usize>)>,
    /// The runs of each variable.
    runs_of: Vec<Vec<usize>>,
}

// The cross-checks' oracles: used by the integration tests only.
impl BruteForce {
    pub fn new(kakuro: &Kakuro) -> Self {
        let runs = clue_runs(kakuro);
        let mut runs_of = vec![Vec::new(); kakuro.whites.len()];
        for (r, (_, vars)) in runs.iter().enumerate() {
            for &v in vars {
                runs_of[v].push(r);
            }
        }
        BruteForce {
            givens: kakuro.givens(),
            runs,
            runs_of,
        }
    }

    /// Whether the runs of variable `v` still hold with `values[..=v]` set.
    /// Without allocating: it is asked at every node, and the cross-checks
    /// spend most of their time here.
    fn fits(&self, v: usize, values: &[u8]) -> bool {
        self.runs_of[v].iter().all(|&r| {
            let (sum, vars) = &self.runs[r];
            let mut seen = 0u16;
            let mut total = 0u32;
            let mut filled = 0;
            for &w in vars.iter().filter(|&&w| w <= v) {
                let bit = 1u16 << values[w];
                if seen & bit != 0 {
                    return false;
                }
                seen |= bit;
                total += u32::from(values[w]);
                filled += 1;
            }
            match sum {
                Sum::Any => true,
                Sum::Given(sum) if filled == vars.len() => total == *sum,
                // The cells still empty add at most 9 each.
                Sum::Given(sum) => total < *sum && total + 9 * (vars.len() - filled) as u32 >= *sum,
            }
        })
    }

    fn walk(
        &self,
        v: usize,
        values: &mut Vec<u8>,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Option<Outcome> {
        if v == values.len() {
            return (emit(values) == Flow::Stop).then_some(Outcome::Stopped);
        }
        let digits = match self.givens[v] {
            0 => 1..=9,
            d => d..=d,
        };
        for d in digits {
            if budget.tick() {
                return Some(Outcome::Interrupted);
            }
            values[v] = d;
            if self.fits(v, values) {
                if let Some(stop) = self.walk(v + 1, values, budget, emit) {
                    return Some(stop);
                }
            }
        }
        None
    }
}

impl Strategy for BruteForce {
    fn name(&self) -> &'static str {
        "kakuro-brute-force"
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let mut values = vec![0; self.givens.len()];
        self.walk(0, &mut values, budget, emit)
            .unwrap_or(Outcome::Exhausted)
    }
}
