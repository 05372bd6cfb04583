//! The rules of a cryptic Kakuro's clue words (see the module docs of
//! [`super`]): a clue's value is what its run's cells can add up to, which
//! narrows the clue's letters. The other way, the values the letters still
//! allow are the run's possible sums ([`Board::sums_of`]), which every run
//! rule already reads.

use super::{sum_bit, Board, Clue, Deduction, Slot};
use crate::Run;
use crypta_substrate::grade::{digits_text, Difficulty};
use crypta_substrate::sums::{digit_sum, MAX_SUM};

/// The most fillings of a clue word's letters tried: a word of three
/// letters has at most 1000. Past it the word's sums are left open.
const MAX_FILLINGS: u64 = 1000;

/// Calls `each` with every way to fill the clue's letters from their
/// candidates, distinct letters differing: the word's value, and a digit
/// per term. False, calling nothing, past [`MAX_FILLINGS`].
fn clue_fillings(board: &Board, clue: &Clue, each: &mut dyn FnMut(u32, &[u32])) -> bool {
    let ways: u64 = clue
        .terms
        .iter()
        .map(|&(_, v)| u64::from(board.cand[v].count_ones()))
        .product();
    if ways > MAX_FILLINGS {
        return false;
    }
    let mut digits = Vec::with_capacity(clue.terms.len());
    fill(board, clue, &mut digits, each);
    true
}

/// The fillings of the terms after those in `digits`.
fn fill(board: &Board, clue: &Clue, digits: &mut Vec<u32>, each: &mut dyn FnMut(u32, &[u32])) {
    let i = digits.len();
    let Some(&(_, v)) = clue.terms.get(i) else {
        let value = clue
            .terms
            .iter()
            .zip(digits.iter())
            .fold(clue.constant, |acc, (&(w, _), &d)| {
                acc.saturating_add(w.saturating_mul(d))
            });
        each(value, digits);
        return;
    };
    for d in 0..10u32 {
        if board.cand[v] >> d & 1 == 0 {
            continue;
        }
        let clash = clue.terms[..i]
            .iter()
            .zip(digits.iter())
            .any(|(&(_, w), &e)| e == d && board.distinct[v] && board.distinct[w]);
        if clash {
            continue;
        }
        digits.push(d);
        fill(board, clue, digits, each);
        digits.pop();
    }
}

/// The sums run `r` may have: the values its clue word's letters can
/// still make, up to 45. Only the letters decide them, so that a sum shown
/// (`A6 (16)`) follows from steps shown: the run's length rules out more
/// (A6 in two cells is 16) only once "clue range" has said so.
pub(super) fn clue_sums(board: &Board, r: usize) -> u64 {
    let any = (0..=MAX_SUM).fold(0, |a, s| a | sum_bit(s));
    let Some(clue) = &board.clues[r] else {
        return board.sums[r];
    };
    let mut values = 0u64;
    if !clue_fillings(board, clue, &mut |value, _| values |= sum_bit(value)) {
        return any;
    }
    values & any
}

/// The sums the cells of `run` can make from their candidates, different
/// digits: bit `s` for sum `s`. Digit sets, not fillings, are carried
/// from cell to cell, so the work is bounded by the subsets of 1..=9.
fn cell_sums(board: &Board, run: &Run) -> u64 {
    let mut layer: Vec<u16> = vec![0];
    for &v in &run.vars {
        let mut seen = [false; 1024];
        let mut next = Vec::new();
        for &m in &layer {
            let mut free = board.cand[v] & !m & crypta_substrate::sums::ALL;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                let grown = (m | bit) as usize;
                if !seen[grown] {
                    seen[grown] = true;
                    next.push(m | bit);
                }
            }
        }
        layer = next;
    }
    layer.iter().fold(0, |a, &m| a | sum_bit(digit_sum(m)))
}

/// The sums of a set as a person lists them: `3, 4 or 17`, with three or
/// more in a row as a range: `12 to 19, 21 or 23 to 29`.
fn sums_text(sums: u64) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut s = 0u32;
    while s < 64 {
        if sums >> s & 1 == 0 {
            s += 1;
            continue;
        }
        let mut end = s;
        while end + 1 < 64 && sums >> (end + 1) & 1 == 1 {
            end += 1;
        }
        match end - s {
            0 => parts.push(s.to_string()),
            1 => parts.extend([s.to_string(), end.to_string()]),
            _ => parts.push(format!("{} to {}", s, end)),
        }
        s = end + 1;
    }
    match parts.split_last() {
        None => "nothing".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {}", rest.join(", "), last),
    }
}

/// What narrowing a clue word's letters found: the removals, the values
/// kept, and the letters.
struct Narrowed {
    removed: Vec<(usize, u16)>,
    kept: u64,
    letters: Vec<usize>,
}

/// Narrows the letters of run `r`'s clue word to the fillings whose value
/// `fits`, when that removes something.
fn narrow_letters(board: &Board, r: usize, fits: impl Fn(u32) -> bool) -> Option<Narrowed> {
    let clue = board.clues[r].as_ref()?;
    let mut keep = vec![0u16; clue.terms.len()];
    let mut kept = 0u64;
    let complete = clue_fillings(board, clue, &mut |value, digits| {
        if fits(value) {
            kept |= sum_bit(value);
            for (k, &d) in keep.iter_mut().zip(digits) {
                *k |= 1 << d;
            }
        }
    });
    if !complete {
        return None;
    }
    let letters: Vec<usize> = clue.terms.iter().map(|&(_, v)| v).collect();
    let removed: Vec<(usize, u16)> = letters
        .iter()
        .zip(&keep)
        .filter(|&(&v, &k)| board.cand[v] & !k != 0)
        .map(|(&v, &k)| (v, board.cand[v] & !k))
        .collect();
    (!removed.is_empty()).then_some(Narrowed {
        removed,
        kept,
        letters,
    })
}

