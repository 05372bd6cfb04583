//! Letter puzzles as text: words, equations, and the puzzle with every
//! cell replaced by its digit.

use crate::ir::{digit_char, Cell, Equation, Letters, VarKind, Word};

/// A word as written (`values` absent) or with its digits filled in.
pub fn word_text(letters: &Letters, word: &Word, values: Option<&[u8]>) -> String {
    word.cells
        .iter()
        .map(|cell| match (*cell, values) {
            (Cell::Digit(d), _) => digit_char(d),
            (Cell::Var(v), Some(values)) => digit_char(u32::from(values[v])),
            (Cell::Var(v), None) => match letters.vars[v].kind {
                VarKind::Symbol(c) | VarKind::Wild(c) => c,
                VarKind::Free => '?',
            },
        })
        .collect()
}

pub fn equation_text(letters: &Letters, eq: &Equation, values: Option<&[u8]>) -> String {
    let word = |w: usize| word_text(letters, &letters.words[w], values);
    format!("{} = {}", eq.lhs.render(&word), eq.rhs.render(&word))
}

/// Every equation with its digits, joined by `, `.
pub fn solution_text(letters: &Letters, values: &[u8]) -> String {
    letters
        .equations
        .iter()
        .map(|eq| equation_text(letters, eq, Some(values)))
        .collect::<Vec<_>>()
        .join(", ")
}
