//! Property tests: random small letter puzzles, solved by every strategy
//! that accepts them and by the brute-force oracle. The sets of solutions
//! must be equal, and every solution must pass the verifier.

use proptest::prelude::*;

use crypta_engine::kinds::Kind;
use crypta_engine::program::check_script;
use crypta_substrate::ir::{Letters, VarKind};
use crypta_substrate::solve::Verdict;

use crate::crosscheck::{self, all_solutions, queries_agree, run_property, Tally};
use crate::support::letters_of;

/// Checks the script's one statement with every strategy that accepts it,
/// and the `count`, `unique`, `first` and `solve` queries of the planner's
/// choice, against the oracle. `script` is a query and a puzzle (the
/// query is replaced by each of the four). `planted` (symbol, digit) pairs,
/// when given, are a known solution the oracle must find.
pub(crate) fn cross_check(
    script: &str,
    planted: &[(char, u8)],
    tally: &Tally,
) -> Result<(), TestCaseError> {
    let (statements, diagnostics) = check_script(script);
    if !diagnostics.is_empty() {
        // Random options can contradict each other; that is a diagnostic,
        // never a panic.
        tally.add("rejected by the checker");
        return Ok(());
    }
    for statement in statements {
        let Some(letters) =
            crate::support::asked::<crypta_substrate::ir::Letters>(&statement.action)
        else {
            continue;
        };
        compare_all(&letters, script, planted, tally)?;
    }
    Ok(())
}

/// The brute-force oracle visits every assignment: puzzles with more than
/// this many are skipped, so one unlucky draw cannot stall the suite.
const ORACLE_SPACE: f64 = 200_000.0;

/// An upper bound on the assignments the oracle visits: each variable's
/// domain, a distinct one less the digits the distinct ones before it
/// took (so ABCDEFGH in base 8 is 8!, not 8^8).
fn oracle_space(letters: &Letters) -> f64 {
    let mut distinct_before = 0u32;
    let mut space = 1.0;
    for v in &letters.vars {
        let mut size = v.domain.len();
        if v.distinct() {
            size = size.min(letters.base.saturating_sub(distinct_before));
            distinct_before += 1;
        }
        space *= f64::from(size);
    }
    space
}

fn compare_all(
    letters: &Letters,
    script: &str,
    planted: &[(char, u8)],
    tally: &Tally,
) -> Result<(), TestCaseError> {
    if oracle_space(letters) > ORACLE_SPACE {
        tally.add("skipped (oracle space)");
        return Ok(());
    }
    let Some(expected) = crosscheck::oracle_solutions(letters.oracle().as_ref(), tally)? else {
        return Ok(());
    };
    let verify = letters.verifier();
    let mut verified = Vec::new();
    for values in &expected {
        let verdict = verify(values);
        prop_assert!(
            verdict == Verdict::Solution,
            "{}: oracle solution {:?} fails verification: {:?}",
            script,
            values,
            verdict
        );
        verified.push(letters.solution_text(values));
    }
    if !planted.is_empty() {
        let digit_of = |c: char| planted.iter().find(|p| p.0 == c).map(|p| p.1);
        let is_planted = |values: &Vec<u8>| {
            letters
                .vars
                .iter()
                .zip(values)
                .all(|(var, &d)| match var.kind {
                    VarKind::Symbol(c) => digit_of(c) == Some(d),
                    _ => false,
                })
        };
        prop_assert!(
            expected.iter().any(is_planted),
            "{}: the planted solution {:?} is not among the oracle's",
            script,
            planted
        );
        tally.add("planted found");
    }
    let strategies = letters.strategies();
    for strategy in &strategies {
        let got = all_solutions(strategy.as_ref())?;
        prop_assert_eq!(
            &got,
            &expected,
            "{} disagrees with the oracle on `{}`",
            strategy.name(),
            script
        );
        tally.add(strategy.name());
    }
    tally.add("compared");
    if expected.is_empty() {
        tally.add("compared, no solution");
    } else if expected.len() > 1 {
        tally.add("compared, several solutions");
    }
    // The same puzzle asked as a user would: the query word is replaced.
    let body = script.split_once(' ').map_or(script, |(_, rest)| rest);
    let first = 1 + (expected.len() as u64 % 3);
    queries_agree(
        body,
        &verified,
        first,
        |s| letters.solution_text(&s.values),
        tally,
    )
}

