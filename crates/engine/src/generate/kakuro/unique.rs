//! Making a generated grid unique: cells where another filling differs
//! from the planted one get new digits (tighter sums), or after a few tries
//! become blocks, until the planted filling is the only one.
//!
//! Why it is fast on large grids: a change only matters to the region it
//! is in. After propagation the open cells fall into independent regions,
//! and a region's answer depends only on its own cells, candidates and
//! runs, so a region proved to have one filling is remembered by that
//! description and never searched again while it is unchanged; each round
//! searches only the regions the last changes touched. Each region is
//! asked one question, "a filling other than the planted one?", within a
//! node limit; a region too hard to answer in it is tightened a little,
//! like an ambiguous one, rather than searched for minutes. The grid that
//! comes out is then proved unique by the solver itself, the whole grid
//! searched as `unique` does.

use std::collections::HashSet;

use super::layout::{repair, Shape};
use super::{Generated, Rng, Spec};
use crate::kinds::kakuro::solve::{Ambiguities, KakuroSearch, OpenRegion, Other};
use crate::kinds::{Direction, Kakuro};
use crate::run::driver::Driver;
use crypta_substrate::solve::{Budget, Outcome};

/// How often a cell may get a new digit before it is blocked out.
const REPLANTS: u8 = 12;

/// Search nodes one region gets to find another filling or prove there is
/// none, before it is tightened instead.
const REGION_NODES: u64 = 20_000;

/// Changes cells until the grid has one solution: a cell where two
/// fillings differ, or that propagation leaves open in a region wider than
/// `spec.open_limit`, gets a digit that makes tighter sums, or after a few
/// tries becomes a block (with its partner, under a symmetry).
pub(super) fn make_unique(
    grid: &mut Generated,
    white: &mut [bool],
    spec: &Spec,
    shape: Shape,
    (min_run, max_run): (usize, usize),
    rng: &mut Rng,
) {
    let mut replanted = vec![0u8; grid.rows * grid.cols];
    // Descriptions of regions proved to have one filling.
    let mut proved: HashSet<Vec<u32>> = HashSet::new();
    loop {
        let kakuro = grid.kakuro();
        let search = KakuroSearch::new(&kakuro);
        // The planted digits are a solution, so propagation cannot fail.
        let Some(open) = search.open_region_states() else {
            return;
        };
        // Wide regions that propagation leaves open are tightened first,
        // cheaply, when asked to (the easing `open_limit` gives).
        let wide: Vec<Vec<usize>> = open
            .iter()
            .filter(|r| r.vars.len() > spec.open_limit)
            .map(|r| r.vars.clone())
            .collect();
        let changes = if !wide.is_empty() {
            wide
        } else {
            let keys: Vec<Vec<u32>> = open.iter().map(|r| key(&kakuro, r)).collect();
            let todo: Vec<usize> = (0..open.len())
                .filter(|&i| !proved.contains(&keys[i]))
                .collect();
            if todo.is_empty() {
                // Every region is proved on its own; the solver proves the
                // whole grid once more, as `unique` does.
                // No limit: the grid must come out unique.
                let ran = Driver::default()
                    .run(|budget: &mut Budget| (Outcome::Exhausted, search.ambiguities(budget)));
                match ran.output {
                    Ambiguities::Regions(regions) if !regions.is_empty() => {
                        proved.clear();
                        regions
                    }
                    _ => return,
                }
            } else {
                let known: Vec<u8> = kakuro.whites.iter().map(|&i| grid.digits[i]).collect();
                let asked: Vec<&[usize]> = todo.iter().map(|&i| open[i].vars.as_slice()).collect();
                let region = Driver::nodes(REGION_NODES);
                let Some(answers) = search.others(&asked, &known, region.limits()) else {
                    return;
                };
                let mut changes = Vec::new();
                for (&i, answer) in todo.iter().zip(answers) {
                    match answer {
                        Other::None => {
                            proved.insert(keys[i].clone());
                        }
                        Other::Differs(vars) => changes.push(vars),
                        Other::Undecided => changes.push(open[i].vars.clone()),
                    }
                }
                changes
            }
        };
        change(
            grid,
            white,
            &kakuro,
            changes,
            shape,
            min_run,
            &mut replanted,
            rng,
        );
        repair(white, shape, min_run, max_run, rng);
        for (i, w) in white.iter().enumerate() {
            if !w {
                grid.digits[i] = 0;
                grid.given[i] = false;
            }
        }
    }
}

/// A region's description in grid terms, the same in every grid that
/// poses it: its cells and their candidates, and for each of its runs the
/// clue, direction, length, sum left and digits placed.
fn key(kakuro: &Kakuro, region: &OpenRegion) -> Vec<u32> {
    let mut key = Vec::with_capacity(2 * region.vars.len() + 5 * region.runs.len());
    for (&v, &cand) in region.vars.iter().zip(&region.cands) {
        key.extend([kakuro.whites[v] as u32, u32::from(cand)]);
    }
    for &(r, sum, used) in &region.runs {
        let run = &kakuro.runs[r];
        let down = u32::from(run.direction == Direction::Down);
        key.extend([
            run.clue as u32,
            down,
            run.vars.len() as u32,
            sum,
            u32::from(used),
        ]);
    }
    key
}

/// Changes some of the cells of each group (variables where a second
/// filling differs, or a whole region to tighten): one in six of them, at
/// least one per group, as wide ambiguity takes many changes. A cell gets
/// another digit, which changes two sums; after a few tries a block goes
/// where it leaves no run too short (else short runs are blocked out in
/// turn, which can empty a whole area).
#[allow(clippy::too_many_arguments)]
fn change(
    grid: &mut Generated,
    white: &mut [bool],
    kakuro: &Kakuro,
    groups: Vec<Vec<usize>>,
    shape: Shape,
    min_run: usize,
    replanted: &mut [u8],
    rng: &mut Rng,
) {
    for vars in groups {
        let mut cells: Vec<usize> = vars.iter().map(|&v| kakuro.whites[v]).collect();
        rng.shuffle(&mut cells);
        for &cell in &cells[..cells.len().div_ceil(6)] {
            if !white[cell] {
                continue;
            }
            if replanted[cell] < REPLANTS && grid.replant(cell, rng) {
                replanted[cell] += 1;
                continue;
            }
            let clean = |grid: &Generated, c: usize| {
                let p = shape.symmetry.partner(c, shape.rows, shape.cols);
                grid.splits_cleanly(c, min_run) && grid.splits_cleanly(p, min_run)
            };
            let safe: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| white[c] && clean(grid, c))
                .collect();
            let block = if safe.is_empty() {
                cell
            } else {
                safe[rng.below(safe.len())]
            };
            let partner = shape.symmetry.partner(block, shape.rows, shape.cols);
            shape.block(white, block);
            grid.digits[block] = 0;
            grid.digits[partner] = 0;
        }
    }
}
