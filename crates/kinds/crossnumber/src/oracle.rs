//! The brute-force oracle and the verifier. The oracle tries every digit
//! of every variable in order, testing each clue once the last variable it
//! reads is set, and two letters once both are: slow and obviously right;
//! the cross-checks compare `entry-lists` with it.

use crate::ir::Crossnumber;
use crypta_substrate::solve::{Budget, Flow, Invalid, Outcome, Strategy, Verdict};

pub struct BruteForce {
    puzzle: Crossnumber,
    /// The clues to test once variable `v` is set, at `due[v]`; those
    /// reading no variable are tested before any.
    due: Vec<Vec<usize>>,
    constant: Vec<usize>,
}

impl BruteForce {
    pub fn new(puzzle: &Crossnumber) -> Self {
        let mut due = vec![Vec::new(); puzzle.domains.len()];
        let mut constant = Vec::new();
        for (c, clue) in puzzle.clues.iter().enumerate() {
            match clue.vars.iter().max() {
                Some(&v) => due[v].push(c),
                None => constant.push(c),
            }
        }
        BruteForce {
            puzzle: puzzle.clone(),
            due,
            constant,
        }
    }

    fn go(
        &self,
        v: usize,
        values: &mut Vec<u8>,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Option<Outcome> {
        let p = &self.puzzle;
        if v == p.domains.len() {
            return match emit(values) {
                Flow::Continue => None,
                Flow::Stop => Some(Outcome::Stopped),
            };
        }
        for d in 0..64u8 {
            if p.domains[v] >> d & 1 == 0 {
                continue;
            }
            if budget.tick() {
                return Some(Outcome::Interrupted);
            }
            let clash = !p.repeats
                && p.letters[v].is_some()
                && (0..v).any(|w| p.letters[w].is_some() && values[w] == d);
            if clash {
                continue;
            }
            values.push(d);
            // Every entry a due clue reads has all its cells set.
            let mut entries = vec![0i128; p.entries.len()];
            let holds = self.due[v].iter().all(|&c| {
                for &e in &p.clues[c].entries {
                    entries[e] = p.value(e, values);
                }
                p.holds(c, &entries, values)
            });
            if holds {
                if let Some(stop) = self.go(v + 1, values, budget, emit) {
                    return Some(stop);
                }
            }
            values.pop();
        }
        None
    }
}

impl Strategy for BruteForce {
    fn name(&self) -> &'static str {
        "brute-force"
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let p = &self.puzzle;
        let none = vec![0u8; p.domains.len()];
        let entries = p.values(&none);
        if !self.constant.iter().all(|&c| p.holds(c, &entries, &none)) {
            return Outcome::Exhausted;
        }
        let mut values = Vec::with_capacity(p.domains.len());
        self.go(0, &mut values, budget, emit)
            .unwrap_or(Outcome::Exhausted)
    }

    fn approach(&self) -> String {
        "every digit of every cell in order, each clue tested once its cells are set".into()
    }
}

/// Checks an assignment from scratch: every cell's digits, the letters,
/// every clue.
pub fn verify(p: &Crossnumber, values: &[u8]) -> Verdict {
    if values.len() != p.domains.len() {
        return Verdict::Invalid(Invalid::Length);
    }
    for (v, &d) in values.iter().enumerate() {
        if d >= 64 || p.domains[v] >> d & 1 == 0 {
            return Verdict::Invalid(Invalid::OutsideDigits {
                var: v,
                digit: u32::from(d),
            });
        }
        let clash = !p.repeats
            && p.letters[v].is_some()
            && (0..v).any(|w| p.letters[w].is_some() && values[w] == d);
        if clash {
            return Verdict::Invalid(Invalid::UsedTwice(u32::from(d)));
        }
    }
    let entries = p.values(values);
    for (c, clue) in p.clues.iter().enumerate() {
        if !p.holds(c, &entries, values) {
            return Verdict::Invalid(Invalid::Condition(clue.text.clone()));
        }
    }
    Verdict::Solution
}
