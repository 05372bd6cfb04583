//! Cryptic Kakuro (letters in cells and clues), `cryptic-propagation`: one
//! search over the white cells and the letters together, as a small
//! constraint solver on digit sets.
//!
//! - **One variable per digit.** A white cell holding a letter *is* that
//!   letter's variable, so "the same letter, the same digit" costs nothing.
//! - **A run is a sum of distinct digits equal to its clue word's value.**
//!   For every way of filling the clue word's undecided letters (rarely more
//!   than one or two: a sum is at most 45), the run's digit sets of that
//!   sum (`crypta_substrate::sums`) that hold the run's decided digits and can place
//!   a digit in every open cell are kept. A cell keeps the digits some kept
//!   set offers it; a clue letter keeps the digits some kept set agrees
//!   with. Exact for each run alone, and cheap: a run has at most 12 sets
//!   per sum.
//! - **Letters differ** (unless `repeats`): a decided letter's digit leaves
//!   every other letter's set.
//! - **Fixpoint, then branch** on the undecided variable with the fewest
//!   digits, letters first on a tie (a letter changes every run it is in or
//!   labels). Conditions after `with` are tested as soon as their letters
//!   are decided.
//!
//! The second oracle (`oracle`) shares none of this: it tries every
//! assignment of the letters and solves each plain grid by brute force.

mod oracle;
mod verify;

pub use oracle::CrypticBruteForce;
pub use verify::verify;

use crate::CrypticKakuro;
use crypta_substrate::arith;
use crypta_substrate::ir::Cell;
use crypta_substrate::solve::{Budget, Flow, Outcome, Strategy};
use crypta_substrate::sums::{max_sum, min_sum, tables};

/// Digit sets: bit d for digit d, 0..=9.
type Set = u16;

/// A run as the solver sees it: `Σ cells = constant + Σ weight · var`,
/// or, for a `?` run (`any`), distinct digits of any sum.
#[derive(Clone, Debug)]
struct Sum {
    cells: Vec<usize>,
    /// The clue word's letters with their place values (10 for the tens).
    terms: Vec<(u32, usize)>,
    constant: u32,
    any: bool,
}

pub struct CrypticSearch {
    kakuro: CrypticKakuro,
    /// For each white cell, the variable that holds its digit.
    alias: Vec<usize>,
    /// The first digit sets, per variable (white cells, then letters).
    initial: Vec<Set>,
    sums: Vec<Sum>,
    /// The letters (variables) in the all-different rule, each with its
    /// groups (`Var::groups`).
    distinct: Vec<(usize, u64)>,
    /// For each condition, the variables it reads.
    condition_vars: Vec<Vec<usize>>,
}

/// The most clue-word fillings a run enumerates; beyond, it waits.
const MAX_FILLINGS: usize = 1000;

impl CrypticSearch {
    pub fn new(kakuro: &CrypticKakuro) -> Self {
        let first = kakuro.first_symbol();
        let whites = kakuro.grid.whites.len();
        let alias: Vec<usize> = (0..whites)
            .map(|v| kakuro.cell_symbol[v].map_or(v, |s| first + s))
            .collect();
        let givens = kakuro.grid.givens();
        let mut initial: Vec<Set> = (0..whites)
            .map(|v| match givens[v] {
                0 => 0b11_1111_1110,
                d => 1 << d,
            })
            .collect();
        initial.extend(kakuro.symbols.iter().map(|s| (s.domain.0 & 0x3ff) as Set));
        let sums = kakuro
            .grid
            .runs
            .iter()
            .zip(&kakuro.run_words)
            .map(|(run, word)| {
                let cells = run.vars.iter().map(|&v| alias[v]).collect();
                let (mut terms, mut constant): (Vec<(u32, usize)>, u32) = (Vec::new(), 0);
                match word {
                    None => constant = run.sum.given().unwrap_or(0),
                    Some(word) => {
                        let mut weight = 1u32;
                        for cell in word.cells.iter().rev() {
                            match *cell {
                                // `CC` is 11 × C: one term per letter.
                                Cell::Var(s) => match terms.iter_mut().find(|t| t.1 == first + s) {
                                    Some(term) => term.0 += weight,
                                    None => terms.push((weight, first + s)),
                                },
                                Cell::Digit(d) => constant += weight * d,
                            }
                            weight = weight.saturating_mul(10);
                        }
                    }
                }
                Sum {
                    cells,
                    terms,
                    constant,
                    any: word.is_none() && run.sum == crate::Sum::Any,
                }
            })
            .collect();
        let distinct = (0..kakuro.symbols.len())
            .filter(|&s| kakuro.symbols[s].distinct())
            .map(|s| (first + s, kakuro.symbols[s].groups))
            .collect();
        let condition_vars = kakuro
            .conditions
            .iter()
            .map(|c| {
                c.vars(&kakuro.words)
                    .into_iter()
                    .map(|s| first + s)
                    .collect()
            })
            .collect();
        CrypticSearch {
            kakuro: kakuro.clone(),
            alias,
            initial,
            sums,
            distinct,
            condition_vars,
        }
    }

