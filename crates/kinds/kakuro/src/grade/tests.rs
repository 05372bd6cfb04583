//! Each Kakuro rule on a tiny grid where its step is known, and the
//! engine's check of every step against the solution.

use super::{areas, basic, clues, cryptic, grade, runs, Board};
use crate::{CrypticKakuro, Kakuro};
use crypta_substrate::grade::Difficulty;
use crypta_substrate::kinds::Puzzle;

/// The puzzle of a `kakuro { ... }` block body, as the kind's checker
/// makes it (no statement around it: the tests stay inside this crate).
fn checked(body: &str) -> Puzzle {
    let (statements, diagnostics) =
        crypta_substrate::syntax::parse_script(&format!("unique kakuro {{\n{}\n}}", body));
    assert!(diagnostics.is_empty(), "{:?}", diagnostics);
    match &statements[0] {
        crypta_substrate::syntax::ast::Statement::Query { puzzle, .. } => {
            crate::check::check(puzzle)
                .expect("the Kakuro checker claims a block")
                .expect("a Kakuro that checks")
        }
        _ => panic!("not a query"),
    }
}

/// The Kakuro IR of a `kakuro { ... }` block body.
fn kakuro(body: &str) -> Kakuro {
    checked(body)
        .downcast_ref::<Kakuro>()
        .expect("a plain Kakuro")
        .clone()
}

/// The cryptic Kakuro of a `kakuro { ... }` block body with letters.
fn cryptic_kakuro(body: &str) -> CrypticKakuro {
    checked(body)
        .downcast_ref::<CrypticKakuro>()
        .expect("a cryptic Kakuro")
        .clone()
}

/// A set of digits as a mask.
fn set(digits: &[u16]) -> u16 {
    digits.iter().fold(0, |a, d| a | 1 << d)
}

/// A 2×2 grid: r2c2 = 2, r2c3 = 1, r3c2 = 1, r3c3 = 3.
const SMALL: &str = " #  3\\ 4\\\n \\3 .  .\n \\4 .  .";

#[test]
fn unique_sum_fills_a_run_from_its_only_set() {
    let k = kakuro(SMALL);
    let board = Board::new(&k);
    let found = basic::unique_sum(&board).expect("3 in two cells is 1 + 2");
    assert_eq!(found.rule, "unique sum");
    assert_eq!(found.level, Difficulty::Easy);
    assert_eq!(
        found.removed,
        vec![(0, set(&[3, 4, 5, 6, 7, 8, 9])); 1]
            .into_iter()
            .chain([(1, set(&[3, 4, 5, 6, 7, 8, 9]))])
            .collect::<Vec<_>>()
    );
}

#[test]
fn naked_single_clears_the_digit_from_both_runs() {
    let k = kakuro(SMALL);
    let mut board = Board::new(&k);
    board.cand[0] = set(&[2]);
    let found = basic::naked_single(&board).expect("r2c2 is 2");
    assert_eq!(found.rule, "naked single");
    // Its across mate r2c3 and its down mate r3c2.
    assert_eq!(found.removed, vec![(1, set(&[2])), (2, set(&[2]))]);
}

#[test]
fn crossing_runs_intersect_the_digits_of_both_runs() {
    let k = kakuro(SMALL);
    let board = Board::new(&k);
    let found = basic::crossing_runs(&board).expect("r2c2 is 1 or 2");
    assert_eq!(found.rule, "crossing runs");
    assert_eq!(found.removed, vec![(0, set(&[3, 4, 5, 6, 7, 8, 9]))]);
    let mut board = Board::new(&k);
    board.cand[0] = set(&[1, 2]);
    // r2c3: 3 across (1, 2) and 4 down (1, 3): only 1.
    let found = basic::crossing_runs(&board).expect("r2c3 is 1");
    assert_eq!(
        found.removed,
        vec![(1, crypta_substrate::sums::ALL & !set(&[1]))]
    );
}

