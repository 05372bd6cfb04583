//! The slow corners of issue 31, each new path cross-checked against the
//! brute-force oracle on random puzzles from a fixed seed: powers with a
//! constant exponent read as products, and the column pins and product
//! bounds of `modular-columns`.

use proptest::prelude::*;

use crypta_engine::kinds::Kind;
use crypta_engine::program::check_script;
use crypta_substrate::ir::Letters;

use crate::crosscheck::{run_property, Tally};
use crate::layout::Extras;
use crate::letters::{cross_check, word};
use crate::support::letters_of;

/// Powers in every place a condition may hold one: an equation's side, a
/// sum of squares, a difference squared, a property, a relation other
/// than `=` (left as it is), an exponent of 0 or a letter (left too).
fn power_puzzle() -> impl Strategy<Value = String> {
    (2u32..=10).prop_flat_map(|base| {
        (
            word("ABC", base, 2),
            word("ABD", base, 2),
            word("ABCDE", base, 4),
            0..8usize,
            1u32..=4,
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(move |(a, b, c, shape, k, repeats, leading)| {
                let k = k.min(base - 1);
                let body = match shape {
                    0 | 1 => format!("{} ^ {} = {}", a, k, c),
                    2 => format!("{} ^ 2 + {} ^ 2 = {}", a, b, c),
                    3 => format!("({} - {}) ^ 2 = {}", a, b, c),
                    4 => format!("({} ^ {} + {}) odd", a, k, b),
                    5 => format!("{} ^ {} < {}", a, k, c),
                    6 => format!("{} ^ 0 + {} = {}", a, b, c),
                    _ => format!("{} * {} ^ {} = {} - {}", b, a, k, c, b),
                };
                let options = crate::support::options(base, repeats, leading);
                format!("count {} with {}", body, options.join(", "))
            })
    })
}

/// Whether the planned strategy reads a power of `script` as a product.
fn lowered(script: &str) -> bool {
    asks_letters(script, |letters| {
        letters.plan().approach().contains("read as products")
    })
}

#[test]
fn powers_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 1500, power_puzzle(), |script| {
        if lowered(&script) {
            tally.add("read as products");
        }
        cross_check(&script, &[], &tally)
    });
    tally.report(
        "powers",
        &[("read as products", 700), ("modular-columns", 1000)],
    );
}

#[test]
fn the_corners_are_planned_as_described() {
    let explain = |script: &str| letters_of(script).plan().approach();
    let squares = explain("count ABC ^ 2 + DEF ^ 2 = GHIJK with repeats");
    assert!(
        squares.contains("ABC ^ 2 + DEF ^ 2 = GHIJK: the equation ABC * ABC + DEF * DEF = GHIJK"),
        "{}",
        squares
    );
    // A relation other than `=` keeps its power: as a power its bounds
    // know a square is never negative.
    assert!(!explain("count ABC ^ 2 < DEFGH").contains("read as products"));
    assert!(!explain("count A ^ B = CD").contains("read as products"));
    // 20 letters in base 22: padded with two phantoms.
    let partial = explain("count BACDEFGHIJ + KLMNOPQRST = TSRQPONMLK with base 22");
    assert!(partial.contains("2 digits without a letter"), "{}", partial);
    assert!(!explain("count SEND + MORE = MONEY").contains("phantom"));
}

