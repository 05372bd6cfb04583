//! Products and sums of squares equal to 0, read part by part. Over whole
//! numbers (and fractions), `X * Y = 0` holds exactly when `X = 0` or
//! `Y = 0`, `X ^ 2 + Y ^ 2 = 0` exactly when `X = 0` and `Y = 0` (an even
//! power is never negative), and `X ^ k = 0` (k at least 1) exactly when
//! `X = 0`. A condition `P = 0` of that shape becomes the formula of its
//! parts: each part is decided as soon as its own few letters are, where
//! the product waited for every letter it reads, and each is cheap to
//! test. `((I + S - 2) ^ 2 + (A + E - 3) ^ 2) * ... = 0` becomes
//! `I + S - 2 = 0 and A + E - 3 = 0 or ...`.
//!
//! Only terms without `/` and `%` and with constant exponents are read so:
//! a part that can be undefined (a divisor of 0) would make the product
//! false but leave the formula's other parts free to hold. The rewritten
//! puzzle is what the strategies search; the verifier still checks every
//! solution against the puzzle as written.

use super::powers;
use crate::ir::{Atom, Cell, Condition, Letters, Op, RelOp, Term, Test};
use crate::solve::{Budget, Flow, Outcome, Strategy};

/// Whether `t` is a number written as zeros.
fn is_zero(letters: &Letters, t: &Term) -> bool {
    matches!(t, Term::Word(w) if letters.words[*w].cells.iter().all(|c| *c == Cell::Digit(0)))
}

/// The constant exponent of a power, when it is one.
fn exponent(letters: &Letters, t: &Term) -> Option<u32> {
    powers::constant(t, letters)
}

/// Whether `t` is defined for every assignment: `+ - *` and powers with
/// a constant exponent only.
fn defined(letters: &Letters, t: &Term) -> bool {
    match t {
        Term::Word(_) => true,
        Term::Binary(Op::Pow, a, k) => exponent(letters, k).is_some() && defined(letters, a),
        Term::Binary(Op::Add | Op::Sub | Op::Mul, a, b) => {
            defined(letters, a) && defined(letters, b)
        }
        Term::Binary(..) => false,
    }
}

/// The summands of a chain of `+`.
fn summands<'t>(t: &'t Term, out: &mut Vec<&'t Term>) {
    match t {
        Term::Binary(Op::Add, a, b) => {
            summands(a, out);
            summands(b, out);
        }
        _ => out.push(t),
    }
}

/// `t = 0` as a formula of its parts (`zero` is the word 0).
fn zero_of(letters: &Letters, t: &Term, zero: &Term) -> Condition {
    let flat = |c: Condition, or: bool, out: &mut Vec<Condition>| match c {
        Condition::Or(parts) if or => out.extend(parts),
        Condition::And(parts) if !or => out.extend(parts),
        c => out.push(c),
    };
    match t {
        Term::Binary(Op::Mul, a, b) => {
            let mut parts = Vec::new();
            flat(zero_of(letters, a, zero), true, &mut parts);
            flat(zero_of(letters, b, zero), true, &mut parts);
            return Condition::Or(parts);
        }
        Term::Binary(Op::Pow, x, k) if exponent(letters, k).is_some_and(|k| k >= 1) => {
            return zero_of(letters, x, zero);
        }
        Term::Binary(Op::Add, ..) => {
            let mut terms = Vec::new();
            summands(t, &mut terms);
            fn even<'t>(letters: &Letters, s: &'t Term) -> Option<&'t Term> {
                match s {
                    Term::Binary(Op::Pow, x, k) => exponent(letters, k)
                        .filter(|k| *k >= 2 && k % 2 == 0)
                        .map(|_| &**x),
                    _ => None,
                }
            }
            let bases: Option<Vec<&Term>> = terms.iter().map(|s| even(letters, s)).collect();
            if let Some(bases) = bases {
                let mut parts = Vec::new();
                for x in bases {
                    flat(zero_of(letters, x, zero), false, &mut parts);
                }
                return Condition::And(parts);
            }
        }
        _ => {}
    }
    Condition::Atom(Atom {
        lhs: t.clone(),
        test: Test::Relation(RelOp::Eq, zero.clone()),
    })
}

/// What condition `c` becomes, when it is a product or sum of even powers
/// equal to 0.
fn split_condition(letters: &Letters, c: &Condition) -> Option<Condition> {
    let atom = c.atom()?;
    let Test::Relation(RelOp::Eq, rhs) = &atom.test else {
        return None;
    };
    let (t, zero) = match (&atom.lhs, rhs) {
        (t, z) | (z, t) if is_zero(letters, z) => (t, z),
        _ => return None,
    };
    if !defined(letters, t) {
        return None;
    }
    match zero_of(letters, t, zero) {
        Condition::Atom(_) => None,
        formula => Some(formula),
    }
}

/// The puzzle with its products and sums of squares equal to 0 read part
/// by part, and the conditions rewritten (their indices); `None` when it
/// has none.
pub fn split(letters: &Letters) -> Option<(Letters, Vec<(usize, Condition)>)> {
    let rewritten: Vec<(usize, Condition)> = letters
        .conditions
        .iter()
        .enumerate()
        .filter_map(|(i, c)| split_condition(letters, c).map(|f| (i, f)))
        .collect();
    if rewritten.is_empty() {
        return None;
    }
    let mut out = letters.clone();
    let mut notes = Vec::new();
    for (i, formula) in rewritten {
        notes.push((i, letters.conditions[i].clone()));
        out.conditions[i] = formula;
    }
    Some((out, notes))
}

/// A strategy run on the rewritten puzzle, its `explain` saying which
/// conditions it reads part by part.
pub struct PartByPart {
    inner: Box<dyn Strategy>,
    split: Letters,
    /// Each rewritten condition's index and the condition as written.
    notes: Vec<(usize, Condition)>,
}

impl PartByPart {
    /// `inner`, built for the `split` puzzle, with the notes of [`split`].
    pub fn new(inner: Box<dyn Strategy>, split: Letters, notes: Vec<(usize, Condition)>) -> Self {
        PartByPart {
            inner,
            split,
            notes,
        }
    }
}

impl Strategy for PartByPart {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn approach(&self) -> String {
        let mut text =
            String::from("products and sums of even powers equal to 0 read part by part:");
        for (i, written) in &self.notes {
            text.push_str(&format!(
                "\n  {}: as {}",
                self.split.condition_text(written, None),
                self.split.condition_text(&self.split.conditions[*i], None)
            ));
        }
        powers::approach_around(text, self.inner.as_ref())
    }

    fn order(&self) -> Vec<usize> {
        self.inner.order()
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        self.inner.search(budget, emit)
    }
}
