//! Modular columns' search: the letters in the plan's order, each
//! digit tested by the checks its assignment completes.

use crate::arith::bounds::{can_hold, term_range};
use crate::arith::{self, Exact};
use crate::ir::{Digits, RelOp, Term, Test};
use crate::solve::{Budget, Flow, Outcome, Taken};

use super::super::listed::Block;
use super::super::pins::{Pin, Quotient};
use super::{Check, ModularColumns};

pub(super) struct Search<'p, 'b, 'e, N> {
    plan: &'p ModularColumns,
    base: N,
    /// base^k for k = 0..=max_k.
    moduli: Vec<N>,
    values: Vec<u8>,
    used: Taken,
    budget: &'b mut Budget<'e>,
    emit: &'b mut dyn FnMut(&[u8]) -> Flow,
    stop: Option<Outcome>,
}

impl<'p, 'b, 'e, N: Exact + Quotient> Search<'p, 'b, 'e, N> {
    pub(super) fn run(
        plan: &'p ModularColumns,
        budget: &'b mut Budget<'e>,
        emit: &'b mut dyn FnMut(&[u8]) -> Flow,
    ) -> Outcome {
        let base = N::from_u32(plan.letters.base);
        let mut moduli = vec![N::from_u32(1)];
        for k in 1..=plan.max_k {
            let next = moduli[k - 1].mul(&base);
            moduli.push(next);
        }
        let mut search = Search {
            plan,
            base,
            moduli,
            values: vec![0; plan.letters.vars.len()],
            used: Taken::new(&plan.letters.vars),
            budget,
            emit,
            stop: None,
        };
        if plan.before.iter().all(|c| search.holds(*c, 0)) {
            search.assign_from(0);
        }
        search.stop.unwrap_or(Outcome::Exhausted)
    }

    /// Whether a check passes with `order[..=i]` assigned.
    fn holds(&self, check: Check, i: usize) -> bool {
        let letters = &self.plan.letters;
        let (equation, low) = match check {
            Check::Low { equation, k } => (equation, k),
            Check::Exact { equation } => (equation, usize::MAX),
            Check::Condition { condition } => {
                let c = &letters.conditions[condition];
                return arith::condition_holds(c, &letters.words, &self.values, letters.base);
            }
            Check::Bounds { condition } => return self.bounds_hold(condition, i),
            Check::Partial { condition } => return self.partial_holds(condition, i),
            Check::EquationBounds { equation } => {
                let (lhs, rhs) = &self.plan.equation_terms[equation];
                return self.ranges_meet(RelOp::Eq, lhs, rhs, i);
            }
            Check::Residue { condition, allowed } => {
                let Some(expr) = &self.plan.ring_lhs[condition] else {
                    return true;
                };
                let r = arith::condition::units_residue(
                    expr,
                    &letters.words,
                    &self.values,
                    letters.base,
                );
                return allowed >> r & 1 == 1;
            }
        };
        let eq = &letters.equations[equation];
        let l: N = arith::eval(&eq.lhs, &letters.words, &self.values, &self.base, low);
        let r: N = arith::eval(&eq.rhs, &letters.words, &self.values, &self.base, low);
        if low == usize::MAX {
            l == r
        } else {
            l.sub(&r).modulo(&self.moduli[low]).is_zero()
        }
    }

    /// The least and greatest digit still free to undecided variable `v`.
    fn free_range(&self, v: usize) -> (i128, i128) {
        let var = &self.plan.letters.vars[v];
        let free = Digits(self.used.free(var.domain.0, var.groups));
        match (free.min(), free.max()) {
            (Some(lo), Some(hi)) => (i128::from(lo), i128::from(hi)),
            // No digit is left: the branch dies when it gets there.
            _ => (0, 0),
        }
    }

    /// Whether a formula can still hold with `order[..=i]` assigned.
    fn partial_holds(&self, condition: usize, i: usize) -> bool {
        let plan = self.plan;
        let letters = &plan.letters;
        arith::logic::partial(
            &letters.conditions[condition],
            &letters.words,
            &self.values,
            letters.base,
            &|v| plan.position[v] <= i,
            &|v| self.free_range(v),
        ) != Some(false)
    }

    /// Whether a relation can still hold: decided symbols at their digit,
    /// the others between the least and greatest digit still free to them.
    fn bounds_hold(&self, condition: usize, i: usize) -> bool {
        let plan = self.plan;
        let letters = &plan.letters;
        let Some(atom) = letters.conditions[condition].atom() else {
            return true;
        };
        let Test::Relation(rel, rhs) = &atom.test else {
            return true;
        };
        self.ranges_meet(*rel, &atom.lhs, rhs, i)
    }

