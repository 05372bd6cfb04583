//! The white cells of a generated grid and the digits planted in them:
//! runs, the repair that keeps every run between the shortest and longest
//! length allowed, the symmetry of the pattern, and the planting search.

use super::Rng;
use crate::kinds::Direction;

/// The symmetry of the pattern of white cells, over the whole printed
/// grid: the first row and column hold clues only, so under a symmetry
/// the row or column they map to holds no white cell either.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    /// Any pattern (the default, which keeps the grids made before
    /// symmetry existed).
    #[default]
    None,
    /// The same after a half turn: the convention of published Kakuros.
    Rotational,
    /// The same after a left-right reflection.
    Mirror,
}

impl Symmetry {
    /// The cell that must have the same colour as cell `i` of a grid
    /// `cols` wide and `rows` high (`i` itself when nothing pairs it).
    pub fn partner(self, i: usize, rows: usize, cols: usize) -> usize {
        let (r, c) = (i / cols, i % cols);
        match self {
            Symmetry::None => i,
            Symmetry::Rotational => (rows - 1 - r) * cols + (cols - 1 - c),
            Symmetry::Mirror => r * cols + (cols - 1 - c),
        }
    }

    /// Whether row `r` (`across`) or column `r` can hold a white cell: not
    /// the clue row and column, nor their images under the symmetry.
    pub fn can_be_white(self, r: usize, across: bool, rows: usize, cols: usize) -> bool {
        let last = if across { rows - 1 } else { cols - 1 };
        let mirrored = match self {
            Symmetry::None => false,
            Symmetry::Rotational => true,
            Symmetry::Mirror => !across,
        };
        r > 0 && !(mirrored && r == last)
    }
}

/// The size and symmetry of a pattern.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    pub rows: usize,
    pub cols: usize,
    pub symmetry: Symmetry,
}

impl Shape {
    /// Blocks out cell `i` and its partner, so the pattern stays symmetric.
    pub fn block(&self, white: &mut [bool], i: usize) {
        white[i] = false;
        white[self.symmetry.partner(i, self.rows, self.cols)] = false;
    }

    /// The starting pattern: each inner cell white with chance `density`,
    /// a cell with a partner before it taking the partner's colour.
    pub fn layout(&self, density: f64, rng: &mut Rng) -> Vec<bool> {
        let (rows, cols) = (self.rows, self.cols);
        let mut white = vec![false; rows * cols];
        for i in 0..rows * cols {
            let p = self.symmetry.partner(i, rows, cols);
            white[i] = if p < i {
                white[p]
            } else {
                self.inner(i) && rng.chance(density)
            };
        }
        white
    }

    /// Whether cell `i` may be white.
    pub fn inner(&self, i: usize) -> bool {
        let (r, c) = (i / self.cols, i % self.cols);
        let s = self.symmetry;
        s.can_be_white(r, true, self.rows, self.cols)
            && s.can_be_white(c, false, self.rows, self.cols)
    }

    /// The rows (`true`) and columns (`false`) that may hold white cells
    /// and hold none.
    pub fn empty_lines(&self, white: &[bool]) -> Vec<(bool, usize)> {
        let (rows, cols, s) = (self.rows, self.cols, self.symmetry);
        let rows_empty = (0..rows)
            .filter(|&r| s.can_be_white(r, true, rows, cols))
            .filter(|&r| (0..cols).all(|c| !white[r * cols + c]))
            .map(|r| (true, r));
        let cols_empty = (0..cols)
            .filter(|&c| s.can_be_white(c, false, rows, cols))
            .filter(|&c| (0..rows).all(|r| !white[r * cols + c]))
            .map(|c| (false, c));
        rows_empty.chain(cols_empty).collect()
    }

    /// Whitens a 2×2 square (and its partner) crossing an empty row or
    /// column, so that line gets cells whose runs are not too short;
    /// false when the grid has no room for one.
    pub fn fill(&self, white: &mut [bool], rng: &mut Rng) -> bool {
        let empty = self.empty_lines(white);
        if empty.is_empty() {
            return false;
        }
        let (across, line) = empty[rng.below(empty.len())];
        // Squares whose top-left cell is (r, c), all four cells inner.
        let cols = self.cols;
        let fits = |r: usize, c: usize| {
            r + 1 < self.rows
                && c + 1 < cols
                && [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)]
                    .iter()
                    .all(|&(y, x)| self.inner(y * cols + x))
        };
        let mut squares = Vec::new();
        for start in [line.saturating_sub(1), line] {
            let others = if across { cols } else { self.rows };
            for other in 0..others {
                let (r, c) = if across {
                    (start, other)
                } else {
                    (other, start)
                };
                if fits(r, c) {
                    squares.push((r, c));
                }
            }
        }
        if squares.is_empty() {
            return false;
        }
        let (r, c) = squares[rng.below(squares.len())];
        for (y, x) in [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)] {
            let i = y * cols + x;
            white[i] = true;
            white[self.symmetry.partner(i, self.rows, cols)] = true;
        }
        true
    }
}

