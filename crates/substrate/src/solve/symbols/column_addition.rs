//! Column addition: sums and differences of words, solved column by column
//! from the right with exact carries.
//!
//! The heuristics, in the order they cut the search:
//! - **Derivation.** In each column, the last new variable whose coefficient
//!   is invertible modulo the base is not branched on: the column sum fixes
//!   it (`coef·d ≡ -(rest + carry)`), so a column of three new letters costs
//!   two branchings, not three.
//! - **Exact bounds.** The whole equation is `Σ W_v·d_v + C = 0` with
//!   per-variable weights `W_v`; after every assignment, the range the
//!   unassigned variables can still add must contain the value that makes
//!   the sum zero. This is what finds `M = 1` in SEND + MORE = MONEY early.
//!   Used when the weights fit in `i128`; longer words rely on columns alone.
//! - **Lookahead.** When a column closes, every later column with at most
//!   one unassigned variable is tested against its possible carries: a
//!   fully known column must be reachable, and a single missing letter must
//!   still have a free digit. This is what makes bijective radix-n
//!   additions (every digit used once) fast.
//!
//! Counting never allocates: a solution is a callback on the value array.

use super::column_sums::{self, ColumnSum};
use crate::ir::{Digits, Letters};
use crate::solve::{Budget, Flow, Outcome, Strategy, Taken};

/// A column ready for the search.
#[derive(Clone, Debug)]
struct Column {
    sum: ColumnSum,
    /// Variables first seen in this column that are branched on, in order.
    branch: Vec<usize>,
    /// A variable first seen here that the column sum determines:
    /// (variable, coefficient, inverse of the coefficient mod base).
    derived: Option<(usize, i64, i64)>,
    /// The carry that can come into this column, from the domains alone.
    carry_in: (i64, i64),
    /// The inverse mod base of each term's coefficient, where it has one.
    inverse: Vec<Option<i64>>,
}

/// The prepared search for one linear equation.
pub struct ColumnAddition {
    base: i64,
    domains: Vec<u64>,
    /// Each variable's all-different groups (`Var::groups`).
    groups: Vec<u64>,
    columns: Vec<Column>,
    /// Variables in no column (their coefficients cancel): branched on last.
    tail: Vec<usize>,
    /// The column each variable is first seen in (`columns.len()` for the
    /// tail): a variable is assigned once that column is done.
    first_column: Vec<usize>,
    bounds: Option<Bounds>,
}

/// `Σ W_v·d_v + C = 0` for the exact-bounds test.
struct Bounds {
    weight: Vec<i128>,
    constant: i128,
    /// Least and greatest `W_v·d` over each variable's domain.
    low: Vec<i128>,
    high: Vec<i128>,
}

impl ColumnAddition {
    /// Prepares the search, or `None` if the puzzle is not a single linear
    /// equation.
    pub fn new(letters: &Letters) -> Option<Self> {
        // Conditions prune inside the search: only modular columns tests them.
        let ([equation], true) = (letters.equations.as_slice(), letters.conditions.is_empty())
        else {
            return None;
        };
        let terms = column_sums::signed_words(equation)?;
        let sums = column_sums::columns(letters, &terms);
        let base = i64::from(letters.base);
        let domains: Vec<u64> = letters.vars.iter().map(|v| v.domain.0).collect();
        let groups = letters.vars.iter().map(|v| v.groups).collect();
        let lo = |v: usize| i64::from(domains[v].trailing_zeros());
        let hi = |v: usize| 63 - i64::from(domains[v].leading_zeros());

        let mut seen = vec![false; letters.vars.len()];
        let mut first_column = vec![sums.len(); letters.vars.len()];
        let mut columns = Vec::with_capacity(sums.len());
        let mut carry = (0i64, 0i64);
        for sum in sums {
            let fresh: Vec<usize> = sum
                .terms
                .iter()
                .map(|&(v, _)| v)
                .filter(|&v| !seen[v])
                .collect();
            for &v in &fresh {
                seen[v] = true;
                first_column[v] = columns.len();
            }
            let derived = fresh.iter().rev().find_map(|&v| {
                let c = sum.terms.iter().find(|t| t.0 == v).map_or(0, |t| t.1);
                column_sums::inverse_mod(c, base).map(|inv| (v, c, inv))
            });
            let branch = fresh
                .into_iter()
                .filter(|&v| derived.is_none_or(|(d, _, _)| d != v))
                .collect();
            let (mut smin, mut smax) = (sum.constant + carry.0, sum.constant + carry.1);
            for &(v, c) in &sum.terms {
                let (a, b) = (c * lo(v), c * hi(v));
                smin += a.min(b);
                smax += a.max(b);
            }
            let carry_in = carry;
            let inverse = sum
                .terms
                .iter()
                .map(|&(_, c)| column_sums::inverse_mod(c, base))
                .collect();
            carry = (
                smin.div_euclid(base) + i64::from(smin.rem_euclid(base) != 0),
                smax.div_euclid(base),
            );
            columns.push(Column {
                sum,
                branch,
                derived,
                carry_in,
                inverse,
            });
        }
        let tail = (0..letters.vars.len()).filter(|&v| !seen[v]).collect();
        let bounds = Bounds::new(&columns, &domains, base);
        Some(ColumnAddition {
            base,
            domains,
            groups,
            columns,
            tail,
            first_column,
            bounds,
        })
    }