/// Sums whose letters cancel: a prefix written on both sides, at the same
/// places, so its letters are free; with `?` cells, repeats, leading
/// zeros and fixed digits now and then.
fn cancelling_puzzle() -> impl Strategy<Value = String> {
    (2u32..=10).prop_flat_map(|base| {
        (
            word("ABCDEF", base, 3),
            word("GH", base, 2),
            word("GHI", base, 2),
            word("GHIJ", base, 2),
            0..4usize,
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(move |(prefix, a, b, c, shape, repeats, leading)| {
                let body = match shape {
                    0 => format!("{p}{a} + {b} = {p}{c}", p = prefix, a = a, b = b, c = c),
                    1 => format!("{p}{a} - {p}{c} = {b}", p = prefix, a = a, b = b, c = c),
                    // Two equations: the rest is listed, not counted by
                    // partial sums.
                    2 => format!(
                        "{p}{a} + {b} = {p}{c}, {b} + {a} = {c}",
                        p = prefix,
                        a = a,
                        b = b,
                        c = c
                    ),
                    _ => format!(
                        "{b} + {p}{a} + {b} = {p}{c}",
                        p = prefix,
                        a = a,
                        b = b,
                        c = c
                    ),
                };
                let options = crate::support::options(base, repeats, leading);
                format!("count {} with {}", body, options.join(", "))
            })
    })
}

/// Whether `test` holds for a letters puzzle `script` asks about.
fn asks_letters(script: &str, test: impl Fn(&Letters) -> bool) -> bool {
    let (statements, _) = check_script(script);
    statements.iter().any(|s| {
        crate::support::asked::<crypta_substrate::ir::Letters>(&s.action)
            .is_some_and(|letters| test(&letters))
    })
}

/// Whether `count` takes the cancelled letters' arithmetic.
fn cancelled(script: &str) -> bool {
    asks_letters(script, |letters| {
        letters
            .counter()
            .is_some_and(|c| c.approach().contains("cancel"))
    })
}

/// Whether the cancelled letters' count takes the partial-sum states
/// (no solution listed) rather than listing the rest.
fn unlisted(script: &str) -> bool {
    asks_letters(script, |letters| {
        letters
            .counter()
            .is_some_and(|c| c.approach().contains("no solution listed"))
    })
}

#[test]
fn cancelled_letters_are_counted_as_the_oracle_counts() {
    let tally = Tally::default();
    run_property(file!(), 1500, cancelling_puzzle(), |script| {
        if cancelled(&script) {
            tally.add("cancelled letters");
        }
        if unlisted(&script) {
            tally.add("counted without listing");
        } else if cancelled(&script) {
            tally.add("cancelled, the rest listed");
        }
        cross_check(&script, &[], &tally)
    });
    tally.report(
        "cancelled letters",
        &[
            ("cancelled letters", 600),
            ("counted without listing", 400),
            ("cancelled, the rest listed", 60),
            ("query:count/cancelled-letters", 300),
        ],
    );
}

/// Radix additions `A + B = C` in base 3 to 8 with distinct letters, some
/// digits without one: a planted sum (two random numbers and their sum,
/// a random letter for each digit used), now and then a random one.
fn partial_radix_puzzle() -> impl Strategy<Value = String> {
    (3u32..=8)
        .prop_flat_map(|base| {
            (
                Just(base),
                1..=base as usize,
                any::<u64>(),
                any::<u64>(),
                Just((0..base as usize).collect::<Vec<usize>>()).prop_shuffle(),
                any::<bool>(),
                prop_oneof![4 => Just(true), 1 => Just(false)],
            )
        })
        .prop_map(|(base, len, x, y, letter_of, leading, planted)| {
            let n = u64::from(base);
            let top = n.pow(len as u32);
            let (a, mut b) = (x % top, y % top);
            if a + b >= top {
                b = top - 1 - a;
            }
            let c = if planted { a + b } else { (x ^ y) % top };
            let word = |v: u64| -> String {
                let mut digits = Vec::with_capacity(len);
                let mut v = v;
                for _ in 0..len {
                    digits.push(letter_of[(v % n) as usize]);
                    v /= n;
                }
                digits
                    .iter()
                    .rev()
                    .map(|&d| char::from(b'A' + d as u8))
                    .collect()
            };
            format!(
                "count {} + {} = {} with base {}{}",
                word(a),
                word(b),
                word(c),
                base,
                if leading { ", leading zeros" } else { "" }
            )
        })
}

/// Whether a strategy pads the addition with phantoms (the planner
/// does from 16 letters on; the cross-checks at any size).
fn padded(script: &str) -> bool {
    asks_letters(script, |letters| {
        letters
            .strategies()
            .iter()
            .any(|s| s.approach().contains("phantom"))
    })
}

#[test]
fn partial_radix_additions_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 1500, partial_radix_puzzle(), |script| {
        if padded(&script) {
            tally.add("padded");
        }
        cross_check(&script, &[], &tally)
    });
    tally.report(
        "partial radix additions",
        &[("padded", 400), ("bijective-carries", 400)],
    );
}

