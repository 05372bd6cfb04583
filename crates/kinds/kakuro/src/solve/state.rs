//! The search state of a Kakuro grid and its propagation: candidate digit
//! sets per cell, digits used and sum left per run, and a trail that undoes
//! every change back to a mark, so the search never copies the grid.

use super::runs::support;
use crate::Kakuro;
use crypta_substrate::rng::Rng;
use crypta_substrate::sums::{tables, Tables, ALL};

/// A cell's missing run in one direction (a lone white cell without clue).
pub(super) const NO_RUN: u32 = u32::MAX;

/// The sum a `?` run starts with: more than any run can make, so that the
/// sum checks never bind it; only its digits differ.
pub(super) const ANY_SUM: u32 = 1 << 16;

/// The grid as the search sees it: cells (the variables, in the IR's order)
/// and runs, with the runs' cells stored flat.
pub(super) struct Net {
    /// The across and down run of each cell, or [`NO_RUN`].
    pub cell_runs: Vec<[u32; 2]>,
    /// Each run's sum; [`ANY_SUM`] for a `?` run.
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
                crate::Direction::Across => 0,
                crate::Direction::Down => 1,
            };
            for &v in &run.vars {
                cell_runs[v][slot] = r as u32;
                run_cells.push(v as u32);
            }
            run_start.push(run_cells.len());
        }
        Net {
            cell_runs,
            run_sum: kakuro
                .runs
                .iter()
                .map(|r| r.sum.given().unwrap_or(ANY_SUM))
                .collect(),
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
    /// How often each run failed: the search prefers cells of runs that
    /// keep failing (never undone).
    weight: Vec<u32>,
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
            weight: vec![1; runs],
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

    /// The sum still to make in run `r` and the digits placed in it.
    pub fn run_state(&self, r: usize) -> (u32, u16) {
        (self.rem_sum[r], self.used[r])
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

    /// Narrows the open cells of run `r` to exactly the digits some filling
    /// of the run gives them, and places the cells left with one digit.
    fn revise(&mut self, r: usize) -> bool {
        let ok = self.revise_run(r);
        if !ok {
            self.weight[r] = self.weight[r].saturating_add(1);
        }
        ok
    }

    fn revise_run(&mut self, r: usize) -> bool {
        let len = usize::from(self.rem_len[r]);
        let any = self.net.run_sum[r] == ANY_SUM;
        let sum = self.rem_sum[r];
        if len == 0 {
            return any || sum == 0;
        }
        let used = self.used[r];
        let net = self.net;
        if len > 9 {
            return false;
        }
        let cells = net.run_cells(r);
        // The seeds' table first: the digits the run can still take at all.
        let possible = if any {
            crypta_substrate::sums::ALL & !used
        } else {
            self.tables.rest(cells.len(), net.run_sum[r], used)
        };
        let mut open = [0usize; 9];
        let mut cand = [0u16; 9];
        let mut k = 0;
        for &c in cells {
            let c = c as usize;
            if self.value[c] == 0 && k < 9 {
                open[k] = c;
                cand[k] = self.cand[c] & possible;
                k += 1;
            }
        }
        let support = support(self.tables, len, (!any).then_some(sum), &cand);
        if (0..k).all(|i| support[i] == self.cand[open[i]]) {
            return true;
        }
        for i in 0..k {
            let c = open[i];
            if support[i] == 0 {
                return false;
            }
            if support[i] != self.cand[c] {
                self.set_cand(c, support[i]);
                let [a, b] = net.cell_runs[c];
                self.enqueue(if a as usize == r { b } else { a });
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

    /// The open cell of `group` to branch on: fewest candidates for the
    /// weight of its runs' failures (dom/wdeg), so that the search goes
    /// where the grid is tight and where it has failed before.
    /// With `rng`, ties are broken at random.
    pub fn pick(&self, group: &[u32], mut rng: Option<&mut Rng>) -> Option<usize> {
        let mut best: Option<(u64, u64, usize)> = None;
        let mut ties = 0;
        for &c in group {
            let c = c as usize;
            if self.value[c] != 0 {
                continue;
            }
            let n = u64::from(self.cand[c].count_ones());
            let w: u64 = self.net.cell_runs[c]
                .iter()
                .filter(|&&r| r != NO_RUN)
                .map(|&r| u64::from(self.weight[r as usize]))
                .sum::<u64>()
                .max(1);
            // n / w < bn / bw, without division.
            match best {
                Some((bn, bw, _)) if n * bw > bn * w => {}
                Some((bn, bw, _)) if n * bw == bn * w => {
                    ties += 1;
                    if rng.as_deref_mut().is_some_and(|r| r.below(ties + 1) == 0) {
                        best = Some((n, w, c));
                    }
                }
                _ => {
                    ties = 0;
                    best = Some((n, w, c));
                }
            }
        }
        best.map(|(_, _, c)| c)
    }
}
