//! The answer query (language v3, `answer EXPR: puzzle`), any letter as a
//! symbol, and Kakuro cells in no run: random puzzles whose answers are
//! tallied by the run and, separately, over the brute-force oracle's
//! solutions (each value computed by `arith::term_value` on the oracle's
//! assignment); `unique answer`; the JSON; the errors.

use std::collections::BTreeMap;

use proptest::prelude::*;

use crypta_engine::kinds::Kind;
use crypta_engine::program::check_script;
use crypta_engine::program::Action;
use crypta_engine::run::{run_statement, ResultBody, RunOptions};
use crypta_substrate::arith::condition::term_value;
use crypta_substrate::diagnostic::ErrorKind;
use crypta_substrate::ir::Query;

use crate::crosscheck::{run_property, Tally};
use crate::letters::word;

/// A puzzle with an answer expression over its symbols, some with groups.
fn puzzle() -> impl Strategy<Value = String> {
    (3u32..=10).prop_flat_map(|base| {
        (
            word("ABC", base, 2),
            word("ABD", base, 2),
            word("ABCD", base, 3),
            0..4usize,
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(move |(a, b, c, expr, repeats, unique)| {
                let expr = ["A", "A + B", "AB % 3", "C / A"][expr];
                let query = if unique { "unique answer" } else { "answer" };
                let mut options = vec![format!("base {}", base), "leading zeros".into()];
                if repeats {
                    options.push("repeats".into());
                }
                format!(
                    "{} {}: {} + {} = {}, A + B + C + D >= 0 with {}",
                    query,
                    expr,
                    a,
                    b,
                    c,
                    options.join(", ")
                )
            })
    })
}

/// Runs `script` and tallies the same expression over the oracle's
/// solutions; they must agree (for `unique answer`: on whether there is
/// one value, and on that value).
fn compare(script: &str, tally: &Tally) -> Result<(), TestCaseError> {
    let (statements, diagnostics) = check_script(script);
    if !diagnostics.is_empty() {
        tally.add("rejected by the checker");
        return Ok(());
    }
    let statement = &statements[0];
    let (
        Action::Ask {
            query: Query::Answer { unique },
            ..
        },
        Some(letters),
    ) = (
        &statement.action,
        crate::support::asked::<crypta_substrate::ir::Letters>(&statement.action),
    )
    else {
        return Err(TestCaseError::fail(format!(
            "{}: not an answer query",
            script
        )));
    };
    let answer = letters.answer.clone().expect("an answer expression");
    let oracle = letters.oracle();
    let Some(solutions) = crate::crosscheck::oracle_solutions(oracle.as_ref(), tally)? else {
        return Ok(());
    };
    let mut expected: BTreeMap<Option<crypta_core::BigInt>, u64> = BTreeMap::new();
    for values in &solutions {
        let value = term_value(&answer.term, &letters.words, values, letters.base);
        *expected.entry(value).or_default() += 1;
    }
    let result = run_statement(statement, &RunOptions::default()).expect(script);
    let ResultBody::Searched(search) = result.body else {
        return Err(TestCaseError::fail(format!("{}: no search", script)));
    };
    let got = search.answers.expect("answers");
    if *unique {
        prop_assert_eq!(got.is_unique(), expected.len() <= 1, "{}", script);
        if expected.len() == 1 {
            let want: Vec<_> = expected.into_iter().collect();
            prop_assert_eq!(&got.values, &want, "{}", script);
        }
        tally.add("unique answer");
    } else {
        let want: Vec<_> = expected.into_iter().collect();
        prop_assert_eq!(&got.values, &want, "{}", script);
        tally.add("answer");
    }
    if solutions.is_empty() {
        tally.add("compared, no solution");
    } else if solutions.len() > 1 {
        tally.add("compared, several solutions");
    }
    Ok(())
}

#[test]
fn answers_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 600, puzzle(), |script| compare(&script, &tally));
    tally.report(
        "answers",
        &[
            ("answer", 150),
            ("unique answer", 150),
            ("compared, no solution", 20),
            ("compared, several solutions", 100),
        ],
    );
}

/// The JSON of a one-statement script.
fn json(script: &str) -> serde_json::Value {
    let output = crate::support::run(&["--format", "json", "eval", script], b"");
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    serde_json::from_str(text.lines().next().unwrap_or_default()).expect("one JSON line")
}

