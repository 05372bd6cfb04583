//! A solution as plain data, whatever its kind: the one value that every
//! format renders. Each kind makes it from its IR (`Kind::view`); the text
//! and JSON of `report`, the API's `Solution` (and through it Python and
//! the playground) read it, and none of them has an arm per kind. A new
//! kind picks one of these shapes (a grid serves plain Kakuro and cryptic
//! Kakuro alike, and is the shape a crossnumber's filled grid takes); a
//! new shape is a variant here, its text and JSON in `report`.

/// One solution as its kind shows it, and the symbols' digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionView {
    /// The filled-in puzzle.
    pub shape: Shape,
    /// The named symbols and their digits, in order of first appearance;
    /// empty for a puzzle without symbols (a plain Kakuro, a skeleton of
    /// `*` cells).
    pub symbols: Vec<(char, u32)>,
}

/// The shapes a filled-in puzzle takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Letter equations with their digits: `9567 + 1085 = 10652`.
    Equations(String),
    /// A long multiplication or division, filled in.
    Rows(Rows),
    /// Several layouts sharing symbols, each filled in, and the equations
    /// and relations of their system with their digits, when it has any.
    Layouts {
        /// Each layout, in the order written.
        layouts: Vec<Rows>,
        /// The system's own members with their digits.
        text: Option<String>,
    },
    /// A grid of cells (Kakuro, plain or with letters), row by row.
    Grid(Vec<Vec<Cell>>),
    /// A filled crossnumber: its grid (blocks and digits) and its entries,
    /// in the order a printed crossword numbers them.
    Crossnumber {
        /// The grid, row by row.
        grid: Vec<Vec<Cell>>,
        /// Each entry's name and value.
        entries: Vec<EntryValue>,
    },
}

/// An entry of a filled crossnumber.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryValue {
    /// `1a`, `5d`.
    pub name: String,
    /// Its value.
    pub value: u128,
    /// Its digits as written in the puzzle's base.
    pub digits: String,
}

/// A layout filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rows {
    /// Every row's digits, in the order written (`["733", "32", ...]`).
    pub rows: Vec<String>,
    /// The block as written, every cell replaced by its digit, one text
    /// line per line of the block.
    pub filled: String,
}

/// One cell of a filled grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A black cell.
    Block,
    /// A clue: the sum of the run below it and of the run to its right
    /// (`None` where that side has no run, or a run of any sum, `?`). A
    /// cryptic grid's letter clues are given as the sums the solution's
    /// letters make.
    Clue {
        /// The sum of the run below.
        down: Option<u32>,
        /// The sum of the run to the right.
        across: Option<u32>,
    },
    /// A white cell and its digit.
    Digit(u32),
}

impl Cell {
    /// The number the JSON grid gives the cell: its digit, 0 for a block
    /// or a clue.
    pub fn number(self) -> u32 {
        match self {
            Cell::Digit(d) => d,
            Cell::Block | Cell::Clue { .. } => 0,
        }
    }
}
