//! One `=` condition whose terms fall into groups sharing no letter
//! (issue 43: digit powers, fractions with `repeats`), counted by
//! convolution and meet in the middle: cross-checked against the
//! brute-force oracle on random puzzles from a fixed seed, and the named
//! corners against plain arithmetic within a node budget no enumeration
//! fits in.

use proptest::prelude::*;

use crypta_engine::kinds::Kind;

use crate::crosscheck::{run_property, Tally};
use crate::letters::{cross_check, word};
use crate::product_count::count_within;
use crate::support::{letters_of, try_letters_of};

/// A term over the letters of `pool`: a power, a quotient, a product, a
/// remainder or a word.
fn term(pool: &'static str, base: u32) -> impl Strategy<Value = String> {
    (word(pool, base, 2), word(pool, base, 2), 0..6usize, 1u32..4).prop_map(|(a, b, shape, k)| {
        match shape {
            0 | 1 => format!("{} ^ {}", a, k),
            2 => format!("{} / {}", a, b),
            3 => format!("{} * {}", a, b),
            4 => format!("{} % {}", a, b),
            _ => a,
        }
    })
}

fn term_puzzle() -> impl Strategy<Value = String> {
    (2u32..=6).prop_flat_map(|base| {
        (
            proptest::collection::vec(
                prop_oneof![term("AB", base), term("CD", base), term("EF", base)],
                2..=4,
            ),
            word("ABCDEF", base, 3),
            any::<bool>(),
            prop::bool::weighted(0.85),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(move |(terms, rhs, subtract, repeats, leading, no_zero)| {
                let op = if subtract { " - " } else { " + " };
                let mut options = crate::support::options(base, repeats, leading);
                if no_zero {
                    options.push(format!("digits 1..{}", base - 1));
                }
                format!(
                    "count {} = {} with {}",
                    terms.join(op),
                    rhs,
                    options.join(", ")
                )
            })
    })
}

fn counted_by_terms(script: &str) -> bool {
    try_letters_of(script)
        .is_some_and(|letters| letters.counter().is_some_and(|c| c.name() == "term-sums"))
}

#[test]
fn term_sums_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 1200, term_puzzle(), |script| {
        if counted_by_terms(&script) {
            tally.add("counted by term sums");
        }
        cross_check(&script, &[], &tally)
    });
    tally.report(
        "term sums",
        &[
            ("counted by term sums", 300),
            ("query:count/term-sums", 200),
        ],
    );
}

#[test]
fn the_named_term_sums_are_counted_not_listed() {
    // Listing them takes millions of nodes; the tables hold thousands.
    let expected = (1_000_000u64..10_000_000)
        .filter(|&n| {
            let (mut m, mut sum) = (n, 0);
            while m > 0 {
                sum += (m % 10).pow(7);
                m /= 10;
            }
            sum == n
        })
        .count() as u64;
    let got = count_within(
        "count ABCDEFG = A ^ 7 + B ^ 7 + C ^ 7 + D ^ 7 + E ^ 7 + F ^ 7 + G ^ 7 with repeats",
        100_000,
    );
    assert_eq!(got, (expected, "term-sums"));

    // a/b + c/d + e/f = 1 over 1..9, by plain arithmetic: a*d*f + c*b*f
    // + e*b*d = b*d*f.
    let mut thirds = 0u64;
    for n in 0..9u64.pow(6) {
        let d: Vec<u64> = (0..6).map(|i| n / 9u64.pow(i) % 9 + 1).collect();
        let (a, b, c, dd, e, f) = (d[0], d[1], d[2], d[3], d[4], d[5]);
        thirds += u64::from(a * dd * f + c * b * f + e * b * dd == b * dd * f);
    }
    let got = count_within(
        "count A / B + C / D + E / F = 1 with repeats, digits 1..9",
        50_000,
    );
    assert_eq!(got, (thirds, "term-sums"));

    // The corner: 792, as the enumeration found.
    let got = count_within(
        "count A / B + C / D + E / F + G / H = 1 with repeats, digits 1..9",
        100_000,
    );
    assert_eq!(got, (792, "term-sums"));
}

#[test]
fn the_term_sums_are_explained() {
    let letters = letters_of("count A / B + C / D = E with repeats, digits 1..9");
    let counter = letters.counter().map(|c| c.approach()).unwrap_or_default();
    assert!(
        counter.contains("sums of terms in 3 groups that share no letter")
            && counter.contains("(A B | C D | E)"),
        "{}",
        counter
    );
    // Distinct letters are not independent, and one group does not split.
    for script in [
        "count A / B + C / D = E",
        "count A / B + B / A = C / A with repeats",
    ] {
        let letters = letters_of(script);
        assert!(
            letters.counter().is_none_or(|c| c.name() != "term-sums"),
            "{}",
            script
        );
    }
}
