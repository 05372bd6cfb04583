//! Formulas of relations and properties (`A < B or B < C`, `not A = 4`,
//! `exactly 1 of (A != 4, B != 5)`): their truth under a complete
//! assignment, and under a partial one, where a part may be still unknown
//! (three-valued, as Kleene's logic): `or` is true once one part is,
//! `exactly 1 of` false once two parts are true, whatever the rest. The
//! search asks after each letter it assigns and drops the branch as soon
//! as the answer is false.

use super::bounds::{can_hold, term_range, Range};
use super::condition::atom_holds;
use crate::ir::{Atom, Cell, Condition, Op, RelOp, Term, Test, Word};

/// Whether a condition holds under a complete assignment of its words.
pub fn condition_holds(condition: &Condition, words: &[Word], values: &[u8], base: u32) -> bool {
    decide(condition, &|a| Some(atom_holds(a, words, values, base))) == Some(true)
}

/// What a partial assignment says of a condition: `Some(truth)` once it
/// is decided whatever the undecided symbols take, `None` while it is
/// not. `known(v)`: whether variable `v` has its digit in `values`;
/// `digits(v)`: the least and greatest digit an undecided one can take.
pub fn partial(
    condition: &Condition,
    words: &[Word],
    values: &[u8],
    base: u32,
    known: &dyn Fn(usize) -> bool,
    digits: &dyn Fn(usize) -> Range,
) -> Option<bool> {
    decide(condition, &|atom| {
        let mut read = Vec::new();
        atom.words(&mut read);
        let complete = read.iter().all(|&w| {
            words[w].cells.iter().all(|c| match *c {
                Cell::Var(v) => known(v),
                Cell::Digit(_) => true,
            })
        });
        if complete {
            return Some(atom_holds(atom, words, values, base));
        }
        if low_digits_differ(atom, words, values, base, known) {
            return Some(false);
        }
        if let Some(truth) = remainder_of_low_digits(atom, words, values, base, known) {
            return Some(truth);
        }
        atom_bounds(atom, words, base, &|v| {
            if known(v) {
                let d = i128::from(values[v]);
                (d, d)
            } else {
                digits(v)
            }
        })
    })
}

/// A relation decided on bounds alone: false when no values in them can
/// meet it, true when every value does and both sides are always defined
/// (no `/`, `%` or `^`, which can be undefined).
fn atom_bounds(
    atom: &Atom,
    words: &[Word],
    base: u32,
    digits: &dyn Fn(usize) -> Range,
) -> Option<bool> {
    let Test::Relation(rel, rhs) = &atom.test else {
        return None;
    };
    let l = term_range(&atom.lhs, words, digits, base)?;
    let r = term_range(rhs, words, digits, base)?;
    if !can_hold(*rel, l, r) {
        return Some(false);
    }
    (ring(&atom.lhs) && ring(rhs) && must_hold(*rel, l, r)).then_some(true)
}

/// An `=` between sums, differences and products whose low digits
/// already disagree: with the last k cells of every word decided, both
/// sides are known modulo base^k, as the column search tests its
/// equations.
fn low_digits_differ(
    atom: &Atom,
    words: &[Word],
    values: &[u8],
    base: u32,
    known: &dyn Fn(usize) -> bool,
) -> bool {
    let Test::Relation(RelOp::Eq, rhs) = &atom.test else {
        return false;
    };
    if !ring(&atom.lhs) || !ring(rhs) {
        return false;
    }
    let mut read = Vec::new();
    atom.words(&mut read);
    // The decided low cells of the word that has fewest; a word decided
    // whole takes part at every k.
    let k = read
        .iter()
        .filter_map(|&w| {
            let low = decided_low_cells(&words[w], known);
            (low < words[w].cells.len()).then_some(low)
        })
        .min()
        .unwrap_or(0);
    // base^k below 2^60, so a product of two residues fits i128.
    let mut modulus: i128 = 1;
    for _ in 0..k {
        match modulus.checked_mul(i128::from(base)) {
            Some(m) if m < 1 << 60 => modulus = m,
            _ => break,
        }
    }
    if modulus == 1 {
        return false;
    }
    let residue = |t: &Term| residue(t, words, values, base, modulus);
    residue(&atom.lhs) != residue(rhs)
}

/// `X % m` against a number, X a sum, difference or product of words and
/// `m` a number dividing base^k, where the last k cells of X's words are
/// decided: X % m is then known exactly (`ENIGMA % 4 = 0` from MA alone),
/// so that a formula counting such parts (Enigma 1199's "nine of 1..12 are
/// common factors") is decided before the high digits are tried. `%`
/// takes the divisor's sign, so with m > 0 it is the residue in 0..m.
fn remainder_of_low_digits(
    atom: &Atom,
    words: &[Word],
    values: &[u8],
    base: u32,
    known: &dyn Fn(usize) -> bool,
) -> Option<bool> {
    let Test::Relation(rel, rhs) = &atom.test else {
        return None;
    };
    // The remainder on either side, the number on the other.
    let (rel, x, m, c) = match (&atom.lhs, rhs) {
        (Term::Binary(Op::Mod, x, m), c) => (*rel, x, m, c),
        (c, Term::Binary(Op::Mod, x, m)) => (flipped(*rel), x, m, c),
        _ => return None,
    };
    let (m, c) = (number(m, words, base)?, number(c, words, base)?);
    if m <= 0 || !ring(x) {
        return None;
    }
    let mut read = Vec::new();
    words_of_term(x, &mut read);
    let k = read
        .iter()
        .map(|&w| {
            let low = decided_low_cells(&words[w], known);
            // A word decided whole takes part at every k.
            if low == words[w].cells.len() {
                usize::MAX
            } else {
                low
            }
        })
        .min()
        .unwrap_or(0);
    // The least power of the base that m divides, within the known cells.
    let mut modulus: i128 = 1;
    let mut used = 0;
    while modulus % m != 0 {
        if used == k {
            return None;
        }
        modulus = modulus
            .checked_mul(i128::from(base))
            .filter(|&p| p < 1 << 60)?;
        used += 1;
    }
    let r = residue(x, words, values, base, modulus) % m;
    Some(rel.holds(r.cmp(&c)))
}

