//! Language v3 conditions: formulas (`and`, `or`, `not`, parentheses,
//! `exactly`/`at least`/`at most N of (...)`), exact fractions (`/` is
//! rational division) and decimal constants (`45d`). Random formulas over
//! relations and properties, in the system and after `with`, are solved by
//! modular columns and by the brute-force oracle (which evaluates every
//! part in big integers and fractions, with plain two-valued logic, not
//! through the search's three-valued pruning); counts of named puzzles
//! were checked by a separate brute force (Python, itertools, `fractions`).

use proptest::prelude::*;

use crypta_engine::program::check_script;
use crypta_substrate::diagnostic::ErrorKind;

use crate::crosscheck::{count, run_property, Tally};
use crate::letters::{cross_check, word};

/// A relation or property over short words, `/` among the operators.
fn atom(base: u32) -> impl Strategy<Value = String> {
    (
        word("ABCD", base, 2),
        word("ABCD", base, 2),
        word("ABCD", base, 1),
        0..6usize,
        0..6usize,
        0..4usize,
    )
        .prop_map(|(a, b, c, op, rel, shape)| {
            let op = ["+", "-", "*", "/", "%", "/"][op];
            let rel = ["=", "!=", "<", "<=", ">", ">="][rel];
            match shape {
                0 => format!("{} {} {}", a, rel, b),
                1 => format!("{} {} {} {} {}", a, op, c, rel, b),
                2 => format!("({} {} {}) odd", a, op, c),
                _ => format!("{} / {} {} {} / {}", a, c, rel, b, c),
            }
        })
}

/// A formula of depth at most 2: atoms, `not`, `and`, `or`, counted.
fn formula(base: u32) -> impl Strategy<Value = String> {
    let leaf = atom(base).boxed();
    leaf.prop_recursive(2, 8, 3, move |inner| {
        prop_oneof![
            inner.clone().prop_map(|c| format!("not ({})", c)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({}) and ({})", a, b)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{} or {}", a, b)),
            (
                0..4usize,
                0..3usize,
                proptest::collection::vec(inner, 1..=3)
            )
                .prop_map(|(n, how, parts)| {
                    let how = ["exactly", "at least", "at most"][how];
                    let n = n.min(parts.len());
                    format!("{} {} of ({})", how, n, parts.join(", "))
                }),
        ]
    })
}

fn system() -> impl Strategy<Value = String> {
    (2u32..=8).prop_flat_map(|base| {
        (
            word("ABC", base, 2),
            word("ABD", base, 2),
            any::<bool>(),
            formula(base),
            proptest::option::of(formula(base)),
            any::<bool>(),
        )
            .prop_map(move |(a, b, with_equation, member, option, repeats)| {
                let mut system = Vec::new();
                if with_equation {
                    system.push(format!("{} + {} = CD", a, b));
                }
                system.push(member);
                let mut options = crate::support::options(base, repeats, false);
                options.extend(option);
                format!("count {} with {}", system.join(", "), options.join(", "))
            })
    })
}

#[test]
fn formulas_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 1200, system(), |script| {
        cross_check(&script, &[], &tally)
    });
    tally.report(
        "formulas",
        &[
            ("modular-columns", 500),
            ("compared, no solution", 60),
            ("compared, several solutions", 200),
        ],
    );
}

/// `X % m` against a number, `m` (decimal, `12d`) dividing a power of the
/// base or not, X a word, a sum or a difference, on either side of the
/// relation: the search decides it from X's low digits once they are
/// placed (arith/logic.rs), so counted formulas of them prune early
/// (Enigma 1199); the oracle evaluates each whole.
fn remainder_atom(base: u32) -> impl Strategy<Value = String> {
    (
        word("ABCD", base, 3),
        word("ABCD", base, 2),
        0..3usize,
        1..=base * base + 2,
        0..4u32,
        0..6usize,
        any::<bool>(),
    )
        .prop_map(|(a, b, shape, m, c, rel, swap)| {
            let x = match shape {
                0 => a,
                1 => format!("({} + {})", a, b),
                _ => format!("({} - {})", a, b),
            };
            let rel = ["=", "!=", "<", "<=", ">", ">="][rel];
            if swap {
                format!("{}d {} {} % {}d", c, rel, x, m)
            } else {
                format!("{} % {}d {} {}d", x, m, rel, c)
            }
        })
}