    /// Narrows `sets` to a fixpoint; false when some variable has no digit
    /// left or a decided condition fails.
    fn propagate(&self, sets: &mut [Set]) -> bool {
        loop {
            let mut changed = false;
            // Letters differ.
            for &(v, gv) in &self.distinct {
                if sets[v].count_ones() == 1 {
                    for &(w, gw) in &self.distinct {
                        if w != v && gv & gw != 0 && sets[w] & sets[v] != 0 {
                            sets[w] &= !sets[v];
                            changed = true;
                        }
                    }
                }
            }
            for sum in &self.sums {
                match self.revise(sum, sets) {
                    None => return false,
                    Some(c) => changed |= c,
                }
            }
            if sets.contains(&0) {
                return false;
            }
            if !changed {
                break;
            }
        }
        self.conditions_hold(sets)
    }

    /// Whether variables `v` and `w` are letters of one all-different
    /// group.
    fn differ(&self, v: usize, w: usize) -> bool {
        let first = self.kakuro.first_symbol();
        let groups = |v: usize| {
            v.checked_sub(first)
                .map_or(0, |s| self.kakuro.symbols[s].groups)
        };
        groups(v) & groups(w) != 0
    }

    /// Conditions whose letters are all decided must hold.
    fn conditions_hold(&self, sets: &[Set]) -> bool {
        let k = &self.kakuro;
        let first = k.first_symbol();
        self.condition_vars.iter().enumerate().all(|(i, vars)| {
            if vars.iter().any(|&v| sets[v].count_ones() != 1) {
                return true;
            }
            let letters: Vec<u8> = sets[first..]
                .iter()
                .map(|s| s.trailing_zeros() as u8)
                .collect();
            arith::condition_holds(&k.conditions[i], &k.words, &letters, 10)
        })
    }

    /// Narrows one run; `None` when it cannot be filled, else whether
    /// anything changed.
    fn revise(&self, sum: &Sum, sets: &mut [Set]) -> Option<bool> {
        let len = sum.cells.len();
        // The clue letters still open, and every way to fill them.
        let open: Vec<(u32, usize)> = sum
            .terms
            .iter()
            .copied()
            .filter(|&(_, v)| sets[v].count_ones() != 1)
            .collect();
        let fixed: u32 = sum
            .terms
            .iter()
            .filter(|&&(_, v)| sets[v].count_ones() == 1)
            .map(|&(w, v)| w * sets[v].trailing_zeros())
            .sum::<u32>()
            + sum.constant;
        let fillings: usize = open
            .iter()
            .map(|&(_, v)| sets[v].count_ones() as usize)
            .product();
        if fillings > MAX_FILLINGS {
            return Some(false);
        }
        let mut cell_keep = vec![0 as Set; len];
        let mut letter_keep = vec![0 as Set; open.len()];
        let mut choice = vec![0u32; open.len()];
        let mut any = false;
        self.fillings(&open, 0, &mut choice, sets, &mut |choice| {
            // A letter in the run's cells takes the chosen digit there.
            let value_of = |v: usize| open.iter().position(|&(_, o)| o == v).map(|i| choice[i]);
            let total: u32 = fixed
                + open
                    .iter()
                    .zip(choice)
                    .map(|(&(w, _), &d)| w * d)
                    .sum::<u32>();
            // Two open letters of one word that must differ.
            for i in 0..open.len() {
                for j in 0..i {
                    if choice[i] == choice[j] && self.differ(open[i].1, open[j].1) {
                        return;
                    }
                }
            }
            let cell_sets: Vec<Set> = sum
                .cells
                .iter()
                .map(|&v| match value_of(v) {
                    Some(d) => 1 << d,
                    None => sets[v],
                })
                .collect();
            let decided =
                cell_sets
                    .iter()
                    .filter(|s| s.count_ones() == 1)
                    .fold(0 as Set, |acc, &s| {
                        if acc & s != 0 {
                            // A digit twice in the run: no set holds it.
                            0xffff
                        } else {
                            acc | s
                        }
                    });
            if decided == 0xffff {
                return;
            }
            // A `?` run takes the sets of every sum its length allows.
            let totals = if sum.any {
                min_sum(len)..=max_sum(len)
            } else {
                total..=total
            };
            for &combo in totals.flat_map(|t| tables().combos(len, t)) {
                if combo & decided != decided {
                    continue;
                }
                let free = combo & !decided;
                let placeable = cell_sets
                    .iter()
                    .all(|&s| s.count_ones() == 1 || s & free != 0);
                let covered = cell_sets
                    .iter()
                    .filter(|s| s.count_ones() != 1)
                    .fold(0 as Set, |acc, &s| acc | (s & free));
                if !placeable || covered != free {
                    continue;
                }
                any = true;
                for (keep, &s) in cell_keep.iter_mut().zip(&cell_sets) {
                    *keep |= if s.count_ones() == 1 { s } else { s & free };
                }
                for (keep, &d) in letter_keep.iter_mut().zip(choice) {
                    *keep |= 1 << d;
                }
            }
        });
        if !any {
            return None;
        }
        let mut changed = false;
        for (&v, &keep) in sum.cells.iter().zip(&cell_keep) {
            if sets[v] & keep != sets[v] {
                sets[v] &= keep;
                changed = true;
            }
        }
        for (&(_, v), &keep) in open.iter().zip(&letter_keep) {
            if sets[v] & keep != sets[v] {
                sets[v] &= keep;
                changed = true;
            }
        }
        Some(changed)
    }

