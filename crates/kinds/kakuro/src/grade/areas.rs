//! The hard Kakuro rule, over an area of the grid: innies and outies (see
//! the module docs of [`super`]).
//!
//! A band of whole rows holds exactly the cells of the across runs whose
//! clues are in it. The down runs crossing the band cover those cells and
//! a few more outside it (outies), so the outies add up to the down runs'
//! total less the across runs'. With only the down runs lying wholly in
//! the band, the band's cells they miss (innies) add up to the across
//! runs' total less theirs. Columns work the same way, turned.

use super::{names, Board, Deduction};
use crate::Direction;
use crypta_substrate::grade::{digits_text, Difficulty};

/// The most cells a sum on an area is tried on: past that a person would
/// not add them up, and the narrowing is rarely worth it.
const MAX_CELLS: usize = 4;

/// The first area, smallest band first, whose innies or outies narrow a cell.
pub(super) fn innies_outies(board: &Board) -> Option<Deduction> {
    if !board.areas_changed() {
        return None;
    }
    let lines = |dir| match dir {
        Direction::Across => board.kakuro.rows,
        Direction::Down => board.kakuro.cols,
    };
    let longest = lines(Direction::Across).max(lines(Direction::Down));
    for height in 1..=longest {
        for dir in [Direction::Across, Direction::Down] {
            for lo in 0..lines(dir).saturating_sub(height - 1) {
                let hi = lo + height - 1;
                for wholly_inside in [false, true] {
                    if let Some(found) = band(board, dir, lo, hi, wholly_inside) {
                        return Some(found);
                    }
                }
            }
        }
    }
    None
}

/// The line (row for an across band, column for a down one) of a grid cell.
fn line_of(board: &Board, cell: usize, dir: Direction) -> usize {
    let cols = board.kakuro.cols.max(1);
    match dir {
        Direction::Across => cell / cols,
        Direction::Down => cell % cols,
    }
}

/// The band of lines `lo..=hi` running `dir`: its runs against the runs
/// crossing it (`wholly_inside`: only those lying in the band).
fn band(
    board: &Board,
    dir: Direction,
    lo: usize,
    hi: usize,
    wholly_inside: bool,
) -> Option<Deduction> {
    let kakuro = board.kakuro;
    let inside = |v: usize| (lo..=hi).contains(&line_of(board, kakuro.whites[v], dir));
    // coef[v]: how often v is added (crossing runs) less how often it is
    // subtracted (the band's runs): the cells left over are the area's.
    // Indexed by board variable: a letter in several cells counts once per cell.
    let mut coef = vec![0i8; board.cand.len()];
    let (mut band_total, mut cross_total, mut any_band) = (0i64, 0i64, false);
    for (r, run) in kakuro.runs.iter().enumerate() {
        let vars = &board.runs[r].vars;
        if run.direction == dir {
            if run.vars.first().is_some_and(|&v| inside(v)) {
                any_band = true;
                band_total += i64::from(board.known_sum(r)?);
                vars.iter().for_each(|&v| coef[v] -= 1);
            }
        } else {
            let counted = if wholly_inside {
                run.vars.iter().all(|&v| inside(v))
            } else {
                run.vars.iter().any(|&v| inside(v))
            };
            if counted {
                cross_total += i64::from(board.known_sum(r)?);
                vars.iter().for_each(|&v| coef[v] += 1);
            }
        }
    }
    if !any_band {
        return None;
    }
    let area: Vec<usize> = (0..coef.len()).filter(|&v| coef[v] != 0).collect();
    let sign = coef[*area.first()?];
    if area.iter().any(|&v| coef[v] != sign) || sign.abs() != 1 {
        return None;
    }
    let total = (cross_total - band_total) * i64::from(sign);
    let Sum {
        open,
        placed,
        left,
        removed,
        each,
    } = narrow_sum(board, &area, total, MAX_CELLS)?;
    let (lines, along, across) = match dir {
        Direction::Across => ("row", "across", "down"),
        Direction::Down => ("column", "down", "across"),
    };
    let where_ = if lo == hi {
        format!("{} {}", lines, lo + 1)
    } else {
        format!("{}s {} to {}", lines, lo + 1, hi + 1)
    };
    let (cross, which) = if wholly_inside {
        (format!("the {} runs lying in them", across), "innies")
    } else {
        (format!("the {} runs crossing them", across), "outies")
    };
    let (first, second) = if sign > 0 {
        (cross_total, band_total)
    } else {
        (band_total, cross_total)
    };
    let (first_name, second_name) = if sign > 0 {
        (cross.clone(), format!("their {} runs", along))
    } else {
        (format!("their {} runs", along), cross.clone())
    };
    let placed_cells: Vec<usize> = area
        .iter()
        .copied()
        .filter(|&v| board.placed(v).is_some())
        .collect();
    let open_sum = open
        .iter()
        .map(|&v| board.name(v))
        .collect::<Vec<_>>()
        .join(" + ");
    let placed_note = if placed_cells.is_empty() {
        String::new()
    } else {
        format!(
            "; less the {} placed in {}, {} = {}",
            placed,
            names(board, &placed_cells),
            open_sum,
            left
        )
    };
    Some(Deduction {
        rule: "innies and outies",
        level: Difficulty::Hard,
        touched: area.clone(),
        why: format!(
            "in {}, {} add up to {} and {} to {}, so the {} {} {} {}{}: {}",
            where_,
            first_name,
            first,
            second_name,
            second,
            which,
            names(board, &area),
            if area.len() == 1 { "is" } else { "add up to" },
            total,
            placed_note,
            each
        ),
        removed,
    })
}

