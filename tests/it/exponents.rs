//! Powers whose exponent is a letter (issue 43): searched once per value
//! of the exponent, each case's power read as a product. Cross-checked
//! against the brute-force oracle on random puzzles from a fixed seed, and
//! the named corner counted against plain arithmetic within a node budget.

use proptest::prelude::*;

use crypta_engine::kinds::Kind;
use crypta_engine::program::check_script;
use crypta_engine::run::{run_statement, ResultBody, RunOptions};

use crate::crosscheck::{run_property, Tally};
use crate::letters::{cross_check, word};
use crate::support::{letters_of, try_letters_of};

/// An exponent: a letter of its own, one of the words' letters, a `?`,
/// or a digit now and then.
fn exponent(base: u32) -> impl Strategy<Value = String> {
    prop_oneof![
        3 => Just("E".to_string()),
        2 => Just("F".to_string()),
        1 => Just("A".to_string()),
        1 => Just("?".to_string()),
        1 => (0..base.min(4)).prop_map(|d| d.to_string()),
    ]
}

/// Letter exponents in every place a condition may hold one.
fn exponent_puzzle() -> impl Strategy<Value = String> {
    (2u32..=10).prop_flat_map(|base| {
        (
            word("ABC", base, 2),
            word("ABD", base, 2),
            word("ABCD", base, 4),
            exponent(base),
            exponent(base),
            0..6usize,
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(move |(a, b, c, e, f, shape, repeats, leading)| {
                let body = match shape {
                    0 | 1 => format!("{} ^ {} + {} ^ {} = {}", a, e, b, f, c),
                    2 => format!("{} ^ {} = {}", a, e, c),
                    3 => format!("({} ^ {} + {}) odd", a, e, b),
                    4 => format!("{} * {} ^ {} = {} - {}", b, a, e, c, b),
                    _ => format!("{} ^ {} < {}", a, e, c),
                };
                let options = crate::support::options(base, repeats, leading);
                format!("count {} with {}", body, options.join(", "))
            })
    })
}

/// Whether some strategy of `script` splits it by its exponents.
fn split(script: &str) -> bool {
    try_letters_of(script).is_some_and(|letters| {
        letters
            .strategies()
            .iter()
            .any(|s| s.name() == "exponent-cases")
    })
}

#[test]
fn letter_exponents_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 1500, exponent_puzzle(), |script| {
        if split(&script) {
            tally.add("split by exponents");
        }
        cross_check(&script, &[], &tally)
    });
    tally.report(
        "exponents",
        &[("split by exponents", 500), ("exponent-cases", 300)],
    );
}

/// `AB ^ C + DE ^ F = GHIJK with repeats` counted by plain arithmetic:
/// every AB, C, DE, F whose value is a five-digit number gives one
/// solution (GHIJK is read off it).
fn corner_by_arithmetic() -> u64 {
    let mut n = 0;
    for ab in 10u128..100 {
        for c in 0..10 {
            for de in 10u128..100 {
                for f in 0..10 {
                    let v = ab.pow(c).checked_add(de.pow(f));
                    if v.is_some_and(|v| (10_000..100_000).contains(&v)) {
                        n += 1;
                    }
                }
            }
        }
    }
    n
}

#[test]
fn two_letter_exponents_are_counted_within_a_small_budget() {
    let script = "count AB ^ C + DE ^ F = GHIJK with repeats";
    let expected = corner_by_arithmetic();
    assert_eq!(expected, 21_931);
    let (statements, diagnostics) = check_script(script);
    assert!(diagnostics.is_empty(), "{:?}", diagnostics);
    // Searched on bounds until the last letter (before the cases), it
    // needed far more nodes than this.
    let options = RunOptions {
        max_nodes: Some(3_000_000),
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
    assert_eq!(search.count, expected);
    assert_eq!(search.strategy, "exponent-cases");
}

#[test]
fn the_cases_are_explained() {
    let approach = letters_of("count AB ^ C + DE ^ F = GHIJK with repeats")
        .plan()
        .approach();
    for line in [
        "C in {0..9}, F in {0..9}",
        "17 cases left where the bounds allow a solution",
        "AB ^ 1 + DE ^ 3 = GHIJK: the equation AB + DE * DE * DE = GHIJK",
    ] {
        assert!(approach.contains(line), "{}", approach);
    }
    // Three exponent letters make 1,000 cases, past MAX_CASES (256).
    let many = letters_of("count AB ^ C + DE ^ F + GH ^ I = JKLMN with repeats");
    assert!(many
        .strategies()
        .iter()
        .all(|s| s.name() != "exponent-cases"));
    // One power with few letters is still read off its value.
    let derive = letters_of("count AB ^ C + DE = FGHIJ with repeats").plan();
    assert_eq!(derive.name(), "derive");
}
