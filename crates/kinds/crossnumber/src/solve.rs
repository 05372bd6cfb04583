//! The crossnumber strategy, `entry-lists`: each entry's candidates are
//! listed once from its cells' digits and its one-entry clues (`7a: prime`);
//! the search then fills a whole entry at a time, the one with the
//! fewest candidates left first, and after each choice joins the crossings
//! by digit masks (a cell keeps only the digits some candidate of each of
//! its entries still has there) until nothing changes. A clue over several
//! entries is tested as soon as every cell it reads is decided. An entry
//! too long to list (more than `LIST_LIMIT` numbers) is filled a cell at a
//! time instead.

use crate::ir::Crossnumber;
use crypta_substrate::solve::{Budget, Flow, Outcome, Strategy};

/// The most numbers an entry's listing may go through.
pub const LIST_LIMIT: u64 = 1 << 20;

pub struct EntryLists {
    puzzle: Crossnumber,
    /// Each entry's candidates, `len` digits each, one after the other;
    /// `None` for an entry too long to list.
    lists: Vec<Option<Vec<u8>>>,
}

/// The search stopped: the callback or the budget said so.
struct Stop(Outcome);

fn single(mask: u64) -> bool {
    mask.is_power_of_two()
}

impl EntryLists {
    pub fn new(puzzle: &Crossnumber) -> Self {
        let lists = (0..puzzle.entries.len()).map(|e| list(puzzle, e)).collect();
        EntryLists {
            puzzle: puzzle.clone(),
            lists,
        }
    }

