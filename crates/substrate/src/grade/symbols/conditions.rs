//! Rules on conditions (`A < B`, `MONEY prime`, `THREE % 3 = 0`): bounds
//! of both sides of a relation, the last digits a property allows, and
//! remainders read digit by digit. Trying the few cases left is in
//! [`super::cases`].

use super::bounds::{expr_mod, expr_range, expr_words, last_digit_marks, last_vars, CellValue};
use super::columns::narrowed_text;
use super::system::{bits, StepBug, System};
use crate::arith::bounds::{can_hold, term_range, Range};
use crate::grade::Difficulty;
use crate::ir::{Cell, Op, Property, RelOp, Term, Test};
use crate::vocab::properties::Grading;

/// The largest modulus "remainder" works with: its table has one entry
/// per remainder and digit of each letter.
const MAX_MODULUS: i64 = 10_000;

/// Each variable's range, `fix` (a variable and its value) applied.
pub(super) fn ranges(sys: &System, fix: Option<(usize, i64)>) -> impl Fn(usize) -> Range + '_ {
    move |v| match fix {
        Some((f, x)) if f == v => (i128::from(x), i128::from(x)),
        _ => (i128::from(sys.min(v)), i128::from(sys.max(v))),
    }
}

/// A single letter or digit: `A < B` is read at a glance.
fn is_cell(sys: &System, t: &Term) -> bool {
    matches!(t, Term::Word(w) if sys.words[*w].cells.len() == 1)
}

/// Easy: a relation between two letters (`A < B`) bounds each by the
/// other's smallest or largest digit.
pub fn letter_order(sys: &mut System) -> Result<bool, StepBug> {
    relation_bounds_where(sys, true)
}

/// Medium: a relation between expressions (`MONEY > 10600`, `I > 2 * U`)
/// keeps only the digits with which both sides' ranges can still meet it.
pub fn relation_bounds(sys: &mut System) -> Result<bool, StepBug> {
    relation_bounds_where(sys, false)
}

