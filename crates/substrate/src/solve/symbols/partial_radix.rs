//! Radix additions where some digits have no letter: `A + B = C` in base
//! n with distinct symbols, but fewer than n of them. The bijective
//! strategy ([`super::bijective_radix`]) needs every digit taken; its
//! carry search and lattice are what make base 36 a matter of
//! milliseconds, and plain column search takes minutes from base 26 on.
//! So the puzzle is padded: one phantom symbol for each missing digit,
//! in no column, distinct from the others. Each solution of the puzzle is
//! then exactly (n - m)! solutions of the padded one, the phantoms taking
//! the digits no letter took in every order; only the one with the
//! phantoms' digits increasing is kept, and the phantoms are dropped.

use super::bijective_radix::BijectiveRadix;
use crate::ir::{Digits, Letters, Var, VarKind};
use crate::solve::{Budget, Flow, Outcome, Strategy};

/// The most digits without a letter: each solution is found (n - m)!
/// times, 24 at four.
pub const MAX_MISSING: usize = 4;

/// The fewest letters for which the planner pads an addition: below,
/// column search ends in milliseconds (SEND + MORE = MONEY: eight
/// letters) and padding would only find each solution (n - m)! times.
/// The cross-checks pad smaller ones too ([`PartialRadix::any_size`]).
pub const MIN_SYMBOLS: usize = 16;

/// The bijective search on the padded puzzle.
pub struct PartialRadix {
    inner: BijectiveRadix,
    /// The puzzle's own variables: the padded puzzle's first ones.
    symbols: usize,
    missing: usize,
}

impl PartialRadix {
    /// `None` unless the puzzle is an addition the bijective strategy
    /// takes once padded with 1 to [`MAX_MISSING`] phantoms.
    pub fn new(letters: &Letters) -> Option<Self> {
        if letters.vars.len() < MIN_SYMBOLS {
            return None;
        }
        Self::padded(letters, BijectiveRadix::new)
    }

    /// [`PartialRadix::new`] at any size, for the cross-checks.
    // Used by the cross-checks (the integration tests) only.
    pub fn any_size(letters: &Letters) -> Option<Self> {
        Self::padded(letters, BijectiveRadix::new)
    }

    /// The same with the carry search alone, for the cross-checks.
    // Used by the cross-checks (the integration tests) only.
    pub fn carries_only(letters: &Letters) -> Option<Self> {
        Self::padded(letters, BijectiveRadix::carries_only)
    }

    /// The same turning to the lattice at once, for the cross-checks.
    // Used by the cross-checks (the integration tests) only.
    pub fn lattice_first(letters: &Letters) -> Option<Self> {
        Self::padded(letters, BijectiveRadix::lattice_first)
    }

    fn padded(letters: &Letters, build: fn(&Letters) -> Option<BijectiveRadix>) -> Option<Self> {
        let symbols = letters.vars.len();
        let missing = (letters.base as usize).checked_sub(symbols)?;
        if !(1..=MAX_MISSING).contains(&missing) {
            return None;
        }
        // The phantoms join the one all-different group of the symbols
        // (bit 0 unless `distinct` named it); several groups are not a
        // bijection, and the bijective strategy turns them down anyway.
        if !crate::ir::vars::one_group(&letters.vars) {
            return None;
        }
        let group = letters
            .vars
            .iter()
            .map(|v| v.groups)
            .find(|&g| g != 0)
            .unwrap_or(1);
        let mut padded = letters.clone();
        for i in 0..missing {
            padded.vars.push(Var {
                // A private-use character: never a letter of the puzzle.
                kind: VarKind::Symbol(char::from_u32(0xE000 + i as u32)?),
                domain: Digits::below(letters.base),
                groups: group,
            });
        }
        Some(PartialRadix {
            inner: build(&padded)?,
            symbols,
            missing,
        })
    }
}

impl Strategy for PartialRadix {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn approach(&self) -> String {
        format!(
            "{} digit{} without a letter: as many phantom symbols in no column, taken in\n\
             increasing order only (each solution once)\n{}",
            self.missing,
            if self.missing == 1 { "" } else { "s" },
            self.inner.approach()
        )
    }

    fn order(&self) -> Vec<usize> {
        Vec::new()
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let symbols = self.symbols;
        self.inner.search(budget, &mut |values| {
            let phantoms = &values[symbols..];
            if phantoms.windows(2).all(|w| w[0] < w[1]) {
                emit(&values[..symbols])
            } else {
                Flow::Continue
            }
        })
    }
}
