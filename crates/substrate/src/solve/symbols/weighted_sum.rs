//! Weighted sum: one sum of words as a single linear equation
//! `Σ W_v·d_v = T` over distinct digits, solved heaviest letter first.
//!
//! Column search shines on long words, where each column brings few new
//! letters. With many short words (the ICPC 2009 sums) almost every letter
//! sits in the units column and column search becomes brute force. Here
//! instead:
//! - **Heaviest first.** Letters are assigned in decreasing |W|, so the
//!   first decisions move the sum the most.
//! - **Tight bounds.** What the unassigned letters can still add is bounded
//!   by pairing the largest free digits with the largest positive weights
//!   and the smallest free digits with the most negative ones (the
//!   rearrangement inequality). Every distinct assignment lies inside, so
//!   pruning outside it loses nothing.
//! - **The last letter is derived**: `d = (T - Σ) / W` if it divides.
//!
//! Used when every unknown is a distinct symbol and the weights fit in
//! `i64`.

use super::column_sums;
use crate::ir::{Digits, Letters, VarKind};
use crate::solve::{Budget, Flow, Outcome, Strategy};

pub struct WeightedSum {
    /// Variables in the order they are assigned, with their weights.
    order: Vec<(usize, i64)>,
    target: i64,
    domains: Vec<u64>,
    base: u32,
    /// For each depth: the remaining positive weights, largest first, and
    /// the remaining negative weights, most negative first.
    positive: Vec<Vec<i64>>,
    negative: Vec<Vec<i64>>,
}

impl WeightedSum {
    pub fn new(letters: &Letters) -> Option<Self> {
        // Conditions prune inside the search: only modular columns tests them.
        let ([equation], true) = (letters.equations.as_slice(), letters.conditions.is_empty())
        else {
            return None;
        };
        if !letters
            .vars
            .iter()
            .all(|v| matches!(v.kind, VarKind::Symbol(_)) && v.distinct())
            || !crate::ir::vars::one_group(&letters.vars)
        {
            return None;
        }
        let terms = column_sums::signed_words(equation)?;
        let columns = column_sums::columns(letters, &terms);
        let base = i64::from(letters.base);
        let mut weight = vec![0i64; letters.vars.len()];
        let mut constant = 0i64;
        let mut place = 1i64;
        for (j, column) in columns.iter().enumerate() {
            if j > 0 {
                place = place.checked_mul(base)?;
            }
            for &(v, c) in &column.terms {
                weight[v] = weight[v].checked_add(place.checked_mul(c)?)?;
            }
            constant = constant.checked_add(place.checked_mul(column.constant)?)?;
        }
        // Every partial sum stays far from overflow.
        let total = weight.iter().try_fold(constant.checked_abs()?, |acc, w| {
            acc.checked_add(w.checked_abs()?.checked_mul(base)?)
        })?;
        if total > i64::MAX / 4 {
            return None;
        }
        let mut order: Vec<(usize, i64)> = weight.iter().copied().enumerate().collect();
        order.sort_by_key(|&(v, w)| (std::cmp::Reverse(w.abs()), v));
        let mut positive = Vec::new();
        let mut negative = Vec::new();
        for depth in 0..=order.len() {
            let rest = &order[depth..];
            let mut pos: Vec<i64> = rest.iter().map(|t| t.1).filter(|&w| w > 0).collect();
            let mut neg: Vec<i64> = rest.iter().map(|t| t.1).filter(|&w| w < 0).collect();
            pos.sort_unstable_by(|a, b| b.cmp(a));
            neg.sort_unstable();
            positive.push(pos);
            negative.push(neg);
        }
        Some(WeightedSum {
            order,
            target: -constant,
            domains: letters.vars.iter().map(|v| v.domain.0).collect(),
            base: letters.base,
            positive,
            negative,
        })
    }

    /// The least and greatest sum the letters from `depth` on can add
    /// with the digits in `free`.
    #[inline]
    fn reach(&self, depth: usize, free: u64) -> (i64, i64) {
        let (pos, neg) = (&self.positive[depth], &self.negative[depth]);
        let (mut low, mut high) = (0i64, 0i64);
        // Largest free digits to the largest positive weights (high) and to
        // the most negative weights (low), and vice versa.
        let mut digits = free;
        for &w in pos {
            let d = 63 - i64::from(digits.leading_zeros());
            high += w * d;
            digits &= !(1u64 << d);
        }
        let mut digits_low = free;
        for &w in neg {
            let d = 63 - i64::from(digits_low.leading_zeros());
            low += w * d;
            digits_low &= !(1u64 << d);
        }
        let mut digits = free;
        for &w in neg {
            let d = i64::from(digits.trailing_zeros());
            high += w * d;
            digits &= !(1u64 << d);
        }
        let mut digits = free;
        for &w in pos {
            let d = i64::from(digits.trailing_zeros());
            low += w * d;
            digits &= !(1u64 << d);
        }
        (low, high)
    }
}

struct Search<'p, 'b, 'e> {
    plan: &'p WeightedSum,
    values: Vec<u8>,
    budget: &'b mut Budget<'e>,
    emit: &'b mut dyn FnMut(&[u8]) -> Flow,
    stop: Option<Outcome>,
}

impl Search<'_, '_, '_> {
    /// `need`: what the letters from `depth` on must add up to.
    fn walk(&mut self, depth: usize, need: i64, used: u64) {
        let plan = self.plan;
        let all = if plan.base >= 64 {
            u64::MAX
        } else {
            (1u64 << plan.base) - 1
        };
        let free = all & !used;
        let (v, w) = plan.order[depth];
        if depth + 1 == plan.order.len() {
            // The last letter: derived, not branched on.
            let fits = if w == 0 {
                need == 0
            } else {
                need % w == 0 && (0..i64::from(plan.base)).contains(&(need / w))
            };
            if !fits {
                return;
            }
            let options = if w == 0 {
                plan.domains[v] & free
            } else {
                plan.domains[v] & free & (1u64 << (need / w))
            };
            for d in Digits(options).iter() {
                self.values[v] = d as u8;
                if (self.emit)(&self.values) == Flow::Stop {
                    self.stop = Some(Outcome::Stopped);
                    return;
                }
            }
            return;
        }
        for d in Digits(plan.domains[v] & free).iter() {
            if self.budget.tick() {
                self.stop = Some(Outcome::Interrupted);
                return;
            }
            let rest = need - w * i64::from(d);
            let used = used | 1 << d;
            let (low, high) = plan.reach(depth + 1, all & !used);
            if low <= rest && rest <= high {
                self.values[v] = d as u8;
                self.walk(depth + 1, rest, used);
                if self.stop.is_some() {
                    return;
                }
            }
        }
    }
}

impl Strategy for WeightedSum {
    fn name(&self) -> &'static str {
        "weighted-sum"
    }

    fn approach(&self) -> String {
        "one sum of distinct letters as one weighted equation: heaviest letter first,\n\
         bounded by pairing the free digits with the remaining weights; last letter derived"
            .to_string()
    }

    fn order(&self) -> Vec<usize> {
        self.order.iter().map(|t| t.0).collect()
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        if self.order.is_empty() {
            // No letters: the digits alone decide; emit only if it holds.
            return if self.target == 0 && emit(&[]) == Flow::Stop {
                Outcome::Stopped
            } else {
                Outcome::Exhausted
            };
        }
        let mut search = Search {
            plan: self,
            values: vec![0; self.domains.len()],
            budget,
            emit,
            stop: None,
        };
        search.walk(0, self.target, 0);
        search.stop.unwrap_or(Outcome::Exhausted)
    }
}
