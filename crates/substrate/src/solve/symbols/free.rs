//! Letters whose coefficients cancel, counted by arithmetic. In
//! `ABCDEFGH + I = ABCDEFGJ` the letters A to G stand in the same column
//! on both sides: whatever digits they take, the sum holds exactly when
//! `H + I = J` does. They are free: bound only by their domains and by
//! the all-different rule. So the solutions of the rest (the reduced
//! puzzle, the free letters held at a digit of their own outside the
//! all-different rule) are listed, and each is multiplied by the number of
//! ways to give the free letters digits the rest left them: 36
//! solutions of `H + I = J`, not the 138,240 of the whole sum.

use foldhash::{HashMap, HashMapExt};
use num_bigint::BigUint;
use num_traits::Zero;

use super::column_sums;
use super::linear_count::{Linear, Term};
use crate::ir::{Cell, Digits, Letters};
use crate::solve::count::{Count, Counted};
use crate::solve::{Budget, Flow, Outcome, Verdict};

/// The most digits a base may have for the ways to be counted over sets
/// of digits taken (a table of at most 2^16 entries per free letter).
const MAX_BASE: u32 = 16;

/// A part with free letters: the reduced puzzle and the free letters.
pub struct Free {
    reduced: Letters,
    /// The free letters: (variable, domain, distinct).
    free: Vec<(usize, u64, bool)>,
    /// The letters of the reduced puzzle that take part in all-different.
    bound_distinct: Vec<usize>,
    /// One equation counted without listing, when it fits.
    linear: Option<Linear>,
}

impl Free {
    /// `None` when no letter's coefficients all cancel, when there are
    /// conditions (they read whole words), when the base is too large, or
    /// when the ways to fill them could outgrow `u128`, or when `distinct`
    /// makes several all-different groups (the ways are counted for one).
    pub fn new(letters: &Letters) -> Option<Self> {
        if !letters.conditions.is_empty()
            || letters.equations.is_empty()
            || letters.base > MAX_BASE
            || !crate::ir::vars::one_group(&letters.vars)
        {
            return None;
        }
        let width = f64::from(letters.base).log2() * letters.vars.len() as f64;
        if width >= 127.0 {
            return None;
        }
        let n = letters.vars.len();
        let mut in_column = vec![false; n];
        for eq in &letters.equations {
            let terms = column_sums::signed_words(eq)?;
            for column in column_sums::columns(letters, &terms) {
                for (v, _) in column.terms {
                    in_column[v] = true;
                }
            }
        }
        let free_vars: Vec<usize> = (0..n).filter(|&v| !in_column[v]).collect();
        if free_vars.is_empty() {
            return None;
        }
        let mut reduced = letters.clone();
        let mut free = Vec::with_capacity(free_vars.len());
        for &v in &free_vars {
            let var = &mut reduced.vars[v];
            free.push((v, var.domain.0, var.distinct()));
            // Any digit does: its columns cancel. Outside all-different,
            // it takes no digit from the rest.
            var.domain = Digits::single(var.domain.min().unwrap_or(0));
            var.groups = 0;
        }
        let bound_distinct = (0..n)
            .filter(|&v| in_column[v] && letters.vars[v].distinct())
            .collect();
        Some(Free {
            reduced,
            free,
            bound_distinct,
            linear: linear(letters),
        })
    }

    /// For `explain`.
    pub fn approach(&self) -> String {
        if let Some(linear) = &self.linear {
            return format!(
                "letters whose coefficients cancel ({}) counted by arithmetic: the others\n\
                 taken by the power of the base their coefficient is a multiple of, the last of\n\
                 each power given the digits its column's divisibility allows, a partial sum\n\
                 the letters to come cannot bring back to zero dropped; assignments that agree\n\
                 on the partial sum and the digits taken are one state with a count\n\
                 (at most {:.0} expansions), no solution listed",
                self.names().join(" "),
                linear.work()
            );
        }
        format!(
            "letters whose coefficients cancel ({}) counted by arithmetic: the rest\n\
             listed by {}, each solution times the ways to fill the cancelled letters",
            self.names().join(" "),
            super::choose(&self.reduced).name()
        )
    }

