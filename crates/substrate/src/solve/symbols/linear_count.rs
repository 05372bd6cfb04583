//! `count` of one linear equation `Σ coef·letter + constant = 0` without
//! listing its solutions, for sums whose letters cancel (see [`super::free`])
//! and for the ICPC 2009 C judge's small datasets.
//!
//! Letters are taken by the power of the base their coefficient is a
//! multiple of, lowest first (a column's new letters, as in column
//! addition). Once every letter whose coefficient is not a multiple of
//! `base^(k+1)` has its digit, what the rest can add is such a multiple:
//! the partial sum must be one too, and the rest only sees the partial sum
//! divided by it and the digits taken. Assignments that agree on those two
//! are one state with a count. In each group the last letter (one whose
//! coefficient is invertible modulo the base when there is one) is not
//! branched on: it takes the digits the divisibility allows, found by the
//! residue of the partial sum, kept without a division. A partial sum that
//! the letters still to come cannot bring back to zero (their least and
//! most) is dropped, and the last group's leaves are solutions, summed
//! without states. Letters whose coefficient is zero take no part in the
//! sum: the ways to give them digits are counted by arithmetic over the
//! digits each solution left (a product when their domains nest, as every
//! digit and every digit but 0 do).

mod expand;
mod fill;
mod states;
mod table;
/// Unit tests of private parts, run by `cargo test`.
#[cfg(test)]
mod tests;

use foldhash::HashMap;

use super::column_sums::inverse_mod;
use crate::solve::Budget;
use expand::{Expand, Sink, Stop};
use fill::Free;
use states::States;
use table::Table;

/// Expansions the bound may promise before the caller lists solutions
/// instead (about 20 ms of work).
pub const MAX_WORK: f64 = (1u64 << 21) as f64;

/// The largest partial sum (every letter at its largest digit, in
/// magnitude) the count takes: the states' sums stay inside `i64`. Longer
/// words are left to the listing.
const MAX_REACH: i128 = 1 << 62;

/// One letter of the equation.
#[derive(Clone, Copy, Debug)]
pub struct Term {
    pub coef: i128,
    /// The digits it may take, bit d for digit d.
    pub domain: u64,
    /// Whether it takes part in the all-different rule (one group).
    pub distinct: bool,
}

/// The budget ran out before the count did.
#[derive(Debug, PartialEq, Eq)]
pub struct Interrupted;

/// A group of letters whose coefficients share their power of the base.
struct Group {
    /// The states' sums are divided by this first (the columns before the
    /// group's that no letter starts in); a remainder ends the state.
    pre: i64,
    /// The letters branched on.
    terms: Vec<Letter>,
    /// The letter the column's divisibility chooses digits for: the last
    /// whose coefficient is invertible modulo the base (one digit per
    /// residue), else the group's last.
    last: Letter,
    /// Whether `last` is invertible (for the bound on expansions).
    derived: bool,
    /// `digits[r]`: the digits of `last` that make the column divisible
    /// when the rest of it leaves residue r.
    digits: [u64; 64],
}

/// A letter of a group.
struct Letter {
    /// Its coefficient over the base to the group's power.
    coef: i64,
    domain: u64,
    distinct: bool,
    /// `residues[d]`: the residue of `coef * d` modulo the base, so that
    /// a leaf needs no division.
    residues: [u8; 64],
    /// What the letters after this one (in the group, then in the later
    /// groups) can add, in units of the group's power of the base: a
    /// partial sum whose negation is outside cannot come back to zero.
    after: (i64, i64),
}

/// The memory of a count, for [`Linear::count_in`].
#[derive(Default)]
pub struct Scratch {
    states: States,
    next: States,
    table: Table,
    /// The ways to fill the zero-coefficient letters by digits taken, when
    /// they are not a product.
    memo: HashMap<u64, Option<u128>>,
}

/// A prepared count of `Σ coef·digit + constant = 0`, distinct letters
/// taking different digits.
pub struct Linear {
    base: i64,
    /// Exact division by the base: shift by its factors of two, then
    /// multiply by the inverse of its odd part modulo 2^64.
    shift: u32,
    odd_inverse: u64,
    /// `2^64 / base`, rounded up, for [`Self::residue`].
    reciprocal: u64,
    constant: i64,
    groups: Vec<Group>,
    /// The zero-coefficient letters.
    free: Free,
    /// The bound on expansions that admitted the equation.
    work: f64,
}

impl Linear {
    /// `None` when the equation is outside what this count takes: sums
    /// past [`MAX_REACH`], or a bound on the states above [`MAX_WORK`] (the
    /// caller lists solutions instead).
    pub fn new(base: u32, constant: i128, terms: &[Term]) -> Option<Self> {
        Self::within(base, constant, terms, MAX_WORK)
    }

