//! What the cross-check suites share (`letters.rs`, `layout.rs`,
//! `kakuro.rs`): a property runner that tallies how many cases each
//! strategy was compared on (and fails when a generator stops producing
//! cases a strategy accepts), searches that can never hang, and the check
//! that the `count`, `unique` and `first N` queries agree with the oracle.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use proptest::strategy::Strategy as Generator;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestError, TestRunner};
use proptest::{prop_assert, prop_assert_eq};

use crypta_engine::program::check_script;
use crypta_engine::run::{run_statement, ResultBody, RunOptions, Search};
use crypta_substrate::solve::{Budget, Flow, Limits, Outcome, Strategy};

/// No single search of a cross-check case may take longer than this: a
/// runaway search fails the test instead of hanging it. Only a hang guard:
/// the slowest case takes about 2 s of CPU, and a machine loaded ten times
/// over (seen: load 20 on two cores) stretched a 60 s ceiling to failing.
pub const SEARCH_LIMIT: Duration = Duration::from_secs(600);

/// Cases with more solutions than this are skipped: listing, rendering and
/// comparing millions of fillings (a Kakuro grid with a few free single
/// cells) would take seconds for little gain. [`all_solutions`] stops
/// after one more.
pub const MAX_SOLUTIONS: usize = 20_000;

/// The solutions `oracle` finds, as [`all_solutions`]; `None`, tallied as
/// skipped, when there are more than [`MAX_SOLUTIONS`] to compare.
pub fn oracle_solutions(
    oracle: &dyn Strategy,
    tally: &Tally,
) -> Result<Option<Vec<Vec<u8>>>, TestCaseError> {
    let expected = all_solutions(oracle)?;
    if expected.len() > MAX_SOLUTIONS {
        tally.add("skipped (too many solutions)");
        return Ok(None);
    }
    Ok(Some(expected))
}

/// Every assignment a strategy reports, sorted, up to one more than
/// [`MAX_SOLUTIONS`]; fails when the search does not finish within
/// [`SEARCH_LIMIT`].
pub fn all_solutions(strategy: &dyn Strategy) -> Result<Vec<Vec<u8>>, TestCaseError> {
    let limits = Limits {
        deadline: Some(Instant::now() + SEARCH_LIMIT),
        interrupt: None,
        ..Limits::default()
    };
    let mut budget = Budget::new(&limits);
    let mut found = Vec::new();
    let outcome = strategy.search(&mut budget, &mut |values| {
        found.push(values.to_vec());
        if found.len() > MAX_SOLUTIONS {
            Flow::Stop
        } else {
            Flow::Continue
        }
    });
    let too_many = outcome == Outcome::Stopped && found.len() > MAX_SOLUTIONS;
    if outcome != Outcome::Exhausted && !too_many {
        return Err(TestCaseError::fail(format!(
            "{} did not finish: {:?} after {} nodes",
            strategy.name(),
            outcome,
            budget.nodes()
        )));
    }
    found.sort();
    Ok(found)
}

/// Counts of compared cases by name (a strategy, or a query).
#[derive(Default)]
pub struct Tally(Mutex<BTreeMap<String, u64>>);

impl Tally {
    pub fn add(&self, name: &str) {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        *map.entry(name.to_string()).or_default() += 1;
    }

    pub fn get(&self, name: &str) -> u64 {
        let map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        map.get(name).copied().unwrap_or(0)
    }

    /// Prints the tally (seen with `--nocapture`) and checks that each
    /// named count reached its minimum.
    pub fn report(&self, test: &str, minimums: &[(&str, u64)]) {
        let map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let line: Vec<String> = map.iter().map(|(k, v)| format!("{} {}", k, v)).collect();
        println!("{}: {}", test, line.join(", "));
        for &(name, least) in minimums {
            let got = map.get(name).copied().unwrap_or(0);
            let least = crate::support::scaled(least);
            assert!(
                got >= least,
                "{}: only {} cases compared by {} (at least {} expected): the generator drifted",
                test,
                got,
                name,
                least
            );
        }
    }
}

