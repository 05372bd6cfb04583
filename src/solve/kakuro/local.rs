//! Region by region questions for a generator that knows one filling (the
//! planted digits) and changes the grid a little at a time: which regions
//! propagation leaves open, described fully enough to recognise the same
//! region in a later grid, and whether a region has a filling other than
//! the known one, within a node limit.
//!
//! A region's search only ever touches its own cells and runs (a run with
//! an open cell has all its open cells in one region), so its answer
//! depends on nothing but what [`OpenRegion`] records: a region proved to
//! have one filling stays proved while that description is unchanged.

use super::search::{find, regions};
use super::state::{State, NO_RUN};
use super::KakuroSearch;
use crate::solve::{Budget, Limits};

/// A region of cells propagation leaves open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenRegion {
    /// Its cells (variables), in order.
    pub vars: Vec<usize>,
    /// The candidate digits of each of `vars`, as bits 1 to 9.
    pub cands: Vec<u16>,
    /// Each run with a cell in the region, in run order: the run, the sum
    /// its open cells still make, and the digits already placed in it.
    pub runs: Vec<(usize, u32, u16)>,
}

/// What a region allows besides a known filling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Other {
    /// Nothing else: the known filling is the region's only one.
    None,
    /// Another filling; the variables where it differs from the known one.
    Differs(Vec<usize>),
    /// The node limit ran out first.
    Undecided,
}

impl KakuroSearch {
    /// The regions propagation leaves open, with their state; `None` when
    /// propagation finds no solution.
    pub fn open_region_states(&self) -> Option<Vec<OpenRegion>> {
        let mut state = State::new(&self.net);
        if !state.start() {
            return None;
        }
        let out = regions(&self.net, &state)
            .into_iter()
            .map(|region| {
                let mut runs: Vec<usize> = region
                    .iter()
                    .flat_map(|&c| self.net.cell_runs[c as usize])
                    .filter(|&r| r != NO_RUN)
                    .map(|r| r as usize)
                    .collect();
                runs.sort_unstable();
                runs.dedup();
                OpenRegion {
                    cands: region.iter().map(|&c| state.cand[c as usize]).collect(),
                    vars: region.iter().map(|&c| c as usize).collect(),
                    runs: runs
                        .into_iter()
                        .map(|r| {
                            let (sum, used) = state.run_state(r);
                            (r, sum, used)
                        })
                        .collect(),
                }
            })
            .collect();
        Some(out)
    }

    /// For each of `regions` (open regions, as [`Self::open_region_states`]
    /// gives them), whether it has a filling other than `known` (a digit per
    /// variable), each searched with at most `max_nodes` nodes; `None` when
    /// propagation finds no solution.
    pub fn others(&self, regions: &[&[usize]], known: &[u8], max_nodes: u64) -> Option<Vec<Other>> {
        let mut state = State::new(&self.net);
        if !state.start() {
            return None;
        }
        let limits = Limits {
            max_nodes: Some(max_nodes),
            ..Limits::default()
        };
        let out = regions
            .iter()
            .map(|vars| {
                let region: Vec<u32> = vars.iter().map(|&v| v as u32).collect();
                let skip: Vec<u8> = vars.iter().map(|&v| known.get(v).copied().unwrap_or(0)).collect();
                let mut budget = Budget::new(&limits);
                match find(&mut state, &region, Some(&skip), &mut budget) {
                    Err(()) => Other::Undecided,
                    Ok(None) => Other::None,
                    Ok(Some(other)) => Other::Differs(
                        vars.iter()
                            .zip(other.iter().zip(&skip))
                            .filter(|(_, (a, b))| a != b)
                            .map(|(&v, _)| v)
                            .collect(),
                    ),
                }
            })
            .collect();
        Some(out)
    }
}
