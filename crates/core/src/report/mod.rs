//! Rendering: results as text a person enjoys reading or as JSON lines,
//! and diagnostics through ariadne (or as JSON). Everything returns
//! strings; the binary decides where they go.

pub mod diagnostics;
pub mod grade;
pub mod json;
pub mod svg;
pub mod text;
// Each kind's `impl Show` (`report/NAME.rs`), declared by the registry.
crate::ir::kinds!(kind_modules pub(crate));

use crate::ir::{kind_modules, Puzzle};
use crate::run::Solution;
use json::SolutionJson;

/// How a solution of one kind is shown, in every format: each kind's
/// `report/NAME.rs` implements it, so that [`text`], [`json`] and [`svg`]
/// need no arm per kind.
pub(crate) trait Show {
    /// Solutions as text, each drawn as its kind is shown
    /// ([`text::solutions_text`]).
    fn solutions_text(&self, solutions: &[Solution]) -> String;

    /// One solution as the JSON of the brief, in one of the shapes of
    /// [`SolutionJson`].
    fn solution_json(&self, solution: &Solution) -> SolutionJson;

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
