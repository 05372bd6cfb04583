//! `long-division`: searches only the quotient, the divisor and the
//! remainder; the dividend is q·d + r and every other row follows.
//!
//! Every row is a function of (q, d, r) whose low digits depend only on the
//! low digits of d and r once q is known: a product is q_j·d; the
//! difference that ends t columns before the dividend's end is
//! ⌊((q mod Bᵗ⁺¹)·d + r) / Bᵗ⌋; the dividend is q·d + r.
//!
//! 1. The quotient's digits first (those without a step are 0 by the
//!    layout). Each non-zero digit bounds the divisor through its product
//!    row's length and known cells: d ∈ [min P / q_j, max P / q_j].
//! 2. Then d and r together from the least significant digit. After each
//!    column, one more digit of every product, difference and of the
//!    dividend is known and compared with its cell. Bounds on d and r are
//!    recomputed from every row (lengths and known cells; r < d), and a
//!    branch dies unless some value in them ends in the digits chosen.
//! 3. With d and r complete, every row is compared whole.

use super::partial::{ceil_div, congruent_in, State};
use crate::{DivisionRows, Layout};
use crypta_substrate::solve::{Budget, Flow, Outcome, Strategy};

pub struct LongDivision {
    layout: Layout,
    q: usize,
    d: usize,
    n: usize,
    /// (quotient digit index, product row).
    steps: Vec<(usize, usize)>,
    /// (row, t): a difference ending t columns before the dividend's end.
    diffs: Vec<(usize, usize)>,
    r: Option<usize>,
}

type Emit<'e> = &'e mut dyn FnMut(&[u8]) -> Flow;

/// What phase 2 knows: the quotient, each difference's multiplier
/// q mod Bᵗ⁺¹, and the low digits of d and r so far.
struct Known {
    q: u128,
    coef: Vec<u128>,
    dlow: u128,
    rlow: u128,
}

impl LongDivision {
    pub fn new(layout: &Layout, rows: &DivisionRows) -> Self {
        let lq = layout.rows[rows.quotient].cells.len();
        let diffs = rows
            .differences
            .iter()
            .enumerate()
            .map(|(k, &row)| (row, lq - 1 - rows.steps[k + 1].0))
            .collect();
        LongDivision {
            layout: layout.clone(),
            q: rows.quotient,
            d: rows.divisor,
            n: rows.dividend,
            steps: rows.steps.clone(),
            diffs,
            r: rows.remainder,
        }
    }

    fn r_bounds(&self, st: &State) -> (i128, i128) {
        self.r.map_or((0, 0), |row| st.bounds(row))
    }

    /// Bounds on d from its cells and the products of known quotient digits.
    fn d_bounds(&self, st: &State, qdigits: &[u128]) -> (i128, i128) {
        let (mut lo, mut hi) = st.bounds(self.d);
        for &(j, row) in &self.steps {
            if let Some(&c) = qdigits.get(j).filter(|&&c| c > 0) {
                let (plo, phi) = st.bounds(row);
                lo = lo.max(ceil_div(plo, c as i128));
                hi = hi.min(phi.div_euclid(c as i128));
            }
        }
        (lo, hi.min(st.pw[st.pw.len() - 1] as i128))
    }

    /// Bounds on d and r from every row, given q: rows of the form
    /// ⌊(c·d + r) / Bᵗ⌋ tie them together.
    fn bounds(&self, st: &State, qdigits: &[u128], known: &Known) -> [(i128, i128); 2] {
        let (mut dlo, mut dhi) = self.d_bounds(st, qdigits);
        let (mut rlo, mut rhi) = self.r_bounds(st);
        let rows = self
            .diffs
            .iter()
            .zip(&known.coef)
            .map(|(&(row, t), &c)| (row, t, c))
            .chain(std::iter::once((self.n, 0, known.q)));
        for (row, t, c) in rows {
            let (vlo, vhi) = st.bounds(row);
            if vlo > vhi {
                return [(1, 0), (1, 0)];
            }
            let scale = st.pw[t] as i128;
            let (lo, hi) = (
                vlo.saturating_mul(scale),
                (vhi + 1).saturating_mul(scale) - 1,
            );
            let c = c as i128;
            rhi = rhi.min(dhi - 1);
            dlo = dlo.max(ceil_div(lo - rhi, c)).max(ceil_div(lo + 1, c + 1));
            dhi = dhi.min((hi - rlo).div_euclid(c));
            rlo = rlo.max(lo.saturating_sub(c.saturating_mul(dhi)));
            rhi = rhi.min(hi.saturating_sub(c.saturating_mul(dlo)));
        }
        [(dlo, dhi), (rlo, rhi.min(dhi - 1))]
    }

