//! Grading Kakuro grids by the steps a person takes. Each white cell keeps
//! its pencil marks (candidates); the rules below, easiest first, remove
//! marks until every cell has one, or until none applies and the puzzle
//! needs guessing. After each step the search starts again from the
//! easiest rule, so a harder rule is only used when nothing easier works.
//!
//! Easy (`basic.rs`):
//! - **naked single**: a cell with one candidate left holds that digit, so
//!   no other cell of its across or down run can.
//! - **unique sum**: some clues can only be made one way: 16 in two cells
//!   is 7 + 9, 6 in three is 1 + 2 + 3, 41 in eight is everything but 4.
//!   Every cell of such a run holds a digit of that set.
//! - **crossing runs**: a cell holds a digit both of its runs can use (a
//!   digit of some set of the right size and sum that keeps the digits
//!   already placed): a cell crossed by 16 in two (7, 9) and 23 in three
//!   (6, 8, 9) is 9.
//! - **last cells**: when a run has one or two cells left open, they make
//!   what the placed digits leave of its sum: one cell is that remainder;
//!   of two, each is the remainder less a digit the other can take (11
//!   left, the other cell 2, 3 or 4: this one is 9, 8 or 7).
//! - **sum combinations**: of the digit sets that make a run's sum, keep
//!   those that fit the pencil marks (every cell can take one of its
//!   digits, each of its digits fits some cell, placed digits are in it);
//!   a cell holds a digit of one of the sets kept.
//!
//! Medium (`runs.rs`):
//! - **hidden single**: a digit every remaining set of a run needs, which
//!   only one cell of the run can hold, goes in that cell.
//! - **naked pair** / **naked triple** / **naked subset**: k cells of a run
//!   whose marks are only k digits between them take those digits, so the
//!   run's other cells cannot.
//! - **combination elimination**: try every way to fill the run from the
//!   pencil marks, the cells together (different digits, the right sum);
//!   a mark no filling uses goes.
//!
//! Hard (`areas.rs`):
//! - **innies and outies**: in a band of whole rows (or columns), the
//!   across runs add up to their clues' total; the down runs crossing the
//!   band add up to theirs; what differs is the few cells of those down
//!   runs that stick out of the band (outies), or, with only the down runs
//!   inside the band, the cells of the band no such run covers (innies):
//!   they have a known sum, which narrows them.
//! - **block innies and outies** (`blocks.rs`): the same on a block of the
//!   grid that is not whole rows or columns (up to 4 by 4): the runs of
//!   one direction reaching into the block against those of the other
//!   lying wholly in it; their totals differ by the reaching runs' cells
//!   outside the block and the block's cells the lying runs miss. Tried
//!   on up to six open cells, most of them often placed already.
//!
//! Cryptic Kakuro (`cryptic.rs`, `clues.rs`): letters in cells and in
//! clues, each letter one digit (0–9; 1–9 in a cell; a clue word of two
//! letters or more does not start with 0; letters differ unless
//! `repeats`). The board's variables are the plain cells and the letters:
//! a cell holding a letter *is* that letter, so its pencil marks are the
//! letter's wherever it stands. A run whose clue is a word has the sums
//! its letters can still make (`CC` is 11, 22, ...), and every rule above
//! reads them: a run's cells take the digits of the sets of any of its
//! sums; the rules that need one sum (unique sum, last cells, innies and
//! outies) wait for it. The rules of the letters and the clue words:
//! - **taken digit** (easy): a letter with one digit left: no other letter
//!   has it.
//! - **clue range** (easy): a run's cells add up to between the least and
//!   the most their candidates allow (two cells: 3 to 17), so its clue
//!   word is too: `JC` over two cells is at most 17, so J is 1.
//! - **hidden letter** (medium): when the letters can take only as many
//!   digits as there are letters (ten letters, ten digits), each of those
//!   digits is some letter's; a digit only one letter can take is its.
//! - **clue sums** (medium): the exact sums the cells can make, gaps
//!   included (1 and 3 or 9 make 4 or 10), narrow the clue word's letters.
//! - **letter subset** (medium): k letters with k digits between them own
//!   those digits; no other letter takes them.
//! - **clue and cells** (medium): every value of a run's clue word tried
//!   with every filling of its cells, the same letter the same digit in
//!   the clue and a cell, different letters different digits: what no
//!   such pair uses goes, from the cells and the clue's letters.
//!
//! Conditions after `with` (`A < B`) are not used by the rules.
//!
//! Every step is checked against the known solution before it is applied.

