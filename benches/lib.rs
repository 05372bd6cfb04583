//! Helpers of the criterion benchmarks (`solvers.rs`): running a planned
//! search to the end.

use crypta_substrate::solve::{Budget, Flow, Limits, Strategy};

/// Runs `strategy` to the end and counts what it reports.
pub fn count_all(strategy: &dyn Strategy) -> u64 {
    let limits = Limits::default();
    let mut budget = Budget::new(&limits);
    let mut n = 0;
    strategy.search(&mut budget, &mut |_| {
        n += 1;
        Flow::Continue
    });
    n
}
