//! The plan of a run: which search, and how a query uses it. [`plan`]
//! decides everything before anything is searched and returns it as a
//! plain value, a [`Plan`]: the strategy the puzzle's kind picks for its
//! shape ([`crate::kinds::Kind::plan`]; the rules are documented with each
//! kind's strategies under [`crypta_substrate::solve`]) and the [`Route`] the query
//! takes. [`crate::run`] carries the route out, one short function each;
//! `explain` renders the plan ([`Plan::explain`]) after the IR's own
//! description, without solving anything.
//!
//! The routes, and why:
//!
//! - `solve` and `first N` list solutions in the order the strategy finds
//!   them. When the caller gives a sink they are [streamed](Route::Stream),
//!   each handed on as it is verified and then dropped, so printing
//!   millions takes the memory of one; otherwise they are
//!   [collected](Route::Collect). `first 0` searches
//!   [nothing](Route::Nothing). They are never cut into parts: they print
//!   in the search's order as they go, and a part run ahead of its turn
//!   would have to keep everything it found.
//! - `count` goes to the kind's [counter](Route::Counter) when the puzzle
//!   has one (parts that share nothing multiplied, sums counted column by
//!   column over carries: [`crypta_substrate::solve::count`]), but only after a
//!   [`Probe`]: the strategy lists the solutions for
//!   [`COUNT_PROBE_NODES`] nodes or [`COUNT_PROBE_SOLUTIONS`] solutions.
//!   A count of a few hundred is done in that time, sooner than a counter
//!   sets up its states; a count that outgrows it is left to the counter
//!   from scratch. A counter that does less than any listing (letters
//!   whose coefficients cancel, counted by arithmetic) is [at
//!   once](crypta_substrate::solve::count::Counter::at_once): no probe.
//! - `count` without a counter, and `unique`, [search on one
//!   core](Route::Split) for [`PROBE_NODES`] nodes, then cut what is left
//!   into parts for every core ([`crate::kinds::split`]). Most searches end
//!   within the probe, so the cut costs them nothing, and a long search
//!   loses at most the probe's work. The cut depends only on the puzzle,
//!   never on the number of cores, and the parts' results are merged in
//!   part order, so `--jobs` never changes an answer. There is no cut
//!   under a node limit, which must stop the run at the same node every
//!   time (fuzzing relies on it), nor for a kind with no variables to cut
//!   on (bijective radix additions decide carries, not variables; Kakuro):
//!   its search could only start again from scratch, and a base-36
//!   addition lost a third of its time redoing the probe's 65536 nodes.
//!   Otherwise they are [collected](Route::Collect) on one core.
//! - `answer EXPR:` [lists every solution](Route::Answers) on one core,
//!   tallying the expression's values; `unique answer` stops at the
//!   second value, as `unique` stops at the second solution.
//! - `grade` and `explain steps` [solve, then grade](Route::Grade)
//!   ([`crate::run`]'s `grade`).
//! - `explain` runs nothing: its route holds the routes `count` and
//!   `unique` take without limits, which is what it shows.

use std::fmt::Write;

use crate::kinds::Puzzle;
use crypta_substrate::ir::Query;
use crypta_substrate::solve::count::Counter;
use crypta_substrate::solve::Strategy;

/// Nodes a `count` enumerates before it hands the puzzle to its counter
/// ([`crypta_substrate::solve::count`]): a count of a few hundred solutions is done
/// in less time than a counter takes to set up its states.
pub const COUNT_PROBE_NODES: u64 = 1 << 14;

/// Solutions a `count` lists before it hands the puzzle to its counter:
/// each listed solution is verified in exact arithmetic, which for long
/// words costs more than a node.
pub const COUNT_PROBE_SOLUTIONS: u64 = 256;

/// Nodes a search may take on one core before it is cut into parts:
/// most puzzles finish well within it, so cutting costs them nothing,
/// and a long search loses at most this much work.
pub const PROBE_NODES: u64 = 1 << 16;

/// What a plan depends on besides the puzzle and the query: how the run
/// is limited and where its solutions go. The default is a run without
/// limits that keeps its solutions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Setup {
    /// Search nodes allowed (`--max-nodes`), if limited.
    pub max_nodes: Option<u64>,
    /// Nodes of the one-core probe before a search is cut into parts
    /// ([`PROBE_NODES`] when `None`); tests set it low to cut small
    /// searches.
    pub probe_nodes: Option<u64>,
    /// The solutions of `solve` and `first N` go to a sink as they are
    /// found.
    pub streamed: bool,
}

/// A whole run, decided before it starts.
pub struct Plan<'p> {
    /// The search the puzzle's kind picked for it.
    pub strategy: Box<dyn Strategy>,
    /// How the query uses it.
    pub route: Route<'p>,
    /// Solutions kept to show: every one for `solve`, N for `first N`,
    /// two for `unique`, none for the rest.
    pub keep: u64,
    /// Solutions after which the search stops: N for `first N`, two for
    /// `unique`, never for the rest.
    pub stop_at: u64,
}