    fn quotient(
        &self,
        st: &mut State,
        qdigits: &mut Vec<u128>,
        budget: &mut Budget,
        emit: Emit,
    ) -> Option<Outcome> {
        let lq = self.layout.rows[self.q].cells.len();
        let j = qdigits.len();
        if j == lq {
            let q = st.value(self.q);
            let known = Known {
                q,
                coef: self.diffs.iter().map(|&(_, t)| q % st.pw[t + 1]).collect(),
                dlow: 0,
                rlow: 0,
            };
            return self.columns(st, 0, known, qdigits, budget, emit);
        }
        let cell = self.layout.rows[self.q].cells[j];
        let mut options = st.options(cell);
        while options != 0 {
            let d = options.trailing_zeros();
            options &= options - 1;
            if budget.tick() {
                return Some(Outcome::Interrupted);
            }
            let mark = st.mark();
            if st.place(cell, d) {
                qdigits.push(u128::from(d));
                let (lo, hi) = self.d_bounds(st, qdigits);
                if lo <= hi {
                    if let Some(stop) = self.quotient(st, qdigits, budget, emit) {
                        return Some(stop);
                    }
                }
                qdigits.pop();
            }
            st.undo(mark);
        }
        None
    }

    /// Column k of d and r, both from the right.
    fn columns(
        &self,
        st: &mut State,
        k: usize,
        known: Known,
        qdigits: &[u128],
        budget: &mut Budget,
        emit: Emit,
    ) -> Option<Outcome> {
        let ldiv = self.layout.rows[self.d].cells.len();
        if k == ldiv {
            return self.finish(st, &known, qdigits, emit);
        }
        let base = st.base();
        let pk = st.pw[k];
        let dcell = st.cell(self.d, k);
        let rcell = self.r.and_then(|row| st.cell(row, k));
        let mut doptions = dcell.map_or(1, |c| st.options(c));
        while doptions != 0 {
            let dd = doptions.trailing_zeros();
            doptions &= doptions - 1;
            let dmark = st.mark();
            let dlow = known.dlow + u128::from(dd) * pk;
            let ok = dcell.is_none_or(|c| st.place(c, dd))
                && self
                    .steps
                    .iter()
                    .all(|&(j, row)| st.place_at(row, k, (qdigits[j] * dlow / pk % base) as u32));
            let mut roptions = if ok {
                rcell.map_or(1, |c| st.options(c))
            } else {
                0
            };
            while roptions != 0 {
                let rd = roptions.trailing_zeros();
                roptions &= roptions - 1;
                if budget.tick() {
                    return Some(Outcome::Interrupted);
                }
                let rmark = st.mark();
                let next = Known {
                    q: known.q,
                    coef: known.coef.clone(),
                    dlow,
                    rlow: known.rlow + u128::from(rd) * pk,
                };
                if rcell.is_none_or(|c| st.place(c, rd)) && self.low_digits(st, k, &next) {
                    let [(dlo, dhi), (rlo, rhi)] = self.bounds(st, qdigits, &next);
                    let m = st.pw[k + 1];
                    if congruent_in(dlo, dhi, next.dlow, m) && congruent_in(rlo, rhi, next.rlow, m)
                    {
                        if let Some(stop) = self.columns(st, k + 1, next, qdigits, budget, emit) {
                            return Some(stop);
                        }
                    }
                }
                st.undo(rmark);
            }
            st.undo(dmark);
        }
        None
    }

    /// Column k of the dividend and of every difference that reaches it.
    fn low_digits(&self, st: &mut State, k: usize, known: &Known) -> bool {
        let base = st.base();
        let m = st.pw[k + 1];
        let n = (known.q % m * known.dlow + known.rlow) % m;
        if !st.place_at(self.n, k, (n / st.pw[k]) as u32) {
            return false;
        }
        self.diffs.iter().zip(&known.coef).all(|(&(row, t), &c)| {
            k < t || {
                let v = (c % m * known.dlow + known.rlow) % m / st.pw[t];
                st.place_at(row, k - t, (v / st.pw[k - t] % base) as u32)
            }
        })
    }

    fn finish(
        &self,
        st: &mut State,
        known: &Known,
        qdigits: &[u128],
        emit: Emit,
    ) -> Option<Outcome> {
        let (d, r) = (known.dlow, known.rlow);
        if d == 0 || r >= d {
            return None;
        }
        let mark = st.mark();
        let ok = self
            .steps
            .iter()
            .all(|&(j, row)| st.place_row(row, qdigits[j] * d))
            && self
                .diffs
                .iter()
                .zip(&known.coef)
                .all(|(&(row, t), &c)| st.place_row(row, (c * d + r) / st.pw[t]))
            && st.place_row(self.n, known.q * d + r);
        let stop = ok && emit(&st.values) == Flow::Stop;
        st.undo(mark);
        stop.then_some(Outcome::Stopped)
    }
}

impl Strategy for LongDivision {
    fn name(&self) -> &'static str {
        "long-division"
    }

    fn approach(&self) -> String {
        "searched: the quotient, each digit bounding the divisor through its product\n\
         row; then divisor and remainder together from their last digit, one more\n\
         column of every product, difference and of the dividend checked per digit,\n\
         bounds on divisor and remainder recomputed from every row\n\
         arithmetic: 128-bit (rows checked to fit)"
            .to_string()
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let mut st = State::new(&self.layout);
        let mut qdigits = Vec::new();
        self.quotient(&mut st, &mut qdigits, budget, emit)
            .unwrap_or(Outcome::Exhausted)
    }
}
