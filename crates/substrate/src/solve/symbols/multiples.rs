//! Letters a divisibility fixes, for the product strategy
//! ([`super::modular_columns`]): in a condition `WORD % T = 0` (or `0 =
//! WORD % T`), once T and every cell of WORD but its units letter are
//! known, the units digit d must make `rest + d` a multiple of T: d is
//! one of -rest mod |T|, plus |T|, plus 2|T|... below the base, and one
//! digit at most once |T| reaches the base. `ENIGMA % EE = 0` tries one
//! digit for A, not five. The condition itself is still tested exactly
//! when its letters are known: this only rules digits out.

use crate::arith::condition::term_whole_i128;
use crate::ir::{Cell, Letters, Op, RelOp, Term, Test};

/// A condition `WORD % divisor = 0` whose word ends in the letter it
/// fixes.
#[derive(Clone, Debug)]
pub(super) struct Multiple {
    /// The word, as a term.
    word: Term,
    divisor: Term,
}

/// Whether `t` is a number written as zeros.
fn is_zero(letters: &Letters, t: &Term) -> bool {
    matches!(t, Term::Word(w) if letters.words[*w].cells.iter().all(|c| matches!(c, Cell::Digit(0))))
}

/// The divisibilities that fix variable `v`, the `i`-th of the order,
/// once the variables before it are known.
pub(super) fn multiples_of(
    letters: &Letters,
    position: &[usize],
    v: usize,
    i: usize,
) -> Vec<Multiple> {
    let mut out = Vec::new();
    for c in &letters.conditions {
        let Some(atom) = c.atom() else {
            continue;
        };
        let Test::Relation(RelOp::Eq, rhs) = &atom.test else {
            continue;
        };
        let remainder = match (&atom.lhs, rhs) {
            (r, z) | (z, r) if is_zero(letters, z) => r,
            _ => continue,
        };
        let Term::Binary(Op::Mod, x, divisor) = remainder else {
            continue;
        };
        let Term::Word(w) = **x else {
            continue;
        };
        let cells = &letters.words[w].cells;
        let Some((&Cell::Var(last), higher)) = cells.split_last() else {
            continue;
        };
        let before = |u: usize| position[u] < i;
        let higher_known = higher.iter().all(|c| match *c {
            Cell::Var(u) => u != v && before(u),
            Cell::Digit(_) => true,
        });
        let mut read = Vec::new();
        divisor.words(&mut read);
        let divisor_known = crate::ir::vars::vars_in(read.iter().map(|&r| &letters.words[r]))
            .into_iter()
            .all(before);
        if last == v && higher_known && divisor_known {
            out.push(Multiple {
                word: Term::Word(w),
                divisor: (**divisor).clone(),
            });
        }
    }
    out
}

impl Multiple {
    /// The digits (a mask) the units letter `v` may take with the other
    /// letters at their `values`; every digit when a value does not fit
    /// `i128`, none when the divisor is 0 or not whole (the condition is
    /// then false).
    pub(super) fn allowed(&self, letters: &Letters, values: &mut [u8], v: usize) -> u64 {
        let base = letters.base;
        values[v] = 0;
        let rest = term_whole_i128(&self.word, &letters.words, values, base);
        let divisor = term_whole_i128(&self.divisor, &letters.words, values, base);
        let (Some(Some(rest)), Some(divisor)) = (rest, divisor) else {
            return u64::MAX;
        };
        let Some(t) = divisor.filter(|&t| t != 0).map(i128::unsigned_abs) else {
            return 0;
        };
        // rest >= 0: a word's value.
        let first = (t - rest.unsigned_abs() % t) % t;
        let mut mask = 0u64;
        let mut d = first;
        while d < u128::from(base.min(64)) {
            mask |= 1 << d;
            d += t;
        }
        mask
    }
}
