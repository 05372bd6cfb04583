//! The bodies of the fuzz targets. `tests/it/fuzz_regressions.rs` includes
//! this file too, so the regression suite runs exactly what the fuzzers
//! ran: a crash the fuzzer found fails `cargo test` the same way.
//!
//! Every target takes arbitrary bytes and must never panic; `solve` also
//! checks that every answer is right, as far as an independent search can
//! tell within a node budget.

pub mod shapes;

use std::collections::HashSet;

use crypta_core::judge::Problem;
use crypta_engine::kinds::Puzzle;
use crypta_engine::plan;
use crypta_engine::program::check_script;
use crypta_engine::program::Action;
use crypta_engine::report::{diagnostics, json, text};
use crypta_engine::run::{run_statement, Limit, ResultBody, RunOptions, Search, StatementResult};
use crypta_substrate::diagnostic::{Diagnostic, ErrorKind};
use crypta_substrate::ir::Query;
use crypta_substrate::solve::{Budget, Flow, Limits, Outcome, Strategy, Verdict};

/// Search nodes per statement. Small enough that one input runs in
/// milliseconds, large enough that small puzzles finish and get compared.
pub const MAX_NODES: u64 = 20_000;

/// Nodes for the brute-force oracles, which visit every assignment.
pub const ORACLE_NODES: u64 = 50_000;

/// Statements searched per input: an input of a thousand `;` would
/// otherwise spend the fuzzer's time on repeats.
pub const MAX_SEARCHES: usize = 6;

