//! Conditions (language v2): random systems of relations and properties
//! over `+ - * / % ^`, in the system and after `with`, solved by modular
//! columns and by the brute-force oracle (which evaluates every condition
//! in big integers, not through the strategies' `i128` path or their
//! bounds); and the brief's examples with answers counted by hand.

use proptest::prelude::*;

use crypta_engine::program::check_script;
use crypta_substrate::diagnostic::ErrorKind;

use crate::crosscheck::{count, run_property, Tally};
use crate::letters::{cross_check, word};

const RELATIONS: [&str; 9] = ["=", "!=", "<", "<=", ">", ">=", "≠", "≤", "≥"];
const PROPERTIES: [&str; 7] = [
    "prime",
    "square",
    "cube",
    "triangular",
    "palindrome",
    "odd",
    "even",
];

/// An expression of at most two operators; an exponent is one cell, so
/// the oracle's big-integer powers stay small.
fn expr(base: u32) -> impl Strategy<Value = String> {
    (
        word("ABCD", base, 2),
        word("ABCD", base, 2),
        word("ABCD", base, 2),
        word("ABCD", base, 1),
        0..8usize,
        0..3usize,
    )
        .prop_map(|(a, b, c, e, op, shape)| {
            let op = ["+", "-", "*", "/", "%", "^", "+", "*"][op];
            let rhs = if op == "^" { e } else { b };
            match shape {
                0 => a,
                1 => format!("{} {} {}", a, op, rhs),
                _ => format!("({} {} {}) % {}", a, op, rhs, c),
            }
        })
}

/// A member or option condition: a relation or a property.
fn condition(base: u32) -> impl Strategy<Value = String> {
    (
        expr(base),
        expr(base),
        proptest::sample::select(RELATIONS.to_vec()),
        proptest::sample::select(PROPERTIES.to_vec()),
        any::<bool>(),
    )
        .prop_map(|(a, b, rel, prop, is_property)| {
            if is_property {
                format!("({}) {}", a, prop)
            } else {
                format!("{} {} {}", a, rel, b)
            }
        })
}

fn system() -> impl Strategy<Value = String> {
    (2u32..=10).prop_flat_map(|base| {
        (
            word("ABC", base, 2),
            word("ABD", base, 2),
            word("ABCD", base, 3),
            any::<bool>(),
            proptest::collection::vec(condition(base), 1..=2),
            proptest::option::of(condition(base)),
            any::<bool>(),
        )
            .prop_map(move |(a, b, c, with_equation, members, option, repeats)| {
                let mut system = Vec::new();
                if with_equation {
                    system.push(format!("{} + {} = {}", a, b, c));
                }
                system.extend(members);
                let mut options = crate::support::options(base, repeats, false);
                options.extend(option);
                format!("count {} with {}", system.join(", "), options.join(", "))
            })
    })
}

#[test]
fn conditions_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 1500, system(), |script| {
        cross_check(&script, &[], &tally)
    });
    tally.report(
        "conditions",
        &[
            ("modular-columns", 700),
            ("compared, no solution", 150),
            ("compared, several solutions", 150),
        ],
    );
}

/// Counts checked by a separate brute force (Python, itertools).
#[test]
fn known_counts() {
    for (script, expected) in [
        ("count AB ^ 2 = CDE, (A + B) % 3 = 0", 2),
        ("count ABC * DE = FGHIJ, A + B + C = DE", 0),
        ("count SEND + MORE = MONEY with MONEY > 10600, S < E", 0),
        ("count SEND + MORE = MONEY with S > E", 1),
        ("count A < B, B < C, C < D", 210),
        ("count AB / C = D", 40),
        ("count AB % C = D, D > 0", 288),
        ("count (AB) palindrome, A + B = 8 with repeats", 1),
        ("count ABC triangular", 26),
        ("count ABC cube", 4),
        ("count 2 ^ AB > 10 ^ 15", 45),
        // Read off by `derive`: in big integers (3 ^ 82 and 3 ^ 83 have
        // 40 digits), and with a letter shared by both sides.
        ("count 3 ^ AB = ????????????????????????????????????????", 2),
        ("count MA ^ D = ENIGMA, PRIME prime", 2),
    ] {
        assert_eq!(count(script), expected, "{}", script);
    }
}

