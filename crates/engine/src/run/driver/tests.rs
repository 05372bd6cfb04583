//! Every caller of the driver stops on the same limits: the same node
//! budget, and an interrupt raised before it starts. A route's search, the
//! grader's, `unique`'s givens, the parallel parts, a Kakuro generator's
//! region are each run under one `Driver`; none is timed. The judges,
//! a layer above `run`, are checked the same way in tests/it/units.rs.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::{Driver, Limit};
use crate::kinds::kakuro::solve::{KakuroSearch, Other};
use crate::kinds::{Kakuro, Puzzle};
use crate::program::Action;
use crate::run::{fixes, parallel, run_statement, Fixes, GradeOutcome, ResultBody, RunOptions};
use crypta_substrate::ir::Query;
use crypta_substrate::solve::{Budget, Flow, Outcome};

/// Many solutions, split into parts (as `count_keeps_both_limits`).
const LONG: &str =
    "count ABCDEFGHIJKLMNOP + QRSTUVWXYZabcdef = ghijklmnopqrstuv with base 62, leading zeros";

/// Two fillings: 1 3 / 4 2 and 3 1 / 2 4.
const TWO_FILLINGS: &str = "unique kakuro {\n  #   5\\  5\\\n  \\4  .   .\n  \\6  .   .\n}";

/// The query and puzzle of the one statement of `source`.
fn ask(source: &str) -> (crate::program::Statement, Query, Puzzle) {
    let (mut statements, diagnostics) = crate::program::check_script(source);
    assert!(diagnostics.is_empty(), "{:?}", diagnostics);
    let statement = statements.remove(0);
    let Action::Ask { query, puzzle } = statement.action.clone() else {
        panic!("not a query");
    };
    (statement, query, puzzle)
}

/// The limits of `driver` as a statement's options, and which limit they
/// name when they stop it.
fn options(max_nodes: Option<u64>, interrupt: Option<Arc<AtomicBool>>) -> RunOptions {
    RunOptions {
        max_nodes,
        interrupt,
        ..RunOptions::default()
    }
}

/// Runs every caller under `options` (and `driver`, its limits) and checks
/// that each stopped, by `limit`.
fn every_caller_stops(options: &RunOptions, driver: &Driver, limit: Limit) {
    // A strategy's search and a counter, as the routes run them.
    let (_, _, long) = ask(LONG);
    let strategy = crate::kinds::of(&long).plan();
    let ran = driver.search(strategy.as_ref(), &mut |_| Flow::Continue);
    assert_eq!(ran.outcome, Outcome::Interrupted);
    assert_eq!(driver.stopped_by(ran.nodes), limit);
    let counted = driver.run(|budget: &mut Budget| {
        let ticks = (0..u64::MAX).take_while(|_| !budget.tick()).count();
        (Outcome::Interrupted, ticks)
    });
    assert_eq!(driver.stopped_by(counted.nodes), limit);
    assert!(counted.spent);

    // A query's route.
    let (statement, _, _) = ask("solve SEND + MORE = MONEY");
    match run_statement(&statement, options).expect("runs").body {
        ResultBody::Searched(search) => assert_eq!(search.stopped_by, Some(limit)),
        other => panic!("not a search: {:?}", other),
    }

    // The grader's search for the solution.
    let (statement, _, _) = ask("grade SEND + MORE = MONEY");
    match run_statement(&statement, options).expect("runs").body {
        ResultBody::Graded(grade) => {
            assert!(matches!(grade.outcome, GradeOutcome::Stopped(l) if l == limit))
        }
        other => panic!("not a grade: {:?}", other),
    }

    // `unique`'s search for givens.
    let (_, _, several) = ask("unique AB + CD = EF");
    assert_eq!(
        fixes::fixes(&several, driver).expect("no bug"),
        Fixes::Cut(limit)
    );

    // The parts of a split search.
    let parts = crate::kinds::split::split(&long).expect("parts");
    let merged = parallel::search(&long, &parts, driver, 1, (0, u64::MAX), None);
    assert_eq!(merged.outcome, Outcome::Interrupted);

    // A Kakuro generator's question to one region.
    let (_, _, grid) = ask(TWO_FILLINGS);
    let Some(kakuro) = grid.downcast_ref::<Kakuro>() else {
        panic!("not a Kakuro grid");
    };
    let search = KakuroSearch::new(kakuro);
    let known = [1, 3, 4, 2];
    let region: &[usize] = &[0, 1, 2, 3];
    let free = search.others(&[region], &known, Driver::default().limits());
    assert!(matches!(free.as_deref(), Some([Other::Differs(_)])));
    let cut = search.others(&[region], &known, driver.limits());
    assert!(matches!(cut.as_deref(), Some([Other::Undecided])));
}

/// The same node budget stops each caller, and names the node limit (a
/// budget of 2 lets the small Kakuro region find its other filling).
#[test]
fn every_caller_stops_on_the_same_node_budget() {
    for nodes in [0, 1] {
        every_caller_stops(
            &options(Some(nodes), None),
            &Driver::nodes(nodes),
            Limit::Nodes,
        );
    }
}

/// An interrupt raised before the work starts stops each caller at its
/// first look at the limits, and is named.
#[test]
fn every_caller_stops_on_a_raised_interrupt() {
    let flag = Arc::new(AtomicBool::new(true));
    every_caller_stops(
        &options(None, Some(flag.clone())),
        &Driver::interruptible(Some(flag)),
        Limit::Interrupt,
    );
}

/// The driver's budgets count nodes as a budget of its limits does: the
/// node after the last allowed one stops it.
#[test]
fn a_budget_of_n_nodes_stops_at_the_next() {
    let driver = Driver::nodes(5);
    let ran = driver.run(|budget: &mut Budget| {
        let ticks = (0..100).take_while(|_| !budget.tick()).count();
        (Outcome::Exhausted, ticks)
    });
    assert_eq!(ran.output, 5);
    assert_eq!(ran.nodes, 6);
    assert!(ran.spent);
    // A task's own outcome stands unless a step under the budget gave up.
    assert_eq!(ran.outcome, Outcome::Exhausted);
    let mut shared = driver.budget();
    let first = Driver::run_in(&mut shared, |b: &mut Budget| (Outcome::Exhausted, b.tick()));
    let second = Driver::run_in(&mut shared, |b: &mut Budget| (Outcome::Exhausted, b.tick()));
    assert_eq!((first.nodes, second.nodes), (1, 2));
    assert_eq!(Driver::default().stopped_by(u64::MAX), Limit::Time);
}
