//! The toy kind's search and verifier: every pair of digits, in order.

use super::{Budget, Flow, Outcome, Strategy, Verdict};
use crate::ir::Pair;

/// Tries X then Y from 0 to 9.
pub struct Pairs(pub u32);

impl Strategy for Pairs {
    fn name(&self) -> &'static str {
        "pairs"
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        for x in 0..10u8 {
            for y in 0..10u8 {
                if budget.tick() {
                    return Outcome::Interrupted;
                }
                if x != y && u32::from(x + y) == self.0 && emit(&[x, y]) == Flow::Stop {
                    return Outcome::Stopped;
                }
            }
        }
        Outcome::Exhausted
    }
}

/// X and Y differ and add up to the sum.
pub fn verify(pair: &Pair, values: &[u8]) -> Verdict {
    match values {
        [x, y] if x != y && u32::from(x + y) == pair.sum => Verdict::Solution,
        _ => Verdict::Invalid(format!("{:?} is not a pair for {}", values, pair.sum)),
    }
}
