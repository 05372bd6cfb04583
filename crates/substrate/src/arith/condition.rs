//! Exact values of conditions: `/`, `%` and `^` besides the ring
//! operations, and the properties (prime, square, ...). `/` is exact
//! rational division: `NORTH / SOUTH = EAST / WEST` compares two fractions.
//! A property, `%`, or a power whose exponent is not a whole number is
//! undefined on a value that is not whole, as is a divisor of 0, and an
//! undefined value makes its relation or property false. A value is first
//! computed in `i128` with checked operations (a fraction only where a
//! `/` makes one: a term without `/` never leaves the integers); only
//! when a step would overflow is the whole relation computed again in big
//! integers, so the answer is exact at every size and cheap at the usual
//! ones. Formulas of relations (`and`, `or`, `not`, counted truths) are
//! in [`super::logic`].

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::ir::{Atom, Cell, Op, Property, Term, Test, Word};

/// The largest exponent a power may have: the checker refuses a power
/// whose exponent can exceed it, so a value never grows past a few
/// thousand digits of the base.
pub const MAX_EXPONENT: u32 = 4096;

/// An `i128` step overflowed: compute again with big integers.
struct Overflow;

/// A fraction in lowest terms, denominator positive: 1 for a whole number.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Small {
    n: i128,
    d: i128,
}

type Step<T> = Result<Option<T>, Overflow>;

impl Small {
    fn whole(n: i128) -> Self {
        Small { n, d: 1 }
    }

    fn new(n: i128, d: i128) -> Result<Self, Overflow> {
        if n == i128::MIN || d == i128::MIN {
            // Its magnitude has no i128: the big path takes it.
            return Err(Overflow);
        }
        let g = n.gcd(&d);
        let (mut n, mut d) = (n / g, d / g);
        if d < 0 {
            n = n.checked_neg().ok_or(Overflow)?;
            d = d.checked_neg().ok_or(Overflow)?;
        }
        Ok(Small { n, d })
    }

    fn cmp(self, other: Small) -> Result<std::cmp::Ordering, Overflow> {
        if self.d == other.d {
            return Ok(self.n.cmp(&other.n));
        }
        let l = self.n.checked_mul(other.d).ok_or(Overflow)?;
        let r = other.n.checked_mul(self.d).ok_or(Overflow)?;
        Ok(l.cmp(&r))
    }

    fn apply(op: Op, a: Small, b: Small) -> Step<Small> {
        let of = |x: Option<i128>| x.ok_or(Overflow);
        let both_whole = a.d == 1 && b.d == 1;
        let value = match op {
            Op::Add | Op::Sub if both_whole => Small::whole(of(if op == Op::Add {
                a.n.checked_add(b.n)
            } else {
                a.n.checked_sub(b.n)
            })?),
            Op::Add | Op::Sub => {
                let l = of(a.n.checked_mul(b.d))?;
                let r = of(b.n.checked_mul(a.d))?;
                let n = of(if op == Op::Add {
                    l.checked_add(r)
                } else {
                    l.checked_sub(r)
                })?;
                Small::new(n, of(a.d.checked_mul(b.d))?)?
            }
            Op::Mul if both_whole => Small::whole(of(a.n.checked_mul(b.n))?),
            Op::Mul => Small::new(of(a.n.checked_mul(b.n))?, of(a.d.checked_mul(b.d))?)?,
            Op::Div => {
                if b.n == 0 {
                    return Ok(None);
                }
                Small::new(of(a.n.checked_mul(b.d))?, of(a.d.checked_mul(b.n))?)?
            }
            Op::Mod => {
                if !both_whole || b.n == 0 {
                    return Ok(None);
                }
                let r = of(a.n.checked_rem(b.n))?;
                Small::whole(if r != 0 && (r < 0) != (b.n < 0) {
                    r + b.n
                } else {
                    r
                })
            }
            Op::Pow => {
                if b.d != 1 || b.n < 0 || b.n > i128::from(MAX_EXPONENT) {
                    return Ok(None);
                }
                // The exponent fits: b <= MAX_EXPONENT.
                let e = b.n as u32;
                Small {
                    n: of(a.n.checked_pow(e))?,
                    d: of(a.d.checked_pow(e))?,
                }
            }
        };
        Ok(Some(value))
    }
}

/// Whether a relation or property holds under a complete assignment of
/// its words.
pub fn atom_holds(atom: &Atom, words: &[Word], values: &[u8], base: u32) -> bool {
    match small(atom, words, values, base) {
        Ok(holds) => holds,
        Err(Overflow) => atom_holds_big(atom, words, values, base),
    }
}

fn small(c: &Atom, words: &[Word], values: &[u8], base: u32) -> Result<bool, Overflow> {
    let Some(lhs) = value_i128(&c.lhs, words, values, base)? else {
        return Ok(false);
    };
    Ok(match &c.test {
        Test::Relation(rel, rhs) => match value_i128(rhs, words, values, base)? {
            Some(rhs) => rel.holds(lhs.cmp(rhs)?),
            None => false,
        },
        Test::Property(p) => lhs.d == 1 && has_property_i128(lhs.n, *p, base),
    })
}

