//! Runs checked statements: plans each query ([`crate::plan`]), carries
//! the plan out (`routes`: one short function per route), verifies every
//! solution, and returns plain results for [`crate::report`] to render.
//! [`run_statement_streaming`] hands the solutions of `solve` and
//! `first N` to a sink as they are found instead of keeping them, so
//! printing millions takes no more memory than one.

use crypta_substrate::limits::clock::Duration;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

pub mod driver;
mod error;
pub mod fixes;
mod grade;
mod options;
mod parallel;
mod routes;

pub use error::{Bug, RunError};
pub use fixes::Fixes;
pub use grade::{Grade, GradeOutcome};
pub use options::Options;

use crate::kinds::Puzzle;
use crate::program::Action;
use crypta_substrate::ir::Query;
use crypta_substrate::limits::MAX_SHOWN_DIGITS;
use crypta_substrate::solve::count::Count;
use crypta_substrate::solve::{Flow, Verdict, Verifier};
use routes::ask;

/// Limits for running statements.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Per statement.
    pub timeout: Option<Duration>,
    /// Per statement: search nodes allowed (see
    /// [`crypta_substrate::solve::Limits::max_nodes`]).
    pub max_nodes: Option<u64>,
    /// Set from outside (Ctrl-C) to stop the running search.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Kept up to date with the number of solutions found so far, for a
    /// progress display running beside the search.
    pub found: Option<Arc<AtomicU64>>,
    /// Threads for a `count` or `unique` that outgrows one core's probe
    /// ([`crate::plan::Route::Split`]); 0 for every core. The answers are
    /// the same for any number.
    pub jobs: usize,
    /// Nodes of the one-core probe before a search is cut into parts
    /// ([`crate::plan::PROBE_NODES`] when `None`); tests set it low to cut small
    /// searches.
    #[doc(hidden)]
    pub probe_nodes: Option<u64>,
    /// The solutions streamed to a sink ([`run_statement_streaming`]) are
    /// not capped at [`MAX_SHOWN_DIGITS`]: the sink's consumer decides
    /// when to stop (a generator pulled for as long as it is wanted), not
    /// what one statement may print. Solutions kept in the result are
    /// always capped.
    pub uncapped_stream: bool,
}

impl RunOptions {
    /// The threads to search on: [`RunOptions::jobs`], or every core.
    pub fn threads(&self) -> usize {
        crypta_substrate::solve::threads_for(self.jobs)
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
    /// Solutions found: all of them when `exact`, else a lower bound.
    /// `first N` stops at N and `unique` at 2. Exact at any size: `count`
    /// may get it without listing the solutions.
    pub count: Count,
    /// True when `count` (and each count of `answers`) is every solution
    /// there is: the search ran to its end. False when a limit cut it, and
    /// when it stopped once it had what the query asks (`first N` at N,
    /// `unique` at two solutions, `unique answer` at two values).
    pub exact: bool,
    /// False when a limit cut anything short: the search, or after it
    /// `unique`'s search for givens ([`Fixes::Cut`]).
    pub complete: bool,
    /// Which limit stopped the search, if one did.
    pub stopped_by: Option<Limit>,
    /// `unique` on a puzzle with two solutions or more, when the search
    /// was complete: which givens would make it unique ([`fixes`]).
    pub fixes: Option<Fixes>,
    /// `answer EXPR:`: the expression's values over the solutions.
    pub answers: Option<Answers>,
}

/// The values an `answer` query's expression takes over the solutions.
/// They are kept, like solutions, up to what one statement prints
/// ([`crypta_substrate::limits::MAX_SHOWN_DIGITS`] characters of values and the
/// expression written before each): a search with more values stops there
/// ([`Limit::Output`]), so that their number is then a lower bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answers {
    /// The expression as written.
    pub expr: String,
    /// Each value with how many solutions give it, in increasing order;
    /// `None` for solutions where the expression has no value (a division
    /// by 0, or one that does not divide). Every value and count there is
    /// when the search is exact ([`Search::exact`]); else the values found
    /// so far, each with a lower bound of its count.
    pub values: Vec<(Option<num_bigint::BigInt>, u64)>,
}

impl Answers {
    /// One value, or none (no solution): what `unique answer` asks.
    pub fn is_unique(&self) -> bool {
        self.values.len() <= 1
    }
}