mod areas;
mod basic;
mod blocks;
mod calibrate;
mod clues;
mod cryptic;
mod runs;
/// Unit tests, run by `cargo test`.
#[cfg(test)]
mod tests;

use std::cell::Cell;

use crate::{Direction, Kakuro, Run, Sum};
use crypta_substrate::grade::{digits_of, Difficulty, GradeError, Graded, Grading, Step, Text};
use crypta_substrate::solve::{Budget, Limits};
use crypta_substrate::sums::{max_sum, min_sum, ALL};

pub use cryptic::grade_cryptic;
pub use cryptic::grade_cryptic_within;

/// The pencil marks of a grid during grading, and what changed when, so
/// that a rule looks again only where something changed since it last
/// found nothing: a large grid takes thousands of steps, and scanning the
/// whole grid for each would take time in their product.
///
/// The board's variables are the puzzle's: for a plain grid its white
/// cells; for a cryptic one its white cells, then its letters, a cell
/// holding a letter being that letter's variable in every run (its own
/// slot is idle).
pub(super) struct Board<'a> {
    /// The grid: its shape, and its runs by white cell (the areas' geometry).
    kakuro: &'a Kakuro,
    /// The runs by board variable, in the grid's order.
    runs: Vec<Run>,
    /// The sums each run may still have, bit `s` for sum `s`: one bit for
    /// a number clue; for a clue word, the values its letters can still
    /// make.
    sums: Vec<u64>,
    /// Each run's clue word, when written in letters.
    clues: Vec<Option<Clue>>,
    /// The variables that hold a digit of their own (not a lettered cell's
    /// idle slot).
    live: Vec<bool>,
    /// The letters in the all-different rule.
    distinct: Vec<bool>,
    /// Candidates per variable, bit `d` for digit `d`.
    cand: Vec<u16>,
    /// The runs each variable is in (across runs first).
    runs_of: Vec<Vec<usize>>,
    /// The runs whose clue word holds each variable.
    clue_runs_of: Vec<Vec<usize>>,
    /// Steps applied so far.
    stamp: u64,
    /// When a cell of each run, or a letter of its clue, last changed.
    run_stamp: Vec<u64>,
    /// When each variable, or a cell of one of its runs, last changed.
    cell_stamp: Vec<u64>,
    /// Per rule and item (run or variable): the stamp at which the rule
    /// last found nothing there.
    quiet: Vec<Vec<Cell<u64>>>,
    /// The stamp at which the area rule last found nothing anywhere.
    areas_quiet: Cell<u64>,
    /// The same for the block rule.
    blocks_quiet: Cell<u64>,
}

/// A clue written in letters: its value is `constant + Σ weight · letter`.
#[derive(Clone, Debug)]
pub(super) struct Clue {
    /// As written: `CC`, `J3`.
    text: String,
    /// The letters (board variables) with their place values; a letter
    /// twice (`CC`) is one term of weight 11.
    terms: Vec<(u32, usize)>,
    constant: u32,
}

/// The rules that look at one run or one cell at a time, each with its
/// own record of where it found nothing.
#[derive(Clone, Copy)]
pub(super) enum Slot {
    NakedSingle,
    UniqueSum,
    CrossingRuns,
    LastCells,
    SumCombinations,
    HiddenSingle,
    NakedSubset,
    CombinationElimination,
    ClueRange,
    ClueSums,
    ClueAndCells,
}

const SLOTS: usize = 11;

/// What a rule found, before it is checked and applied.
pub(super) struct Deduction {
    rule: &'static str,
    level: Difficulty,
    /// The variables looked at.
    touched: Vec<usize>,
    why: String,
    /// Candidates removed per variable; each removes at least one.
    removed: Vec<(usize, u16)>,
}

/// A rule: the first deduction it finds on the board, if any.
type Rule = fn(&Board) -> Option<Deduction>;

/// Every rule of a plain grid, easiest first.
const RULES: &[Rule] = &[
    basic::naked_single,
    basic::unique_sum,
    basic::crossing_runs,
    basic::last_cells,
    basic::sum_combinations,
    runs::hidden_single,
    runs::naked_subset,
    runs::combination_elimination,
    areas::innies_outies,
    blocks::block_innies_outies,
];

