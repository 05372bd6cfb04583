//! Sums and differences of words, seen column by column: the shape the
//! column strategy works on. An equation is linear when it has no `*`; it is
//! then `Σ ±word = 0`, and column j of that sum is
//! `Σ coef·digit + constant + carry_in = base · carry_out`.

use crate::ir::{Cell, Equation, Expr, Letters};

/// One column: the net coefficient of each variable in it (occurrences of
/// the same variable merged, zeros dropped) and the fixed digits' sum.
#[derive(Clone, Debug, Default)]
pub struct ColumnSum {
    pub terms: Vec<(usize, i64)>,
    pub constant: i64,
}

/// The words of `lhs - rhs` with their signs, or `None` if the equation
/// multiplies.
pub fn signed_words(eq: &Equation) -> Option<Vec<(i64, usize)>> {
    fn go(e: &Expr, sign: i64, out: &mut Vec<(i64, usize)>) -> bool {
        match e {
            Expr::Word(w) => {
                out.push((sign, *w));
                true
            }
            Expr::Add(a, b) => go(a, sign, out) && go(b, sign, out),
            Expr::Sub(a, b) => go(a, sign, out) && go(b, -sign, out),
            Expr::Mul(..) => false,
        }
    }
    let mut out = Vec::new();
    (go(&eq.lhs, 1, &mut out) && go(&eq.rhs, -1, &mut out)).then_some(out)
}

/// The columns of a linear equation, least significant first.
pub fn columns(letters: &Letters, terms: &[(i64, usize)]) -> Vec<ColumnSum> {
    let width = terms
        .iter()
        .map(|&(_, w)| letters.words[w].cells.len())
        .max()
        .unwrap_or(0);
    let mut columns = vec![ColumnSum::default(); width];
    for &(sign, w) in terms {
        for (j, cell) in letters.words[w].cells.iter().rev().enumerate() {
            let column = &mut columns[j];
            match *cell {
                Cell::Digit(d) => column.constant += sign * i64::from(d),
                Cell::Var(v) => match column.terms.iter_mut().find(|(u, _)| *u == v) {
                    Some((_, c)) => *c += sign,
                    None => column.terms.push((v, sign)),
                },
            }
        }
    }
    for column in &mut columns {
        column.terms.retain(|&(_, c)| c != 0);
    }
    columns
}

/// The inverse of `a` modulo `m`, if they are coprime.
pub fn inverse_mod(a: i64, m: i64) -> Option<i64> {
    let (mut old_r, mut r) = (a.rem_euclid(m), m);
    let (mut old_s, mut s) = (1i64, 0i64);
    while r != 0 {
        let q = old_r / r;
        (old_r, r) = (r, old_r - q * r);
        (old_s, s) = (s, old_s - q * s);
    }
    (old_r == 1).then(|| old_s.rem_euclid(m))
}
