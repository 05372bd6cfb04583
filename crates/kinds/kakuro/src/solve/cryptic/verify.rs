//! Checks a filled cryptic Kakuro from scratch: the letters' digits (their
//! sets, all different unless `repeats`, the conditions), each lettered
//! cell against its letter, then the plain grid the letters make through
//! the plain Kakuro's verifier, which reads the runs again from the cells.

use crate::solve::verify as verify_grid;
use crate::CrypticKakuro;
use crypta_substrate::arith;
use crypta_substrate::solve::Verdict;

/// Verifies `values`: a digit per white cell, then per letter.
pub fn verify(kakuro: &CrypticKakuro, values: &[u8]) -> Verdict {
    let first = kakuro.first_symbol();
    if values.len() != first + kakuro.symbols.len() {
        return Verdict::Invalid(crypta_substrate::solve::Invalid::Length);
    }
    let (cells, letters) = values.split_at(first);
    if let Some(problem) = crypta_substrate::solve::digits_invalid(&kakuro.symbols, letters) {
        return Verdict::Invalid(crypta_substrate::solve::Invalid::Letters(Box::new(problem)));
    }
    for (v, symbol) in kakuro.cell_symbol.iter().enumerate() {
        if let Some(s) = symbol {
            if cells[v] != letters[*s] {
                return Verdict::Invalid(crypta_substrate::solve::Invalid::LetterDiffers(v));
            }
        }
    }
    for condition in &kakuro.conditions {
        if !arith::condition_holds(condition, &kakuro.words, letters, 10) {
            return Verdict::Invalid(crypta_substrate::solve::Invalid::CrypticCondition);
        }
    }
    verify_grid(&kakuro.with_letters(letters), cells)
}
