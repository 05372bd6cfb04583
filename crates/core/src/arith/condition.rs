//! Exact values of conditions: `/`, `%` and `^` besides the ring
//! operations, and the properties (prime, square, ...). A value is first
//! computed in `i128` with checked operations; only when a step would
//! overflow is the whole condition computed again in `BigInt`, so the
//! answer is exact at every size and cheap at the usual ones.

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

use super::{is_prime, is_square};
use crate::ir::{Cell, Condition, Op, Property, Term, Test, Word};

/// The largest exponent a power may have: the checker refuses a power
/// whose exponent can exceed it, so a value never grows past a few
/// thousand digits of the base.
pub const MAX_EXPONENT: u32 = 4096;

/// An `i128` step overflowed: compute again with big integers.
struct Overflow;

/// Whether a condition holds under a complete assignment of its words.
pub fn condition_holds(condition: &Condition, words: &[Word], values: &[u8], base: u32) -> bool {
    match small(condition, words, values, base) {
        Ok(holds) => holds,
        Err(Overflow) => big(condition, words, values, base),
    }
}

fn small(c: &Condition, words: &[Word], values: &[u8], base: u32) -> Result<bool, Overflow> {
    let Some(lhs) = value_i128(&c.lhs, words, values, base)? else {
        return Ok(false);
    };
    Ok(match &c.test {
        Test::Relation(rel, rhs) => match value_i128(rhs, words, values, base)? {
            Some(rhs) => rel.holds(lhs.cmp(&rhs)),
            None => false,
        },
        Test::Property(p) => has_property_i128(lhs, *p, base),
    })
}

fn big(c: &Condition, words: &[Word], values: &[u8], base: u32) -> bool {
    let Some(lhs) = term_value(&c.lhs, words, values, base) else {
        return false;
    };
    match &c.test {
        Test::Relation(rel, rhs) => {
            term_value(rhs, words, values, base).is_some_and(|rhs| rel.holds(lhs.cmp(&rhs)))
        }
        Test::Property(p) => has_property(&lhs, *p, base),
    }
}

fn word_i128(word: &Word, values: &[u8], base: u32) -> Result<i128, Overflow> {
    let mut acc: i128 = 0;
    for cell in &word.cells {
        let d = match *cell {
            Cell::Var(v) => i128::from(values[v]),
            Cell::Digit(d) => i128::from(d),
        };
        acc = acc
            .checked_mul(i128::from(base))
            .and_then(|x| x.checked_add(d))
            .ok_or(Overflow)?;
    }
    Ok(acc)
}

/// A term's value in `i128`; `Ok(None)` when it is undefined.
fn value_i128(
    term: &Term,
    words: &[Word],
    values: &[u8],
    base: u32,
) -> Result<Option<i128>, Overflow> {
    let (op, a, b) = match term {
        Term::Word(w) => return word_i128(&words[*w], values, base).map(Some),
        Term::Binary(op, a, b) => (*op, a, b),
    };
    let (Some(a), Some(b)) = (
        value_i128(a, words, values, base)?,
        value_i128(b, words, values, base)?,
    ) else {
        return Ok(None);
    };
    let value = match op {
        Op::Add => a.checked_add(b),
        Op::Sub => a.checked_sub(b),
        Op::Mul => a.checked_mul(b),
        Op::Div => {
            if b == 0 || a.checked_rem(b).ok_or(Overflow)? != 0 {
                return Ok(None);
            }
            a.checked_div(b)
        }
        Op::Mod => {
            if b == 0 {
                return Ok(None);
            }
            let r = a.checked_rem(b).ok_or(Overflow)?;
            Some(if r != 0 && (r < 0) != (b < 0) {
                r + b
            } else {
                r
            })
        }
        Op::Pow => {
            if b < 0 || b > i128::from(MAX_EXPONENT) {
                return Ok(None);
            }
            // The exponent fits: b <= MAX_EXPONENT.
            a.checked_pow(b as u32)
        }
    };
    value.map(Some).ok_or(Overflow)
}

/// A term's exact value; `None` when it is undefined (a division that is
/// not exact, a divisor of 0, a negative exponent).
pub fn term_value(term: &Term, words: &[Word], values: &[u8], base: u32) -> Option<BigInt> {
    match term {
        Term::Word(w) => Some(BigInt::from(super::word_big(&words[*w], values, base))),
        Term::Binary(op, a, b) => {
            let a = term_value(a, words, values, base)?;
            let b = term_value(b, words, values, base)?;
            match op {
                Op::Add => Some(a + b),
                Op::Sub => Some(a - b),
                Op::Mul => Some(a * b),
                Op::Div => {
                    if b.is_zero() {
                        return None;
                    }
                    let (q, r) = a.div_rem(&b);
                    r.is_zero().then_some(q)
                }
                Op::Mod => (!b.is_zero()).then(|| a.mod_floor(&b)),
                Op::Pow => {
                    let e = b.to_u32().filter(|&e| e <= MAX_EXPONENT)?;
                    Some(a.pow(e))
                }
            }
        }
    }
}

