//! The registry of the puzzle kinds: this file is the one place a kind is
//! registered.
//!
//! A kind is a crate of its own (`crates/kinds/NAME`), or for `letters`,
//! whose IR is the symbol substrate's own, a folder of crypta-substrate
//! (`kinds/letters`). It holds everything that is its own: its IR
//! (`ir.rs`, with its `explain` text), its checker (`check`), its
//! strategies, brute-force oracle and verifier (`solve`), its `impl Kind`
//! (`kind.rs`: plan, count, cut, givens, grading, view), its picture
//! (`picture.rs`) and its grading rules (`grade`), where it has them. What
//! several kinds share is the symbol substrate below them
//! (crypta-substrate): variables, words and conditions (`ir`), options
//! folded into domains and distinct groups and the letter-equation checker
//! (`check`), the strategies for a system of conditions and their choice
//! (`solve::symbols`), the candidate grid of grading (`grade::symbols`).
//! A kind depends on the substrate and never on another kind: `system`,
//! which joins layouts and equations, is the one kind made of another (its
//! crate depends on crypta-kind-layout), and Cargo holds them to that.
//!
//! Adding a kind: its crate, its entry in [`KINDS`] (with the crate in
//! this crate's dependencies), and its keyword in the vocabulary
//! (`crypta_substrate::vocab`) and the grammar when it is written as a
//! block (docs/architecture.md lists the files). [`Kind`] has no default
//! methods: a part left out does not compile, and a capability a kind
//! lacks is an explicit [`Unsupported`].

pub use crypta_kind_crossnumber as crossnumber;
pub use crypta_kind_kakuro as kakuro;
pub use crypta_kind_layout as layout;
pub use crypta_kind_system as system;
pub use crypta_substrate::kinds::letters;
pub use crypta_substrate::kinds::{
    bug_text, of, split, Capability, Check, Givens, Grader, Kind, Puzzle, Registered, Unsupported,
    Verifier,
};

pub use kakuro::{CrypticKakuro, Direction, Kakuro, KakuroCell, Run, Sum};
pub use layout::{DivisionRows, Layout, MultiplicationRows, Row, Shape};
pub use system::{Mapped, System};

use crypta_substrate::diagnostic::{Diagnostic, ErrorKind};
use crypta_substrate::syntax::ast::{PuzzleBody, PuzzleDef};

/// The registry: every kind, in the order their checkers are asked.
pub const KINDS: &[Registered] = &[
    letters::REGISTERED,
    layout::REGISTERED,
    kakuro::REGISTERED,
    system::REGISTERED,
    crossnumber::REGISTERED,
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
