//! Checks a `kakuro { ... }` block: reads the grid ([`grid`]), finds and
//! checks its runs ([`runs`]), and builds the IR. Every problem of the grid
//! is reported at once, each pointing at its cell, row or run.

mod grid;
mod runs;

use grid::Token;

use crate::diagnostic::{Diagnostic, ErrorKind, Span};
use crate::ir::{Kakuro, KakuroCell, Run};
use crate::limits::MAX_GRID_CELLS;
use crate::syntax::ast::{OptionItem, Spanned};

/// Checks a Kakuro block whose body starts at `body.span.start` in the
/// script; `keyword` is the span of `kakuro`, for an empty grid.
pub fn check_kakuro(
    body: &Spanned<String>,
    keyword: &Span,
    options: &[Spanned<OptionItem>],
) -> Result<Kakuro, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for option in options {
        errors.push(
            Diagnostic::new(
                ErrorKind::OptionNotApplicable,
                option.span.clone(),
                "a Kakuro grid takes no options",
            )
            .with_hint(
                "the rules are fixed (digits 1–9, no repeats in a run); write givens in the grid",
            ),
        );
    }
    let rows = match grid::read(&body.node, body.span.start, MAX_GRID_CELLS, &mut errors) {
        Ok(rows) => rows,
        Err(too_large) => return Err(vec![too_large]),
    };
    if rows.is_empty() {
        errors.push(
            Diagnostic::new(
                ErrorKind::EmptyGrid,
                keyword.clone(),
                "this Kakuro grid has no cells",
            )
            .with_hint(
                "write the grid one row per line: `#` blocks, `.` white cells, `D\\A` clues",
            ),
        );
        return Err(errors);
    }
    let width = grid::width(&rows, &mut errors);
    let found = runs::find(&rows, width, &mut errors);
    let Some(cols) = width.filter(|_| errors.is_empty()) else {
        return Err(errors);
    };
    let mut cells = Vec::with_capacity(rows.len() * cols);
    let mut whites = Vec::new();
    let mut var_of = vec![usize::MAX; rows.len() * cols];
    for row in &rows {
        for cell in row {
            let index = cells.len();
            cells.push(match cell.token {
                Token::White(given) => {
                    var_of[index] = whites.len();
                    whites.push(index);
                    KakuroCell::White { given }
                }
                Token::Clue { down, across } => KakuroCell::Clue { down, across },
                Token::Block | Token::Bad => KakuroCell::Block,
            });
        }
    }
    let at = |(r, c): (usize, usize)| r * cols + c;
    let runs = found
        .into_iter()
        .map(|run| Run {
            direction: run.direction,
            sum: run.sum,
            clue: at(run.clue),
            vars: run.cells.into_iter().map(|p| var_of[at(p)]).collect(),
        })
        .collect();
    Ok(Kakuro {
        rows: rows.len(),
        cols,
        cells,
        whites,
        runs,
    })
}