/// A 7-digit by 7-digit skeleton multiplication whose product is printed
/// `*000000000000*`: the partial products' lengths (rightmost multiplier
/// digit first) and, if any, one shown 0 (partial, cell from the left).
fn seven_by_seven(lengths: [usize; 7], zero: Option<(usize, usize)>) -> String {
    let mut lines = vec![
        format!("{}{}", " ".repeat(7), "*".repeat(7)),
        format!("x{}{}", " ".repeat(6), "*".repeat(7)),
        "-".repeat(14),
    ];
    for (i, &len) in lengths.iter().enumerate() {
        let mut cells = "*".repeat(len);
        if let Some((_, at)) = zero.filter(|z| z.0 == i) {
            cells.replace_range(at..=at, "0");
        }
        lines.push(format!("{}{}", " ".repeat(14 - i - len), cells));
    }
    lines.push("-".repeat(14));
    lines.push(format!("*{}*", "0".repeat(12)));
    let body: Vec<String> = lines.iter().map(|l| format!("    {}", l)).collect();
    format!("count multiplication {{\n{}\n}}\n", body.join("\n"))
}

/// The 「ムズカル」 class (Maruo Manabu's 7×7 skeleton whose product is
/// `*000000000000*`, one partial product showing a 0): its printed 0 was
/// not found, so these are reconstructions, each counted by the planner's
/// strategy (factoring the 90 products it can show). The expected counts
/// come from a second, independent method, `benches/corners.py
/// --muzukaru-oracle`: every factorisation of d·10^13 + e into two 7-digit
/// numbers by trial division, the partial products compared by length and
/// shown digit. `7234197 × 9676264 = 70000000000008` is the one with all
/// partials 8 digits long and a 0 fourth in the second.
#[test]
fn seven_by_seven_skeletons_are_counted_as_factoring_counts() {
    let all8 = [8; 7];
    // (partial lengths, the shown 0, the count)
    type Case = ([usize; 7], Option<(usize, usize)>, u64);
    let cases: [Case; 6] = [
        (all8, Some((1, 3)), 1),
        (all8, None, 23),
        (all8, Some((5, 2)), 1),
        (all8, Some((2, 2)), 1),
        ([7; 7], None, 1),
        ([8, 7, 8, 8, 8, 8, 8], None, 4),
    ];
    for (lengths, zero, want) in cases {
        let script = seven_by_seven(lengths, zero);
        let (statements, _) = check_script(&script);
        let Some(layout) =
            crate::support::asked::<crypta_engine::kinds::Layout>(&statements[0].action)
        else {
            panic!("not a layout: {}", script);
        };
        assert_eq!(layout.plan().name(), "product-divisors", "{}", script);
        assert_eq!(crate::crosscheck::count(&script), want, "{}", script);
    }
}

/// Long multiplications whose product row is shown but for a cell or two,
/// the other rows hidden as the layout cross-check hides them: the
/// planner takes `product-divisors` for most, and every query must agree
/// with the oracle.
fn shown_product_case() -> impl Strategy<Value = (u64, u64, u32, Vec<u8>, Vec<u64>, Extras)> {
    (
        2u32..=12,
        1u32..=2,
        2u32..=4,
        any::<(u64, u64)>(),
        crate::layout::mask(),
        proptest::collection::vec(any::<u64>(), 0..=1),
        crate::layout::extras(),
    )
        .prop_map(|(base, la, lb, (x, y), mask, stars, extras)| {
            let b = u64::from(base);
            let lb = if b.pow(lb) > 4000 { lb - 1 } else { lb };
            let number = |x: u64, len: u32| {
                let lo = b.pow(len - 1);
                lo + x % (b.pow(len) - lo)
            };
            (number(x, la), number(y, lb), base, mask, stars, extras)
        })
}