#[test]
fn sum_combinations_keep_the_sets_that_fit() {
    let k = kakuro(" \\10 . . .");
    let mut board = Board::new(&k);
    // 10 in three: 1+2+7, 1+3+6, 1+4+5, 2+3+5; a 5 or 6 first keeps the last three.
    board.cand[0] = set(&[5, 6]);
    let found = basic::sum_combinations(&board).expect("7, 8 and 9 go");
    assert_eq!(found.rule, "sum combinations");
    assert_eq!(
        found.removed,
        vec![(1, set(&[7, 8, 9])), (2, set(&[7, 8, 9]))]
    );
}

#[test]
fn last_cells_make_what_the_run_leaves() {
    let k = kakuro(" \\10 . . .");
    let mut board = Board::new(&k);
    board.cand[0] = set(&[7]);
    board.cand[1] = set(&[1, 2, 3]);
    // 7 placed leaves 3 for two cells: 1 + 2.
    let found = basic::last_cells(&board).expect("1 + 2 is left");
    assert_eq!(found.rule, "last cells");
    assert_eq!(
        found.removed,
        vec![
            (1, set(&[3])),
            (2, crypta_substrate::sums::ALL & !set(&[1, 2]))
        ]
    );
}

#[test]
fn hidden_single_places_the_digit_every_set_needs() {
    let k = kakuro(" \\6 . . .");
    let mut board = Board::new(&k);
    for v in 0..3 {
        board.cand[v] = set(&[1, 2]);
    }
    board.cand[2] = set(&[1, 2, 3]);
    let found = runs::hidden_single(&board).expect("3 only fits r1c4");
    assert_eq!(found.rule, "hidden single");
    assert_eq!(found.level, Difficulty::Medium);
    assert_eq!(found.removed, vec![(2, set(&[1, 2]))]);
}

#[test]
fn naked_pair_takes_its_digits_from_the_other_cells() {
    let k = kakuro(" \\10 . . . .");
    let mut board = Board::new(&k);
    board.cand[0] = set(&[1, 2]);
    board.cand[1] = set(&[1, 2]);
    board.cand[2] = set(&[1, 2, 3, 4]);
    board.cand[3] = set(&[3, 4]);
    let found = runs::naked_subset(&board).expect("a pair of 1 and 2");
    assert_eq!(found.rule, "naked pair");
    assert_eq!(found.removed, vec![(2, set(&[1, 2]))]);
}

#[test]
fn combination_elimination_fills_the_run_cell_by_cell() {
    let k = kakuro(" \\10 . . .");
    let mut board = Board::new(&k);
    board.cand[0] = set(&[7]);
    board.cand[1] = set(&[1, 2, 3]);
    board.cand[2] = set(&[1, 2, 3]);
    let found = runs::combination_elimination(&board).expect("3 fits nowhere");
    assert_eq!(found.rule, "combination elimination");
    assert_eq!(found.removed, vec![(1, set(&[3])), (2, set(&[3]))]);
}

#[test]
fn outies_of_a_row_have_the_sum_left_over() {
    // Row 2's across run is 10; the down runs crossing it make 3 + 16, so
    // r3c3, the one cell they have below row 2, is 9.
    let k = kakuro(" #   3\\  16\\\n \\10 .   .\n #   \\9  .");
    let board = Board::new(&k);
    let found = areas::innies_outies(&board).expect("r3c3 is 9");
    assert_eq!(found.rule, "innies and outies");
    assert_eq!(found.level, Difficulty::Hard);
    assert_eq!(
        found.removed,
        vec![(2, crypta_substrate::sums::ALL & !set(&[9]))]
    );
}

#[test]
fn a_small_grid_is_solved_by_easy_steps() {
    let k = kakuro(SMALL);
    let graded = grade(&k, &[2, 1, 1, 3]).expect("every step keeps the solution");
    assert!(graded.grading.solved);
    assert_eq!(graded.grading.difficulty, Difficulty::Easy);
    assert_eq!(graded.fixed, 4);
}