/// Bytes to text the way a script file is read, but lossy, so invalid
/// UTF-8 still reaches the parser.
fn source_of(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Parse, check, plan and `explain` everything; render every diagnostic
/// and result as text and JSON; format the script as `crypta fmt` does and
/// analyse it as the language server does (hover included). No search is
/// run beyond `explain`.
pub fn front_end(data: &[u8]) {
    let source = source_of(data);
    let (statements, problems) = check_script(&source);
    render_diagnostics(&problems, &source);
    if let Ok(formatted) = crypta_core::fmt::format_script(&source) {
        let _ = crypta_core::fmt::format_script(&formatted);
    }
    let analysis = crypta_core::analysis::Analysis::new(&source);
    // Hover where an editor's cursor can be: on character boundaries.
    for (at, _) in source.char_indices().step_by(source.len() / 16 + 1) {
        let _ = analysis.hover(&source, at);
    }
    for statement in &statements {
        if let Action::Ask { puzzle, .. } = &statement.action {
            let plan = plan::plan(puzzle, Query::Explain, &plan::Setup::default());
            assert!(!plan.explain(puzzle).is_empty(), "empty explain");
            let _ = plan.strategy.approach();
            let _ = plan.strategy.order();
        }
        let searches = matches!(
            statement.action,
            Action::Ask { query, .. } if query != Query::Explain
        );
        if !searches {
            let result = run_statement(statement, &RunOptions::default())
                .unwrap_or_else(|bug| panic!("{}", bug));
            render_result(&result);
        }
    }
    // Spans the checker never makes: the renderers must cope with any.
    let spans: Vec<usize> = data
        .chunks(2)
        .take(8)
        .map(|c| usize::from(c[0]) << 8 | usize::from(*c.last().unwrap_or(&0)))
        .map(|n| n % (source.len() + 4))
        .collect();
    if let [a, b, rest @ ..] = spans.as_slice() {
        let mut d = Diagnostic::new(ErrorKind::Syntax, *a..*b, "any span").with_hint("hint");
        for pair in rest.chunks(2) {
            d = d.with_label(pair[0]..*pair.last().unwrap_or(&0), "label");
        }
        render_diagnostics(&[d], &source);
    }
}

fn render_diagnostics(problems: &[Diagnostic], source: &str) {
    let _ = diagnostics::render(problems, "<fuzz>", source, false);
    let _ = diagnostics::render(problems, "<fuzz>", source, true);
    for d in problems {
        let _ = d.to_json(source, Some("<fuzz>"));
    }
}

fn render_result(result: &StatementResult) {
    let _ = text::render(result);
    let _ = json::render(result, Some("<fuzz>"));
}

/// Every query (up to [`MAX_SEARCHES`]) run as `crypta run` would, with a
/// node budget, and checked: each reported solution verifies, none is
/// reported twice, the counts agree with a direct run of the strategy,
/// and where a brute-force oracle finishes, with the oracle too.
pub fn solve(data: &[u8]) {
    let source = source_of(data);
    let (statements, _) = check_script(&source);
    let asks = statements.iter().filter_map(|s| match &s.action {
        Action::Ask { query, puzzle } if *query != Query::Explain => Some((s, *query, puzzle)),
        _ => None,
    });
    for (statement, query, puzzle) in asks.take(MAX_SEARCHES) {
        let options = RunOptions {
            max_nodes: Some(MAX_NODES),
            ..RunOptions::default()
        };
        let result = run_statement(statement, &options)
            .unwrap_or_else(|bug| panic!("{}\nin `{}`", bug, statement.text));
        render_result(&result);
        let ResultBody::Searched(search) = &result.body else {
            // `grade` and `explain steps` solve by a person's steps: their
            // result is a grade, with no count to compare.
            assert!(
                matches!(query, Query::Grade | Query::ExplainSteps),
                "a query gave no search: `{}`",
                statement.text
            );
            continue;
        };
        let strategy = crypta_engine::kinds::of(puzzle).plan();
        let direct = all_solutions(puzzle, strategy.as_ref(), MAX_NODES);
        consistent(query, search, &direct, &statement.text);
        if direct.complete {
            let oracle = oracle_of(puzzle);
            let brute = all_solutions(puzzle, oracle.as_ref(), ORACLE_NODES);
            if brute.complete {
                let (mut a, mut b) = (direct.solutions.clone(), brute.solutions);
                a.sort();
                b.sort();
                assert!(
                    a == b,
                    "{} found {} solutions, the oracle {}: `{}`\n{:?}\n{:?}",
                    strategy.name(),
                    a.len(),
                    b.len(),
                    statement.text,
                    a.iter().take(3).collect::<Vec<_>>(),
                    b.iter().take(3).collect::<Vec<_>>()
                );
            }
        }
    }
}

/// What one search found, each assignment verified.
struct Found {
    /// Assignments that pass every rule, properties included.
    solutions: Vec<Vec<u8>>,
    complete: bool,
}

/// Runs `strategy` to the end or the node limit, verifying each
/// assignment it reports and refusing repeats.
fn all_solutions(puzzle: &Puzzle, strategy: &dyn Strategy, max_nodes: u64) -> Found {
    let limits = Limits {
        max_nodes: Some(max_nodes),
        ..Limits::default()
    };
    let mut budget = Budget::new(&limits);
    let mut seen = HashSet::new();
    let mut solutions = Vec::new();
    let verify = crypta_engine::kinds::of(puzzle).verifier();
    let outcome = strategy.search(&mut budget, &mut |values| {
        let verdict = verify(values);
        if let Verdict::Invalid(why) = &verdict {
            panic!("{} reported {:?}, which {}", strategy.name(), values, why);
        }
        assert!(
            seen.insert(values.to_vec()),
            "{} reported {:?} twice",
            strategy.name(),
            values
        );
        if verdict == Verdict::Solution {
            solutions.push(values.to_vec());
        }
        Flow::Continue
    });
    assert_ne!(outcome, Outcome::Stopped, "stopped though asked to go on");
    Found {
        solutions,
        complete: outcome == Outcome::Exhausted,
    }
}

fn oracle_of(puzzle: &Puzzle) -> Box<dyn Strategy> {
    crypta_engine::kinds::of(puzzle).oracle()
}

/// The answer `crypta run` gave agrees with itself and with `direct`, the
/// same strategy run without stopping at the query's count.
fn consistent(query: Query, search: &Search, direct: &Found, text: &str) {
    let keep = match query {
        Query::Solve => u64::MAX,
        Query::First(n) => n,
        Query::Unique => 2,
        Query::Count
        | Query::Explain
        | Query::Grade
        | Query::ExplainSteps
        | Query::Answer { .. } => 0,
    };
    assert_eq!(
        search.solutions.len() as u64,
        search.count.to_u64().unwrap_or(u64::MAX).min(keep),
        "solutions kept: `{}`",
        text
    );
    assert_eq!(search.complete, search.stopped_by.is_none(), "`{}`", text);
    if let Some(limit) = search.stopped_by {
        assert_eq!(limit, Limit::Nodes, "`{}`", text);
    }
    let total = direct.solutions.len() as u64;
    // `unique answer` stops at the second value, not at a count.
    if search.complete && direct.complete && query != (Query::Answer { unique: true }) {
        let expected = match query {
            Query::First(n) => total.min(n),
            Query::Unique => total.min(2),
            _ => total,
        };
        assert_eq!(
            search.count, expected,
            "{:?} counted {}, the whole search {}: `{}`",
            query, search.count, total, text
        );
    }
    if search.complete && query == Query::Unique && search.count == 1 {
        assert!(
            !direct.complete || total == 1,
            "unique, but {} solutions: `{}`",
            total,
            text
        );
    }
}

/// The first byte picks the contest format (`0`, `1`, `2` as digits, so
/// seed files stay readable), the rest is its input.
pub fn judge(data: &[u8]) {
    let Some((&which, input)) = data.split_first() else {
        return;
    };
    let problem = match which % 3 {
        0 => Problem::Icpc2009c,
        1 => Problem::P1092,
        _ => Problem::Kakuro2,
    };
    let input = source_of(input);
    let _ = problem.judge(&input, &crypta_core::Options::new().max_nodes(MAX_NODES));
}
