//! Checks a layout block into a [`Layout`]: [`block`] reads the lines as
//! printed, keeping every glyph's column and span; [`multiplication`] and
//! [`division`] give the rows their meaning by the columns they end in.
//! Cells and options are checked as the words of a letter equation are.

mod block;
mod division;
mod multiplication;

use crate::diagnostic::Diagnostic;
use crate::ir::Layout;
use crate::syntax::ast::{OptionItem, Spanned};

/// Which layout a block holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    Multiplication,
    Division,
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