#[test]
fn a_step_against_the_solution_is_an_error() {
    let k = kakuro(SMALL);
    // Not the solution: the first step (3 is 1 + 2) removes its 3.
    let error = grade(&k, &[3, 1, 1, 3]).expect_err("the solution is wrong");
    assert!(error.to_string().contains("internal error"), "{}", error);
    assert!(error.to_string().contains("unique sum"), "{}", error);
}

/// Two cells under a two-letter clue `AB` (variables: the cells 0 and 1,
/// then A = 2 and B = 3).
const TWO_LETTERS: &str = " \\AB . .";

#[test]
fn clue_range_bounds_a_clue_word_by_its_cells() {
    let k = cryptic_kakuro(TWO_LETTERS);
    let board = cryptic::board(&k);
    // Two cells make 3 to 17: AB is 10 to 17, so A is 1 and B, not A, is 0 or 2 to 7.
    let found = clues::clue_range(&board).expect("A is 1");
    assert_eq!(found.rule, "clue range");
    assert_eq!(found.level, Difficulty::Easy);
    assert_eq!(
        found.removed,
        vec![(3, set(&[1, 8, 9])), (2, set(&[2, 3, 4, 5, 6, 7, 8, 9]))]
    );
}

#[test]
fn a_run_with_a_clue_word_takes_the_sums_its_letters_allow() {
    let k = cryptic_kakuro(TWO_LETTERS);
    let mut board = cryptic::board(&k);
    board.cand[2] = set(&[1]);
    board.cand[3] = set(&[6]);
    board.touch(3);
    // AB is 16: the run is a plain 16 in two, 7 + 9.
    assert_eq!(board.known_sum(0), Some(16));
    let found = basic::unique_sum(&board).expect("16 in two is 7 + 9");
    assert_eq!(
        found.removed[0],
        (0, crypta_substrate::sums::ALL & !set(&[7, 9]))
    );
    assert!(found.why.contains("AB (16) across"), "{}", found.why);
}

#[test]
fn clue_sums_skip_the_sums_the_cells_cannot_make() {
    let k = cryptic_kakuro(" \\A . .");
    let mut board = cryptic::board(&k);
    // 1 and 3 or 9 make 4 or 10: A, one digit, is 4.
    board.cand[0] = set(&[1]);
    board.cand[1] = set(&[3, 9]);
    board.cand[2] = set(&[4, 5, 6, 7, 8, 9]);
    assert!(clues::clue_range(&board).is_none());
    let found = clues::clue_sums_rule(&board).expect("A is 4");
    assert_eq!(found.rule, "clue sums");
    assert_eq!(found.level, Difficulty::Medium);
    assert_eq!(found.removed, vec![(2, set(&[5, 6, 7, 8, 9]))]);
}

#[test]
fn taken_digit_leaves_the_other_letters() {
    let k = cryptic_kakuro(TWO_LETTERS);
    let mut board = cryptic::board(&k);
    board.cand[2] = set(&[1]);
    let found = cryptic::taken_digit(&board).expect("B is not 1");
    assert_eq!(found.rule, "taken digit");
    assert_eq!(found.removed, vec![(3, set(&[1]))]);
}

/// A clue `AB` over a cell holding C and a plain cell (variables: the
/// cells 0 and 1, the first idle, then A = 2, B = 3, C = 4).
const THREE_LETTERS: &str = " \\AB C .";

#[test]
fn hidden_letter_gives_the_one_letter_a_digit_can_go_to() {
    let k = cryptic_kakuro(THREE_LETTERS);
    let mut board = cryptic::board(&k);
    board.cand[2] = set(&[1, 2]);
    board.cand[3] = set(&[1, 2]);
    board.cand[4] = set(&[1, 2, 3]);
    // Three letters on three digits: 3 is C's, the only letter that can take it.
    let found = cryptic::hidden_letter(&board).expect("C is 3");
    assert_eq!(found.rule, "hidden letter");
    assert_eq!(found.removed, vec![(4, set(&[1, 2]))]);
}