/// A word over the letter pool, with the odd fixed digit or `?`.
pub(crate) fn word(
    letters: &'static str,
    base: u32,
    max_len: usize,
) -> impl Strategy<Value = String> {
    let pool: Vec<char> = letters.chars().collect();
    let cell = prop_oneof![
        8 => proptest::sample::select(pool),
        1 => (0..base.min(10)).prop_map(|d| char::from(b'0' + d as u8)),
        1 => Just('?'),
    ];
    proptest::collection::vec(cell, 1..=max_len).prop_map(|cells| cells.into_iter().collect())
}

fn options(base: u32) -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        any::<bool>(),
        proptest::option::of((0..base).prop_map(|d| format!("A != {}", d))),
        proptest::option::of(prop_oneof![Just("A odd"), Just("B even"), Just("? odd")]),
    )
        .prop_map(move |(leading, repeats, ne, prop)| {
            let mut list = vec![format!("base {}", base)];
            if leading {
                list.push("leading zeros".into());
            }
            if repeats {
                list.push("repeats".into());
            }
            list.extend(ne);
            list.extend(prop.map(String::from));
            list.join(", ")
        })
}

fn sum_puzzle() -> impl Strategy<Value = String> {
    (2u32..=10).prop_flat_map(|base| {
        (
            proptest::collection::vec(word("ABCD", base, 3), 2..=3),
            word("ABCDE", base, 4),
            any::<bool>(),
            options(base),
        )
            .prop_map(|(addends, result, subtract, opts)| {
                let op = if subtract { " - " } else { " + " };
                format!("count {} = {} with {}", addends.join(op), result, opts)
            })
    })
}

fn product_puzzle() -> impl Strategy<Value = String> {
    (2u32..=10).prop_flat_map(|base| {
        (
            word("ABC", base, 2),
            word("ABD", base, 2),
            word("ABCDE", base, 3),
            word("CDE", base, 2),
            0..3usize,
            options(base),
        )
            .prop_map(|(a, b, c, d, shape, opts)| {
                let body = match shape {
                    0 => format!("{} * {} = {}", a, b, c),
                    1 => format!("({} + {}) * {} = {} - {}", a, d, b, c, d),
                    _ => format!("{} + {} = {}, {} * {} = {}", a, b, c, d, a, c),
                };
                format!("count {} with {}", body, opts)
            })
    })
}

fn bijective_puzzle() -> impl Strategy<Value = String> {
    (2u32..=6, 1usize..=4).prop_flat_map(|(base, len)| {
        let letters = &"ABCDEF"[..base as usize];
        let mut pool: Vec<char> = letters.chars().collect();
        pool.extend(pool.clone());
        // Now and then a fixed digit: the strategy takes them as constants.
        pool.push(char::from(b'0' + (base - 1) as u8));
        let w = proptest::collection::vec(proptest::sample::select(pool), len);
        (w.clone(), w.clone(), w, any::<bool>()).prop_map(move |(a, b, c, leading)| {
            let s = |v: Vec<char>| v.into_iter().collect::<String>();
            format!(
                "count {} + {} = {} with base {}{}",
                s(a),
                s(b),
                s(c),
                base,
                if leading { ", leading zeros" } else { "" }
            )
        })
    })
}

/// The digits of `value` in `base`, `len` of them (leading zeros kept).
fn digits_of(mut value: u64, base: u64, len: usize) -> Vec<usize> {
    let mut out = vec![0; len];
    for slot in out.iter_mut().rev() {
        *slot = (value % base) as usize;
        value /= base;
    }
    out
}

