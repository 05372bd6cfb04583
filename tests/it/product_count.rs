//! Products of words whose digits are all independent (issue 43), counted
//! by ranges and division: cross-checked against the brute-force oracle
//! on random puzzles from a fixed seed, and the named corners against
//! plain arithmetic within a node budget no enumeration fits in.

use proptest::prelude::*;

use crypta_engine::kinds::Kind;
use crypta_engine::program::check_script;
use crypta_engine::run::{run_statement, ResultBody, RunOptions};

use crate::crosscheck::{run_property, Tally};
use crate::letters::cross_check;
use crate::support::{letters_of, try_letters_of};

/// The first `n` letters of `pool`: words that share no letter.
fn fresh(pool: &'static str) -> impl Strategy<Value = String> {
    (1..=pool.len()).prop_map(move |n| pool[..n].to_string())
}

fn product_puzzle() -> impl Strategy<Value = String> {
    (2u32..=5).prop_flat_map(|base| {
        (
            fresh("AB"),
            fresh("CD"),
            fresh("EF"),
            fresh("GHIJ"),
            0..5usize,
            prop::bool::weighted(0.85),
            any::<bool>(),
            prop::option::weighted(0.15, 0..base),
        )
            .prop_map(move |(a, b, e, c, shape, repeats, leading, ne)| {
                let body = match shape {
                    0 | 1 => format!("{} * {} = {}", a, b, c),
                    2 => format!("{} * {} * {} = {}", a, b, e, c),
                    3 => format!("{} ^ 2 = {}", a, c),
                    _ => format!("{} = {} * {} * {}", c, a, a, b),
                };
                let mut options = crate::support::options(base, repeats, leading);
                // A digit taken from a middle letter: no longer a range.
                options.extend(ne.map(|d| format!("H != {}", d)));
                format!("count {} with {}", body, options.join(", "))
            })
    })
}

fn counted_by_ranges(script: &str) -> bool {
    try_letters_of(script).is_some_and(|letters| {
        letters
            .counter()
            .is_some_and(|c| c.name() == "product-ranges")
    })
}

#[test]
fn product_ranges_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 1200, product_puzzle(), |script| {
        if counted_by_ranges(&script) {
            tally.add("counted by ranges");
        }
        cross_check(&script, &[], &tally)
    });
    tally.report(
        "product ranges",
        &[
            ("counted by ranges", 500),
            ("query:count/product-ranges", 400),
        ],
    );
}

/// Pairs (x, y) of `xs` × `ys` with x * y in `zs`, by plain arithmetic.
fn pairs(xs: std::ops::Range<u64>, ys: std::ops::Range<u64>, zs: std::ops::Range<u64>) -> u64 {
    let mut n = 0;
    for x in xs {
        for y in ys.clone() {
            n += u64::from(zs.contains(&(x * y)));
        }
    }
    n
}

/// The count of `script` within `nodes`, which must finish.
pub(crate) fn count_within(script: &str, nodes: u64) -> (u64, &'static str) {
    let (statements, diagnostics) = check_script(script);
    assert!(diagnostics.is_empty(), "{:?}", diagnostics);
    let options = RunOptions {
        max_nodes: Some(nodes),
        ..RunOptions::default()
    };
    let result = run_statement(&statements[0], &options).expect(script);
    let ResultBody::Searched(search) = result.body else {
        panic!("{}: no search", script)
    };
    assert!(
        search.complete,
        "{}: stopped by {:?}",
        script, search.stopped_by
    );
    (search.count.to_u64().unwrap_or(u64::MAX), search.strategy)
}

#[test]
fn the_named_products_are_counted_not_listed() {
    // Listing them takes millions of nodes; the count visits abc's 900.
    let expected = pairs(100..1000, 100..1000, 100_000..1_000_000);
    let got = count_within("count abc * def = ghijkl with repeats", 20_000);
    assert_eq!(got, (expected, "product-ranges"));

    let squares = (1000u64..10_000)
        .filter(|x| (1_000_000..10_000_000).contains(&(x * x)))
        .count() as u64;
    let got = count_within("count ABCD ^ 2 = EFGHIJK with repeats", 1_000);
    assert_eq!(got, (squares, "product-ranges"));
}

#[test]
fn the_product_count_is_explained() {
    let letters = letters_of("count ABC * DEF = GHIJKL with repeats");
    let counter = letters.counter().map(|c| c.approach()).unwrap_or_default();
    assert!(
        counter.contains(
            "for each value of ABC, the values of DEF whose product falls in GHIJKL's range"
        ),
        "{}",
        counter
    );
    // Distinct letters are not independent: no such count.
    let distinct = letters_of("count AB * CD = EFG");
    assert!(distinct
        .counter()
        .is_none_or(|c| c.name() != "product-ranges"));
}
