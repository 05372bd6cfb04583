//! `count` of sums and differences of words by dynamic programming over
//! columns and carries, with no solution listed.
//!
//! Columns are taken from the right, as in column addition. After a
//! column, what the rest of the puzzle can still see of the digits chosen
//! so far is small: the carry of each equation, the set of digits taken
//! (when letters are all different), and the digits of the letters that
//! appear again further left. Assignments that agree on these three have
//! the same completions, so they are merged into one state with a count,
//! and each column maps the states before it to the states after it.
//! A letter is decided in the first column it appears in; as in column
//! addition, the last new letter with an invertible coefficient is not
//! branched on, the column sum fixes it.
//!
//! `count ABCDEFGHIJ000…0 + 1 = ABCDEFGHIJ000…1` has 3,265,920 solutions
//! but never more than a few hundred states: each letter leaves the
//! state as soon as its column is done. The planner uses this only when a
//! bound on the states (from the letters alive across each column, the
//! digits taken and the carries' ranges) keeps the work small; otherwise
//! the count enumerates, which is faster when solutions are few.

use foldhash::{HashMap, HashMapExt};

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::column_sums::{self, inverse_mod};
use crate::ir::Letters;
use crate::solve::{candidates, Budget};

/// Expansions the state bound may promise before the count enumerates
/// instead: about 0.2 s of work.
pub const MAX_WORK: f64 = (1u64 << 22) as f64;

/// Where a term's digit comes from in a step.
#[derive(Clone, Copy, Debug)]
enum Source {
    /// A letter decided in an earlier column: its slot in the state.
    Live(usize),
    /// A letter decided in this column: its index among the step's new ones.
    New(usize),
}

/// One column of every equation (or the tail: letters in no column).
#[derive(Debug)]
struct Step {
    /// Letters first seen here and branched on.
    branch: Vec<usize>,
    /// A letter first seen here that one equation's column fixes:
    /// (letter, equation, the inverse of its coefficient mod base).
    derived: Option<(usize, usize, i64)>,
    /// Per equation: each term's digit with its coefficient, and the fixed
    /// digits' sum.
    sums: Vec<(Vec<(Source, i64)>, i64)>,
    /// The letters alive after this step, in slot order.
    keep: Vec<Source>,
    /// The tail carries nothing: no column, carries unchanged.
    tail: bool,
}

/// The prepared count.
pub struct ColumnCount {
    base: i64,
    domains: Vec<u64>,
    distinct: Vec<bool>,
    equations: usize,
    steps: Vec<Step>,
    /// The bound on expansions that admitted the puzzle.
    work: f64,
}

/// A count that may overflow (`u128`, fast) or not (`BigUint`).
trait Tally: Clone + Zero + One {
    /// Adds `other`; false on overflow.
    fn add_checked(&mut self, other: &Self) -> bool;
    fn into_big(self) -> BigUint;
}

impl Tally for u128 {
    fn add_checked(&mut self, other: &Self) -> bool {
        match self.checked_add(*other) {
            Some(sum) => {
                *self = sum;
                true
            }
            None => false,
        }
    }
    fn into_big(self) -> BigUint {
        BigUint::from(self)
    }
}

impl Tally for BigUint {
    fn add_checked(&mut self, other: &Self) -> bool {
        *self += other;
        true
    }
    fn into_big(self) -> BigUint {
        self
    }
}

/// A state, packed in words so that a lookup needs no allocation: the
/// carry of each equation, the digits taken, then the live letters'
/// digits eight to a word.
type Key = Box<[u64]>;

/// A packed state read back (see [`Key`]).
#[derive(Clone, Copy)]
struct State<'a> {
    words: &'a [u64],
    equations: usize,
}

impl State<'_> {
    fn carry(&self, e: usize) -> i64 {
        self.words[e] as i64
    }

    fn mask(&self) -> u64 {
        self.words[self.equations]
    }

    fn live(&self, slot: usize) -> u8 {
        (self.words[self.equations + 1 + slot / 8] >> (8 * (slot % 8))) as u8
    }
}

