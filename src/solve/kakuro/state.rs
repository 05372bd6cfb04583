//! The search state of a Kakuro grid and its propagation: candidate digit
//! sets per cell, digits used and sum left per run, and a trail that undoes
//! every change back to a mark, so the search never copies the grid.

use super::tables::{tables, Tables, ALL};
use crate::ir::Kakuro;

/// A cell's missing run in one direction (a lone white cell without clue).
pub(super) const NO_RUN: u32 = u32::MAX;

/// The grid as the search sees it: cells (the variables, in the IR's order)
/// and runs, with the runs' cells stored flat.
pub(super) struct Net {
    /// The across and down run of each cell, or [`NO_RUN`].
    pub cell_runs: Vec<[u32; 2]>,
    pub run_sum: Vec<u32>,
    run_start: Vec<usize>,
    run_cells: Vec<u32>,
    /// The given digit of each cell, 0 when none.
    pub givens: Vec<u8>,
}

impl Net {
    pub fn new(kakuro: &Kakuro) -> Net {
        let n = kakuro.whites.len();
        let mut cell_runs = vec![[NO_RUN; 2]; n];
        let mut run_start = vec![0];
        let mut run_cells = Vec::new();
        for (r, run) in kakuro.runs.iter().enumerate() {
            let slot = match run.direction {
                crate::ir::Direction::Across => 0,
                crate::ir::Direction::Down => 1,
            };
            for &v in &run.vars {
                cell_runs[v][slot] = r as u32;
                run_cells.push(v as u32);
            }
            run_start.push(run_cells.len());
        }
        Net {
            cell_runs,
            run_sum: kakuro.runs.iter().map(|r| r.sum).collect(),
            run_start,
            run_cells,
            givens: kakuro.givens(),
        }
    }

    pub fn cells(&self) -> usize {
        self.givens.len()
    }

    pub fn runs(&self) -> usize {
        self.run_sum.len()
    }

    pub fn run_cells(&self, r: usize) -> &[u32] {
        &self.run_cells[self.run_start[r]..self.run_start[r + 1]]
    }
}

enum Undo {
    /// A cell's candidates before a change.
    Cand(u32, u16),
    /// A cell was given a digit.
    Assign(u32),
}

pub(super) struct State<'a> {
    net: &'a Net,
    tables: &'static Tables,
    /// Candidate digits of each cell (a single bit once assigned).
    pub cand: Vec<u16>,
    /// The digit of each cell, 0 while open.
    pub value: Vec<u8>,
    /// Digits placed in each run.
    used: Vec<u16>,
    /// Sum still to make in each run.
    rem_sum: Vec<u32>,
    /// Open cells of each run.
    rem_len: Vec<u8>,
    trail: Vec<Undo>,
    queue: Vec<u32>,
    queued: Vec<bool>,
}

impl<'a> State<'a> {
    /// The state before any deduction: givens not yet placed.
    pub fn new(net: &'a Net) -> State<'a> {
        let runs = net.runs();
        State {
            net,
            tables: tables(),
            cand: vec![ALL; net.cells()],
            value: vec![0; net.cells()],
            used: vec![0; runs],
            rem_sum: net.run_sum.clone(),
            rem_len: (0..runs).map(|r| net.run_cells(r).len() as u8).collect(),
            trail: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; runs],
        }
    }

    /// Places the givens and propagates every run; false when the grid has
    /// no solution.
    pub fn start(&mut self) -> bool {
        for r in 0..self.net.runs() {
            self.enqueue(r as u32);
        }
        for c in 0..self.net.cells() {
            let d = self.net.givens[c];
            if d != 0 && !self.assign(c, u32::from(d)) {
                return false;
            }
        }
        self.propagate()
    }

