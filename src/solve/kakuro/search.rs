//! Depth-first search with an explicit stack (a 150×150 grid may need
//! thousands of decisions, more than the call stack should hold), and the
//! split of the open cells into independent regions.

use super::state::{Net, State};
use crate::solve::{Budget, Flow, Outcome};

struct Frame {
    /// The trail before this decision.
    mark: usize,
    cell: usize,
    /// Digits not tried yet.
    rest: u16,
}

/// Enumerates the fillings of the open cells of `groups`, filling the
/// groups one after another (the cell with the fewest candidates first
/// within a group), and calls `emit` with every cell's digit for each.
/// The state comes back as it was.
pub(super) fn dfs(
    state: &mut State,
    groups: &[Vec<u32>],
    budget: &mut Budget,
    emit: &mut dyn FnMut(&[u8]) -> Flow,
) -> Outcome {
    let base = state.mark();
    let mut stack: Vec<Frame> = Vec::new();
    let outcome = 'search: loop {
        // Here the state is propagated and consistent.
        match groups.iter().find_map(|g| state.pick(g)) {
            None => {
                if emit(&state.value) == Flow::Stop {
                    break 'search Outcome::Stopped;
                }
            }
            Some(cell) => stack.push(Frame {
                mark: state.mark(),
                cell,
                rest: state.cand[cell],
            }),
        }
        loop {
            let Some(top) = stack.last_mut() else {
                break 'search Outcome::Exhausted;
            };
            let (mark, cell) = (top.mark, top.cell);
            if top.rest == 0 {
                stack.pop();
                continue;
            }
            let digit = top.rest.trailing_zeros();
            top.rest &= top.rest - 1;
            state.undo(mark);
            if budget.tick() {
                break 'search Outcome::Interrupted;
            }
            if state.assign(cell, digit) && state.propagate() {
                continue 'search;
            }
        }
    };
    state.undo(base);
    outcome
}

/// The open cells split into regions that share no run with an open cell
/// of another region, each in cell order, regions ordered by first cell.
pub(super) fn regions(net: &Net, state: &State) -> Vec<Vec<u32>> {
    let n = net.cells();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for r in 0..net.runs() {
        let mut first = None;
        for &c in net.run_cells(r) {
            let c = c as usize;
            if state.value[c] != 0 {
                continue;
            }
            match first {
                None => first = Some(c),
                Some(f) => {
                    let (a, b) = (root(&mut parent, f), root(&mut parent, c));
                    parent[a.max(b)] = a.min(b);
                }
            }
        }
    }
    let mut index = vec![usize::MAX; n];
    let mut out: Vec<Vec<u32>> = Vec::new();
    for c in 0..n {
        if state.value[c] != 0 {
            continue;
        }
        let r = root(&mut parent, c);
        if index[r] == usize::MAX {
            index[r] = out.len();
            out.push(Vec::new());
        }
        out[index[r]].push(c as u32);
    }
    out
}

/// What a region alone allows.
pub(super) enum Region {
    None,
    /// Exactly one filling: the region's digits in cell order.
    One(Vec<u8>),
    /// Two or more; the region's digits in its first two fillings.
    Many(Vec<u8>, Vec<u8>),
    Interrupted,
}

/// Searches one region for up to two fillings.
pub(super) fn solve_region(state: &mut State, region: &[u32], budget: &mut Budget) -> Region {
    let mut found: Vec<Vec<u8>> = Vec::new();
    let groups = [region.to_vec()];
    let outcome = dfs(state, &groups, budget, &mut |values| {
        found.push(region.iter().map(|&c| values[c as usize]).collect());
        if found.len() >= 2 {
            Flow::Stop
        } else {
            Flow::Continue
        }
    });
    if outcome == Outcome::Interrupted {
        return Region::Interrupted;
    }
    let mut found = found.into_iter();
    match (found.next(), found.next()) {
        (None, _) => Region::None,
        (Some(one), None) => Region::One(one),
        (Some(a), Some(b)) => Region::Many(a, b),
    }
}
