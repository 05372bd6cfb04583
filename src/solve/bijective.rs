//! Bijective radix-n addition (draft).

use super::linear;
use super::{Budget, Flow, Outcome, Strategy};
use crate::ir::{Cell, Letters, VarKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Var(usize),
    Digit(u32),
}

/// Column i: the two addends' cells and the sum's cell.
type Column = [Slot; 3];

const NONE: u8 = u8::MAX;

pub struct BijectiveRadix {
    base: u32,
    domains: Vec<u64>,
    columns: Vec<Column>,
    /// The columns each symbol occurs in.
    uses: Vec<Vec<usize>>,
}

/// Digit sets of the symbols, carry sets (bit 0: carry 0 possible, bit 1:
/// carry 1 possible) of the column boundaries, and a perfect matching of
/// symbols to digits kept from node to node.
#[derive(Clone)]
struct State {
    domains: Vec<u64>,
    carries: Vec<u8>,
    mate: Vec<u8>,
}

/// Columns waiting to be revised.
struct Queue {
    stack: Vec<usize>,
    queued: Vec<bool>,
    /// Some domain narrowed since all-different last ran.
    dirty: bool,
}

impl Queue {
    fn push(&mut self, i: usize) {
        if let Some(q) = self.queued.get_mut(i) {
            if !*q {
                *q = true;
                self.stack.push(i);
            }
        }
    }
}

/// How the cells of two slots are tied: the same symbol, two distinct
/// symbols, or unrelated (a fixed digit is in neither rule).
fn tie(s: Slot, t: Slot) -> Option<bool> {
    match (s, t) {
        (Slot::Var(u), Slot::Var(v)) => Some(u == v),
        _ => None,
    }
}

fn knob(name: &str) -> u32 {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(0)
}

impl BijectiveRadix {
    /// Prepares the search if the puzzle is one addition of two words with
    /// only distinct symbols and fixed digits, as many symbols as the base.
    pub fn new(letters: &Letters) -> Option<Self> {
        let [equation] = letters.equations.as_slice() else {
            return None;
        };
        let words = linear::signed_words(equation)?;
        let positive: Vec<usize> = words.iter().filter(|t| t.0 > 0).map(|t| t.1).collect();
        let negative: Vec<usize> = words.iter().filter(|t| t.0 < 0).map(|t| t.1).collect();
        let (addends, sum) = match (positive.as_slice(), negative.as_slice()) {
            ([a, b], [c]) | ([c], [a, b]) => ([*a, *b], *c),
            _ => return None,
        };
        let symbols = letters.vars.len();
        let all_symbols = letters
            .vars
            .iter()
            .all(|v| matches!(v.kind, VarKind::Symbol(_)) && v.distinct);
        if !all_symbols || symbols != letters.base as usize || symbols > 64 {
            return None;
        }
        let width = [addends[0], addends[1], sum]
            .iter()
            .map(|&w| letters.words[w].cells.len())
            .max()
            .unwrap_or(0);
        let slot = |w: usize, i: usize| -> Slot {
            let cells = &letters.words[w].cells;
            match cells.len().checked_sub(i + 1).map(|j| cells[j]) {
                Some(Cell::Var(v)) => Slot::Var(v),
                Some(Cell::Digit(d)) => Slot::Digit(d),
                None => Slot::Digit(0),
            }
        };
        let columns: Vec<Column> = (0..width)
            .map(|i| [slot(addends[0], i), slot(addends[1], i), slot(sum, i)])
            .collect();
        let mut uses = vec![Vec::new(); symbols];
        for (i, column) in columns.iter().enumerate() {
            for &s in column {
                if let Slot::Var(v) = s {
                    if uses[v].last() != Some(&i) {
                        uses[v].push(i);
                    }
                }
            }
        }
        Some(BijectiveRadix {
            base: letters.base,
            domains: letters.vars.iter().map(|v| v.domain.0).collect(),
            columns,
            uses,
        })
    }

    fn get(&self, state: &State, slot: Slot) -> u64 {
        match slot {
            Slot::Var(v) => state.domains[v],
            Slot::Digit(d) => 1 << d,
        }
    }

    fn narrow_var(&self, state: &mut State, v: usize, allowed: u64, queue: &mut Queue) -> bool {
        let new = state.domains[v] & allowed;
        if new != state.domains[v] {
            state.domains[v] = new;
            queue.dirty = true;
            for &i in &self.uses[v] {
                queue.push(i);
            }
        }
        new != 0
    }

    fn narrow_carry(&self, state: &mut State, k: usize, allowed: u8, queue: &mut Queue) -> bool {
        let new = state.carries[k] & allowed;
        if new != state.carries[k] {
            state.carries[k] = new;
            if k > 0 {
                queue.push(k - 1);
            }
            queue.push(k);
        }
        new != 0
    }