    /// Whether `lhs rel rhs` can still hold with `order[..=i]` assigned.
    fn ranges_meet(&self, rel: RelOp, lhs: &Term, rhs: &Term, i: usize) -> bool {
        let plan = self.plan;
        let letters = &plan.letters;
        let digits = |v: usize| {
            if plan.position[v] <= i {
                let d = i128::from(self.values[v]);
                return (d, d);
            }
            self.free_range(v)
        };
        let range = |t| term_range(t, &letters.words, &digits, letters.base);
        match (range(lhs), range(rhs)) {
            (Some(l), Some(r)) => can_hold(rel, l, r),
            _ => true,
        }
    }

    /// The digits `pin` leaves `v`: the one its column needs, or none
    /// when the columns below do not add up.
    fn pinned(&mut self, v: usize, pin: Pin) -> u64 {
        let letters = &self.plan.letters;
        self.values[v] = 0;
        let eq = &letters.equations[pin.equation];
        let l: N = arith::eval(&eq.lhs, &letters.words, &self.values, &self.base, pin.k);
        let r: N = arith::eval(&eq.rhs, &letters.words, &self.values, &self.base, pin.k);
        let rest = l.sub(&r).modulo(&self.moduli[pin.k]);
        let unit = &self.moduli[pin.k - 1];
        if !rest.modulo(unit).is_zero() {
            return 0;
        }
        let q = rest.quotient(unit);
        let base = letters.base;
        let d = if pin.sign > 0 { (base - q) % base } else { q };
        if d >= 64 {
            return 0;
        }
        1 << d
    }

    /// The block's letters from each value of its list that agrees with
    /// the letters placed before and the digits they took.
    fn assign_block(&mut self, block: &'p Block) {
        let listing = &block.listing;
        if !listing.streamed {
            for value in listing.digits.chunks_exact(listing.width) {
                if self.try_value(block, value) {
                    return;
                }
            }
            return;
        }
        // Base 2 or more and values below 2^64: at most 64 digits.
        let mut buffer = [0u8; 64];
        let value = &mut buffer[..listing.width.min(64)];
        for k in listing.indices() {
            // A value the cells rule out costs as much as a node: counted,
            // so a long walk still looks at the limits.
            if self.budget.tick() {
                self.stop = Some(Outcome::Interrupted);
                return;
            }
            if listing.value_at(k, value) && self.try_value(block, value) {
                return;
            }
        }
    }

    /// The block's letters from one value, then the rest of the order;
    /// true when the search must stop.
    fn try_value(&mut self, block: &'p Block, value: &[u8]) -> bool {
        let vars = &self.plan.letters.vars;
        let last = block.end - 1;
        for &(j, v) in &block.prior {
            if self.values[v] != value[j] {
                return false;
            }
        }
        let mut taken = 0;
        for &(j, v) in &block.fresh {
            let d = u32::from(value[j]);
            if self.used.free(1 << d, vars[v].groups) == 0 {
                break;
            }
            self.values[v] = value[j];
            self.used.take(vars[v].groups, d);
            taken += 1;
        }
        if taken == block.fresh.len() {
            if self.budget.tick() {
                self.stop = Some(Outcome::Interrupted);
            } else if block.checks.iter().all(|c| self.holds(*c, last)) {
                self.assign_from(block.end);
            }
        }
        for &(j, v) in block.fresh[..taken].iter().rev() {
            self.used.give(vars[v].groups, u32::from(value[j]));
        }
        self.stop.is_some()
    }

    fn assign_from(&mut self, i: usize) {
        let plan = self.plan;
        let Some(&v) = plan.order.get(i) else {
            if (self.emit)(&self.values) == Flow::Stop {
                self.stop = Some(Outcome::Stopped);
            }
            return;
        };
        if let Some(block) = &plan.blocks[i] {
            self.assign_block(block);
            return;
        }
        let var = &plan.letters.vars[v];
        let mut options = self.used.free(var.domain.0, var.groups);
        if let Some(pin) = plan.pins[i] {
            options &= self.pinned(v, pin);
        }
        for m in &plan.multiples[i] {
            // One digit left is as cheap to try as to rule out: the
            // conditions are tested exactly on it anyway.
            if options & options.wrapping_sub(1) == 0 {
                break;
            }
            options &= m.allowed(&plan.letters, &mut self.values, v);
        }
        for d in Digits(options).iter() {
            if self.budget.tick() {
                self.stop = Some(Outcome::Interrupted);
                return;
            }
            self.values[v] = d as u8;
            self.used.take(var.groups, d);
            if plan.checks[i].iter().all(|c| self.holds(*c, i)) {
                self.assign_from(i + 1);
            }
            self.used.give(var.groups, d);
            if self.stop.is_some() {
                return;
            }
        }
    }
}
