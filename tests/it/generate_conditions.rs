//! `crypta generate letters --condition`: each puzzle is an equation with
//! a few solutions and one condition of the form asked; with it the
//! solver and the brute-force oracle find exactly one solution, without
//! it several; the solution, read back, makes the sum and the condition
//! true by plain arithmetic here; with `--difficulty` the puzzle grades
//! at that level; one small run's output is a golden file.

use crypta_core::generate::{
    solutions, ConditionForm, Generator, Kind, Limits, Request, Solutions, Words,
};
use crypta_core::Difficulty;
use crypta_engine::program::check_script;
use crypta_engine::program::Action;

use crate::crosscheck::{all_solutions, ask, count};
use crate::support::{assert_matches_file, repo, run, scaled, transcript};

/// The statements `request` generates.
fn made(request: &Request) -> Vec<String> {
    let mut out = Vec::new();
    let outcome = Generator::new(request).expect("the request checks").run(
        &Limits::default(),
        |seed, puzzle| {
            out.push(
                puzzle
                    .expect("no generator bug")
                    .unwrap_or_else(|| panic!("no puzzle for seed {seed}")),
            );
        },
    );
    assert_eq!(outcome.message(), None);
    out
}

fn request(form: ConditionForm, base: Option<u32>, count: u64) -> Request {
    Request {
        kind: Kind::Letters,
        words: Some(Words::File(repo("examples/words.txt"))),
        condition: Some(form),
        base,
        count,
        ..Request::default()
    }
}

/// A statement's parts: the equation, its base and the condition.
fn parts(statement: &str) -> (String, u32, String) {
    let body = statement.strip_prefix("unique ").expect("a unique query");
    let (equation, options) = body.split_once(" with ").expect("a condition");
    let (base, condition) = match options.strip_prefix("base ") {
        Some(rest) => {
            let (base, condition) = rest.split_once(", ").expect("base, condition");
            (base.parse().expect("a base"), condition)
        }
        None => (10, options),
    };
    (equation.to_string(), base, condition.to_string())
}

/// A word's value under the solution's letters.
fn value(word: &str, letters: &[(char, u32)], base: u32) -> u128 {
    word.chars().fold(0, |n, c| {
        let d = letters.iter().find(|l| l.0 == c).expect("a letter").1;
        n * u128::from(base) + u128::from(d)
    })
}

fn holds(property: &str, n: u128) -> bool {
    let root = |k: u32| {
        (0..=n)
            .find(|r| r.pow(k) >= n)
            .is_some_and(|r| r.pow(k) == n)
    };
    match property {
        "prime" => {
            n >= 2
                && (2..)
                    .take_while(|d| d * d <= n)
                    .all(|d| !n.is_multiple_of(d))
        }
        "square" => root(2),
        "cube" => root(3),
        "triangular" => (0..=n)
            .take_while(|k| k * (k + 1) / 2 <= n)
            .any(|k| k * (k + 1) / 2 == n),
        "odd" => n % 2 == 1,
        "even" => n.is_multiple_of(2),
        other => panic!("unknown property {other}"),
    }
}

/// The form of a condition as written.
fn form_of(condition: &str) -> ConditionForm {
    let tokens: Vec<&str> = condition.split_whitespace().collect();
    let letter = |t: &str| t.len() == 1 && t.chars().all(|c| c.is_ascii_uppercase());
    match tokens[..] {
        [x, "=", d] if letter(x) && d.len() == 1 && d.chars().all(|c| c.is_ascii_digit()) => {
            ConditionForm::Given
        }
        [x, "<", y] if letter(x) && letter(y) => ConditionForm::Order,
        [word, _] if word.len() >= 2 => ConditionForm::Property,
        _ => panic!("`{condition}` is no condition generate writes"),
    }
}

