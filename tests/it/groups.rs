//! Distinct groups (language v3, `with distinct ABC, abc`): random sums
//! and systems whose symbols are all different only within the groups
//! listed, solved by every strategy that accepts them and by each query,
//! against the brute-force oracle (which tests the groups pair by pair);
//! the errors of `distinct`; and the reversal puzzles counted by a
//! separate brute force.

use proptest::prelude::*;

use crypta_substrate::diagnostic::ErrorKind;

use crate::crosscheck::{count, run_property, Tally};
use crate::letters::{cross_check, word};

/// A group: some of the symbols `ABCabc`, in a random order.
fn group() -> impl Strategy<Value = String> {
    proptest::sample::subsequence("ABCabc".chars().collect::<Vec<_>>(), 1..=4)
        .prop_shuffle()
        .prop_map(|cells| cells.into_iter().collect())
}

/// A sum, a difference, or a system with a condition, over upper- and
/// lower-case symbols, with one to three (possibly overlapping) groups.
fn puzzle() -> impl Strategy<Value = String> {
    (3u32..=10).prop_flat_map(|base| {
        (
            word("ABCab", base, 3),
            word("ABCbc", base, 3),
            word("ABCabc", base, 4),
            proptest::collection::vec(group(), 1..=3),
            0..4usize,
            any::<bool>(),
        )
            .prop_map(move |(a, b, c, groups, shape, leading)| {
                let member = match shape {
                    0 => format!("{} + {} = {}", a, b, c),
                    1 => format!("{} - {} = {}", c, a, b),
                    2 => format!("{} + {} = {}, a < A", a, b, c),
                    _ => format!("{} * {} = {}", a, b, c),
                };
                let mut options = crate::support::options(base, false, leading);
                // Groups keep the symbols the puzzle has: a letter it does
                // not have is an error (tested below), not a case.
                let groups: Vec<String> = groups
                    .iter()
                    .map(|g| g.chars().filter(|&c| member.contains(c)).collect())
                    .filter(|g: &String| !g.is_empty())
                    .collect();
                if !groups.is_empty() {
                    options.push(format!("distinct {}", groups.join(", ")));
                }
                format!("count {} with {}", member, options.join(", "))
            })
    })
}

#[test]
fn distinct_groups_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 1200, puzzle(), |script| {
        cross_check(&script, &[], &tally)
    });
    tally.report(
        "groups",
        &[
            ("column-addition", 150),
            ("modular-columns", 300),
            ("compared, no solution", 60),
            ("compared, several solutions", 60),
        ],
    );
}

/// `ABCDE + EDCBA = abcde`, upper case and lower case each all
/// different, lengths 5 to 10: counts from a separate brute force
/// (Python, itertools.permutations over the upper-case word).
#[test]
fn reversal_sums() {
    let upper = "ABCDEFGHIJ";
    let lower = "abcdefghij";
    for (n, expected) in [
        (5, 1168),
        (6, 1008),
        (7, 3296),
        (8, 4032),
        (9, 1984),
        (10, 2304),
    ] {
        let (u, l) = (&upper[..n], &lower[..n]);
        let r: String = u.chars().rev().collect();
        let script = format!("count {} + {} = {} with distinct {}, {}", u, r, l, u, l);
        assert_eq!(count(&script), expected, "{}", script);
    }
}

/// Small puzzles counted by hand or by a separate brute force.
#[test]
fn known_counts() {
    for (script, expected) in [
        // A and B differ (90 ordered pairs); C and D are in no group and
        // free (100 pairs): the equation always holds.
        (
            "count A + B = CD - CD + A + B with distinct AB, leading zeros",
            9000,
        ),
        // Two groups sharing C: A != C, B != C, A may equal B.
        ("count A + B + C = 3 with distinct AC, BC, leading zeros", 7),
        // One group listing every symbol is the default rule.
        ("count SEND + MORE = MONEY with distinct SENDMORY", 1),
        // Symbols in no group are free: B alone differs from nobody, and
        // A may share its digit (A = B = 0).
        ("count A + A = B with distinct B", 5),
        // A layout searches by groups too: AB * C = DEF with A != B and
        // C, D, E, F all different (Python, itertools.product).
        (
            "count multiplication {\n   AB\n x  C\n ----\n  DEF\n} with distinct AB, CDEF",
            288,
        ),
    ] {
        assert_eq!(count(script), expected, "{}", script);
    }
}

#[test]
fn distinct_errors() {
    for (script, kind) in [
        (
            "ABC + ABC = abc with distinct ABC, repeats",
            ErrorKind::ConflictingOptions,
        ),
        ("AB + BA = CC with distinct ABX", ErrorKind::UnusedSymbol),
        (
            "ABCDEFGHIJK + K = abc with distinct ABCDEFGHIJK",
            ErrorKind::TooManySymbols,
        ),
        (
            "AB + CD = EF with distinct AB, BA, A = 1, B = 1",
            ErrorKind::Contradiction,
        ),
    ] {
        assert_eq!(crate::support::first_error(script), kind, "{}", script);
    }
    // Two symbols forced to one digit in different groups are fine
    // (62 by a separate brute force).
    assert_eq!(
        count("count AB + CD = EF with distinct AC, BD, A = 1, B = 1"),
        62
    );
}
