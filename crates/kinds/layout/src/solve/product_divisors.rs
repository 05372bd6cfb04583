//! `product-divisors`: a long multiplication whose product row has few
//! unknowns is solved from the product. Each product the row can show is
//! factored, and every divisor within the multiplicand's bounds whose
//! cofactor is within the multiplier's is a candidate pair of factors;
//! the pair fixes every row, each compared whole.
//!
//! Where it pays: the product `*000000000000*` of a 7-digit by 7-digit
//! skeleton (「ムズカル」) can show 90 numbers and each has a few hundred
//! divisors, while a search over the multiplier's digits meets 9^7
//! multipliers before the product's zeros cut anything. The planner
//! ([`super::choose`]) takes it when the product's possible values are
//! far fewer than the multiplier's ([`pays`]) and fit in 63 bits.

use super::partial::{ceil_div, State};
use crate::{Layout, MultiplicationRows};
use crypta_substrate::ir::Cell;
use crypta_substrate::solve::{Budget, Flow, Outcome, Strategy};

/// The products this strategy factors at most: past it the listing itself
/// is the cost, and the digit search does better.
const MAX_PRODUCTS: f64 = 65_536.0;

/// How many multipliers one factored product must save: factoring and
/// listing divisors costs about as much as this many search nodes.
const NODES_PER_PRODUCT: f64 = 64.0;

/// Below this many multiplicands within the bounds, each is tried as a
/// divisor instead of factoring the product: a 64-bit factoring (a
/// primality test, then Pollard's rho) costs a few hundred divisions.
const FEW_MULTIPLICANDS: i128 = 256;

pub struct ProductDivisors {
    layout: Layout,
    rows: MultiplicationRows,
}

type Emit<'e> = &'e mut dyn FnMut(&[u8]) -> Flow;

/// The numbers a row's unknown cells can make, at most (a symbol counted
/// once), and the row's greatest value.
fn space(layout: &Layout, row: usize) -> (f64, f64) {
    let mut seen = Vec::new();
    let mut space = 1.0;
    let mut max = 0.0;
    let base = f64::from(layout.base);
    for &cell in &layout.rows[row].cells {
        let top = match cell {
            Cell::Digit(d) => f64::from(d),
            Cell::Var(v) => {
                let domain = layout.vars[v].domain;
                if !seen.contains(&v) {
                    seen.push(v);
                    space *= domain.len() as f64;
                }
                f64::from(63 - domain.0.leading_zeros().min(63))
            }
        };
        max = max * base + top;
    }
    (space, max)
}

/// Every divisor of `n` (n ≥ 1) in increasing order, from its prime
/// factors (`num-prime`: trial division, then Pollard's rho and SQUFOF
/// past the small primes; the factors themselves are unique, so the order
/// does not depend on the rho's random start).
fn divisors(n: u64) -> Vec<u64> {
    let mut ds = vec![1u64];
    for (p, e) in num_prime::nt_funcs::factorize64(n) {
        let len = ds.len();
        let mut pk = 1u64;
        for _ in 0..e {
            pk *= p;
            for j in 0..len {
                ds.push(ds[j] * pk);
            }
        }
    }
    ds.sort_unstable();
    ds
}

/// How many numbers the product row can show, when this strategy can
/// solve the layout: a product of at least two digits (never 0, so every
/// solution divides it) below 2^63.
fn products(layout: &Layout, rows: &MultiplicationRows) -> Option<f64> {
    let (products, max) = space(layout, rows.product);
    (layout.rows[rows.product].cells.len() >= 2 && max < 9.2e18).then_some(products)
}

/// True when the planner may take this strategy: it can solve the layout
/// and the product row shows few enough numbers to list
/// ([`MAX_PRODUCTS`]).
pub fn within_reach(layout: &Layout, rows: &MultiplicationRows) -> bool {
    products(layout, rows).is_some_and(|products| products <= MAX_PRODUCTS)
}

/// True when the planner should take this strategy over the digit search:
/// few products to factor, against many multipliers to try.
pub fn pays(layout: &Layout, rows: &MultiplicationRows) -> bool {
    let (multipliers, _) = space(layout, rows.multiplier);
    products(layout, rows).is_some_and(|products| {
        products <= MAX_PRODUCTS && products * NODES_PER_PRODUCT <= multipliers
    })
}