/// Checks one generated statement; returns whether the oracle ran.
fn check(statement: &str) -> bool {
    let (equation, base, condition) = parts(statement);
    assert_eq!(
        solutions(statement, None),
        Ok(Solutions::One),
        "{statement}"
    );
    let plain = if base == 10 {
        format!("count {equation}")
    } else {
        format!("count {equation} with base {base}")
    };
    let several = count(&plain);
    assert!((2..=24).contains(&several), "{plain}: {several} solutions");
    // The solution read back: the sum and the condition hold.
    let search = ask(statement).unwrap_or_else(|e| panic!("{statement}: {e}"));
    let letters = &search.solutions[0].symbols;
    let (left, right) = equation.split_once(" = ").expect("an equation");
    let sum: u128 = left.split(" + ").map(|w| value(w, letters, base)).sum();
    assert_eq!(sum, value(right, letters, base), "{statement}");
    let tokens: Vec<&str> = condition.split_whitespace().collect();
    let truth = match form_of(&condition) {
        ConditionForm::Given => value(tokens[0], letters, base) == tokens[2].parse().unwrap_or(99),
        ConditionForm::Order => value(tokens[0], letters, base) < value(tokens[2], letters, base),
        _ => holds(tokens[1], value(tokens[0], letters, base)),
    };
    assert!(truth, "{statement}: {letters:?}");
    // The oracle, on puzzles small enough for it.
    let (statements, _) = check_script(statement);
    let Some(Action::Ask { puzzle, .. }) = statements.into_iter().next().map(|s| s.action) else {
        panic!("{statement} is not a query");
    };
    let Some(l) = puzzle.downcast_ref::<crypta_substrate::ir::Letters>() else {
        panic!("{statement} is not a letter puzzle");
    };
    let assignments: f64 = (0..l.vars.len())
        .map(|i| f64::from(base) - i as f64)
        .product();
    if assignments > 2e6 {
        return false;
    }
    let oracle = all_solutions(crypta_engine::kinds::of(&puzzle).oracle().as_ref())
        .unwrap_or_else(|e| panic!("{statement}: {e}"));
    assert_eq!(
        oracle,
        vec![search.solutions[0].values.clone()],
        "{statement}"
    );
    true
}

#[test]
fn each_form_leaves_one_of_several_solutions() {
    let mut by_oracle = 0;
    let mut seen = Vec::new();
    for (form, base) in [
        (ConditionForm::Given, None),
        (ConditionForm::Order, None),
        (ConditionForm::Property, None),
        (ConditionForm::Any, None),
        (ConditionForm::Order, Some(8)),
        (ConditionForm::Any, Some(7)),
    ] {
        for statement in made(&request(form, base, scaled(8))) {
            let (_, _, condition) = parts(&statement);
            let written = form_of(&condition);
            if form != ConditionForm::Any {
                assert_eq!(written, form, "{statement}");
            }
            if !seen.contains(&written) {
                seen.push(written);
            }
            by_oracle += usize::from(check(&statement));
        }
    }
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert!(
        by_oracle >= 8,
        "only {by_oracle} puzzles checked by the oracle"
    );
}

#[test]
fn conditions_grade_at_the_level_asked() {
    for (level, count) in [
        (Difficulty::Easy, 1),
        (Difficulty::Medium, scaled(3)),
        (Difficulty::Hard, scaled(3)),
    ] {
        let request = Request {
            difficulty: Some(level),
            ..request(ConditionForm::Any, None, count)
        };
        for statement in made(&request) {
            assert_eq!(crate::support::grade_of(&statement), level, "{statement}");
            check(&statement);
        }
    }
}

#[test]
fn a_small_run_is_golden() {
    let words = repo("examples/words.txt").display().to_string();
    let args = [
        "generate",
        "letters",
        "--words",
        &words,
        "--condition",
        "any",
        "--count",
        "4",
        "--seed",
        "1",
    ];
    let output = transcript(&run(&args, b""));
    assert_matches_file("tests/generate/conditions.out", &output);
}

#[test]
fn condition_is_for_letters_only() {
    let output = run(&["generate", "division", "--condition", "order"], b"");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("--condition is not for division"), "{err}");
    let output = run(&["generate", "letters", "--condition", "sometimes"], b"");
    assert_eq!(output.status.code(), Some(2));
}
