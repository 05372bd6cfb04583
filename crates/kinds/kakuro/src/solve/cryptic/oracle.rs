//! The second, simple oracle for cryptic Kakuro: every assignment of the
//! letters (their sets, all different unless `repeats`, the conditions),
//! each turned into the plain grid it makes and solved by the plain
//! Kakuro's brute force. Slow and obviously right, for small grids.

use crate::solve::BruteForce;
use crate::CrypticKakuro;
use crypta_substrate::arith;
use crypta_substrate::solve::{repeats_earlier, Budget, Flow, Outcome, Strategy};

// The cross-checks' oracles: used by the integration tests only.
pub struct CrypticBruteForce {
    kakuro: CrypticKakuro,
}

// The cross-checks' oracles: used by the integration tests only.
impl CrypticBruteForce {
    pub fn new(kakuro: &CrypticKakuro) -> Self {
        CrypticBruteForce {
            kakuro: kakuro.clone(),
        }
    }

    fn letters(
        &self,
        s: usize,
        letters: &mut Vec<u8>,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Option<Outcome> {
        let k = &self.kakuro;
        if s == letters.len() {
            if !k
                .conditions
                .iter()
                .all(|c| arith::condition_holds(c, &k.words, letters, 10))
            {
                return None;
            }
            let grid = k.with_letters(letters);
            let mut stop = None;
            let outcome = BruteForce::new(&grid).search(budget, &mut |cells| {
                let mut values = cells.to_vec();
                values.extend_from_slice(letters);
                let flow = emit(&values);
                if flow == Flow::Stop {
                    stop = Some(Outcome::Stopped);
                }
                flow
            });
            return match outcome {
                Outcome::Interrupted => Some(Outcome::Interrupted),
                _ => stop,
            };
        }
        let var = &k.symbols[s];
        for d in var.domain.iter() {
            if budget.tick() {
                return Some(Outcome::Interrupted);
            }
            letters[s] = d as u8;
            if repeats_earlier(&k.symbols, letters, s) {
                continue;
            }
            if let Some(stop) = self.letters(s + 1, letters, budget, emit) {
                return Some(stop);
            }
        }
        None
    }
}

impl Strategy for CrypticBruteForce {
    fn name(&self) -> &'static str {
        "cryptic-brute-force"
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let mut letters = vec![0; self.kakuro.symbols.len()];
        self.letters(0, &mut letters, budget, emit)
            .unwrap_or(Outcome::Exhausted)
    }
}