impl ProductDivisors {
    pub fn new(layout: &Layout, rows: &MultiplicationRows) -> Self {
        ProductDivisors {
            layout: layout.clone(),
            rows: rows.clone(),
        }
    }

    /// The product's cells from the left: each complete product is
    /// handed to [`Self::factors`].
    fn products(
        &self,
        st: &mut State,
        k: usize,
        budget: &mut Budget,
        emit: Emit,
    ) -> Option<Outcome> {
        let cells = &self.layout.rows[self.rows.product].cells;
        let Some(&cell) = cells.get(k) else {
            let p = st.value(self.rows.product);
            return self.factors(st, p, budget, emit);
        };
        let mut options = st.options(cell);
        if k == 0 {
            // A row of two or more digits has no leading 0.
            options &= !1;
        }
        while options != 0 {
            let d = options.trailing_zeros();
            options &= options - 1;
            if budget.tick() {
                return Some(Outcome::Interrupted);
            }
            let mark = st.mark();
            if st.place(cell, d) {
                if let Some(stop) = self.products(st, k + 1, budget, emit) {
                    return Some(stop);
                }
            }
            st.undo(mark);
        }
        None
    }

    /// Every multiplicand dividing `p` within both factors' bounds, each
    /// pair's rows placed and compared.
    fn factors(&self, st: &mut State, p: u128, budget: &mut Budget, emit: Emit) -> Option<Outcome> {
        let Ok(p64) = u64::try_from(p) else {
            return None;
        };
        let (alo, ahi) = st.bounds(self.rows.multiplicand);
        let (blo, bhi) = st.bounds(self.rows.multiplier);
        let p = p as i128;
        let lo = alo.max(ceil_div(p, bhi.max(1))).max(1);
        let hi = ahi.min(p / blo.max(1));
        if lo > hi {
            return None;
        }
        // When the bounds leave few multiplicands, dividing by each is
        // cheaper than factoring (factoring was half the cross-checks'
        // time on small layouts; this took a tenth off); the same
        // divisors come out, in the same order.
        let few = hi - lo < FEW_MULTIPLICANDS;
        let candidates: Vec<u64> = if few {
            (lo as u64..=hi as u64).filter(|a| p64 % a == 0).collect()
        } else {
            divisors(p64)
        };
        for a in candidates {
            let a = i128::from(a);
            if a < lo {
                continue;
            }
            if a > hi {
                break;
            }
            if budget.tick() {
                return Some(Outcome::Interrupted);
            }
            let (a, b) = (a as u128, (p / a) as u128);
            let mark = st.mark();
            let stop = self.place(st, a, b) && emit(&st.values) == Flow::Stop;
            st.undo(mark);
            if stop {
                return Some(Outcome::Stopped);
            }
        }
        None
    }

    /// Places both factors and every partial product; the product is
    /// already placed.
    fn place(&self, st: &mut State, a: u128, b: u128) -> bool {
        if !st.place_row(self.rows.multiplicand, a) || !st.place_row(self.rows.multiplier, b) {
            return false;
        }
        let base = st.base();
        let mut digits = b;
        for p in &self.rows.partials {
            let d = digits % base;
            digits /= base;
            let ok = match p {
                Some(row) => d != 0 && st.place_row(*row, d * a),
                None => d == 0,
            };
            if !ok {
                return false;
            }
        }
        true
    }
}

impl Strategy for ProductDivisors {
    fn name(&self) -> &'static str {
        "product-divisors"
    }

    fn approach(&self) -> String {
        "searched: the product row's unknown cells, left to right; each product is\n\
         factored (trial division, Pollard's rho; divided by each multiplicand\n\
         instead when the bounds leave fewer than 256) and every divisor within\n\
         the multiplicand's bounds whose cofactor is within the multiplier's is tried,\n\
         the multiplicand, multiplier and every partial product compared whole\n\
         arithmetic: 64-bit products (128-bit rows)"
            .to_string()
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let mut st = State::new(&self.layout);
        self.products(&mut st, 0, budget, emit)
            .unwrap_or(Outcome::Exhausted)
    }
}