fn remainder_system() -> impl Strategy<Value = String> {
    (2u32..=10).prop_flat_map(|base| {
        (
            proptest::collection::vec(remainder_atom(base), 1..=4),
            0..3usize,
            0..3usize,
            any::<bool>(),
        )
            .prop_map(move |(atoms, how, n, repeats)| {
                let n = n.min(atoms.len());
                let formula = match how {
                    0 => format!("exactly {} of ({})", n, atoms.join(", ")),
                    1 => atoms.join(" or "),
                    _ => atoms.join(", "),
                };
                let repeats = if repeats { ", repeats" } else { "" };
                format!("count {} with base {}{}", formula, base, repeats)
            })
    })
}

#[test]
fn remainders_on_low_digits_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 800, remainder_system(), |script| {
        cross_check(&script, &[], &tally)
    });
    tally.report(
        "remainders on low digits",
        &[
            ("modular-columns", 300),
            ("compared, several solutions", 100),
        ],
    );
}

/// Every random formula survives `crypta fmt`: the formatted text checks
/// to the same statements.
#[test]
fn formatted_formulas_check_the_same() {
    run_property(file!(), 300, system(), |script| {
        let formatted = crypta_core::fmt::format_script(&script);
        prop_assert!(formatted.is_ok(), "{}: {:?}", script, formatted.err());
        Ok(())
    });
}

/// Counts checked by a separate brute force (Python, itertools).
#[test]
fn known_counts() {
    for (script, expected) in [
        ("count A < B or B < C with digits 1..3, repeats", 17),
        (
            "count exactly 1 of (A != 4, B != 5, C != 6, D != 7) with repeats",
            36,
        ),
        ("count A + B = C, not A < B", 16),
        ("count A + B = C with (A odd and B odd) or C = 0", 8),
        ("count at least 2 of (A = 1, B = 2, C = 3)", 22),
        ("count at most 1 of (A = 1, B = 2, C = 3)", 698),
        // `and` binds before `or`.
        ("count A = 1 or B = 2 and C = 3", 79),
        ("count (A = 1 or B = 2) and C = 3", 15),
        ("count not not A = 1, B < A", 1),
        // Enigma 1577-like: one of two numbers a square, the other triangular.
        (
            "count AB + CD = EF, (AB square and CD triangular) or (AB triangular and CD square)",
            14,
        ),
    ] {
        assert_eq!(count(script), expected, "{}", script);
    }
}

/// `/` is exact rational division (v3).
#[test]
fn fractions_are_exact() {
    for (script, expected) in [
        ("count A / BC + D / EF + G / HI = 1 with digits 1..9", 6),
        ("count NORTH / SOUTH = EAST / WEST", 1),
        ("count A / B = C / D, A < C, A < B", 10),
        ("count A / B < 1 / 2 with digits 1..9", 16),
        // 7 / 2 is the fraction 3 1/2: no digit equals it.
        ("count 7 / A != B, A = 2 with repeats", 10),
        ("count 7 / A = B, A = 2 with repeats", 0),
        // A property, `%` or an exponent of a value that is not whole is false.
        ("count (A / B) odd with digits 1..9", 6),
        ("count (A / 2) % 2 = 0 with repeats", 3),
        ("count 2 ^ (A / 2) = 4 with repeats", 1),
        // A fraction raised to a power stays exact.
        ("count (A / B) ^ 2 = 1 / 4 with digits 1..9", 4),
        // A divisor of 0 makes the relation false, and `not` of it true.
        ("count not (A / B = 0), A = 0 with repeats", 1),
    ] {
        assert_eq!(count(script), expected, "{}", script);
    }
}

