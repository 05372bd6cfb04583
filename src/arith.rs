//! Exact arithmetic on puzzle values. Words can be any length the grammar
//! accepts, so values are evaluated in `i128` only when a bound on the
//! expression proves that nothing can overflow, and in `BigInt` otherwise:
//! never wrapped silently.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Zero};

use crate::ir::{Cell, Expr, Letters, Word};

/// The ring operations a solver needs, for `i128` and `BigInt` alike.
pub trait Exact: Clone + PartialEq {
    fn from_u32(n: u32) -> Self;
    fn add(&self, other: &Self) -> Self;
    fn sub(&self, other: &Self) -> Self;
    fn mul(&self, other: &Self) -> Self;
    /// The remainder in `0..modulus` (modulus positive).
    fn modulo(&self, modulus: &Self) -> Self;
    fn is_zero(&self) -> bool;
}

impl Exact for i128 {
    fn from_u32(n: u32) -> Self {
        i128::from(n)
    }
    fn add(&self, other: &Self) -> Self {
        self + other
    }
    fn sub(&self, other: &Self) -> Self {
        self - other
    }
    fn mul(&self, other: &Self) -> Self {
        self * other
    }
    fn modulo(&self, modulus: &Self) -> Self {
        self.rem_euclid(*modulus)
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
}

impl Exact for BigInt {
    fn from_u32(n: u32) -> Self {
        BigInt::from(n)
    }
    fn add(&self, other: &Self) -> Self {
        self + other
    }
    fn sub(&self, other: &Self) -> Self {
        self - other
    }
    fn mul(&self, other: &Self) -> Self {
        self * other
    }
    fn modulo(&self, modulus: &Self) -> Self {
        self.mod_floor(modulus)
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
}

/// An upper bound on log2 of |value| of an expression whose words hold at
/// most `len` digits of `base`.
fn expr_bits(expr: &Expr, words: &[Word], base: u32) -> f64 {
    match expr {
        Expr::Word(w) => words[*w].cells.len() as f64 * f64::from(base).log2(),
        Expr::Add(a, b) | Expr::Sub(a, b) => {
            expr_bits(a, words, base).max(expr_bits(b, words, base)) + 1.0
        }
        Expr::Mul(a, b) => expr_bits(a, words, base) + expr_bits(b, words, base),
    }
}

/// Whether every value an equation, a word, or their difference can take
/// fits in `i128` with room to spare.
pub fn fits_i128(letters: &Letters) -> bool {
    let base = letters.base;
    let eq_bits = letters
        .equations
        .iter()
        .map(|e| {
            expr_bits(&e.lhs, &letters.words, base).max(expr_bits(&e.rhs, &letters.words, base))
                + 1.0
        })
        .fold(0.0, f64::max);
    let word_bits = letters.max_len() as f64 * f64::from(base).log2();
    eq_bits.max(word_bits) < 120.0
}

/// The value of a word under an assignment; `low` keeps only the last
/// `low` cells (the value modulo base^low).
pub fn word_value<N: Exact>(word: &Word, values: &[u8], base: &N, low: usize) -> N {
    let skip = word.cells.len().saturating_sub(low);
    word.cells[skip..].iter().fold(N::from_u32(0), |acc, cell| {
        let d = match *cell {
            Cell::Var(v) => u32::from(values[v]),
            Cell::Digit(d) => d,
        };
        acc.mul(base).add(&N::from_u32(d))
    })
}

/// Evaluates an expression, words truncated to their last `low` cells.
pub fn eval<N: Exact>(expr: &Expr, words: &[Word], values: &[u8], base: &N, low: usize) -> N {
    match expr {
        Expr::Word(w) => word_value(&words[*w], values, base, low),
        Expr::Add(a, b) => {
            eval(a, words, values, base, low).add(&eval(b, words, values, base, low))
        }
        Expr::Sub(a, b) => {
            eval(a, words, values, base, low).sub(&eval(b, words, values, base, low))
        }
        Expr::Mul(a, b) => {
            eval(a, words, values, base, low).mul(&eval(b, words, values, base, low))
        }
    }
}

/// A word's exact value as an unsigned big integer.
pub fn word_big(word: &Word, values: &[u8], base: u32) -> BigUint {
    word.cells.iter().fold(BigUint::zero(), |acc, cell| {
        let d = match *cell {
            Cell::Var(v) => u32::from(values[v]),
            Cell::Digit(d) => d,
        };
        acc * base + d
    })
}

/// Primality: trial division for small values, Miller-Rabin otherwise.
/// The first 24 prime bases make the test exact below 3.3·10^24 and leave a
/// chance below 4^-24 of a wrong answer above.
pub fn is_prime(n: &BigUint) -> bool {
    const SMALL: [u32; 24] = [
        2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89,
    ];
    let two = BigUint::from(2u32);
    if *n < two {
        return false;
    }
    for p in SMALL {
        let p = BigUint::from(p);
        if *n == p {
            return true;
        }
        if (n % &p).is_zero() {
            return false;
        }
    }
    let one = BigUint::one();
    let n_minus_1 = n - &one;
    let mut d = n_minus_1.clone();
    let mut s = 0u32;
    while d.is_even() {
        d >>= 1;
        s += 1;
    }
    'bases: for a in SMALL {
        let mut x = BigUint::from(a).modpow(&d, n);
        if x == one || x == n_minus_1 {
            continue;
        }
        for _ in 1..s {
            x = x.modpow(&two, n);
            if x == n_minus_1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// Whether a value is a perfect square.
pub fn is_square(n: &BigUint) -> bool {
    let r = n.sqrt();
    &r * &r == *n
}
