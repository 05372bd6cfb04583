//! Grading cryptic Kakuro (letters in cells and clues): the board's
//! variables are the white cells and the letters, a lettered cell being
//! its letter's variable, and the Kakuro rules run on it with the rules
//! of the letters (taken digit, hidden letter) and of the clue words
//! (`clues.rs`). See the module docs of [`super`].

use super::{areas, basic, blocks, clues, run_rules, runs, Board, Clue, Deduction, Rule};
use crate::CrypticKakuro;
use crypta_substrate::grade::{digits_text, Difficulty, GradeError, Graded};
use crypta_substrate::ir::Cell;
use crypta_substrate::solve::{Budget, Limits};
use crypta_substrate::sums::ALL;

/// Every rule of a cryptic grid, easiest first.
const RULES: &[Rule] = &[
    basic::naked_single,
    taken_digit,
    clues::clue_range,
    basic::unique_sum,
    basic::crossing_runs,
    basic::last_cells,
    basic::sum_combinations,
    runs::hidden_single,
    hidden_letter,
    clues::clue_sums_rule,
    runs::naked_subset,
    letter_subset,
    runs::combination_elimination,
    clues::clue_and_cells,
    areas::innies_outies,
    blocks::block_innies_outies,
];

/// Grades `kakuro` by steps from its one known solution (a digit per white
/// cell, then per letter, as the puzzle's variables). An `Err` is a bug: a
/// rule removed a digit of the solution.
// Without a limit: for the tests.
pub fn grade_cryptic(kakuro: &CrypticKakuro, solution: &[u8]) -> Result<Graded, GradeError> {
    grade_cryptic_within(kakuro, solution, &mut Budget::new(&Limits::default()))
}

/// [`grade_cryptic`] within `budget`, a node a step (see
/// [`super::grade_within`]).
pub fn grade_cryptic_within(
    kakuro: &CrypticKakuro,
    solution: &[u8],
    budget: &mut Budget,
) -> Result<Graded, GradeError> {
    let first = kakuro.first_symbol();
    if solution.len() != first + kakuro.symbols.len() {
        return Err(GradeError::WrongSize);
    }
    run_rules(board(kakuro), RULES, solution, budget)
}

/// The board of a cryptic grid: a plain white cell may be any digit 1–9
/// (or its given), a letter its digits after the checker (the
/// leading-digit rule, 1–9 in a cell, givens after `with`); a lettered
/// cell's own slot is idle, its letter stands in every run.
pub(super) fn board(kakuro: &CrypticKakuro) -> Board<'_> {
    let grid = &kakuro.grid;
    let first = kakuro.first_symbol();
    let alias: Vec<usize> = (0..first)
        .map(|v| kakuro.cell_symbol[v].map_or(v, |s| first + s))
        .collect();
    let mut cand: Vec<u16> = grid
        .givens()
        .iter()
        .zip(&kakuro.cell_symbol)
        .map(|(&g, symbol)| match (g, symbol) {
            (_, Some(_)) => 0,
            (0, None) => ALL,
            (g, None) => 1 << g,
        })
        .collect();
    cand.extend(kakuro.symbols.iter().map(|s| (s.domain.0 & 0x3ff) as u16));
    let mut live: Vec<bool> = kakuro.cell_symbol.iter().map(Option::is_none).collect();
    live.resize(cand.len(), true);
    let mut distinct = vec![false; first];
    // One all-different rule, as for letters (`System::of_vars`): under
    // distinct groups the steps reason without it.
    let one = crypta_substrate::ir::vars::one_group(&kakuro.symbols);
    distinct.extend(kakuro.symbols.iter().map(|s| one && s.distinct()));
    let runs = grid
        .runs
        .iter()
        .map(|run| {
            let mut run = run.clone();
            run.vars.iter_mut().for_each(|v| *v = alias[*v]);
            run
        })
        .collect();
    let clues = kakuro
        .run_words
        .iter()
        .map(|word| {
            let word = word.as_ref()?;
            let (mut terms, mut constant): (Vec<(u32, usize)>, u32) = (Vec::new(), 0);
            let mut weight = 1u32;
            for cell in word.cells.iter().rev() {
                match *cell {
                    Cell::Var(s) => match terms.iter_mut().find(|t| t.1 == first + s) {
                        Some(term) => term.0 = term.0.saturating_add(weight),
                        None => terms.push((weight, first + s)),
                    },
                    Cell::Digit(d) => {
                        constant = constant.saturating_add(weight.saturating_mul(d));
                    }
                }
                weight = weight.saturating_mul(10);
            }
            Some(Clue {
                text: kakuro.word_text(word),
                terms,
                constant,
            })
        })
        .collect();
    Board::build(grid, runs, clues, cand, live, distinct)
}

