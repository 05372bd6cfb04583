//! `count` of a Kakuro grid: after the first propagation the open cells
//! fall into regions that share no run ([`super::search::regions`]); a
//! grid's fillings are every combination of its regions' fillings, so each
//! region is enumerated alone and the counts multiplied. A 150×150 grid of
//! 900 separate 4×4 blocks is 900 small counts, not a walk through their
//! product.

use super::search::{dfs, regions};
use super::state::{Net, State};
use crate::Kakuro;
use crypta_substrate::solve::count::{self, Count, Counted, Counter};
use crypta_substrate::solve::{Budget, Flow, Outcome};

pub struct RegionCount {
    kakuro: Kakuro,
    net: Net,
}

impl RegionCount {
    pub fn new(kakuro: &Kakuro) -> Self {
        RegionCount {
            kakuro: kakuro.clone(),
            net: Net::new(kakuro),
        }
    }

    /// Whether the runs through `region` hold in `values` (every cell of
    /// such a run is in the region or was fixed by propagation): each
    /// filling counted is checked against the clues.
    fn runs_hold(&self, runs: &[usize], values: &[u8]) -> bool {
        runs.iter().all(|&r| {
            let run = &self.kakuro.runs[r];
            let mut seen = 0u16;
            let mut sum = 0u32;
            for &v in &run.vars {
                let d = values[v];
                if d == 0 || seen >> d & 1 == 1 {
                    return false;
                }
                seen |= 1 << d;
                sum += u32::from(d);
            }
            run.sum.allows(sum)
        })
    }
}

impl Counter for RegionCount {
    fn name(&self) -> &'static str {
        "kakuro-regions"
    }

    fn approach(&self) -> String {
        "propagation as in kakuro-propagation; the open cells' independent regions\n\
         are each enumerated depth first, every filling checked against its runs,\n\
         and the counts multiplied"
            .to_string()
    }

    fn count(&self, budget: &mut Budget) -> Counted {
        let mut state = State::new(&self.net);
        if !state.start() {
            return Counted {
                count: Count::from(0),
                outcome: Outcome::Exhausted,
                bug: None,
            };
        }
        let open = regions(&self.net, &state);
        let mut region_of = vec![usize::MAX; self.kakuro.whites.len()];
        for (i, region) in open.iter().enumerate() {
            for &c in region {
                region_of[c as usize] = i;
            }
        }
        let mut runs_of: Vec<Vec<usize>> = vec![Vec::new(); open.len()];
        for (r, run) in self.kakuro.runs.iter().enumerate() {
            // A run with no open cell is checked with the first region.
            let i = run
                .vars
                .iter()
                .map(|&v| region_of[v])
                .find(|&i| i != usize::MAX)
                .unwrap_or(0);
            if let Some(runs) = runs_of.get_mut(i) {
                runs.push(r);
            }
        }
        // With no open cell, the propagated grid is the one filling.
        let whole = [(usize::MAX, Vec::new())];
        let fixed: Vec<usize> = (0..self.kakuro.runs.len()).collect();
        let parts: Vec<(usize, Vec<u32>)> = if open.is_empty() {
            whole.to_vec()
        } else {
            open.into_iter().enumerate().collect()
        };
        count::product(parts.into_iter().map(|(i, region)| {
            let runs = if i == usize::MAX { &fixed } else { &runs_of[i] };
            let mut n = 0u64;
            let mut bug = None;
            let outcome = dfs(&mut state, &[region], &[], budget, &mut |values| {
                if self.runs_hold(runs, values) {
                    n += 1;
                    Flow::Continue
                } else {
                    bug = Some(crypta_substrate::solve::Invalid::RegionRun);
                    Flow::Stop
                }
            });
            Counted {
                count: Count::from(n),
                outcome: if bug.is_some() {
                    Outcome::Stopped
                } else {
                    outcome
                },
                bug,
            }
        }))
    }
}
