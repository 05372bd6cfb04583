//! The options of a statement as written after `with`, one string each,
//! for the caption of its picture (`crypta_engine::report::svg::complete`): a
//! query on a `let` name takes the `let`'s options first.

use std::collections::HashMap;

use crypta_substrate::syntax::ast::{PuzzleBody, Statement};

/// The options of the statement whose text is `text`, whitespace runs
/// made single spaces; a `let`'s are remembered in `lets` under its name.
pub(super) fn options(text: &str, lets: &mut HashMap<String, Vec<String>>) -> Vec<String> {
    // No `with`, and no `let` with options to take them from: nothing to
    // read, and no second parse of the statement (a tenth of the time of
    // a small puzzle's whole call).
    if lets.is_empty() && !text.contains("with") {
        return Vec::new();
    }
    let (statements, _) = crypta_substrate::syntax::parse_script(text);
    let Some(statement) = statements.first() else {
        return Vec::new();
    };
    let puzzle = match statement {
        Statement::Let { puzzle, .. } | Statement::Query { puzzle, .. } => puzzle,
    };
    let own = puzzle.options.iter().filter_map(|option| {
        let written = text.get(option.span.clone())?;
        Some(written.split_whitespace().collect::<Vec<_>>().join(" "))
    });
    let mut all = match &puzzle.body {
        PuzzleBody::Name(name) => lets.get(&name.node).cloned().unwrap_or_default(),
        _ => Vec::new(),
    };
    all.extend(own);
    // A `let` without options is left out: a query on its name finds
    // none either way.
    if let (Statement::Let { name, .. }, false) = (statement, all.is_empty()) {
        lets.insert(name.node.clone(), all.clone());
    }
    all
}