/// What cut a search short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The time limit of the statement.
    Time,
    /// The node limit ([`crate::run::Options::max_nodes`]).
    Nodes,
    /// An interrupt (Ctrl-C) from outside.
    Interrupt,
    /// The solutions printed (or kept to print) reached
    /// [`crypta_substrate::limits::MAX_SHOWN_DIGITS`], or an `answer` query's values
    /// did.
    Output,
}

impl StatementResult {
    /// True when a limit cut the search short.
    // Used by the integration tests only.
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

pub use crypta_substrate::solve::Solution;

/// Runs one checked statement. An `Err` is an internal error: a strategy
/// reported an assignment that fails verification, and nothing of it is
/// shown.
pub fn run_statement(
    statement: &crate::program::Statement,
    options: &RunOptions,
) -> Result<StatementResult, RunError> {
    run(statement, options, None)
}

/// Runs `query` on a checked puzzle value, as [`run_statement`] runs a
/// statement asking it on that puzzle: for a caller that holds the puzzle
/// (a generator), not a statement to write out and check again. An `Err`
/// is an internal error, as for [`run_statement`].
pub fn run_query(
    query: Query,
    puzzle: &Puzzle,
    options: &RunOptions,
) -> Result<ResultBody, RunError> {
    ask(query, puzzle, options, None)
}

/// Runs one checked statement as [`run_statement`] does, except that
/// `solve` and `first N`, the queries that may print without end, stream:
/// `sink` gets the search's head before it starts, then each verified
/// solution when it is found, and the result keeps none of them
/// ([`Search::streamed`]). Other statements send the sink nothing. An
/// `Err` is an internal error, as for [`run_statement`]; the solutions
/// streamed before it were verified.
pub fn run_statement_streaming(
    statement: &crate::program::Statement,
    options: &RunOptions,
    sink: &mut dyn FnMut(StreamEvent<'_>),
) -> Result<StatementResult, RunError> {
    run(statement, options, Some(sink))
}

fn run(
    statement: &crate::program::Statement,
    options: &RunOptions,
    sink: Option<&mut dyn FnMut(StreamEvent<'_>)>,
) -> Result<StatementResult, RunError> {
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
    bug: Option<Bug>,
    live: Option<Arc<AtomicU64>>,
    /// Digits in the solutions kept so far, and whether one more would
    /// have passed `max_digits` ([`MAX_SHOWN_DIGITS`] unless a stream is
    /// uncapped).
    kept_digits: usize,
    max_digits: usize,
    full: bool,
}

impl<'a> Found<'a> {
    /// Keeps the first `keep` solutions and stops after `stop_at`.
    pub fn new(puzzle: &'a Puzzle, keep: u64, stop_at: u64) -> Self {
        let kind = crate::kinds::of(puzzle);
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
            max_digits: MAX_SHOWN_DIGITS,
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
    // Used by the integration tests only.
    pub fn kept(&self) -> usize {
        self.solutions.len()
    }

    /// Takes back the last solution counted, which is not shown (an
    /// `answer` query whose values filled what one statement prints): the
    /// search stops there, as [`Limit::Output`] says.
    fn take_back_full(&mut self) {
        self.count = self.count.saturating_sub(1);
        if let Some(live) = &self.live {
            live.store(self.count, Ordering::Relaxed);
        }
        self.full = true;
    }

    /// Why an assignment a strategy reported is wrong, if one was.
    pub fn bug(&self) -> Option<&Bug> {
        self.bug.as_ref()
    }

    /// Verifies an assignment a strategy reports, and counts and keeps it
    /// if it is a solution; says whether the search goes on.
    pub fn offer(&mut self, values: &[u8]) -> Flow {
        match (self.verifier)(values) {
            Verdict::Solution => {}
            // Rejected because the limits stopped an arithmetic step of
            // the check: not a bug, the search is interrupted
            // (`Budget::settle`).
            Verdict::Invalid(_) if crypta_substrate::limits::watch::tripped() => return Flow::Stop,
            Verdict::Invalid(why) => {
                self.bug = Some(Bug::Refused(why));
                return Flow::Stop;
            }
        }
        if self.count < self.keep {
            // Stop before keeping more than can be printed; the solution is
            // not counted either, so what is shown is what is counted.
            self.kept_digits = self.kept_digits.saturating_add(values.len().max(1));
            if self.kept_digits > self.max_digits {
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
