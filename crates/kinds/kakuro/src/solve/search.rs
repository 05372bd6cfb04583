//! Depth-first search with an explicit stack (a 150×150 grid may need
//! thousands of decisions, more than the call stack should hold), and the
//! split of the open cells into independent regions.

use super::state::{Net, State};
use crypta_substrate::rng::Rng;
use crypta_substrate::solve::{Budget, Flow, Outcome};

/// A bounded, randomised run of the search (for restarts): it gives up
/// after `limit` decisions, and breaks ties and orders digits at random.
pub(super) struct Probe {
    pub rng: Rng,
    pub limit: u64,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ended {
    Exhausted,
    Stopped,
    Interrupted,
    /// A probe used up its decisions.
    GaveUp,
}

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
///
/// Each cell tries the digit of `guide` (a known solution) first. The
/// first leaf is then that solution, reached without a single failure, and
/// the search goes on from there: solutions cluster, so the next ones are
/// usually a few backtracks away. Without a guide the first decisions are
/// the smallest digits, and a wrong early one can hide every solution
/// behind seconds of failures (seen on a 10×10 grid with thousands of
/// fillings: 9 s for the third).
pub(super) fn dfs(
    state: &mut State,
    groups: &[Vec<u32>],
    guide: &[u8],
    budget: &mut Budget,
    emit: &mut dyn FnMut(&[u8]) -> Flow,
) -> Outcome {
    match search(state, groups, budget, emit, Order::Guided(guide)) {
        Ended::Exhausted | Ended::GaveUp => Outcome::Exhausted,
        Ended::Stopped => Outcome::Stopped,
        Ended::Interrupted => Outcome::Interrupted,
    }
}

/// The order digits are tried in.
pub(super) enum Order<'a> {
    /// A bounded, randomised probe.
    Probe(&'a mut Probe),
    /// The guide's digit first, then increasing.
    Guided(&'a [u8]),
}

/// [`dfs`], or a bounded and randomised probe.
pub(super) fn search(
    state: &mut State,
    groups: &[Vec<u32>],
    budget: &mut Budget,
    emit: &mut dyn FnMut(&[u8]) -> Flow,
    order: Order,
) -> Ended {
    let (mut probe, guide) = match order {
        Order::Probe(p) => (Some(p), None),
        Order::Guided(g) => (None, Some(g)),
    };
    let base = state.mark();
    let mut stack: Vec<Frame> = Vec::new();
    let outcome = 'search: loop {
        // Here the state is propagated and consistent.
        let rng = probe.as_deref_mut().map(|p| &mut p.rng);
        let mut rng = rng;
        match groups
            .iter()
            .find_map(|g| state.pick(g, rng.as_deref_mut()))
        {
            None => {
                if emit(&state.value) == Flow::Stop {
                    break 'search Ended::Stopped;
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
                break 'search Ended::Exhausted;
            };
            let (mark, cell) = (top.mark, top.cell);
            if top.rest == 0 {
                stack.pop();
                continue;
            }
            let digit = match probe.as_deref_mut() {
                Some(p) => {
                    if p.limit == 0 {
                        break 'search Ended::GaveUp;
                    }
                    p.limit -= 1;
                    let n = top.rest.count_ones() as usize;
                    let mut bits = top.rest;
                    for _ in 0..p.rng.below(n) {
                        bits &= bits - 1;
                    }
                    bits.trailing_zeros()
                }
                None => match guide.and_then(|g| g.get(cell)) {
                    Some(&d) if top.rest >> d & 1 == 1 => u32::from(d),
                    _ => top.rest.trailing_zeros(),
                },
            };
            top.rest &= !(1 << digit);
            state.undo(mark);
            if budget.tick() {
                break 'search Ended::Interrupted;
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

/// A filling of `region` other than `skip` (when given), by restarts: short
/// randomised probes whose decision limits follow the Luby sequence, the
/// failure weights carrying over from one probe to the next. A probe that
/// ends without giving up has searched everything, so `None` is a proof.
/// `Err` when the budget ran out.
pub(super) fn find(
    state: &mut State,
    region: &[u32],
    skip: Option<&[u8]>,
    budget: &mut Budget,
) -> Result<Option<Vec<u8>>, ()> {
    let groups = [region.to_vec()];
    let mut rng = Rng::new(u64::from(region.first().copied().unwrap_or(0)));
    for round in 1u32.. {
        let mut probe = Probe {
            rng,
            limit: PROBE_DECISIONS * luby(round),
        };
        let mut found = None;
        let ended = search(
            state,
            &groups,
            budget,
            &mut |values| {
                let digits: Vec<u8> = region.iter().map(|&c| values[c as usize]).collect();
                if skip == Some(&digits[..]) {
                    return Flow::Continue;
                }
                found = Some(digits);
                Flow::Stop
            },
            Order::Probe(&mut probe),
        );
        rng = probe.rng;
        match ended {
            Ended::Stopped => return Ok(found),
            Ended::Exhausted => return Ok(None),
            Ended::Interrupted => return Err(()),
            Ended::GaveUp => {}
        }
    }
    Err(())
}

/// Decisions of the shortest probe.
const PROBE_DECISIONS: u64 = 64;

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...: restart limits that
/// are within a log factor of the best fixed limit, whatever it is.
fn luby(i: u32) -> u64 {
    let mut i = u64::from(i);
    loop {
        let k = 64 - i.leading_zeros() as u64; // bits of i
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// What a region alone allows.
pub(super) enum Region {
    None,
    /// Exactly one filling.
    One,
    /// Two or more; the region's digits in its first two fillings.
    Many(Vec<u8>, Vec<u8>),
    Interrupted,
}

/// Searches one region for up to two fillings.
pub(super) fn solve_region(state: &mut State, region: &[u32], budget: &mut Budget) -> Region {
    let Ok(first) = find(state, region, None, budget) else {
        return Region::Interrupted;
    };
    let Some(first) = first else {
        return Region::None;
    };
    match find(state, region, Some(&first), budget) {
        Err(()) => Region::Interrupted,
        Ok(None) => Region::One,
        Ok(Some(second)) => Region::Many(first, second),
    }
}
