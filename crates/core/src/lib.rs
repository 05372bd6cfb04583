//! crypta: a compiler and interpreter for arithmetic puzzles.
//!
//! The modules follow the pipeline a script goes through: the pest grammar
//! and a spanned AST (private), [`check`] (type-check into the IR of [`ir`],
//! diagnostics as data), [`plan`] (strategy choice and `explain`), [`solve`]
//! (strategies, oracles and verifiers, one folder per puzzle kind) and
//! [`report`] (text, JSON and ariadne rendering). [`run`] drives a whole
//! script through that pipeline; [`repl`] keeps an interactive session's
//! state; [`judge`] reads contest formats; [`generate`] makes puzzles;
//! [`grade`] solves them by a person's steps and rates them;
//! [`fmt`] formats scripts and [`lsp`] serves editors.
//!
//! Each puzzle kind (letters, layouts, Kakuro) sits behind one trait,
//! [`kind::Kind`]; [`ir::Puzzle::kind`] is the one place that dispatches on
//! it. See `docs/architecture.md` for the files a new kind or option touches.
//! The library never prints: it returns strings and data to the binary.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
mod arith;
pub mod check;
pub mod complete;
pub mod diagnostic;
mod digits;
pub mod fmt;
pub mod generate;
pub mod grade;
pub mod ir;
pub mod judge;
pub mod kind;
pub mod limits;
pub mod plan;
pub mod report;
mod rng;
pub mod run;
pub mod solve;
mod sums;
mod syntax;

pub use diagnostic::{Diagnostic, ErrorKind, Fix, Span};

/// What the integration tests (`tests/it/internals.rs`) reach inside for;
/// not part of the API.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internals {
    pub use crate::arith::condition::residues;
    pub use crate::arith::{has_property, is_prime, is_square, term_value};
    pub use crate::report::kakuro::grid_text;
    pub use crate::run::Found;
    pub use crate::solve::letters::column_sums::inverse_mod;
    pub use crate::sums::{max_sum, min_sum, tables, ALL};

    /// The unit tests of private parts, run by `tests/it/units.rs`.
    pub mod unit {
        pub use crate::generate::letters::dense::tests as dense;
        pub use crate::grade::kakuro::tests as kakuro_grading;
        pub use crate::solve::letters::bijective_radix::enumerate::tests as ball;
        pub use crate::solve::letters::bijective_radix::lattice::tests as lattice;
    }
}
