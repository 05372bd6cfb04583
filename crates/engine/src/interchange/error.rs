//! Why a puzzle does not go in or out of another tool's format. Values,
//! not sentences; each `Display` is the sentence the command line shows,
//! word for word as it was when the errors were strings.

use std::fmt;

/// Why a puzz.link URL or a Janko file is not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// A URL with no `kakuro/`: `https://puzz.link/p?sudoku/2/2/n4334`.
    NotKakuroUrl,
    /// A width or height (`what`) that is not 1 to 256: `kakuro/0/2/...`.
    Side(&'static str),
    /// A URL cut inside its grid: `kakuro/2/2/n4`.
    EndsBeforeGrid,
    /// A URL cut between the two sums of a clue: `kakuro/2/2/k.k.4`.
    EndsInsideClue,
    /// White cells past the grid: `kakuro/1/1/l`.
    PastTheEnd,
    /// A URL cut before the outside sums (`what`: `outside down` or
    /// `outside across`): `kakuro/2/2/n43`.
    EndsBeforeSums(&'static str),
    /// Characters after a complete grid: `kakuro/2/2/n4334garbage`.
    GoesOn {
        /// The grid's columns.
        cols: usize,
        /// The grid's rows.
        rows: usize,
        /// What follows, shortened.
        rest: String,
    },
    /// A clue's sum with no white cell after it: `kakuro/2/2/40k.k3`.
    LostSum {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// A down sum (else across).
        down: bool,
        /// The sum.
        sum: u32,
    },
    /// A character that is no sum: `kakuro/2/2/n4!34`.
    NotASum(char),
    /// A URL's error, with its line (shortened) as `import` lists them.
    Line {
        /// The line.
        line: String,
        /// What is wrong with it.
        error: Box<ImportError>,
    },
    /// A Janko line where `begin` was expected (1-based line).
    ExpectedBegin(usize),
    /// A Janko block without `end`.
    EndsBeforeEnd,
    /// `size`, `rows` or `cols` without a number from 1 to 256: `size 0`.
    NeedsNumber {
        /// 1-based line.
        line: usize,
        /// The key.
        key: String,
    },
    /// A Janko puzzle of another kind: `puzzle sudoku`.
    NotKakuro {
        /// 1-based line.
        line: usize,
        /// The kind, escaped.
        kind: String,
    },
    /// `problem` before the grid's size (1-based line).
    ProblemBeforeSize(usize),
    /// A Janko file cut inside its grid.
    EndsInsideGrid,
    /// A grid row of the wrong width: 2 cells with `cols 3`.
    Cells {
        /// 1-based line.
        line: usize,
        /// Its cells.
        found: usize,
        /// The grid's columns.
        cols: usize,
    },
    /// A cell that is no sum: `x\3`.
    CellSum {
        /// 1-based line.
        line: usize,
        /// The side, escaped.
        side: String,
    },
    /// A cell that is no Kakuro cell: `x`.
    NotACell {
        /// 1-based line.
        line: usize,
        /// The cell, escaped.
        cell: String,
    },
    /// A Janko block without a `problem` grid.
    NoProblem,
    /// A Janko file without a `begin` ... `end` block: an empty one.
    NoBlock,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::NotKakuroUrl => {
                f.write_str("not a puzz.link Kakuro URL: it has no `kakuro/`")
            }
            ImportError::Side(what) => {
                write!(f, "the URL's {} is not a number from 1 to 256", what)
            }
            ImportError::EndsBeforeGrid => f.write_str("the URL ends before its grid"),
            ImportError::EndsInsideClue => f.write_str("the URL ends inside a clue"),
            ImportError::PastTheEnd => {
                f.write_str("a stretch of white cells runs past the end of the grid")
            }
            ImportError::EndsBeforeSums(what) => {
                write!(f, "the URL ends before the {} sums", what)
            }
            ImportError::GoesOn { cols, rows, rest } => write!(
                f,
                "the URL goes on after its {}x{} grid: `{}` is not part of it",
                cols, rows, rest
            ),
            ImportError::LostSum {
                row,
                col,
                down,
                sum,
            } => {
                let (side, place) = if *down {
                    ("a down", "under")
                } else {
                    ("an across", "after")
                };
                write!(
                    f,
                    "the clue in row {}, column {} has {} sum of {} and no white cell {} it",
                    row, col, side, sum, place
                )
            }
            ImportError::NotASum(c) => write!(
                f,
                "`{}` is not a sum in a puzz.link Kakuro URL",
                c.escape_debug()
            ),
            ImportError::Line { line, error } => write!(f, "{}: {}", line, error),
            ImportError::ExpectedBegin(line) => write!(f, "line {}: expected `begin`", line),
            ImportError::EndsBeforeEnd => f.write_str("the file ends before `end`"),
            ImportError::NeedsNumber { line, key } => {
                write!(f, "line {}: `{}` needs a number from 1 to 256", line, key)
            }
            ImportError::NotKakuro { line, kind } => {
                write!(f, "line {}: a `{}` puzzle: only Kakuro is read", line, kind)
            }
            ImportError::ProblemBeforeSize(line) => write!(
                f,
                "line {}: `problem` before the grid's `size` (or `rows` and `cols`)",
                line
            ),
            ImportError::EndsInsideGrid => f.write_str("the file ends inside the problem grid"),
            ImportError::Cells { line, found, cols } => write!(
                f,
                "line {}: {} cells where `cols` says {}",
                line, found, cols
            ),
            ImportError::CellSum { line, side } => {
                write!(f, "line {}: `{}` is not a sum", line, side)
            }
            ImportError::NotACell { line, cell } => write!(
                f,
                "line {}: `{}` is not a Kakuro cell (`-` white, `#` block, `D\\A` a clue)",
                line, cell
            ),
            ImportError::NoProblem => f.write_str("a puzzle with no `problem` grid"),
            ImportError::NoBlock => f.write_str("no `begin` ... `end` block"),
        }
    }
}

