//! Random Kakuro grids with a planted solution.
//!
//! The first row and column are never white, so every run has a cell
//! before it to hold its clue. Inside, cells start white at random; runs
//! shorter than `min_run` are blocked out and runs longer than `max_run`
//! are split, until no run breaks either rule. A depth-first search with
//! random digit order then plants distinct digits in every run, and the
//! clues are the sums of the planted digits. For `unique` (`unique.rs`),
//! cells where a second filling differs get new digits or become blocks
//! (the planted digits stay a solution), until one filling is left. With a
//! [`Symmetry`], cells are blocked out in pairs.

mod layout;
mod unique;

pub use layout::Symmetry;

use super::Rng;
use crate::kinds::{Direction, Kakuro, KakuroCell, Run, Sum};
use crypta_substrate::sums::tables;
use layout::{plant, repair, Shape};

/// What to generate.
#[derive(Clone, Debug)]
pub struct Spec {
    /// Grid height in cells (at least 1), the clue-only first row included.
    pub rows: usize,
    /// Grid width in cells (at least 1), the clue-only first column included.
    pub cols: usize,
    /// Picks the grid: the same spec and seed give the same grid on every machine.
    pub seed: u64,
    /// Chance that a cell inside the border starts white.
    pub density: f64,
    /// Runs shorter than this are blocked out (1 keeps single cells).
    pub min_run: usize,
    /// Runs longer than this are split (at most 9).
    pub max_run: usize,
    /// Chance that a white cell shows its digit as a given.
    pub givens: f64,
    /// Single-cell runs get no clue (only with `min_run` 1).
    pub bare_singles: bool,
    /// Change cells until the solution is unique.
    pub unique: bool,
    /// With `unique`: regions that propagation alone leaves open and that
    /// are larger than this are tightened (digits changed) before the exact
    /// test. Unlimited by default: only what uniqueness needs is changed,
    /// which is fast at any size; a limit gives easier grids.
    pub open_limit: usize,
    /// The symmetry of the pattern of white cells, kept while making the
    /// grid unique.
    pub symmetry: Symmetry,
}

impl Spec {
    /// A square grid of the usual kind: runs of 2 to 9 cells, no givens.
    pub fn new(size: usize, seed: u64) -> Spec {
        Spec {
            rows: size,
            cols: size,
            seed,
            density: 0.8,
            min_run: 2,
            max_run: 9,
            givens: 0.0,
            bare_singles: false,
            unique: false,
            open_limit: usize::MAX,
            symmetry: Symmetry::None,
        }
    }
}

/// A generated grid: which cells are white, the planted digits, and which
/// of them are shown as givens.
#[derive(Clone, Debug)]
pub struct Generated {
    /// Grid height in cells, the clue-only first row included.
    pub rows: usize,
    /// Grid width in cells, the clue-only first column included.
    pub cols: usize,
    /// Row-major: the planted digit of each white cell, 0 elsewhere.
    pub digits: Vec<u8>,
    /// Row-major: the white cells shown with their digit.
    pub given: Vec<bool>,
    bare_singles: bool,
}

/// Generates a grid to `spec`: lays out the white cells, plants digits,
/// and with `unique` changes cells until the planted solution is the only one.
/// Sizes are at least 1 and run lengths are clamped to 1..=9.
pub fn generate(spec: &Spec) -> Generated {
    let mut rng = Rng::new(spec.seed);
    let (rows, cols) = (spec.rows.max(1), spec.cols.max(1));
    let max_run = spec.max_run.clamp(1, 9);
    let min_run = spec.min_run.clamp(1, max_run);
    let shape = Shape {
        rows,
        cols,
        symmetry: spec.symmetry,
    };
    let mut white = shape.layout(spec.density, &mut rng);
    fill_lines(&mut white, shape, (min_run, max_run), &mut rng);
    let digits = loop {
        repair(&mut white, shape, min_run, max_run, &mut rng);
        if let Some(digits) = plant(&white, rows, cols, &mut rng) {
            break digits;
        }
        // Rare: the planting search gave up; thin the grid and retry.
        let whites: Vec<usize> = (0..white.len()).filter(|&i| white[i]).collect();
        shape.block(&mut white, whites[rng.below(whites.len())]);
    };
    let given = digits
        .iter()
        .map(|&d| d != 0 && rng.chance(spec.givens))
        .collect();
    let mut grid = Generated {
        rows,
        cols,
        digits,
        given,
        bare_singles: spec.bare_singles && min_run == 1,
    };
    if spec.unique {
        unique::make_unique(
            &mut grid,
            &mut white,
            spec,
            shape,
            (min_run, max_run),
            &mut rng,
        );
    }
    grid
}

