//! Property tests for Kakuro: random grids with a planted solution from the
//! generator, written as scripts and read back by the checker. Every
//! solution the strategy reports must satisfy the rules, and on small grids
//! the strategy must find exactly the brute-force oracle's solutions; the
//! `count` and `unique` queries must agree with it too.

use proptest::prelude::*;

use crypta_core::generate::kakuro::{block, generate, Generated, Spec, Symmetry};
use crypta_engine::kinds::Kind;
use crypta_engine::kinds::{Kakuro, KakuroCell, Sum};
use crypta_engine::program::check_script;
use crypta_engine::run::{run_statement, ResultBody, RunOptions};
use crypta_substrate::ir::Query;
use crypta_substrate::solve::{Budget, Flow, Limits, Outcome, Strategy as Solver, Verdict};

use crate::crosscheck::{self, queries_agree, run_property, Tally};

/// The generated grid as the checker reads it from its script.
pub(crate) fn checked(grid: &Generated, query: &str) -> (String, Kakuro) {
    let script = format!("{} {}", query, grid.block());
    let (statements, diagnostics) = check_script(&script);
    assert!(diagnostics.is_empty(), "{}\n{:?}", script, diagnostics);
    let Some(kakuro) = statements
        .first()
        .and_then(|s| crate::support::asked::<crypta_engine::kinds::Kakuro>(&s.action))
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
pub(crate) fn planted(grid: &Generated, kakuro: &Kakuro) -> Vec<u8> {
    kakuro.whites.iter().map(|&i| grid.digits[i]).collect()
}

fn query(script: &str) -> (u64, bool, Option<bool>) {
    let (statements, _) = check_script(script);
    let result = run_statement(&statements[0], &RunOptions::default()).expect("runs");
    let ResultBody::Searched(search) = result.body else {
        panic!("{} did not search", script);
    };
    let unique = (search.query == Query::Unique).then_some(search.count == 1);
    (
        search.count.to_u64().unwrap_or(u64::MAX),
        search.complete,
        unique,
    )
}

pub(crate) fn small_spec() -> impl Strategy<Value = Spec> {
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
            symmetry: Symmetry::None,
        })
}

/// How a generated grid is changed before it is solved, so that some
/// grids have no solution and some many.
#[derive(Clone, Debug)]
enum Mutation {
    /// As generated: the planted filling is a solution.
    None,
    /// The `k`-th clue sum (down or across, in reading order) moved by `delta`.
    Clue { k: usize, delta: i32 },
    /// Two clue sums swapped.
    Swap { a: usize, b: usize },
    /// Every given digit taken away: more fillings.
    NoGivens,
    /// `n` clue sums (every third from the `k`-th) made `?`: runs of any
    /// sum; with a `shift`, the sum after the `k`-th moved by it first
    /// (else the planted filling is still a solution).
    Unclued { k: usize, n: usize, shift: i32 },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        2 => Just(Mutation::None),
        4 => (any::<usize>(), prop_oneof![-3..=-1i32, 1..=3i32])
            .prop_map(|(k, delta)| Mutation::Clue { k, delta }),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap { a, b }),
        1 => Just(Mutation::NoGivens),
        3 => (any::<usize>(), 1usize..=4, prop_oneof![Just(0), -2..=2i32])
            .prop_map(|(k, n, shift)| Mutation::Unclued { k, n, shift }),
    ]
}

/// The grid's cells after the mutation.
fn mutated(grid: &Generated, m: &Mutation) -> Vec<KakuroCell> {
    let mut cells = grid.cells();
    // (cell, down?) of every clue sum.
    let sums: Vec<(usize, bool)> = cells
        .iter()
        .enumerate()
        .flat_map(|(i, c)| match *c {
            KakuroCell::Clue { down, across } => {
                let mut v = Vec::new();
                if down.is_some() {
                    v.push((i, true));
                }
                if across.is_some() {
                    v.push((i, false));
                }
                v
            }
            _ => Vec::new(),
        })
        .collect();
    let get = |cells: &[KakuroCell], (i, d): (usize, bool)| match cells[i] {
        KakuroCell::Clue { down, across } => {
            if d {
                down
            } else {
                across
            }
        }
        _ => None,
    };
    let set = |cells: &mut [KakuroCell], (i, d): (usize, bool), x: Option<Sum>| {
        if let KakuroCell::Clue { down, across } = &mut cells[i] {
            *if d { down } else { across } = x;
        }
    };
    match *m {
        Mutation::None => {}
        Mutation::Clue { k, delta } if !sums.is_empty() => {
            let at = sums[k % sums.len()];
            let old = get(&cells, at).and_then(Sum::given).unwrap_or(0);
            let x = (old as i32 + delta).max(1) as u32;
            set(&mut cells, at, Some(Sum::Given(x)));
        }
        Mutation::Unclued { k, n, shift } if !sums.is_empty() => {
            if shift != 0 {
                let at = sums[(k + 1) % sums.len()];
                let old = get(&cells, at).and_then(Sum::given).unwrap_or(0);
                set(
                    &mut cells,
                    at,
                    Some(Sum::Given((old as i32 + shift).max(1) as u32)),
                );
            }
            for j in 0..n {
                set(&mut cells, sums[(k + j * 3) % sums.len()], Some(Sum::Any));
            }
        }
        Mutation::Swap { a, b } if !sums.is_empty() => {
            let (p, q) = (sums[a % sums.len()], sums[b % sums.len()]);
            let (x, y) = (get(&cells, p), get(&cells, q));
            set(&mut cells, p, y);
            set(&mut cells, q, x);
        }
        Mutation::NoGivens => {
            for c in &mut cells {
                if let KakuroCell::White { given } = c {
                    *given = None;
                }
            }
        }
        _ => {}
    }
    cells
}

