//! `count` of a product of words whose digits are all independent, by
//! arithmetic. In `abc * def = ghijkl with repeats` no letter is shared
//! and none takes part in all-different, so each word is just a number in
//! a range (100 to 999) and the solutions are the pairs of numbers whose
//! product falls in ghijkl's range: for each abc, the values of def that
//! fit are a range found by two divisions. The last factor is never
//! listed, the others are (a 3×3 product lists 900 × 900 pairs, not
//! 10^9 assignments). A word repeated (`ABCD ^ 2 = EFGHIJK`, lowered to
//! `ABCD * ABCD`) is one number raised to a power: its values found by an
//! integer root.

use num_bigint::BigUint;

use crate::ir::{Cell, Expr, Letters};
use crate::solve::count::{Count, Counted};
use crate::solve::{Budget, Outcome};

/// The most values of the listed factors (all but the last) visited.
pub const MAX_LISTED: f64 = 1e7;

/// A word as a range of numbers: its letters independent, every digit
/// allowed after a leading digit from a contiguous range.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Range {
    lo: u128,
    hi: u128,
}

/// The counter: factors (range, power) and the product's range.
pub struct ProductCount {
    factors: Vec<(Range, u32)>,
    product: Range,
    /// For `explain`: the factors' words as written, and the product's.
    names: Vec<String>,
    product_name: String,
}

/// The words of a product tree, `None` when it holds a sum or difference.
fn factors(e: &Expr, out: &mut Vec<usize>) -> Option<()> {
    match e {
        Expr::Word(w) => out.push(*w),
        Expr::Mul(a, b) => {
            factors(a, out)?;
            factors(b, out)?;
        }
        Expr::Add(..) | Expr::Sub(..) => return None,
    }
    Some(())
}

impl ProductCount {
    /// `None` unless the puzzle is one equation `W1 * ... * Wk = W` (either
    /// way round) over letters in no all-different group, each letter in
    /// one word (repeated words aside) once, each word a range of numbers
    /// (see [`Range`]), and the listed factors few enough.
    pub fn new(letters: &Letters) -> Option<Self> {
        let [eq] = letters.equations.as_slice() else {
            return None;
        };
        if !letters.conditions.is_empty() || letters.vars.iter().any(|v| v.distinct()) {
            return None;
        }
        let (product_side, word) = match (&eq.lhs, &eq.rhs) {
            (e, Expr::Word(w)) if !matches!(e, Expr::Word(_)) => (e, *w),
            (Expr::Word(w), e) if !matches!(e, Expr::Word(_)) => (e, *w),
            _ => return None,
        };
        let mut words = Vec::new();
        factors(product_side, &mut words)?;
        // Identical words are one number: (first word, power).
        let mut distinct: Vec<(usize, u32)> = Vec::new();
        for &w in &words {
            let cells = &letters.words[w].cells;
            match distinct
                .iter_mut()
                .find(|(d, _)| &letters.words[*d].cells == cells)
            {
                Some((_, power)) => *power += 1,
                None => distinct.push((w, 1)),
            }
        }
        let mut seen = vec![false; letters.vars.len()];
        let mut range_of = |w: usize| -> Option<Range> {
            let cells = &letters.words[w].cells;
            let base = u128::from(letters.base);
            let (mut lo, mut hi) = (0u128, 0u128);
            for (i, cell) in cells.iter().enumerate() {
                let Cell::Var(v) = *cell else {
                    return None;
                };
                if std::mem::replace(&mut seen[v], true) {
                    return None;
                }
                let domain = letters.vars[v].domain;
                let (a, b) = (domain.min()?, domain.max()?);
                let contiguous = domain.len() == b - a + 1;
                let full = domain.len() == letters.base;
                if !(full || i == 0 && contiguous) {
                    return None;
                }
                lo = lo.checked_mul(base)?.checked_add(u128::from(a))?;
                hi = hi.checked_mul(base)?.checked_add(u128::from(b))?;
            }
            Some(Range { lo, hi })
        };
        let mut factors = Vec::with_capacity(distinct.len());
        for &(w, power) in &distinct {
            factors.push((range_of(w)?, power));
        }
        let product = range_of(word)?;
        if seen.contains(&false) {
            return None;
        }
        let listed: f64 = factors[..factors.len() - 1]
            .iter()
            .map(|(r, _)| (r.hi - r.lo + 1) as f64)
            .product();
        // Every partial product must fit: the product of the highs.
        let high = factors
            .iter()
            .try_fold(1u128, |p, &(r, k)| p.checked_mul(r.hi.checked_pow(k)?));
        if listed > MAX_LISTED || high.is_none() {
            return None;
        }
        let text = |w: usize| letters.word_text(&letters.words[w], None);
        Some(ProductCount {
            names: distinct
                .iter()
                .map(|&(w, k)| match k {
                    1 => text(w),
                    k => format!("{} ^ {}", text(w), k),
                })
                .collect(),
            product_name: text(word),
            factors,
            product,
        })
    }

