//! Reads a `pair { N }` block: its body is the sum.

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::ir::{Pair, Puzzle};
use crate::syntax::ast::{OptionItem, Spanned};

/// The pair a block describes; a pair takes no options.
pub fn check_pair(
    body: &Spanned<String>,
    options: &[Spanned<OptionItem>],
) -> Result<Puzzle, Vec<Diagnostic>> {
    let mut errors: Vec<Diagnostic> = options
        .iter()
        .map(|o| {
            Diagnostic::new(
                ErrorKind::OptionNotApplicable,
                o.span.clone(),
                "a pair takes no options",
            )
        })
        .collect();
    match body.node.trim().parse::<u32>() {
        Ok(sum) if errors.is_empty() => Ok(Puzzle::Pair(Pair { sum })),
        Ok(_) => Err(errors),
        Err(_) => {
            errors.push(Diagnostic::new(
                ErrorKind::BadNumber,
                body.span.clone(),
                "a pair's body is one number",
            ));
            Err(errors)
        }
    }
}