impl std::error::Error for ImportError {}

/// Why a script's puzzles have no puzz.link or Janko form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportError {
    /// The script does not check (its first diagnostic): `unique kakuro {`.
    DoesNotCheck(String),
    /// A statement of another kind: `unique SEND + MORE = MONEY`.
    NotKakuro {
        /// The statement's number.
        number: usize,
        /// Its kind's name.
        kind: &'static str,
    },
    /// A grid of one row or column: `kakuro { # }`.
    TooSmall,
    /// A white cell in the first row or column (puzz.link).
    WhiteOnTheEdge,
    /// A given digit (puzz.link): `kakuro { # 4\ ; \4 3 }`.
    GivenDigit,
    /// A sum above 45 (puzz.link).
    SumTooLarge(u32),
    /// A run of any sum, `?` (Janko).
    AnySum,
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::DoesNotCheck(why) => write!(f, "the script does not check: {}", why),
            ExportError::NotKakuro { number, kind } => write!(
                f,
                "statement {} is a {} puzzle: only plain Kakuro grids have a puzz.link or Janko form",
                number, kind
            ),
            ExportError::TooSmall => {
                f.write_str("a grid needs a clue row and column and a cell more")
            }
            ExportError::WhiteOnTheEdge => f.write_str(
                "puzz.link keeps the first row and column for clues: they hold a white cell",
            ),
            ExportError::GivenDigit => f.write_str("puzz.link Kakuro URLs have no given digits"),
            ExportError::SumTooLarge(s) => write!(
                f,
                "a sum of {} has no puzz.link notation (at most 45)",
                s
            ),
            ExportError::AnySum => {
                f.write_str("a run of any sum (`?`) has no notation in Janko's format")
            }
        }
    }
}

impl std::error::Error for ExportError {}