/// [`atom_holds`] in big integers only: the plain way, for the oracles.
pub fn atom_holds_big(c: &Atom, words: &[Word], values: &[u8], base: u32) -> bool {
    let Some(lhs) = term_fraction(&c.lhs, words, values, base) else {
        return false;
    };
    match &c.test {
        Test::Relation(rel, rhs) => term_fraction(rhs, words, values, base)
            .is_some_and(|rhs| rel.holds((&lhs.0 * &rhs.1).cmp(&(&rhs.0 * &lhs.1)))),
        Test::Property(p) => lhs.1.is_one() && has_property(&lhs.0, *p, base),
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
fn value_i128(term: &Term, words: &[Word], values: &[u8], base: u32) -> Step<Small> {
    let (op, a, b) = match term {
        Term::Word(w) => return word_i128(&words[*w], values, base).map(|n| Some(Small::whole(n))),
        Term::Binary(op, a, b) => (*op, a, b),
    };
    let (Some(a), Some(b)) = (
        value_i128(a, words, values, base)?,
        value_i128(b, words, values, base)?,
    ) else {
        return Ok(None);
    };
    Small::apply(op, a, b)
}

/// A term's value when every step fits in `i128`: `Some(Some(n))` for a
/// whole number, `Some(None)` when it is undefined or not whole, `None`
/// when a step overflows (then [`term_value`] computes it).
pub fn term_whole_i128(
    term: &Term,
    words: &[Word],
    values: &[u8],
    base: u32,
) -> Option<Option<i128>> {
    match value_i128(term, words, values, base) {
        Ok(value) => Some(value.filter(|v| v.d == 1).map(|v| v.n)),
        Err(Overflow) => None,
    }
}

/// A term's exact value as a fraction in lowest terms (numerator,
/// positive denominator); `None` when it is undefined (a divisor of 0, a
/// remainder or an exponent of a value that is not whole, a negative
/// exponent).
pub fn term_fraction(
    term: &Term,
    words: &[Word],
    values: &[u8],
    base: u32,
) -> Option<(BigInt, BigInt)> {
    let (op, a, b) = match term {
        Term::Word(w) => {
            let n = BigInt::from(super::word_big(&words[*w], values, base));
            return Some((n, BigInt::one()));
        }
        Term::Binary(op, a, b) => (*op, a, b),
    };
    let (an, ad) = term_fraction(a, words, values, base)?;
    let (bn, bd) = term_fraction(b, words, values, base)?;
    let lowest = |n: BigInt, d: BigInt| {
        let g = n.gcd(&d);
        let (n, d) = (n / &g, d / g);
        if d.is_negative() {
            (-n, -d)
        } else {
            (n, d)
        }
    };
    let whole = ad.is_one() && bd.is_one();
    Some(match op {
        Op::Add => lowest(&an * &bd + &bn * &ad, ad * bd),
        Op::Sub => lowest(&an * &bd - &bn * &ad, ad * bd),
        Op::Mul => lowest(an * bn, ad * bd),
        Op::Div => {
            if bn.is_zero() {
                return None;
            }
            lowest(an * bd, ad * bn)
        }
        Op::Mod => {
            if !whole || bn.is_zero() {
                return None;
            }
            (an.mod_floor(&bn), BigInt::one())
        }
        Op::Pow => {
            if !bd.is_one() {
                return None;
            }
            let e = bn.to_u32().filter(|&e| e <= MAX_EXPONENT)?;
            (power(&an, e)?, power(&ad, e)?)
        }
    })
}

/// `a^e`, polling the search's limits between two products when the
/// power is long ([`crate::limits::watch`]): a word of thousands of digits to the
/// 4096th has millions. `None` when the limits stopped it (the watch is
/// then tripped).
fn power(a: &BigInt, e: u32) -> Option<BigInt> {
    // Short powers are done at once, as before.
    if a.bits().saturating_mul(u64::from(e)) <= 1 << 16 {
        return Some(a.pow(e));
    }
    let mut ticker = crate::limits::watch::Ticker::default();
    let mut x = BigInt::one();
    for bit in (0..u32::BITS - e.leading_zeros()).rev() {
        if ticker.tick(x.bits().div_ceil(64)) {
            return None;
        }
        x = &x * &x;
        if e >> bit & 1 == 1 {
            x *= a;
        }
    }
    Some(x)
}

/// A term's exact value when it is a whole number; `None` when it is
/// undefined or a fraction that is not whole.
pub fn term_value(term: &Term, words: &[Word], values: &[u8], base: u32) -> Option<BigInt> {
    let (n, d) = term_fraction(term, words, values, base)?;
    d.is_one().then_some(n)
}

/// Whether a value has a property ([`Property::holds`], from the
/// property table `crate::vocab::properties`); the digits of a palindrome
/// are those of `base`. Negative values are odd or even, and nothing else.
pub fn has_property(value: &BigInt, property: Property, base: u32) -> bool {
    property.holds(value, base)
}

/// [`has_property`] in machine words: what the search asks of values that
/// fit `i128`, without allocating.
pub fn has_property_i128(value: i128, property: Property, base: u32) -> bool {
    property.holds_i128(value, base)
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