/// Undefined values make a condition false, `!=` included.
#[test]
fn undefined_values_are_false() {
    assert_eq!(count("count A / B = C with repeats, B = 0"), 0);
    assert_eq!(count("count A / B != C with repeats, B = 0"), 0);
    assert_eq!(count("count A % B >= 0 with repeats, B = 0"), 0);
    // v3: 7 / 2 is the fraction 7/2, which no digit equals (see logic.rs).
    assert_eq!(count("count 7 / A = B, A = 2 with repeats"), 0);
    // A negative exponent is undefined too.
    assert_eq!(count("count A ^ (B - C) = 1, B < C with repeats, A = 1"), 0);
}

/// Values far past 128 bits stay exact.
#[test]
fn large_values_are_exact() {
    // 2^3 = 1 (mod 7) and 4095 = 3 * 1365: 2^4095 - 1 is a multiple of 7.
    assert_eq!(count("count (2 ^ 4095 - 1) % 7 = A"), 1);
    assert_eq!(count("count (2 ^ 4095 + A) % 7 = 0"), 1);
    // Past i128 (about 1.7e38) the value is computed again in big integers.
    let x = "98765432109876543210";
    assert_eq!(count(&format!("count {0} * {0} % 97 = AB", x)), 1);
    assert_eq!(count(&format!("count {0} * {0} % 97 = 61, A = 1", x)), 1);
    assert_eq!(
        count(&format!("count {0} ^ 3 / {0} = {0} * {0}, A = 1", x)),
        1
    );
    assert_eq!(
        count(&format!("count {0} ^ 3 % 1000003 = 758671, A = 1", x)),
        1
    );
    // 2^127 - 1 is a Mersenne prime; 2^128 + 1 is not prime.
    assert_eq!(count("count (2 ^ 127 - 1) prime, A = 5"), 1);
    assert_eq!(count("count (2 ^ 128 + 1) prime, A = 5"), 0);
}

/// Diagnostics before any search: each the exact kind.
#[test]
fn refused_before_search() {
    let kind = |script: &str| {
        let (_, diagnostics) = check_script(script);
        diagnostics.first().map(|d| d.kind)
    };
    assert_eq!(
        kind("SEND + MORE = MONEY with S > 9"),
        Some(ErrorKind::ImpossibleCondition)
    );
    // An exponent up to 987 is fine; CDEF could pass 4096.
    assert_eq!(kind("count A ^ BCD = EFG"), None);
    assert_eq!(kind("count A ^ BCDE = FGH"), Some(ErrorKind::TooLarge));
    assert_eq!(kind("count A < B < C"), Some(ErrorKind::ChainedEquals));
    assert_eq!(
        kind("SEND + MORE = MONEY with X < S"),
        Some(ErrorKind::UnusedSymbol)
    );
    assert_eq!(
        kind("SEND + MORE = MONEY with S < ?"),
        Some(ErrorKind::BadTarget)
    );
    assert_eq!(kind("A + B = C with (A + B) prime"), None);
}

/// The last digit of a value with a property, in base 10 and others.
#[test]
fn residues_of_properties() {
    use crypta_substrate::ir::Property;
    let set = |p: Property, base| {
        let bits = p.residues(base);
        (0..base)
            .filter(|r| bits >> r & 1 == 1)
            .collect::<Vec<u32>>()
    };
    assert_eq!(set(Property::Square, 10), [0, 1, 4, 5, 6, 9]);
    assert_eq!(set(Property::Prime, 10), [1, 2, 3, 5, 7, 9]);
    assert_eq!(set(Property::Odd, 10), [1, 3, 5, 7, 9]);
    assert_eq!(set(Property::Cube, 10), (0..10).collect::<Vec<_>>());
    assert_eq!(set(Property::Triangular, 10), [0, 1, 3, 5, 6, 8]);
    // In base 7, 7 itself ends in 0; in an odd base parity says nothing.
    assert!(set(Property::Prime, 7).contains(&0));
    assert_eq!(set(Property::Odd, 7).len(), 7);
    // Against the definition: every residue of a small value with the
    // property is allowed.
    for base in 2..=16u32 {
        for p in [
            Property::Prime,
            Property::Square,
            Property::Cube,
            Property::Triangular,
        ] {
            let bits = p.residues(base);
            for n in 0u32..3000 {
                let has = crypta_substrate::arith::condition::has_property(&n.into(), p, base);
                assert!(
                    !has || bits >> (n % base) & 1 == 1,
                    "{:?} {} base {}",
                    p,
                    n,
                    base
                );
            }
        }
    }
}