#[test]
fn shown_products_are_factored_as_the_oracle_counts() {
    use crate::layout::{cross_check, multiplication, KEEP, STAR};
    let tally = Tally::default();
    run_property(
        file!(),
        1500,
        shown_product_case(),
        |(a, b, base, mask, stars, extras)| {
            let lines = multiplication(a, b, u64::from(base));
            let digits = |line: &String| line.chars().filter(|c| c.is_digit(base)).count();
            let total: usize = lines.iter().map(digits).sum();
            let product = lines.last().map_or(0, digits);
            // One mask entry per digit: the usual mix above the product,
            // the product kept but for the cells drawn for `stars`.
            let mut full: Vec<u8> = (0..total - product)
                .map(|k| match mask[k % mask.len()] {
                    KEEP => STAR,
                    how => how,
                })
                .collect();
            let mut shown = vec![KEEP; product];
            for s in &stars {
                shown[(*s as usize) % product] = STAR;
            }
            full.extend(shown);
            cross_check("multiplication", &lines, &full, base, &extras, &tally)
        },
    );
    tally.report(
        "shown products",
        &[
            ("product-divisors", 1200),
            ("query:count/product-divisors", 240),
        ],
    );
}

/// ICPC 2009 C datasets over six letters (so the oracle can visit every
/// assignment): a prefix on both sides of a sum (its letters cancel), or
/// words at random.
fn icpc_dataset() -> impl Strategy<Value = Vec<String>> {
    let letters = || proptest::sample::select("ABCDEF".chars().collect::<Vec<_>>());
    let text = move |max: usize| {
        proptest::collection::vec(letters(), 1..=max)
            .prop_map(|c| c.into_iter().collect::<String>())
    };
    prop_oneof![
        (
            text(3),
            text(2),
            proptest::collection::vec(text(3), 1..=3),
            text(3)
        )
            .prop_map(|(prefix, head, middle, tail)| {
                let mut words = vec![format!("{}{}", prefix, head)];
                words.extend(middle);
                words.push(format!("{}{}", prefix, tail));
                words
            }),
        proptest::collection::vec(text(4), 2..=4),
    ]
}

/// The judge's straight count of cancelling datasets agrees with the oracle
/// on the statement the pipeline would run.
#[test]
fn icpc_datasets_are_judged_as_the_oracle_counts() {
    let tally = Tally::default();
    run_property(file!(), 1500, icpc_dataset(), |words| {
        let (sum, addends) = words.split_last().expect("two words or more");
        let script = format!("count {} = {}", addends.join(" + "), sum);
        let letters = letters_of(&script);
        if cancelled(&script) {
            tally.add("cancelled letters");
        } else {
            // No letter cancels: small ones are counted by the judge's
            // straight count too, not by the pipeline.
            tally.add("no letter cancels");
        }
        let oracle = letters.oracle();
        let Some(expected) = crate::crosscheck::oracle_solutions(oracle.as_ref(), &tally)? else {
            return Ok(());
        };
        let expected = expected.len();
        let input = format!("{}\n{}\n0\n", words.len(), words.join("\n"));
        let judged = crypta_core::judge::Problem::Icpc2009c
            .judge(&input, &crypta_core::Options::default())
            .map_err(|e| TestCaseError::fail(format!("{}: {}", script, e)))?;
        prop_assert_eq!(judged.trim(), expected.to_string(), "{}", script);
        tally.add("judged");
        Ok(())
    });
    tally.report(
        "ICPC 2009 C datasets",
        &[
            ("judged", 1500),
            ("cancelled letters", 300),
            ("no letter cancels", 300),
        ],
    );
}