    /// As [`Self::new`], with the bound on expansions `max_work`.
    pub fn within(base: u32, constant: i128, terms: &[Term], max_work: f64) -> Option<Self> {
        if !(2..=64).contains(&base) {
            return None;
        }
        let digit = i128::from(base - 1);
        let mut reach = constant.checked_abs()?;
        for t in terms {
            reach = reach.checked_add(t.coef.checked_abs()?.checked_mul(digit)?)?;
        }
        if reach > MAX_REACH {
            return None;
        }
        let b = i64::from(base);
        let digits = if base == 64 {
            u64::MAX
        } else {
            (1u64 << base) - 1
        };
        let terms: Vec<Term> = terms
            .iter()
            .map(|t| Term {
                domain: t.domain & digits,
                ..*t
            })
            .collect();
        let bound: Vec<&Term> = terms.iter().filter(|t| t.coef != 0).collect();
        let groups = groups(b, &bound);
        let work = work(base, reach as f64, &groups);
        if work > max_work {
            return None;
        }
        let free: Vec<Term> = terms.iter().filter(|t| t.coef == 0).copied().collect();
        let shift = base.trailing_zeros();
        let odd = u64::from(base >> shift);
        // Newton's iteration doubles the correct low bits of the inverse.
        let mut odd_inverse = odd;
        for _ in 0..6 {
            odd_inverse =
                odd_inverse.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(odd_inverse)));
        }
        Some(Linear {
            base: b,
            shift,
            odd_inverse,
            reciprocal: u64::MAX / u64::from(base) + 1,
            constant: constant as i64,
            groups,
            free: Free::new(&free),
            work,
        })
    }

    /// The bound on expansions, for `explain`.
    pub fn work(&self) -> f64 {
        self.work
    }

    /// The number of solutions; `None` inside `Ok` when it would overflow
    /// `u128`.
    pub fn count(&self, budget: &mut Budget) -> Result<Option<u128>, Interrupted> {
        self.count_in(&mut Scratch::default(), budget)
    }

    /// As [`Self::count`], in the memory of `scratch` (kept from one
    /// count to the next: a judge counts thousands of small sums).
    pub fn count_in(
        &self,
        scratch: &mut Scratch,
        budget: &mut Budget,
    ) -> Result<Option<u128>, Interrupted> {
        let Some((_, before)) = self.groups.split_last() else {
            return Ok(if self.constant == 0 {
                self.free.ways(0)
            } else {
                Some(0)
            });
        };
        let Scratch {
            states,
            next,
            table,
            memo,
        } = scratch;
        memo.clear();
        states.reset(self.constant, self.constant, 0);
        states.add(self.constant, 0, 1);
        let mut sink = Sink::States(next);
        for (i, group) in self.groups.iter().enumerate() {
            if i == before.len() {
                // The last group's leaves are solutions: no state is kept.
                sink = Sink::Total {
                    free: &self.free,
                    memo,
                    total: 0,
                };
            } else if let Sink::States(next) = &mut sink {
                let (lo, hi) = group.last.after;
                let b = self.base;
                next.reset(-hi / b, -lo / b, self.base as u32);
            }
            let letters: Vec<&Letter> = group
                .terms
                .iter()
                .chain(std::iter::once(&group.last))
                .collect();
            let tabled = table.fill(self.base, &letters, states.entries().len());
            let mut expand = Expand {
                linear: self,
                group,
                n: 0,
                sink: &mut sink,
                budget,
            };
            for &(sum, mask, n) in states.entries() {
                let sum = if group.pre == 1 {
                    sum
                } else if sum % group.pre == 0 {
                    sum / group.pre
                } else {
                    continue;
                };
                expand.n = n;
                let done = if tabled {
                    expand.tabled(table.ways_for(self.residue(sum)), sum, mask)
                } else {
                    expand.branch(0, sum, self.residue(sum), mask)
                };
                match done {
                    Ok(()) => {}
                    Err(Stop::Interrupted) => return Err(Interrupted),
                    Err(Stop::Overflow) => return Ok(None),
                }
            }
            if let Sink::States(next) = &mut sink {
                std::mem::swap(states, *next);
            }
        }
        match sink {
            Sink::Total { total, .. } => Ok(Some(total)),
            Sink::States(_) => Ok(Some(0)),
        }
    }

    /// `x` modulo the base, without a division when `x` is small (a
    /// multiplication by the base's reciprocal, as in Lemire's fastmod).
    #[inline]
    fn residue(&self, x: i64) -> usize {
        // A multiple of the base near 2^30 makes small sums positive.
        let offset = (1i64 << 30) / self.base * self.base;
        match u32::try_from(x + offset) {
            Ok(a) => {
                let low = self.reciprocal.wrapping_mul(u64::from(a));
                ((u128::from(low) * self.base as u128) >> 64) as usize
            }
            Err(_) => x.rem_euclid(self.base) as usize,
        }
    }

    /// `x / base` for a multiple `x` of the base, without a division.
    #[inline]
    fn exact_div(&self, x: i64) -> i64 {
        ((x >> self.shift) as u64).wrapping_mul(self.odd_inverse) as i64
    }
}

