//! What every puzzle kind is to the pipeline: the [`Kind`] trait, a
//! checked puzzle of any kind ([`Puzzle`]), a kind's entry in the registry
//! ([`Registered`]) and how a search is cut into parts ([`split`]). The
//! kinds themselves are crates of their own (`crates/kinds/NAME`), except
//! `letters`, whose IR is the symbol substrate's own (`crate::ir::Letters`)
//! and lives here; the registry that lists them all is `kinds` in
//! crypta-engine.

pub mod kind;
pub mod letters;
pub mod split;

pub use kind::{bug_text, Capability, Givens, Grader, Kind, Unsupported, Verifier};

use std::any::Any;
use std::sync::Arc;

use crate::diagnostic::Diagnostic;
use crate::syntax::ast::PuzzleDef;

/// A checked puzzle of any kind: the kind's IR behind [`Kind`]. The set
/// of kinds is open: a kind's crate builds its puzzles with
/// [`Puzzle::new`], and the few places that need one kind's IR ask for it
/// by type ([`Puzzle::downcast_ref`]).
#[derive(Clone, Debug)]
pub struct Puzzle(Arc<dyn Kind>);

impl Puzzle {
    /// A checked puzzle of the kind whose IR `ir` is.
    pub fn new(ir: impl Kind) -> Puzzle {
        Puzzle(Arc::new(ir))
    }

    /// The IR, when the puzzle is of the kind whose IR is `T`.
    pub fn downcast_ref<T: Kind>(&self) -> Option<&T> {
        let any: &dyn Any = &*self.0;
        any.downcast_ref()
    }

    /// The JSON `kind`: `letters`, `multiplication`, `division`, `kakuro`
    /// (a cryptic Kakuro is a `kakuro`, as the brief's).
    pub fn kind_name(&self) -> &'static str {
        self.0.kind_name()
    }

    /// The typed puzzle, for `explain` (the strategy is added after it).
    pub fn describe(&self) -> String {
        self.0.describe()
    }
}

/// The kind of `puzzle`: planning, solving, verifying, cutting, grading,
/// viewing and drawing a checked puzzle go through here.
pub fn of(puzzle: &Puzzle) -> &dyn Kind {
    &*puzzle.0
}

/// A kind's checker (see [`Registered::check`]).
pub type Check = fn(&PuzzleDef) -> Option<Result<Puzzle, Vec<Diagnostic>>>;

/// A kind as the registry knows it before there is a puzzle: its name,
/// the checker that claims what is written, and statements of it.
pub struct Registered {
    /// The kind's name (its folder), as docs and tests name it.
    pub name: &'static str,
    /// The kind's checker: a puzzle as written (equations, a block after
    /// one of the kind's keywords, a system), checked into the kind's IR,
    /// or `None` when the body is another kind's. Checking comes before a
    /// kind exists, so the checker is picked by what the AST holds.
    pub check: Check,
    /// Small puzzles of the kind (one per variant) with one solution each,
    /// written as `unique` queries: the kinds' test runs every part of
    /// every registered kind on them, so a kind registered without one of
    /// its parts fails there.
    pub samples: &'static [&'static str],
}
