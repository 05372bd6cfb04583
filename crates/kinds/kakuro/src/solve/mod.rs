//! The Kakuro strategy, `kakuro-propagation`: constraint propagation on
//! digit sets, then search, region by region.
//!
//! What it does, and why:
//!
//! - **Digit-set tables** (`crypta_substrate::sums`). A run of n cells summing to s can
//!   only be filled from a few sets of distinct digits (12 at most), listed
//!   once per process, with the seeds' table of the digits left for
//!   (length, sum, digits used). Deductions work on these sets, never on
//!   the sums of permutations.
//! - **A cell's candidates are what both of its runs allow** (`runs`).
//!   For a run, each set that avoids its used digits must be placed in its
//!   open cells one digit each (a perfect matching); a cell keeps the
//!   digits it takes in some matching of some set, and a cell is revised
//!   whenever either of its runs changes, so its candidates are the
//!   intersection of both runs' possibilities. For runs of up to four open
//!   cells the matchings are enumerated, so the answer is exact; longer
//!   runs get Hall's quick tests (a cell with one candidate takes it and no
//!   other cell may; a digit only one cell holds goes there). Results are
//!   memoised per thread.
//! - **Singles, and a digit with one place left.** A cell left with one
//!   candidate takes it at once. A digit that every set of a run needs and
//!   only one cell can hold is that cell's only support, so it is placed
//!   the same way.
//! - **Sum bounds of the rest of a run.** A digit keeps support only
//!   through a set that sums exactly to what the run still needs, with the
//!   rest of the set placeable in the other cells: the exact form of the
//!   usual bounds (the least and greatest sums the rest can make).
//! - **Most constrained cell first.** The search branches on the open cell
//!   with the fewest candidates per failure weight of its runs (dom/wdeg:
//!   a run's weight grows each time it fails), so it goes where the grid is
//!   tight and where it has failed before.
//! - **Independent regions.** After the first propagation, the open cells
//!   fall into regions that share no run. Each is solved alone, so no
//!   region's difficulty multiplies another's.
//! - **Restarts for the first two solutions.** Depth-first search on a
//!   large random grid has heavy tails: one early mistake can take hours
//!   to refute. Each region's first filling, and then a second one (or the
//!   proof there is none), is found by short randomised probes whose
//!   decision limits follow the Luby sequence, the failure weights carried
//!   from probe to probe. A region without a filling ends the search; one
//!   with a single filling is fixed. That is all `unique` and `first 1`
//!   need: the first solution combines the regions' first fillings, the
//!   second swaps in the first region's second filling.
//! - **Enumeration.** `count`, `solve` and `first N` then walk every
//!   filling of the regions with more than one, one region after another,
//!   depth first, skipping the two solutions already reported. Each cell
//!   tries the first solution's digit first, so the walk starts at a
//!   solution and finds its neighbours before it wanders.
//!
//! Every change goes on a trail and is undone on backtracking, so the
//! search never copies the grid; the search keeps its own stack, so a
//! 150×150 grid cannot overflow the call stack.

mod count;
pub mod cryptic;
mod local;
mod oracle;
mod runs;
mod search;
mod state;
mod verify;

pub use count::RegionCount;
pub use local::{OpenRegion, Other};
pub use oracle::BruteForce;
pub use verify::verify;

use search::{dfs, find, regions, solve_region, Region};
use state::{Net, State};

use crate::Kakuro;
use crypta_substrate::solve::{Budget, Flow, Outcome, Strategy};

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

    fn approach(&self) -> String {
        "a run's digit sets from tables by length, sum and digits used; a cell keeps\n\
         the digits both of its runs allow; singles, and a digit with one place left\n\
         in a run, are placed at once; independent regions are solved apart, their\n\
         first two fillings by randomised restarts; then depth first, fewest\n\
         candidates (per failure) first"
            .to_string()
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
        let guide = values;
        dfs(&mut state, &rest, &guide, budget, &mut |values| {
            if emitted.iter().any(|e| e.as_slice() == values) {
                Flow::Continue
            } else {
                emit(values)
            }
        })
    }
}
