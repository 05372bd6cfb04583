//! The brute-force oracle: every assignment of every variable, each tested
//! exactly (conditions always in big integers, not through the `i128` path
//! the strategies and the verifier share). Slow and obviously right; the property tests compare every
//! clever strategy with it.

use num_bigint::BigInt;

use crate::arith::{self, Exact};
use crate::ir::{Condition, Digits, Letters, Word};
use crate::solve::{repeats_earlier, Budget, Flow, Outcome, Strategy};

// The cross-checks' oracles: used by the integration tests only.
pub struct BruteForce {
    letters: Letters,
}

// The cross-checks' oracles: used by the integration tests only.
/// A condition's truth, part by part, every value in big integers and
/// fractions: the slow, plain way, apart from the search's own.
fn truth(c: &Condition, words: &[Word], values: &[u8], base: u32) -> bool {
    let count = |parts: &[Condition]| {
        parts
            .iter()
            .filter(|p| truth(p, words, values, base))
            .count()
    };
    match c {
        Condition::Atom(a) => arith::condition::atom_holds_big(a, words, values, base),
        Condition::Not(inner) => !truth(inner, words, values, base),
        Condition::And(parts) => count(parts) == parts.len(),
        Condition::Or(parts) => count(parts) > 0,
        Condition::Count(counting, n, parts) => counting.holds(*n, count(parts)),
    }
}

impl BruteForce {
    pub fn new(letters: &Letters) -> Self {
        BruteForce {
            letters: letters.clone(),
        }
    }

    fn holds<N: Exact>(&self, values: &[u8]) -> bool {
        let base = N::from_u32(self.letters.base);
        let letters = &self.letters;
        letters.equations.iter().all(|eq| {
            let l: N = arith::eval(&eq.lhs, &letters.words, values, &base, usize::MAX);
            let r: N = arith::eval(&eq.rhs, &letters.words, values, &base, usize::MAX);
            l == r
        }) && letters
            .conditions
            .iter()
            .all(|c| truth(c, &letters.words, values, letters.base))
    }

    fn walk(
        &self,
        v: usize,
        values: &mut Vec<u8>,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Option<Outcome> {
        if v == values.len() {
            let ok = if self.letters.fits_i128() {
                self.holds::<i128>(values)
            } else {
                self.holds::<BigInt>(values)
            };
            return (ok && emit(values) == Flow::Stop).then_some(Outcome::Stopped);
        }
        let var = &self.letters.vars[v];
        for d in Digits(var.domain.0).iter() {
            if budget.tick() {
                return Some(Outcome::Interrupted);
            }
            values[v] = d as u8;
            if repeats_earlier(&self.letters.vars, values, v) {
                continue;
            }
            if let Some(stop) = self.walk(v + 1, values, budget, emit) {
                return Some(stop);
            }
        }
        None
    }
}

impl Strategy for BruteForce {
    fn name(&self) -> &'static str {
        "brute-force"
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let mut values = vec![0; self.letters.vars.len()];
        self.walk(0, &mut values, budget, emit)
            .unwrap_or(Outcome::Exhausted)
    }
}
