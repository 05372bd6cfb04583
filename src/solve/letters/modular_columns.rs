//! Modular columns: products and systems of equations.
//!
//! Variables are assigned least significant column first. As soon as the
//! low k cells of every word of an equation are known, the equation is
//! tested modulo base^k — addition, subtraction and multiplication all
//! commute with "mod base^k", so the low k digits of both sides must already
//! agree. Once every variable of an equation is known it is tested exactly.
//! This generalises the column check of the ICPC 2009 reference program from
//! sums to any expression and to several equations sharing one assignment.
//!
//! Conditions (`S < E`, `(A + B) prime`, `AB ^ 2 = CDE`) are tested
//! exactly as soon as the last symbol they read is assigned. Before that,
//! a relation is tested on bounds: each undecided symbol between the least
//! and greatest digit it can still take, so `MONEY > 10600` drops every
//! branch with M = 1 and O = 0 once the rest of its bound falls short,
//! however the low digits go.
//!
//! Values are `i128` when a bound on every expression proves it cannot
//! overflow, and `BigInt` otherwise.

use num_bigint::BigInt;

use crate::arith::bounds::{can_hold, term_range};
use crate::arith::{self, Exact};
use crate::ir::{Cell, Digits, Expr, Letters, RelOp, Test};
use crate::solve::{candidates, Budget, Flow, Outcome, Strategy};

/// A test to run once a variable is assigned.
#[derive(Clone, Copy, Debug)]
enum Check {
    /// Equation `e` modulo base^k.
    Low { equation: usize, k: usize },
    /// Equation `e` exactly.
    Exact { equation: usize },
    /// Condition `c` exactly: every symbol it reads is assigned.
    Condition { condition: usize },
    /// Condition `c` on the bounds of its undecided symbols.
    Bounds { condition: usize },
}

pub struct ModularColumns {
    letters: Letters,
    order: Vec<usize>,
    /// `checks[i]`: tests once `order[i]` is assigned; `before` needs no
    /// variable at all.
    checks: Vec<Vec<Check>>,
    before: Vec<Check>,
    /// Each variable's place in `order`.
    position: Vec<usize>,
    in_i128: bool,
    max_k: usize,
}

fn words_of(expr: &Expr, out: &mut Vec<usize>) {
    match expr {
        Expr::Word(w) => out.push(*w),
        Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
            words_of(a, out);
            words_of(b, out);
        }
    }
}

impl ModularColumns {
    pub fn new(letters: &Letters) -> Self {
        let n = letters.vars.len();
        // Each variable's lowest place (0 = units) over its cells in the
        // equations, whose columns the order follows; a symbol only a
        // condition reads takes its place there.
        let mut in_equations = Vec::new();
        for eq in &letters.equations {
            words_of(&eq.lhs, &mut in_equations);
            words_of(&eq.rhs, &mut in_equations);
        }
        let in_conditions = letters.conditions.iter().flat_map(|c| c.words());
        let mut lowest = vec![usize::MAX; n];
        for pass in [in_equations, in_conditions.collect()] {
            let mut found = vec![usize::MAX; n];
            for &w in &pass {
                for (place, cell) in letters.words[w].cells.iter().rev().enumerate() {
                    if let Cell::Var(v) = *cell {
                        found[v] = found[v].min(place);
                    }
                }
            }
            for v in 0..n {
                if lowest[v] == usize::MAX {
                    lowest[v] = found[v];
                }
            }
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| (lowest[v], v));
        let mut position = vec![0; n];
        for (i, &v) in order.iter().enumerate() {
            position[v] = i;
        }
        let mut checks = vec![Vec::new(); n];
        let mut before = Vec::new();
        let mut max_k = 0;
        for (e, eq) in letters.equations.iter().enumerate() {
            let mut words = Vec::new();
            words_of(&eq.lhs, &mut words);
            words_of(&eq.rhs, &mut words);
            let width = words
                .iter()
                .map(|&w| letters.words[w].cells.len())
                .max()
                .unwrap_or(0);
            max_k = max_k.max(width);
            // The order position after which the low k cells are all known.
            let mut ready: Option<usize> = None;
            for k in 1..=width {
                for &w in &words {
                    let cells = &letters.words[w].cells;
                    if k <= cells.len() {
                        if let Cell::Var(v) = cells[cells.len() - k] {
                            ready = Some(ready.map_or(position[v], |r| r.max(position[v])));
                        }
                    }
                }
                let check = Check::Low { equation: e, k };
                match ready {
                    Some(i) => checks[i].push(check),
                    None => before.push(check),
                }
            }
            let check = Check::Exact { equation: e };
            match ready {
                Some(i) => checks[i].push(check),
                None => before.push(check),
            }
        }
        for (c, condition) in letters.conditions.iter().enumerate() {
            let mut at: Vec<usize> = condition
                .words()
                .iter()
                .flat_map(|&w| &letters.words[w].cells)
                .filter_map(|cell| match *cell {
                    Cell::Var(v) => Some(position[v]),
                    Cell::Digit(_) => None,
                })
                .collect();
            at.sort_unstable();
            at.dedup();
            let Some((&last, earlier)) = at.split_last() else {
                before.push(Check::Condition { condition: c });
                continue;
            };
            checks[last].push(Check::Condition { condition: c });
            let bounded = matches!(condition.test, Test::Relation(rel, _) if rel != RelOp::Ne);
            if bounded {
                for &i in earlier {
                    checks[i].push(Check::Bounds { condition: c });
                }
            }
        }
        // Where several low checks of one equation land on the same
        // variable, only the widest can fail first: keep just it.
        for list in checks.iter_mut().chain(std::iter::once(&mut before)) {
            let snapshot = list.clone();
            list.retain(|c| match *c {
                Check::Low { equation, k } => !snapshot.iter().any(|o| match *o {
                    Check::Low {
                        equation: e2,
                        k: k2,
                    } => e2 == equation && k2 > k,
                    Check::Exact { equation: e2 } => e2 == equation,
                    _ => false,
                }),
                _ => true,
            });
        }
        ModularColumns {
            letters: letters.clone(),
            order,
            checks,
            before,
            position,
            in_i128: arith::fits_i128(letters),
            max_k,
        }
    }
}