    /// A point to [`State::undo`] back to.
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    pub fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Undo::Cand(c, old)) => self.cand[c as usize] = old,
                Some(Undo::Assign(c)) => {
                    let c = c as usize;
                    let d = self.value[c];
                    self.value[c] = 0;
                    for r in self.net.cell_runs[c] {
                        if r != NO_RUN {
                            let r = r as usize;
                            self.used[r] &= !(1 << d);
                            self.rem_sum[r] += u32::from(d);
                            self.rem_len[r] += 1;
                        }
                    }
                }
                None => break,
            }
        }
        self.clear_queue();
    }

    fn clear_queue(&mut self) {
        for &r in &self.queue {
            self.queued[r as usize] = false;
        }
        self.queue.clear();
    }

    fn enqueue(&mut self, r: u32) {
        if r != NO_RUN && !self.queued[r as usize] {
            self.queued[r as usize] = true;
            self.queue.push(r);
        }
    }

    fn set_cand(&mut self, c: usize, new: u16) {
        if self.cand[c] != new {
            self.trail.push(Undo::Cand(c as u32, self.cand[c]));
            self.cand[c] = new;
        }
    }

    /// Gives cell `c` the digit `d`; false when that breaks a run at once.
    /// Its runs are queued for [`State::propagate`].
    pub fn assign(&mut self, c: usize, d: u32) -> bool {
        if self.value[c] != 0 {
            return u32::from(self.value[c]) == d;
        }
        let bit = 1u16 << d;
        if self.cand[c] & bit == 0 {
            return false;
        }
        let runs = self.net.cell_runs[c];
        for r in runs {
            if r != NO_RUN && (self.used[r as usize] & bit != 0 || self.rem_sum[r as usize] < d) {
                return false;
            }
        }
        self.set_cand(c, bit);
        self.value[c] = d as u8;
        for r in runs {
            if r != NO_RUN {
                let i = r as usize;
                self.used[i] |= bit;
                self.rem_sum[i] -= d;
                self.rem_len[i] -= 1;
                self.enqueue(r);
            }
        }
        self.trail.push(Undo::Assign(c as u32));
        true
    }

    /// Revises queued runs until nothing changes; false on a contradiction
    /// (the queue is then empty and the caller undoes).
    pub fn propagate(&mut self) -> bool {
        while let Some(r) = self.queue.pop() {
            self.queued[r as usize] = false;
            if !self.revise(r as usize) {
                self.clear_queue();
                return false;
            }
        }
        true
    }

    /// Narrows the open cells of run `r` to the digits some filling of the
    /// run can give them, and places singles. See the module documentation
    /// of [`super`] for the rules and why they are sound.
    fn revise(&mut self, r: usize) -> bool {
        let len = usize::from(self.rem_len[r]);
        let sum = self.rem_sum[r];
        if len == 0 {
            return sum == 0;
        }
        let used = self.used[r];
        let net = self.net;
        let cells = net.run_cells(r);
        // The seeds' table first: digits the run can still take at all.
        let possible = self.tables.rest(cells.len(), net.run_sum[r], used);
        let mut open = [0usize; 9];
        let mut cand = [0u16; 9];
        let mut k = 0;
        let mut union = 0;
        for &c in cells {
            let c = c as usize;
            if self.value[c] == 0 && k < 9 {
                open[k] = c;
                cand[k] = self.cand[c] & possible;
                union |= cand[k];
                k += 1;
            }
        }
        let mut support = [0u16; 9];
        let mut required = ALL;
        let mut feasible = false;
        for &set in self.tables.combos(len, sum) {
            if set & used != 0 || set & !union != 0 {
                continue;
            }
            if let Some(fits) = fit(&cand[..k], set) {
                feasible = true;
                required &= set;
                for i in 0..k {
                    support[i] |= fits[i];
                }
            }
        }
        if !feasible {
            return false;
        }
        // A digit every filling needs and one cell left to hold it.
        let mut singles = [0u16; 9];
        let mut rest = required;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let mut holders = (0..k).filter(|&i| support[i] & bit != 0);
            match (holders.next(), holders.next()) {
                (None, _) => return false,
                (Some(i), None) => singles[i] |= bit,
                _ => {}
            }
        }
        for i in 0..k {
            let c = open[i];
            let new = if singles[i] != 0 {
                singles[i]
            } else {
                support[i]
            };
            if new == 0 || new & (new - 1) != 0 && singles[i] != 0 {
                return false;
            }
            if new != self.cand[c] {
                self.set_cand(c, new);
                let [a, b] = net.cell_runs[c];
                let other = if a as usize == r { b } else { a };
                self.enqueue(other);
            }
        }
        for &c in &open[..k] {
            let d = self.cand[c];
            if d & (d - 1) == 0 && !self.assign(c, d.trailing_zeros()) {
                return false;
            }
        }
        true
    }

    /// The open cell of `group` with the fewest candidates, if any is open.
    pub fn pick(&self, group: &[u32]) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for &c in group {
            let c = c as usize;
            if self.value[c] != 0 {
                continue;
            }
            let n = self.cand[c].count_ones();
            if best.is_none_or(|(m, _)| n < m) {
                best = Some((n, c));
                if n <= 2 {
                    break;
                }
            }
        }
        best.map(|(_, c)| c)
    }
}

/// Whether the open cells with candidates `cand` can be filled with exactly
/// the digits of `set`, by quick necessary tests; if so, the digits of
/// `set` each cell may take. Every digit of `set` must have a holder
/// (checked by the caller), each cell must hold one; a cell holding a
/// single digit of `set` takes it, and two such cells may not share it; a
/// digit only one cell holds goes to that cell, which can take no other.
fn fit(cand: &[u16], set: u16) -> Option<[u16; 9]> {
    let (mut once, mut twice) = (0u16, 0u16);
    let (mut forced, mut forced_twice) = (0u16, 0u16);
    for &c in cand {
        let x = c & set;
        if x == 0 {
            return None;
        }
        twice |= once & x;
        once |= x;
        if x & (x - 1) == 0 {
            forced_twice |= forced & x;
            forced |= x;
        }
    }
    if forced_twice != 0 {
        return None;
    }
    let alone = set & !twice;
    let mut fits = [0u16; 9];
    for (i, &c) in cand.iter().enumerate() {
        let x = c & set;
        let sole = x & alone;
        if sole & sole.wrapping_sub(1) != 0 {
            return None;
        }
        let own = if x & (x - 1) == 0 { x } else { 0 };
        let allowed = if sole != 0 { sole } else { x };
        fits[i] = allowed & !(forced & !own);
    }
    Some(fits)
}