/// What adding up to a known total leaves the open cells of an area.
pub(super) struct Sum {
    /// The area's cells with no digit placed yet.
    pub(super) open: Vec<usize>,
    /// The sum of the digits already placed in the area.
    pub(super) placed: i64,
    /// What the open cells must add up to.
    pub(super) left: u32,
    /// The marks no filling of the open cells uses.
    pub(super) removed: Vec<(usize, u16)>,
    /// Each open cell with the digits left to it, for the explanation.
    pub(super) each: String,
}

/// The open cells of `area` (at most `max_open` of them) narrowed to the
/// fillings adding up to `total` with the placed ones; `None` when there
/// are none or too many to add up, or nothing narrows.
pub(super) fn narrow_sum(
    board: &Board,
    area: &[usize],
    total: i64,
    max_open: usize,
) -> Option<Sum> {
    let open: Vec<usize> = area
        .iter()
        .copied()
        .filter(|&v| board.placed(v).is_none())
        .collect();
    if open.is_empty() || open.len() > max_open {
        return None;
    }
    let placed: i64 = area
        .iter()
        .filter_map(|&v| board.placed(v))
        .map(|d| i64::from(d.trailing_zeros()))
        .sum();
    let left = u32::try_from(total - placed).ok()?;
    let mut possible = vec![0u16; open.len()];
    let mut chosen = Vec::with_capacity(open.len());
    fill(board, &open, left, &mut chosen, &mut possible);
    let removed: Vec<(usize, u16)> = open
        .iter()
        .zip(&possible)
        .filter(|&(&v, &p)| board.cand[v] & !p != 0)
        .map(|(&v, &p)| (v, board.cand[v] & !p))
        .collect();
    if removed.is_empty() {
        return None;
    }
    let each = open
        .iter()
        .zip(&possible)
        .map(|(&v, &p)| format!("{} is {}", board.name(v), digits_text(p)))
        .collect::<Vec<_>>()
        .join(", ");
    Some(Sum {
        open,
        placed,
        left,
        removed,
        each,
    })
}

/// Marks in `possible` each digit of `open[i]` that some filling of
/// `open` adding up to `left` uses, cells sharing a run differing.
fn fill(board: &Board, open: &[usize], left: u32, chosen: &mut Vec<u16>, possible: &mut [u16]) {
    let i = chosen.len();
    let Some(&v) = open.get(i) else {
        if left == 0 {
            for (p, &c) in possible.iter_mut().zip(chosen.iter()) {
                *p |= c;
            }
        }
        return;
    };
    for d in 1..=9u32 {
        let bit = 1u16 << d;
        if board.cand[v] & bit == 0 || d > left {
            continue;
        }
        let clash = chosen
            .iter()
            .zip(open)
            .any(|(&c, &w)| c == bit && board.share_run(v, w));
        if clash {
            continue;
        }
        chosen.push(bit);
        fill(board, open, left - d, chosen, possible);
        chosen.pop();
    }
}