impl ModularColumns {
    /// How `explain` says a condition is used: when it is tested exactly,
    /// and from when on its bounds.
    fn condition_use(&self, c: usize, condition: &crate::ir::Condition) -> String {
        let letters = &self.letters;
        let text = letters.condition_text(condition, None);
        let at = |check: &dyn Fn(&Check) -> bool| -> Vec<usize> {
            (0..self.order.len())
                .filter(|&i| self.checks[i].iter().any(check))
                .collect()
        };
        let exact = at(&|k| matches!(*k, Check::Condition { condition } if condition == c));
        let bounds = at(&|k| matches!(*k, Check::Bounds { condition } if condition == c));
        let name = |i: usize| letters.var_name(self.order[i]);
        let mut out = match exact.first() {
            Some(&i) => format!(
                "\ncondition {}: tested exactly once {} is assigned ({} of {})",
                text,
                name(i),
                i + 1,
                self.order.len()
            ),
            None => format!("\ncondition {}: tested once, before the search", text),
        };
        if let Some(&i) = bounds.first() {
            out.push_str(&format!(
                ";\n  on bounds from {} on, as each of its symbols is assigned",
                name(i)
            ));
        }
        out
    }
}

impl Strategy for ModularColumns {
    fn name(&self) -> &'static str {
        "modular-columns"
    }

    fn approach(&self) -> String {
        let mut text = format!(
            "letters assigned least significant column first; each equation is checked\n\
             modulo base^k as soon as its low k digits are known, exactly once complete;\n\
             arithmetic: {}",
            if self.in_i128 {
                "i128 (bounded)"
            } else {
                "big integers"
            }
        );
        for (c, condition) in self.letters.conditions.iter().enumerate() {
            text.push_str(&self.condition_use(c, condition));
        }
        text
    }

    fn order(&self) -> Vec<usize> {
        self.order.clone()
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        if self.in_i128 {
            Search::<i128>::run(self, budget, emit)
        } else {
            Search::<BigInt>::run(self, budget, emit)
        }
    }
}

struct Search<'p, 'b, 'e, N> {
    plan: &'p ModularColumns,
    base: N,
    /// base^k for k = 0..=max_k.
    moduli: Vec<N>,
    values: Vec<u8>,
    used: u64,
    budget: &'b mut Budget<'e>,
    emit: &'b mut dyn FnMut(&[u8]) -> Flow,
    stop: Option<Outcome>,
}

impl<'p, 'b, 'e, N: Exact> Search<'p, 'b, 'e, N> {
    fn run(
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
            used: 0,
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

    /// Whether a relation can still hold: decided symbols at their digit,
    /// the others between the least and greatest digit still free to them.
    fn bounds_hold(&self, condition: usize, i: usize) -> bool {
        let plan = self.plan;
        let letters = &plan.letters;
        let Test::Relation(rel, rhs) = &letters.conditions[condition].test else {
            return true;
        };
        let digits = |v: usize| {
            if plan.position[v] <= i {
                let d = i128::from(self.values[v]);
                return (d, d);
            }
            let var = &letters.vars[v];
            let free = Digits(candidates(var.domain.0, var.distinct, self.used));
            match (free.min(), free.max()) {
                (Some(lo), Some(hi)) => (i128::from(lo), i128::from(hi)),
                // No digit is left: the branch dies when it gets there.
                _ => (0, 0),
            }
        };
        let range = |t| term_range(t, &letters.words, &digits, letters.base);
        match (range(&letters.conditions[condition].lhs), range(rhs)) {
            (Some(l), Some(r)) => can_hold(*rel, l, r),
            _ => true,
        }
    }

    fn assign_from(&mut self, i: usize) {
        let plan = self.plan;
        let Some(&v) = plan.order.get(i) else {
            if (self.emit)(&self.values) == Flow::Stop {
                self.stop = Some(Outcome::Stopped);
            }
            return;
        };
        let var = &plan.letters.vars[v];
        let options = candidates(var.domain.0, var.distinct, self.used);
        for d in Digits(options).iter() {
            if self.budget.tick() {
                self.stop = Some(Outcome::Interrupted);
                return;
            }
            self.values[v] = d as u8;
            if var.distinct {
                self.used |= 1 << d;
            }
            if plan.checks[i].iter().all(|c| self.holds(*c, i)) {
                self.assign_from(i + 1);
            }
            if var.distinct {
                self.used &= !(1 << d);
            }
            if self.stop.is_some() {
                return;
            }
        }
    }
}
