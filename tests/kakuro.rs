//! Property tests for Kakuro: random grids with a planted solution from the
//! generator, written as scripts and read back by the checker. Every
//! solution the strategy reports must satisfy the rules, and on small grids
//! the strategy must find exactly the brute-force oracle's solutions; the
//! `count` and `unique` queries must agree with it too.

use proptest::prelude::*;

use crypta::check::check_script;
use crypta::generate::kakuro::{generate, Generated, Spec};
use crypta::ir::{Action, Kakuro, Puzzle, Query};
use crypta::run::{run_statement, ResultBody, RunOptions};
use crypta::solve::kakuro::{verify, BruteForce, KakuroSearch};
use crypta::solve::verify::Verdict;
use crypta::solve::{Budget, Flow, Limits, Outcome, Strategy as Solver};

/// The generated grid as the checker reads it from its script.
fn checked(grid: &Generated, query: &str) -> (String, Kakuro) {
    let script = format!("{} {}", query, grid.block());
    let (statements, diagnostics) = check_script(&script);
    assert!(diagnostics.is_empty(), "{}\n{:?}", script, diagnostics);
    let Some(Action::Ask {
        puzzle: Puzzle::Kakuro(kakuro),
        ..
    }) = statements.first().map(|s| s.action.clone())
    else {
        panic!("{} is not a Kakuro query", script);
    };
    (script, kakuro)
}

/// Every assignment a strategy reports, sorted.
fn all_solutions(strategy: &dyn Solver) -> Vec<Vec<u8>> {
    let limits = Limits::default();
    let mut budget = Budget::new(&limits);
    let mut found = Vec::new();
    let outcome = strategy.search(&mut budget, &mut |values| {
        found.push(values.to_vec());
        Flow::Continue
    });
    assert_eq!(outcome, Outcome::Exhausted);
    found.sort();
    found
}

/// The planted digits in the IR's variable order.
fn planted(grid: &Generated, kakuro: &Kakuro) -> Vec<u8> {
    kakuro.whites.iter().map(|&i| grid.digits[i]).collect()
}

fn query(script: &str) -> (u64, bool, Option<bool>) {
    let (statements, _) = check_script(script);
    let result = run_statement(&statements[0], &RunOptions::default()).expect("runs");
    let ResultBody::Searched(search) = result.body else {
        panic!("{} did not search", script);
    };
    let unique = (search.query == Query::Unique).then_some(search.count == 1);
    (search.count, search.complete, unique)
}

