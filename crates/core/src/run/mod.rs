//! Runs checked statements: plans each puzzle, searches according to the
//! query, verifies every solution, and returns plain results for
//! [`crate::report`] to render. [`run_statement_streaming`] hands the
//! solutions of `solve` and `first N` to a sink as they are found instead
//! of keeping them, so printing millions takes no more memory than one.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use web_time::{Duration, Instant};

pub mod fixes;
mod grade;
mod parallel;

pub use parallel::PROBE_NODES;

pub use crate::solve::count::COUNT_PROBE_NODES;

/// Solutions a `count` lists before it hands the puzzle to its counter:
/// each listed solution is verified in exact arithmetic, which for long
/// words costs more than a node.
pub const COUNT_PROBE_SOLUTIONS: u64 = 256;
pub use fixes::{Fixes, Given};
pub use grade::{Grade, GradeOutcome};

use crate::ir::{self, Action, Puzzle, Query};
use crate::kind::split;
use crate::limits::MAX_SHOWN_DIGITS;
use crate::plan;
use crate::solve::count::Count;
use crate::solve::{Budget, Flow, Limits, Outcome, Verdict, Verifier};

/// Limits for running statements.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Per statement.
    pub timeout: Option<Duration>,
    /// Per statement: search nodes allowed (see [`Limits::max_nodes`]).
    pub max_nodes: Option<u64>,
    /// Set from outside (Ctrl-C) to stop the running search.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Kept up to date with the number of solutions found so far, for a
    /// progress display running beside the search.
    pub found: Option<Arc<AtomicU64>>,
    /// Threads for a `count` or `unique` that outgrows one core's probe
    /// ([`parallel`]); 0 for every core. The answers are the same for any
    /// number.
    pub jobs: usize,
    /// Nodes of the one-core probe before a search is cut into parts
    /// ([`parallel::PROBE_NODES`] when `None`); tests set it low to cut
    /// small searches.
    #[doc(hidden)]
    pub probe_nodes: Option<u64>,
}

impl RunOptions {
    /// The threads to search on: [`RunOptions::jobs`], or every core.
    pub fn threads(&self) -> usize {
        crate::solve::threads_for(self.jobs)
    }
}

/// What one statement produced.
#[derive(Clone, Debug)]
pub struct StatementResult {
    /// Position among the script's statements, from 1 (`let` included).
    pub number: usize,
    /// The line the statement starts on, from 1.
    pub line: usize,
    /// The statement as written.
    pub text: String,
    /// The puzzle's kind: `letters`, `multiplication`, `division` or `kakuro`.
    pub kind: &'static str,
    /// What the statement produced.
    pub body: ResultBody,
}

/// What a statement produced, by what it asked.
#[derive(Clone, Debug)]
pub enum ResultBody {
    /// `let NAME = ...`
    Bound {
        /// The name defined.
        name: String,
    },
    /// `explain`
    Explained {
        /// The strategy the planner chose.
        strategy: &'static str,
        /// The whole explanation: the typed puzzle and the strategy.
        text: String,
    },
    /// `solve`, `first N`, `count`, `unique`
    Searched(Search),
    /// `grade`, `explain steps`
    Graded(Grade),
}

/// What a search found, and whether it looked everywhere.
#[derive(Clone, Debug)]
pub struct Search {
    /// The puzzle searched, to show its solutions.
    pub puzzle: Arc<Puzzle>,
    /// What was asked: it decides how many solutions are kept and when to stop.
    pub query: Query,
    /// The strategy that searched.
    pub strategy: &'static str,
    /// Solutions kept for display (none for `count`, none when
    /// `streamed`).
    pub solutions: Vec<Solution>,
    /// The solutions went to a sink as they were found
    /// ([`run_statement_streaming`]) and are not in `solutions`; `count`
    /// says how many there were.
    pub streamed: bool,
    /// Solutions found: all of them when `complete`, else a lower bound.
    /// `first N` stops at N and `unique` at 2. Exact at any size: `count`
    /// may get it without listing the solutions.
    pub count: Count,
    /// False when a limit stopped the search.
    pub complete: bool,
    /// Which limit stopped it, if one did.
    pub stopped_by: Option<Limit>,
    /// `unique` on a puzzle with two solutions or more, when the search
    /// was complete: which givens would make it unique ([`fixes`]).
    pub fixes: Option<Fixes>,
}