    /// Revises column `i`: keeps exactly the digits and carries that are
    /// part of some solution of the column alone; false on a dead end.
    fn revise(&self, state: &mut State, i: usize, queue: &mut Queue) -> bool {
        let n = self.base;
        let [sa, sb, sc] = self.columns[i];
        let (a, b, c) = (self.get(state, sa), self.get(state, sb), self.get(state, sc));
        let (k_in, k_out) = (state.carries[i], state.carries[i + 1]);
        let tie_ab = tie(sa, sb);
        let tie_ac = tie(sa, sc);
        let tie_bc = tie(sb, sc);
        let low_mask = (1u128 << n) - 1;
        let (mut na, mut nb, mut nc, mut n_in, mut n_out) = (0u64, 0u64, 0u64, 0u8, 0u8);
        let mut rest = a;
        while rest != 0 {
            let x = rest.trailing_zeros();
            rest &= rest - 1;
            let bit = 1u64 << x;
            let with = |t: Option<bool>, d: u64| match t {
                Some(true) => d & bit,
                Some(false) => d & !bit,
                None => d,
            };
            let (bx, cx) = (with(tie_ab, b), with(tie_ac, c));
            let target = if k_out & 1 == 1 { u128::from(cx) } else { 0 }
                | if k_out & 2 == 2 { u128::from(cx) << n } else { 0 };
            for k in 0..2u32 {
                if k_in >> k & 1 == 0 {
                    continue;
                }
                let shift = x + k;
                // b's and c's digits coincide exactly when x + k wraps.
                let same = shift == 0 || shift == n;
                if tie_bc.is_some_and(|t| t != same) {
                    continue;
                }
                let hit = (u128::from(bx) << shift) & target;
                if hit == 0 {
                    continue;
                }
                na |= bit;
                n_in |= 1 << k;
                nb |= (hit >> shift) as u64;
                nc |= ((hit & low_mask) | (hit >> n)) as u64;
                n_out |= u8::from(hit & low_mask != 0) | u8::from(hit >> n != 0) << 1;
            }
        }
        if na == 0 {
            return false;
        }
        for (s, new) in [(sa, na), (sb, nb), (sc, nc)] {
            if let Slot::Var(v) = s {
                self.narrow_var(state, v, new, queue);
            }
        }
        self.narrow_carry(state, i, n_in, queue);
        self.narrow_carry(state, i + 1, n_out, queue);
        true
    }