/// Grades `kakuro` by steps from its one known solution `solution` (one
/// digit per white cell). An `Err` is a bug: a rule removed a digit of
/// the solution.
// Without a limit: for the tests.
pub fn grade(kakuro: &Kakuro, solution: &[u8]) -> Result<Graded, GradeError> {
    grade_within(kakuro, solution, &mut Budget::new(&Limits::default()))
}

/// [`grade`] within `budget`, a node a step: when it runs out the steps
/// so far are returned, unsolved, and [`Budget::spent`] says so.
pub fn grade_within(
    kakuro: &Kakuro,
    solution: &[u8],
    budget: &mut Budget,
) -> Result<Graded, GradeError> {
    if solution.len() != kakuro.whites.len() {
        return Err(GradeError::WrongSize);
    }
    run_rules(Board::new(kakuro), RULES, solution, budget)
}

/// Applies the first deduction of `rules`, easiest first, until the board
/// is solved, none applies or `budget` runs out (a node a step: a step on
/// a big grid scans many runs).
fn run_rules(
    mut board: Board,
    rules: &[Rule],
    solution: &[u8],
    budget: &mut Budget,
) -> Result<Graded, GradeError> {
    let mut steps = Vec::new();
    while !board.solved() && !budget.tick() {
        let Some(found) = rules.iter().find_map(|rule| rule(&board)) else {
            break;
        };
        steps.push(board.apply(found, solution)?);
    }
    let live = (0..board.cand.len()).filter(|&v| board.live[v]);
    let fixed = live
        .clone()
        .filter(|&v| board.cand[v].count_ones() == 1)
        .count();
    Ok(Graded {
        grading: calibrate::felt(Grading::of(steps, board.solved())),
        fixed,
        variables: live.count(),
    })
}

/// The bit of sum `s` in a set of sums.
fn sum_bit(s: u32) -> u64 {
    1u64.checked_shl(s).unwrap_or(0)
}

/// The sums a run's clue allows, bit `s` for sum `s`: one bit for a
/// given sum; for `?`, every sum its cells can make, so that the rules
/// that need one sum pass it by and the others read it as any run.
fn clue_bits(run: &Run) -> u64 {
    match run.sum {
        Sum::Given(s) => sum_bit(s),
        Sum::Any => {
            let len = run.vars.len();
            (min_sum(len)..=max_sum(len)).fold(0, |bits, s| bits | sum_bit(s))
        }
    }
}

impl<'a> Board<'a> {
    /// Every cell may hold any digit, except a given, which holds its own.
    pub(super) fn new(kakuro: &'a Kakuro) -> Board<'a> {
        let cand = kakuro
            .givens()
            .iter()
            .map(|&g| if g == 0 { ALL } else { 1 << g })
            .collect();
        let n = kakuro.whites.len();
        Board::build(
            kakuro,
            kakuro.runs.clone(),
            vec![None; kakuro.runs.len()],
            cand,
            vec![true; n],
            vec![false; n],
        )
    }

    /// A board of `runs` (by board variable) with their `clues`, from the
    /// candidates `cand`; an idle variable (`live` false) is never read.
    #[allow(clippy::too_many_arguments)]
    fn build(
        kakuro: &'a Kakuro,
        runs: Vec<Run>,
        clues: Vec<Option<Clue>>,
        cand: Vec<u16>,
        live: Vec<bool>,
        distinct: Vec<bool>,
    ) -> Board<'a> {
        let n = cand.len();
        let mut runs_of = vec![Vec::new(); n];
        let mut clue_runs_of = vec![Vec::new(); n];
        for (r, run) in runs.iter().enumerate() {
            for &v in &run.vars {
                runs_of[v].push(r);
            }
            for &(_, v) in clues[r].iter().flat_map(|c| &c.terms) {
                clue_runs_of[v].push(r);
            }
        }
        for runs_here in &mut runs_of {
            runs_here.sort_by_key(|&r| runs[r].direction != Direction::Across);
        }
        let items = runs.len().max(n);
        let mut board = Board {
            kakuro,
            sums: runs.iter().map(clue_bits).collect(),
            runs,
            clues,
            live,
            distinct,
            cand,
            runs_of,
            clue_runs_of,
            stamp: 1,
            run_stamp: Vec::new(),
            cell_stamp: vec![1; n],
            quiet: (0..SLOTS)
                .map(|_| (0..items).map(|_| Cell::new(0)).collect())
                .collect(),
            areas_quiet: Cell::new(0),
            blocks_quiet: Cell::new(0),
        };
        board.run_stamp = vec![1; board.runs.len()];
        for r in 0..board.runs.len() {
            if board.clues[r].is_some() {
                board.sums[r] = clues::clue_sums(&board, r);
            }
        }
        board
    }

