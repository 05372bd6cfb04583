//! Property tests: random small letter puzzles, solved by every strategy
//! that accepts them and by the brute-force oracle. The sets of solutions
//! must be equal, and every solution must pass the verifier.

use proptest::prelude::*;

use crypta::check::check_script;
use crypta::ir::{Action, Letters, Puzzle};
use crypta::solve::bijective::BijectiveRadix;
use crypta::solve::column::ColumnAddition;
use crypta::solve::modular::ModularColumns;
use crypta::solve::oracle::BruteForce;
use crypta::solve::verify::{verify, Verdict};
use crypta::solve::weighted::WeightedSum;
use crypta::solve::{Budget, Flow, Limits, Outcome, Strategy as Solver};

/// Every assignment a strategy reports, sorted.
fn all_solutions(strategy: &dyn Solver) -> Vec<Vec<u8>> {
    let limits = Limits::default();
    let mut budget = Budget::new(&limits);
    let mut found = Vec::new();
    let outcome = strategy.search(&mut budget, &mut |values| {
        found.push(values.to_vec());
        Flow::Continue
    });
    assert_eq!(outcome, Outcome::Exhausted);
    found.sort();
    found
}

/// Checks the script's one statement with every applicable strategy.
fn cross_check(script: &str) -> Result<(), TestCaseError> {
    let (statements, diagnostics) = check_script(script);
    if !diagnostics.is_empty() {
        // Random options can contradict each other; that is a diagnostic,
        // never a panic.
        return Ok(());
    }
    for statement in statements {
        let Action::Ask {
            puzzle: Puzzle::Letters(letters),
            ..
        } = statement.action
        else {
            continue;
        };
        compare_all(&letters, script)?;
    }
    Ok(())
}

/// The brute-force oracle visits every assignment: puzzles with more than
/// this many are skipped, so one unlucky draw cannot stall the suite.
const ORACLE_SPACE: f64 = 200_000.0;

fn compare_all(letters: &Letters, script: &str) -> Result<(), TestCaseError> {
    let space: f64 = letters
        .vars
        .iter()
        .map(|v| f64::from(v.domain.len()))
        .product();
    if space > ORACLE_SPACE {
        return Ok(());
    }
    let expected = all_solutions(&BruteForce::new(letters));
    let in_i128 = crypta::arith::fits_i128(letters);
    for values in &expected {
        let verdict = verify(letters, values, in_i128);
        prop_assert!(
            verdict == Verdict::Solution || verdict == Verdict::FailsProperty,
            "{}: oracle solution {:?} fails verification: {:?}",
            script,
            values,
            verdict
        );
    }
    let mut strategies: Vec<Box<dyn Solver>> = vec![Box::new(ModularColumns::new(letters))];
    if let Some(s) = ColumnAddition::new(letters) {
        strategies.push(Box::new(s));
    }
    if let Some(s) = WeightedSum::new(letters) {
        strategies.push(Box::new(s));
    }
    if let Some(s) = BijectiveRadix::new(letters) {
        strategies.push(Box::new(s));
    }
    for strategy in &strategies {
        let got = all_solutions(strategy.as_ref());
        prop_assert_eq!(
            &got,
            &expected,
            "{} disagrees with the oracle on `{}`",
            strategy.name(),
            script
        );
    }
    Ok(())
}

/// A word over the letter pool, with the odd fixed digit or `?`.
fn word(letters: &'static str, base: u32, max_len: usize) -> impl Strategy<Value = String> {
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn high_bases_agree_with_the_oracle(script in high_base_puzzle()) {
        cross_check(&script)?;
    }

    #[test]
    fn wild_puzzles_agree_with_the_oracle(script in wild_puzzle()) {
        cross_check(&script)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn sums_agree_with_the_oracle(script in sum_puzzle()) {
        cross_check(&script)?;
    }

    #[test]
    fn products_and_systems_agree_with_the_oracle(script in product_puzzle()) {
        cross_check(&script)?;
    }

    #[test]
    fn bijective_additions_agree_with_the_oracle(script in bijective_puzzle()) {
        cross_check(&script)?;
    }
}

#[test]
fn wild_classes_agree_with_the_oracle() {
    for script in [
        "count OE + EO = OO with wild O E, O odd, E even",
        "count OE * O = EOE with wild O E, O odd, E even",
        "count ?? * ? = 1?? with ? odd",
        "count AB + ?A = 1?B with ? in 2..5",
    ] {
        cross_check(script).expect(script);
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
        let result = crypta::run::run_statement(&statements[0], &Default::default()).expect(script);
        let crypta::run::ResultBody::Searched(search) = result.body else {
            panic!("{}", script)
        };
        assert_eq!(search.count, count, "{}", script);
    }
}
