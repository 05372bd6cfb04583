//! The hard Kakuro rule over a block of the grid that is not whole rows or
//! columns: block innies and outies (see the module docs of [`super`]).
//!
//! Take a rectangle of the grid, the runs of one direction that reach into
//! it, and the runs of the other that lie wholly in it. Each cell of the
//! block is in one run of each direction, so the first runs' total less
//! the second runs' is what the first runs have outside the block
//! (outies) and what the second runs leave uncovered inside it (innies),
//! added up: a few cells with a known sum. The sum is worked out as a
//! linear combination of the runs, cell by cell, so it holds whatever the
//! grid's shape (a cell with no run in one direction makes the rectangle
//! useless, not wrong).

use super::areas::{narrow_sum, Sum};
use super::{names, Board, Deduction};
use crate::Direction;
use crypta_substrate::grade::Difficulty;

/// The most open cells a block's sum is tried on: more than a band's
/// four, as a block's innies and outies are often many placed cells and a
/// few open ones (two of Janko's three stalled grids need five or six).
const MAX_CELLS: usize = 6;

/// The longest side of a block tried: the rule looks at every block of
/// each size, so this bounds its time on a large grid (on Janko's 24×28
/// grid a side of 8 cost about four times as much as 4, and the blocks
/// the stalled grids need are 1×3 and 2×4).
const MAX_SIDE: usize = 4;

/// Where a run lies: its line (row of an across run, column of a down
/// one), and its first and last places along the line.
#[derive(Clone, Copy)]
struct Span {
    line: usize,
    first: usize,
    last: usize,
}

/// The first block, smallest first, whose innies and outies narrow a cell.
pub(super) fn block_innies_outies(board: &Board) -> Option<Deduction> {
    if !board.blocks_changed() {
        return None;
    }
    let kakuro = board.kakuro;
    let (rows, cols) = (kakuro.rows, kakuro.cols.max(1));
    let mut spans = Vec::with_capacity(kakuro.runs.len());
    let mut by_row = vec![Vec::new(); rows];
    let mut by_col = vec![Vec::new(); cols];
    for (r, run) in kakuro.runs.iter().enumerate() {
        let first = kakuro.whites[*run.vars.first()?];
        let last = kakuro.whites[*run.vars.last()?];
        let span = match run.direction {
            Direction::Across => Span {
                line: first / cols,
                first: first % cols,
                last: last % cols,
            },
            Direction::Down => Span {
                line: first % cols,
                first: first / cols,
                last: last / cols,
            },
        };
        match run.direction {
            Direction::Across => by_row.get_mut(span.line)?.push(r),
            Direction::Down => by_col.get_mut(span.line)?.push(r),
        }
        spans.push(span);
    }
    // Whole rows or columns are the bands' ([`super::areas`]).
    let mut sizes: Vec<(usize, usize)> = (1..rows.min(MAX_SIDE + 1))
        .flat_map(|h| (1..cols.min(MAX_SIDE + 1)).map(move |w| (h, w)))
        .collect();
    sizes.sort_by_key(|&(h, w)| (h * w, h));
    let block = Block {
        board,
        spans: &spans,
        by_row: &by_row,
        by_col: &by_col,
    };
    for (h, w) in sizes {
        for r0 in 0..=rows - h {
            for c0 in 0..=cols - w {
                for across_reach in [true, false] {
                    let found = block.try_block(r0, r0 + h - 1, c0, c0 + w - 1, across_reach);
                    if found.is_some() {
                        return found;
                    }
                }
            }
        }
    }
    None
}

/// The grid's runs by where they lie, for trying blocks.
struct Block<'b, 'a> {
    board: &'b Board<'a>,
    spans: &'b [Span],
    by_row: &'b [Vec<usize>],
    by_col: &'b [Vec<usize>],
}

impl Block<'_, '_> {
    /// Rows `r0..=r1`, columns `c0..=c1`: the across runs reaching into the
    /// block against the down runs lying in it (`across_reach`), or the
    /// other way round.
    fn try_block(
        &self,
        r0: usize,
        r1: usize,
        c0: usize,
        c1: usize,
        across_reach: bool,
    ) -> Option<Deduction> {
        let board = self.board;
        // A reaching run adds its cells, a run lying in the block takes
        // them away: what is left, each once, is the innies and outies.
        let mut terms: Vec<(usize, i32)> = Vec::new();
        let (mut reach_total, mut inside_total) = (0i64, 0i64);
        let (mut reach_runs, mut inside_runs, mut outies) = (0, 0, 0);
        let sides = [
            (self.by_row, r0..=r1, (c0, c1), across_reach),
            (self.by_col, c0..=c1, (r0, r1), !across_reach),
        ];
        for (lines, range, (lo, hi), reach) in sides {
            for line in range {
                for &r in &lines[line] {
                    let span = self.spans[r];
                    if span.last < lo || span.first > hi {
                        continue;
                    }
                    let inside = span.first >= lo && span.last <= hi;
                    if !reach && !inside {
                        continue;
                    }
                    let sum = i64::from(board.known_sum(r)?);
                    if reach {
                        reach_total += sum;
                        reach_runs += 1;
                    } else {
                        inside_total += sum;
                        inside_runs += 1;
                    }
                    let vars = &board.runs[r].vars;
                    if reach {
                        // Its open cells outside the block stay: too many, and
                        // the block is no use.
                        let out = (span.first..=span.last)
                            .zip(vars)
                            .filter(|&(at, &v)| {
                                !(lo..=hi).contains(&at) && board.placed(v).is_none()
                            })
                            .count();
                        outies += out;
                        if outies > MAX_CELLS {
                            return None;
                        }
                    }
                    let sign = if reach { 1 } else { -1 };
                    terms.extend(vars.iter().map(|&v| (v, sign)));
                }
            }
        }
        if reach_runs == 0 || inside_runs == 0 {
            return None;
        }
        terms.sort_unstable();
        let mut area: Vec<(usize, i32)> = Vec::new();
        for (v, c) in terms {
            match area.last_mut() {
                Some((w, total)) if *w == v => *total += c,
                _ => area.push((v, c)),
            }
        }
        area.retain(|&(_, c)| c != 0);
        if area.is_empty() || area.iter().any(|&(_, c)| c != 1) {
            return None;
        }
        let cells: Vec<usize> = area.iter().map(|&(v, _)| v).collect();
        let total = reach_total - inside_total;
        let Sum {
            placed,
            left,
            removed,
            each,
            ..
        } = narrow_sum(board, &cells, total, MAX_CELLS)?;
        let (reach, lie) = if across_reach {
            ("across", "down")
        } else {
            ("down", "across")
        };
        let corner = |r: usize, c: usize| format!("r{}c{}", r + 1, c + 1);
        let placed_note = if placed == 0 {
            String::new()
        } else {
            format!(", {} once the placed digits are taken off", left)
        };
        Some(Deduction {
            rule: "block innies and outies",
            level: Difficulty::Hard,
            touched: cells.clone(),
            why: format!(
                "in the block {} to {}, the {} runs reaching into it add up to {} and the {} runs lying in it to {}, so {} {} {}{}: {}",
                corner(r0, c0),
                corner(r1, c1),
                reach,
                reach_total,
                lie,
                inside_total,
                names(board, &cells),
                if cells.len() == 1 { "is" } else { "add up to" },
                total,
                placed_note,
                each
            ),
            removed,
        })
    }
}