    /// The first deduction `find` makes on a run that changed since the
    /// rule in `slot` last found nothing there, in the order of the runs.
    pub(super) fn scan_runs(
        &self,
        slot: Slot,
        find: impl Fn(usize, &Run) -> Option<Deduction>,
    ) -> Option<Deduction> {
        let quiet = &self.quiet[slot as usize];
        self.runs.iter().enumerate().find_map(|(r, run)| {
            if quiet[r].get() >= self.run_stamp[r] {
                return None;
            }
            let found = find(r, run);
            if found.is_none() {
                quiet[r].set(self.stamp);
            }
            found
        })
    }

    /// As [`Board::scan_runs`], over the variables: a cell's rule may read
    /// the cell and the cells of its runs.
    pub(super) fn scan_cells(
        &self,
        slot: Slot,
        find: impl Fn(usize) -> Option<Deduction>,
    ) -> Option<Deduction> {
        let quiet = &self.quiet[slot as usize];
        (0..self.cand.len()).find_map(|v| {
            if quiet[v].get() >= self.cell_stamp[v] {
                return None;
            }
            let found = find(v);
            if found.is_none() {
                quiet[v].set(self.stamp);
            }
            found
        })
    }

    /// Whether the area rule must look again: something changed since it
    /// last found nothing. It then counts as looked at.
    pub(super) fn areas_changed(&self) -> bool {
        let changed = self.areas_quiet.get() < self.stamp;
        self.areas_quiet.set(self.stamp);
        changed
    }

    /// As [`Board::areas_changed`], for the block rule.
    pub(super) fn blocks_changed(&self) -> bool {
        let changed = self.blocks_quiet.get() < self.stamp;
        self.blocks_quiet.set(self.stamp);
        changed
    }

    /// One candidate left in every variable that holds a digit.
    fn solved(&self) -> bool {
        self.cand
            .iter()
            .zip(&self.live)
            .all(|(c, &live)| !live || c.count_ones() == 1)
    }

    /// Checks `found` against the solution, applies it, and names it.
    fn apply(&mut self, found: Deduction, solution: &[u8]) -> Result<Step, GradeError> {
        let mut removed = Vec::new();
        for &(v, set) in &found.removed {
            let digit = solution.get(v).map_or(0, |&d| 1u16 << d);
            if set & digit != 0 {
                return Err(GradeError::RemovedSolution {
                    rule: found.rule,
                    digit: solution[v],
                    cell: self.name(v),
                    why: found.why,
                });
            }
            if set & self.cand[v] != set || set == 0 {
                return Err(GradeError::RemovedAbsent {
                    rule: found.rule,
                    cell: self.name(v),
                });
            }
            self.cand[v] &= !set;
            self.touch(v);
            removed.push((Text::var(v), digits_of(set)));
        }
        if removed.is_empty() {
            return Err(GradeError::RemovedNothing { rule: found.rule });
        }
        Ok(Step {
            rule: found.rule,
            level: found.level,
            touched: found.touched.iter().map(|&v| Text::var(v)).collect(),
            why: Text::from(found.why),
            removed,
        })
    }

    /// Records that `v`'s candidates changed at a new stamp; the runs whose
    /// clue word holds `v` have their sums worked out again.
    fn touch(&mut self, v: usize) {
        self.stamp += 1;
        let stamp = self.stamp;
        self.cell_stamp[v] = stamp;
        let clue_runs = self.clue_runs_of[v].clone();
        for &r in &clue_runs {
            self.sums[r] = clues::clue_sums(self, r);
        }
        for &r in self.runs_of[v].iter().chain(&clue_runs) {
            self.run_stamp[r] = stamp;
            for &m in &self.runs[r].vars {
                self.cell_stamp[m] = stamp;
            }
        }
    }

    /// A variable in a step's text: its name (`r3c4`, or a letter) is
    /// filled in when the step is shown.
    fn name(&self, v: usize) -> String {
        crypta_substrate::grade::var(v)
    }

