//! Rendering: results as text a person enjoys reading or as JSON lines,
//! and diagnostics through ariadne (or as JSON). Everything returns
//! strings; the binary decides where they go.

pub mod diagnostics;
pub mod grade;
pub mod json;
pub mod svg;
pub mod text;
pub mod view;
// Each kind's `impl Show` (`report/NAME.rs`), declared by the registry.
crate::ir::kinds!(kind_modules pub(crate));

use crate::ir::{kind_modules, Puzzle};
use crate::run::Solution;

/// How a puzzle of one kind is drawn: each kind's `report/NAME.rs`
/// implements it, so that [`svg`] needs no arm per kind. Text and JSON
/// need none either: they render a solution's view ([`view`]), which the
/// kind makes (`Kind::view`).
pub(crate) trait Show {
    /// The puzzle as a standalone SVG document, blank or filled in
    /// ([`svg::svg`]).
    fn svg(&self, solution: Option<&Solution>) -> String;
}

/// [`show`], one arm per kind of the registry ([`crate::ir::kinds`]).
macro_rules! show {
    ([] $($module:ident { $($(#[$doc:meta])* $variant:ident($ir:ty),)* })*) => {
        /// How `puzzle` is shown: the one `match` on the kinds of the
        /// report layer.
        pub(crate) fn show(puzzle: &Puzzle) -> &dyn Show {
            match puzzle {
                $($(Puzzle::$variant(puzzle) => puzzle,)*)*
            }
        }
    };
}
crate::ir::kinds!(show);

/// The output format chosen with `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// Text for a person to read; diagnostics drawn with their source.
    #[default]
    Text,
    /// One JSON object per line, for programs.
    Json,
}
