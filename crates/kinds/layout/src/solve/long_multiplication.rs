//! `long-multiplication`: searches only the multiplier and the multiplicand,
//! everything else follows from them.
//!
//! 1. The multiplier's digits first, right to left. Each digit d with a
//!    partial-product row P bounds the multiplicand: a ∈ [min P / d,
//!    max P / d], where min/max come from P's length and known cells. The
//!    bounds of all digits so far are intersected; an empty interval (or a
//!    product out of reach of the factors' bounds) cuts the branch.
//! 2. Then the multiplicand from its least significant digit: the low k
//!    digits of d·a and of a·b depend only on the low k digits of a, so
//!    after each digit one more column of every partial product and of the
//!    product is known and compared with its cell (a known digit, or a
//!    symbol bound on first use). The bounds are recomputed with what the
//!    cells now say, and a branch dies unless some number in them ends in
//!    the digits chosen so far.
//! 3. With a complete, every row is compared whole: length and all cells.

use super::partial::{ceil_div, congruent_in, State};
use crate::{Layout, MultiplicationRows};
use crypta_substrate::solve::{Budget, Flow, Outcome, Strategy};

pub struct LongMultiplication {
    layout: Layout,
    a: usize,
    b: usize,
    partials: Vec<Option<usize>>,
    product: usize,
}

type Emit<'e> = &'e mut dyn FnMut(&[u8]) -> Flow;

impl LongMultiplication {
    pub fn new(layout: &Layout, rows: &MultiplicationRows) -> Self {
        LongMultiplication {
            layout: layout.clone(),
            a: rows.multiplicand,
            b: rows.multiplier,
            partials: rows.partials.clone(),
            product: rows.product,
        }
    }

    /// Bounds on the multiplicand from its cells and every partial product
    /// whose multiplier digit is known (`digits[i]`, rightmost first).
    fn a_bounds(&self, st: &State, digits: &[u128]) -> (i128, i128) {
        let (mut lo, mut hi) = st.bounds(self.a);
        for (i, &d) in digits.iter().enumerate() {
            if let (Some(&Some(row)), true) = (self.partials.get(i), d > 0) {
                let (plo, phi) = st.bounds(row);
                lo = lo.max(ceil_div(plo, d as i128));
                hi = hi.min(phi.div_euclid(d as i128));
            }
        }
        (lo, hi)
    }

    fn multiplier(
        &self,
        st: &mut State,
        digits: &mut Vec<u128>,
        budget: &mut Budget,
        emit: Emit,
    ) -> Option<Outcome> {
        let i = digits.len();
        let Some(cell) = st.cell(self.b, i) else {
            let b = st.value(self.b);
            return self.multiplicand(st, 0, 0, digits, b, budget, emit);
        };
        let mut options = st.options(cell);
        while options != 0 {
            let d = options.trailing_zeros();
            options &= options - 1;
            if budget.tick() {
                return Some(Outcome::Interrupted);
            }
            let mark = st.mark();
            if st.place(cell, d) {
                digits.push(u128::from(d));
                let (alo, ahi) = self.a_bounds(st, digits);
                let (blo, bhi) = st.bounds(self.b);
                let (plo, phi) = st.bounds(self.product);
                if alo <= ahi && alo.saturating_mul(blo) <= phi && ahi.saturating_mul(bhi) >= plo {
                    if let Some(stop) = self.multiplier(st, digits, budget, emit) {
                        return Some(stop);
                    }
                }
                digits.pop();
            }
            st.undo(mark);
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    fn multiplicand(
        &self,
        st: &mut State,
        k: usize,
        low: u128,
        digits: &[u128],
        b: u128,
        budget: &mut Budget,
        emit: Emit,
    ) -> Option<Outcome> {
        let base = st.base();
        let Some(cell) = st.cell(self.a, k) else {
            let mark = st.mark();
            let ok = self
                .partials
                .iter()
                .zip(digits)
                .all(|(p, &d)| p.is_none_or(|row| st.place_row(row, d * low)))
                && st.place_row(self.product, low * b);
            let stop = ok && emit(&st.values) == Flow::Stop;
            st.undo(mark);
            return stop.then_some(Outcome::Stopped);
        };
        let mut options = st.options(cell);
        while options != 0 {
            let d = options.trailing_zeros();
            options &= options - 1;
            if budget.tick() {
                return Some(Outcome::Interrupted);
            }
            let mark = st.mark();
            let low = low + u128::from(d) * st.pw[k];
            let pk = st.pw[k];
            let ok = st.place(cell, d)
                && self.partials.iter().zip(digits).all(|(p, &m)| {
                    p.is_none_or(|row| st.place_at(row, k, (m * low / pk % base) as u32))
                })
                && st.place_at(self.product, k, (low * b / pk % base) as u32)
                && {
                    let (mut lo, mut hi) = self.a_bounds(st, digits);
                    // A multiplier of 0 makes the product 0 whatever the
                    // multiplicand: then the product bounds nothing.
                    if b > 0 {
                        let (plo, phi) = st.bounds(self.product);
                        lo = lo.max(ceil_div(plo, b as i128));
                        hi = hi.min(phi.div_euclid(b as i128));
                    }
                    congruent_in(lo, hi, low, st.pw[k + 1])
                };
            if ok {
                if let Some(stop) = self.multiplicand(st, k + 1, low, digits, b, budget, emit) {
                    return Some(stop);
                }
            }
            st.undo(mark);
        }
        None
    }
}

impl Strategy for LongMultiplication {
    fn name(&self) -> &'static str {
        "long-multiplication"
    }

    fn approach(&self) -> String {
        "searched: the multiplier right to left, each digit bounding the multiplicand\n\
         through its partial product's length and known cells; then the multiplicand\n\
         from its last digit, one more column of every partial product and of the\n\
         product checked per digit, bounds recomputed from every row\n\
         arithmetic: 128-bit (rows checked to fit)"
            .to_string()
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let mut st = State::new(&self.layout);
        let mut digits = Vec::new();
        self.multiplier(&mut st, &mut digits, budget, emit)
            .unwrap_or(Outcome::Exhausted)
    }
}
