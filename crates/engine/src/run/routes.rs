//! Carries a [`Plan`] out: [`ask`] plans the query and hands the plan to
//! its route's function, one short search each ([`crate::plan`] says why
//! each route is taken), then [`finish`] turns how the search ended into
//! the statement's result: a strategy's bug, the limit that stopped it,
//! the fixes of a `unique` with two solutions.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

use num_bigint::BigInt;
use std::sync::Arc;

use crypta_substrate::limits::MAX_SHOWN_DIGITS;

use super::driver::Driver;
use super::{
    fixes, grade, parallel, Answers, Bug, Found, Head, Limit, ResultBody, RunError, RunOptions,
    Search, StreamEvent,
};
use crate::kinds::split::{self, Part};
use crate::kinds::Puzzle;
use crate::plan::{self, Plan, Probe, Route, Setup};
use crypta_substrate::ir::Letters;
use crypta_substrate::ir::Query;
use crypta_substrate::solve::count::{Count, Counter};
use crypta_substrate::solve::{Budget, Flow, Outcome};

/// Where a streamed search sends its events, and its head.
pub(super) type Stream<'s, 'h> = (&'s mut dyn FnMut(StreamEvent<'_>), Head<'h>);

/// Plans `query` of `puzzle` and runs it; the head goes to `stream`
/// first, if one is given.
pub(super) fn ask(
    query: Query,
    puzzle: &Puzzle,
    options: &RunOptions,
    stream: Option<Stream<'_, '_>>,
) -> Result<ResultBody, RunError> {
    let setup = Setup {
        max_nodes: options.max_nodes,
        probe_nodes: options.probe_nodes,
        streamed: stream.is_some(),
    };
    let plan = plan::plan(puzzle, query, &setup);
    let strategy = plan.strategy.name();
    // The head goes out first, even when nothing is searched (`first 0`).
    let mut stream = stream.map(|(sink, mut head)| {
        head.strategy = strategy;
        sink(StreamEvent::Head(head));
        (sink, head)
    });
    let run = match plan.route {
        Route::Explain { .. } => {
            return Ok(ResultBody::Explained {
                strategy,
                text: plan.explain(puzzle),
            })
        }
        Route::Grade => return grade::grade(query, puzzle, &plan, options),
        _ => Searching {
            puzzle,
            plan: &plan,
            options,
            driver: Driver::for_statement(options),
        },
    };
    let ended = match (&plan.route, &mut stream) {
        (Route::Nothing, _) => nothing(&run),
        (Route::Answers { unique }, _) => answers(&run, *unique),
        (Route::Counter { counter, probe }, _) => count_by_counter(&run, counter.as_ref(), *probe),
        (Route::Split { probe_nodes }, _) => split_and_merge(&run, *probe_nodes),
        (Route::Stream, Some((sink, head))) => stream_solutions(&run, &mut **sink, *head),
        // `explain` and `grade` returned above, and a plan streams only
        // when it is given a sink.
        (Route::Stream | Route::Collect | Route::Explain { .. } | Route::Grade, _) => collect(&run),
    };
    finish(query, &run, ended, stream.is_some())
}

/// What a route searches with: the puzzle and its plan, under the
/// statement's limits.
struct Searching<'a, 'p> {
    puzzle: &'p Puzzle,
    plan: &'a Plan<'p>,
    options: &'a RunOptions,
    driver: Driver,
}

impl<'p> Searching<'_, 'p> {
    /// Nothing found yet: keeps and stops as the plan says, and shows the
    /// count live.
    fn found(&self) -> Found<'p> {
        let mut found = Found::new(self.puzzle, self.plan.keep, self.plan.stop_at);
        found.live = self.options.found.clone();
        found
    }

    /// The planned strategy's search by `driver`, each assignment
    /// handed to `offer`: how it ended, after how many nodes.
    fn search(&self, driver: &Driver, offer: &mut dyn FnMut(&[u8]) -> Flow) -> (Outcome, u64) {
        let ran = driver.search(self.plan.strategy.as_ref(), offer);
        (ran.outcome, ran.nodes)
    }

    /// How a search by the planned strategy ended.
    fn ended(&self, found: Found<'p>, (outcome, nodes): (Outcome, u64)) -> Ended<'p> {
        Ended {
            found,
            outcome,
            nodes,
            counted: None,
            by: self.plan.strategy.name(),
            answers: None,
        }
    }
}

