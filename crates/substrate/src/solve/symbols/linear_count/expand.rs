//! One state's expansion through one group of [`super::Linear`]: the
//! group's letters but its last are branched on, the last takes the digits
//! that make the column divisible, and a partial sum that the letters still
//! to come cannot bring back to zero ends the branch.

use foldhash::HashMap;

use super::fill::Free;
use super::states::States;
use super::{Group, Linear};
use crate::solve::{candidates, Budget};

/// Why a count stopped early.
pub(super) enum Stop {
    Interrupted,
    /// A count passed `u128`.
    Overflow,
}

/// Where a group's leaves go.
pub(super) enum Sink<'a> {
    /// The states of the next group.
    States(&'a mut States),
    /// The last group: each leaf is solutions, times the ways to fill the
    /// zero-coefficient letters (remembered by digits taken when they are
    /// not a product).
    Total {
        free: &'a Free,
        memo: &'a mut HashMap<u64, Option<u128>>,
        total: u128,
    },
}

pub(super) struct Expand<'a, 'b, 'c> {
    pub linear: &'a Linear,
    pub group: &'a Group,
    /// The state's number of assignments.
    pub n: u128,
    pub sink: &'a mut Sink<'c>,
    pub budget: &'a mut Budget<'b>,
}

impl Expand<'_, '_, '_> {
    /// Gives digits to the group's letters from `k` on; `r` is the residue
    /// of `sum` modulo the base.
    pub fn branch(&mut self, k: usize, sum: i64, r: usize, mask: u64) -> Result<(), Stop> {
        let group = self.group;
        let Some(t) = group.terms.get(k) else {
            return self.last(sum, r, mask);
        };
        let base = self.linear.base as usize;
        let (lo, hi) = t.after;
        let deeper = k + 1 < group.terms.len();
        let mut cand = candidates(t.domain, t.distinct, mask);
        while cand != 0 {
            let d = cand.trailing_zeros();
            cand &= cand - 1;
            let sum = sum + t.coef * i64::from(d);
            // What the letters after this one can add must bring it back.
            if -sum < lo || -sum > hi {
                continue;
            }
            let mask = if t.distinct { mask | 1 << d } else { mask };
            let mut r = r + usize::from(t.residues[d as usize & 63]);
            if r >= base {
                r -= base;
            }
            if deeper {
                self.branch(k + 1, sum, r, mask)?;
            } else {
                self.last(sum, r, mask)?;
            }
        }
        Ok(())
    }

    /// As [`Self::branch`], from a table of the group's ways that make
    /// `sum` divisible by the base.
    pub fn tabled(&mut self, ways: &[(i64, u64)], sum: i64, mask: u64) -> Result<(), Stop> {
        let (lo, hi) = self.group.last.after;
        for &(add, taken) in ways {
            if taken & mask != 0 {
                continue;
            }
            let sum = sum + add;
            if -sum < lo || -sum > hi {
                continue;
            }
            if self.budget.tick() {
                return Err(Stop::Interrupted);
            }
            self.leaf(sum, mask | taken)?;
        }
        Ok(())
    }

    /// Gives the group's last letter the digits that make the column
    /// divisible and leave a sum the later groups can bring back to zero.
    #[inline(always)]
    fn last(&mut self, sum: i64, r: usize, mask: u64) -> Result<(), Stop> {
        let group = self.group;
        let t = &group.last;
        let (lo, hi) = t.after;
        let mut cand = candidates(t.domain, t.distinct, mask) & group.digits[r & 63];
        while cand != 0 {
            let d = cand.trailing_zeros();
            cand &= cand - 1;
            let sum = sum + t.coef * i64::from(d);
            if -sum < lo || -sum > hi {
                continue;
            }
            if self.budget.tick() {
                return Err(Stop::Interrupted);
            }
            let mask = if t.distinct { mask | 1 << d } else { mask };
            self.leaf(sum, mask)?;
        }
        Ok(())
    }

    #[inline(always)]
    fn leaf(&mut self, sum: i64, mask: u64) -> Result<(), Stop> {
        match self.sink {
            Sink::States(next) => {
                if next.add(self.linear.exact_div(sum), mask, self.n) {
                    Ok(())
                } else {
                    Err(Stop::Overflow)
                }
            }
            // The bounds left only sums of zero.
            Sink::Total { free, memo, total } => {
                let ways = if free.is_nested() {
                    free.ways(mask)
                } else {
                    *memo.entry(mask).or_insert_with(|| free.ways(mask))
                };
                ways.and_then(|w| w.checked_mul(self.n))
                    .and_then(|w| total.checked_add(w))
                    .map(|t| *total = t)
                    .ok_or(Stop::Overflow)
            }
        }
    }
}
