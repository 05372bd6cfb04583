//! Runs checked statements: plans each puzzle, searches according to the
//! query, verifies every solution, and returns plain results for
//! [`crate::report`] to render.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::arith;
use crate::ir::{self, Action, Letters, Puzzle, Query};
use crate::plan;
use crate::report::letters::solution_text;
use crate::solve::verify::{verify, Verdict};
use crate::solve::{Budget, Flow, Limits, Outcome};

/// Limits for running statements.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Per statement.
    pub timeout: Option<Duration>,
    pub interrupt: Option<Arc<AtomicBool>>,
}

/// What one statement produced.
#[derive(Clone, Debug)]
pub struct StatementResult {
    pub number: usize,
    pub line: usize,
    /// The statement as written.
    pub text: String,
    pub kind: &'static str,
    pub body: ResultBody,
}

#[derive(Clone, Debug)]
pub enum ResultBody {
    /// `let NAME = ...`
    Bound { name: String },
    /// `explain`
    Explained {
        strategy: &'static str,
        text: String,
    },
    /// `solve`, `first N`, `count`, `unique`
    Searched(Search),
}

#[derive(Clone, Debug)]
pub struct Search {
    pub query: Query,
    pub strategy: &'static str,
    /// Solutions kept for display (none for `count`).
    pub solutions: Vec<Solution>,
    pub count: u64,
    /// False when a limit stopped the search.
    pub complete: bool,
}

impl StatementResult {
    /// True when a limit cut the search short.
    pub fn incomplete(&self) -> bool {
        matches!(&self.body, ResultBody::Searched(s) if !s.complete)
    }
}

/// One solution, ready to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Named symbols with their digits, in order of first appearance.
    pub symbols: Vec<(char, u32)>,
    /// The puzzle with every cell replaced by its digit.
    pub text: String,
}

/// Runs one checked statement. An `Err` is an internal error: a strategy
/// reported an assignment that fails verification, and nothing of it is
/// shown.
pub fn run_statement(
    statement: &ir::Statement,
    options: &RunOptions,
) -> Result<StatementResult, String> {
    let (kind, body) = match &statement.action {
        Action::Bind { name, kind } => (*kind, ResultBody::Bound { name: name.clone() }),
        Action::Ask { query, puzzle } => (puzzle.kind(), ask(*query, puzzle, options)?),
    };
    Ok(StatementResult {
        number: statement.number,
        line: statement.line,
        text: statement.text.clone(),
        kind,
        body,
    })
}

fn ask(query: Query, puzzle: &Puzzle, options: &RunOptions) -> Result<ResultBody, String> {
    let plan = plan::plan(puzzle);
    let strategy = plan.strategy.name();
    if query == Query::Explain {
        return Ok(ResultBody::Explained {
            strategy,
            text: plan.explain,
        });
    }
    let Puzzle::Letters(letters) = puzzle;
    let limits = Limits {
        deadline: options.timeout.map(|t| Instant::now() + t),
        interrupt: options.interrupt.clone(),
    };
    let keep = match query {
        Query::Solve => u64::MAX,
        Query::First(n) => n,
        Query::Unique => 2,
        Query::Count | Query::Explain => 0,
    };
    let stop_at = match query {
        Query::First(n) => n,
        Query::Unique => 2,
        _ => u64::MAX,
    };
    let mut found = Found::new(letters, keep, stop_at);
    let outcome = if stop_at == 0 {
        Outcome::Stopped
    } else {
        let mut budget = Budget::new(&limits);
        plan.strategy
            .search(&mut budget, &mut |values| found.offer(values))
    };
    if let Some(bug) = found.bug {
        return Err(format!(
            "internal error: the {} strategy reported an assignment that {}; nothing was printed for this statement",
            strategy, bug
        ));
    }
    Ok(ResultBody::Searched(Search {
        query,
        strategy,
        solutions: found.solutions,
        count: found.count,
        complete: outcome != Outcome::Interrupted,
    }))
}

/// Collects what a search reports, verifying each assignment first.
struct Found<'a> {
    letters: &'a Letters,
    in_i128: bool,
    keep: u64,
    stop_at: u64,
    count: u64,
    solutions: Vec<Solution>,
    bug: Option<String>,
}

impl<'a> Found<'a> {
    fn new(letters: &'a Letters, keep: u64, stop_at: u64) -> Self {
        Found {
            letters,
            in_i128: arith::fits_i128(letters),
            keep,
            stop_at,
            count: 0,
            solutions: Vec::new(),
            bug: None,
        }
    }

    fn offer(&mut self, values: &[u8]) -> Flow {
        match verify(self.letters, values, self.in_i128) {
            Verdict::Solution => {}
            Verdict::FailsProperty => return Flow::Continue,
            Verdict::Invalid(why) => {
                self.bug = Some(why);
                return Flow::Stop;
            }
        }
        self.count += 1;
        if self.count <= self.keep {
            self.solutions.push(Solution {
                symbols: self
                    .letters
                    .symbols()
                    .map(|(v, c)| (c, u32::from(values[v])))
                    .collect(),
                text: solution_text(self.letters, values),
            });
        }
        if self.count >= self.stop_at {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}