/// How a route's search ended.
struct Ended<'p> {
    /// The solutions kept and counted, or a strategy's bug.
    found: Found<'p>,
    outcome: Outcome,
    /// Nodes of the search that ended it, to tell which limit stopped it.
    nodes: u64,
    /// The count, when a counter gave it rather than `found`.
    counted: Option<Count>,
    /// What gave the answer: the planned strategy, or the counter.
    by: &'static str,
    /// The values of an `answer` query's expression.
    answers: Option<Answers>,
}

/// `first 0`: stopped before the first node.
fn nothing<'p>(run: &Searching<'_, 'p>) -> Ended<'p> {
    run.ended(run.found(), (Outcome::Stopped, 0))
}

/// One search on one core, keeping the solutions to show.
fn collect<'p>(run: &Searching<'_, 'p>) -> Ended<'p> {
    let mut found = run.found();
    let searched = run.search(&run.driver, &mut |values| found.offer(values));
    run.ended(found, searched)
}

/// `answer EXPR:`: one search on one core, the expression's value of
/// each solution tallied; `unique` stops at the second value. The values
/// are kept as solutions are, up to what one statement prints
/// ([`MAX_SHOWN_DIGITS`] characters, the expression written before each
/// value counted with it): a new value past that stops the search
/// ([`Limit::Output`]), its solution not counted, so that every count
/// shown is of the values shown.
fn answers<'p>(run: &Searching<'_, 'p>, unique: bool) -> Ended<'p> {
    let Some(letters) = run.puzzle.downcast_ref::<Letters>() else {
        // The checker asks answers of letter equations only.
        return collect(run);
    };
    let Some(answer) = &letters.answer else {
        return collect(run);
    };
    let mut found = run.found();
    let mut tally: BTreeMap<Option<BigInt>, u64> = BTreeMap::new();
    let mut shown = 0usize;
    let searched = run.search(&run.driver, &mut |values| {
        let before = found.count;
        let flow = found.offer(values);
        if found.count > before {
            let value = crypta_substrate::arith::condition::term_value(
                &answer.term,
                &letters.words,
                values,
                letters.base,
            );
            if !tally.contains_key(&value) {
                // As printed: in decimal, or "has no value".
                let digits = value.as_ref().map_or(12, |v| v.to_string().len());
                shown = shown.saturating_add(answer.text.len() + digits);
                if shown > MAX_SHOWN_DIGITS {
                    found.take_back_full();
                    return Flow::Stop;
                }
            }
            *tally.entry(value).or_default() += 1;
        }
        if unique && tally.len() >= 2 {
            Flow::Stop
        } else {
            flow
        }
    });
    let mut ended = run.ended(found, searched);
    ended.answers = Some(Answers {
        expr: answer.text.clone(),
        values: tally.into_iter().collect(),
    });
    ended
}

/// One search on one core, each solution handed to `sink` as it is found.
fn stream_solutions<'p>(
    run: &Searching<'_, 'p>,
    sink: &mut dyn FnMut(StreamEvent<'_>),
    head: Head<'_>,
) -> Ended<'p> {
    let mut found = run.found();
    if run.options.uncapped_stream {
        found.max_digits = usize::MAX;
    }
    let searched = run.search(&run.driver, &mut |values| {
        let flow = found.offer(values);
        // Handed on at once and dropped: the Vec only ever holds the
        // one solution just offered, whatever the number printed.
        let count = found.count;
        for solution in found.solutions.drain(..) {
            sink(StreamEvent::Solution {
                head,
                solution: &solution,
                index: count.saturating_sub(1),
            });
        }
        flow
    });
    run.ended(found, searched)
}

