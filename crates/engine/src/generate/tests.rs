//! The value path of the generators: the checked puzzle a generator hands
//! to `run` is the puzzle its printed statement states, so searching and
//! grading the value answer what checking the text again would.

use super::kakuro;
use super::layout::{self, Operation};
use super::letters::{self, Shape};
use super::maker::grade_of;
use super::{cryptic, puzzle_of, solutions, solutions_of, Checked, ConditionForm, Solutions};
use crate::kinds::Puzzle;
use crate::run::{run_query, ResultBody, RunOptions};
use crypta_substrate::grade::Difficulty;
use crypta_substrate::ir::Query;

fn words() -> Vec<String> {
    let text = include_str!("../../../../examples/words.txt");
    letters::read_words(text, "examples/words.txt").expect("the example word list reads")
}

/// What `explain` prints of `puzzle`: its typed form (every given and
/// condition) and the strategy, run on the value.
fn explained(puzzle: &Puzzle) -> String {
    match run_query(Query::Explain, puzzle, &RunOptions::default()) {
        Ok(ResultBody::Explained { text, .. }) => text,
        other => panic!("explain gave {:?}", other.map(|_| ())),
    }
}

/// The value `made` carries states its printed text: the same typed
/// puzzle, and the same answer to `unique` through the value entry point
/// as through the text.
fn states_its_text(made: &Checked) {
    let from_text = puzzle_of(&made.text).expect("the printed statement checks");
    assert_eq!(
        explained(&made.puzzle),
        explained(&from_text),
        "{}",
        made.text
    );
    let by_value = solutions_of(&made.puzzle, None).expect("no run bug");
    assert_eq!(by_value, Solutions::One, "{}", made.text);
    assert_eq!(solutions(&made.text, None), Ok(by_value), "{}", made.text);
}

#[test]
fn skeletons_hand_over_the_puzzle_they_print() {
    for (operation, digits) in [
        (Operation::Multiplication, (4, 3)),
        (Operation::Division, (5, 2)),
    ] {
        for seed in 1..=4 {
            let spec = layout::Spec {
                operation,
                digits,
                seed,
                keep: None,
                letters: seed % 2 == 0,
                any_shape: false,
            };
            let made = layout::made(&spec).expect("no generator bug");
            states_its_text(&made.unwrap_or_else(|| panic!("no skeleton for {:?}", spec)));
        }
    }
}

#[test]
fn letters_hand_over_the_puzzle_they_print() {
    let words = words();
    for (seed, condition) in [
        (1, None),
        (2, Some(ConditionForm::Given)),
        (3, Some(ConditionForm::Order)),
        (4, Some(ConditionForm::Property)),
    ] {
        let spec = letters::Spec {
            seed,
            base: 10,
            shape: Shape::Sum(2, 2),
            condition,
            level: None,
        };
        let made = letters::made(&words, &spec).expect("no generator bug");
        states_its_text(&made.unwrap_or_else(|| panic!("no puzzle for {:?}", spec)));
    }
}

#[test]
fn cryptic_grids_hand_over_the_puzzle_they_print() {
    let mut made_some = 0;
    for (seed, level) in [(1, None), (2, None), (3, Some(Difficulty::Hard))] {
        let spec = kakuro::Spec::new(6, seed);
        if let Some(made) = cryptic::generate(&spec, level).expect("no generator bug") {
            states_its_text(&made);
            made_some += 1;
        }
    }
    assert!(made_some >= 2, "the seeds made {} cryptic grids", made_some);
}

#[test]
fn grading_the_value_rates_as_grading_the_text() {
    let words = words();
    let mut graded = 0;
    for seed in 1..=6 {
        let spec = letters::Spec {
            seed,
            base: 10,
            shape: Shape::Sum(2, 2),
            condition: Some(ConditionForm::Any),
            level: None,
        };
        let Some(made) = letters::made(&words, &spec).expect("no generator bug") else {
            continue;
        };
        let again = puzzle_of(&made.text).expect("the printed statement checks");
        let level = grade_of(&made.puzzle).expect("no run bug");
        assert_eq!(
            level,
            grade_of(&again).expect("no run bug"),
            "{}",
            made.text
        );
        graded += usize::from(level.is_some());
    }
    assert!(graded > 0, "no generated puzzle was graded");
}
