//! Checks a layout block into a `Layout`: `block` reads the lines as
//! printed, keeping every glyph's column and span; `multiplication` and
//! `division` give the rows their meaning by the columns they end in.
//! Cells and options are checked as the words of a letter equation are.

mod block;
mod division;
mod multiplication;

use crate::Layout;
use crypta_substrate::diagnostic::Diagnostic;
use crypta_substrate::kinds::Puzzle;
use crypta_substrate::syntax::ast::{BlockKind, OptionItem, PuzzleBody, PuzzleDef, Spanned};

/// The registry's entry (crypta-engine's `kinds::KINDS`): a `multiplication { ... }` or
/// `division { ... }` block, or `None` for another kind's puzzle.
pub(super) fn check(def: &PuzzleDef) -> Option<Result<Puzzle, Vec<Diagnostic>>> {
    let PuzzleBody::Block { kind, body } = &def.body else {
        return None;
    };
    let operation = Operation::of(kind.node)?;
    Some(check_layout(operation, body, &def.options).map(Puzzle::new))
}

/// Which layout a block holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    Multiplication,
    Division,
}

impl Operation {
    /// The layout a block keyword opens, or `None` for another kind's
    /// block: the one place the layout kind reads the block keywords.
    pub fn of(block: BlockKind) -> Option<Operation> {
        match block {
            BlockKind::Multiplication => Some(Operation::Multiplication),
            BlockKind::Division => Some(Operation::Division),
            _ => None,
        }
    }
}

/// Checks a `multiplication { ... }` or `division { ... }` block.
pub fn check_layout(
    operation: Operation,
    body: &Spanned<String>,
    options: &[Spanned<OptionItem>],
) -> Result<Layout, Vec<Diagnostic>> {
    match operation {
        Operation::Multiplication => multiplication::check(body, options),
        Operation::Division => division::check(body, options),
    }
}
