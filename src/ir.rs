//! The typed intermediate representation the checker produces and the
//! planner and solvers consume. Everything the author wrote is resolved
//! here: options are folded into digit domains, `?` and wild cells become
//! variables of their own, and every variable knows whether it takes part in
//! the all-different rule.

use std::fmt;

pub use crate::syntax::ast::{Property, Query};

/// A set of digits as a bitset (bit d set: digit d allowed). Bases go up to
/// 62, so 64 bits hold every digit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Digits(pub u64);

impl Digits {
    pub const EMPTY: Digits = Digits(0);

    /// All digits of `base`.
    pub fn below(base: u32) -> Digits {
        if base >= 64 {
            Digits(u64::MAX)
        } else {
            Digits((1u64 << base) - 1)
        }
    }
    pub fn single(d: u32) -> Digits {
        Digits(1u64 << d)
    }
    pub fn contains(self, d: u32) -> bool {
        d < 64 && self.0 >> d & 1 == 1
    }
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn min(self) -> Option<u32> {
        (self.0 != 0).then(|| self.0.trailing_zeros())
    }
    pub fn max(self) -> Option<u32> {
        (self.0 != 0).then(|| 63 - self.0.leading_zeros())
    }
    pub fn intersect(self, other: Digits) -> Digits {
        Digits(self.0 & other.0)
    }
    pub fn without(self, d: u32) -> Digits {
        Digits(self.0 & !(1u64 << d))
    }
    pub fn iter(self) -> impl Iterator<Item = u32> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let d = bits.trailing_zeros();
                bits &= bits - 1;
                d
            })
        })
    }
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self)
    }
}

impl fmt::Display for Digits {
    /// `{0..9}`-style ranges where the set is contiguous, else a list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min(), self.max()) {
            (Some(lo), Some(hi)) if self.len() == hi - lo + 1 && hi > lo + 1 => {
                write!(f, "{{{}..{}}}", lo, hi)
            }
            _ => {
                let list: Vec<String> = self.iter().map(|d| d.to_string()).collect();
                write!(f, "{{{}}}", list.join(","))
            }
        }
    }
}

/// A checked statement, ready to plan and run.
#[derive(Clone, Debug)]
pub struct Statement {
    /// 1-based position in the script.
    pub number: usize,
    /// 1-based line the statement starts on.
    pub line: usize,
    /// The statement as written.
    pub text: String,
    pub action: Action,
}

#[derive(Clone, Debug)]
pub enum Action {
    /// `let NAME = ...`: binds a name, solves nothing.
    Bind { name: String, kind: &'static str },
    /// A query on a puzzle.
    Ask { query: Query, puzzle: Puzzle },
}

/// Every puzzle kind of the language.
#[derive(Clone, Debug)]
pub enum Puzzle {
    Letters(Letters),
    Kakuro(Kakuro),
    Multiplication(Skeleton),
    Division(Skeleton),
}

impl Puzzle {
    /// The `kind` of the JSON output.
    pub fn kind(&self) -> &'static str {
        match self {
            Puzzle::Letters(_) => "letters",
            Puzzle::Kakuro(_) => "kakuro",
            Puzzle::Multiplication(_) => "multiplication",
            Puzzle::Division(_) => "division",
        }
    }
}

/// A Kakuro grid, checked: every run has a clue, a possible sum and at
/// most 9 cells. Its variables are the white cells in row-major order
/// (given cells included, with the given as their only digit).
#[derive(Clone, Debug)]
pub struct Kakuro {
    pub rows: usize,
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
    Block,
    /// `D\A`: the sum of the run below (`down`) and to the right (`across`).
    Clue {
        down: Option<u32>,
        across: Option<u32>,
    },
    /// A white cell, maybe with a given digit.
    White {
        given: Option<u8>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Across,
    Down,
}

/// A run of white cells right of or below a clue.
#[derive(Clone, Debug)]
pub struct Run {
    pub direction: Direction,
    pub sum: u32,
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

/// A letter equation or a system of them, with every option resolved.
#[derive(Clone, Debug)]
pub struct Letters {
    pub base: u32,
    pub vars: Vec<Var>,
    pub words: Vec<Word>,
    pub equations: Vec<Equation>,
    pub properties: Vec<WordProperty>,
}

/// An unknown digit.
#[derive(Clone, Debug)]
pub struct Var {
    pub kind: VarKind,
    /// The digits this variable may take: base, `digits`, constraints and
    /// the leading-digit rule already applied.
    pub domain: Digits,
    /// Takes part in the all-different rule (named symbols, unless
    /// `repeats`).
    pub distinct: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarKind {
    /// A named symbol: every occurrence is the same digit.
    Symbol(char),
    /// A `?` cell: its own digit.
    Free,
    /// One occurrence of a wild class letter: its own digit.
    Wild(char),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Var(usize),
    Digit(u32),
}

/// A number written as cells, most significant first.
#[derive(Clone, Debug)]
pub struct Word {
    pub cells: Vec<Cell>,
}

#[derive(Clone, Debug)]
pub enum Expr {
    Word(usize),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
}

#[derive(Clone, Debug)]
pub struct Equation {
    pub lhs: Expr,
    pub rhs: Expr,
}

/// `SEVEN prime`: a property of a word's value.
#[derive(Clone, Debug)]
pub struct WordProperty {
    pub word: usize,
    pub property: Property,
}

impl Letters {
    /// Indices of the named symbols, in order of first appearance.
    pub fn symbols(&self) -> impl Iterator<Item = (usize, char)> + '_ {
        self.vars
            .iter()
            .enumerate()
            .filter_map(|(i, v)| match v.kind {
                VarKind::Symbol(c) => Some((i, c)),
                _ => None,
            })
    }

