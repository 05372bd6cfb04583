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
use super::state::{Net, State, NO_RUN};
use super::KakuroSearch;
use crypta_substrate::solve::{Budget, Limits};
use std::collections::VecDeque;

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
    /// variable), each searched on a budget of its own of `limits`;
    /// `None` when propagation finds no solution.
    pub fn others(
        &self,
        regions: &[&[usize]],
        known: &[u8],
        limits: &Limits,
    ) -> Option<Vec<Other>> {
        let mut state = State::new(&self.net);
        if !state.start() {
            return None;
        }
        let out = regions
            .iter()
            .map(|vars| {
                let region: Vec<u32> = vars.iter().map(|&v| v as u32).collect();
                let skip: Vec<u8> = vars
                    .iter()
                    .map(|&v| known.get(v).copied().unwrap_or(0))
                    .collect();
                if region.len() > LARGE {
                    let differs = windows(&self.net, &mut state, &region, &skip);
                    if !differs.is_empty() {
                        return Other::Differs(differs.into_iter().map(|c| c as usize).collect());
                    }
                }
                let mut budget = Budget::new(limits);
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

/// Cells in a window (a 150×150 grid, seed 1: 7 s of processor time with
/// 50, 10 s with 200, 25 s with 15, as small windows rarely hold another
/// filling).
const WINDOW: usize = 50;

/// Regions larger than this are searched in windows first.
const LARGE: usize = 200;

/// Search nodes of one window: most windows with another filling show it
/// in a few nodes.
const WINDOW_NODES: u64 = 200;

/// Other fillings of a large region found in small windows: each window (a
/// blob of cells that share runs, grown from a cell no earlier window
/// covers) is searched with every other cell of the region at its known
/// digit, so a filling found there is a filling of the whole grid. A large
/// region with many fillings usually has one in almost any window, found
/// in a few nodes, where a search of the whole region spends seconds.
/// The cells where the fillings found differ from the known one; empty
/// when no window has another (which proves nothing about the region).
fn windows(net: &Net, state: &mut State, region: &[u32], known: &[u8]) -> Vec<u32> {
    let mut index = vec![usize::MAX; net.cells()];
    for (i, &c) in region.iter().enumerate() {
        index[c as usize] = i;
    }
    let limits = Limits {
        max_nodes: Some(WINDOW_NODES),
        ..Limits::default()
    };
    let mut covered = vec![false; region.len()];
    let mut differs = Vec::new();
    let mut queue = VecDeque::new();
    let mut seeds = 0..region.len();
    while let Some(seed) = seeds.find(|&i| !covered[i]) {
        // A blob of WINDOW cells, breadth first along runs.
        let mut inside = vec![false; region.len()];
        let mut size = 0;
        queue.clear();
        queue.push_back(seed);
        inside[seed] = true;
        while let Some(i) = queue.pop_front() {
            covered[i] = true;
            size += 1;
            if size == WINDOW {
                break;
            }
            for r in net.cell_runs[region[i] as usize] {
                if r == NO_RUN {
                    continue;
                }
                for &c in net.run_cells(r as usize) {
                    let j = index[c as usize];
                    if j != usize::MAX && !inside[j] {
                        inside[j] = true;
                        queue.push_back(j);
                    }
                }
            }
        }
        // Cells reached but not taken stay out of the window.
        for &j in &queue {
            inside[j] = false;
        }
        // The cells around the window take their known digits: every run
        // through the window then has its other cells fixed, so a filling
        // of the window is one of the whole grid with the known digits
        // everywhere else, and the cells further out need not be fixed.
        let ring: Vec<usize> = (0..region.len())
            .filter(|&i| inside[i])
            .flat_map(|i| net.cell_runs[region[i] as usize])
            .filter(|&r| r != NO_RUN)
            .flat_map(|r| net.run_cells(r as usize))
            .map(|&c| index[c as usize])
            .filter(|&j| j != usize::MAX && !inside[j])
            .collect();
        let mark = state.mark();
        let fixed = ring
            .iter()
            .all(|&j| state.assign(region[j] as usize, u32::from(known[j])))
            && state.propagate();
        if fixed {
            let open: Vec<u32> = (0..region.len())
                .filter(|&i| inside[i] && state.value[region[i] as usize] == 0)
                .map(|i| region[i])
                .collect();
            let skip: Vec<u8> = open.iter().map(|&c| known[index[c as usize]]).collect();
            let mut budget = Budget::new(&limits);
            if let Ok(Some(other)) = find(state, &open, Some(&skip), &mut budget) {
                differs.extend(
                    open.iter()
                        .zip(other.iter().zip(&skip))
                        .filter(|(_, (a, b))| a != b)
                        .map(|(&c, _)| c),
                );
            }
        }
        state.undo(mark);
    }
    differs.sort_unstable();
    differs.dedup();
    differs
}
