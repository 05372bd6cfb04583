//! Checks a filled cryptic Kakuro from scratch: the letters' digits (their
//! sets, all different unless `repeats`, the conditions), each lettered
//! cell against its letter, then the plain grid the letters make through
//! the plain Kakuro's verifier, which reads the runs again from the cells.

use crate::arith;
use crate::kinds::kakuro::solve::verify as verify_grid;
use crate::kinds::CrypticKakuro;
use crate::solve::Verdict;

/// Verifies `values`: a digit per white cell, then per letter.
pub fn verify(kakuro: &CrypticKakuro, values: &[u8]) -> Verdict {
    let first = kakuro.first_symbol();
    if values.len() != first + kakuro.symbols.len() {
        return Verdict::Invalid("wrong number of values".into());
    }
    let (cells, letters) = values.split_at(first);
    if let Some(problem) = crate::solve::digits_invalid(&kakuro.symbols, letters) {
        return Verdict::Invalid(format!("letters: {}", problem));
    }
    for (v, symbol) in kakuro.cell_symbol.iter().enumerate() {
        if let Some(s) = symbol {
            if cells[v] != letters[*s] {
                return Verdict::Invalid(format!("white cell {} differs from its letter", v));
            }
        }
    }
    for condition in &kakuro.conditions {
        if !arith::condition_holds(condition, &kakuro.words, letters, 10) {
            return Verdict::Invalid("a condition does not hold".into());
        }
    }
    verify_grid(&kakuro.with_letters(letters), cells)
}