/// `explain` says how each condition is used.
#[test]
fn explain_names_each_use() {
    let output = crate::support::run(
        &[
            "eval",
            "explain ENIGMA / M = TIMES, (TIMES + GEM) odd, M > 1",
        ],
        b"",
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("equation: ENIGMA = M * TIMES (implied by a condition)"),
        "{}",
        text
    );
    assert!(text.contains("on its last digit once"), "{}", text);
    assert!(text.contains("on bounds from"), "{}", text);
}

/// A condition `EXPR = WORD` whose expression is not a ring expression
/// (`^` with a letter exponent, `/`, `%`) over few letters, with letters
/// left over and other members: the shape the `derive` strategy reads.
fn derived_system() -> impl Strategy<Value = String> {
    (2u32..=10).prop_flat_map(|base| {
        (
            word("ABC", base, 2),
            word("ABC", base, 1),
            0..3usize,
            word("ABCDE", base, 4),
            any::<bool>(),
            proptest::option::of(condition(base)),
            proptest::option::of((word("DEFG", base, 3), 0..PROPERTIES.len())),
            any::<bool>(),
        )
            .prop_map(move |(a, b, op, w, flipped, other, property, repeats)| {
                let op = ["^", "/", "%"][op];
                let expr = format!("{} {} {}", a, op, b);
                let mut system = vec![if flipped {
                    format!("{} = {}", w, expr)
                } else {
                    format!("{} = {}", expr, w)
                }];
                system.extend(other);
                if let Some((word, p)) = property {
                    system.push(format!("({}) {}", word, PROPERTIES[p]));
                }
                let options = crate::support::options(base, repeats, false);
                format!("count {} with {}", system.join(", "), options.join(", "))
            })
    })
}

#[test]
fn derived_words_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 2000, derived_system(), |script| {
        cross_check(&script, &[], &tally)
    });
    tally.report(
        "derived words",
        &[
            ("derive", 400),
            ("compared, no solution", 150),
            ("compared, several solutions", 150),
        ],
    );
}

/// Divisibilities `WORD % EXPR = 0` (either way round), whose units
/// letter the product strategy works out from the rest: several of them
/// over shared letters, with a sum beside them.
fn divisibility_system() -> impl Strategy<Value = String> {
    (2u32..=10).prop_flat_map(|base| {
        (
            proptest::collection::vec((word("ABCDE", base, 4), expr(base), any::<bool>()), 1..=3),
            proptest::option::of((
                word("AB", base, 2),
                word("CD", base, 2),
                word("ABE", base, 3),
            )),
            any::<bool>(),
        )
            .prop_map(move |(divisibilities, sum, repeats)| {
                let mut system: Vec<String> = divisibilities
                    .into_iter()
                    .map(|(w, d, flipped)| {
                        if flipped {
                            format!("0 = {} % ({})", w, d)
                        } else {
                            format!("{} % ({}) = 0", w, d)
                        }
                    })
                    .collect();
                if let Some((a, b, c)) = sum {
                    system.push(format!("{} + {} = {}", a, b, c));
                }
                let options = crate::support::options(base, repeats, false);
                format!("count {} with {}", system.join(", "), options.join(", "))
            })
    })
}

#[test]
fn divisibilities_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 2000, divisibility_system(), |script| {
        cross_check(&script, &[], &tally)
    });
    tally.report(
        "divisibilities",
        &[
            ("modular-columns", 1000),
            ("compared, no solution", 150),
            ("compared, several solutions", 150),
        ],
    );
}

