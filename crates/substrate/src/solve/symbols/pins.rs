//! Letters a column fixes ("pins"), for the product strategy
//! ([`super::modular_columns`]): when a variable is the last unknown of an
//! equation's low k columns and sits there once, in a word added or
//! subtracted, its one possible digit is worked out from the remainder of
//! those columns instead of tried digit by digit.

use num_bigint::BigInt;

use crate::ir::{Cell, Expr, Letters};

/// The words of `expr`, products' included, in order.
pub(super) fn words_of(expr: &Expr, out: &mut Vec<usize>) {
    match expr {
        Expr::Word(w) => out.push(*w),
        Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
            words_of(a, out);
            words_of(b, out);
        }
    }
}

/// A variable that one column of one equation fixes: it is the last
/// unknown of the equation's low `k` columns and sits once in them, in a
/// word added (`sign` 1) or subtracted (-1) from the equation's
/// left-hand side. Its one possible digit is worked out, not tried:
/// `ABCD * ABCD = EFGHIJK` tries one digit for each of E to K, not ten.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pin {
    pub(super) equation: usize,
    pub(super) k: usize,
    pub(super) sign: i8,
}

/// The words of `expr` added to it with their signs (`sign` for the
/// expression itself), and the words inside its products.
fn additive(expr: &Expr, sign: i8, added: &mut Vec<(usize, i8)>, multiplied: &mut Vec<usize>) {
    match expr {
        Expr::Word(w) => added.push((*w, sign)),
        Expr::Add(a, b) => {
            additive(a, sign, added, multiplied);
            additive(b, sign, added, multiplied);
        }
        Expr::Sub(a, b) => {
            additive(a, sign, added, multiplied);
            additive(b, -sign, added, multiplied);
        }
        Expr::Mul(a, b) => {
            words_of(a, multiplied);
            words_of(b, multiplied);
        }
    }
}

/// The pin of the variable at `i` in `order`, if a column fixes it.
pub(super) fn pin_of(letters: &Letters, position: &[usize], v: usize, i: usize) -> Option<Pin> {
    letters.equations.iter().enumerate().find_map(|(e, eq)| {
        let (mut added, mut multiplied) = (Vec::new(), Vec::new());
        additive(&eq.lhs, 1, &mut added, &mut multiplied);
        additive(&eq.rhs, -1, &mut added, &mut multiplied);
        let cells = |w: usize| letters.words[w].cells.iter().rev().enumerate();
        let mut found = None;
        for (w, sign) in added
            .iter()
            .copied()
            .map(|(w, s)| (w, Some(s)))
            .chain(multiplied.iter().map(|&w| (w, None)))
        {
            for (place, cell) in cells(w) {
                if *cell == Cell::Var(v) {
                    if found.is_some() {
                        return None;
                    }
                    found = Some((place, sign?));
                }
            }
        }
        let (place, sign) = found?;
        // Every other cell of the low place + 1 columns is decided first.
        let ready = added
            .iter()
            .map(|&(w, _)| w)
            .chain(multiplied.iter().copied())
            .flat_map(cells)
            .all(|(p, cell)| match *cell {
                Cell::Var(u) => p > place || u == v || position[u] < i,
                Cell::Digit(_) => true,
            });
        ready.then_some(Pin {
            equation: e,
            k: place + 1,
            sign,
        })
    })
}

/// The digit `r / unit` of a remainder `r` below `unit * base`.
pub(super) trait Quotient {
    fn quotient(&self, unit: &Self) -> u32;
}

impl Quotient for i128 {
    fn quotient(&self, unit: &Self) -> u32 {
        (self / unit) as u32
    }
}

impl Quotient for BigInt {
    fn quotient(&self, unit: &Self) -> u32 {
        use num_traits::ToPrimitive;
        (self / unit).to_u32().unwrap_or(u32::MAX)
    }
}

pub(super) fn has_product(expr: &Expr) -> bool {
    match expr {
        Expr::Word(_) => false,
        Expr::Mul(..) => true,
        Expr::Add(a, b) | Expr::Sub(a, b) => has_product(a) || has_product(b),
    }
}