/// What cut a search short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The time limit of the statement.
    Time,
    /// The node limit ([`RunOptions::max_nodes`]).
    Nodes,
    /// An interrupt (Ctrl-C) from outside.
    Interrupt,
    /// The solutions printed (or kept to print) reached
    /// [`crate::limits::MAX_SHOWN_DIGITS`].
    Output,
}

impl StatementResult {
    /// True when a limit cut the search short.
    pub fn incomplete(&self) -> bool {
        matches!(&self.body, ResultBody::Searched(s) if !s.complete)
    }
}

/// What is known of a search before it runs: the statement, its puzzle,
/// the query and the strategy. Rendered, it is the start of the
/// statement's output, which a streamed run prints before the first
/// solution is found.
#[derive(Clone, Copy, Debug)]
pub struct Head<'a> {
    /// Position among the script's statements, from 1 (`let` included).
    pub number: usize,
    /// The line the statement starts on, from 1.
    pub line: usize,
    /// The statement as written.
    pub text: &'a str,
    /// The puzzle's kind, as [`StatementResult::kind`].
    pub kind: &'static str,
    /// The puzzle searched, to show its solutions.
    pub puzzle: &'a Puzzle,
    /// What was asked.
    pub query: Query,
    /// The strategy that searches.
    pub strategy: &'static str,
}

impl<'a> Head<'a> {
    /// The head of `search`, the body of `result`: what a streamed run
    /// reported before searching.
    pub fn of(result: &'a StatementResult, search: &'a Search) -> Self {
        Head {
            number: result.number,
            line: result.line,
            text: &result.text,
            kind: result.kind,
            puzzle: &search.puzzle,
            query: search.query,
            strategy: search.strategy,
        }
    }
}

/// What [`run_statement_streaming`] hands its sink, in order: the head,
/// then each solution.
#[derive(Clone, Copy, Debug)]
pub enum StreamEvent<'a> {
    /// Before the search starts.
    Head(Head<'a>),
    /// A verified solution, as soon as it is found; the head comes with it
    /// so that it can be shown without keeping anything.
    Solution {
        /// The head of the search that found it.
        head: Head<'a>,
        /// The solution, which is not kept.
        solution: &'a Solution,
        /// Its place among the statement's solutions, from 0.
        index: u64,
    },
}

pub use crate::solve::Solution;

/// Runs one checked statement. An `Err` is an internal error: a strategy
/// reported an assignment that fails verification, and nothing of it is
/// shown.
pub fn run_statement(
    statement: &ir::Statement,
    options: &RunOptions,
) -> Result<StatementResult, String> {
    run(statement, options, None)
}