#[test]
fn letter_subset_takes_its_digits_from_the_other_letters() {
    let k = cryptic_kakuro(THREE_LETTERS);
    let mut board = cryptic::board(&k);
    board.cand[2] = set(&[1, 2]);
    board.cand[3] = set(&[1, 2]);
    board.cand[4] = set(&[1, 2, 3, 4]);
    let found = cryptic::letter_subset(&board).expect("A and B own 1 and 2");
    assert_eq!(found.rule, "letter subset");
    assert_eq!(found.removed, vec![(4, set(&[1, 2]))]);
}

#[test]
fn the_euler_example_is_solved_by_steps_from_its_solution() {
    let k = cryptic_kakuro(
        " #    #    CC\\  I\\   #    #
 #    \\H   B    .    CA\\  JE\\
 #    D\\FE .    .    .    .
 \\A   .    I    B\\JC .    .
 \\JC  H    .    .    .    #
 #    #    \\JE  .    .    #",
    );
    let plan = crate::solve::cryptic::CrypticSearch::new(&k);
    let limits = crypta_substrate::solve::Limits::default();
    let mut budget = crypta_substrate::solve::Budget::new(&limits);
    let mut solution = Vec::new();
    crypta_substrate::solve::Strategy::search(&plan, &mut budget, &mut |values| {
        solution = values.to_vec();
        crypta_substrate::solve::Flow::Stop
    });
    let graded = cryptic::grade_cryptic(&k, &solution).expect("every step keeps the solution");
    assert!(graded.grading.solved);
    // 13 plain cells and 9 letters.
    assert_eq!((graded.fixed, graded.variables), (22, 22));
    let mut wrong = solution.clone();
    let last = wrong.len() - 1;
    wrong[last] = (wrong[last] + 1) % 10;
    let error = cryptic::grade_cryptic(&k, &wrong).expect_err("not the solution");
    assert!(error.to_string().contains("internal error"), "{}", error);
}

#[test]
fn clue_and_cells_give_a_letter_one_digit_in_its_clue_and_its_cell() {
    // BA = A + x + y: x + y is 10 × B.
    let k = cryptic_kakuro(" \\BA A . .");
    let mut board = cryptic::board(&k);
    board.cand[3] = set(&[2, 3]);
    board.cand[4] = set(&[1]);
    board.touch(3);
    board.touch(4);
    // Each cell alone: 12 or 13 from A (2 or 3), x and y; 3 + 4 + 5 and
    // 2 + 5 + 6 put a 5 in x.
    assert!(runs::combination_elimination(&board).is_none());
    // Together: A = 2 makes 12 and A = 3 makes 13, so x + y = 10, never with a 5.
    let found = clues::clue_and_cells(&board).expect("x and y are not 5");
    assert_eq!(found.rule, "clue and cells");
    assert_eq!(found.level, Difficulty::Medium);
    assert_eq!(found.removed, vec![(1, set(&[5])), (2, set(&[5]))]);
}

#[test]
fn block_innies_and_outies_work_on_part_of_a_row() {
    // The block r2c2 to r2c3: the across run reaching into it is 10, the
    // down run lying in it is r2c2's 3, so r2c3, the cell left, is 7.
    let k = kakuro(" #   3\\  16\\\n \\10 .   .\n #   \\9  .");
    let board = Board::new(&k);
    let found = super::blocks::block_innies_outies(&board).expect("r2c3 is 7");
    assert_eq!(found.rule, "block innies and outies");
    assert_eq!(found.level, Difficulty::Hard);
    assert_eq!(
        found.removed,
        vec![(1, crypta_substrate::sums::ALL & !set(&[7]))]
    );
}
