//! `count` and `unique` cut into parts and run on several threads
//! (`run::parallel`), checked against the search on one core: with the
//! probe set low so that even small searches are cut, every statement is
//! run on one thread and on two, and must give the same count, the same
//! solutions in the same order, and the count of the uncut search (and of
//! the brute-force oracle for small letter puzzles).

use proptest::prelude::*;

use crypta_engine::kinds::split;
use crypta_engine::program::check_script;
use crypta_engine::program::Action;
use crypta_engine::run::{run_statement, ResultBody, RunOptions, Search};

use crate::crosscheck::{run_property, Tally, SEARCH_LIMIT};

/// Runs the first statement of `script` with `jobs` threads; `cut` sets
/// the probe so low that any search of more than a few nodes is cut.
fn run(script: &str, jobs: usize, cut: bool) -> Result<Search, TestCaseError> {
    let (statements, diagnostics) = check_script(script);
    prop_assert!(diagnostics.is_empty(), "{}: {:?}", script, diagnostics);
    let options = RunOptions {
        timeout: Some(SEARCH_LIMIT),
        jobs,
        probe_nodes: cut.then_some(8),
        ..RunOptions::default()
    };
    let result =
        run_statement(&statements[0], &options).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let ResultBody::Searched(search) = result.body else {
        return Err(TestCaseError::fail(format!("{} did not search", script)));
    };
    prop_assert!(search.complete, "{} did not finish", script);
    Ok(search)
}

/// Whether the search of `script` is cut into parts at all.
fn is_cut(script: &str) -> bool {
    let (statements, _) = check_script(script);
    match statements.into_iter().next().map(|s| s.action) {
        Some(Action::Ask { puzzle, .. }) => split::split(&puzzle).is_some(),
        _ => false,
    }
}

/// The same answers cut on one thread, cut on two, and uncut; the
/// strategy that searched.
fn agree(script: &str, tally: &Tally) -> Result<&'static str, TestCaseError> {
    let one = run(script, 1, true)?;
    let two = run(script, 2, true)?;
    let whole = run(script, 1, false)?;
    prop_assert_eq!(&one.count, &two.count, "{}", script);
    prop_assert_eq!(&one.solutions, &two.solutions, "{}", script);
    prop_assert_eq!(&one.count, &whole.count, "{}", script);
    if is_cut(script) {
        tally.add(&format!("cut/{}", one.strategy));
        if one.count.to_u64() >= Some(2) {
            tally.add("cut, several solutions");
        }
    } else {
        tally.add("not cut");
    }
    Ok(one.strategy)
}

/// A word of 1 to 3 letters of `ABCDEF`.
fn word() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(b"ABCDEF".to_vec()), 1..=3)
        .prop_map(|w| w.into_iter().map(char::from).collect())
}

/// Products and sums with conditions: the puzzles `count` enumerates.
fn letters() -> impl Strategy<Value = String> {
    (
        word(),
        prop_oneof![Just("*"), Just("+"), Just("-")],
        word(),
        word(),
        prop_oneof![
            Just(""),
            Just(", A < B"),
            Just(", (A + B) % 3 = 0"),
            Just(", C odd")
        ],
        prop_oneof![Just("count"), Just("unique")],
        prop_oneof![Just(""), Just(" with repeats"), Just(" with leading zeros")],
    )
        .prop_map(|(a, op, b, c, condition, query, options)| {
            format!(
                "{} {} {} {} = {}{}{}",
                query, a, op, b, c, condition, options
            )
        })
}

#[test]
fn letters_cut_or_not_agree() {
    let tally = Tally::default();
    run_property(file!(), 300, letters(), |script| {
        if !check_script(&script).1.is_empty() {
            tally.add("rejected by the checker");
            return Ok(());
        }
        agree(&script, &tally).map(|_| ())
    });
    tally.report(
        "letters_cut_or_not_agree",
        &[("cut/modular-columns", 100), ("cut, several solutions", 50)],
    );
}