/// `count` by listing within `probe`, and by `counter` past it.
fn count_by_counter<'p>(run: &Searching<'_, 'p>, counter: &dyn Counter, probe: Probe) -> Ended<'p> {
    let mut found = run.found();
    let listed = run.search(
        &run.driver.probe(probe.nodes),
        &mut |values| match found.offer(values) {
            _ if found.count > probe.solutions => Flow::Stop,
            flow => flow,
        },
    );
    if listed.0 == Outcome::Exhausted || found.bug.is_some() {
        return run.ended(found, listed);
    }
    let ran = run.driver.run(|budget: &mut Budget| {
        let counted = counter.count(budget);
        (counted.outcome, counted)
    });
    let mut counted = ran.output;
    counted.outcome = ran.outcome;
    let below = counted.count.to_u64().is_some_and(|n| n < found.count);
    if counted.outcome == Outcome::Interrupted && below {
        // A counter a limit stopped has a lower bound (0, or the parts
        // counted so far) that may be below the probe's listing: the
        // better bound is shown.
        counted.count = Count::from(found.count);
    }
    let mut found = run.found();
    found.bug = counted.bug.map(Bug::Refused);
    Ended {
        found,
        outcome: counted.outcome,
        nodes: ran.nodes,
        counted: Some(counted.count),
        by: counter.name(),
        answers: None,
    }
}

/// `count` or `unique` on one core for `probe_nodes` nodes, then, if the
/// search goes on, cut into parts for every core.
fn split_and_merge<'p>(run: &Searching<'_, 'p>, probe_nodes: u64) -> Ended<'p> {
    let mut found = run.found();
    let probed = run.search(&run.driver.probe(probe_nodes), &mut |values| {
        found.offer(values)
    });
    let ran_out = probed.0 == Outcome::Interrupted && found.bug.is_none() && probed.1 > probe_nodes;
    if !ran_out {
        return run.ended(found, probed);
    }
    match split::split(run.puzzle) {
        Some(parts) => merge_parts(run, &parts, found),
        // Nothing to cut after all: the whole search again, from scratch.
        None => collect(run),
    }
}

/// The parts searched on every core and merged in part order, into what
/// the probe found; the probe's count is replaced, its solutions too.
fn merge_parts<'p>(run: &Searching<'_, 'p>, parts: &[Part], mut found: Found<'p>) -> Ended<'p> {
    let merged = parallel::search(
        run.puzzle,
        parts,
        &run.driver,
        run.options.threads(),
        (run.plan.keep, run.plan.stop_at),
        found.live.as_deref(),
    );
    found.solutions = merged.solutions;
    found.count = merged.count;
    found.bug = merged.bug;
    if let Some(live) = &found.live {
        live.store(found.count, Ordering::Relaxed);
    }
    // No one search's nodes tell a limit apart: the parts had their own.
    run.ended(found, (merged.outcome, 0))
}

/// The result of `query` from how its search ended: an `Err` for a
/// strategy's bug; the limit that stopped it; for a `unique` with two
/// solutions, the givens that would make it unique.
fn finish(
    query: Query,
    run: &Searching<'_, '_>,
    ended: Ended<'_>,
    streamed: bool,
) -> Result<ResultBody, RunError> {
    let Ended {
        found,
        outcome,
        nodes,
        counted,
        by,
        answers,
    } = ended;
    if let Some(bug) = found.bug {
        return Err(RunError::Reported {
            strategy: by,
            bug,
            streamed,
        });
    }
    let count = counted.unwrap_or_else(|| Count::from(found.count));
    let stopped_by = if found.full {
        Some(Limit::Output)
    } else {
        (outcome == Outcome::Interrupted).then(|| run.driver.stopped_by(nodes))
    };
    let fixes = if query == Query::Unique && stopped_by.is_none() && found.count >= 2 {
        Some(fixes::fixes(run.puzzle, &run.driver)?)
    } else {
        None
    };
    let fixes_cut = matches!(fixes, Some(fixes::Fixes::Cut(_)));
    Ok(ResultBody::Searched(Search {
        puzzle: Arc::new(run.puzzle.clone()),
        query,
        strategy: by,
        solutions: found.solutions,
        streamed,
        count,
        exact: stopped_by.is_none() && outcome == Outcome::Exhausted,
        complete: stopped_by.is_none() && !fixes_cut,
        stopped_by,
        fixes,
        answers,
    }))
}
