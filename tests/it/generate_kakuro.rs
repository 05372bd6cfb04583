//! The Kakuro generator's promises: a grid made unique has exactly its
//! planted solution (by the brute-force oracle on small grids, by the
//! solver's `unique` on larger ones, made without any easing option), a
//! symmetric pattern is symmetric, and a seed names one grid.

use crypta_core::generate::kakuro::{generate, Generated, Spec, Symmetry};
use crypta_engine::kinds::Kind;
use crypta_engine::program::check_script;
use crypta_engine::run::{run_statement, ResultBody, RunOptions};
use crypta_substrate::ir::Query;
use crypta_substrate::solve::{Budget, Flow, Limits, Outcome, Verdict};

use crate::kakuro::{checked, planted};

fn crypta(args: &[&str]) -> (i32, String, String) {
    let output = crate::support::run(args, b"");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

const SYMMETRIES: [Symmetry; 3] = [Symmetry::None, Symmetry::Rotational, Symmetry::Mirror];

/// Whether inner cell `i` is white.
fn white(grid: &Generated, i: usize) -> bool {
    grid.digits[i] != 0
}

/// White cells over inner cells.
fn white_fraction(grid: &Generated) -> f64 {
    let whites = (0..grid.digits.len()).filter(|&i| white(grid, i)).count();
    whites as f64 / ((grid.rows - 1) * (grid.cols - 1)) as f64
}

#[test]
fn small_unique_grids_have_only_the_planted_solution_by_the_oracle() {
    for symmetry in SYMMETRIES {
        for size in 4..=7 {
            for seed in 1..=6 {
                let spec = Spec {
                    unique: true,
                    symmetry,
                    ..Spec::new(size, seed)
                };
                let grid = generate(&spec);
                let kakuro = checked(&grid, "unique").1;
                let limits = Limits::default();
                let mut budget = Budget::new(&limits);
                let mut found = Vec::new();
                let outcome = kakuro.oracle().search(&mut budget, &mut |values| {
                    found.push(values.to_vec());
                    Flow::Continue
                });
                assert_eq!(outcome, Outcome::Exhausted);
                assert_eq!(found, vec![planted(&grid, &kakuro)], "{:?}", spec);
            }
        }
    }
}

#[test]
fn symmetric_patterns_stay_symmetric_when_made_unique() {
    for symmetry in [Symmetry::Rotational, Symmetry::Mirror] {
        for (size, seed) in [(5, 1), (8, 2), (11, 3), (16, 4), (25, 5)] {
            for unique in [false, true] {
                let grid = generate(&Spec {
                    unique,
                    symmetry,
                    ..Spec::new(size, seed)
                });
                let mut pairs = 0;
                for i in 0..grid.digits.len() {
                    let p = symmetry.partner(i, grid.rows, grid.cols);
                    assert_eq!(
                        white(&grid, i),
                        white(&grid, p),
                        "{symmetry:?} {size} {seed} {i}"
                    );
                    pairs += usize::from(p != i && white(&grid, i));
                }
                assert!(pairs > 0, "{symmetry:?} {size} {seed}: no white pair");
            }
        }
    }
}

#[test]
fn the_partner_of_a_cell_is_its_mirror_image() {
    // 6 rows, 5 columns, the whole printed grid: the clue row and column
    // pair with the last row and column.
    assert_eq!(Symmetry::Rotational.partner(5 + 1, 6, 5), 4 * 5 + 3);
    assert_eq!(Symmetry::Mirror.partner(2 * 5 + 1, 6, 5), 2 * 5 + 3);
    assert_eq!(Symmetry::None.partner(7, 6, 5), 7);
    assert_eq!(Symmetry::Rotational.partner(3, 6, 5), 5 * 5 + 1);
    assert_eq!(Symmetry::Mirror.partner(10, 6, 5), 14);
}

#[test]
fn a_seed_names_one_grid() {
    for symmetry in SYMMETRIES {
        let spec = Spec {
            unique: true,
            symmetry,
            ..Spec::new(20, 9)
        };
        assert_eq!(generate(&spec).block(), generate(&spec).block());
        let other = Spec { seed: 10, ..spec };
        assert_ne!(generate(&spec).block(), generate(&other).block());
    }
}

/// 30×30 grids made unique without `open_limit`: the solver's `unique`
/// finds one solution, the planted one, and most cells stay white.
#[test]
fn thirty_by_thirty_grids_are_unique_without_easing() {
    for (seed, symmetry) in [
        (1, Symmetry::None),
        (2, Symmetry::Rotational),
        (3, Symmetry::Mirror),
    ] {
        let spec = Spec {
            unique: true,
            symmetry,
            ..Spec::new(30, seed)
        };
        let grid = generate(&spec);
        let kakuro = checked(&grid, "unique").1;
        let planted = planted(&grid, &kakuro);
        assert_eq!((kakuro.verifier())(&planted), Verdict::Solution, "{spec:?}");
        let (statements, _) = check_script(&format!("unique {}", grid.block()));
        let result = run_statement(&statements[0], &RunOptions::default()).expect("runs");
        let ResultBody::Searched(search) = result.body else {
            panic!("{spec:?} did not search");
        };
        assert_eq!(search.query, Query::Unique);
        assert!(search.complete, "{spec:?}");
        assert_eq!(search.count.to_u64(), Some(1), "{spec:?}");
        let first: Vec<u8> = search.solutions[0].values.clone();
        assert_eq!(first, planted, "{spec:?}");
        // Density 0.8 asked; making it unique blocks some cells out, not
        // whole areas.
        let fraction = white_fraction(&grid);
        assert!(fraction > 0.4, "{spec:?}: white fraction {fraction}");
    }
}

#[test]
fn the_command_line_takes_a_symmetry() {
    let args = [
        "generate", "kakuro", "--size", "9", "--unique", "--seed", "4",
    ];
    let (code, out, _) = crypta(&[&args[..], &["--symmetry", "rotational"]].concat());
    assert_eq!(code, 0);
    let grid = generate(&Spec {
        unique: true,
        symmetry: Symmetry::Rotational,
        ..Spec::new(9, 4)
    });
    assert_eq!(out.trim_end(), format!("unique {}", grid.block()));
    let (code, _, err) = crypta(&[&args[..], &["--symmetry", "diagonal"]].concat());
    assert_eq!(code, 2, "{err}");
}