    /// The most letters any one column brings in: what the search
    /// branches on there, plus the derived one.
    pub fn widest_column(&self) -> usize {
        self.columns
            .iter()
            .map(|c| c.branch.len() + usize::from(c.derived.is_some()))
            .max()
            .unwrap_or(0)
    }
}

impl Bounds {
    fn new(columns: &[Column], domains: &[u64], base: i64) -> Option<Bounds> {
        let n = domains.len();
        let mut weight = vec![0i128; n];
        let mut constant = 0i128;
        let mut place = 1i128;
        for (j, column) in columns.iter().enumerate() {
            if j > 0 {
                place = place.checked_mul(i128::from(base))?;
            }
            for &(v, c) in &column.sum.terms {
                weight[v] = weight[v].checked_add(place.checked_mul(i128::from(c))?)?;
            }
            constant = constant.checked_add(place.checked_mul(i128::from(column.sum.constant))?)?;
        }
        let mut low = vec![0i128; n];
        let mut high = vec![0i128; n];
        let mut total = constant.checked_abs()?;
        for v in 0..n {
            let lo = i128::from(domains[v].trailing_zeros());
            let hi = i128::from(63 - domains[v].leading_zeros());
            let (a, b) = (weight[v].checked_mul(lo)?, weight[v].checked_mul(hi)?);
            low[v] = a.min(b);
            high[v] = a.max(b);
            total = total
                .checked_add(low[v].checked_abs()?)?
                .checked_add(high[v].checked_abs()?)?;
        }
        (total < i128::MAX / 4).then_some(Bounds {
            weight,
            constant,
            low,
            high,
        })
    }
}

/// The mutable state of one search.
struct Search<'p, 'b, 'e> {
    plan: &'p ColumnAddition,
    values: Vec<u8>,
    used: Taken,
    /// `C + Σ W_v·d_v` over assigned variables, and the range the others
    /// can add.
    known: i128,
    rest_low: i128,
    rest_high: i128,
    budget: &'b mut Budget<'e>,
    emit: &'b mut dyn FnMut(&[u8]) -> Flow,
    stop: Option<Outcome>,
}

impl Strategy for ColumnAddition {
    fn name(&self) -> &'static str {
        "column-addition"
    }

    fn approach(&self) -> String {
        format!(
            "one sum of words, column by column from the right with exact carries;\n\
             the last new letter of a column is derived from the column sum;\n\
             later columns with one unknown left are checked ahead;\n\
             exact bounds on the whole sum: {}",
            if self.bounds.is_some() {
                "on"
            } else {
                "off (words too long for i128)"
            }
        )
    }

    fn order(&self) -> Vec<usize> {
        let mut order = Vec::new();
        for c in &self.columns {
            order.extend(&c.branch);
            order.extend(c.derived.map(|d| d.0));
        }
        order.extend(&self.tail);
        order
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let (known, rest_low, rest_high) = match &self.bounds {
            Some(b) => (b.constant, b.low.iter().sum(), b.high.iter().sum()),
            None => (0, 0, 0),
        };
        let mut search = Search {
            plan: self,
            values: vec![0; self.domains.len()],
            used: Taken::for_masks(&self.groups),
            known,
            rest_low,
            rest_high,
            budget,
            emit,
            stop: None,
        };
        search.column(0, 0);
        search.stop.unwrap_or(Outcome::Exhausted)
    }
}