    /// For `explain`.
    pub fn approach(&self) -> String {
        let (last, listed) = self
            .names
            .split_last()
            .map_or((String::new(), &[][..]), |(l, r)| (l.clone(), r));
        let mut text = String::from(
            "a product of words whose digits are all independent, counted by arithmetic:\n\
             each word a range of numbers; ",
        );
        if !listed.is_empty() {
            text.push_str(&format!("for each value of {}, ", listed.join(", ")));
        }
        text.push_str(&format!(
            "the values of {} whose product falls in {}'s range\n\
             found by division{}, no solution listed",
            last,
            self.product_name,
            if self.factors.last().is_some_and(|f| f.1 > 1) {
                " and an integer root"
            } else {
                ""
            }
        ));
        text
    }

    /// The count.
    pub fn count(&self, budget: &mut Budget) -> Counted {
        let mut total = BigUint::default();
        let mut small = 0u128;
        let outcome = match self.walk(0, 1, budget, &mut |n| {
            small = small.checked_add(n).unwrap_or_else(|| {
                total += small;
                n
            });
        }) {
            true => Outcome::Exhausted,
            false => Outcome::Interrupted,
        };
        let outcome = budget.settle(outcome);
        Counted {
            count: if outcome == Outcome::Exhausted {
                Count::from_big(total + small)
            } else {
                Count::default()
            },
            outcome,
            bug: None,
        }
    }

    /// Adds the counts with the factors before `i` at product `p`; false
    /// when the budget stopped it.
    fn walk(&self, i: usize, p: u128, budget: &mut Budget, add: &mut dyn FnMut(u128)) -> bool {
        let (range, power) = self.factors[i];
        if i + 1 == self.factors.len() {
            add(last_count(p, range, power, self.product));
            return true;
        }
        for x in range.lo..=range.hi {
            if budget.tick() {
                return false;
            }
            // Fits: the product of every high fits (checked in `new`).
            let q = p * x.pow(power);
            if !self.walk(i + 1, q, budget, add) {
                return false;
            }
        }
        true
    }
}

/// The values x of `range` with `p * x ^ k` in `product`.
fn last_count(p: u128, range: Range, k: u32, product: Range) -> u128 {
    if p == 0 {
        return if product.lo == 0 {
            range.hi - range.lo + 1
        } else {
            0
        };
    }
    // x ^ k from ceil(lo / p) to floor(hi / p).
    let (lo, hi) = (product.lo.div_ceil(p), product.hi / p);
    if lo > hi {
        return 0;
    }
    let (from, to) = (
        ceil_root(lo, k).max(range.lo),
        floor_root(hi, k).min(range.hi),
    );
    if from > to {
        0
    } else {
        to - from + 1
    }
}

/// The greatest x with x ^ k <= n.
fn floor_root(n: u128, k: u32) -> u128 {
    if k == 1 {
        return n;
    }
    let (mut lo, mut hi) = (0u128, 1u128 << (128 / k + 1).min(127));
    // Invariant: lo ^ k <= n, and hi ^ k > n (or overflows).
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        match mid.checked_pow(k) {
            Some(v) if v <= n => lo = mid,
            _ => hi = mid,
        }
    }
    lo
}

/// The least x with x ^ k >= n.
fn ceil_root(n: u128, k: u32) -> u128 {
    let r = floor_root(n, k);
    if r.checked_pow(k) == Some(n) {
        r
    } else {
        r + 1
    }
}