    fn names(&self) -> Vec<String> {
        self.free
            .iter()
            .map(|&(v, ..)| self.reduced.var_name(v))
            .collect()
    }

    /// The number of ways to give the free letters digits when the rest
    /// took the digits of `taken`: at most base^letters, and the letters
    /// of one part fit in `u128` at [`MAX_BASE`] (at most 31 of them).
    fn ways(&self, taken: u64) -> u128 {
        let mut states: HashMap<u64, u128> = HashMap::new();
        states.insert(taken, 1);
        for &(_, domain, distinct) in &self.free {
            if !distinct {
                let size = u128::from(domain.count_ones());
                for n in states.values_mut() {
                    *n *= size;
                }
                continue;
            }
            let mut next: HashMap<u64, u128> = HashMap::new();
            for (mask, n) in &states {
                let mut cand = domain & !mask;
                while cand != 0 {
                    let d = cand.trailing_zeros();
                    cand &= cand - 1;
                    *next.entry(mask | 1 << d).or_default() += *n;
                }
            }
            states = next;
        }
        states.into_values().sum()
    }

    /// The count: by [`Linear`] when it fits, else each solution of the
    /// reduced puzzle times its ways.
    pub fn count(&self, budget: &mut Budget) -> Counted {
        if let Some(linear) = &self.linear {
            match linear.count(budget) {
                Ok(Some(n)) => {
                    return Counted {
                        count: Count::from_big(BigUint::from(n)),
                        outcome: Outcome::Exhausted,
                        bug: None,
                    }
                }
                // Past u128: the listing sums in big numbers.
                Ok(None) => {}
                Err(_) => {
                    return Counted {
                        count: Count::default(),
                        outcome: Outcome::Interrupted,
                        bug: None,
                    }
                }
            }
        }
        self.listed(budget)
    }

    /// Each solution of the reduced puzzle times its ways.
    fn listed(&self, budget: &mut Budget) -> Counted {
        let strategy = super::choose(&self.reduced);
        let verifier = super::verifier(&self.reduced);
        let mut memo: HashMap<u64, u128> = HashMap::new();
        // Sums in `u128`, spilled into `big` before they could overflow.
        let (mut small, mut big) = (0u128, BigUint::zero());
        let mut bug = None;
        let outcome = strategy.search(budget, &mut |values| match verifier(values) {
            Verdict::Solution => {
                let taken = self
                    .bound_distinct
                    .iter()
                    .fold(0u64, |m, &v| m | 1 << values[v]);
                let ways = *memo.entry(taken).or_insert_with(|| self.ways(taken));
                small = small.checked_add(ways).unwrap_or_else(|| {
                    big += small;
                    ways
                });
                Flow::Continue
            }
            // The limits stopped the check (`crate::limits::watch`): no bug.
            Verdict::Invalid(_) if crate::limits::watch::tripped() => Flow::Stop,
            Verdict::Invalid(why) => {
                bug = Some(why);
                Flow::Stop
            }
        });
        let outcome = budget.settle(outcome);
        Counted {
            count: if outcome == Outcome::Exhausted {
                Count::from_big(big + small)
            } else {
                Count::default()
            },
            outcome,
            bug,
        }
    }
}

/// The one equation of `letters` as coefficients per letter, for
/// [`Linear`]; `None` for several equations, products, or words too long.
fn linear(letters: &Letters) -> Option<Linear> {
    let [eq] = letters.equations.as_slice() else {
        return None;
    };
    let b = i128::from(letters.base);
    let mut coef = vec![0i128; letters.vars.len()];
    let mut constant = 0i128;
    for (sign, w) in column_sums::signed_words(eq)? {
        let mut place = i128::from(sign);
        for cell in letters.words[w].cells.iter().rev() {
            match *cell {
                Cell::Digit(d) => {
                    constant = constant.checked_add(place.checked_mul(i128::from(d))?)?
                }
                Cell::Var(v) => coef[v] = coef[v].checked_add(place)?,
            }
            place = place.checked_mul(b)?;
        }
    }
    let terms: Vec<Term> = letters
        .vars
        .iter()
        .zip(coef)
        .map(|(var, coef)| Term {
            coef,
            domain: var.domain.0,
            distinct: var.distinct(),
        })
        .collect();
    Linear::new(letters.base, constant, &terms)
}