/// How a query runs: see the [module docs](self) for why each is taken.
pub enum Route<'p> {
    /// `explain`: nothing is searched; shows the routes `count` and
    /// `unique` take without limits.
    Explain {
        /// The route of `count`.
        count: Box<Route<'p>>,
        /// The route of `unique`.
        unique: Box<Route<'p>>,
    },
    /// `grade`, `explain steps`: the first solution is searched for, then
    /// checked step by step.
    Grade,
    /// `first 0`: nothing is searched.
    Nothing,
    /// `answer EXPR:`: every solution is listed on one core and the
    /// expression's value tallied; `unique answer` stops at the second
    /// value. Never cut into parts: the tally is small, the listing
    /// short for a puzzle with a question.
    Answers {
        /// `unique answer`.
        unique: bool,
    },
    /// `count`: the strategy lists solutions within `probe`, and the
    /// counter counts them all when they outgrow it.
    Counter {
        /// Counts without listing.
        counter: Box<dyn Counter + 'p>,
        /// How far the listing goes first.
        probe: Probe,
    },
    /// `count` or `unique`: the strategy searches `probe_nodes` nodes on
    /// one core, then what is left is cut into parts searched on every
    /// core and merged in part order.
    Split {
        /// Nodes searched before the cut.
        probe_nodes: u64,
    },
    /// `solve`, `first N`: each solution goes to the sink when it is
    /// found, and is not kept.
    Stream,
    /// The strategy searches on one core, keeping the solutions to show.
    Collect,
}

/// How far `count` lists solutions before it turns to its counter: the
/// listing stops at whichever limit comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// Search nodes: [`COUNT_PROBE_NODES`], or the node limit when lower.
    pub nodes: u64,
    /// Solutions: past [`COUNT_PROBE_SOLUTIONS`], the counter takes over.
    pub solutions: u64,
}

/// The plan for asking `query` of `puzzle` under `setup`.
pub fn plan<'p>(puzzle: &'p Puzzle, query: Query, setup: &Setup) -> Plan<'p> {
    let (keep, stop_at) = match query {
        Query::Solve => (u64::MAX, u64::MAX),
        Query::First(n) => (n, n),
        Query::Unique => (2, 2),
        Query::Count
        | Query::Explain
        | Query::Grade
        | Query::ExplainSteps
        | Query::Answer { .. } => (0, u64::MAX),
    };
    let strategy = crate::kinds::of(puzzle).plan();
    Plan {
        route: route(puzzle, query, setup, strategy.as_ref()),
        strategy,
        keep,
        stop_at,
    }
}

/// The route `query` takes; the order of the arms is the order of the
/// rules in the module docs.
fn route<'p>(puzzle: &'p Puzzle, query: Query, setup: &Setup, planned: &dyn Strategy) -> Route<'p> {
    let kind = crate::kinds::of(puzzle);
    let cut = || setup.max_nodes.is_none() && !kind.split_vars(planned).is_empty();
    let split = || Route::Split {
        probe_nodes: setup.probe_nodes.unwrap_or(PROBE_NODES),
    };
    match query {
        Query::Explain => {
            let unlimited = Setup::default();
            Route::Explain {
                count: Box::new(route(puzzle, Query::Count, &unlimited, planned)),
                unique: Box::new(route(puzzle, Query::Unique, &unlimited, planned)),
            }
        }
        Query::Grade | Query::ExplainSteps => Route::Grade,
        Query::Answer { unique } => Route::Answers { unique },
        Query::First(0) => Route::Nothing,
        Query::Count => match kind.counter() {
            Some(counter) if counter.at_once() => Route::Counter {
                counter,
                probe: Probe {
                    nodes: 0,
                    solutions: 0,
                },
            },
            Some(counter) => Route::Counter {
                counter,
                probe: Probe {
                    nodes: COUNT_PROBE_NODES.min(setup.max_nodes.unwrap_or(u64::MAX)),
                    solutions: COUNT_PROBE_SOLUTIONS,
                },
            },
            None if cut() => split(),
            None => Route::Collect,
        },
        Query::Unique if cut() => split(),
        Query::Solve | Query::First(_) if setup.streamed => Route::Stream,
        Query::Solve | Query::First(_) | Query::Unique => Route::Collect,
    }
}

impl Plan<'_> {
    /// What `explain` shows: the typed puzzle, the strategy's name, how it
    /// searches and its order, and, for the plan of `explain`, how `count`
    /// and `unique` run. Written only when asked.
    pub fn explain(&self, puzzle: &Puzzle) -> String {
        let kind = crate::kinds::of(puzzle);
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
        if let Route::Explain { count, unique } = &self.route {
            self.explain_count(&mut explain, count);
            explain_cut(&mut explain, &[("count", count), ("unique", unique)]);
        }
        explain
    }

    /// How `count` runs: by its counter, or by enumeration.
    fn explain_count(&self, explain: &mut String, count: &Route<'_>) {
        match count {
            Route::Counter { counter, probe } if probe.nodes == 0 => {
                let _ = writeln!(explain, "count: {} (at once)", counter.name());
                for line in counter.approach().lines() {
                    let _ = writeln!(explain, "  {}", line);
                }
            }
            Route::Counter { counter, probe } => {
                let _ = writeln!(
                    explain,
                    "count: {} (past {} nodes of enumeration)",
                    counter.name(),
                    probe.nodes
                );
                for line in counter.approach().lines() {
                    let _ = writeln!(explain, "  {}", line);
                }
            }
            _ => {
                let _ = writeln!(explain, "count: enumerated by {}", self.strategy.name());
            }
        }
    }
}

/// Which of the `queries` are cut into parts, and past how many nodes.
fn explain_cut(explain: &mut String, queries: &[(&str, &Route<'_>)]) {
    let mut cut = Vec::new();
    let mut past = 0;
    for (query, route) in queries {
        if let Route::Split { probe_nodes } = route {
            cut.push(*query);
            past = *probe_nodes;
        }
    }
    if !cut.is_empty() {
        let _ = writeln!(
            explain,
            "  {}: a search past {} nodes is cut into parts for every core",
            cut.join(" and "),
            past
        );
    }
}
