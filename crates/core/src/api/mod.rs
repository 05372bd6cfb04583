//! The front API: what a Rust program needs to run crypta scripts and
//! read their answers as typed data, re-exported at the crate root. A thin
//! layer over [`crypta_substrate::check`], [`crypta_engine::run`] and [`crypta_engine::report`]: it
//! converts, it does not search.
//!
//! [`Script::parse`] checks a script once; each [`Statement`] runs under
//! [`Options`] into an [`Answer`], or an [`Error`]. The crate docs teach it
//! on one page.

mod answer;
mod asking;
mod caption;
mod error;
mod grading;
mod print;
mod puzzle_options;
mod render;
mod script;
mod solution;
mod uniqueness;

pub use answer::Answer;
/// ```
/// use std::time::Duration;
/// let options = crypta_core::Options::new()
///     .timeout(Duration::from_secs(2))
///     .max_nodes(1_000_000)
///     .jobs(1);
/// # let _ = options;
/// ```
#[doc(inline)]
pub use crypta_engine::run::Options;
pub use error::{Error, InternalError};
pub use grading::{Grading, Rating};
pub use print::Piece;
pub use puzzle_options::{PuzzleOptions, PuzzleOptionsError};
pub use render::{error_json, excerpt, render_diagnostics};
pub use script::{Scope, Script, Statement};
pub use solution::{Cell, Solution};
pub use uniqueness::{Fixes, Given, Uniqueness};