/// Why a count stopped before its end.
pub enum Stopped {
    /// A limit or an interrupt.
    Interrupted,
}

impl ColumnCount {
    /// Prepares the count, or `None` when the puzzle is not sums and
    /// differences of words alone, or when its states could grow past
    /// [`MAX_WORK`].
    pub fn new(letters: &Letters) -> Option<Self> {
        // Counting tracks one mask of used digits: distinct groups are
        // enumerated instead.
        if !letters.conditions.is_empty()
            || letters.equations.is_empty()
            || !crate::ir::vars::one_group(&letters.vars)
        {
            return None;
        }
        let columns: Vec<Vec<column_sums::ColumnSum>> = letters
            .equations
            .iter()
            .map(|eq| {
                column_sums::signed_words(eq).map(|terms| column_sums::columns(letters, &terms))
            })
            .collect::<Option<_>>()?;
        let base = i64::from(letters.base);
        let n = letters.vars.len();
        let width = columns.iter().map(Vec::len).max().unwrap_or(0);
        let domains: Vec<u64> = letters.vars.iter().map(|v| v.domain.0).collect();
        let distinct: Vec<bool> = letters.vars.iter().map(|v| v.distinct()).collect();
        // The column each letter is decided in and the last one that needs
        // it; letters in no column go to the tail.
        let mut first = vec![width; n];
        let mut last = vec![width; n];
        for eq in &columns {
            for (j, column) in eq.iter().enumerate() {
                for &(v, _) in &column.terms {
                    if first[v] == width {
                        first[v] = j;
                    }
                    first[v] = first[v].min(j);
                    last[v] = if last[v] == width { j } else { last[v].max(j) };
                }
            }
        }
        let mut steps = Vec::with_capacity(width + 1);
        let mut live: Vec<usize> = Vec::new();
        for j in 0..width {
            let mut new: Vec<usize> = (0..n).filter(|&v| first[v] == j).collect();
            let empty = column_sums::ColumnSum::default();
            let sums_of = |e: usize| columns[e].get(j).unwrap_or(&empty);
            // The derived letter: the last new one with an invertible
            // coefficient in some equation's column.
            let derived = new.iter().rev().find_map(|&v| {
                (0..columns.len()).find_map(|e| {
                    let coef = sums_of(e).terms.iter().find(|t| t.0 == v)?.1;
                    inverse_mod(coef, base).map(|inv| (v, e, inv))
                })
            });
            if let Some((v, ..)) = derived {
                new.retain(|&u| u != v);
                new.push(v);
            }
            let source = |v: usize| match live.iter().position(|&u| u == v) {
                Some(slot) => Source::Live(slot),
                None => Source::New(new.iter().position(|&u| u == v).unwrap_or(0)),
            };
            let sums = (0..columns.len())
                .map(|e| {
                    let column = sums_of(e);
                    let terms = column.terms.iter().map(|&(v, c)| (source(v), c)).collect();
                    (terms, column.constant)
                })
                .collect();
            let alive: Vec<usize> = live
                .iter()
                .chain(&new)
                .copied()
                .filter(|&v| last[v] > j)
                .collect();
            let keep = alive.iter().map(|&v| source(v)).collect();
            let branch = new[..new.len() - usize::from(derived.is_some())].to_vec();
            steps.push(Step {
                branch,
                derived,
                sums,
                keep,
                tail: false,
            });
            live = alive;
        }
        // Letters in no column (their coefficients cancel, as G in
        // ABCDEFGH + I = ABCDEFGJ) are only bound by their domains and the
        // digits taken: one step each, so their states merge in between.
        for v in (0..n).filter(|&v| first[v] == width) {
            steps.push(Step {
                branch: vec![v],
                derived: None,
                sums: Vec::new(),
                keep: Vec::new(),
                tail: true,
            });
        }
        let mut count = ColumnCount {
            base,
            domains,
            distinct,
            equations: columns.len(),
            steps,
            work: 0.0,
        };
        count.work = count.bound(&columns, &first, &last);
        (count.work <= MAX_WORK).then_some(count)
    }

