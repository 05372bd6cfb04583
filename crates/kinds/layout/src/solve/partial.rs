//! What the layout solvers share: the partial assignment of a layout's
//! variables with an undo trail, placing a computed digit into a cell
//! (which checks a known digit or binds a symbol), and bounds of a row from
//! its cells.
//!
//! Numbers are `u128`: the checker refuses layouts whose rows (plus two
//! digits of headroom) do not fit in 126 bits, so no product here overflows.

use crate::Layout;
use crypta_substrate::ir::Cell;
use crypta_substrate::solve::Taken;

/// A partial assignment with an undo trail.
pub struct State<'a> {
    pub layout: &'a Layout,
    pub values: Vec<u8>,
    set: Vec<bool>,
    used: Taken,
    trail: Vec<usize>,
    /// base^k for k up to the longest row plus two.
    pub pw: Vec<u128>,
}

impl<'a> State<'a> {
    pub fn new(layout: &'a Layout) -> Self {
        let longest = layout.rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
        let mut pw = vec![1u128];
        for _ in 0..longest + 2 {
            let next = pw[pw.len() - 1].saturating_mul(u128::from(layout.base));
            pw.push(next);
        }
        State {
            layout,
            values: vec![0; layout.vars.len()],
            set: vec![false; layout.vars.len()],
            used: Taken::new(&layout.vars),
            trail: Vec::new(),
            pw,
        }
    }

    pub fn base(&self) -> u128 {
        u128::from(self.layout.base)
    }

    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    pub fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            if let Some(v) = self.trail.pop() {
                self.set[v] = false;
                self.used
                    .give(self.layout.vars[v].groups, u32::from(self.values[v]));
            }
        }
    }

    /// The digits a cell may take now, as a bitset.
    pub fn options(&self, cell: Cell) -> u64 {
        match cell {
            Cell::Digit(d) => 1u64 << d,
            Cell::Var(v) if self.set[v] => 1u64 << self.values[v],
            Cell::Var(v) => {
                let var = &self.layout.vars[v];
                self.used.free(var.domain.0, var.groups)
            }
        }
    }

    /// Puts digit `d` in `cell`: true if it is (or now is) that digit.
    pub fn place(&mut self, cell: Cell, d: u32) -> bool {
        match cell {
            Cell::Digit(k) => k == d,
            Cell::Var(v) if self.set[v] => u32::from(self.values[v]) == d,
            Cell::Var(v) => {
                let var = &self.layout.vars[v];
                if d >= 64 || self.used.free(var.domain.0, var.groups) >> d & 1 == 0 {
                    return false;
                }
                self.values[v] = d as u8;
                self.set[v] = true;
                self.used.take(var.groups, d);
                self.trail.push(v);
                true
            }
        }
    }

    /// The cell of `row` at position `k` from the right, if the row has one.
    pub fn cell(&self, row: usize, k: usize) -> Option<Cell> {
        let cells = &self.layout.rows[row].cells;
        (k < cells.len()).then(|| cells[cells.len() - 1 - k])
    }

    /// Checks digit `d` at position `k` from the right of `row`; a row
    /// shorter than that needs the digit to be 0.
    pub fn place_at(&mut self, row: usize, k: usize, d: u32) -> bool {
        match self.cell(row, k) {
            Some(cell) => self.place(cell, d),
            None => d == 0,
        }
    }

    /// Checks a whole row against `value`: same number of digits, every
    /// cell matching.
    pub fn place_row(&mut self, row: usize, mut value: u128) -> bool {
        let len = self.layout.rows[row].cells.len();
        let b = self.base();
        for k in 0..len {
            if k > 0 && value == 0 {
                return false;
            }
            if !self.place_at(row, k, (value % b) as u32) {
                return false;
            }
            value /= b;
        }
        value == 0
    }

    /// Least and greatest values `row` can still take, from its cells.
    pub fn bounds(&self, row: usize) -> (i128, i128) {
        let (mut lo, mut hi) = (0i128, 0i128);
        let b = self.layout.base as i128;
        for &cell in &self.layout.rows[row].cells {
            let o = self.options(cell);
            let (min, max) = if o == 0 {
                return (1, 0);
            } else {
                (o.trailing_zeros(), 63 - o.leading_zeros())
            };
            lo = lo * b + min as i128;
            hi = hi * b + max as i128;
        }
        (lo, hi)
    }

    /// The value of a row whose cells are all set.
    pub fn value(&self, row: usize) -> u128 {
        self.layout.rows[row].cells.iter().fold(0, |acc, &c| {
            let d = match c {
                Cell::Digit(d) => u128::from(d),
                Cell::Var(v) => u128::from(self.values[v]),
            };
            acc * self.base() + d
        })
    }
}

/// True if some x in `lo..=hi` has x ≡ `low` (mod `m`), `low < m`.
pub fn congruent_in(lo: i128, hi: i128, low: u128, m: u128) -> bool {
    if lo > hi || hi < 0 {
        return false;
    }
    let lo = lo.max(0) as u128;
    let first = lo + (low + m - lo % m) % m;
    first <= hi as u128
}

pub fn ceil_div(a: i128, b: i128) -> i128 {
    if b <= 0 {
        return i128::MIN;
    }
    a.div_euclid(b) + i128::from(a.rem_euclid(b) != 0)
}