    /// All-different, complete (Régin): the symbols are matched to digits;
    /// with as many symbols as digits the matching is perfect, and a digit
    /// stays in a domain only if some perfect matching uses it, i.e. the
    /// symbol and the digit's owner share a strongly connected component of
    /// "symbol → owner of another digit it may take".
    fn distinct(&self, state: &mut State, queue: &mut Queue) -> bool {
        let n = state.domains.len();
        let mut owner = [NONE; 64];
        for v in 0..n {
            let d = state.mate[v];
            if d != NONE && state.domains[v] >> d & 1 == 1 && owner[d as usize] == NONE {
                owner[d as usize] = v as u8;
            } else {
                state.mate[v] = NONE;
            }
        }
        for v in 0..n {
            if state.mate[v] == NONE && !augment(v, &state.domains, &mut state.mate, &mut owner, &mut 0) {
                return false;
            }
        }
        let mut reach = [0u64; 64];
        for v in 0..n {
            let mut rest = state.domains[v];
            while rest != 0 {
                reach[v] |= 1 << owner[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
        }
        for k in 0..n {
            let rk = reach[k];
            for r in reach.iter_mut().take(n) {
                if *r >> k & 1 == 1 {
                    *r |= rk;
                }
            }
        }
        for v in 0..n {
            let mut allowed = 0u64;
            let mut rest = reach[v];
            while rest != 0 {
                let w = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if reach[w] >> v & 1 == 1 {
                    allowed |= 1 << state.mate[w];
                }
            }
            self.narrow_var(state, v, allowed, queue);
        }
        true
    }

    fn propagate(&self, state: &mut State, queue: &mut Queue) -> bool {
        loop {
            while let Some(i) = queue.stack.pop() {
                queue.queued[i] = false;
                if !self.revise(state, i, queue) {
                    return false;
                }
            }
            if !queue.dirty {
                return true;
            }
            queue.dirty = false;
            if !self.distinct(state, queue) {
                return false;
            }
            if queue.stack.is_empty() {
                return true;
            }
        }
    }

    fn fresh_queue(&self) -> Queue {
        Queue {
            stack: Vec::new(),
            queued: vec![false; self.columns.len()],
            dirty: false,
        }
    }

    fn clear(queue: &mut Queue) {
        for i in queue.stack.drain(..) {
            queue.queued[i] = false;
        }
        queue.dirty = false;
    }

    /// Tries each undecided carry both ways; a way that propagates to a
    /// dead end is struck out.
    fn shave(&self, state: &mut State, queue: &mut Queue) -> bool {
        loop {
            let mut changed = false;
            for i in 1..state.carries.len() - 1 {
                if state.carries[i] != 0b11 {
                    continue;
                }
                for k in [0b01u8, 0b10] {
                    let mut trial = state.clone();
                    Self::clear(queue);
                    self.narrow_carry(&mut trial, i, k, queue);
                    if !self.propagate(&mut trial, queue) {
                        state.carries[i] &= !k;
                        changed = true;
                    }
                }
                Self::clear(queue);
                if state.carries[i] == 0 {
                    return false;
                }
                if state.carries[i] != 0b11 {
                    queue.push(i - 1);
                    queue.push(i);
                    if !self.propagate(state, queue) {
                        return false;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    fn walk(
        &self,
        mut state: State,
        queue: &mut Queue,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Option<Outcome> {
        if budget.tick() {
            return Some(Outcome::Interrupted);
        }
        if !self.propagate(&mut state, queue) {
            Self::clear(queue);
            return None;
        }
        if knob("BIJ_SHAVE") == 1 && !self.shave(&mut state, queue) {
            Self::clear(queue);
            return None;
        }
        let h = knob("BIJ_BRANCH");
        let open = |v: usize| state.domains[v].count_ones() > 1;
        if h == 3 || h == 4 {
            // branch on a carry
            let w = state.carries.len();
            let pickc = if h == 3 { (1..w).find(|&k| state.carries[k] == 3) } else { (1..w).rev().find(|&k| state.carries[k] == 3) };
            if let Some(k) = pickc {
                for bit in [1u8, 2] {
                    let mut child = state.clone();
                    self.narrow_carry(&mut child, k, bit, queue);
                    if let Some(stop) = self.walk(child, queue, budget, emit) {
                        return Some(stop);
                    }
                }
                return None;
            }
        }
        let pick = match h {
            1 => (0..state.domains.len()).filter(|&v| open(v)).min_by_key(|&v| {
                let deg = self.uses[v].iter().filter(|&&i| self.columns[i].iter().any(|&s| matches!(s, Slot::Var(u) if u != v && open(u)))).count().max(1);
                (state.domains[v].count_ones() * 64 / deg as u32, usize::MAX - self.uses[v].len())
            }),
            2 => {
                let col = (0..self.columns.len()).find(|&i| self.columns[i].iter().any(|&s| matches!(s, Slot::Var(u) if open(u))));
                col.and_then(|i| self.columns[i].iter().filter_map(|&s| match s { Slot::Var(u) if open(u) => Some(u), _ => None }).min_by_key(|&u| state.domains[u].count_ones()))
            }
            _ => (0..state.domains.len())
                .filter(|&v| open(v))
                .min_by_key(|&v| (state.domains[v].count_ones(), usize::MAX - self.uses[v].len())),
        };
        let Some(v) = pick else {
            let values: Vec<u8> = state.domains.iter().map(|d| d.trailing_zeros() as u8).collect();
            return (emit(&values) == Flow::Stop).then_some(Outcome::Stopped);
        };
        let mut options = state.domains[v];
        while options != 0 {
            let d = options.trailing_zeros();
            options &= options - 1;
            let mut child = state.clone();
            self.narrow_var(&mut child, v, 1 << d, queue);
            if let Some(stop) = self.walk(child, queue, budget, emit) {
                return Some(stop);
            }
        }
        None
    }
}

/// Kuhn's augmenting path from symbol `v`.
fn augment(v: usize, domains: &[u64], mate: &mut [u8], owner: &mut [u8; 64], seen: &mut u64) -> bool {
    let mut rest = domains[v] & !*seen;
    while rest != 0 {
        let d = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        *seen |= 1 << d;
        let w = owner[d];
        if w == NONE || augment(w as usize, domains, mate, owner, seen) {
            owner[d] = v as u8;
            mate[v] = d as u8;
            return true;
        }
    }
    false
}

impl Strategy for BijectiveRadix {
    fn name(&self) -> &'static str {
        "bijective-radix"
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let mut carries = vec![0b11u8; self.columns.len() + 1];
        carries[0] = 0b01;
        carries[self.columns.len()] = 0b01;
        let state = State {
            domains: self.domains.clone(),
            carries,
            mate: vec![NONE; self.domains.len()],
        };
        let mut queue = self.fresh_queue();
        for i in 0..self.columns.len() {
            queue.push(i);
        }
        queue.dirty = true;
        let r = self
            .walk(state, &mut queue, budget, emit)
            .unwrap_or(Outcome::Exhausted);
        if std::env::var_os("CRYPTA_NODES").is_some() { eprintln!("nodes {}", budget.nodes()); }
        r
    }
}
