//! Long multiplication and division layouts in the IR: the rows as
//! written, each cell placed where it was printed, and what each row means
//! (its [`Shape`]). Multiplication and division are one kind: they share
//! cells, options, checking and display, and differ only in their shape.

use std::fmt::Write;

use crypta_substrate::digits::{digit_char, Digits};
use crypta_substrate::ir::condition::Condition;
use crypta_substrate::ir::vars::{self, plural, Cell, Var, VarKind, Word};

/// A long multiplication or division layout (a skeleton: digits hidden):
/// rows of cells in the order written, what each row means, and the block
/// as printed for display.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Digits go from 0 to base - 1.
    pub base: u32,
    /// Every unknown digit; [`Cell::Var`] indexes into this.
    pub vars: Vec<Var>,
    /// Rows in the order written.
    pub rows: Vec<Row>,
    /// The block's lines as written (comments removed, dedented), for
    /// showing a solution in place.
    pub lines: Vec<String>,
    /// Which row is which: factors and product, or the steps of a division.
    pub shape: Shape,
    /// The words conditions read (`PUZZLE` in `with PUZZLE odd`): words
    /// of the layout's symbols and digits, cells indexing [`Layout::vars`].
    pub words: Vec<Word>,
    /// Conditions after `with` on the layout's words (`PUZZLE odd`,
    /// `ABC < DEF`), over [`Layout::words`]: every solution meets them.
    pub conditions: Vec<Condition>,
}

/// One row: cells most significant first, and where each is printed.
#[derive(Clone, Debug)]
pub struct Row {
    /// The row's digits and unknowns, most significant first.
    pub cells: Vec<Cell>,
    /// (line, column) of each cell in [`Layout::lines`].
    pub at: Vec<(usize, usize)>,
}

/// What the rows mean (indices into [`Layout::rows`]).
#[derive(Clone, Debug)]
pub enum Shape {
    /// A long multiplication: factors, partial products, product.
    Multiplication(MultiplicationRows),
    /// A long division: quotient, divisor, dividend, then its steps.
    Division(DivisionRows),
}

/// The rows of a long multiplication.
#[derive(Clone, Debug)]
pub struct MultiplicationRows {
    /// The number multiplied (the first row).
    pub multiplicand: usize,
    /// The number it is multiplied by (the `x` row).
    pub multiplier: usize,
    /// One entry per multiplier digit, rightmost first: its partial
    /// product row, or `None` for a digit 0 (no row printed). Empty
    /// for a one-digit multiplier, which has no partial rows.
    pub partials: Vec<Option<usize>>,
    /// The final product: the sum of the partial products (the last row).
    pub product: usize,
}

/// The rows of a long division.
#[derive(Clone, Debug)]
pub struct DivisionRows {
    /// The quotient (the first row, over the dividend).
    pub quotient: usize,
    /// The divisor (left of the `)`).
    pub divisor: usize,
    /// The dividend (right of the `)`).
    pub dividend: usize,
    /// One per non-zero quotient digit, left to right: (quotient digit
    /// index from the left, product row).
    pub steps: Vec<(usize, usize)>,
    /// The rows between steps: `differences[k]` follows step k and ends
    /// where step k + 1's product ends.
    pub differences: Vec<usize>,
    /// The last row (the final difference), or `None` when the
    /// division is exact and prints no remainder.
    pub remainder: Option<usize>,
}

impl Layout {
    /// The rows that determine every other row: multiplicand and
    /// multiplier; quotient, divisor and remainder (when printed).
    pub fn determining_rows(&self) -> Vec<usize> {
        match &self.shape {
            Shape::Multiplication(MultiplicationRows {
                multiplicand,
                multiplier,
                ..
            }) => vec![*multiplicand, *multiplier],
            Shape::Division(DivisionRows {
                quotient,
                divisor,
                remainder,
                ..
            }) => [Some(*quotient), Some(*divisor), *remainder]
                .into_iter()
                .flatten()
                .collect(),
        }
    }