/// Radix-n additions the `bijective-radix` strategy accepts: `A + B = C`
/// (or the same equation rearranged) in base n with exactly n distinct
/// letters, NOIP style. Planted: two random n-ary numbers and their sum,
/// written with a random letter for each digit (so the planted filling is
/// a solution unless a leading zero is forbidden); random: any letters,
/// almost always unsolvable. Now and then a cell shows its digit. With the
/// script, the planted (symbol, digit) pairs when they are a solution.
fn radix_puzzle() -> impl Strategy<Value = (String, Vec<(char, u8)>)> {
    (2u32..=8)
        .prop_flat_map(|base| {
            let n = base as usize;
            let max_len = if base <= 6 { n + 1 } else { n };
            (
                Just(base),
                n.div_ceil(3).max((n / 2).max(1))..=max_len,
                Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
                any::<bool>(),
                any::<u64>(),
                any::<u64>(),
                proptest::collection::vec(0..n, 3 * max_len),
                0..4usize,
                prop_oneof![3 => Just(true), 1 => Just(false)],
                proptest::option::weighted(0.2, (0..3usize, 0..max_len)),
            )
        })
        .prop_map(
            |(base, len, letter_of, planted, x, y, random, form, leading, shown)| {
                let n = u64::from(base);
                let top = n.pow(len as u32);
                let words: Vec<Vec<usize>> = if planted {
                    let (mut a, mut b) = (x % top, y % top);
                    if a + b >= top {
                        b = top - 1 - b;
                    }
                    if a + b >= top {
                        a = top - 1 - a;
                    }
                    vec![
                        digits_of(a, n, len),
                        digits_of(b, n, len),
                        digits_of(a + b, n, len),
                    ]
                } else {
                    // Every digit's letter somewhere, so the strategy accepts
                    // it: a missing one overwrites a cell from the left (the
                    // generator's range of lengths leaves room for all).
                    let mut cells = random[..3 * len].to_vec();
                    let mut next = 0;
                    for d in 0..base as usize {
                        if !cells.contains(&d) {
                            while next < cells.len()
                                && cells.iter().filter(|&&c| c == cells[next]).count() < 2
                            {
                                next += 1;
                            }
                            if next < cells.len() {
                                cells[next] = d;
                            }
                        }
                    }
                    cells.chunks(len).map(<[usize]>::to_vec).collect()
                };
                let letter = |d: usize| char::from(b'A' + letter_of[d] as u8);
                let text: Vec<String> = words
                    .iter()
                    .enumerate()
                    .map(|(w, digits)| {
                        digits
                            .iter()
                            .enumerate()
                            .map(|(i, &d)| match shown {
                                Some((sw, si)) if sw == w && si == i => char::from(b'0' + d as u8),
                                _ => letter(d),
                            })
                            .collect()
                    })
                    .collect();
                let (a, b, c) = (&text[0], &text[1], &text[2]);
                let equation = match form {
                    0 => format!("{} + {} = {}", a, b, c),
                    1 => format!("{} = {} + {}", c, b, a),
                    2 => format!("{} - {} = {}", c, a, b),
                    _ => format!("{} = {} - {}", a, c, b),
                };
                let script = format!(
                    "count {} with base {}{}",
                    equation,
                    base,
                    if leading { ", leading zeros" } else { "" }
                );
                // Each letter shown and its digit, when the planted filling
                // is a solution (leading zeros allowed, or none).
                let shown_letters = |d: usize| text.iter().any(|w| w.contains(letter(d)));
                let zero_first = words.iter().any(|w| w.len() > 1 && w[0] == 0);
                let solution = if planted && (leading || !zero_first) {
                    (0..base as usize)
                        .filter(|&d| shown_letters(d))
                        .map(|d| (letter(d), d as u8))
                        .collect()
                } else {
                    Vec::new()
                };
                (script, solution)
            },
        )
}

/// Bases 11 to 16, with fewer letters so the oracle stays quick.
fn high_base_puzzle() -> impl Strategy<Value = String> {
    (11u32..=16).prop_flat_map(|base| {
        let cell = proptest::sample::select(vec!['A', 'B', 'C', '1']);
        let w = move |n: usize| {
            proptest::collection::vec(cell.clone(), 1..=n)
                .prop_map(|v| v.into_iter().collect::<String>())
        };
        (w(3), w(3), w(4), 0..3usize, options(base)).prop_map(|(a, b, c, shape, opts)| {
            let op = ["+", "-", "*"][shape];
            format!("count {} {} {} = {} with {}", a, op, b, c, opts)
        })
    })
}

