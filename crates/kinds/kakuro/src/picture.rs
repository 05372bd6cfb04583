//! Kakuro grids as pictures: blocks black, clue cells grey and split by a
//! diagonal (down sum bottom-left, across sum top-right), white cells
//! empty or with their digit (givens bold black, solved digits in colour).
//! A cryptic grid shows its letters and clue words until it is solved.

use crate::{CrypticKakuro, Direction, Kakuro, KakuroCell, Sum};
use crypta_substrate::draw::{px, Svg, TextStyle, SANS, SOLVED};
use crypta_substrate::ir::vars::var_name;

/// Side of a cell, and the margin round the grid, in pixels.
const CELL: u32 = 44;
const MARGIN: u32 = 8;

/// What one cell shows.
enum Shown {
    Block,
    Clue {
        down: Option<String>,
        across: Option<String>,
    },
    /// A white cell: its text (maybe empty) and how it is written.
    White(String, Ink),
}

#[derive(Clone, Copy)]
enum Ink {
    /// Printed in the puzzle.
    Given,
    /// Filled in by the solution.
    Solved,
    /// A letter of a cryptic grid, not yet a digit.
    Letter,
}

/// A plain grid, blank or solved.
pub fn kakuro(grid: &Kakuro, values: Option<&[u8]>) -> String {
    let vars = var_of(grid);
    let cells = (0..grid.cells.len())
        .map(|i| plain_cell(grid, i, vars[i], values))
        .collect::<Vec<_>>();
    draw(grid.rows, grid.cols, &cells, "Kakuro")
}

/// The variable of each cell, for white cells.
fn var_of(grid: &Kakuro) -> Vec<Option<usize>> {
    let mut vars = vec![None; grid.cells.len()];
    for (v, &cell) in grid.whites.iter().enumerate() {
        if let Some(slot) = vars.get_mut(cell) {
            *slot = Some(v);
        }
    }
    vars
}

fn plain_cell(grid: &Kakuro, i: usize, var: Option<usize>, values: Option<&[u8]>) -> Shown {
    match grid.cells[i] {
        KakuroCell::Block => Shown::Block,
        // A `?` side is left blank, as pzprjs draws a run with no number.
        KakuroCell::Clue { down, across } => Shown::Clue {
            down: down.and_then(Sum::given).map(|d| d.to_string()),
            across: across.and_then(Sum::given).map(|a| a.to_string()),
        },
        KakuroCell::White { given: Some(d) } => Shown::White(d.to_string(), Ink::Given),
        KakuroCell::White { given: None } => {
            let digit = values.and_then(|values| values.get(var?).copied());
            Shown::White(digit.map_or(String::new(), |d| d.to_string()), Ink::Solved)
        }
    }
}

/// A cryptic grid: letters and clue words when blank; when solved, the
/// plain grid its letters make, with the letter cells' digits as solved.
pub fn cryptic(puzzle: &CrypticKakuro, values: Option<&[u8]>) -> String {
    let grid = &puzzle.grid;
    let first = puzzle.first_symbol();
    let vars = var_of(grid);
    let letter_of = |cell: usize| {
        let s = (*puzzle.cell_symbol.get(vars[cell]?)?)?;
        Some(var_name(&puzzle.symbols, s))
    };
    if let Some(values) = values {
        if values.len() >= first {
            let plain = puzzle.with_letters(&values[first..]);
            let cells = (0..plain.cells.len())
                .map(
                    |i| match plain_cell(&plain, i, vars[i], Some(&values[..first])) {
                        // Letter cells became givens of the plain grid: they
                        // are the solution's, not the puzzle's.
                        Shown::White(text, Ink::Given) if letter_of(i).is_some() => {
                            Shown::White(text, Ink::Solved)
                        }
                        shown => shown,
                    },
                )
                .collect::<Vec<_>>();
            return draw(grid.rows, grid.cols, &cells, "Cryptic Kakuro");
        }
    }
    let mut cells = (0..grid.cells.len())
        .map(|i| match letter_of(i) {
            Some(letter) => Shown::White(letter, Ink::Letter),
            None => plain_cell(grid, i, vars[i], None),
        })
        .collect::<Vec<_>>();
    for (run, word) in grid.runs.iter().zip(&puzzle.run_words) {
        let (Some(word), Some(Shown::Clue { down, across })) = (word, cells.get_mut(run.clue))
        else {
            continue;
        };
        let text = Some(puzzle.word_text(word));
        match run.direction {
            Direction::Down => *down = text,
            Direction::Across => *across = text,
        }
    }
    draw(grid.rows, grid.cols, &cells, "Cryptic Kakuro")
}

fn draw(rows: usize, cols: usize, cells: &[Shown], title: &str) -> String {
    let mut svg = Svg::new(
        px(cols, CELL).saturating_add(2 * MARGIN),
        px(rows, CELL).saturating_add(2 * MARGIN),
    );
    for (i, shown) in cells.iter().enumerate() {
        let (r, c) = (i / cols.max(1), i % cols.max(1));
        let (x, y) = (
            MARGIN.saturating_add(px(c, CELL)),
            MARGIN.saturating_add(px(r, CELL)),
        );
        cell(&mut svg, x, y, shown);
    }
    // The grid's lines over the cells, the outline heavier.
    let (right, bottom) = (
        MARGIN.saturating_add(px(cols, CELL)),
        MARGIN.saturating_add(px(rows, CELL)),
    );
    for c in 0..=cols {
        let x = MARGIN.saturating_add(px(c, CELL));
        let width = if c == 0 || c == cols { 2.5 } else { 1.0 };
        svg.line((x, MARGIN), (x, bottom), width);
    }
    for r in 0..=rows {
        let y = MARGIN.saturating_add(px(r, CELL));
        let width = if r == 0 || r == rows { 2.5 } else { 1.0 };
        svg.line((MARGIN, y), (right, y), width);
    }
    svg.finish(title)
}

fn cell(svg: &mut Svg, x: u32, y: u32, shown: &Shown) {
    match shown {
        Shown::Block => svg.rect(x, y, CELL, CELL, "#202020", None),
        Shown::Clue { down, across } => {
            svg.rect(x, y, CELL, CELL, "#c8c8c8", None);
            svg.line((x, y), (x + CELL, y + CELL), 1.0);
            let small = |text: &str| {
                // By display width: a kana is as wide as two digits.
                let wide = unicode_width::UnicodeWidthStr::width(text) > 2;
                let size = if wide { 10 } else { 13 };
                TextStyle::new(SANS, size)
            };
            if let Some(down) = down {
                svg.text((x + CELL / 4 + 1, y + CELL - 5), down, &small(down));
            }
            if let Some(across) = across {
                svg.text((x + CELL * 3 / 4 - 1, y + 16), across, &small(across));
            }
        }
        Shown::White(text, ink) => {
            if text.is_empty() {
                return;
            }
            let mut style = TextStyle::new(SANS, 24);
            match ink {
                Ink::Given => style.bold = true,
                Ink::Solved => style.fill = SOLVED,
                Ink::Letter => {
                    style.fill = "#606060";
                    style.italic = true;
                }
            }
            svg.text((x + CELL / 2, y + CELL / 2 + 8), text, &style);
        }
    }
}