/// How many of `word`'s last cells are decided: digits, and symbols
/// `known` says are placed.
fn decided_low_cells(word: &Word, known: &dyn Fn(usize) -> bool) -> usize {
    word.cells
        .iter()
        .rev()
        .take_while(|c| match **c {
            Cell::Var(v) => known(v),
            Cell::Digit(_) => true,
        })
        .count()
}

/// The relation with its sides swapped: `c < x` is `x > c`.
fn flipped(rel: RelOp) -> RelOp {
    match rel {
        RelOp::Lt => RelOp::Gt,
        RelOp::Le => RelOp::Ge,
        RelOp::Gt => RelOp::Lt,
        RelOp::Ge => RelOp::Le,
        same => same,
    }
}

/// The value of a term that is a number written in digits (no symbol).
fn number(t: &Term, words: &[Word], base: u32) -> Option<i128> {
    let Term::Word(w) = t else {
        return None;
    };
    words[*w]
        .cells
        .iter()
        .try_fold(0i128, |value, cell| match *cell {
            Cell::Digit(d) => value
                .checked_mul(i128::from(base))?
                .checked_add(i128::from(d)),
            Cell::Var(_) => None,
        })
}

/// The words a term reads.
fn words_of_term(t: &Term, out: &mut Vec<usize>) {
    match t {
        Term::Word(w) => out.push(*w),
        Term::Binary(_, a, b) => {
            words_of_term(a, out);
            words_of_term(b, out);
        }
    }
}

/// A ring term's value modulo `modulus` (a power of the base), read from
/// each word's low cells.
fn residue(t: &Term, words: &[Word], values: &[u8], base: u32, modulus: i128) -> i128 {
    match t {
        Term::Word(w) => {
            let (mut value, mut place) = (0i128, 1i128);
            for cell in words[*w].cells.iter().rev() {
                if place >= modulus {
                    break;
                }
                let d = match *cell {
                    Cell::Var(v) => i128::from(values[v]),
                    Cell::Digit(d) => i128::from(d),
                };
                value += d * place;
                place *= i128::from(base);
            }
            value % modulus
        }
        Term::Binary(op, a, b) => {
            let (x, y) = (
                residue(a, words, values, base, modulus),
                residue(b, words, values, base, modulus),
            );
            match op {
                Op::Add => (x + y) % modulus,
                Op::Sub => (x - y).rem_euclid(modulus),
                // Not a ring term: `ring` keeps it out.
                _ => (x * y) % modulus,
            }
        }
    }
}

fn ring(t: &Term) -> bool {
    match t {
        Term::Word(_) => true,
        Term::Binary(op, a, b) => matches!(op, Op::Add | Op::Sub | Op::Mul) && ring(a) && ring(b),
    }
}

/// Whether every value of `l` and every one of `r` meet the relation.
fn must_hold(rel: RelOp, l: Range, r: Range) -> bool {
    match rel {
        RelOp::Eq => l.0 == l.1 && r.0 == r.1 && l.0 == r.0,
        RelOp::Ne => l.1 < r.0 || r.1 < l.0,
        RelOp::Lt => l.1 < r.0,
        RelOp::Le => l.1 <= r.0,
        RelOp::Gt => l.0 > r.1,
        RelOp::Ge => l.0 >= r.1,
    }
}

/// Three-valued truth of a formula, from what `atom` says of each
/// relation (`None`: not decided yet).
fn decide(c: &Condition, atom: &dyn Fn(&Atom) -> Option<bool>) -> Option<bool> {
    match c {
        Condition::Atom(a) => atom(a),
        Condition::Not(inner) => decide(inner, atom).map(|t| !t),
        Condition::And(parts) => {
            let mut open = false;
            for p in parts {
                match decide(p, atom) {
                    Some(false) => return Some(false),
                    None => open = true,
                    Some(true) => {}
                }
            }
            (!open).then_some(true)
        }
        Condition::Or(parts) => {
            let mut open = false;
            for p in parts {
                match decide(p, atom) {
                    Some(true) => return Some(true),
                    None => open = true,
                    Some(false) => {}
                }
            }
            (!open).then_some(false)
        }
        Condition::Count(counting, n, parts) => {
            let (mut truths, mut open) = (0, 0);
            for p in parts {
                match decide(p, atom) {
                    Some(true) => truths += 1,
                    None => open += 1,
                    Some(false) => {}
                }
            }
            // Decided when every way the open parts can go gives one answer.
            let low = counting.holds(*n, truths);
            let all = (truths..=truths + open).all(|t| counting.holds(*n, t) == low);
            all.then_some(low)
        }
    }
}