/// `45d` is forty-five in any base; a plain number is in the puzzle's base.
#[test]
fn decimal_constants() {
    assert_eq!(count("count A + B = 45d with base 27, repeats"), 8);
    assert_eq!(count("count A = 10d with base 16"), 1);
    assert_eq!(count("count A = 10d with base 8"), 0);
    assert_eq!(count("count A + 7d = 10 with base 8"), 1);
    // Only digits and then `d`: `45de` is a word with symbols d and e.
    assert_eq!(count("count 4de = 4ed, d + e = 1d"), 0);
}

/// Malformed formulas: each the exact kind, at the part at fault.
#[test]
fn malformed_formulas() {
    let first = |script: &str| {
        let (_, diagnostics) = check_script(script);
        diagnostics
            .first()
            .map(|d| (d.kind, d.span.clone(), d.message.clone()))
    };
    let (kind, span, message) =
        first("count A + B = C, exactly 5 of (A = 1, B = 2, C = 3)").expect("refused");
    assert_eq!(kind, ErrorKind::ImpossibleCondition);
    assert_eq!(span, 25..26);
    assert!(message.contains("exactly 5 of 3"), "{}", message);
    let (kind, ..) = first("count A + B = C with at least 3 of (A = 1, B = 2)").expect("refused");
    assert_eq!(kind, ErrorKind::ImpossibleCondition);
    // A relation chained inside a formula, a symbol not in the puzzle.
    let (kind, ..) = first("count A + B = C with A < B < C or A = 1").expect("refused");
    assert_eq!(kind, ErrorKind::ChainedEquals);
    let (kind, span, _) = first("count A + B = C with A = 1 or X = 2").expect("refused");
    assert_eq!(kind, ErrorKind::UnusedSymbol);
    assert_eq!(span, 30..31);
    // `at most` any number of parts is fine, `exactly` as many as there are.
    assert!(first("count A + B = C with at most 5 of (A = 1, B = 2)").is_none());
    assert!(first("count A + B = C with exactly 2 of (A = 1, B = 2)").is_none());
    // The words are not reserved: `not`, `or`, `and` are words elsewhere.
    assert!(first("count not + or = and").is_none());
}

/// The words that combine conditions come from the one vocabulary:
/// completion offers them once begun, and `:help` and the grammar agree
/// (tests/it/vocab.rs).
#[test]
fn completion_offers_the_combining_words() {
    use crypta_core::complete::completions;
    let (_, words) = completions("count A < B o", std::iter::empty());
    assert_eq!(words, vec!["or".to_string(), "of".to_string()]);
    let (_, words) = completions("count A + B = C with A < B a", std::iter::empty());
    assert_eq!(
        words,
        vec![
            "and".to_string(),
            "at least".to_string(),
            "at most".to_string()
        ]
    );
    let (_, words) = completions("count A + B = C, ex", std::iter::empty());
    assert_eq!(words, vec!["exactly".to_string()]);
    // Nothing begun after an operand: `with`, as before.
    let (_, words) = completions("count A + B = C ", std::iter::empty());
    assert_eq!(words, vec!["with".to_string()]);
}

/// A long chain of `not`s is refused before parsing, like deep
/// parentheses: each is one level of the grammar's recursion.
#[test]
fn too_many_nots_are_refused() {
    let script = format!("count {}A = 1 with repeats", "not ".repeat(20_000));
    let (_, diagnostics) = check_script(&script);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].kind, ErrorKind::TooLarge);
    assert!(
        diagnostics[0].message.contains("`not`s"),
        "{}",
        diagnostics[0].message
    );
    // Up to the limit, a formula as any other.
    let script = format!("count {}A = 1 with repeats", "not not ".repeat(32));
    assert_eq!(count(&script), 1);
}
