//! Checks a `kakuro { ... }` block: reads the grid (`grid`), finds and
//! checks its runs (`runs`), and builds the IR. Every problem of the grid
//! is reported at once, each pointing at its cell, row or run. A grid with
//! letters is a cryptic Kakuro: its letters are checked as the words of a
//! letter equation are, with the options of one.

mod grid;
mod runs;

use grid::{Side, Token};

use crate::{CrypticKakuro, Kakuro, KakuroCell, Run, Sum};
use crypta_substrate::diagnostic::{Diagnostic, ErrorKind, Span};
use crypta_substrate::ir::{Digits, Word};
use crypta_substrate::kinds::Puzzle;
use crypta_substrate::limits::MAX_GRID_CELLS;
use crypta_substrate::syntax::ast::{
    BlockKind, CellAst, OptionItem, PuzzleBody, PuzzleDef, Spanned, WordAst,
};

/// The registry's entry (crypta-engine's `kinds::KINDS`): a `kakuro { ... }` block, or
/// `None` for another kind's puzzle.
pub(super) fn check(def: &PuzzleDef) -> Option<Result<Puzzle, Vec<Diagnostic>>> {
    match &def.body {
        PuzzleBody::Block { kind, body } if kind.node == BlockKind::Kakuro => {
            Some(check_kakuro(body, &kind.span, &def.options))
        }
        _ => None,
    }
}

/// Checks a Kakuro block whose body starts at `body.span.start` in the
/// script; `keyword` is the span of `kakuro`, for an empty grid.
pub fn check_kakuro(
    body: &Spanned<String>,
    keyword: &Span,
    options: &[Spanned<OptionItem>],
) -> Result<Puzzle, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let rows = match grid::read(&body.node, body.span.start, MAX_GRID_CELLS, &mut errors) {
        Ok(rows) => rows,
        Err(too_large) => return Err(vec![too_large]),
    };
    let cryptic = rows.iter().flatten().any(|cell| match cell.token {
        Token::Letter(_) => true,
        Token::Clue { down, across } => down == Some(Side::Word) || across == Some(Side::Word),
        _ => false,
    });
    if cryptic {
        return check_cryptic(rows, keyword, options, errors);
    }
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
    let (grid, _) = build(rows, keyword, errors)?;
    Ok(Puzzle::new(grid))
}

/// The runs found, with their clue words, in the grid's run order.
type Words = Vec<Option<(String, Span)>>;

/// The grid and its runs; each run's clue word, if it has one.
fn build(
    rows: Vec<Vec<grid::Cell>>,
    keyword: &Span,
    mut errors: Vec<Diagnostic>,
) -> Result<(Kakuro, Words), Vec<Diagnostic>> {
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
            let side = |s: Option<Side>| match s? {
                Side::Sum(n) => Some(Sum::Given(n)),
                Side::Word => Some(Sum::Given(0)),
                Side::Any => Some(Sum::Any),
            };
            cells.push(match cell.token {
                Token::White(given) => {
                    var_of[index] = whites.len();
                    whites.push(index);
                    KakuroCell::White { given }
                }
                Token::Letter(_) => {
                    var_of[index] = whites.len();
                    whites.push(index);
                    KakuroCell::White { given: None }
                }
                Token::Clue { down, across } => KakuroCell::Clue {
                    down: side(down),
                    across: side(across),
                },
                Token::Block | Token::Bad => KakuroCell::Block,
            });
        }
    }
    let at = |(r, c): (usize, usize)| r * cols + c;
    let mut words = Vec::with_capacity(found.len());
    let runs = found
        .into_iter()
        .map(|run| {
            words.push(run.word);
            Run {
                direction: run.direction,
                sum: run.sum,
                clue: at(run.clue),
                vars: run.cells.into_iter().map(|p| var_of[at(p)]).collect(),
            }
        })
        .collect();
    let grid = Kakuro {
        rows: rows.len(),
        cols,
        cells,
        whites,
        runs,
    };
    Ok((grid, words))
}

/// A word of the grid as the letters' checker reads it.
fn word_ast(text: &str, span: &Span) -> WordAst {
    let cells = text
        .char_indices()
        .map(|(i, c)| {
            let cell = match c {
                '0'..='9' => CellAst::Digit(c as u8 - b'0'),
                _ => CellAst::Symbol(c),
            };
            Spanned::new(cell, span.start + i..span.start + i + c.len_utf8())
        })
        .collect();
    WordAst {
        cells,
        span: span.clone(),
    }
}

/// A grid with letters: the grid as a plain one, then its letters (cells
/// and clue words) through the letters' checker with the options.
fn check_cryptic(
    rows: Vec<Vec<grid::Cell>>,
    keyword: &Span,
    options: &[Spanned<OptionItem>],
    errors: Vec<Diagnostic>,
) -> Result<Puzzle, Vec<Diagnostic>> {
    // Letter cells in the grid's (row-major) order of white cells.
    let letters: Vec<Option<(char, Span)>> = rows
        .iter()
        .flatten()
        .filter(|cell| matches!(cell.token, Token::White(_) | Token::Letter(_)))
        .map(|cell| match cell.token {
            Token::Letter(c) => Some((c, cell.span.clone())),
            _ => None,
        })
        .collect();
    let (grid, run_words) = build(rows, keyword, errors)?;
    let mut words = Vec::new();
    let mut narrowings = Vec::new();
    let mut cell_word = Vec::with_capacity(letters.len());
    for letter in &letters {
        cell_word.push(letter.as_ref().map(|(c, span)| {
            narrowings.push((
                words.len(),
                0,
                Digits::below(10).without(0),
                "is in a white cell, so it is 1 to 9",
            ));
            words.push(word_ast(&c.to_string(), span));
            words.len() - 1
        }));
    }
    let run_word: Vec<Option<usize>> = run_words
        .iter()
        .map(|w| {
            w.as_ref().map(|(text, span)| {
                words.push(word_ast(text, span));
                words.len() - 1
            })
        })
        .collect();
    let mut errors = Vec::new();
    let checked = crypta_substrate::check::symbols::check_symbol_words(
        &words,
        &narrowings,
        options,
        &mut errors,
    );
    let Some((symbols, built, conditions)) = checked else {
        return Err(errors);
    };
    let take = |i: usize| built[i].clone();
    let cryptic = CrypticKakuro {
        cell_symbol: cell_word
            .iter()
            .map(|w| {
                w.and_then(|i| match built[i].cells.first() {
                    Some(crypta_substrate::ir::Cell::Var(s)) => Some(*s),
                    _ => None,
                })
            })
            .collect(),
        run_words: run_word
            .iter()
            .map(|w| w.map(take))
            .collect::<Vec<Option<Word>>>(),
        // Conditions index the checker's words: the grid's, then theirs.
        words: built.clone(),
        conditions,
        symbols,
        grid,
    };
    Ok(Puzzle::new(cryptic))
}
