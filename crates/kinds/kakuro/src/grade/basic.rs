//! The easy Kakuro rules: naked single, unique sum, crossing runs, last
//! cells and sum combinations (see the module docs of [`super`]).

use super::{names, narrow, sum_text, Board, Deduction, Slot};
use crypta_substrate::grade::{digits_text, Difficulty};
use crypta_substrate::sums::tables;

/// A cell with one candidate: its digit goes from the other cells of its
/// runs.
pub(super) fn naked_single(board: &Board) -> Option<Deduction> {
    board.scan_cells(Slot::NakedSingle, |v| {
        let digit = board.placed(v)?;
        let mut mates: Vec<usize> = board.runs_of[v]
            .iter()
            .flat_map(|&r| board.runs[r].vars.iter().copied())
            .filter(|&m| m != v && board.cand[m] & digit != 0)
            .collect();
        mates.sort_unstable();
        mates.dedup();
        if mates.is_empty() {
            return None;
        }
        let mut touched = vec![v];
        touched.extend(&mates);
        Some(Deduction {
            rule: "naked single",
            level: Difficulty::Easy,
            touched,
            why: format!(
                "{} can only be {}, so no other cell of its runs is: {}",
                board.name(v),
                digits_text(digit),
                names(board, &mates)
            ),
            removed: mates.iter().map(|&m| (m, digit)).collect(),
        })
    })
}

/// A clue its run can make one way only.
pub(super) fn unique_sum(board: &Board) -> Option<Deduction> {
    board.scan_runs(Slot::UniqueSum, |r, run| {
        let sum = board.known_sum(r)?;
        let [set] = tables().combos(run.vars.len(), sum) else {
            return None;
        };
        let removed = narrow(board, &run.vars, *set);
        (!removed.is_empty()).then(|| Deduction {
            rule: "unique sum",
            level: Difficulty::Easy,
            touched: run.vars.clone(),
            why: format!(
                "{} has {} cells, and only {} make {}",
                board.run_name(r),
                run.vars.len(),
                sum_text(*set),
                sum
            ),
            removed,
        })
    })
}

/// The digits a run can still use from its sum alone: those of the sets
/// of its size and one of its sums that hold every digit placed in it.
fn run_digits(board: &Board, r: usize) -> u16 {
    let run = &board.runs[r];
    let placed = board.placed_in(run);
    board
        .sums_of(r)
        .flat_map(|sum| tables().combos(run.vars.len(), sum))
        .filter(|&&set| set & placed == placed)
        .fold(0, |a, &set| a | set)
}

/// A cell takes a digit both of its runs can use.
pub(super) fn crossing_runs(board: &Board) -> Option<Deduction> {
    board.scan_cells(Slot::CrossingRuns, |v| {
        board.placed(v).is_none().then_some(())?;
        let runs = &board.runs_of[v];
        // A letter only in clues is no cell: its digit may be 0.
        if runs.is_empty() {
            return None;
        }
        let allowed = runs.iter().fold(crypta_substrate::sums::ALL, |a, &r| {
            a & run_digits(board, r)
        });
        let gone = board.cand[v] & !allowed;
        if gone == 0 {
            return None;
        }
        let each: Vec<String> = runs
            .iter()
            .map(|&r| {
                format!(
                    "{} ({})",
                    board.run_name(r),
                    digits_text(run_digits(board, r))
                )
            })
            .collect();
        Some(Deduction {
            rule: "crossing runs",
            level: Difficulty::Easy,
            touched: vec![v],
            why: format!(
                "{} lies on {}, so it can only be {}",
                board.name(v),
                each.join(" and "),
                digits_text(board.cand[v] & allowed)
            ),
            removed: vec![(v, gone)],
        })
    })
}

/// A run's cells take digits of the sets that fit its pencil marks.
pub(super) fn sum_combinations(board: &Board) -> Option<Deduction> {
    board.scan_runs(Slot::SumCombinations, |r, run| {
        let sets = board.fitting_sets(r);
        let allowed = sets.iter().fold(0, |a, &s| a | s);
        let removed = narrow(board, &run.vars, allowed);
        if removed.is_empty() {
            return None;
        }
        let ways = match sets.as_slice() {
            [] => "no set of digits".to_string(),
            [one] => format!("only {}", sum_text(*one)),
            many => format!(
                "only {}",
                many.iter()
                    .map(|&s| sum_text(s))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
        };
        Some(Deduction {
            rule: "sum combinations",
            level: Difficulty::Easy,
            touched: run.vars.clone(),
            why: format!(
                "of the ways to make {}, {} fit the cells' candidates",
                board.run_name(r),
                ways
            ),
            removed,
        })
    })
}

/// A run with one or two cells still open: they make what the placed
/// digits leave of the sum, so each takes that less a digit the other can
/// hold.
pub(super) fn last_cells(board: &Board) -> Option<Deduction> {
    board.scan_runs(Slot::LastCells, |r, run| {
        let sum = board.known_sum(r)?;
        let open = board.open_in(run);
        if open.is_empty() || open.len() > 2 {
            return None;
        }
        let placed = board.placed_in(run);
        let left = sum.checked_sub(crypta_substrate::sums::digit_sum(placed))?;
        let allowed = super::runs::fillings(board, &open, left, placed);
        let removed: Vec<(usize, u16)> = open
            .iter()
            .zip(&allowed)
            .filter(|&(&v, &a)| board.cand[v] & !a != 0)
            .map(|(&v, &a)| (v, board.cand[v] & !a))
            .collect();
        if removed.is_empty() {
            return None;
        }
        let why = match open[..] {
            [one] => format!(
                "{} has every cell but {} filled, so it is {} less the others: {}",
                board.run_name(r),
                board.name(one),
                sum,
                left
            ),
            _ => format!(
                "{} and {} are the last open cells of {}, so they add up to {}, and each is {} less a digit the other can be: {} and {}",
                board.name(open[0]),
                board.name(open[1]),
                board.run_name(r),
                left,
                left,
                digits_text(board.cand[open[0]] & allowed[0]),
                digits_text(board.cand[open[1]] & allowed[1])
            ),
        };
        Some(Deduction {
            rule: "last cells",
            level: Difficulty::Easy,
            touched: open.clone(),
            why,
            removed,
        })
    })
}