/// The oracle enumerates digits cell by cell: grids with more white cells
/// than this are skipped.
const ORACLE_WHITES: usize = 14;

/// A filling as the run shows it: one number per cell, row by row.
fn grid_key(kakuro: &Kakuro, values: &[u8]) -> String {
    let mut grid = vec![0u8; kakuro.rows * kakuro.cols];
    for (v, &i) in kakuro.whites.iter().enumerate() {
        grid[i] = values[v];
    }
    format!("{:?}", grid)
}

/// The strategy finds exactly the oracle's solutions on small grids, as
/// generated (the planted filling among them) or with a clue changed or
/// the givens taken away (often none, or many); every solution passes the
/// verifier, and `count`, `unique`, `first N` and `solve` agree.
#[test]
fn strategy_matches_the_oracle_on_small_grids() {
    let tally = Tally::default();
    run_property(file!(), 6000, (small_spec(), mutation()), |(spec, m)| {
        let grid = generate(&spec);
        let cells = mutated(&grid, &m);
        let body = block(&cells, grid.cols);
        let (statements, diagnostics) = check_script(&format!("count {}", body));
        if !diagnostics.is_empty() {
            // A sum its run cannot make: caught before any search.
            prop_assert!(
                !matches!(
                    m,
                    Mutation::None | Mutation::NoGivens | Mutation::Unclued { shift: 0, .. }
                ),
                "{}",
                body
            );
            tally.add("rejected by the checker");
            return Ok(());
        }
        let Some(kakuro) = statements
            .first()
            .and_then(|s| crate::support::asked::<crypta_engine::kinds::Kakuro>(&s.action))
        else {
            panic!("{} is not a Kakuro query", body);
        };
        if kakuro.whites.len() > ORACLE_WHITES {
            tally.add("skipped (too many white cells)");
            return Ok(());
        }
        let Some(expected) = crosscheck::oracle_solutions(kakuro.oracle().as_ref(), &tally)? else {
            return Ok(());
        };
        let got = crosscheck::all_solutions(kakuro.plan().as_ref())?;
        prop_assert_eq!(&got, &expected, "{}", body);
        tally.add("kakuro-propagation");
        match (&m, expected.len()) {
            (Mutation::None, _) => {
                prop_assert!(expected.contains(&planted(&grid, &kakuro)), "{}", body);
                tally.add("as generated");
            }
            (Mutation::Unclued { shift, .. }, n) => {
                if *shift == 0 {
                    prop_assert!(expected.contains(&planted(&grid, &kakuro)), "{}", body);
                }
                tally.add(match n {
                    0 => "with `?` runs, none",
                    1 => "with `?` runs, one",
                    _ => "with `?` runs, several",
                });
            }
            (_, 0) => tally.add("changed, no solution"),
            _ => tally.add("changed, solvable"),
        }
        if expected.len() > 1 {
            tally.add("several solutions");
        }
        for values in &got {
            prop_assert_eq!(kakuro.verifier()(values), Verdict::Solution, "{}", body);
        }
        let keys: Vec<String> = expected.iter().map(|v| grid_key(&kakuro, v)).collect();
        queries_agree(
            &body,
            &keys,
            1 + expected.len() as u64 % 3,
            |s| grid_key(&kakuro, &s.values),
            &tally,
        )
    });
    tally.report(
        "kakuro small grids",
        &[
            ("kakuro-propagation", 4500),
            // Fewer than before `?` runs took their share of the mutations.
            ("as generated", 800),
            ("changed, no solution", 800),
            ("changed, solvable", 1200),
            ("several solutions", 1000),
            ("with `?` runs, several", 300),
            ("with `?` runs, one", 100),
            ("with `?` runs, none", 50),
        ],
    );
}

proptest! {
    #![proptest_config(crate::support::proptest_config(300))]

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
        let verify = kakuro.verifier();
        let outcome = kakuro.plan().search(&mut budget, &mut |values| {
            assert_eq!(verify(values), Verdict::Solution);
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
        let got = all_solutions(kakuro.plan().as_ref());
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
            let mut r: Vec<(Sum, usize, Vec<usize>)> =
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
    let got = all_solutions(kakuro.plan().as_ref());
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