/// Squares of white cells added across rows and columns left empty by the
/// layout and its repair (blocking short runs out can empty a narrow
/// grid's lines): an empty line wastes the grid's room. Tiny grids may
/// keep one.
const FILLS: usize = 60;

fn fill_lines(white: &mut [bool], shape: Shape, (min_run, max_run): (usize, usize), rng: &mut Rng) {
    for _ in 0..FILLS {
        repair(white, shape, min_run, max_run, rng);
        if !shape.fill(white, rng) {
            return;
        }
    }
}

impl Generated {
    /// Gives white cell `i` another digit its runs do not hold; false when
    /// there is none.
    fn replant(&mut self, i: usize, rng: &mut Rng) -> bool {
        let mut taken = 0u16;
        for direction in [Direction::Across, Direction::Down] {
            for j in self.run_through(i, direction) {
                taken |= 1 << self.digits[j];
            }
        }
        // The free digit whose two new sums have the fewest digit sets
        // (ties at random): tight sums make a unique grid sooner.
        let tables = tables();
        let mut best: Option<(usize, usize, u8)> = None;
        for d in (1..=9u8).filter(|d| taken >> d & 1 == 0) {
            self.digits[i] = d;
            let sets: usize = [Direction::Across, Direction::Down]
                .iter()
                .map(|&direction| {
                    let run = self.run_through(i, direction);
                    let sum = run.iter().map(|&j| u32::from(self.digits[j])).sum();
                    tables.combos(run.len(), sum).len()
                })
                .sum();
            let key = (sets, rng.below(1000), d);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        let Some((_, _, d)) = best else {
            return false;
        };
        self.digits[i] = d;
        true
    }

    /// Whether blocking out white cell `i` leaves every part of its runs
    /// empty or at least `min_run` long.
    fn splits_cleanly(&self, i: usize, min_run: usize) -> bool {
        [Direction::Across, Direction::Down]
            .iter()
            .all(|&direction| {
                let run = self.run_through(i, direction);
                let at = run.iter().position(|&j| j == i).unwrap_or(0);
                let (before, after) = (at, run.len() - at - 1);
                (before == 0 || before >= min_run) && (after == 0 || after >= min_run)
            })
    }

    /// The white cells of the run through white cell `i`.
    fn run_through(&self, i: usize, direction: Direction) -> Vec<usize> {
        let (r, c) = (i / self.cols, i % self.cols);
        let line: Vec<usize> = match direction {
            Direction::Across => (0..self.cols).map(|x| r * self.cols + x).collect(),
            Direction::Down => (0..self.rows).map(|y| y * self.cols + c).collect(),
        };
        let at = match direction {
            Direction::Across => c,
            Direction::Down => r,
        };
        let start = line[..at]
            .iter()
            .rposition(|&j| self.digits[j] == 0)
            .map_or(0, |p| p + 1);
        let end = line[at..]
            .iter()
            .position(|&j| self.digits[j] == 0)
            .map_or(line.len(), |p| at + p);
        line[start..end].to_vec()
    }

    /// Whether white cell `j` has no white neighbour across nor down.
    fn single_both_ways(&self, j: usize) -> bool {
        let (r, c) = (j / self.cols, j % self.cols);
        let white = |r: usize, c: usize| self.digits[r * self.cols + c] != 0;
        let across = (c > 0 && white(r, c - 1)) || (c + 1 < self.cols && white(r, c + 1));
        let down = (r > 0 && white(r - 1, c)) || (r + 1 < self.rows && white(r + 1, c));
        !across && !down
    }

    /// The white cells following cell `i` across or down.
    fn run_after(&self, i: usize, direction: Direction) -> Vec<usize> {
        let (r, c) = (i / self.cols, i % self.cols);
        let cells: Vec<usize> = match direction {
            Direction::Across => (c + 1..self.cols).map(|x| r * self.cols + x).collect(),
            Direction::Down => (r + 1..self.rows).map(|y| y * self.cols + c).collect(),
        };
        cells
            .into_iter()
            .take_while(|&j| self.digits[j] != 0)
            .collect()
    }

    /// The sum a non-white cell gives in `direction`, if any.
    fn sum(&self, i: usize, direction: Direction) -> Option<u32> {
        let run = self.run_after(i, direction);
        // A bare single keeps its clue when the cell is single both ways:
        // a white cell must belong to some run with a clue.
        let clued = run.len() >= 2
            || run.len() == 1 && (!self.bare_singles || self.single_both_ways(run[0]));
        clued.then(|| run.iter().map(|&j| u32::from(self.digits[j])).sum())
    }

    /// The cells of the puzzle, row-major.
    // In terms of the IR, which is private: for the tests.
    #[doc(hidden)]
    pub fn cells(&self) -> Vec<KakuroCell> {
        (0..self.rows * self.cols)
            .map(|i| match self.digits[i] {
                0 => match (self.sum(i, Direction::Down), self.sum(i, Direction::Across)) {
                    (None, None) => KakuroCell::Block,
                    (down, across) => KakuroCell::Clue {
                        down: down.map(Sum::Given),
                        across: across.map(Sum::Given),
                    },
                },
                d => KakuroCell::White {
                    given: self.given[i].then_some(d),
                },
            })
            .collect()
    }

    /// The checked puzzle, as the checker builds it from [`Generated::block`].
    // In terms of the IR, which is private: for the tests.
    #[doc(hidden)]
    pub fn kakuro(&self) -> Kakuro {
        let cells = self.cells();
        let whites: Vec<usize> = (0..cells.len()).filter(|&i| self.digits[i] != 0).collect();
        let mut var_of = vec![usize::MAX; cells.len()];
        for (v, &i) in whites.iter().enumerate() {
            var_of[i] = v;
        }
        let mut runs = Vec::new();
        for direction in [Direction::Across, Direction::Down] {
            for (clue, cell) in cells.iter().enumerate() {
                let sum = match (cell, direction) {
                    (
                        KakuroCell::Clue {
                            across: Some(s), ..
                        },
                        Direction::Across,
                    ) => *s,
                    (KakuroCell::Clue { down: Some(s), .. }, Direction::Down) => *s,
                    _ => continue,
                };
                let vars = self
                    .run_after(clue, direction)
                    .iter()
                    .map(|&j| var_of[j])
                    .collect();
                runs.push(Run {
                    direction,
                    sum,
                    clue,
                    vars,
                });
            }
        }
        Kakuro {
            rows: self.rows,
            cols: self.cols,
            cells,
            whites,
            runs,
        }
    }

    /// The planted solution as the JSON output gives it.
    pub fn solution(&self) -> Vec<Vec<u32>> {
        self.digits
            .chunks(self.cols)
            .map(|row| row.iter().map(|&d| u32::from(d)).collect())
            .collect()
    }

    /// The grid as a `kakuro { ... }` block, columns aligned.
    pub fn block(&self) -> String {
        block(&self.cells(), self.cols)
    }

    /// One KAKURO2 test case: `N`, the colour rows, `Q` and the hints
    /// (across hints first, then down). The grid must be square.
    pub fn kakuro2(&self) -> String {
        let cells = self.cells();
        let mut out = format!("{}\n", self.rows);
        for row in self.digits.chunks(self.cols) {
            let colours: Vec<&str> = row
                .iter()
                .map(|&d| if d == 0 { "0" } else { "1" })
                .collect();
            out.push_str(&colours.join(" "));
            out.push('\n');
        }
        let mut hints = Vec::new();
        for direction in [0, 1] {
            for (i, cell) in cells.iter().enumerate() {
                if let KakuroCell::Clue { down, across } = cell {
                    let sum = if direction == 0 { across } else { down };
                    if let Some(s) = sum {
                        hints.push(format!(
                            "{} {} {} {}",
                            i / self.cols + 1,
                            i % self.cols + 1,
                            direction,
                            s
                        ));
                    }
                }
            }
        }
        out.push_str(&format!("{}\n", hints.len()));
        for h in hints {
            out.push_str(&h);
            out.push('\n');
        }
        out
    }
}

// The written form of the IR's cells (`ir::kakuro`), which interchange
// writes too; public for the tests.
#[doc(hidden)]
pub use crate::kinds::kakuro::ir::block;