    /// The longest word, in cells.
    pub fn max_len(&self) -> usize {
        self.words.iter().map(|w| w.cells.len()).max().unwrap_or(0)
    }
}

/// A skeleton long multiplication or division: rows of cells in the order
/// written, what each row means, and the layout as printed for display.
#[derive(Clone, Debug)]
pub struct Skeleton {
    pub base: u32,
    pub vars: Vec<Var>,
    /// Rows in the order written.
    pub rows: Vec<Row>,
    /// The block's lines as written (comments removed, dedented), for
    /// showing a solution in place.
    pub lines: Vec<String>,
    pub shape: Shape,
}

/// One row: cells most significant first, and where each is printed.
#[derive(Clone, Debug)]
pub struct Row {
    pub cells: Vec<Cell>,
    /// (line, column) of each cell in [`Skeleton::lines`].
    pub at: Vec<(usize, usize)>,
}

/// What the rows mean (indices into [`Skeleton::rows`]).
#[derive(Clone, Debug)]
pub enum Shape {
    Multiplication {
        multiplicand: usize,
        multiplier: usize,
        /// One entry per multiplier digit, rightmost first: its partial
        /// product row, or `None` for a digit 0 (no row printed). Empty
        /// for a one-digit multiplier, which has no partial rows.
        partials: Vec<Option<usize>>,
        product: usize,
    },
    Division {
        quotient: usize,
        divisor: usize,
        dividend: usize,
        /// One per non-zero quotient digit, left to right: (quotient digit
        /// index from the left, product row).
        steps: Vec<(usize, usize)>,
        /// The rows between steps: `differences[k]` follows step k and ends
        /// where step k + 1's product ends.
        differences: Vec<usize>,
        /// The last row (the final difference), or `None` when the
        /// division is exact and prints no remainder.
        remainder: Option<usize>,
    },
}

impl Skeleton {
    /// The rows that determine every other row: multiplicand and
    /// multiplier; quotient, divisor and remainder (when printed).
    pub fn determining_rows(&self) -> Vec<usize> {
        match &self.shape {
            Shape::Multiplication {
                multiplicand,
                multiplier,
                ..
            } => vec![*multiplicand, *multiplier],
            Shape::Division {
                quotient,
                divisor,
                remainder,
                ..
            } => [Some(*quotient), Some(*divisor), *remainder]
                .into_iter()
                .flatten()
                .collect(),
        }
    }

    /// Named symbols, in order of first appearance.
    pub fn symbols(&self) -> impl Iterator<Item = (usize, char)> + '_ {
        self.vars
            .iter()
            .enumerate()
            .filter_map(|(i, v)| match v.kind {
                VarKind::Symbol(c) => Some((i, c)),
                _ => None,
            })
    }

    /// A row's digits under `values`, most significant first.
    pub fn row_digits(&self, row: usize, values: &[u8]) -> Vec<u32> {
        self.rows[row]
            .cells
            .iter()
            .map(|c| match *c {
                Cell::Digit(d) => d,
                Cell::Var(v) => u32::from(values.get(v).copied().unwrap_or(0)),
            })
            .collect()
    }
}

/// The digit characters of bases up to 62: 0-9, then A-Z, then a-z.
pub fn digit_char(d: u32) -> char {
    match d {
        0..=9 => char::from(b'0' + d as u8),
        10..=35 => char::from(b'A' + (d - 10) as u8),
        _ => char::from(b'a' + (d.saturating_sub(36)).min(25) as u8),
    }
}

impl Expr {
    /// Renders the expression, using `word` for each word; parentheses only
    /// where precedence needs them.
    pub fn render(&self, word: &dyn Fn(usize) -> String) -> String {
        fn go(e: &Expr, word: &dyn Fn(usize) -> String, out: &mut String, ctx: u8) {
            // ctx: 0 top / left of +-, 1 right of -, 2 operand of *.
            match e {
                Expr::Word(w) => out.push_str(&word(*w)),
                Expr::Add(a, b) | Expr::Sub(a, b) => {
                    let paren = ctx >= 1;
                    if paren {
                        out.push('(');
                    }
                    go(a, word, out, 0);
                    out.push_str(if matches!(e, Expr::Add(..)) {
                        " + "
                    } else {
                        " - "
                    });
                    go(b, word, out, 1);
                    if paren {
                        out.push(')');
                    }
                }
                Expr::Mul(a, b) => {
                    go(a, word, out, 2);
                    out.push_str(" * ");
                    go(b, word, out, 3);
                }
            }
        }
        let mut out = String::new();
        go(self, word, &mut out, 0);
        out
    }
}
