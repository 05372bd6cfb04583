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
mod state;
pub mod tables;
mod verify;

pub use oracle::BruteForce;
pub use verify::verify;

use search::{dfs, regions, solve_region, Region};
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
                Region::One(_) => {}
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
        let mut open = Vec::new();
        for region in regions(&self.net, &state) {
            match solve_region(&mut state, &region, budget) {
                Region::None => return Outcome::Exhausted,
                Region::Interrupted => return Outcome::Interrupted,
                Region::Many(..) => open.push(region),
                Region::One(digits) => {
                    let mark = state.mark();
                    let fixed = region
                        .iter()
                        .zip(&digits)
                        .all(|(&c, &d)| state.assign(c as usize, u32::from(d)))
                        && state.propagate();
                    if !fixed {
                        // Cannot happen (regions are independent); if it
                        // did, searching the region again is still right.
                        state.undo(mark);
                        open.push(region);
                    }
                }
            }
        }
        dfs(&mut state, &open, budget, emit)
    }
}