/// The letters in the all-different rule.
fn letters<'b>(board: &'b Board) -> impl Iterator<Item = usize> + 'b {
    (0..board.cand.len()).filter(|&v| board.distinct[v])
}

/// A letter's digit is no other letter's.
pub(super) fn taken_digit(board: &Board) -> Option<Deduction> {
    letters(board).find_map(|v| {
        let digit = board.placed(v)?;
        let others: Vec<usize> = letters(board)
            .filter(|&w| w != v && board.cand[w] & digit != 0)
            .collect();
        if others.is_empty() {
            return None;
        }
        let mut touched = vec![v];
        touched.extend(&others);
        Some(Deduction {
            rule: "taken digit",
            level: Difficulty::Easy,
            touched,
            why: format!(
                "{} is {}, so no other letter is: {}",
                board.name(v),
                digits_text(digit),
                super::names(board, &others)
            ),
            removed: others.iter().map(|&w| (w, digit)).collect(),
        })
    })
}

/// When the letters can only take as many digits as there are letters,
/// every one of those digits is some letter's: a digit one letter only
/// can take is that letter's.
pub(super) fn hidden_letter(board: &Board) -> Option<Deduction> {
    let all: Vec<usize> = letters(board).collect();
    let union = all.iter().fold(0u16, |a, &v| a | board.cand[v]);
    if union.count_ones() as usize != all.len() {
        return None;
    }
    (0..10u16).filter(|d| union >> d & 1 == 1).find_map(|d| {
        let digit = 1u16 << d;
        let (only, gone) = board.only_home(&all, digit)?;
        Some(Deduction {
            rule: "hidden letter",
            level: Difficulty::Medium,
            touched: all.clone(),
            why: format!(
                "the {} letters take the {} digits {} between them, so each of those digits is some letter's, and only {} can be {}",
                all.len(),
                all.len(),
                digits_text(union),
                board.name(only),
                d
            ),
            removed: vec![(only, gone)],
        })
    })
}

/// k letters with only k digits between them take those digits, so no
/// other letter can.
pub(super) fn letter_subset(board: &Board) -> Option<Deduction> {
    let open: Vec<usize> = letters(board)
        .filter(|&v| board.placed(v).is_none())
        .collect();
    let n = open.len();
    // Letters that differ are at most ten (one per digit).
    if !(3..=10).contains(&n) {
        return None;
    }
    let mut subsets: Vec<u32> = (1u32..(1 << n) - 1)
        .filter(|s| s.count_ones() >= 2)
        .collect();
    subsets.sort_by_key(|s| s.count_ones());
    subsets.into_iter().find_map(|subset| {
        let (inside, outside): (Vec<usize>, Vec<usize>) =
            (0..n).partition(|&i| subset >> i & 1 == 1);
        let inside: Vec<usize> = inside.iter().map(|&i| open[i]).collect();
        let outside: Vec<usize> = outside.iter().map(|&i| open[i]).collect();
        let digits = inside.iter().fold(0u16, |a, &v| a | board.cand[v]);
        if digits.count_ones() != subset.count_ones() {
            return None;
        }
        let removed: Vec<(usize, u16)> = outside
            .iter()
            .filter(|&&v| board.cand[v] & digits != 0)
            .map(|&v| (v, board.cand[v] & digits))
            .collect();
        if removed.is_empty() {
            return None;
        }
        let mut touched = inside.clone();
        touched.extend(removed.iter().map(|&(v, _)| v));
        Some(Deduction {
            rule: "letter subset",
            level: Difficulty::Medium,
            touched,
            why: format!(
                "{} can only be {} between them, so no other letter is",
                super::names(board, &inside),
                digits_text(digits)
            ),
            removed,
        })
    })
}