/// Radix-n additions with every digit used once, planted (two random
/// n-digit numbers and their sum, the sum's carry out dropped now and
/// then), asked `count` or `unique`.
fn radix() -> impl Strategy<Value = String> {
    (3usize..=6)
        .prop_flat_map(|n| {
            let digits = proptest::collection::vec(0..n, n);
            let perm = Just((0..n).collect::<Vec<usize>>()).prop_shuffle();
            (Just(n), digits.clone(), digits, perm, any::<bool>())
        })
        .prop_map(|(n, a, b, perm, unique)| {
            let mut c = vec![0; n];
            let mut carry = 0;
            for i in (0..n).rev() {
                let s = a[i] + b[i] + carry;
                (c[i], carry) = (s % n, s / n);
            }
            let word = |w: &[usize]| -> String {
                w.iter()
                    .map(|&d| char::from(b'A' + perm[d] as u8))
                    .collect()
            };
            format!(
                "{} {} + {} = {} with base {}, leading zeros",
                if unique { "unique" } else { "count" },
                word(&a),
                word(&b),
                word(&c),
                n
            )
        })
}

/// `bijective-radix` decides carries, so its searches are never cut: the
/// probe is skipped, and the answers are the same as with it.
#[test]
fn radix_additions_cut_or_not_agree() {
    let tally = Tally::default();
    run_property(file!(), 200, radix(), |script| {
        let strategy = agree(&script, &tally)?;
        tally.add(strategy);
        Ok(())
    });
    tally.report(
        "radix_additions_cut_or_not_agree",
        &[("bijective-radix", 60), ("not cut", 60)],
    );
}

#[test]
fn skeletons_cut_or_not_agree() {
    let tally = Tally::default();
    for file in ["examples/skeletons.crypta", "tests/cases/layout.crypta"] {
        let text = std::fs::read_to_string(file).expect("example");
        let (statements, _) = check_script(&text);
        for statement in statements {
            let Action::Ask { puzzle, .. } = &statement.action else {
                continue;
            };
            if puzzle
                .downcast_ref::<crypta_engine::kinds::Layout>()
                .is_none()
            {
                continue;
            }
            // The statement alone, asked both ways.
            let body = statement
                .text
                .trim_start_matches("unique ")
                .trim_start_matches("count ")
                .trim_start_matches("solve ");
            for query in ["count", "unique"] {
                let script = format!("{} {}", query, body);
                if check_script(&script).1.is_empty() {
                    agree(&script, &tally).unwrap_or_else(|e| panic!("{}", e));
                }
            }
        }
    }
    tally.report(
        "skeletons_cut_or_not_agree",
        &[("cut/long-multiplication", 4), ("cut/long-division", 4)],
    );
}

/// Radix additions whose lattice is listed on several threads (base 30 up,
/// 24 levels up): one thread and two give the same solutions in the same
/// order, and the same count.
#[test]
fn listed_balls_do_not_depend_on_jobs() {
    for (base, seed) in [(30, 1), (36, 2), (40, 3), (44, 4)] {
        let (script, _) = crate::letters::planted_radix_addition(base, seed);
        let body = script.trim_start_matches("count ");
        for query in ["count", "solve"] {
            let script = format!("{query} {body}");
            let one = run(&script, 1, false).unwrap_or_else(|e| panic!("{e}"));
            let two = run(&script, 2, false).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(one.strategy, "bijective-radix", "{script}");
            assert_eq!(one.count, two.count, "{script}");
            assert_eq!(one.solutions, two.solutions, "{script}");
        }
    }
}

/// `--jobs` does not change an answer, through the binary.
#[test]
fn jobs_do_not_change_the_output() {
    let script = "count ABC * DE = FGHIJ with repeats\nunique ABC * DEF = GHIJKL with repeats\n";
    let outputs: Vec<String> = ["1", "2", "3"]
        .iter()
        .map(|jobs| {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_crypta"))
                .args(["--jobs", jobs, "--format", "json", "eval", script])
                .output()
                .expect("runs");
            String::from_utf8_lossy(&out.stdout).into_owned()
        })
        .collect();
    assert!(outputs[0].contains("\"count\""), "{}", outputs[0]);
    assert_eq!(outputs[0], outputs[1]);
    assert_eq!(outputs[0], outputs[2]);
}

/// `generate` makes its grids on every core and prints them in order: the
/// same grids for any `--jobs`.
#[test]
fn generated_grids_do_not_depend_on_jobs() {
    let outputs: Vec<Vec<u8>> = ["1", "2"]
        .iter()
        .map(|jobs| {
            std::process::Command::new(env!("CARGO_BIN_EXE_crypta"))
                .args(["--jobs", jobs, "generate", "kakuro", "--size", "8"])
                .args(["--unique", "--cases", "5", "--seed", "3"])
                .output()
                .expect("runs")
                .stdout
        })
        .collect();
    assert_eq!(outputs[0].iter().filter(|&&b| b == b'{').count(), 5);
    assert_eq!(outputs[0], outputs[1]);
}
