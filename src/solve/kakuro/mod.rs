//! The Kakuro strategy, `kakuro-propagation`: constraint propagation on
//! digit sets, then depth-first search on the cell with the fewest
//! candidates, region by region.
//!
//! Why each piece is there:
//!
//! - **Digit-set tables** ([`tables`]). A run of n cells summing to s can
//!   only be filled from a handful of digit sets (12 at most), listed once
//!   per process, with the seeds' table of the digits left for (length, sum,
//!   digits used). Every deduction below works on these sets, never on
//!   permutations.
//! - **A cell's candidates are what both of its runs allow.** Each run
//!   keeps the sets that contain no digit already used in it, that its open
//!   cells' candidates can cover, and that give every open cell a digit.
//!   A cell keeps the digits of the kept sets it can take, in both of its
//!   runs: the intersection of the two runs' possibilities.
//! - **Singles.** A cell with one candidate takes it at once, and its runs
//!   are revised again. A cell that is the only one of a run holding some
//!   digit of a set must take that digit in that set, and a cell with a
//!   single digit of a set takes it, so no other cell may (two such cells on
//!   one digit rule the set out).
//! - **A digit with one place left.** A digit in every kept set of a run
//!   that only one open cell can hold goes there.
//! - **Sum bounds of the rest of a run.** A digit d stays a candidate only
//!   through a kept set holding it, so the other open cells must make
//!   exactly the rest of the sum from that set: this is the exact form of
//!   the usual bounds (the least and greatest sums the rest can make).
//! - **Most constrained cell first.** Search branches on the open cell with
//!   the fewest candidates, so wrong guesses fail near the root.
//! - **Independent regions.** After the first propagation, the open cells
//!   fall into regions sharing no run. Each is searched alone for up to two
//!   fillings: a region with none ends the search at once (without the
//!   split, a dead region found late would be re-proved dead under every
//!   filling of the regions before it); a region with one is fixed; the
//!   others are enumerated one after another, so every filling of one
//!   region is combined with the others' and none is searched twice in
//!   vain. `unique` stops at the second solution; `count` enumerates.
//!
//! Every change goes on a trail and is undone on backtracking, so the
//! search never copies the grid.

mod oracle;
mod search;
pub mod state;
pub mod tables;
mod verify;

pub use oracle::BruteForce;
pub use verify::verify;

use search::{dfs, find, regions, solve_region, Region};
use state::{Net, State};

use super::{Budget, Flow, Outcome, Strategy};
use crate::ir::Kakuro;

pub struct KakuroSearch {
    net: Net,
}

/// The answer of [`KakuroSearch::ambiguities`].
#[derive(Debug, PartialEq, Eq)]
pub enum Ambiguities {
    NoSolution,
    Interrupted,
    /// For each region with two or more fillings, the variables where its
    /// first two differ (none: the grid has exactly one solution).
    Regions(Vec<Vec<usize>>),
}

impl KakuroSearch {
    pub fn new(kakuro: &Kakuro) -> Self {
        KakuroSearch {
            net: Net::new(kakuro),
        }
    }

    /// The regions of cells propagation alone leaves open (variables), or
    /// `None` when propagation finds the grid has no solution. Cheap: no
    /// search.
    pub fn open_regions(&self) -> Option<Vec<Vec<usize>>> {
        let mut state = State::new(&self.net);
        if !state.start() {
            return None;
        }
        let regions = regions(&self.net, &state);
        Some(
            regions
                .into_iter()
                .map(|r| r.into_iter().map(|c| c as usize).collect())
                .collect(),
        )
    }

    /// Where the grid is not unique, region by region: what a generator
    /// needs to make a grid unique in a few passes.
    pub fn ambiguities(&self, budget: &mut Budget) -> Ambiguities {
        let mut state = State::new(&self.net);
        if !state.start() {
            return Ambiguities::NoSolution;
        }
        let mut out = Vec::new();
        for region in regions(&self.net, &state) {
            match solve_region(&mut state, &region, budget) {
                Region::None => return Ambiguities::NoSolution,
                Region::Interrupted => return Ambiguities::Interrupted,
                Region::One => {}
                Region::Many(a, b) => out.push(
                    region
                        .iter()
                        .zip(a.iter().zip(&b))
                        .filter(|(_, (x, y))| x != y)
                        .map(|(&c, _)| c as usize)
                        .collect(),
                ),
            }
        }
        Ambiguities::Regions(out)
    }
}

impl Strategy for KakuroSearch {
    fn name(&self) -> &'static str {
        "kakuro-propagation"
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let mut state = State::new(&self.net);
        if !state.start() {
            return Outcome::Exhausted;
        }
        let open = regions(&self.net, &state);
        // A filling of every region, by restarts: a region without one ends
        // the search; together they are the first solution.
        let mut firsts = Vec::with_capacity(open.len());
        for region in &open {
            match find(&mut state, region, None, budget) {
                Ok(Some(digits)) => firsts.push(digits),
                Ok(None) => return Outcome::Exhausted,
                Err(()) => return Outcome::Interrupted,
            }
        }
        let mut values = state.value.clone();
        let fill = |values: &mut [u8], region: &[u32], digits: &[u8]| {
            for (&c, &d) in region.iter().zip(digits) {
                values[c as usize] = d;
            }
        };
        for (region, digits) in open.iter().zip(&firsts) {
            fill(&mut values, region, digits);
        }
        if emit(&values) == Flow::Stop {
            return Outcome::Stopped;
        }
        // A second filling of some region, by restarts too: regions proved
        // to have one filling are fixed; the first region with two gives
        // the second solution (all `unique` needs).
        let mut emitted = vec![values.clone()];
        let mut rest = Vec::new();
        for (i, region) in open.iter().enumerate() {
            if emitted.len() >= 2 {
                rest.push(region.clone());
                continue;
            }
            match find(&mut state, region, Some(&firsts[i]), budget) {
                Err(()) => return Outcome::Interrupted,
                Ok(None) => {
                    for (&c, &d) in region.iter().zip(&firsts[i]) {
                        // Regions are independent: this cannot clash.
                        state.assign(c as usize, u32::from(d));
                    }
                }
                Ok(Some(second)) => {
                    let mut other = values.clone();
                    fill(&mut other, region, &second);
                    if emit(&other) == Flow::Stop {
                        return Outcome::Stopped;
                    }
                    emitted.push(other);
                    rest.push(region.clone());
                }
            }
        }
        if !state.propagate() || emitted.len() < 2 {
            return Outcome::Exhausted;
        }
        // Every other solution, in order, skipping the two already given.
        dfs(&mut state, &rest, budget, &mut |values| {
            if emitted.iter().any(|e| e.as_slice() == values) {
                Flow::Continue
            } else {
                emit(values)
            }
        })
    }
}