    /// Calls `each` with every filling of the open clue letters.
    fn fillings(
        &self,
        open: &[(u32, usize)],
        i: usize,
        choice: &mut Vec<u32>,
        sets: &[Set],
        each: &mut dyn FnMut(&[u32]),
    ) {
        let Some(&(_, v)) = open.get(i) else {
            each(choice);
            return;
        };
        let mut set = sets[v];
        while set != 0 {
            let d = set.trailing_zeros();
            set &= set - 1;
            choice[i] = d;
            self.fillings(open, i + 1, choice, sets, each);
        }
    }

    /// Depth first from `sets` (propagated); `Some` when the search stops.
    fn walk(
        &self,
        sets: Vec<Set>,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Option<Outcome> {
        let first = self.kakuro.first_symbol();
        // Only variables that hold a digit: a lettered cell's own slot is
        // never used.
        let branch = (0..sets.len())
            .filter(|&v| (v >= first || self.alias[v] == v) && sets[v].count_ones() > 1)
            .min_by_key(|&v| (sets[v].count_ones(), v < first));
        let Some(v) = branch else {
            let mut values: Vec<u8> = self
                .alias
                .iter()
                .map(|&a| sets[a].trailing_zeros() as u8)
                .collect();
            values.extend(sets[first..].iter().map(|s| s.trailing_zeros() as u8));
            return (emit(&values) == Flow::Stop).then_some(Outcome::Stopped);
        };
        let mut digits = sets[v];
        while digits != 0 {
            let d = digits.trailing_zeros();
            digits &= digits - 1;
            if budget.tick() {
                return Some(Outcome::Interrupted);
            }
            let mut next = sets.clone();
            next[v] = 1 << d;
            if self.propagate(&mut next) {
                if let Some(stop) = self.walk(next, budget, emit) {
                    return Some(stop);
                }
            }
        }
        None
    }
}

impl Strategy for CrypticSearch {
    fn name(&self) -> &'static str {
        "cryptic-propagation"
    }

    fn approach(&self) -> String {
        "white cells and letters searched together, a lettered cell being its\n\
         letter; each run keeps the digit sets of each sum its clue word can\n\
         still make that hold its decided digits; letters differ; to a fixpoint,\n\
         then fewest digits first, letters first on a tie"
            .to_string()
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let mut sets = self.initial.clone();
        // A lettered cell's own slot follows its letter, never branched on.
        for (v, &a) in self.alias.iter().enumerate() {
            if a != v {
                sets[v] = 0b11_1111_1110;
            }
        }
        if !self.propagate(&mut sets) {
            return Outcome::Exhausted;
        }
        self.walk(sets, budget, emit).unwrap_or(Outcome::Exhausted)
    }
}
