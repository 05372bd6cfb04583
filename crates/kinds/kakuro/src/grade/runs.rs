//! The medium Kakuro rules, each inside one run: hidden single, naked
//! subsets and combination elimination (see the module docs of [`super`]).

use super::{names, sum_text, Board, Deduction, Slot};
use crypta_substrate::grade::{digits_text, Difficulty};
use crypta_substrate::sums::digit_sum;

/// A digit every set left for a run needs, which one cell only can hold.
pub(super) fn hidden_single(board: &Board) -> Option<Deduction> {
    board.scan_runs(Slot::HiddenSingle, |r, run| {
        let sets = board.fitting_sets(r);
        let needed = sets.iter().fold(crypta_substrate::sums::ALL, |a, &s| a & s);
        if sets.is_empty() {
            return None;
        }
        (1..=9u16).filter(|d| needed >> d & 1 == 1).find_map(|d| {
            let digit = 1u16 << d;
            let (only, gone) = board.only_home(&run.vars, digit)?;
            Some(Deduction {
                rule: "hidden single",
                level: Difficulty::Medium,
                touched: run.vars.clone(),
                why: format!(
                    "every way left to make {} uses {}, and only {} can hold it",
                    board.run_name(r),
                    d,
                    board.name(only)
                ),
                removed: vec![(only, gone)],
            })
        })
    })
}

/// k cells of a run with k digits between them: the run's other cells
/// cannot take those digits.
pub(super) fn naked_subset(board: &Board) -> Option<Deduction> {
    board.scan_runs(Slot::NakedSubset, |r, run| {
        let open = board.open_in(run);
        let n = open.len();
        // Smallest subsets first: a pair is easier to see than a triple.
        let mut subsets: Vec<u32> = (1u32..(1 << n) - 1)
            .filter(|s| s.count_ones() >= 2)
            .collect();
        subsets.sort_by_key(|s| s.count_ones());
        subsets.into_iter().find_map(|subset| {
            let k = subset.count_ones();
            let (inside, outside): (Vec<usize>, Vec<usize>) =
                (0..n).partition(|&i| subset >> i & 1 == 1);
            let inside: Vec<usize> = inside.iter().map(|&i| open[i]).collect();
            let digits = inside.iter().fold(0, |a, &v| a | board.cand[v]);
            if digits.count_ones() != k {
                return None;
            }
            let removed: Vec<(usize, u16)> = outside
                .iter()
                .map(|&i| open[i])
                .filter(|&v| board.cand[v] & digits != 0)
                .map(|v| (v, board.cand[v] & digits))
                .collect();
            if removed.is_empty() {
                return None;
            }
            let rule = match k {
                2 => "naked pair",
                3 => "naked triple",
                _ => "naked subset",
            };
            Some(Deduction {
                rule,
                level: Difficulty::Medium,
                touched: run.vars.clone(),
                why: format!(
                    "in {}, {} can only be {} between them, so the run's other cells are not",
                    board.run_name(r),
                    names(board, &inside),
                    digits_text(digits)
                ),
                removed,
            })
        })
    })
}

/// The digits each cell of a run takes in some complete filling of the
/// run from its pencil marks: different digits (none of `taken`), adding
/// up to `sum`. [`fillings_of`] on the cells' candidates.
pub(super) fn fillings(board: &Board, vars: &[usize], sum: u32, taken: u16) -> Vec<u16> {
    let cands: Vec<u16> = vars.iter().map(|&v| board.cand[v]).collect();
    fillings_of(&cands, sum, taken)
}

/// The digits each of the cells with candidates `cands` takes in some
/// complete filling: different digits (none of `taken`), adding up to
/// `sum`. Layer `i`
/// holds the digit sets the first `i` cells can take, so the work is
/// bounded by the subsets of 1..=9, not by the fillings.
pub(super) fn fillings_of(cands: &[u16], sum: u32, taken: u16) -> Vec<u16> {
    let mut layers: Vec<Vec<u16>> = vec![vec![taken]];
    for &cand in cands {
        let mut seen = [false; 1024];
        let mut next = Vec::new();
        for &m in layers.last().map_or(&[][..], Vec::as_slice) {
            for_each_bit(cand & !m, |b| {
                let grown = m | b;
                if !seen[grown as usize] && digit_sum(grown & !taken) <= sum {
                    seen[grown as usize] = true;
                    next.push(grown);
                }
            });
        }
        layers.push(next);
    }
    // good[m]: the cells after those holding `m` can be filled to the sum.
    let mut good = [false; 1024];
    for &m in layers.last().map_or(&[][..], Vec::as_slice) {
        good[m as usize] = digit_sum(m & !taken) == sum;
    }
    let mut allowed = vec![0u16; cands.len()];
    for (i, &cand) in cands.iter().enumerate().rev() {
        let mut before = [false; 1024];
        for &m in &layers[i] {
            for_each_bit(cand & !m, |b| {
                if good[(m | b) as usize] {
                    before[m as usize] = true;
                    allowed[i] |= b;
                }
            });
        }
        good = before;
    }
    allowed
}

/// Calls `f` with each set bit of `set`, as a one-bit mask.
fn for_each_bit(mut set: u16, mut f: impl FnMut(u16)) {
    while set != 0 {
        let bit = set & set.wrapping_neg();
        set ^= bit;
        f(bit);
    }
}

/// Candidates no complete filling of their run uses.
pub(super) fn combination_elimination(board: &Board) -> Option<Deduction> {
    board.scan_runs(Slot::CombinationElimination, |r, run| {
        let allowed = board
            .sums_of(r)
            .fold(vec![0u16; run.vars.len()], |mut all, sum| {
                let each = fillings(board, &run.vars, sum, 0);
                all.iter_mut().zip(each).for_each(|(a, e)| *a |= e);
                all
            });
        let removed: Vec<(usize, u16)> = run
            .vars
            .iter()
            .zip(&allowed)
            .filter(|&(&v, &a)| board.cand[v] & !a != 0)
            .map(|(&v, &a)| (v, board.cand[v] & !a))
            .collect();
        let (&(first, gone), _) = removed.split_first()?;
        let sets: Vec<String> = board.fitting_sets(r).iter().map(|&s| sum_text(s)).collect();
        Some(Deduction {
            rule: "combination elimination",
            level: Difficulty::Medium,
            touched: run.vars.clone(),
            why: format!(
                "filling {} ({}) cell by cell from the candidates, no way puts {} in {}",
                board.run_name(r),
                sets.join(" or "),
                digits_text(gone),
                board.name(first)
            ),
            removed,
        })
    })
}