    /// A grid cell's name by its index.
    fn cell_name(&self, cell: usize) -> String {
        let cols = self.kakuro.cols.max(1);
        format!("r{}c{}", cell / cols + 1, cell % cols + 1)
    }

    /// The one sum run `r` can have, when it is known.
    fn known_sum(&self, r: usize) -> Option<u32> {
        (self.sums[r].count_ones() == 1).then(|| self.sums[r].trailing_zeros())
    }

    /// The sums run `r` may have, in increasing order.
    fn sums_of(&self, r: usize) -> impl Iterator<Item = u32> + '_ {
        (0..64).filter(move |&s| self.sums[r] >> s & 1 == 1)
    }

    /// Run `r` as a person points at it: `16 across at r2c1`; with a clue
    /// word, `CC across at r1c3`, or `CC (22) across at r1c3` once known.
    fn run_name(&self, r: usize) -> String {
        let run = &self.runs[r];
        let way = match run.direction {
            Direction::Across => "across",
            Direction::Down => "down",
        };
        let clue = match (&self.clues[r], self.known_sum(r)) {
            (None, _) if run.sum == Sum::Any => "any-sum".to_string(),
            (None, _) => run.sum.to_string(),
            (Some(word), None) => word.text.clone(),
            (Some(word), Some(sum)) => format!("{} ({})", word.text, sum),
        };
        format!("{} {} at {}", clue, way, self.cell_name(run.clue))
    }

    /// The digit of a variable with one candidate.
    fn placed(&self, v: usize) -> Option<u16> {
        let c = self.cand[v];
        (c.count_ones() == 1).then_some(c)
    }

    /// The one variable of `vars` that can take `digit`, with the other
    /// marks it then loses: `None` when several can, or it has no others.
    fn only_home(&self, vars: &[usize], digit: u16) -> Option<(usize, u16)> {
        let [only] = vars
            .iter()
            .copied()
            .filter(|&v| self.cand[v] & digit != 0)
            .collect::<Vec<_>>()[..]
        else {
            return None;
        };
        let gone = self.cand[only] & !digit;
        (gone != 0).then_some((only, gone))
    }

    /// A run's cells with more than one candidate left.
    fn open_in(&self, run: &Run) -> Vec<usize> {
        run.vars
            .iter()
            .copied()
            .filter(|&v| self.placed(v).is_none())
            .collect()
    }

    /// The digits placed in a run's cells.
    fn placed_in(&self, run: &Run) -> u16 {
        run.vars
            .iter()
            .filter_map(|&v| self.placed(v))
            .fold(0, |a, b| a | b)
    }

    /// The digit sets that make one of run `r`'s sums and fit its pencil
    /// marks: every placed digit is in the set, every cell can take one of
    /// its digits, and each of its digits fits some cell.
    fn fitting_sets(&self, r: usize) -> Vec<u16> {
        let run = &self.runs[r];
        let placed = self.placed_in(run);
        let marks = run.vars.iter().fold(0, |a, &v| a | self.cand[v]);
        self.sums_of(r)
            .flat_map(|sum| crypta_substrate::sums::tables().combos(run.vars.len(), sum))
            .copied()
            .filter(|&set| {
                set & placed == placed
                    && set & marks == set
                    && run.vars.iter().all(|&v| self.cand[v] & set != 0)
            })
            .collect()
    }

    /// Whether two variables share a run (and so hold different digits).
    fn share_run(&self, a: usize, b: usize) -> bool {
        self.runs_of[a].iter().any(|r| self.runs_of[b].contains(r))
    }
}

/// The removals that narrow each of `vars` to `keep` (those that change).
fn narrow(board: &Board, vars: &[usize], keep: u16) -> Vec<(usize, u16)> {
    vars.iter()
        .filter(|&&v| board.cand[v] & !keep != 0)
        .map(|&v| (v, board.cand[v] & !keep))
        .collect()
}

/// A set of digits written as a sum: `1 + 2 + 6`.
fn sum_text(set: u16) -> String {
    digits_of(set)
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Variable names joined: `r2c3, r2c4`.
fn names(board: &Board, vars: &[usize]) -> String {
    vars.iter()
        .map(|&v| board.name(v))
        .collect::<Vec<_>>()
        .join(", ")
}
