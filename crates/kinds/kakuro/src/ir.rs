//! Kakuro grids in the IR: the cells row by row, the white cells as
//! variables, and every run with its clue.

use std::fmt::Write;

use crypta_substrate::ir::vars::plural;

/// A Kakuro grid, checked: every run has a clue (a sum or `?`), a possible
/// sum and at most 9 cells. Its variables are the white cells in row-major order
/// (given cells included, with the given as their only digit).
#[derive(Clone, Debug)]
pub struct Kakuro {
    /// Grid height in cells.
    pub rows: usize,
    /// Grid width in cells.
    pub cols: usize,
    /// Row-major, `rows * cols` cells.
    pub cells: Vec<KakuroCell>,
    /// The cell index of each variable, in row-major order.
    pub whites: Vec<usize>,
    /// Every run with a clue, across runs first.
    pub runs: Vec<Run>,
}

/// One cell of a Kakuro grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KakuroCell {
    /// A black cell: no digit and no clue.
    Block,
    /// `D\A`: the sum of the run below (`down`) and to the right (`across`).
    Clue {
        /// The sum of the run below; `None` when that side is empty (`\A`).
        down: Option<Sum>,
        /// The sum of the run to the right; `None` when that side is empty (`D\`).
        across: Option<Sum>,
    },
    /// A white cell, maybe with a given digit.
    White {
        /// The digit printed in the cell, if the author gave one.
        given: Option<u8>,
    },
}

/// What a clue side says of the run it heads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sum {
    /// The run's digits add up to this.
    Given(u32),
    /// `?`: any sum (pzprjs allows runs with no clue); the run's digits are
    /// only all different.
    Any,
}

impl Sum {
    /// The given sum; `None` for `?`.
    pub fn given(self) -> Option<u32> {
        match self {
            Sum::Given(s) => Some(s),
            Sum::Any => None,
        }
    }

    /// Whether `total` is a sum this side allows.
    pub fn allows(self, total: u32) -> bool {
        self.given().is_none_or(|s| s == total)
    }
}

impl std::fmt::Display for Sum {
    /// As written in a grid: the number, or `?`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Sum::Given(s) => write!(f, "{}", s),
            Sum::Any => f.write_str("?"),
        }
    }
}

/// Which way a run goes from its clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Left to right, from the clue's right-hand number.
    Across,
    /// Top to bottom, from the clue's left-hand number.
    Down,
}

/// A run of white cells right of or below a clue.
#[derive(Clone, Debug)]
pub struct Run {
    /// Which way the run reads from its clue.
    pub direction: Direction,
    /// What the run's digits add up to (`?`: anything).
    pub sum: Sum,
    /// The clue's cell index.
    pub clue: usize,
    /// Variable indices, in reading order.
    pub vars: Vec<usize>,
}

impl Kakuro {
    /// The cell at row `r`, column `c`.
    pub fn cell(&self, r: usize, c: usize) -> KakuroCell {
        self.cells[r * self.cols + c]
    }

    /// The given digit of each variable (0 when none).
    pub fn givens(&self) -> Vec<u8> {
        self.whites
            .iter()
            .map(|&i| match self.cells[i] {
                KakuroCell::White { given: Some(d) } => d,
                _ => 0,
            })
            .collect()
    }
}

impl Kakuro {
    /// The cells row by row.
    pub fn cell_rows(&self) -> impl Iterator<Item = &[KakuroCell]> {
        self.cells.chunks(self.cols.max(1))
    }

    /// A filling as one number per cell, row by row: a white cell's digit,
    /// 0 for a block or a clue.
    pub fn grid(&self, values: &[u8]) -> Vec<Vec<u32>> {
        let mut numbers = vec![0u32; self.cells.len()];
        for (&cell, &d) in self.whites.iter().zip(values) {
            numbers[cell] = u32::from(d);
        }
        numbers
            .chunks(self.cols.max(1))
            .map(<[u32]>::to_vec)
            .collect()
    }

    /// A filling as the grid every format shows: blocks, clues (a `?`
    /// side as no sum) and each white cell's digit.
    pub fn view(&self, values: &[u8]) -> Vec<Vec<crypta_substrate::view::Cell>> {
        use crypta_substrate::view::Cell;
        let digits = self.grid(values);
        self.cell_rows()
            .zip(digits)
            .map(|(row, digits)| {
                row.iter()
                    .zip(digits)
                    .map(|(cell, digit)| match *cell {
                        KakuroCell::Block => Cell::Block,
                        KakuroCell::Clue { down, across } => Cell::Clue {
                            down: down.and_then(Sum::given),
                            across: across.and_then(Sum::given),
                        },
                        KakuroCell::White { .. } => Cell::Digit(digit),
                    })
                    .collect()
            })
            .collect()
    }

    /// The typed puzzle for `explain`: size, cells and runs.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        let given = self
            .cells
            .iter()
            .filter(|c| matches!(c, KakuroCell::White { given: Some(_) }))
            .count();
        let across = self
            .runs
            .iter()
            .filter(|r| r.direction == Direction::Across)
            .count();
        let lengths = self.runs.iter().map(|r| r.vars.len());
        let (shortest, longest) = (lengths.clone().min(), lengths.max());
        let _ = writeln!(
            out,
            "kakuro, {}×{} grid, {} white cell{} ({} given), {} run{} ({} across, {} down)",
            self.rows,
            self.cols,
            self.whites.len(),
            plural(self.whites.len()),
            given,
            self.runs.len(),
            plural(self.runs.len()),
            across,
            self.runs.len() - across,
        );
        if let (Some(lo), Some(hi)) = (shortest, longest) {
            if lo == hi {
                let _ = writeln!(out, "  runs of {} cells", lo);
            } else {
                let _ = writeln!(out, "  runs of {} to {} cells", lo, hi);
            }
        }
        out
    }
}

impl crypta_substrate::ir::Describe for Kakuro {
    fn kind_name(&self) -> &'static str {
        "kakuro"
    }

    fn describe(&self) -> String {
        Kakuro::describe(self)
    }
}

/// Cells, row-major, as a `kakuro { ... }` block with columns aligned: what
/// the checker reads back as the same grid.
pub fn block(cells: &[KakuroCell], cols: usize) -> String {
    let tokens: Vec<String> = cells
        .iter()
        .map(|cell| match *cell {
            KakuroCell::Block => "#".to_string(),
            KakuroCell::White { given: Some(d) } => d.to_string(),
            KakuroCell::White { given: None } => ".".to_string(),
            KakuroCell::Clue { down, across } => {
                let s = |x: Option<Sum>| x.map_or(String::new(), |x| x.to_string());
                format!("{}\\{}", s(down), s(across))
            }
        })
        .collect();
    aligned(&tokens, cols)
}

/// The cells' written tokens, row-major, as a `kakuro { ... }` block with
/// columns aligned (a cryptic grid's too).
pub fn aligned(tokens: &[String], cols: usize) -> String {
    let width = tokens.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::from("kakuro {\n");
    for row in tokens.chunks(cols.max(1)) {
        let cells: Vec<String> = row.iter().map(|t| format!("{:<width$}", t)).collect();
        out.push_str("  ");
        out.push_str(cells.join(" ").trim_end());
        out.push('\n');
    }
    out.push('}');
    out
}