/// Wild classes beside ordinary symbols.
fn wild_puzzle() -> impl Strategy<Value = String> {
    let cell = proptest::sample::select(vec!['A', 'B', 'O', 'E', 'O', 'E']);
    let w = move |n: usize| {
        proptest::collection::vec(cell.clone(), 1..=n)
            .prop_map(|v| v.into_iter().collect::<String>())
    };
    (w(2), w(2), w(3), any::<bool>(), 5u32..=10).prop_map(|(a, b, c, times, base)| {
        let op = if times { "*" } else { "+" };
        format!(
            "count {} {} {} = {} with base {}, wild O E, O odd, E even",
            a, op, b, c, base
        )
    })
}

/// Runs a property of this file: `cases` puzzles, each cross-checked, and
/// at least the given number compared by each named strategy.
fn property(
    name: &str,
    cases: u32,
    puzzles: impl Strategy<Value = String>,
    minimums: &[(&str, u64)],
) {
    let tally = Tally::default();
    run_property(file!(), cases, puzzles, |script| {
        cross_check(&script, &[], &tally)
    });
    tally.report(name, minimums);
}

#[test]
fn high_bases_agree_with_the_oracle() {
    property(
        "high bases",
        500,
        high_base_puzzle(),
        &[("modular-columns", 280), ("column-addition", 180)],
    );
}

#[test]
fn wild_puzzles_agree_with_the_oracle() {
    property(
        "wild classes",
        500,
        wild_puzzle(),
        &[("modular-columns", 280), ("column-addition", 110)],
    );
}

#[test]
fn sums_agree_with_the_oracle() {
    property(
        "sums",
        1500,
        sum_puzzle(),
        &[
            ("modular-columns", 800),
            ("column-addition", 800),
            ("weighted-sum", 120),
        ],
    );
}

#[test]
fn products_and_systems_agree_with_the_oracle() {
    property(
        "products and systems",
        1500,
        product_puzzle(),
        &[("modular-columns", 650)],
    );
}

#[test]
fn small_radix_additions_agree_with_the_oracle() {
    property(
        "small radix additions",
        600,
        bijective_puzzle(),
        &[
            ("modular-columns", 450),
            ("column-addition", 450),
            ("bijective-radix", 180),
            ("bijective-lattice", 180),
            ("bijective-carries", 180),
        ],
    );
}

/// NOIP-style radix-n additions: `bijective-radix` must see most of them.
#[test]
fn bijective_additions_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 5000, radix_puzzle(), |(script, planted)| {
        cross_check(&script, &planted, &tally)
    });
    tally.report(
        "bijective radix additions",
        &[
            ("planted found", 1500),
            ("bijective-radix", 3300),
            ("bijective-lattice", 3300),
            ("bijective-carries", 3300),
            ("column-addition", 4200),
            ("modular-columns", 4200),
            ("compared, several solutions", 700),
        ],
    );
}

#[test]
fn wild_classes_agree_with_the_oracle() {
    for script in [
        "count OE + EO = OO with wild O E, O odd, E even",
        "count OE * O = EOE with wild O E, O odd, E even",
        "count ?? * ? = 1?? with ? odd",
        "count AB + ?A = 1?B with ? in 2..5",
    ] {
        cross_check(script, &[], &Tally::default()).expect(script);
    }
}

#[test]
fn known_counts() {
    // ICPC 2009 Japan domestic C samples, and classics.
    for (script, count) in [
        ("count ACM + IBM = ICPC", 4),
        ("count GAME + BEST = GAMER", 1),
        ("count A + B + C = AB", 8),
        ("count A + B = CD", 30),
        ("count ONE + TWO = THREE", 0),
        ("count A + B + C + D + E + F + G + H = IJ", 40320),
        ("count SEND + MORE = MONEY", 1),
    ] {
        let (statements, diagnostics) = check_script(script);
        assert!(diagnostics.is_empty(), "{}", script);
        let result =
            crypta_engine::run::run_statement(&statements[0], &Default::default()).expect(script);
        let crypta_engine::run::ResultBody::Searched(search) = result.body else {
            panic!("{}", script)
        };
        assert_eq!(search.count, count, "{}", script);
    }
}