/// What the letters keep, as `C is 1, A is 3 or 4`.
fn letters_text(board: &Board, removed: &[(usize, u16)]) -> String {
    removed
        .iter()
        .map(|&(v, gone)| {
            format!(
                "{} is {}",
                board.name(v),
                digits_text(board.cand[v] & !gone)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A clue word is between the least and the most its run's cells can add
/// up to, from their candidates.
pub(super) fn clue_range(board: &Board) -> Option<Deduction> {
    board.scan_runs(Slot::ClueRange, |r, run| {
        let clue = board.clues[r].as_ref()?;
        let reach = cell_sums(board, run);
        if reach == 0 {
            return None;
        }
        let lo = reach.trailing_zeros();
        let hi = 63 - reach.leading_zeros();
        let Narrowed {
            removed,
            kept,
            letters,
        } = narrow_letters(board, r, |v| (lo..=hi).contains(&v))?;
        let mut touched = run.vars.clone();
        touched.extend(&letters);
        Some(Deduction {
            rule: "clue range",
            level: Difficulty::Easy,
            touched,
            why: format!(
                "the {} cells of {} add up to {} at least and {} at most, so {} is {}: {}",
                run.vars.len(),
                board.run_name(r),
                lo,
                hi,
                clue.text,
                sums_text(kept),
                letters_text(board, &removed)
            ),
            removed,
        })
    })
}

/// A clue word is one of the sums its run's cells can make from their
/// candidates, which may leave gaps between the least and the most.
pub(super) fn clue_sums_rule(board: &Board) -> Option<Deduction> {
    board.scan_runs(Slot::ClueSums, |r, run| {
        let clue = board.clues[r].as_ref()?;
        let reach = cell_sums(board, run);
        let Narrowed {
            removed,
            kept,
            letters,
        } = narrow_letters(board, r, |v| reach & sum_bit(v) != 0)?;
        let mut touched = run.vars.clone();
        touched.extend(&letters);
        Some(Deduction {
            rule: "clue sums",
            level: Difficulty::Medium,
            touched,
            why: format!(
                "from their candidates, the cells of {} can only add up to {}, so {} is {}: {}",
                board.run_name(r),
                sums_text(reach),
                clue.text,
                sums_text(kept),
                letters_text(board, &removed)
            ),
            removed,
        })
    })
}

/// Every value of a run's clue word tried with every filling of the run's
/// cells, together: a cell holding a letter of the word holds the digit
/// the word gives it, a cell holding another letter a different digit.
/// What is left of each cell and each letter of the word.
pub(super) fn clue_and_cells(board: &Board) -> Option<Deduction> {
    board.scan_runs(Slot::ClueAndCells, |r, run| {
        let clue = board.clues[r].as_ref()?;
        let mut cell_keep = vec![0u16; run.vars.len()];
        let mut letter_keep = vec![0u16; clue.terms.len()];
        let complete = clue_fillings(board, clue, &mut |value, digits| {
            if value > MAX_SUM {
                return;
            }
            let word_digits = clue
                .terms
                .iter()
                .zip(digits)
                .filter(|&(&(_, v), _)| board.distinct[v])
                .fold(0u16, |a, (_, &d)| a | 1 << d);
            let cands: Vec<u16> = run
                .vars
                .iter()
                .map(|&v| match clue.terms.iter().position(|t| t.1 == v) {
                    Some(i) => board.cand[v] & 1 << digits[i],
                    None if board.distinct[v] => board.cand[v] & !word_digits,
                    None => board.cand[v],
                })
                .collect();
            let allowed = super::runs::fillings_of(&cands, value, 0);
            if allowed.contains(&0) {
                return;
            }
            cell_keep.iter_mut().zip(&allowed).for_each(|(k, a)| *k |= a);
            for (k, &d) in letter_keep.iter_mut().zip(digits) {
                *k |= 1 << d;
            }
        });
        if !complete {
            return None;
        }
        // A cell holding a letter of the word keeps what both allow.
        let mut keep: Vec<(usize, u16)> = clue
            .terms
            .iter()
            .zip(&letter_keep)
            .map(|(&(_, v), &k)| (v, k))
            .collect();
        for (&v, &k) in run.vars.iter().zip(&cell_keep) {
            match keep.iter_mut().find(|(w, _)| *w == v) {
                Some((_, both)) => *both &= k,
                None => keep.push((v, k)),
            }
        }
        let removed: Vec<(usize, u16)> = keep
            .iter()
            .filter(|&&(v, k)| board.cand[v] & !k != 0)
            .map(|&(v, k)| (v, board.cand[v] & !k))
            .collect();
        let (&(first, gone), _) = removed.split_first()?;
        let mut touched = run.vars.clone();
        touched.extend(clue.terms.iter().map(|&(_, v)| v));
        Some(Deduction {
            rule: "clue and cells",
            level: Difficulty::Medium,
            touched,
            why: format!(
                "trying every value of {} ({}) with every way to fill its cells, letters differing, none puts {} in {}",
                clue.text,
                sums_text(board.sums[r]),
                digits_text(gone),
                board.name(first)
            ),
            removed,
        })
    })
}