impl Search<'_, '_, '_> {
    #[inline]
    fn assign(&mut self, v: usize, d: u32) {
        self.values[v] = d as u8;
        self.used.take(self.plan.groups[v], d);
        if let Some(b) = &self.plan.bounds {
            self.known += b.weight[v] * i128::from(d);
            self.rest_low -= b.low[v];
            self.rest_high -= b.high[v];
        }
    }

    #[inline]
    fn unassign(&mut self, v: usize, d: u32) {
        self.used.give(self.plan.groups[v], d);
        if let Some(b) = &self.plan.bounds {
            self.known -= b.weight[v] * i128::from(d);
            self.rest_low += b.low[v];
            self.rest_high += b.high[v];
        }
    }

    /// Can the unassigned variables still bring the total to zero?
    #[inline]
    fn within_bounds(&self) -> bool {
        self.plan.bounds.is_none()
            || (self.known + self.rest_low <= 0 && self.known + self.rest_high >= 0)
    }

    fn column(&mut self, j: usize, carry: i64) {
        if j == self.plan.columns.len() {
            if carry == 0 {
                self.tail(0);
            }
            return;
        }
        self.branch(j, 0, carry);
    }

    /// Branches on the `k`-th new variable of column `j`.
    fn branch(&mut self, j: usize, k: usize, carry: i64) {
        let plan = self.plan;
        let column = &plan.columns[j];
        if let Some(&v) = column.branch.get(k) {
            let options = self.used.free(plan.domains[v], plan.groups[v]);
            for d in Digits(options).iter() {
                if self.budget.tick() {
                    self.stop = Some(Outcome::Interrupted);
                    return;
                }
                self.assign(v, d);
                if self.within_bounds() {
                    self.branch(j, k + 1, carry);
                }
                self.unassign(v, d);
                if self.stop.is_some() {
                    return;
                }
            }
            return;
        }
        let base = plan.base;
        let derived = column.derived.map(|t| t.0);
        let mut sum = column.sum.constant + carry;
        for &(v, c) in &column.sum.terms {
            if Some(v) != derived {
                sum += c * i64::from(self.values[v]);
            }
        }
        match column.derived {
            Some((v, c, inverse)) => {
                let d = ((-sum).rem_euclid(base) * inverse % base) as u32;
                if self.used.free(plan.domains[v], plan.groups[v]) >> d & 1 == 0 {
                    return;
                }
                self.assign(v, d);
                let sum = sum + c * i64::from(d);
                if self.within_bounds() {
                    self.close(j, sum);
                }
                self.unassign(v, d);
            }
            None => self.close(j, sum),
        }
    }

    /// Column `j` is fully assigned with total `sum`: carry on if it is a
    /// multiple of the base and the later columns can still be completed.
    fn close(&mut self, j: usize, sum: i64) {
        if sum % self.plan.base != 0 {
            return;
        }
        let carry = sum / self.plan.base;
        if self.lookahead(j + 1, carry) {
            self.column(j + 1, carry);
        }
    }

    /// Tests every column from `next` on that has at most one unassigned
    /// variable (see the module docs). `carry` goes into column `next`.
    fn lookahead(&self, next: usize, carry: i64) -> bool {
        let plan = self.plan;
        let base = plan.base;
        for (k, column) in plan.columns.iter().enumerate().skip(next) {
            let (lo, hi) = if k == next {
                (carry, carry)
            } else {
                column.carry_in
            };
            if hi - lo + 1 >= base {
                continue;
            }
            let mut known = column.sum.constant;
            let mut missing = None;
            let mut unknown = 0;
            for (t, &(v, c)) in column.sum.terms.iter().enumerate() {
                if plan.first_column[v] < next {
                    known += c * i64::from(self.values[v]);
                } else {
                    unknown += 1;
                    missing = Some((v, t));
                }
            }
            let feasible = match (unknown, missing) {
                (0, _) => (lo..=hi).any(|cin| (known + cin) % base == 0),
                (1, Some((v, t))) => match column.inverse[t] {
                    Some(inverse) => {
                        let free = self.used.free(plan.domains[v], plan.groups[v]);
                        (lo..=hi).any(|cin| {
                            let d = (-(known + cin)).rem_euclid(base) * inverse % base;
                            free >> d & 1 == 1
                        })
                    }
                    None => true,
                },
                _ => true,
            };
            if !feasible {
                return false;
            }
        }
        true
    }

    /// Branches on the variables no column constrains, then reports.
    fn tail(&mut self, k: usize) {
        let plan = self.plan;
        let Some(&v) = plan.tail.get(k) else {
            if (self.emit)(&self.values) == Flow::Stop {
                self.stop = Some(Outcome::Stopped);
            }
            return;
        };
        let options = self.used.free(plan.domains[v], plan.groups[v]);
        for d in Digits(options).iter() {
            // The tail can be most of the puzzle (`AB + C = AB + C`): its
            // nodes count against the limits like any others.
            if self.budget.tick() {
                self.stop = Some(Outcome::Interrupted);
                return;
            }
            self.assign(v, d);
            self.tail(k + 1);
            self.unassign(v, d);
            if self.stop.is_some() {
                return;
            }
        }
    }
}