#[test]
fn teaser_2487_has_one_answer() {
    let answer = json("unique answer TEASER: THE + TOP + PAPER = TIMES, TEASER odd");
    assert_eq!(answer["unique"], true);
    assert_eq!(answer["count"], 2);
    assert_eq!(
        answer["answers"],
        serde_json::json!([{"value": 809205, "count": 2}])
    );
    let not = json("unique answer C: A + B = C with digits 1..3, repeats");
    assert_eq!(not["unique"], false);
    let undefined = json("answer A / (B - B): A + B = C");
    assert_eq!(undefined["answers"][0]["value"], serde_json::Value::Null);
}

#[test]
fn the_answer_of_a_named_puzzle() {
    let script = "let t = THE + TOP + PAPER = TIMES, TEASER odd\nanswer TEASER: t\n";
    let (statements, diagnostics) = check_script(script);
    assert!(diagnostics.is_empty(), "{:?}", diagnostics);
    let result = run_statement(&statements[1], &RunOptions::default()).expect("runs");
    let ResultBody::Searched(search) = result.body else {
        panic!("no search")
    };
    let answers = search.answers.expect("answers");
    assert_eq!(answers.values.len(), 1);
    assert_eq!(answers.values[0].1, 2);
}

#[test]
fn answer_errors() {
    for (script, kind) in [
        ("answer X: A + B = C", ErrorKind::UnusedSymbol),
        (
            "answer A: kakuro { # 4\\ 3\\ ; \\3 . . ; \\4 . . }",
            ErrorKind::OptionNotApplicable,
        ),
    ] {
        assert_eq!(crate::support::first_error(script), kind, "{}", script);
    }
}

/// Letters of any script as symbols: counts from a separate brute force
/// (Python, itertools.permutations).
#[test]
fn any_letter_is_a_symbol() {
    for (script, expected) in [
        ("count ココロ + カラダ = ニンゲン", 82),
        ("count ΑΒ + ΒΑ = ΓΓ", 32),
        ("count É + É = ÉÈ with leading zeros", 0),
        // Case matters: σ and Σ are two symbols.
        ("count σ + Σ = 9 with leading zeros", 10),
    ] {
        let (statements, diagnostics) = check_script(script);
        assert!(diagnostics.is_empty(), "{}: {:?}", script, diagnostics);
        let result = run_statement(&statements[0], &RunOptions::default()).expect(script);
        let ResultBody::Searched(search) = result.body else {
            panic!("{}: no search", script)
        };
        assert_eq!(search.count.to_u64(), Some(expected), "{}", script);
    }
}

#[test]
fn a_kakuro_cell_in_no_run_is_an_error() {
    let script = "count kakuro { X 4\\ 3\\ ; \\3 . . ; \\4 . . }";
    let (_, diagnostics) = check_script(script);
    assert_eq!(diagnostics.len(), 1, "{:?}", diagnostics);
    assert_eq!(diagnostics[0].kind, ErrorKind::RunWithoutClue);
    // The span is the cell `X`.
    assert_eq!(&script[diagnostics[0].span.clone()], "X");
    let white = "count kakuro { . 4\\ 3\\ ; \\3 . . ; \\4 . . }";
    assert_eq!(check_script(white).1.len(), 1);
}

/// The width of a blank SVG picture (no key under it), from its `width`
/// attribute.
fn svg_width(script: &str) -> u32 {
    let output = crate::support::run(&["--format", "svg", "--blank", "eval", script], b"");
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    let at = text.find("width=\"").expect("a width") + 7;
    text[at..]
        .split('"')
        .next()
        .and_then(|w| w.parse().ok())
        .expect("a number")
}

#[test]
fn wide_letters_get_wide_cells_in_pictures() {
    // The same shape: kana take two monospace columns, so each digit
    // position is drawn twice as wide.
    let ascii = svg_width("ABC + DEF = GHIJ");
    let kana = svg_width("ココロ + カラダ = ニンゲン");
    assert!(kana > ascii * 3 / 2, "{} vs {}", kana, ascii);
    assert_eq!(svg_width("ΑΒΓ + ΔΕΖ = ΗΘΙΚ"), ascii);
}