/// The letters with a nonzero coefficient in groups, by the power of the
/// base their coefficient is a multiple of, lowest first.
fn groups(b: i64, bound: &[&Term]) -> Vec<Group> {
    let b128 = i128::from(b);
    let power = |mut c: i128| {
        let mut k = 0u32;
        while c % b128 == 0 {
            c /= b128;
            k += 1;
        }
        (k, c as i64)
    };
    let mut keyed: Vec<(u32, i64, &Term)> = bound
        .iter()
        .map(|&t| {
            let (k, c) = power(t.coef);
            (k, c, t)
        })
        .collect();
    keyed.sort_by_key(|&(k, ..)| k);
    let mut out: Vec<Group> = Vec::new();
    let mut powers: Vec<u32> = Vec::new();
    // The states' sums are kept divided by b^scale.
    let mut scale = 0u32;
    let mut i = 0;
    while i < keyed.len() {
        let k = keyed[i].0;
        let mut terms = Vec::new();
        while i < keyed.len() && keyed[i].0 == k {
            let (_, c, t) = keyed[i];
            terms.push(letter(b, c, t));
            i += 1;
        }
        let invertible = terms.iter().rposition(|t| inverse_mod(t.coef, b).is_some());
        let derived = invertible.is_some();
        let Some(last) = terms.len().checked_sub(1) else {
            continue;
        };
        let last = terms.remove(invertible.unwrap_or(last));
        // The digits d with r + c·d ≡ 0: r is the negated residue of c·d.
        let mut digits = [0u64; 64];
        for d in 0..b as usize {
            let r = usize::from(last.residues[d]);
            digits[if r == 0 { 0 } else { b as usize - r }] |= 1 << d;
        }
        out.push(Group {
            pre: b.pow(k - scale),
            terms,
            last,
            derived,
            digits,
        });
        powers.push(k);
        scale = k + 1;
    }
    // From the last group back: what the letters still to come can add,
    // in units of b^0, then in each group's units.
    let (mut lo, mut hi) = (0i128, 0i128);
    for (group, &k) in out.iter_mut().zip(&powers).rev() {
        let unit = b128.pow(k);
        let letters = group
            .terms
            .iter_mut()
            .chain(std::iter::once(&mut group.last));
        for t in letters.rev() {
            t.after = ((lo / unit) as i64, (hi / unit) as i64);
            let (a, z) = span(t.coef, t.domain);
            lo += i128::from(a) * unit;
            hi += i128::from(z) * unit;
        }
    }
    out
}

/// A letter with coefficient `c` (over the group's power of the base).
fn letter(b: i64, c: i64, t: &Term) -> Letter {
    let mut residues = [0u8; 64];
    let step = c.rem_euclid(b);
    let mut r = 0;
    for slot in residues.iter_mut().take(b as usize) {
        *slot = r as u8;
        r += step;
        if r >= b {
            r -= b;
        }
    }
    Letter {
        coef: c,
        domain: t.domain,
        distinct: t.distinct,
        residues,
        after: (0, 0),
    }
}

/// The least and the most `c·d` for a digit d of `domain`.
fn span(c: i64, domain: u64) -> (i64, i64) {
    if domain == 0 {
        return (0, 0);
    }
    let (low, high) = (
        c * i64::from(domain.trailing_zeros()),
        c * i64::from(63 - domain.leading_zeros()),
    );
    (low.min(high), low.max(high))
}

/// A bound on the expansions: before each group, the states are at most
/// the assignments so far and at most the sets of digits taken times the
/// range of the partial sum; each is expanded by every way to fill the
/// group's branched letters.
fn work(base: u32, mut reach: f64, groups: &[Group]) -> f64 {
    let b = f64::from(base);
    let size = |d: u64, distinct: bool, taken: u32| {
        let n = f64::from(d.count_ones());
        if distinct {
            n.min(f64::from(base.saturating_sub(taken)))
        } else {
            n
        }
    };
    let (mut states, mut taken, mut work) = (1.0f64, 0u32, 0.0f64);
    for group in groups {
        let mut ways = 1.0;
        for t in &group.terms {
            ways *= size(t.domain, t.distinct, taken);
            taken += u32::from(t.distinct);
        }
        let t = &group.last;
        let last = size(t.domain, t.distinct, taken);
        ways *= if group.derived { last.min(1.0) } else { last };
        taken += u32::from(t.distinct);
        work += states * ways;
        reach /= group.pre as f64 * b;
        let masks = 2f64.powi(taken.min(base) as i32);
        states = (states * ways).min(masks * (2.0 * reach + 1.0));
    }
    work
}