/// Words with a square, cube or triangular property, two at most, over
/// shared letters, with a product equation or another condition beside
/// them: the shape whose words the product strategy assigns from the list
/// of their values (`listed.rs`).
fn listed_system() -> impl Strategy<Value = String> {
    (2u32..=10).prop_flat_map(|base| {
        (
            proptest::collection::vec((word("ABCDE", base, 4), 0..3usize), 1..=2),
            proptest::option::of((
                word("AB", base, 2),
                word("CE", base, 2),
                word("ABCF", base, 3),
            )),
            proptest::option::of(condition(base)),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(move |(words, product, other, repeats, leading)| {
                let mut system: Vec<String> = words
                    .into_iter()
                    .map(|(w, p)| format!("{} {}", w, ["square", "cube", "triangular"][p]))
                    .collect();
                if let Some((a, b, c)) = product {
                    system.push(format!("{} * {} = {}", a, b, c));
                }
                system.extend(other);
                let options = crate::support::options(base, repeats, leading);
                format!("count {} with {}", system.join(", "), options.join(", "))
            })
    })
}

/// Cross-checks `script`, and counts it under `name` as well when one of
/// its letter puzzles is `rewritten` and the oracle compared it.
fn cross_check_rewritten(
    script: &str,
    tally: &Tally,
    name: &str,
    rewritten: impl Fn(&crypta_substrate::ir::Letters) -> bool,
) -> Result<(), TestCaseError> {
    let (statements, _) = check_script(script);
    let rewritten = statements.iter().any(|statement| {
        crate::support::asked::<crypta_substrate::ir::Letters>(&statement.action)
            .is_some_and(|letters| rewritten(&letters))
    });
    let compared = tally.get("compared");
    cross_check(script, &[], tally)?;
    if rewritten && tally.get("compared") > compared {
        tally.add(name);
    }
    Ok(())
}

#[test]
fn listed_words_agree_with_the_oracle() {
    use crypta_engine::kinds::Kind;
    let tally = Tally::default();
    run_property(file!(), 3000, listed_system(), |script| {
        cross_check_rewritten(&script, &tally, "listed, compared", |letters| {
            letters
                .strategies()
                .iter()
                .any(|s| s.name() == "modular-columns" && s.approach().contains("from the list"))
        })
    });
    tally.report(
        "listed words",
        &[
            ("listed, compared", 800),
            ("compared, no solution", 150),
            ("compared, several solutions", 150),
        ],
    );
}

/// Products and sums of even powers equal to 0 (either way round), of
/// small expressions (some with `/`, `%` or a letter exponent, which stay
/// as written), beside a word property or a sum: the shape read part by
/// part (`zeros.rs`).
fn zero_system() -> impl Strategy<Value = String> {
    (2u32..=10).prop_flat_map(|base| {
        let ring = (word("ABCD", base, 2), word("ABCD", base, 2), 0..4usize).prop_map(
            |(a, b, op)| match op {
                0 => a,
                _ => format!("{} {} {}", a, ["+", "-", "*"][op - 1], b),
            },
        );
        let part = prop_oneof![3 => ring, 1 => expr(base)];
        (
            proptest::collection::vec(part, 2..=4),
            0..5usize,
            any::<bool>(),
            proptest::option::of(condition(base)),
            any::<bool>(),
        )
            .prop_map(move |(parts, shape, flipped, other, repeats)| {
                let p = |i: usize| format!("({})", parts[i % parts.len()]);
                let zero = match shape {
                    0 => format!("{} * {}", p(0), p(1)),
                    1 => format!("{} ^ 2 + {} ^ 2", p(0), p(1)),
                    2 => format!("({} ^ 2 + {} ^ 4) * {}", p(0), p(1), p(2)),
                    3 => format!(
                        "{} ^ 3 * ({} ^ 2 + {} ^ 2 + {} ^ 2)",
                        p(0),
                        p(1),
                        p(2),
                        p(3)
                    ),
                    _ => format!("{} ^ 2 - {} ^ 2", p(0), p(1)),
                };
                let mut system = vec![if flipped {
                    format!("0 = {}", zero)
                } else {
                    format!("{} = 0", zero)
                }];
                system.extend(other);
                let options = crate::support::options(base, repeats, false);
                format!("count {} with {}", system.join(", "), options.join(", "))
            })
    })
}

#[test]
fn zero_products_agree_with_the_oracle() {
    use crypta_engine::kinds::Kind;
    let tally = Tally::default();
    run_property(file!(), 3000, zero_system(), |script| {
        cross_check_rewritten(&script, &tally, "split, compared", |letters| {
            letters.plan().approach().contains("read part by part")
        })
    });
    tally.report(
        "zero products",
        &[
            ("split, compared", 300),
            ("compared, no solution", 150),
            ("compared, several solutions", 150),
        ],
    );
}