/// Runs one checked statement as [`run_statement`] does, except that
/// `solve` and `first N`, the queries that may print without end, stream:
/// `sink` gets the search's head before it starts, then each verified
/// solution when it is found, and the result keeps none of them
/// ([`Search::streamed`]). Other statements send the sink nothing. An
/// `Err` is an internal error, as for [`run_statement`]; the solutions
/// streamed before it were verified.
pub fn run_statement_streaming(
    statement: &ir::Statement,
    options: &RunOptions,
    sink: &mut dyn FnMut(StreamEvent<'_>),
) -> Result<StatementResult, String> {
    run(statement, options, Some(sink))
}

fn run(
    statement: &ir::Statement,
    options: &RunOptions,
    sink: Option<&mut dyn FnMut(StreamEvent<'_>)>,
) -> Result<StatementResult, String> {
    let (kind, body) = match &statement.action {
        Action::Bind { name, kind } => (*kind, ResultBody::Bound { name: name.clone() }),
        Action::Ask { query, puzzle } => {
            let kind = puzzle.kind_name();
            let sink = sink.filter(|_| matches!(query, Query::Solve | Query::First(_)));
            let head = Head {
                number: statement.number,
                line: statement.line,
                text: &statement.text,
                kind,
                puzzle,
                query: *query,
                // Set by `ask` once the plan is made.
                strategy: "",
            };
            (kind, ask(*query, puzzle, options, sink.map(|s| (s, head)))?)
        }
    };
    Ok(StatementResult {
        number: statement.number,
        line: statement.line,
        text: statement.text.clone(),
        kind,
        body,
    })
}

/// Where a streamed search sends its events, and its head.
type Stream<'s, 'h> = (&'s mut dyn FnMut(StreamEvent<'_>), Head<'h>);

fn ask(
    query: Query,
    puzzle: &Puzzle,
    options: &RunOptions,
    stream: Option<Stream<'_, '_>>,
) -> Result<ResultBody, String> {
    let plan = plan::plan(puzzle);
    let mut strategy = plan.strategy.name();
    // The head goes out first, even when nothing is searched (`first 0`).
    let mut stream = stream.map(|(sink, mut head)| {
        head.strategy = strategy;
        sink(StreamEvent::Head(head));
        (sink, head)
    });
    if query == Query::Explain {
        return Ok(ResultBody::Explained {
            strategy,
            text: plan.explain(puzzle),
        });
    }
    if matches!(query, Query::Grade | Query::ExplainSteps) {
        return grade::grade(query, puzzle, &plan, options);
    }
    let limits = Limits {
        deadline: options.timeout.map(|t| Instant::now() + t),
        interrupt: options.interrupt.clone(),
        max_nodes: options.max_nodes,
        cancel: None,
        threads: options.jobs,
    };
    let keep = match query {
        Query::Solve => u64::MAX,
        Query::First(n) => n,
        Query::Unique => 2,
        Query::Count | Query::Explain | Query::Grade | Query::ExplainSteps => 0,
    };
    let stop_at = match query {
        Query::First(n) => n,
        Query::Unique => 2,
        _ => u64::MAX,
    };
    let mut found = Found::new(puzzle, keep, stop_at);
    found.live = options.found.clone();
    let counter = (query == Query::Count)
        .then(|| crate::kind::of(puzzle).counter())
        .flatten();
    let mut counted = None;
    let (outcome, budget_nodes) = if stop_at == 0 {
        (Outcome::Stopped, 0)
    } else if let Some(counter) = counter {
        // Few solutions are counted fastest by listing them: the counter
        // only takes a count that outgrows a short enumeration.
        let probe = Limits {
            max_nodes: Some(COUNT_PROBE_NODES.min(limits.max_nodes.unwrap_or(u64::MAX))),
            ..limits.clone()
        };
        let mut budget = Budget::new(&probe);
        let outcome = plan
            .strategy
            .search(&mut budget, &mut |values| match found.offer(values) {
                _ if found.count > COUNT_PROBE_SOLUTIONS => Flow::Stop,
                flow => flow,
            });
        if outcome == Outcome::Exhausted || found.bug.is_some() {
            (outcome, budget.nodes())
        } else {
            found = Found::new(puzzle, keep, stop_at);
            found.live = options.found.clone();
            strategy = counter.name();
            let mut budget = Budget::new(&limits);
            let result = counter.count(&mut budget);
            found.bug = result.bug.clone();
            let outcome = result.outcome;
            counted = Some(result.count);
            (outcome, budget.nodes())
        }
    } else if matches!(query, Query::Count | Query::Unique)
        && limits.max_nodes.is_none()
        && !crate::kind::of(puzzle).split_vars().is_empty()
    {
        // A short probe on one core first: most searches end in it. A node
        // limit keeps the run as it is, so fuzzing stops at the same place.
        // A puzzle with nothing to cut on (bijective radix additions decide
        // carries, not variables; Kakuro) skips it: its search could only
        // start again from scratch, and a base-36 addition lost a third of
        // its time redoing the probe's 65536 nodes.
        let probe_nodes = options.probe_nodes.unwrap_or(parallel::PROBE_NODES);
        let probe = Limits {
            max_nodes: Some(probe_nodes),
            ..limits.clone()
        };
        let mut budget = Budget::new(&probe);
        let outcome = plan
            .strategy
            .search(&mut budget, &mut |values| found.offer(values));
        let probe_ran_out =
            outcome == Outcome::Interrupted && found.bug.is_none() && budget.nodes() > probe_nodes;
        match probe_ran_out.then(|| split::split(puzzle)).flatten() {
            Some(parts) => {
                let merged =
                    parallel::search(puzzle, &parts, &limits, options.threads(), keep, stop_at);
                found.solutions = merged.solutions;
                found.count = merged.count;
                found.bug = merged.bug;
                if let Some(live) = &found.live {
                    live.store(found.count, Ordering::Relaxed);
                }
                (merged.outcome, 0)
            }
            None if probe_ran_out => {
                found = Found::new(puzzle, keep, stop_at);
                found.live = options.found.clone();
                let mut budget = Budget::new(&limits);
                let outcome = plan
                    .strategy
                    .search(&mut budget, &mut |values| found.offer(values));
                (outcome, budget.nodes())
            }
            None => (outcome, budget.nodes()),
        }
    } else if let Some((sink, head)) = &mut stream {
        let head = *head;
        let mut budget = Budget::new(&limits);
        let outcome = plan.strategy.search(&mut budget, &mut |values| {
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
        (outcome, budget.nodes())
    } else {
        let mut budget = Budget::new(&limits);
        let outcome = plan
            .strategy
            .search(&mut budget, &mut |values| found.offer(values));
        (outcome, budget.nodes())
    };
    let streamed = stream.is_some();
    if let Some(bug) = found.bug {
        let shown = if streamed {
            "the solutions printed before it were verified"
        } else {
            "nothing was printed for this statement"
        };
        return Err(format!(
            "internal error: the {} strategy reported an assignment that {}; {}",
            strategy, bug, shown
        ));
    }
    let stopped_by = if found.full {
        Some(Limit::Output)
    } else {
        (outcome == Outcome::Interrupted).then(|| limit_reached(options, budget_nodes, &limits))
    };
    let fixes = if query == Query::Unique && stopped_by.is_none() && found.count >= 2 {
        Some(fixes::fixes(puzzle, &limits, options)?)
    } else {
        None
    };
    Ok(ResultBody::Searched(Search {
        puzzle: Arc::new(puzzle.clone()),
        query,
        strategy,
        solutions: found.solutions,
        streamed,
        count: counted.unwrap_or_else(|| Count::from(found.count)),
        complete: stopped_by.is_none(),
        stopped_by,
        fixes,
    }))
}

/// Which limit stopped a search that ended [`Outcome::Interrupted`]
/// after `nodes` nodes under `limits`.
fn limit_reached(options: &RunOptions, nodes: u64, limits: &Limits) -> Limit {
    let interrupted = options
        .interrupt
        .as_ref()
        .is_some_and(|flag| flag.load(Ordering::Relaxed));
    if interrupted {
        Limit::Interrupt
    } else if nodes > limits.max_nodes.unwrap_or(u64::MAX) {
        Limit::Nodes
    } else {
        Limit::Time
    }
}

/// Collects what a search reports, verifying each assignment first. A
/// streamed run takes each solution out as soon as it is kept; the digits
/// kept so far still count towards [`MAX_SHOWN_DIGITS`], which so bounds
/// what one statement prints.
#[doc(hidden)]
pub struct Found<'a> {
    verifier: Verifier<'a>,
    /// The named symbols' variables.
    symbols: Vec<(usize, char)>,
    keep: u64,
    stop_at: u64,
    count: u64,
    solutions: Vec<Solution>,
    bug: Option<String>,
    live: Option<Arc<AtomicU64>>,
    /// Digits in the solutions kept so far, and whether one more would
    /// have passed [`MAX_SHOWN_DIGITS`].
    kept_digits: usize,
    full: bool,
}

impl<'a> Found<'a> {
    /// Keeps the first `keep` solutions and stops after `stop_at`.
    pub fn new(puzzle: &'a Puzzle, keep: u64, stop_at: u64) -> Self {
        let kind = crate::kind::of(puzzle);
        Found {
            verifier: kind.verifier(),
            symbols: kind.symbols(),
            keep,
            stop_at,
            count: 0,
            solutions: Vec::new(),
            bug: None,
            live: None,
            kept_digits: 0,
            full: false,
        }
    }

    fn solution(&self, values: &[u8]) -> Solution {
        Solution {
            values: values.to_vec(),
            symbols: self
                .symbols
                .iter()
                .map(|&(v, c)| (c, u32::from(values[v])))
                .collect(),
        }
    }

    /// Solutions counted.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Solutions kept.
    pub fn kept(&self) -> usize {
        self.solutions.len()
    }

    /// Why an assignment a strategy reported is wrong, if one was.
    pub fn bug(&self) -> Option<&str> {
        self.bug.as_deref()
    }

    /// Verifies an assignment a strategy reports, and counts and keeps it
    /// if it is a solution; says whether the search goes on.
    pub fn offer(&mut self, values: &[u8]) -> Flow {
        match (self.verifier)(values) {
            Verdict::Solution => {}
            Verdict::Invalid(why) => {
                self.bug = Some(why);
                return Flow::Stop;
            }
        }
        if self.count < self.keep {
            // Stop before keeping more than can be printed; the solution is
            // not counted either, so what is shown is what is counted.
            self.kept_digits += values.len().max(1);
            if self.kept_digits > MAX_SHOWN_DIGITS {
                self.full = true;
                return Flow::Stop;
            }
            let solution = self.solution(values);
            self.solutions.push(solution);
        }
        self.count += 1;
        if let Some(live) = &self.live {
            live.store(self.count, Ordering::Relaxed);
        }
        if self.count >= self.stop_at {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}