    /// Narrows `masks` until nothing changes; false when a cell has no
    /// digit left, two letters share one, or an entry has no candidate.
    fn propagate(&self, masks: &mut [u64]) -> bool {
        let p = &self.puzzle;
        loop {
            let mut changed = false;
            if !p.repeats {
                for v in 0..masks.len() {
                    if p.letters[v].is_none() || !single(masks[v]) {
                        continue;
                    }
                    for w in 0..masks.len() {
                        if w != v && p.letters[w].is_some() && masks[w] & masks[v] != 0 {
                            masks[w] &= !masks[v];
                            changed = true;
                            if masks[w] == 0 {
                                return false;
                            }
                        }
                    }
                }
            }
            for (e, list) in self.lists.iter().enumerate() {
                let Some(list) = list else { continue };
                let vars = &p.entries[e].vars;
                if vars.iter().all(|&v| single(masks[v])) {
                    if !fits(list, vars, masks) {
                        return false;
                    }
                    continue;
                }
                let mut union = vec![0u64; vars.len()];
                let mut any = false;
                for cand in list.chunks(vars.len()) {
                    if compatible(cand, vars, masks) {
                        any = true;
                        for (u, &d) in union.iter_mut().zip(cand) {
                            *u |= 1 << d;
                        }
                    }
                }
                if !any {
                    return false;
                }
                for (&v, &u) in vars.iter().zip(&union) {
                    if masks[v] & !u != 0 {
                        masks[v] &= u;
                        changed = true;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    fn node(
        &self,
        mut masks: Vec<u64>,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<(), Stop> {
        if budget.tick() {
            return Err(Stop(Outcome::Interrupted));
        }
        if !self.propagate(&mut masks) {
            return Ok(());
        }
        let p = &self.puzzle;
        let values: Vec<u8> = masks.iter().map(|m| m.trailing_zeros() as u8).collect();
        let mut entry_values = vec![0i128; p.entries.len()];
        for (c, clue) in p.clues.iter().enumerate() {
            if clue.vars.iter().all(|&v| single(masks[v])) {
                for &e in &clue.entries {
                    entry_values[e] = p.value(e, &values);
                }
                if !p.holds(c, &entry_values, &values) {
                    return Ok(());
                }
            }
        }
        if masks.iter().all(|&m| single(m)) {
            return match emit(&values) {
                Flow::Continue => Ok(()),
                Flow::Stop => Err(Stop(Outcome::Stopped)),
            };
        }
        // The undecided entry with the fewest ways left.
        let mut best: Option<(u64, usize)> = None;
        for (e, entry) in p.entries.iter().enumerate() {
            if entry.vars.iter().all(|&v| single(masks[v])) {
                continue;
            }
            let ways = match &self.lists[e] {
                Some(list) => list
                    .chunks(entry.vars.len())
                    .filter(|c| compatible(c, &entry.vars, &masks))
                    .count() as u64,
                None => entry
                    .vars
                    .iter()
                    .map(|&v| u64::from(masks[v].count_ones()))
                    .fold(1u64, |a, b| a.saturating_mul(b)),
            };
            if best.is_none_or(|(w, _)| ways < w) {
                best = Some((ways, e));
            }
        }
        let Some((_, e)) = best else { return Ok(()) };
        let vars = &p.entries[e].vars;
        match &self.lists[e] {
            Some(list) => {
                for cand in list.chunks(vars.len()) {
                    if compatible(cand, vars, &masks) {
                        let mut next = masks.clone();
                        for (&v, &d) in vars.iter().zip(cand) {
                            next[v] = 1 << d;
                        }
                        self.node(next, budget, emit)?;
                    }
                }
            }
            None => {
                let Some(&v) = vars.iter().find(|&&v| !single(masks[v])) else {
                    return Ok(());
                };
                let mut digits = masks[v];
                while digits != 0 {
                    let bit = digits & digits.wrapping_neg();
                    digits &= !bit;
                    let mut next = masks.clone();
                    next[v] = bit;
                    self.node(next, budget, emit)?;
                }
            }
        }
        Ok(())
    }
}

fn compatible(cand: &[u8], vars: &[usize], masks: &[u64]) -> bool {
    cand.iter().zip(vars).all(|(&d, &v)| masks[v] >> d & 1 == 1)
}

/// Whether some candidate of a decided entry is its digits.
fn fits(list: &[u8], vars: &[usize], masks: &[u64]) -> bool {
    list.chunks(vars.len()).any(|c| compatible(c, vars, masks))
}

/// Entry `e`'s candidates: its cells' digits (a letter the same digit
/// wherever it stands, two letters different unless `repeats`) and every
/// clue that reads nothing but its cells; `None` when too long to list.
fn list(p: &Crossnumber, e: usize) -> Option<Vec<u8>> {
    let vars = &p.entries[e].vars;
    let size = vars
        .iter()
        .map(|&v| u64::from(p.domains[v].count_ones()))
        .try_fold(1u64, |a, b| a.checked_mul(b))?;
    if size > LIST_LIMIT {
        return None;
    }
    let clues: Vec<usize> = (0..p.clues.len())
        .filter(|&c| p.clues[c].vars.iter().all(|v| vars.contains(v)))
        .collect();
    let mut values = vec![0u8; p.domains.len()];
    let mut set = vec![false; p.domains.len()];
    let mut out = Vec::new();
    let mut entry_values = vec![0i128; p.entries.len()];
    fill(p, vars, 0, &mut values, &mut set, &mut |values| {
        for &c in &clues {
            for &f in &p.clues[c].entries {
                entry_values[f] = p.value(f, values);
            }
            if !p.holds(c, &entry_values, values) {
                return;
            }
        }
        out.extend(vars.iter().map(|&v| values[v]));
    });
    Some(out)
}

/// Every assignment of `vars[i..]` within their domains.
fn fill(
    p: &Crossnumber,
    vars: &[usize],
    i: usize,
    values: &mut [u8],
    set: &mut [bool],
    found: &mut dyn FnMut(&[u8]),
) {
    let Some(&v) = vars.get(i) else {
        found(values);
        return;
    };
    if set[v] {
        return fill(p, vars, i + 1, values, set, found);
    }
    for d in 0..64u8 {
        if p.domains[v] >> d & 1 == 0 {
            continue;
        }
        let taken = !p.repeats
            && p.letters[v].is_some()
            && vars[..i]
                .iter()
                .any(|&w| w != v && p.letters[w].is_some() && values[w] == d);
        if taken {
            continue;
        }
        values[v] = d;
        set[v] = true;
        fill(p, vars, i + 1, values, set, found);
        set[v] = false;
    }
}

impl Strategy for EntryLists {
    fn name(&self) -> &'static str {
        "entry-lists"
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let masks = self.puzzle.domains.clone();
        match self.node(masks, budget, emit) {
            Ok(()) => Outcome::Exhausted,
            Err(Stop(outcome)) => outcome,
        }
    }

    fn approach(&self) -> String {
        let listed: Vec<String> = self
            .puzzle
            .entries
            .iter()
            .zip(&self.lists)
            .map(|(e, l)| match l {
                Some(l) => format!("{} ({})", e.name, l.len() / e.vars.len().max(1)),
                None => format!("{} (cell by cell)", e.name),
            })
            .collect();
        format!(
            "each entry's candidates listed from its one-entry clues: {}; then the entry with the fewest candidates left is filled first, crossings joined by digit masks",
            listed.join(", ")
        )
    }
}