fn small_spec() -> impl Strategy<Value = Spec> {
    (
        2usize..=6,
        2usize..=6,
        any::<u64>(),
        0.5f64..1.0,
        1usize..=2,
        prop_oneof![Just(0.0), 0.0f64..0.4],
        any::<bool>(),
    )
        .prop_map(|(rows, cols, seed, density, min_run, givens, bare)| Spec {
            rows,
            cols,
            seed,
            density,
            min_run,
            max_run: 9,
            givens,
            bare_singles: bare,
            unique: false,
            open_limit: usize::MAX,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The strategy finds exactly the oracle's solutions; every one passes
    /// the verifier (the planted one among them), and `count` and `unique`
    /// agree.
    #[test]
    fn strategy_matches_the_oracle_on_small_grids(spec in small_spec()) {
        let grid = generate(&spec);
        let (_, kakuro) = checked(&grid, "count");
        prop_assume!(kakuro.whites.len() <= 14);
        let expected = all_solutions(&BruteForce::new(&kakuro));
        let got = all_solutions(&KakuroSearch::new(&kakuro));
        prop_assert_eq!(&got, &expected);
        prop_assert!(expected.contains(&planted(&grid, &kakuro)));
        for values in &got {
            prop_assert_eq!(verify(&kakuro, values), Verdict::Solution);
        }
        let (count, complete, _) = query(&format!("count {}", grid.block()));
        prop_assert!(complete);
        prop_assert_eq!(count, expected.len() as u64);
        let (shown, _, unique) = query(&format!("unique {}", grid.block()));
        prop_assert_eq!(shown, expected.len().min(2) as u64);
        prop_assert_eq!(unique, Some(expected.len() == 1));
        let (first, _, _) = query(&format!("first 3 {}", grid.block()));
        prop_assert_eq!(first, expected.len().min(3) as u64);
    }

    /// On larger grids the oracle is too slow, but every reported solution
    /// must still be valid, and `unique` must agree with a count capped at
    /// two.
    #[test]
    fn solutions_are_valid_on_medium_grids(seed in any::<u64>(), size in 6usize..=12, density in 0.6f64..0.9) {
        let grid = generate(&Spec { density, ..Spec::new(size, seed) });
        let (_, kakuro) = checked(&grid, "solve");
        let limits = Limits::default();
        let mut budget = Budget::new(&limits);
        let mut found = 0;
        let outcome = KakuroSearch::new(&kakuro).search(&mut budget, &mut |values| {
            assert_eq!(verify(&kakuro, values), Verdict::Solution);
            found += 1;
            if found >= 50 { Flow::Stop } else { Flow::Continue }
        });
        prop_assert!(found >= 1, "the planted solution exists");
        prop_assert!(outcome != Outcome::Interrupted);
        let (shown, _, unique) = query(&format!("unique {}", grid.block()));
        prop_assert_eq!(shown, found.min(2));
        prop_assert_eq!(unique, Some(found == 1));
    }

    /// A grid generated unique has exactly its planted solution.
    #[test]
    fn unique_grids_have_only_the_planted_solution(seed in any::<u64>(), size in 4usize..=14) {
        let grid = generate(&Spec { unique: true, ..Spec::new(size, seed) });
        let (_, kakuro) = checked(&grid, "unique");
        let got = all_solutions(&KakuroSearch::new(&kakuro));
        prop_assert_eq!(got, vec![planted(&grid, &kakuro)]);
    }

    /// The generator's own IR is the checker's.
    #[test]
    fn generator_ir_matches_the_checker(spec in small_spec()) {
        let grid = generate(&spec);
        let (_, kakuro) = checked(&grid, "solve");
        let direct = grid.kakuro();
        prop_assert_eq!(&direct.cells, &kakuro.cells);
        prop_assert_eq!(&direct.whites, &kakuro.whites);
        let runs = |k: &Kakuro| {
            let mut r: Vec<(u32, usize, Vec<usize>)> =
                k.runs.iter().map(|r| (r.sum, r.clue, r.vars.clone())).collect();
            r.sort();
            r
        };
        prop_assert_eq!(runs(&direct), runs(&kakuro));
    }
}

/// A 30×30 generated grid with one solution: `unique` says so, and finds
/// the planted digits. (Wide open regions are tightened first, which keeps
/// the generation quick in a debug build.)
#[test]
fn a_generated_30_by_30_grid_is_unique() {
    let grid = generate(&Spec {
        unique: true,
        open_limit: 40,
        ..Spec::new(30, 7)
    });
    let (script, kakuro) = checked(&grid, "unique");
    let (count, complete, unique) = query(&script);
    assert_eq!((count, complete, unique), (1, true, Some(true)));
    let got = all_solutions(&KakuroSearch::new(&kakuro));
    assert_eq!(got, vec![planted(&grid, &kakuro)]);
}

/// A time limit stops a long count and says the result is partial.
#[test]
fn a_time_limit_interrupts_a_count() {
    let grid = generate(&Spec {
        density: 0.95,
        ..Spec::new(40, 3)
    });
    let (script, _) = checked(&grid, "count");
    let (statements, _) = check_script(&script);
    let options = RunOptions {
        timeout: Some(std::time::Duration::from_millis(200)),
        ..RunOptions::default()
    };
    let result = run_statement(&statements[0], &options).expect("runs");
    assert!(result.incomplete());
}
