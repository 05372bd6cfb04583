//! [`Solution`]: one solution as typed data, whatever the puzzle's kind:
//! the symbols' digits, a layout's filled-in rows, a Kakuro grid's cells,
//! and the text the command line shows. All of it is read from the
//! solution's view (`crypta_substrate::view`), the value the command line's text
//! and JSON render too, so the API and the command line cannot disagree;
//! made only when first asked for, so that a stream of solutions read for
//! their symbols costs nothing more.

use std::fmt;
use std::sync::{Arc, OnceLock};

use crypta_engine::kinds::Puzzle;
use crypta_engine::report;
use crypta_engine::run;
pub use crypta_substrate::view::Cell;
use crypta_substrate::view::{Shape, SolutionView};

/// One solution of a puzzle.
#[derive(Clone)]
pub struct Solution {
    /// The puzzle it solves, to draw it.
    puzzle: Arc<Puzzle>,
    /// As the runner and the renderers take it.
    inner: run::Solution,
    /// Its statement's options as written, printed under its picture.
    caption: Arc<[String]>,
    /// Its rows, grid and text, rendered when first asked for.
    shown: OnceLock<Shown>,
}

/// What a solution looks like, read from its rendering.
#[derive(Clone)]
struct Shown {
    rows: Vec<String>,
    grid: Option<Vec<Vec<Cell>>>,
    text: String,
}

impl Solution {
    /// `inner`, a solution of `puzzle` asked with the options `caption`.
    pub(crate) fn of(
        puzzle: &Arc<Puzzle>,
        inner: run::Solution,
        caption: &Arc<[String]>,
    ) -> Solution {
        Solution {
            puzzle: Arc::clone(puzzle),
            inner,
            caption: Arc::clone(caption),
            shown: OnceLock::new(),
        }
    }

    /// Its rows, grid and text, read from its view once.
    fn shown(&self) -> &Shown {
        self.shown.get_or_init(|| {
            let view: SolutionView = crypta_engine::kinds::of(&self.puzzle).view(&self.inner);
            let text = dedent(&report::view::views_text(std::slice::from_ref(&view)));
            let (rows, grid) = match view.shape {
                Shape::Equations(_) => (Vec::new(), None),
                Shape::Rows(rows) => (rows.rows, None),
                // A system's rows: every layout's, one after the other.
                Shape::Layouts { layouts, .. } => {
                    (layouts.into_iter().flat_map(|l| l.rows).collect(), None)
                }
                Shape::Grid(cells) => (Vec::new(), Some(cells)),
                // A crossnumber's rows: its entries as `1a=596`.
                Shape::Crossnumber { grid, entries } => (
                    entries
                        .into_iter()
                        .map(|e| format!("{}={}", e.name, e.digits))
                        .collect(),
                    Some(grid),
                ),
            };
            Shown { rows, grid, text }
        })
    }

    /// The named symbols (letters) and their digits, in order of first
    /// appearance in the puzzle; empty for a puzzle without symbols (a
    /// plain Kakuro, a skeleton of `*` cells).
    pub fn symbols(&self) -> &[(char, u32)] {
        &self.inner.symbols
    }

    /// The digit of `symbol`, if the puzzle has that symbol.
    pub fn digit(&self, symbol: char) -> Option<u32> {
        self.symbols()
            .iter()
            .find(|(c, _)| *c == symbol)
            .map(|&(_, d)| d)
    }

    /// A multiplication's or division's rows with every cell filled in,
    /// in the order written (`["733", "32", "1466", ...]`); empty for
    /// other kinds.
    pub fn rows(&self) -> &[String] {
        &self.shown().rows
    }

    /// A Kakuro grid (plain or cryptic) row by row, every white cell with
    /// its digit; `None` for other kinds.
    pub fn grid(&self) -> Option<&[Vec<Cell>]> {
        self.shown().grid.as_deref()
    }

    /// The solution as the command line shows it, without its indent: the
    /// equations with their digits and the symbols, the filled-in layout,
    /// or the grid drawn with box characters.
    pub fn text(&self) -> &str {
        &self.shown().text
    }

    /// The puzzle filled in with this solution, as a standalone SVG
    /// document with its options and key under it, as `--format svg`
    /// draws it ([`crate::Statement::svg`] draws it blank).
    pub fn svg(&self) -> String {
        report::svg::complete(&self.puzzle, Some(&self.inner), &self.caption)
    }
}

impl PartialEq for Solution {
    /// Two solutions are equal when they give the same digits (the
    /// puzzle's variables, in order) and the same symbols.
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl Eq for Solution {}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solution")
            .field("symbols", &self.inner.symbols)
            .field("rows", &self.rows())
            .field("grid", &self.grid())
            .field("text", &self.text())
            .finish()
    }
}

/// `text` without the indent its lines share and without the blank lines
/// that end it.
fn dedent(text: &str) -> String {
    let indent = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    text.trim_end()
        .lines()
        .map(|l| l.get(indent..).unwrap_or(l.trim_start_matches(' ')))
        .collect::<Vec<_>>()
        .join("\n")
}
