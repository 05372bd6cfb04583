//! `count` of one linear equation `Σ coef·letter + constant = 0` without
//! listing its solutions, for sums whose letters cancel (see [`super::free`]).
//!
//! Letters are taken by the power of the base their coefficient is a
//! multiple of, lowest first (a column's new letters, as in column
//! addition). Once every letter whose coefficient is not a multiple of
//! `base^(k+1)` has its digit, what the rest can add is such a multiple:
//! the partial sum must be one too, and the rest only sees the partial sum
//! divided by it and the digits taken. Assignments that agree on those two
//! are one state with a count. In each group the last letter whose
//! coefficient is invertible modulo the base is not branched on: the
//! divisibility fixes it. Letters whose coefficient is zero take no part in
//! the sum: the ways to give them digits are counted by arithmetic over the
//! digits each final state left (a falling factorial when every such letter
//! may take every free digit).

use foldhash::{HashMap, HashMapExt};

use super::column_sums::inverse_mod;
use crate::solve::{candidates, Budget};

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
    /// The letters branched on: (coefficient over the base to the group's
    /// power, domain, distinct).
    terms: Vec<(i64, u64, bool)>,
    /// The letter the column's divisibility fixes: as in `terms`, with the
    /// inverse of its coefficient modulo the base.
    derived: Option<(i64, u64, bool, i64)>,
    /// Every way to fill the group's letters, sorted by the residue of
    /// their sum modulo the base: (sum, digits taken). A state then scans
    /// only the ways its residue needs and keeps those clear of its digits,
    /// instead of branching letter by letter. Empty when there would be
    /// more than [`MAX_TABLE`].
    table: Vec<(i64, u64)>,
    /// Where each residue's ways start in `table` (one more at the end).
    starts: Vec<usize>,
}

/// The most ways a group's table holds (a few letters in base 10).
const MAX_TABLE: usize = 1 << 12;

/// A prepared count of `Σ coef·digit + constant = 0`, distinct letters
/// taking different digits.
pub struct Linear {
    base: i64,
    constant: i64,
    groups: Vec<Group>,
    /// The zero-coefficient letters.
    free: Vec<Term>,
    /// The bound on expansions that admitted the equation.
    work: f64,
}

