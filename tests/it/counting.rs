//! Counting without listing, checked against enumeration: random sums and
//! differences of words (distinct letters or `repeats`, `?` cells, fixed
//! digits, several equations, bases 2 to 10) are counted through `count`
//! (column counts, independent parts multiplied) and by the brute-force
//! oracle, which visits every assignment. Kakuro grids with several
//! regions are compared in `kakuro.rs` (its `count` goes through
//! `kakuro-regions`).

use proptest::prelude::*;

use crypta_engine::kinds::Puzzle;
use crypta_engine::program::check_script;
use crypta_engine::program::Action;
use crypta_substrate::solve::{Budget, Flow, Limits, Outcome};

use crate::crosscheck::{ask, run_property, Tally};

/// A word of 1 to 3 cells: letters from `pool`, sometimes `?` or a digit.
fn word(pool: &'static str, base: u32) -> impl Strategy<Value = String> {
    let cell = prop_oneof![
        6 => proptest::sample::select(pool.chars().collect::<Vec<_>>()),
        1 => Just('?'),
        1 => (0..base).prop_map(|d| char::from_digit(d, 10).unwrap_or('0')),
    ];
    proptest::collection::vec(cell, 1..=3).prop_map(|cells| cells.into_iter().collect())
}

/// `W ± W ... = W` with 2 or 3 words on the left.
fn equation(pool: &'static str, base: u32) -> impl Strategy<Value = String> {
    (
        proptest::collection::vec((word(pool, base), any::<bool>()), 2..=3),
        word(pool, base),
    )
        .prop_map(|(left, right)| {
            let mut text = left[0].0.clone();
            for (w, minus) in &left[1..] {
                text.push_str(if *minus { " - " } else { " + " });
                text.push_str(w);
            }
            format!("{} = {}", text, right)
        })
}

/// One to three equations over up to three pools of letters (two pools
/// with `repeats` or `?` make independent parts), with options.
fn system() -> impl Strategy<Value = String> {
    (5u32..=10).prop_flat_map(|base| {
        (
            proptest::collection::vec(
                prop_oneof![
                    equation("ABC", base),
                    equation("DE", base),
                    equation("FG", base)
                ],
                1..=3,
            ),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(move |(equations, repeats, zeros)| {
                let options = crate::support::options(base, repeats, zeros);
                format!("{} with {}", equations.join(", "), options.join(", "))
            })
    })
}

/// Assignments the oracle may visit for one case: the whole test stays
/// within seconds.
const ORACLE_SPACE: f64 = 2e5;

/// The assignments the oracle visits at most: the product of the domains.
fn oracle_space(puzzle: &Puzzle) -> f64 {
    match puzzle.downcast_ref::<crypta_substrate::ir::Letters>() {
        Some(letters) => letters
            .vars
            .iter()
            .map(|v| f64::from(v.domain.len()))
            .product(),
        _ => f64::INFINITY,
    }
}

/// The oracle's count, visiting every assignment.
fn oracle_count(puzzle: &Puzzle) -> u64 {
    let limits = Limits::default();
    let mut budget = Budget::new(&limits);
    let mut n = 0u64;
    let outcome = crypta_engine::kinds::of(puzzle)
        .oracle()
        .search(&mut budget, &mut |_| {
            n += 1;
            Flow::Continue
        });
    assert_eq!(outcome, Outcome::Exhausted);
    n
}

#[test]
fn counts_agree_with_enumeration() {
    let tally = Tally::default();
    run_property(file!(), 2500, system(), |body| {
        let (statements, diagnostics) = check_script(&format!("count {}", body));
        if !diagnostics.is_empty() {
            tally.add("rejected by the checker");
            return Ok(());
        }
        let Some(Action::Ask { puzzle, .. }) = statements.into_iter().next().map(|s| s.action)
        else {
            return Ok(());
        };
        if oracle_space(&puzzle) > ORACLE_SPACE {
            tally.add("too many assignments for the oracle");
            return Ok(());
        }
        let expected = oracle_count(&puzzle);
        // Through `count`, which lists small counts itself...
        let counted = ask(&format!("count {}", body))?;
        prop_assert_eq!(&counted.count, &expected, "count {}", body);
        // ...and by the counter alone, which `count` takes for large ones.
        if let Some(counter) = crypta_engine::kinds::of(&puzzle).counter() {
            let limits = Limits::default();
            let mut budget = Budget::new(&limits);
            let result = counter.count(&mut budget);
            prop_assert_eq!(result.outcome, Outcome::Exhausted);
            prop_assert_eq!(&result.count, &expected, "{}: {}", counter.name(), body);
            tally.add(&format!("counter/{}", counter.name()));
        }
        if expected > 1 {
            tally.add("several solutions");
        }
        Ok(())
    });
    tally.report(
        "counts_agree_with_enumeration",
        &[
            ("counter/column-count", 1000),
            ("counter/count-by-parts", 200),
            ("several solutions", 200),
        ],
    );
}

/// Counts past 2^128 are exact: a sum of 40-cell words of `?` is counted
/// by columns, and its count has a closed form.
#[test]
fn huge_counts_are_exact() {
    // Every pair of 40-cell numbers x, y (leading zeros allowed) whose sum
    // has 40 cells: for each x below n = 10^40, y is any value below
    // n - x, so n + (n - 1) + ... + 1 pairs.
    let search = ask(&format!(
        "count {} + {} = {} with leading zeros",
        "?".repeat(40),
        "?".repeat(40),
        "?".repeat(40)
    ))
    .expect("counts");
    let ten = num_bigint::BigUint::from(10u32);
    let n = ten.pow(40);
    // Σ_{x=0}^{n-1} (n - x) = n(n+1)/2.
    let expected = &n * (&n + 1u32) / 2u32;
    assert_eq!(search.count.to_string(), expected.to_string());
    assert_eq!(search.strategy, "column-count");
}
