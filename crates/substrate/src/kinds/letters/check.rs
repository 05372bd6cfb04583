//! The letters kind's checker: a puzzle written as equations is checked
//! by the substrate's letter checker (`crate::check::symbols`).

use crate::check::symbols::check_letters;
use crate::diagnostic::Diagnostic;
use crate::kinds::Puzzle;
use crate::syntax::ast::{PuzzleBody, PuzzleDef};

/// The registry's entry (`crate::kinds::KINDS`): letter equations, or `None`
/// for another kind's puzzle.
pub(super) fn check(def: &PuzzleDef) -> Option<Result<Puzzle, Vec<Diagnostic>>> {
    match &def.body {
        PuzzleBody::Equations(equations) => {
            Some(check_letters(equations, &def.options, def.answer.as_ref()).map(Puzzle::new))
        }
        _ => None,
    }
}
