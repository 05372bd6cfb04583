//! `count` and `unique` on every core. A search that outgrows a short
//! probe on one core ([`crate::plan::PROBE_NODES`]) is cut into parts
//! ([`crate::kinds::split`]) that a rayon pool of `--jobs` threads takes in
//! order, first part first, stealing work from each other as parts end.
//! Results are merged in part order, so the solutions shown and the count
//! are the same for any number of threads.
//!
//! `unique` stops at two solutions: a part stops as soon as it and the
//! parts before it have found two between them, and a part still running
//! is cancelled once the parts before it have; what is merged is then
//! exactly the first two solutions in part order.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use super::driver::Driver;
use super::{Bug, Found, Solution};
use crate::kinds::split::Part;
use crate::kinds::Puzzle;
use crypta_substrate::solve::{pool, Flow, Outcome};

/// What the parts found together.
pub(super) struct Merged {
    pub solutions: Vec<Solution>,
    pub count: u64,
    pub outcome: Outcome,
    pub bug: Option<Bug>,
}

/// What one part found.
struct PartResult {
    solutions: Vec<Solution>,
    count: u64,
    outcome: Outcome,
    bug: Option<Bug>,
}

/// Searches the parts of `puzzle` by `driver` on `jobs` threads (the calling thread
/// alone for 1), keeping `keep` solutions and stopping at `stop_at`;
/// `live` follows the solutions all parts have found so far.
pub(super) fn search(
    puzzle: &Puzzle,
    parts: &[Part],
    driver: &Driver,
    jobs: usize,
    (keep, stop_at): (u64, u64),
    live: Option<&AtomicU64>,
) -> Merged {
    let found: Vec<AtomicU64> = parts.iter().map(|_| AtomicU64::new(0)).collect();
    // The parts' total so far. The probe before them counted some of the
    // same solutions: `live` only ever grows, so a progress display does
    // not fall back from the probe's count to 0.
    let total = AtomicU64::new(0);
    let cancel: Vec<Arc<AtomicBool>> = parts
        .iter()
        .map(|_| Arc::new(AtomicBool::new(false)))
        .collect();
    let run_part = |i: usize| -> PartResult {
        let part = &parts[i];
        let mut kept = Found::new(puzzle, keep, stop_at);
        let part_driver = driver.cancelled_by(cancel[i].clone());
        let strategy = crate::kinds::of(&part.puzzle).plan();
        let ran = part_driver.search(strategy.as_ref(), &mut |values| {
            if !part.holds(values) {
                return Flow::Continue;
            }
            let had = kept.count();
            let flow = kept.offer(values);
            if let (Some(live), true) = (live, kept.count() > had) {
                live.fetch_max(total.fetch_add(1, Ordering::Relaxed) + 1, Ordering::Relaxed);
            }
            if stop_at == u64::MAX || kept.bug.is_some() {
                return flow;
            }
            // Stored before this part stops on its own too: the later
            // parts are cancelled by what it found.
            found[i].store(kept.count, Ordering::Relaxed);
            // A later part is not needed once the parts before it have
            // `stop_at` between them; this one stops on the same rule.
            let mut before: u64 = 0;
            let mut up_to_here = 0;
            for (j, n) in found.iter().enumerate() {
                if j > i && before >= stop_at {
                    cancel[j].store(true, Ordering::Relaxed);
                }
                before = before.saturating_add(n.load(Ordering::Relaxed));
                if j == i {
                    up_to_here = before;
                }
            }
            if up_to_here >= stop_at {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        PartResult {
            solutions: kept.solutions,
            count: kept.count,
            outcome: ran.outcome,
            bug: kept.bug,
        }
    };
    let results: Vec<PartResult> = match pool(jobs) {
        Some(pool) => {
            let slots: Vec<Mutex<Option<PartResult>>> =
                parts.iter().map(|_| Mutex::new(None)).collect();
            pool.scope_fifo(|scope| {
                for (i, slot) in slots.iter().enumerate() {
                    let run_part = &run_part;
                    scope.spawn_fifo(move |_| {
                        let result = run_part(i);
                        if let Ok(mut slot) = slot.lock() {
                            *slot = Some(result);
                        }
                    });
                }
            });
            slots
                .into_iter()
                .map(|slot| {
                    slot.into_inner().ok().flatten().unwrap_or(PartResult {
                        solutions: Vec::new(),
                        count: 0,
                        outcome: Outcome::Interrupted,
                        bug: Some(Bug::Unfinished),
                    })
                })
                .collect()
        }
        None => (0..parts.len()).map(run_part).collect(),
    };
    merge(results, keep, stop_at)
}

/// The parts' results in part order: the first `keep` solutions, the
/// count up to `stop_at`.
fn merge(results: Vec<PartResult>, keep: u64, stop_at: u64) -> Merged {
    let mut merged = Merged {
        solutions: Vec::new(),
        count: 0,
        outcome: Outcome::Exhausted,
        bug: None,
    };
    for part in results {
        if part.bug.is_some() {
            merged.bug = part.bug;
            break;
        }
        let room = keep.saturating_sub(merged.solutions.len() as u64);
        merged
            .solutions
            .extend(part.solutions.into_iter().take(room as usize));
        merged.count = merged.count.saturating_add(part.count);
        if merged.count >= stop_at {
            merged.count = stop_at;
            merged.outcome = Outcome::Stopped;
            break;
        }
        if part.outcome == Outcome::Interrupted {
            merged.outcome = Outcome::Interrupted;
        }
    }
    merged
}