/// A solvable radix-n addition as `benches/radix.py` makes them: two random
/// n-digit numbers whose n-digit sum uses every digit, the digits named by
/// shuffled letters. The script and the planted (symbol, digit) pairs.
pub(crate) fn planted_radix_addition(base: u32, seed: u64) -> (String, Vec<(char, u8)>) {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    };
    let n = base as usize;
    let symbols: Vec<char> = ('A'..='Z').chain('a'..='z').take(n).collect();
    loop {
        let mut a: Vec<u64> = (0..n).map(|_| next(u64::from(base))).collect();
        let b: Vec<u64> = (0..n).map(|_| next(u64::from(base))).collect();
        // Keep the sum to n digits: the top digits may not carry out.
        a[0] = a[0].min(u64::from(base) - 1 - b[0]);
        let mut c = vec![0u64; n];
        let mut carry = 0;
        for i in (0..n).rev() {
            let s = a[i] + b[i] + carry;
            c[i] = s % u64::from(base);
            carry = s / u64::from(base);
        }
        let mut used = vec![false; n];
        for &d in a.iter().chain(&b).chain(&c) {
            used[d as usize] = true;
        }
        if carry != 0 || used.contains(&false) {
            continue;
        }
        let mut name = symbols.clone();
        for i in (1..n).rev() {
            name.swap(i, next(i as u64 + 1) as usize);
        }
        let word = |ds: &[u64]| -> String { ds.iter().map(|&d| name[d as usize]).collect() };
        let script = format!(
            "count {} + {} = {} with base {}, leading zeros",
            word(&a),
            word(&b),
            word(&c),
            base
        );
        let planted = (0..n).map(|d| (name[d], d as u8)).collect();
        return (script, planted);
    }
}

/// Bijective additions past the oracle's reach: at bases 9 to 12 every
/// strategy that accepts one finds the same solutions (column search is
/// still quick there); up to base 32 the three bijective searches (the
/// planner's, the lattice from the first node, the carries alone) agree,
/// and from base 36 the two that use the lattice; every solution passes
/// the verifier and the planted one is among them.
#[test]
fn bijective_additions_at_high_bases() {
    for (base, seeds) in [
        (9, 4),
        (10, 4),
        (11, 3),
        (12, 3),
        (16, 2),
        (20, 2),
        (24, 2),
        (28, 2),
        (32, 2),
        (36, 2),
        (44, 1),
        (52, 1),
    ] {
        for seed in 0..seeds {
            let (script, planted) = planted_radix_addition(base, seed + 1);
            let letters = letters_of(&script);
            let strategies = letters.strategies();
            let radix = strategies
                .iter()
                .find(|s| s.name() == "bijective-radix")
                .unwrap_or_else(|| panic!("bijective-radix declined {}", script));
            let found = all_solutions(radix.as_ref()).expect(&script);
            let verify = letters.verifier();
            for values in &found {
                assert_eq!(
                    verify(values),
                    Verdict::Solution,
                    "{}: {:?}",
                    script,
                    values
                );
            }
            let digit_of = |v: &crypta_substrate::ir::Var| match v.kind {
                VarKind::Symbol(c) => planted.iter().find(|p| p.0 == c).map(|p| p.1),
                _ => None,
            };
            let want: Option<Vec<u8>> = letters.vars.iter().map(digit_of).collect();
            let want = want.unwrap_or_else(|| panic!("{}: a symbol not planted", script));
            assert!(
                found.contains(&want),
                "{}: planted solution missing",
                script
            );
            for other in strategies.iter().filter(|s| s.name() != "bijective-radix") {
                let compared = match other.name() {
                    "bijective-lattice" => true,
                    "bijective-carries" => base <= 32,
                    _ => base <= 12,
                };
                if compared {
                    let theirs = all_solutions(other.as_ref()).expect(&script);
                    assert_eq!(theirs, found, "{} disagrees on {}", other.name(), script);
                }
            }
        }
    }
}
