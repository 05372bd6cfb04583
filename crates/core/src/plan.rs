//! Strategy choice. Each kind picks the search that fits its puzzle's shape
//! best ([`crate::kind::Kind::plan`]; the rules are documented with each
//! kind's strategies under [`crate::solve`]); `explain` prints the typed
//! puzzle and that choice, as the IR and the strategy describe themselves,
//! without solving anything.

use std::fmt::Write;

use crate::ir::Puzzle;
use crate::solve::Strategy;

/// A strategy ready to run.
pub struct Plan {
    /// The search the puzzle's kind picked for it.
    pub strategy: Box<dyn Strategy>,
}

/// Picks the strategy for `puzzle`.
pub fn plan(puzzle: &Puzzle) -> Plan {
    Plan {
        strategy: crate::kind::of(puzzle).plan(),
    }
}

impl Plan {
    /// What `explain` shows: the typed puzzle, the strategy's name, how it
    /// searches and its order, and how `count` and `unique` run. Written
    /// only when asked: building the counter to describe it costs as much
    /// as a small search.
    pub fn explain(&self, puzzle: &Puzzle) -> String {
        let kind = crate::kind::of(puzzle);
        let strategy = &self.strategy;
        let mut explain = puzzle.describe();
        let _ = writeln!(explain, "strategy: {}", strategy.name());
        for line in strategy.approach().lines() {
            let _ = writeln!(explain, "  {}", line);
        }
        let order: Vec<String> = strategy
            .order()
            .into_iter()
            .map(|v| kind.var_name(v))
            .collect();
        if !order.is_empty() {
            let _ = writeln!(explain, "  order: {}", order.join(" "));
        }
        let counter = kind.counter();
        let cut = if counter.is_some() {
            "unique"
        } else {
            "count and unique"
        };
        match counter {
            Some(counter) => {
                let _ = writeln!(
                    explain,
                    "count: {} (past {} nodes of enumeration)",
                    counter.name(),
                    crate::solve::count::COUNT_PROBE_NODES
                );
                for line in counter.approach().lines() {
                    let _ = writeln!(explain, "  {}", line);
                }
            }
            None => {
                let _ = writeln!(explain, "count: enumerated by {}", strategy.name());
            }
        }
        if !kind.split_vars().is_empty() {
            let _ = writeln!(
                explain,
                "  {}: a search past {} nodes is cut into parts for every core",
                cut,
                crate::kind::split::PROBE_NODES
            );
        }
        explain
    }
}
