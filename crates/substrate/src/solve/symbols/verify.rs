//! Checks a candidate assignment against the puzzle, from scratch and with
//! exact arithmetic. Every solution a strategy reports goes through here
//! before it is counted or shown, in release builds too; it is also the
//! judge of the brute-force oracle.

use num_bigint::BigInt;

use crate::arith::{self, Exact};
use crate::ir::Letters;
use crate::solve::{Invalid, Verdict, Verifier};

/// The verifier of `letters`: `verify`, its arithmetic chosen once.
pub fn verifier(letters: &Letters) -> Verifier<'_> {
    let exact_in_i128 = letters.fits_i128();
    Box::new(move |values| verify(letters, values, exact_in_i128))
}

/// Verifies `values` (one digit per variable). `exact_in_i128` is
/// [`Letters::fits_i128`] of the puzzle, computed once by the caller.
pub fn verify(letters: &Letters, values: &[u8], exact_in_i128: bool) -> Verdict {
    if values.len() != letters.vars.len() {
        return Verdict::Invalid(Invalid::Length);
    }
    if let Some(problem) = crate::solve::digits_invalid(&letters.vars, values) {
        return Verdict::Invalid(problem);
    }
    let holds = if exact_in_i128 {
        equations_hold::<i128>(letters, values)
    } else {
        equations_hold::<BigInt>(letters, values)
    };
    if !holds {
        return Verdict::Invalid(Invalid::Equation);
    }
    for condition in &letters.conditions {
        if !arith::condition_holds(condition, &letters.words, values, letters.base) {
            return Verdict::Invalid(Invalid::Condition(
                letters.condition_text(condition, Some(values)),
            ));
        }
    }
    Verdict::Solution
}

fn equations_hold<N: Exact>(letters: &Letters, values: &[u8]) -> bool {
    let base = N::from_u32(letters.base);
    letters.equations.iter().all(|eq| {
        let l: N = arith::eval(&eq.lhs, &letters.words, values, &base, usize::MAX);
        let r: N = arith::eval(&eq.rhs, &letters.words, values, &base, usize::MAX);
        l == r
    })
}