impl Linear {
    /// `None` when the equation is outside what this count takes: sums
    /// past [`MAX_REACH`], or a bound on the states above [`MAX_WORK`] (the
    /// caller lists solutions instead).
    pub fn new(base: u32, constant: i128, terms: &[Term]) -> Option<Self> {
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
        let (bound, free): (Vec<&Term>, Vec<&Term>) = terms.iter().partition(|t| t.coef != 0);
        let b = i64::from(base);
        let groups = groups(b, &bound);
        let work = work(base, reach as f64, &groups);
        (work <= MAX_WORK).then(|| Linear {
            base: b,
            constant: constant as i64,
            groups,
            free: free.into_iter().copied().collect(),
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
        let mut states: HashMap<(i64, u64), u128> = HashMap::new();
        states.insert((self.constant, 0), 1);
        for group in &self.groups {
            let mut next: HashMap<(i64, u64), u128> = HashMap::with_capacity(states.len() * 4);
            for (&(sum, mask), &n) in &states {
                if sum % group.pre != 0 {
                    continue;
                }
                if !group.table.is_empty() {
                    let sum = sum / group.pre;
                    let r = (-sum).rem_euclid(self.base) as usize;
                    for &(add, taken) in &group.table[group.starts[r]..group.starts[r + 1]] {
                        if taken & mask != 0 {
                            continue;
                        }
                        if budget.tick() {
                            return Err(Interrupted);
                        }
                        let e = next
                            .entry(((sum + add) / self.base, mask | taken))
                            .or_default();
                        match e.checked_add(n) {
                            Some(t) => *e = t,
                            None => return Ok(None),
                        }
                    }
                    continue;
                }
                let mut expand = Expand {
                    base: self.base,
                    group,
                    n,
                    next: &mut next,
                    budget,
                    overflow: false,
                };
                if expand.branch(0, sum / group.pre, mask) {
                    return Err(Interrupted);
                }
                if expand.overflow {
                    return Ok(None);
                }
            }
            states = next;
        }
        let mut ways: HashMap<u64, Option<u128>> = HashMap::new();
        let mut total = 0u128;
        for ((sum, mask), n) in states {
            if sum != 0 {
                continue;
            }
            let w = *ways.entry(mask).or_insert_with(|| fill(&self.free, mask));
            let Some(add) = w.and_then(|w| w.checked_mul(n)) else {
                return Ok(None);
            };
            let Some(t) = total.checked_add(add) else {
                return Ok(None);
            };
            total = t;
        }
        Ok(Some(total))
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
    // The states' sums are kept divided by b^scale.
    let mut scale = 0u32;
    let mut i = 0;
    while i < keyed.len() {
        let k = keyed[i].0;
        let mut terms = Vec::new();
        while i < keyed.len() && keyed[i].0 == k {
            let (_, c, t) = keyed[i];
            terms.push((c, t.domain, t.distinct));
            i += 1;
        }
        let derived = terms
            .iter()
            .rposition(|&(c, ..)| inverse_mod(c, b).is_some())
            .map(|at| {
                let (c, domain, distinct) = terms.remove(at);
                (c, domain, distinct, inverse_mod(c, b).unwrap_or(1))
            });
        // The first group starts from one state: a table would cost more
        // than it saves.
        let (table, starts) = if out.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            table(b, &terms, derived)
        };
        out.push(Group {
            pre: b.pow(k - scale),
            terms,
            derived,
            table,
            starts,
        });
        scale = k + 1;
    }
    out
}

/// The table of a group's ways (see [`Group::table`]), or empty ones when
/// it would hold more than [`MAX_TABLE`].
fn table(
    b: i64,
    terms: &[(i64, u64, bool)],
    derived: Option<(i64, u64, bool, i64)>,
) -> (Vec<(i64, u64)>, Vec<usize>) {
    let letters: Vec<(i64, u64, bool)> = terms
        .iter()
        .copied()
        .chain(derived.map(|(c, d, distinct, _)| (c, d, distinct)))
        .collect();
    let size: f64 = letters
        .iter()
        .map(|l| f64::from(l.1.count_ones()))
        .product();
    if size > MAX_TABLE as f64 {
        return (Vec::new(), Vec::new());
    }
    let mut ways = Vec::with_capacity(size as usize);
    fill_table(&letters, 0, 0, &mut ways);
    // Sorted by residue by counting.
    let residue = |sum: i64| sum.rem_euclid(b) as usize;
    let mut starts = vec![0usize; b as usize + 1];
    for &(sum, _) in &ways {
        starts[residue(sum) + 1] += 1;
    }
    for r in 0..b as usize {
        starts[r + 1] += starts[r];
    }
    let mut at = starts.clone();
    let mut table = vec![(0i64, 0u64); ways.len()];
    for way in ways {
        let r = residue(way.0);
        table[at[r]] = way;
        at[r] += 1;
    }
    (table, starts)
}

/// Every way to fill `letters` (distinct ones on different digits).
fn fill_table(letters: &[(i64, u64, bool)], sum: i64, mask: u64, out: &mut Vec<(i64, u64)>) {
    let Some((&(coef, domain, distinct), rest)) = letters.split_first() else {
        out.push((sum, mask));
        return;
    };
    let mut cand = candidates(domain, distinct, mask);
    while cand != 0 {
        let d = cand.trailing_zeros();
        cand &= cand - 1;
        let mask = if distinct { mask | 1 << d } else { mask };
        fill_table(rest, sum + coef * i64::from(d), mask, out);
    }
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
        for &(_, d, distinct) in &group.terms {
            ways *= size(d, distinct, taken);
            taken += u32::from(distinct);
        }
        if let Some((_, d, distinct, _)) = group.derived {
            ways *= size(d, distinct, taken).min(1.0);
            taken += u32::from(distinct);
        }
        work += states * ways;
        reach /= group.pre as f64 * b;
        let masks = 2f64.powi(taken.min(base) as i32);
        states = (states * ways).min(masks * (2.0 * reach + 1.0));
    }
    work
}

/// The ways to give the zero-coefficient letters digits when `taken` are
/// taken; `None` past `u128`.
fn fill(free: &[Term], taken: u64) -> Option<u128> {
    // Every letter distinct with the same domain: a falling factorial.
    if let Some(first) = free.first() {
        if free.iter().all(|t| t.distinct && t.domain == first.domain) {
            let open = u128::from((first.domain & !taken).count_ones());
            let k = free.len() as u128;
            if k > open {
                return Some(0);
            }
            return (0..k).try_fold(1u128, |acc, i| acc.checked_mul(open - i));
        }
    }
    let mut states: HashMap<u64, u128> = HashMap::new();
    states.insert(taken, 1);
    for t in free {
        let mut next: HashMap<u64, u128> = HashMap::new();
        for (&mask, &n) in &states {
            let mut cand = candidates(t.domain, t.distinct, mask);
            if !t.distinct {
                let all = n.checked_mul(u128::from(cand.count_ones()))?;
                let e = next.entry(mask).or_default();
                *e = e.checked_add(all)?;
                continue;
            }
            while cand != 0 {
                let d = cand.trailing_zeros();
                cand &= cand - 1;
                let e = next.entry(mask | 1 << d).or_default();
                *e = e.checked_add(n)?;
            }
        }
        states = next;
    }
    states
        .into_values()
        .try_fold(0u128, |a, n| a.checked_add(n))
}

/// One state's expansion through one group.
struct Expand<'a, 'b> {
    base: i64,
    group: &'a Group,
    n: u128,
    next: &'a mut HashMap<(i64, u64), u128>,
    budget: &'a mut Budget<'b>,
    overflow: bool,
}

impl Expand<'_, '_> {
    /// Gives digits to the group's letters from `k` on; true when
    /// interrupted.
    fn branch(&mut self, k: usize, sum: i64, mask: u64) -> bool {
        if let Some(&(coef, domain, distinct)) = self.group.terms.get(k) {
            let mut cand = candidates(domain, distinct, mask);
            while cand != 0 {
                let d = cand.trailing_zeros();
                cand &= cand - 1;
                let mask = if distinct { mask | 1 << d } else { mask };
                if self.branch(k + 1, sum + coef * i64::from(d), mask) {
                    return true;
                }
                if self.overflow {
                    return false;
                }
            }
            return false;
        }
        let (mut sum, mut mask) = (sum, mask);
        match self.group.derived {
            Some((coef, domain, distinct, inverse)) => {
                let d = (-sum).rem_euclid(self.base) * inverse % self.base;
                if candidates(domain, distinct, mask) >> d & 1 == 0 {
                    return false;
                }
                sum += coef * d;
                if distinct {
                    mask |= 1 << d;
                }
            }
            None if sum % self.base != 0 => return false,
            None => {}
        }
        if self.budget.tick() {
            return true;
        }
        let e = self.next.entry((sum / self.base, mask)).or_default();
        match e.checked_add(self.n) {
            Some(t) => *e = t,
            None => self.overflow = true,
        }
        false
    }
}
