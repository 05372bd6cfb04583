//! The order modular columns assigns letters in, and each letter's
//! lowest place, which orders the letters a test adds.

use crate::ir::{Cell, Letters};

use super::super::pins::words_of;
use super::checks::{columns, equation_words, residues_ruled_out};

/// Each variable's lowest place (0 = units) over its cells in the
/// equations, whose columns the order follows; a symbol only a condition
/// reads takes its place there.
pub(super) fn lowest_places(letters: &Letters) -> Vec<usize> {
    let n = letters.vars.len();
    let mut in_equations = Vec::new();
    for eq in &letters.equations {
        words_of(&eq.lhs, &mut in_equations);
        words_of(&eq.rhs, &mut in_equations);
    }
    let in_conditions = letters.conditions.iter().flat_map(|c| c.words());
    let mut lowest = vec![usize::MAX; n];
    for pass in [in_equations, in_conditions.collect()] {
        let mut found = vec![usize::MAX; n];
        for &w in &pass {
            for (place, cell) in letters.words[w].cells.iter().rev().enumerate() {
                if let Cell::Var(v) = *cell {
                    found[v] = found[v].min(place);
                }
            }
        }
        for v in 0..n {
            if lowest[v] == usize::MAX {
                lowest[v] = found[v];
            }
        }
    }
    lowest
}

/// The order letters are assigned in: repeatedly the test that needs
/// the fewest letters not yet placed (an equation's low k columns, a
/// condition's letters, a property's last digits), its letters units
/// column first. A product's units column is tested after three
/// letters, not after every letter of the sum beside it; a condition
/// on one short word is tested before the long ones.
pub(super) fn greedy_order(letters: &Letters, lowest: &[usize], start: Vec<usize>) -> Vec<usize> {
    let n = letters.vars.len();
    let vars_of = |words: &[usize], low: usize| -> Vec<usize> {
        let mut out: Vec<usize> = words
            .iter()
            .flat_map(|&w| {
                let cells = &letters.words[w].cells;
                cells[cells.len().saturating_sub(low)..].iter()
            })
            .filter_map(|cell| match *cell {
                Cell::Var(v) => Some(v),
                Cell::Digit(_) => None,
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    };
    // (column, needed letters) of every test the search makes.
    let mut tests: Vec<(usize, Vec<usize>)> = Vec::new();
    for e in 0..letters.equations.len() {
        let words = equation_words(letters, e);
        for k in 1..=columns(letters, &words) {
            tests.push((k, vars_of(&words, k)));
        }
    }
    for (i, c) in letters.conditions.iter().enumerate() {
        let words = c.words();
        if residues_ruled_out(letters, i).is_some() {
            tests.push((1, vars_of(&words, 1)));
        }
        tests.push((usize::MAX, vars_of(&words, usize::MAX)));
    }
    // How many tests read each letter: between tests that need as many
    // new letters, the one whose letters the most tests share goes
    // first (a divisor's units digit, read by every multiple of it),
    // so that the order does not hang on the order the puzzle is
    // written in (Enigma 309 as published: 94 ms; with this, 2).
    let mut shared = vec![0usize; n];
    for (_, vars) in &tests {
        for &v in vars {
            shared[v] += 1;
        }
    }
    let mut placed = vec![false; n];
    for &v in &start {
        placed[v] = true;
    }
    let mut order = start;
    loop {
        let next = tests
            .iter()
            .map(|(k, vars)| {
                let missing: Vec<usize> = vars.iter().copied().filter(|&v| !placed[v]).collect();
                (missing.len(), *k, missing)
            })
            .filter(|(m, _, _)| *m > 0)
            .min_by_key(|(m, k, missing)| {
                let weight: usize = missing.iter().map(|&v| shared[v]).sum();
                (*m, *k, std::cmp::Reverse(weight))
            });
        let Some((_, _, mut missing)) = next else {
            break;
        };
        missing.sort_by_key(|&v| (lowest[v], v));
        for v in missing {
            placed[v] = true;
            order.push(v);
        }
    }
    let mut rest: Vec<usize> = (0..n).filter(|&v| !placed[v]).collect();
    rest.sort_by_key(|&v| (lowest[v], v));
    order.extend(rest);
    order
}
