//! Bijective radix-n addition: `A + B = C` in base n with n distinct
//! symbols, so every digit is used exactly once (NOIP 2004 "虫食算").
//!
//! Plain column search is hopeless here beyond base 20: a wrong guess in
//! the units column is found out twenty columns later. This strategy is a
//! small constraint solver instead:
//! - **Carries are variables** (`{0,1}` each), so column i reads
//!   `a + b + k_i = c + n·k_{i+1}` and can be revised in any order.
//! - **Column revision** keeps only the digits that still have support:
//!   the totals the left side can reach (the sum-set of A and B, shifted by
//!   the carry in) meet the totals the right side allows (C, or C + n with a
//!   carry out), all as bitset shifts.
//! - **All different**, both ways: a decided symbol's digit is struck from
//!   the others, and since there are as many symbols as digits, a digit only
//!   one symbol can still take is given to it (a hidden single); a digit no
//!   symbol can take is a dead end.
//! - **Smallest domain first**: branch on the symbol with the fewest digits
//!   left, propagating everything to a fixpoint at each node.

use super::linear;
use super::{Budget, Flow, Outcome, Strategy};
use crate::ir::{Cell, Letters, VarKind};

#[derive(Clone, Copy, Debug)]
enum Slot {
    Var(usize),
    Digit(u32),
}

/// Column i: the two addends' cells and the sum's cell.
type Column = [Slot; 3];

pub struct BijectiveRadix {
    base: u32,
    domains: Vec<u64>,
    columns: Vec<Column>,
    /// True when the symbols use every digit, enabling hidden singles.
    cover: bool,
}

/// Digit sets of the symbols and carry sets (bit 0: carry 0 possible,
/// bit 1: carry 1 possible) of the column boundaries.
#[derive(Clone)]
struct State {
    domains: Vec<u64>,
    carries: Vec<u8>,
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
        if !all_symbols || symbols != letters.base as usize {
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
        let columns = (0..width)
            .map(|i| [slot(addends[0], i), slot(addends[1], i), slot(sum, i)])
            .collect();
        Some(BijectiveRadix {
            base: letters.base,
            domains: letters.vars.iter().map(|v| v.domain.0).collect(),
            columns,
            cover: true,
        })
    }

    fn get(&self, state: &State, slot: Slot) -> u64 {
        match slot {
            Slot::Var(v) => state.domains[v],
            Slot::Digit(d) => 1 << d,
        }
    }

    /// Narrows a slot; false if it empties.
    fn narrow(&self, state: &mut State, slot: Slot, allowed: u64, changed: &mut bool) -> bool {
        match slot {
            Slot::Var(v) => {
                let new = state.domains[v] & allowed;
                if new != state.domains[v] {
                    state.domains[v] = new;
                    *changed = true;
                }
                new != 0
            }
            Slot::Digit(d) => allowed >> d & 1 == 1,
        }
    }

    /// Revises column `i` (see the module docs); false on a dead end.
    fn revise(&self, state: &mut State, i: usize, changed: &mut bool) -> bool {
        let n = self.base;
        let [sa, sb, sc] = self.columns[i];
        let (a, b, c) = (self.get(state, sa), self.get(state, sb), self.get(state, sc));
        let (k_in, k_out) = (state.carries[i], state.carries[i + 1]);
        // Totals a + b (before the carry in), as a bitset over 0..2n.
        let mut sums = 0u128;
        let mut rest = a;
        while rest != 0 {
            sums |= u128::from(b) << rest.trailing_zeros();
            rest &= rest - 1;
        }
        let reach = if k_in & 1 == 1 { sums } else { 0 } | if k_in & 2 == 2 { sums << 1 } else { 0 };
        let allow = if k_out & 1 == 1 { u128::from(c) } else { 0 }
            | if k_out & 2 == 2 { u128::from(c) << n } else { 0 };
        let totals = reach & allow;
        if totals == 0 {
            return false;
        }
        let low_mask = (1u128 << n) - 1;
        let new_c = ((totals & low_mask) | (totals >> n)) as u64;
        let new_out = u8::from(totals & low_mask != 0) | u8::from(totals >> n != 0) << 1;
        let new_in = u8::from(k_in & 1 == 1 && sums & totals != 0)
            | u8::from(k_in & 2 == 2 && (sums << 1) & totals != 0) << 1;
        // Totals less the carry in: what a + b may be.
        let pair_totals = if new_in & 1 == 1 { totals } else { 0 }
            | if new_in & 2 == 2 { totals >> 1 } else { 0 };
        let support = |x: u64, other: u64| -> u64 {
            let mut keep = 0u64;
            let mut rest = x;
            while rest != 0 {
                let d = rest.trailing_zeros();
                if (pair_totals >> d) as u64 & other != 0 {
                    keep |= 1 << d;
                }
                rest &= rest - 1;
            }
            keep
        };
        let (new_a, new_b) = (support(a, b), support(b, a));
        for (boundary, new) in [(i, new_in), (i + 1, new_out)] {
            if state.carries[boundary] & new != state.carries[boundary] {
                state.carries[boundary] &= new;
                *changed = true;
            }
            if state.carries[boundary] == 0 {
                return false;
            }
        }
        self.narrow(state, sa, new_a, changed)
            && self.narrow(state, sb, new_b, changed)
            && self.narrow(state, sc, new_c, changed)
    }

