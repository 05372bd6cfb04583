//! The formatter's own check: a script means after formatting what it meant
//! before, statement by statement, or it is not written. Formatting moves
//! blanks only, but it does so by its own reading of the script (tokens and
//! block styles), and a word that reading gets wrong would otherwise turn a
//! valid script into another one silently.

use crate::program::{check_script_with, Checker};
use crypta_substrate::diagnostic::{Diagnostic, ErrorKind};
use crypta_substrate::syntax::ast::Statement;

/// Why a script was not formatted.
#[derive(Debug)]
pub enum Refusal {
    /// The script has syntax errors (or is beyond a limit): fix them first.
    Syntax(Vec<Diagnostic>),
    /// The formatted text would mean something else: a fault of the
    /// formatter, reported at the first statement that would change.
    Changed(Diagnostic),
}

impl Refusal {
    /// The diagnostics to show.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            Refusal::Syntax(all) => all,
            Refusal::Changed(one) => std::slice::from_ref(one),
        }
    }
}

/// `formatted` if it means what `source` does: the same statements, each
/// checked to the same puzzle and query (or to the same errors).
pub fn verify(source: &str, formatted: String) -> Result<String, Refusal> {
    let (before, after) = (meaning(source), meaning(&formatted));
    let Some(at) = (0..before.len().max(after.len())).find(|&i| before.get(i) != after.get(i))
    else {
        return Ok(formatted);
    };
    let (statements, _) = crypta_substrate::syntax::parse_script(source);
    let span = statements
        .get(at)
        .map_or(0..source.len(), |s| s.span().clone());
    Err(Refusal::Changed(
        Diagnostic::new(
            ErrorKind::Syntax,
            span,
            "formatting would change what this statement means",
        )
        .with_hint(
            "the script is left as it is; this is a fault of `crypta fmt`, please report it",
        ),
    ))
}

/// One line per statement, in order: what it checks to (its IR, which
/// holds no source positions), for a `let` the puzzle it binds, and the
/// errors found in it, by kind and message. Blanks in a message do not
/// count: a message may quote the text as typed (`red+blue`).
fn meaning(source: &str) -> Vec<String> {
    let mut checker = Checker::new();
    let (statements, errors) = check_script_with(&mut checker, source, 0);
    let (parsed, _) = crypta_substrate::syntax::parse_script(source);
    let mut lines: Vec<String> = vec![String::new(); parsed.len() + 1];
    for statement in statements {
        let at = statement.number.checked_sub(1);
        if let Some(line) = at.and_then(|at| lines.get_mut(at)) {
            *line = format!("{:?}", statement.action);
        }
    }
    // A `let` checks to its name and kind only: ask for the puzzle it binds.
    for (i, statement) in parsed.iter().enumerate() {
        if let Statement::Let { name, .. } = statement {
            let ask = format!("explain {}", name.node);
            let (asked, _) = crypta_substrate::syntax::parse_script(&ask);
            for query in &asked {
                let bound = match checker.check(query, i + 1, &ask) {
                    Ok(bound) => format!("{:?}", bound.action),
                    Err(errors) => errors.iter().map(said).collect(),
                };
                lines[i].push_str(&bound);
            }
        }
    }
    // Each error goes with the statement it starts in; the last line holds
    // any outside them.
    for error in &errors {
        let at = parsed
            .partition_point(|s| s.span().start <= error.span.start)
            .checked_sub(1)
            .filter(|&i| error.span.start <= parsed[i].span().end)
            .unwrap_or(parsed.len());
        lines[at].push_str(&said(error));
    }
    lines
}

/// A diagnostic's kind and message, blanks left out.
fn said(error: &Diagnostic) -> String {
    let message: String = error.message.split_whitespace().collect();
    format!("\n{:?}: {}", error.kind, message)
}