/// Whether a value has a property; the digits of a palindrome are those
/// of `base`. Negative values are odd or even, and nothing else.
pub fn has_property(value: &BigInt, property: Property, base: u32) -> bool {
    let n = value.magnitude();
    let natural = value.sign() != Sign::Minus;
    match property {
        Property::Odd => value.is_odd(),
        Property::Even => value.is_even(),
        Property::Prime => natural && is_prime(n),
        Property::Square => natural && is_square(n),
        Property::Cube => natural && is_cube(n),
        Property::Triangular => natural && is_square(&(n * 8u32 + 1u32)),
        Property::Palindrome => {
            let digits = n.to_radix_le(base);
            natural && digits.iter().eq(digits.iter().rev())
        }
    }
}

fn has_property_i128(value: i128, property: Property, base: u32) -> bool {
    match property {
        Property::Odd => value & 1 == 1,
        Property::Even => value & 1 == 0,
        _ if value < 0 => false,
        Property::Square => {
            let r = (value as u128).isqrt();
            r * r == value as u128
        }
        Property::Palindrome => {
            let (mut n, mut reversed) = (value as u128, 0u128);
            let base = u128::from(base);
            while n > 0 {
                match reversed.checked_mul(base) {
                    Some(r) => reversed = r + n % base,
                    // A reversal past 128 bits cannot equal the value.
                    None => return false,
                }
                n /= base;
            }
            reversed == value as u128
        }
        _ => has_property(&BigInt::from(value), property, base),
    }
}

/// Whether `n` is a perfect cube.
pub fn is_cube(n: &BigUint) -> bool {
    let r = n.cbrt();
    &r * &r * &r == *n
}

/// The residues modulo `base` that a value with the property can have, bit
/// r for residue r (base at most 62): what the last digit alone can rule
/// out. Every bit when it rules out nothing (palindromes, odd in an odd
/// base).
pub fn residues(property: Property, base: u32) -> u64 {
    let all = if base >= 64 {
        u64::MAX
    } else {
        (1u64 << base) - 1
    };
    let b = u64::from(base);
    let set = |f: &dyn Fn(u64) -> bool| (0..b).filter(|&r| f(r)).fold(0u64, |m, r| m | 1 << r);
    let hit =
        |f: &dyn Fn(u64) -> u64, range: u64| (0..range).fold(0u64, |m, k| m | 1 << (f(k) % b));
    match property {
        Property::Odd if base.is_multiple_of(2) => set(&|r| r % 2 == 1),
        Property::Even if base.is_multiple_of(2) => set(&|r| r % 2 == 0),
        Property::Square => hit(&|k| k * k, b),
        Property::Cube => hit(&|k| k * k * k, b),
        Property::Triangular => hit(&|k| k * (k + 1) / 2, 2 * b),
        Property::Prime => {
            // A prime is coprime to the base, or one of its prime factors.
            let divides = |p: u64| b.is_multiple_of(p) && (2..p).all(|q| !p.is_multiple_of(q));
            set(&|r| {
                num_integer::gcd(r, b) == 1 || (r >= 2 && divides(r)) || (r == 0 && divides(b))
            })
        }
        _ => all,
    }
}

/// A ring expression's value modulo `base`, read from the last cell of
/// each word: decided as soon as those cells are.
pub fn units_residue(expr: &crate::ir::Expr, words: &[Word], values: &[u8], base: u32) -> u32 {
    use crate::ir::Expr;
    let b = i64::from(base);
    fn go(e: &Expr, words: &[Word], values: &[u8], b: i64) -> i64 {
        match e {
            Expr::Word(w) => match words[*w].cells.last() {
                Some(Cell::Var(v)) => i64::from(values[*v]),
                Some(Cell::Digit(d)) => i64::from(*d),
                None => 0,
            },
            Expr::Add(x, y) => (go(x, words, values, b) + go(y, words, values, b)).rem_euclid(b),
            Expr::Sub(x, y) => (go(x, words, values, b) - go(y, words, values, b)).rem_euclid(b),
            Expr::Mul(x, y) => (go(x, words, values, b) * go(y, words, values, b)).rem_euclid(b),
        }
    }
    go(expr, words, values, b).rem_euclid(b) as u32
}