    /// All-different with hidden singles; false on a dead end.
    fn distinct(&self, state: &mut State, changed: &mut bool) -> bool {
        let (mut once, mut twice) = (0u64, 0u64);
        for &d in &state.domains {
            twice |= once & d;
            once |= d;
        }
        if self.cover && once.count_ones() < state.domains.len() as u32 {
            return false;
        }
        for v in 0..state.domains.len() {
            let d = state.domains[v];
            if d.count_ones() == 1 {
                for (u, other) in state.domains.iter_mut().enumerate() {
                    if u != v && *other & d != 0 {
                        *other &= !d;
                        *changed = true;
                        if *other == 0 {
                            return false;
                        }
                    }
                }
            } else if self.cover {
                let only_here = d & once & !twice;
                if only_here != 0 {
                    if only_here.count_ones() > 1 {
                        return false;
                    }
                    state.domains[v] = only_here;
                    *changed = true;
                }
            }
        }
        true
    }

    fn propagate(&self, state: &mut State) -> bool {
        loop {
            let mut changed = false;
            for i in 0..self.columns.len() {
                if !self.revise(state, i, &mut changed) {
                    return false;
                }
            }
            if !self.distinct(state, &mut changed) {
                return false;
            }
            if !changed {
                return true;
            }
        }
    }

    /// Tries each undecided carry both ways; a way that propagates to a
    /// dead end is struck out.
    fn shave(&self, state: &mut State) -> bool {
        loop {
            let mut changed = false;
            for i in 1..state.carries.len() - 1 {
                if state.carries[i] != 0b11 {
                    continue;
                }
                for k in [0b01u8, 0b10] {
                    let mut trial = state.clone();
                    trial.carries[i] = k;
                    if !self.propagate(&mut trial) {
                        state.carries[i] &= !k;
                        changed = true;
                    }
                }
                if state.carries[i] == 0 {
                    return false;
                }
            }
            if !changed {
                return true;
            }
            if !self.propagate(state) {
                return false;
            }
        }
    }

    fn walk(
        &self,
        mut state: State,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Option<Outcome> {
        if budget.tick() {
            return Some(Outcome::Interrupted);
        }
        if !self.propagate(&mut state) {
            return None;
        }
        if !self.shave(&mut state) {
            return None;
        }
        let pick = (0..state.domains.len())
            .filter(|&v| state.domains[v].count_ones() > 1)
            .min_by_key(|&v| state.domains[v].count_ones());
        let Some(v) = pick else {
            let values: Vec<u8> = state.domains.iter().map(|d| d.trailing_zeros() as u8).collect();
            return (emit(&values) == Flow::Stop).then_some(Outcome::Stopped);
        };
        let mut options = state.domains[v];
        while options != 0 {
            let d = options.trailing_zeros();
            options &= options - 1;
            let mut child = state.clone();
            child.domains[v] = 1 << d;
            if let Some(stop) = self.walk(child, budget, emit) {
                return Some(stop);
            }
        }
        None
    }
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
        };
        let r = self.walk(state, budget, emit).unwrap_or(Outcome::Exhausted);
        if std::env::var_os("CRYPTA_NODES").is_some() { eprintln!("nodes {}", budget.nodes()); }
        r
    }
}