    /// An upper bound on the expansions: for each step, the states before
    /// it times the digits its branched letters may take. States are
    /// bounded by the carries' ranges, the digits of the letters alive in
    /// order, and the set of the other digits taken.
    fn bound(
        &self,
        columns: &[Vec<column_sums::ColumnSum>],
        first: &[usize],
        last: &[usize],
    ) -> f64 {
        let b = self.base as f64;
        let size = |v: usize| f64::from(self.domains[v].count_ones());
        let n = self.domains.len();
        let mut carry = vec![(0i64, 0i64); columns.len()];
        let mut assigned = vec![false; n];
        let mut states = 1.0f64;
        let mut work = 0.0;
        for (j, step) in self.steps.iter().enumerate() {
            work += states * step.branch.iter().map(|&v| size(v)).product::<f64>();
            for &v in step.branch.iter().chain(step.derived.iter().map(|d| &d.0)) {
                assigned[v] = true;
            }
            let (mut taken, mut alive) = (0u32, 0u32);
            let mut free = 1.0f64;
            for v in 0..n {
                let is_live = !step.tail && first[v] <= j && last[v] > j;
                if self.distinct[v] {
                    taken += u32::from(assigned[v]);
                    alive += u32::from(is_live);
                } else if is_live {
                    free *= size(v);
                }
            }
            let ordered: f64 = (0..alive).map(|i| b - f64::from(i)).product();
            let rest = b - f64::from(alive);
            let others = taken - alive;
            // C(rest, others), computed on the smaller side.
            let k = others.min((rest as u32).saturating_sub(others));
            let chosen: f64 = (0..k)
                .map(|i| (rest - f64::from(i)) / f64::from(i + 1))
                .product();
            let mut carries = 1.0f64;
            if !step.tail {
                for (e, range) in carry.iter_mut().enumerate() {
                    let (mut lo, mut hi) = *range;
                    if let Some(column) = columns[e].get(j) {
                        lo += column.constant;
                        hi += column.constant;
                        for &(v, c) in &column.terms {
                            let d = self.domains[v];
                            let dl = i64::from(d.trailing_zeros());
                            let dh = 63 - i64::from(d.leading_zeros());
                            lo += c * if c > 0 { dl } else { dh };
                            hi += c * if c > 0 { dh } else { dl };
                        }
                    }
                    *range = (lo.div_euclid(self.base), hi.div_euclid(self.base));
                    carries *= (range.1 - range.0 + 1).max(1) as f64;
                }
            }
            states = ordered * chosen * free * carries;
        }
        work
    }

    /// How the count goes, for `explain`.
    pub fn approach(&self) -> String {
        format!(
            "counted column by column from the right, without listing solutions:\n\
             assignments that agree on the carries, the digits taken and the letters\n\
             still to come are one state with a count (at most {:.0} expansions)",
            self.work
        )
    }

    /// The number of solutions.
    pub fn count(&self, budget: &mut Budget) -> Result<BigUint, Stopped> {
        match self.run::<u128>(budget)? {
            Some(n) => Ok(n),
            None => Ok(self.run::<BigUint>(budget)?.unwrap_or_default()),
        }
    }

