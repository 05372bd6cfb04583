//! Interval bounds of condition expressions: from each variable's least
//! and greatest possible digit, the least and greatest value an expression
//! can take where it is defined. The checker uses them to refuse a
//! condition that can never hold and a power that could grow without
//! bound; the search uses them to drop a branch as soon as a relation can
//! no longer hold, before every symbol it reads is decided. Steps are
//! checked `i128`: `None` means "no bound known", never a wrong one. A
//! quotient may be a fraction: its bounds are the whole numbers around it.

use super::condition::MAX_EXPONENT;
use crate::ir::{Cell, Op, RelOp, Term, Word};

/// The least and greatest value, both included.
pub type Range = (i128, i128);

/// The range of a word, given each variable's range of digits.
pub fn word_range(word: &Word, digits: &dyn Fn(usize) -> Range, base: u32) -> Option<Range> {
    let base = i128::from(base);
    let (mut lo, mut hi) = (0i128, 0i128);
    for cell in &word.cells {
        let (a, b) = match *cell {
            Cell::Var(v) => digits(v),
            Cell::Digit(d) => (i128::from(d), i128::from(d)),
        };
        lo = lo.checked_mul(base)?.checked_add(a)?;
        hi = hi.checked_mul(base)?.checked_add(b)?;
    }
    Some((lo, hi))
}

/// The range of a term's defined values.
pub fn term_range(
    term: &Term,
    words: &[Word],
    digits: &dyn Fn(usize) -> Range,
    base: u32,
) -> Option<Range> {
    let (op, a, divisor) = match term {
        Term::Word(w) => return word_range(&words[*w], digits, base),
        Term::Binary(op, a, b) => (*op, a, b),
    };
    let a = term_range(a, words, digits, base)?;
    let b = term_range(divisor, words, digits, base)?;
    match op {
        Op::Add => Some((a.0.checked_add(b.0)?, a.1.checked_add(b.1)?)),
        Op::Sub => Some((a.0.checked_sub(b.1)?, a.1.checked_sub(b.0)?)),
        Op::Mul => {
            let p = [
                a.0.checked_mul(b.0)?,
                a.0.checked_mul(b.1)?,
                a.1.checked_mul(b.0)?,
                a.1.checked_mul(b.1)?,
            ];
            Some((*p.iter().min()?, *p.iter().max()?))
        }
        Op::Div => {
            // `/` is exact: the quotient is a fraction, between the
            // quotients of the bounds when the divisor keeps one sign,
            // widened to whole numbers.
            if b.0 >= 1 || b.1 <= -1 {
                let q = [(a.0, b.0), (a.0, b.1), (a.1, b.0), (a.1, b.1)];
                let lo = q.iter().map(|&(x, y)| div_down(x, y)).min()?;
                let hi = q.iter().map(|&(x, y)| div_up(x, y)).max()??;
                Some((lo.min(hi), hi))
            } else if whole(divisor) {
                // |a / b| <= |a| whenever a whole divisor is not 0.
                let m = a.0.checked_abs()?.max(a.1.checked_abs()?);
                Some((-m, m))
            } else {
                None
            }
        }
        Op::Mod => {
            if b.0 >= 1 {
                let hi = b.1 - 1;
                Some((0, if a.0 >= 0 { hi.min(a.1) } else { hi }))
            } else if b.1 <= -1 {
                Some((b.0 + 1, 0))
            } else {
                Some(((b.0 + 1).min(0), (b.1 - 1).max(0)))
            }
        }
        Op::Pow => {
            let (e0, e1) = (b.0.max(0), b.1.min(i128::from(MAX_EXPONENT)));
            if e1 < e0 {
                return None;
            }
            let (e0, e1) = (u32::try_from(e0).ok()?, u32::try_from(e1).ok()?);
            if a.0 >= 1 {
                Some((a.0.checked_pow(e0)?, a.1.checked_pow(e1)?))
            } else if a.0 == 0 {
                Some((0, a.1.checked_pow(e1)?.max(1)))
            } else {
                let m = a.0.checked_abs()?.max(a.1.checked_abs()?);
                let p = m.checked_pow(e1)?;
                Some((-p, p.max(1)))
            }
        }
    }
}

/// The least whole number at or above x / y (y not 0).
fn div_up(x: i128, y: i128) -> Option<i128> {
    div_down(x.checked_neg()?, y).checked_neg()
}

/// The greatest whole number at or below x / y (y not 0).
fn div_down(x: i128, y: i128) -> i128 {
    let (q, r) = (x / y, x % y);
    if r != 0 && ((r < 0) != (y < 0)) {
        q - 1
    } else {
        q
    }
}

/// Whether a term is always a whole number: it has no `/`.
fn whole(t: &Term) -> bool {
    match t {
        Term::Word(_) => true,
        Term::Binary(op, a, b) => *op != Op::Div && whole(a) && whole(b),
    }
}

/// Whether some value of `l` and some of `r` can meet the relation.
pub fn can_hold(rel: RelOp, l: Range, r: Range) -> bool {
    match rel {
        RelOp::Eq => l.0 <= r.1 && r.0 <= l.1,
        RelOp::Ne => !(l.0 == l.1 && r.0 == r.1 && l.0 == r.0),
        RelOp::Lt => l.0 < r.1,
        RelOp::Le => l.0 <= r.1,
        RelOp::Gt => l.1 > r.0,
        RelOp::Ge => l.1 >= r.0,
    }
}
