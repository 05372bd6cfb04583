//! Exact arithmetic on puzzle values. Words can be any length the grammar
//! accepts, so values are evaluated in `i128` only when a bound on the
//! expression proves that nothing can overflow, and in `BigInt` otherwise:
//! never wrapped silently.

pub mod bounds;
pub mod condition;
pub mod logic;

pub use condition::MAX_EXPONENT;
pub use logic::condition_holds;

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::Zero;

use crate::ir::{Cell, Expr, Word};

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