    /// Named symbols, in order of first appearance.
    pub fn symbols(&self) -> impl Iterator<Item = (usize, char)> + '_ {
        vars::symbols(&self.vars)
    }

    /// Every row under `values` as its digits, in the order written.
    pub fn row_texts(&self, values: &[u8]) -> Vec<String> {
        (0..self.rows.len())
            .map(|r| {
                self.row_digits(r, values)
                    .into_iter()
                    .map(digit_char)
                    .collect()
            })
            .collect()
    }

    /// The block as written, every cell filled in: alignment is kept
    /// because a cell is one character and so is a digit, full-width in
    /// place of a wide cell (`ココ` becomes `９８`).
    pub fn filled(&self, values: &[u8]) -> String {
        let mut lines: Vec<Vec<char>> = self.lines.iter().map(|l| l.chars().collect()).collect();
        for (r, row) in self.rows.iter().enumerate() {
            for (&(line, col), d) in row.at.iter().zip(self.row_digits(r, values)) {
                if let Some(c) = lines.get_mut(line).and_then(|l| l.get_mut(col)) {
                    *c = same_width(*c, digit_char(d));
                }
            }
        }
        lines
            .into_iter()
            .map(|l| l.into_iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The layout filled in with `values`, as every format shows it.
    pub fn view(&self, values: &[u8]) -> crypta_substrate::view::Rows {
        crypta_substrate::view::Rows {
            rows: self.row_texts(values),
            filled: self.filled(values),
        }
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

impl Shape {
    /// `multiplication` or `division`: the block's keyword and the JSON
    /// `kind`.
    pub fn name(&self) -> &'static str {
        match self {
            Shape::Multiplication(_) => "multiplication",
            Shape::Division(_) => "division",
        }
    }

    /// What a picture of the layout is titled: `Long multiplication`.
    pub fn title(&self) -> &'static str {
        match self {
            Shape::Multiplication(_) => "Long multiplication",
            Shape::Division(_) => "Long division",
        }
    }
}

impl Layout {
    /// A variable's name where a cell is named by its place: a symbol by
    /// itself, an anonymous cell by where it is written (`r2c5` is the
    /// fifth character of the block's second line, counted after the
    /// indent its lines share). What grading steps and `unique`'s givens
    /// show.
    pub fn given_name(&self, v: usize) -> String {
        if !matches!(
            self.vars.get(v).map(|var| var.kind),
            Some(VarKind::Symbol(_)) | None
        ) {
            for row in &self.rows {
                for (cell, &(line, column)) in row.cells.iter().zip(&row.at) {
                    if *cell == Cell::Var(v) {
                        return format!("r{}c{}", line + 1, column + 1);
                    }
                }
            }
        }
        vars::var_name(&self.vars, v)
    }

    /// What each row is, in the order written.
    pub fn row_names(&self) -> Vec<String> {
        match &self.shape {
            Shape::Multiplication(MultiplicationRows { partials, .. }) => {
                let mut names = vec!["multiplicand".to_string(), "multiplier".to_string()];
                for (i, p) in partials.iter().enumerate() {
                    if p.is_some() {
                        names.push(format!(
                            "partial (multiplier digit {} from the right)",
                            i + 1
                        ));
                    }
                }
                names.push("product".into());
                names
            }
            Shape::Division(DivisionRows {
                steps,
                differences,
                remainder,
                ..
            }) => {
                let mut names = vec!["quotient".into(), "divisor".into(), "dividend".into()];
                for (k, (j, _)) in steps.iter().enumerate() {
                    names.push(format!("product (quotient digit {})", j + 1));
                    if k < differences.len() {
                        names.push("difference, digits brought down".into());
                    }
                }
                if remainder.is_some() {
                    names.push("remainder".into());
                }
                names
            }
        }
    }

    /// The typed puzzle for `explain`: every row with what it means, and
    /// the symbols with their digits.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        let symbols = self.symbols().count();
        let anonymous = self.vars.len() - symbols;
        let _ = writeln!(
            out,
            "{}, base {}, {} rows, {} symbol{}, {} anonymous cell{}",
            self.shape.name(),
            self.base,
            self.rows.len(),
            symbols,
            plural(symbols),
            anonymous,
            plural(anonymous)
        );
        for (r, name) in self.row_names().iter().enumerate() {
            let cells: String = self.rows[r]
                .cells
                .iter()
                .map(|c| match *c {
                    Cell::Digit(d) => digit_char(d),
                    Cell::Var(v) => match self.vars[v].kind {
                        VarKind::Symbol(c) | VarKind::Wild(c) => c,
                        VarKind::Free if self.vars[v].domain == Digits::single(0) => '0',
                        VarKind::Free => '*',
                    },
                })
                .collect();
            let _ = writeln!(out, "  {:>12}  {}", cells, name);
        }
        vars::describe_symbols(&self.vars, self.base, &mut out);
        for c in &self.conditions {
            let _ = writeln!(out, "  condition: {}", self.condition_text(c, None));
        }
        out
    }

    /// A condition as written, or with its digits filled in.
    pub fn condition_text(&self, condition: &Condition, values: Option<&[u8]>) -> String {
        condition.render(&|w| {
            self.words[w]
                .cells
                .iter()
                .map(|cell| match (*cell, values) {
                    (Cell::Digit(d), _) => digit_char(d),
                    (Cell::Var(v), Some(values)) => {
                        digit_char(u32::from(values.get(v).copied().unwrap_or(0)))
                    }
                    (Cell::Var(v), None) => match self.vars[v].kind {
                        VarKind::Symbol(c) | VarKind::Wild(c) => c,
                        VarKind::Free => '?',
                    },
                })
                .collect()
        })
    }
}

impl crypta_substrate::ir::Describe for Layout {
    fn kind_name(&self) -> &'static str {
        self.shape.name()
    }

    fn describe(&self) -> String {
        Layout::describe(self)
    }
}

/// `digit` as wide as `cell`: its full-width form for a wide cell.
fn same_width(cell: char, digit: char) -> char {
    let wide = unicode_width::UnicodeWidthChar::width(cell) == Some(2);
    match wide {
        true if digit.is_ascii_graphic() => {
            char::from_u32(u32::from(digit) + 0xFEE0).unwrap_or(digit)
        }
        _ => digit,
    }
}
