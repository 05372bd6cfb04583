//! Runs checked statements: plans each puzzle, searches according to the
//! query, verifies every solution, and returns plain results for
//! [`crate::report`] to render.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::ir::{self, Action, Puzzle, Query};
use crate::kind::Verifier;
use crate::limits::MAX_SHOWN_DIGITS;
use crate::plan;
use crate::solve::{Budget, Flow, Limits, Outcome, Verdict};

/// Limits for running statements.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Per statement.
    pub timeout: Option<Duration>,
    /// Per statement: search nodes allowed (see [`Limits::max_nodes`]).
    pub max_nodes: Option<u64>,
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Kept up to date with the number of solutions found so far, for a
    /// progress display running beside the search.
    pub found: Option<Arc<AtomicU64>>,
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
    /// The puzzle searched, to show its solutions.
    pub puzzle: Arc<Puzzle>,
    pub query: Query,
    pub strategy: &'static str,
    /// Solutions kept for display (none for `count`).
    pub solutions: Vec<Solution>,
    pub count: u64,
    /// False when a limit stopped the search.
    pub complete: bool,
    /// Which limit stopped it, if one did.
    pub stopped_by: Option<Limit>,
}

/// What cut a search short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Time,
    Nodes,
    Interrupt,
    /// The solutions kept to print reached [`crate::limits::MAX_SHOWN_DIGITS`].
    Output,
}

impl StatementResult {
    /// True when a limit cut the search short.
    pub fn incomplete(&self) -> bool {
        matches!(&self.body, ResultBody::Searched(s) if !s.complete)
    }
}

/// One solution, as plain data; [`crate::report`] shows it with its
/// puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// One digit per variable of the puzzle's IR, in its order.
    pub values: Vec<u8>,
    /// Named symbols with their digits, in order of first appearance.
    pub symbols: Vec<(char, u32)>,
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
        Action::Ask { query, puzzle } => (puzzle.kind().name(), ask(*query, puzzle, options)?),
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
    let limits = Limits {
        deadline: options.timeout.map(|t| Instant::now() + t),
        interrupt: options.interrupt.clone(),
        max_nodes: options.max_nodes,
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
    let mut found = Found::new(puzzle, keep, stop_at);
    found.live = options.found.clone();
    let (outcome, budget_nodes) = if stop_at == 0 {
        (Outcome::Stopped, 0)
    } else {
        let mut budget = Budget::new(&limits);
        let outcome = plan
            .strategy
            .search(&mut budget, &mut |values| found.offer(values));
        (outcome, budget.nodes())
    };
    if let Some(bug) = found.bug {
        return Err(format!(
            "internal error: the {} strategy reported an assignment that {}; nothing was printed for this statement",
            strategy, bug
        ));
    }
    let interrupted = options
        .interrupt
        .as_ref()
        .is_some_and(|flag| flag.load(Ordering::Relaxed));
    let stopped_by = if found.full {
        Some(Limit::Output)
    } else {
        (outcome == Outcome::Interrupted).then(|| {
            if interrupted {
                Limit::Interrupt
            } else if budget_nodes > limits.max_nodes.unwrap_or(u64::MAX) {
                Limit::Nodes
            } else {
                Limit::Time
            }
        })
    };
    Ok(ResultBody::Searched(Search {
        puzzle: Arc::new(puzzle.clone()),
        query,
        strategy,
        solutions: found.solutions,
        count: found.count,
        complete: stopped_by.is_none(),
        stopped_by,
    }))
}

/// Collects what a search reports, verifying each assignment first.
struct Found<'a> {
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
    fn new(puzzle: &'a Puzzle, keep: u64, stop_at: u64) -> Self {
        let kind = puzzle.kind();
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

    fn offer(&mut self, values: &[u8]) -> Flow {
        match (self.verifier)(values) {
            Verdict::Solution => {}
            Verdict::FailsProperty => return Flow::Continue,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_script;
    use crate::solve::Budget;

    fn puzzle(script: &str) -> Puzzle {
        let (statements, diagnostics) = check_script(script);
        assert!(diagnostics.is_empty(), "{:?}", diagnostics);
        match statements.into_iter().next().map(|s| s.action) {
            Some(Action::Ask { puzzle, .. }) => puzzle,
            _ => panic!("{}", script),
        }
    }

    /// A wrong assignment offered by a strategy is never counted or kept:
    /// the search is stopped and the statement reports an internal error.
    /// This is the release-build check every printed solution passes.
    #[test]
    fn a_wrong_solution_is_never_kept() {
        // Puzzles with exactly one solution: any other assignment is wrong.
        for script in [
            "SEND + MORE = MONEY",
            "kakuro {\n # 4\\ 3\\\n \\3 . .\n \\4 . .\n}",
            "multiplication {\n  1*\nx  3\n  36\n}",
            "division {\n     *\n3 ) 21\n    21\n}",
        ] {
            let puzzle = puzzle(script);
            let limits = crate::solve::Limits::default();
            let mut budget = Budget::new(&limits);
            let mut right = Vec::new();
            plan::plan(&puzzle).strategy.search(&mut budget, &mut |v| {
                right = v.to_vec();
                Flow::Stop
            });
            assert!(!right.is_empty(), "{}", script);
            let mut found = Found::new(&puzzle, u64::MAX, u64::MAX);
            assert_eq!(found.offer(&right), Flow::Continue, "{}", script);
            assert_eq!((found.count, found.solutions.len()), (1, 1), "{}", script);
            assert!(found.bug.is_none(), "{}: {:?}", script, found.bug);
            for v in 0..right.len() {
                let mut wrong = right.clone();
                wrong[v] = (wrong[v] + 1) % 10;
                let mut found = Found::new(&puzzle, u64::MAX, u64::MAX);
                assert_eq!(found.offer(&wrong), Flow::Stop, "{}: {:?}", script, wrong);
                assert_eq!(found.count, 0, "{}: {:?} was counted", script, wrong);
                assert!(found.solutions.is_empty() && found.bug.is_some());
            }
            // Too few values, or a digit outside the base, are caught too.
            let mut found = Found::new(&puzzle, u64::MAX, u64::MAX);
            assert_eq!(found.offer(&right[1..]), Flow::Stop, "{}", script);
            let mut outside = right.clone();
            outside[0] = 60;
            assert_eq!(found.offer(&outside), Flow::Stop, "{}", script);
            assert_eq!(found.count, 0);
        }
    }

    /// An assignment that meets the equations but not a word property is
    /// skipped quietly: strategies leave properties to the verifier.
    #[test]
    fn a_solution_failing_a_property_is_skipped() {
        let puzzle = puzzle("A + B = CD with repeats, CD prime");
        let mut found = Found::new(&puzzle, u64::MAX, u64::MAX);
        assert_eq!(found.offer(&[9, 9, 1, 8]), Flow::Continue);
        assert_eq!(found.offer(&[9, 8, 1, 7]), Flow::Continue);
        assert_eq!(found.count, 1);
        assert!(found.bug.is_none());
    }
}