fn relation_bounds_where(sys: &mut System, letters: bool) -> Result<bool, StepBug> {
    const RULE: &str = "relation bounds";
    for i in 0..sys.conditions.len() {
        let (cond, text) = &sys.conditions[i];
        let Some(cond) = cond.atom() else { continue };
        let Test::Relation(rel, rhs) = &cond.test else {
            continue;
        };
        if letters != (is_cell(sys, &cond.lhs) && is_cell(sys, rhs)) {
            continue;
        }
        let vars = sys.conditions[i].0.vars(&sys.words);
        if sys.quiet(RULE, i, &vars) {
            continue;
        }
        let open = vars.iter().copied().filter(|&v| !sys.fixed(v));
        let keep = sys.keep_fitting(open, |v, d| {
            let digits = ranges(sys, Some((v, d)));
            match (
                term_range(&cond.lhs, &sys.words, &digits, sys.base),
                term_range(rhs, &sys.words, &digits, sys.base),
            ) {
                (Some(l), Some(r)) => can_hold(*rel, l, r),
                _ => true,
            }
        });
        if sys.idle(&keep) {
            sys.hush(RULE, i);
            continue;
        }
        let level = if letters {
            Difficulty::Easy
        } else {
            Difficulty::Medium
        };
        let why = format!(
            "from the digits left, {} can hold only when {}",
            text,
            narrowed_text(sys, &keep)
        );
        if sys.apply(RULE, level, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The residues modulo the base a value with `property` may have, when
/// the value is at least `least`: a prime past the base shares no factor
/// with it (in base 10 it ends in 1, 3, 7 or 9).
fn last_digits_of(property: Property, base: u32, least: Option<i128>) -> u64 {
    let mut allowed = property.residues(base);
    // A prime sharing a factor with the base divides it: it is at most
    // the base, and equal only when the base is prime.
    let b = i128::from(base);
    let past = |lo: i128| lo > b || (lo == b && (2..b).any(|p| b % p == 0));
    if property.entry().grading == Grading::LastDigitCoprime && least.is_some_and(past) {
        let b = u64::from(base);
        allowed &= (0..b)
            .filter(|&r| num_integer::gcd(r, b) == 1)
            .fold(0u64, |m, r| m | 1 << r);
    }
    allowed
}

/// Medium: a square, cube, triangular number, prime, odd or even number
/// can only end in some digits (a square in 0, 1, 4, 5, 6 or 9 in base
/// 10): the last digits of the words keep the ones that give such an end.
pub fn property_last_digit(sys: &mut System) -> Result<bool, StepBug> {
    const RULE: &str = "last digit of a property";
    let base = i64::from(sys.base);
    for i in 0..sys.conditions.len() {
        let (cond, text) = &sys.conditions[i];
        let Some(cond) = cond.atom() else { continue };
        let (Test::Property(p), Some(e)) = (&cond.test, cond.lhs.as_ring()) else {
            continue;
        };
        let least = expr_range(sys, &e, None).map(|r| r.0);
        let allowed = last_digits_of(*p, sys.base, least);
        let all = (1u64 << sys.base.min(63)) - 1;
        let mut words = Vec::new();
        expr_words(&e, &mut words);
        let vars = last_vars(sys, &words, 1);
        if allowed & all == all || sys.quiet(RULE, i, &vars) {
            continue;
        }
        let fits = |value: &CellValue<'_>| allowed >> expr_mod(sys, &e, base, value) & 1 == 1;
        let keep = match last_digit_marks(sys, vars, &fits) {
            Some(keep) if !sys.idle(&keep) => keep,
            _ => {
                sys.hush(RULE, i);
                continue;
            }
        };
        let ends: Vec<String> = bits(allowed).map(|d| d.to_string()).collect();
        let why = format!(
            "{}: such a number ends in {} only, so {}",
            text,
            ends.join(", "),
            narrowed_text(sys, &keep)
        );
        if sys.apply(RULE, Difficulty::Medium, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The words a sum or difference adds, with their signs; false when the
/// term does anything else.
fn signed_words(t: &Term, sign: i64, out: &mut Vec<(i64, usize)>) -> bool {
    match t {
        Term::Word(w) => {
            out.push((sign, *w));
            true
        }
        Term::Binary(Op::Add, a, b) => signed_words(a, sign, out) && signed_words(b, sign, out),
        Term::Binary(Op::Sub, a, b) => signed_words(a, sign, out) && signed_words(b, -sign, out),
        Term::Binary(..) => false,
    }
}

/// A term's value when the candidates leave it one.
fn constant(sys: &System, t: &Term) -> Option<i128> {
    term_range(t, &sys.words, &ranges(sys, None), sys.base)
        .and_then(|(lo, hi)| (lo == hi).then_some(lo))
}

/// The signed words of a remainder's number, the modulus, and for each
/// remainder whether it meets the condition.
type Remainder = (Vec<(i64, usize)>, i64, Vec<bool>);

/// `x % m rel c` (either way round) or `x odd`/`x even`, with `x` a sum
/// or difference of words and `m`, `c` numbers: `x`'s words, `m`, and
/// the remainders modulo `m` that meet the condition.
fn remainder_form(sys: &System, i: usize) -> Option<Remainder> {
    let cond = sys.conditions[i].0.atom()?;
    let (x, m, test): (&Term, i128, Box<dyn Fn(i128) -> bool>) = match &cond.test {
        Test::Property(property) => match property.entry().grading {
            Grading::Remainder { modulus, residue } => {
                (&cond.lhs, modulus, Box::new(move |r| r == residue))
            }
            _ => return None,
        },
        Test::Relation(rel, rhs) => {
            let (modded, other, rel) = match (&cond.lhs, rhs) {
                (Term::Binary(Op::Mod, ..), other) => (&cond.lhs, other, *rel),
                (other, Term::Binary(Op::Mod, ..)) => (rhs, other, mirror(*rel)),
                _ => return None,
            };
            let Term::Binary(Op::Mod, x, m) = modded else {
                return None;
            };
            let c = constant(sys, other)?;
            (
                x,
                constant(sys, m)?,
                Box::new(move |r| rel.holds(r.cmp(&c))),
            )
        }
    };
    if !(2..=i128::from(MAX_MODULUS)).contains(&m) {
        return None;
    }
    let mut words = Vec::new();
    if !signed_words(x, 1, &mut words) {
        return None;
    }
    let allowed = (0..m).map(&test).collect();
    Some((words, m as i64, allowed))
}

/// `a rel b` read as `b rel' a`.
fn mirror(rel: RelOp) -> RelOp {
    match rel {
        RelOp::Lt => RelOp::Gt,
        RelOp::Le => RelOp::Ge,
        RelOp::Gt => RelOp::Lt,
        RelOp::Ge => RelOp::Le,
        other => other,
    }
}

/// Medium: a remainder is read digit by digit: modulo m each digit counts
/// by its place's remainder (modulo 3 or 9 in base 10 every place counts
/// 1, the digit sum; modulo 2, 4 or 8 only the last digits count), so the
/// condition is a sum of letters modulo m, which keeps a letter's digit
/// only if the other letters can make up the rest.
pub fn remainder(sys: &mut System) -> Result<bool, StepBug> {
    const RULE: &str = "remainder";
    for i in 0..sys.conditions.len() {
        let Some((words, m, allowed)) = remainder_form(sys, i) else {
            continue;
        };
        // Each letter's weight modulo m, and the digits' sum.
        let mut weights: Vec<(usize, i64)> = Vec::new();
        let mut fixed = 0i64;
        for &(sign, w) in &words {
            let cells = &sys.words[w].cells;
            // Each cell's place value modulo m, read left to right.
            let mut places = vec![1i64; cells.len()];
            for k in (0..cells.len().saturating_sub(1)).rev() {
                places[k] = places[k + 1] * i64::from(sys.base) % m;
            }
            for (cell, place) in cells.iter().zip(places) {
                match *cell {
                    Cell::Digit(d) => fixed = (fixed + sign * place * i64::from(d)).rem_euclid(m),
                    Cell::Var(v) => match weights.iter_mut().find(|(u, _)| *u == v) {
                        Some(e) => e.1 = (e.1 + sign * place).rem_euclid(m),
                        None => weights.push((v, (sign * place).rem_euclid(m))),
                    },
                }
            }
        }
        weights.retain(|&(_, c)| c != 0);
        let vars: Vec<usize> = weights.iter().map(|&(v, _)| v).collect();
        if sys.quiet(RULE, i, &vars) {
            continue;
        }
        let keep = remainder_support(sys, &weights, fixed, m, &allowed);
        if sys.idle(&keep) {
            sys.hush(RULE, i);
            continue;
        }
        let mut sum: Vec<String> = weights
            .iter()
            .map(|&(v, c)| match c {
                1 => sys.names[v].clone(),
                _ => format!("{}{}", c, sys.names[v]),
            })
            .collect();
        if fixed != 0 || sum.is_empty() {
            sum.push(fixed.to_string());
        }
        let why = format!(
            "{} depends only on {} modulo {}, so {}",
            sys.conditions[i].1,
            sum.join(" + "),
            m,
            narrowed_text(sys, &keep)
        );
        if sys.apply(RULE, Difficulty::Medium, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Each letter's digits that some choice of the others (all-different
/// aside) completes to an allowed remainder: the remainders reachable
/// from the left, and those that can still be completed from the right.
fn remainder_support(
    sys: &System,
    weights: &[(usize, i64)],
    fixed: i64,
    m: i64,
    allowed: &[bool],
) -> Vec<(usize, u64)> {
    let size = m as usize;
    let step = |r: usize, c: i64, d: i64| (r as i64 + c * d).rem_euclid(m) as usize;
    let mut before = vec![vec![false; size]];
    before[0][fixed as usize] = true;
    for &(v, c) in weights {
        let last = before.last().map_or_else(Vec::new, Clone::clone);
        let mut next = vec![false; size];
        for r in (0..size).filter(|&r| last[r]) {
            for d in sys.values(v) {
                next[step(r, c, d)] = true;
            }
        }
        before.push(next);
    }
    let mut after = allowed.to_vec();
    let mut keep = vec![0u64; weights.len()];
    for (i, &(v, c)) in weights.iter().enumerate().rev() {
        let mut prev = vec![false; size];
        for d in sys.values(v) {
            for r in 0..size {
                if after[step(r, c, d)] {
                    prev[r] = true;
                    if before[i][r] {
                        keep[i] |= sys.bit(v, d).unwrap_or(0);
                    }
                }
            }
        }
        after = prev;
    }
    weights.iter().map(|&(v, _)| v).zip(keep).collect()
}