    /// The count in `T`; `None` when `T` overflowed.
    fn run<T: Tally>(&self, budget: &mut Budget) -> Result<Option<BigUint>, Stopped> {
        // No carries, no digit taken, no live letter.
        let start = vec![0u64; self.equations + 1];
        let mut states: HashMap<Key, T> = HashMap::new();
        states.insert(start.into(), T::one());
        let mut new = Vec::new();
        let mut key = Vec::new();
        for step in &self.steps {
            let mut next: HashMap<Key, T> = HashMap::new();
            new.clear();
            new.resize(step.branch.len() + usize::from(step.derived.is_some()), 0u8);
            for (words, n) in &states {
                let state = State {
                    words,
                    equations: self.equations,
                };
                let mut expand = Expand {
                    count: self,
                    step,
                    state,
                    n,
                    next: &mut next,
                    key: &mut key,
                    budget,
                    overflow: false,
                };
                let stopped = expand.branch(0, &mut new, state.mask());
                if expand.overflow {
                    return Ok(None);
                }
                if stopped {
                    return Err(Stopped::Interrupted);
                }
            }
            states = next;
            if states.is_empty() {
                break;
            }
        }
        let mut total = T::zero();
        for (words, n) in &states {
            let state = State {
                words,
                equations: self.equations,
            };
            if (0..self.equations).all(|e| state.carry(e) == 0) && !total.add_checked(n) {
                return Ok(None);
            }
        }
        Ok(Some(total.into_big()))
    }
}

/// One state's expansion through one step.
struct Expand<'a, 'b, T> {
    count: &'a ColumnCount,
    step: &'a Step,
    state: State<'a>,
    n: &'a T,
    next: &'a mut HashMap<Key, T>,
    /// The next state's key, a buffer reused.
    key: &'a mut Vec<u64>,
    budget: &'a mut Budget<'b>,
    overflow: bool,
}

impl<T: Tally> Expand<'_, '_, T> {
    fn value(&self, source: Source, new: &[u8]) -> i64 {
        i64::from(match source {
            Source::Live(slot) => self.state.live(slot),
            Source::New(k) => new[k],
        })
    }

    fn sum(&self, e: usize, new: &[u8]) -> i64 {
        let (terms, constant) = &self.step.sums[e];
        let digits: i64 = terms.iter().map(|&(s, c)| c * self.value(s, new)).sum();
        digits + constant + self.state.carry(e)
    }

    /// Decides the branched letters from `k` on; true when interrupted.
    fn branch(&mut self, k: usize, new: &mut [u8], mask: u64) -> bool {
        let c = self.count;
        if let Some(&v) = self.step.branch.get(k) {
            let mut cand = candidates(c.domains[v], c.distinct[v], mask);
            while cand != 0 {
                let d = cand.trailing_zeros();
                cand &= cand - 1;
                new[k] = d as u8;
                let mask = if c.distinct[v] { mask | 1 << d } else { mask };
                if self.branch(k + 1, new, mask) {
                    return true;
                }
            }
            return false;
        }
        let mut mask = mask;
        if let Some((v, e, inverse)) = self.step.derived {
            new[k] = 0;
            let rest = self.sum(e, new);
            let d = (-rest).rem_euclid(c.base) * inverse % c.base;
            if candidates(c.domains[v], c.distinct[v], mask) >> d & 1 == 0 {
                return false;
            }
            new[k] = d as u8;
            if c.distinct[v] {
                mask |= 1 << d;
            }
        }
        if self.budget.tick() {
            return true;
        }
        // The next state's key, built in the reused buffer.
        self.key.clear();
        for e in 0..c.equations {
            let carry = if self.step.tail {
                self.state.carry(e)
            } else {
                let s = self.sum(e, new);
                if s.rem_euclid(c.base) != 0 {
                    return false;
                }
                s.div_euclid(c.base)
            };
            self.key.push(carry as u64);
        }
        self.key.push(mask);
        for chunk in self.step.keep.chunks(8) {
            let word = chunk
                .iter()
                .rev()
                .fold(0u64, |word, &s| word << 8 | self.value(s, new) as u64);
            self.key.push(word);
        }
        let entry = match self.next.get_mut(&self.key[..]) {
            Some(entry) => entry,
            None => self
                .next
                .entry(self.key.as_slice().into())
                .or_insert_with(T::zero),
        };
        if !entry.add_checked(self.n) {
            self.overflow = true;
            return true;
        }
        false
    }
}
