//! Cutting a search into parts for several cores. A search tree is cut at
//! its first decisions: the variable the planned strategy decides first
//! is fixed to each of its digits in turn, then the next one, until there
//! are about [`PARTS`] parts. Each part is the same puzzle with narrower
//! domains, planned and searched on its own; their solutions together are
//! exactly the whole puzzle's, each in one part.
//!
//! The cut depends only on the puzzle, never on the number of cores, so
//! the parts taken in order give the same answers in the same order on one
//! core as on many. Many more parts than cores let the pool's work
//! stealing even out parts of very different sizes (a first digit of 0 is
//! often cut off at once, a 1 may hold every solution).
//!
//! It lives with the kinds because each kind says how it is cut: the
//! variables to cut on, how a domain narrows, and the strategy a part is
//! planned with.

use crate::kinds::Puzzle;

/// Parts aimed at.
pub const PARTS: usize = 64;

/// One part: the narrowed puzzle, and the digits fixed to make it.
#[derive(Clone, Debug)]
pub struct Part {
    /// The puzzle with the fixed variables' domains narrowed to one digit.
    pub puzzle: Puzzle,
    /// (variable, digit) for each variable fixed.
    pub fixed: Vec<(usize, u8)>,
}

impl Part {
    /// Whether an assignment belongs to this part: a strategy that reads
    /// a layout's rows rather than every domain may report an assignment
    /// of another part, and it must be counted once, in its own part.
    pub fn holds(&self, values: &[u8]) -> bool {
        self.fixed.iter().all(|&(v, d)| values.get(v) == Some(&d))
    }
}

/// The parts of `puzzle`, in the order of its search; `None` when it is
/// not cut: its kind has no variables to cut on, there is nothing to cut,
/// or a part would be planned with another strategy than the whole (a
/// narrowed domain may turn a puzzle away from a strategy that needs full
/// domains, and the parts would then be slower than the whole).
pub fn split(puzzle: &Puzzle) -> Option<Vec<Part>> {
    let kind = super::of(puzzle);
    let planned = kind.plan();
    let strategy = planned.name();
    let mut parts = vec![Part {
        puzzle: puzzle.clone(),
        fixed: Vec::new(),
    }];
    for var in kind.split_vars(planned.as_ref()) {
        if parts.len() >= PARTS {
            break;
        }
        let mut next = Vec::new();
        for part in parts {
            let narrowed = super::of(&part.puzzle).narrowed(var);
            if narrowed.is_empty() {
                return None;
            }
            for (digit, puzzle) in narrowed {
                let mut fixed = part.fixed.clone();
                fixed.push((var, digit));
                next.push(Part { puzzle, fixed });
            }
        }
        parts = next;
    }
    let same = parts
        .iter()
        .all(|p| super::of(&p.puzzle).plan().name() == strategy);
    (parts.len() > 1 && same).then_some(parts)
}
