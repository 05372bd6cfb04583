//! The puzzle kinds, each in its own folder, and the registry that lists
//! them: this file is the one place a kind is registered.
//!
//! A kind's folder holds everything that is its own: its IR (`ir.rs`,
//! with its `explain` text), its checker (`check`), its strategies,
//! brute-force oracle and verifier (`solve`), its `impl Kind` (`kind.rs`:
//! plan, count, cut, givens, grading, view), its picture (`picture.rs`)
//! and its grading rules (`grade`), where it has them. What several kinds
//! share is the symbol substrate below them: variables, words and
//! conditions (`crate::ir`), options folded into domains and distinct
//! groups and the letter-equation checker (`crate::check`), the
//! strategies for a system of conditions and their choice
//! (`crate::solve::symbols`), the candidate grid of grading
//! (`crate::grade::symbols`). A kind reads the substrate and never
//! another kind: `system`, which joins layouts and equations, is the one
//! kind made of another (`tests/it/layers.rs` holds it to that).
//!
//! Adding a kind: its folder, its variant of [`Puzzle`] with its arm in
//! [`of`], its entry in [`KINDS`], and its keyword in the vocabulary
//! (`crate::vocab`) and the grammar when it is written as a block
//! (docs/architecture.md lists the files). [`Kind`] has no default
//! methods: a part left out does not compile, and a capability a kind
//! lacks is an explicit [`Unsupported`].

pub mod kakuro;
mod kind;
pub mod layout;
pub mod letters;
pub mod split;
pub mod system;

pub use kakuro::{CrypticKakuro, Direction, Kakuro, KakuroCell, Run, Sum};
pub use kind::{Capability, Givens, Grader, Kind, Unsupported, Verifier};
pub use layout::{DivisionRows, Layout, MultiplicationRows, Row, Shape};
pub use system::{Mapped, System};

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::ir::Letters;
use crate::syntax::ast::{PuzzleBody, PuzzleDef};

/// Every puzzle kind of the language: one variant per kind's IR.
#[derive(Clone, Debug)]
pub enum Puzzle {
    /// Letter equations: one equation or a system, over words of symbols.
    Letters(Letters),
    /// A multiplication or a division: one kind, two shapes.
    Layout(Layout),
    /// A Kakuro grid.
    Kakuro(Kakuro),
    /// A Kakuro grid with letters in its cells or clues.
    CrypticKakuro(CrypticKakuro),
    /// Layouts and equations in one system sharing symbols.
    System(System),
}

/// The kind of `puzzle`: planning, solving, verifying, cutting, grading,
/// viewing and drawing a checked puzzle go through here, so this is the
/// one `match` on the kinds.
pub fn of(puzzle: &Puzzle) -> &dyn Kind {
    match puzzle {
        Puzzle::Letters(puzzle) => puzzle,
        Puzzle::Layout(puzzle) => puzzle,
        Puzzle::Kakuro(puzzle) => puzzle,
        Puzzle::CrypticKakuro(puzzle) => puzzle,
        Puzzle::System(puzzle) => puzzle,
    }
}

/// A kind's checker (see [`Registered::check`]).
pub type Check = fn(&PuzzleDef) -> Option<Result<Puzzle, Vec<Diagnostic>>>;

/// A kind as the registry knows it before there is a puzzle: its name,
/// the checker that claims what is written, and statements of it.
pub struct Registered {
    /// The kind's name (its folder), as docs and tests name it.
    // Read by the tests (tests/it/kinds.rs), which reach it with the
    // `internals` feature.
    #[cfg_attr(not(feature = "internals"), allow(dead_code))]
    pub name: &'static str,
    /// The kind's checker: a puzzle as written (equations, a block after
    /// one of the kind's keywords, a system), checked into the kind's IR,
    /// or `None` when the body is another kind's. Checking comes before a
    /// kind exists, so the checker is picked by what the AST holds.
    pub check: Check,
    /// Small puzzles of the kind (one per variant) with one solution each,
    /// written as `unique` queries: `tests/it/kinds.rs` runs every part of
    /// every registered kind on them, so a kind registered without one of
    /// its parts fails there.
    #[cfg_attr(not(feature = "internals"), allow(dead_code))]
    pub samples: &'static [&'static str],
}

/// The registry: every kind, in the order their checkers are asked.
pub const KINDS: &[Registered] = &[
    letters::REGISTERED,
    layout::REGISTERED,
    kakuro::REGISTERED,
    system::REGISTERED,
];

/// A puzzle written out (equations, or a block after its keyword),
/// checked by the one kind's checker that claims it.
pub fn check(def: &PuzzleDef) -> Result<Puzzle, Vec<Diagnostic>> {
    for kind in KINDS {
        if let Some(checked) = (kind.check)(def) {
            return checked;
        }
    }
    Err(vec![unclaimed(&def.body)])
}

/// A body no kind's checker claims: a keyword of the vocabulary whose
/// kind is missing from the registry, a crypta bug (`tests/it/vocab.rs`
/// checks that every block keyword is claimed).
fn unclaimed(body: &PuzzleBody) -> Diagnostic {
    let (word, span) = match body {
        PuzzleBody::Block { kind, .. } => (kind.node.keyword(), kind.span.clone()),
        PuzzleBody::Equations(equations) => (
            "equations",
            equations.first().map(|e| e.span().clone()).unwrap_or(0..0),
        ),
        PuzzleBody::Name(name) => ("a name", name.span.clone()),
        PuzzleBody::System(_) => ("system", 0..0),
    };
    Diagnostic::new(
        ErrorKind::Syntax,
        span,
        format!("no checker takes `{}` puzzles (a crypta bug)", word),
    )
}

impl Puzzle {
    /// The JSON `kind`: `letters`, `multiplication`, `division`, `kakuro`
    /// (a cryptic Kakuro is a `kakuro`, as the brief's).
    pub fn kind_name(&self) -> &'static str {
        of(self).kind_name()
    }

    /// The typed puzzle, for `explain` (the strategy is added after it).
    pub fn describe(&self) -> String {
        of(self).describe()
    }
}