/// Maximal runs of white cells (cell indices), across then down.
pub(super) fn runs(white: &[bool], rows: usize, cols: usize) -> Vec<(Direction, Vec<usize>)> {
    let mut out = Vec::new();
    let lines = (0..rows)
        .map(|r| {
            (
                Direction::Across,
                (0..cols).map(|c| r * cols + c).collect::<Vec<_>>(),
            )
        })
        .chain((0..cols).map(|c| (Direction::Down, (0..rows).map(|r| r * cols + c).collect())));
    for (direction, line) in lines {
        for chunk in line.split(|&i| !white[i]) {
            if !chunk.is_empty() {
                out.push((direction, chunk.to_vec()));
            }
        }
    }
    out
}

/// Blocks out short runs and splits long ones until every run fits.
pub(super) fn repair(
    white: &mut [bool],
    shape: Shape,
    min_run: usize,
    max_run: usize,
    rng: &mut Rng,
) {
    loop {
        let mut changed = false;
        for (_, run) in runs(white, shape.rows, shape.cols) {
            // With symmetry, a run whose partner was just changed is looked
            // at again in the next pass, else it would be cut twice. (Without,
            // stale runs are still cut as they always were: the same seed
            // keeps giving the same grid.)
            if shape.symmetry != Symmetry::None && run.iter().any(|&i| !white[i]) {
                continue;
            }
            if run.len() < min_run {
                run.iter().for_each(|&i| shape.block(white, i));
                changed = true;
            } else if run.len() > max_run {
                // Split where both parts keep at least `min_run` cells, if
                // the run is long enough for that.
                let room = run.len() - 2 * min_run;
                let at = if run.len() > 2 * min_run {
                    min_run + rng.below(room)
                } else {
                    rng.below(run.len())
                };
                shape.block(white, run[at]);
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// Distinct digits in every run, by depth-first search in reading order
/// with each cell's digits in random order; `None` if it takes too long.
pub(super) fn plant(white: &[bool], rows: usize, cols: usize, rng: &mut Rng) -> Option<Vec<u8>> {
    let all = runs(white, rows, cols);
    let mut run_of = vec![[0usize; 2]; white.len()];
    for (r, (direction, run)) in all.iter().enumerate() {
        let slot = usize::from(*direction == Direction::Down);
        run.iter().for_each(|&i| run_of[i][slot] = r);
    }
    let mut used = vec![0u16; all.len()];
    // Runs lean to low or high digits, or neither: sums near the extremes
    // have few digit sets, which makes unique grids without many blocks.
    let lean: Vec<i32> = (0..all.len()).map(|_| rng.below(3) as i32 - 1).collect();
    let cells: Vec<usize> = (0..white.len()).filter(|&i| white[i]).collect();
    let mut digits = vec![0u8; white.len()];
    if cells.is_empty() {
        return Some(digits);
    }
    let order = |rng: &mut Rng, cell: usize| {
        let [a, d] = run_of[cell];
        let lean = lean[a] + lean[d];
        let mut keyed = [(0i32, 0u8); 9];
        for (i, k) in keyed.iter_mut().enumerate() {
            let digit = i as i32 + 1;
            *k = (lean * (digit - 5) + rng.below(7) as i32, digit as u8);
        }
        keyed.sort_unstable_by(|x, y| y.cmp(x));
        (keyed.map(|(_, d)| d), 0usize)
    };
    // One entry per cell on the path: its digits in order, how many tried.
    let mut stack = vec![order(rng, cells[0])];
    let mut budget = 200 * cells.len() + 10_000;
    loop {
        let k = stack.len() - 1;
        let cell = cells[k];
        let [a, d] = run_of[cell];
        if digits[cell] != 0 {
            let keep = !(1u16 << digits[cell]);
            used[a] &= keep;
            used[d] &= keep;
            digits[cell] = 0;
        }
        let taken = used[a] | used[d];
        let (ds, tried) = &mut stack[k];
        match (*tried..9).find(|&t| taken >> ds[t] & 1 == 0) {
            Some(t) => {
                *tried = t + 1;
                let x = ds[t];
                digits[cell] = x;
                used[a] |= 1 << x;
                used[d] |= 1 << x;
                if k + 1 == cells.len() {
                    return Some(digits);
                }
                stack.push(order(rng, cells[k + 1]));
            }
            None => {
                stack.pop();
                if stack.is_empty() {
                    return None;
                }
            }
        }
        budget = budget.checked_sub(1)?;
    }
}