/// Runs a property over `cases` generated values (as many in a full run:
/// see [`crate::support::proptest_config`]; from the fixed seed), with failures persisted
/// beside `source` (pass `file!()`) like the `proptest!` macro does, and
/// panics with the minimal failing input.
pub fn run_property<G: Generator>(
    source: &'static str,
    cases: u32,
    generator: G,
    test: impl Fn(G::Value) -> Result<(), TestCaseError>,
) where
    G::Value: std::fmt::Debug,
{
    let config = Config {
        source_file: Some(source),
        // `tests/NAME.proptest-regressions`, as the `proptest!` macro
        // ends up writing for a test file.
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..crate::support::proptest_config(cases)
    };
    let mut runner = TestRunner::new(config);
    match runner.run(&generator, test) {
        Ok(()) => {}
        Err(TestError::Fail(reason, value)) => {
            panic!("{}\nminimal failing input: {:#?}", reason, value)
        }
        Err(TestError::Abort(reason)) => panic!("aborted: {}", reason),
    }
}

/// Runs one statement through the planner as a user would, with a time
/// limit; the search must complete.
pub fn ask(script: &str) -> Result<Search, TestCaseError> {
    let (statements, diagnostics) = check_script(script);
    if !diagnostics.is_empty() {
        return Err(TestCaseError::fail(format!(
            "{} does not check: {:?}",
            script, diagnostics
        )));
    }
    let options = RunOptions {
        timeout: Some(SEARCH_LIMIT),
        ..RunOptions::default()
    };
    let result =
        run_statement(&statements[0], &options).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let ResultBody::Searched(search) = result.body else {
        return Err(TestCaseError::fail(format!("{} did not search", script)));
    };
    if !search.complete {
        return Err(TestCaseError::fail(format!("{} did not finish", script)));
    }
    Ok(search)
}

/// The count of a one-statement script, which must check cleanly and
/// whose search must finish (no limits).
pub fn count(script: &str) -> u64 {
    let (statements, diagnostics) = check_script(script);
    assert!(diagnostics.is_empty(), "{}: {:?}", script, diagnostics);
    let result = run_statement(&statements[0], &RunOptions::default()).expect(script);
    let ResultBody::Searched(search) = result.body else {
        panic!("{}: no search", script)
    };
    assert!(search.complete, "{}", script);
    search.count.to_u64().unwrap_or(u64::MAX)
}

/// `count`, `unique`, `first n` and `solve` on `body` (a puzzle with its
/// options, no query) must agree with the oracle's verified solutions,
/// each given as a key; `key` gives the same key for a solution the run
/// shows. The planner's strategy answers them, and every solution it
/// reports has passed the verifier (the run stops with an internal error
/// otherwise).
pub fn queries_agree(
    body: &str,
    expected: &[String],
    first: u64,
    key: impl Fn(&crypta_engine::run::Solution) -> String,
    tally: &Tally,
) -> Result<(), TestCaseError> {
    let n = expected.len() as u64;
    let count = ask(&format!("count {}", body))?;
    prop_assert_eq!(count.count, n, "count {}", body);
    tally.add(&format!("query:count/{}", count.strategy));

    let unique = ask(&format!("unique {}", body))?;
    prop_assert_eq!(unique.count, n.min(2), "unique {}", body);
    tally.add("query:unique");

    let firsts = ask(&format!("first {} {}", first, body))?;
    prop_assert_eq!(firsts.count, n.min(first), "first {} {}", first, body);
    let shown: Vec<String> = firsts.solutions.iter().map(&key).collect();
    for s in &shown {
        prop_assert!(
            expected.contains(s),
            "first {} {}: {} is not an oracle solution",
            first,
            body,
            s
        );
    }
    let mut distinct = shown.clone();
    distinct.sort();
    distinct.dedup();
    prop_assert_eq!(
        distinct.len(),
        shown.len(),
        "first {} {}: repeats",
        first,
        body
    );
    tally.add("query:first");

    let all = ask(&format!("solve {}", body))?;
    let mut got: Vec<String> = all.solutions.iter().map(&key).collect();
    got.sort();
    let mut want = expected.to_vec();
    want.sort();
    prop_assert_eq!(got, want, "solve {}", body);
    tally.add("query:solve");
    Ok(())
}
