//! crypta: a compiler and interpreter for arithmetic puzzles — letter
//! equations (`SEND + MORE = MONEY`), radix additions, skeleton
//! multiplications and divisions, and Kakuro — as a library. The language
//! is described in `docs/language.md`; the `crypta` command (package
//! `crypta-cli`) is a front end over this crate.
//!
//! # The API on one page
//!
//! A [`Script`] is parsed and checked once; its problems are data
//! ([`Diagnostic`]s with spans, hints and fixes). Each [`Statement`] runs
//! under [`Options`] (time limit, node limit, threads, an interrupt flag)
//! into an [`Answer`], or a typed [`Error`]:
//!
//! ```
//! use std::time::Duration;
//! use crypta_core::{ErrorKind, Options, Query, Script};
//!
//! let script = Script::parse(
//!     "SEND + MORE = MONEY\n\
//!      count AB + CD = EFG\n",
//! );
//! assert!(script.is_ok(), "{}", script.render_diagnostics("example", false));
//! assert_eq!(script.statements()[1].query(), Some(Query::Count));
//!
//! let options = Options::new().timeout(Duration::from_secs(10));
//! let answers = script.run_all(&options)?;
//!
//! // A solution: each symbol's digit, in order of first appearance.
//! let money = &answers[0].solutions()[0];
//! assert_eq!(money.symbols()[0], ('S', 9));
//! assert_eq!(money.digit('M'), Some(1));
//! assert!(money.text().starts_with("9567 + 1085 = 10652"));
//!
//! // A count: exact at any size, read as a machine word when it fits.
//! let count = answers[1].count().expect("`count` counts");
//! assert_eq!(count.to_u64(), Some(284));
//! assert!(answers[1].is_complete());
//! println!("{} solutions", count);
//!
//! // Pictures: the puzzle as an SVG document, filled in or blank.
//! assert!(money.svg().contains("<svg"));
//! println!("{} bytes of SVG", script.statements()[0].svg().map_or(0, |s| s.len()));
//!
//! // A script with an error runs nothing; its diagnostics say why.
//! let bad = Script::parse("SEND + MORE");
//! assert_eq!(bad.diagnostics()[0].kind, ErrorKind::MissingEquals);
//! assert!(bad.run_all(&options).is_err());
//! # Ok::<(), crypta_core::Error>(())
//! ```
//!
//! What an [`Answer`] holds depends on its statement's [`Query`]:
//!
//! | query | read it with |
//! |---|---|
//! | `solve`, `first N` | [`Answer::solutions`]: [`Solution::symbols`], [`Solution::rows`] (multiplication, division), [`Solution::grid`] (Kakuro [`Cell`]s), [`Solution::text`], [`Solution::svg`] |
//! | `count` | [`Answer::count`], a [`Count`] |
//! | `unique` | [`Answer::uniqueness`]: [`Uniqueness::Unique`], or [`Uniqueness::NotUnique`] with the [`Fixes`], sets of [`Given`]s that leave one solution |
//! | `grade`, `explain steps` | [`Answer::grading`]: a [`Rating`] with its [`Difficulty`] and [`Step`]s |
//! | `answer EXPR:`, `unique answer EXPR:` | [`Answer::answers`]: [`Answers`], each value (a [`BigInt`]) with its count |
//! | `explain` | [`Answer::explanation`] |
//!
//! Every answer says whether a limit stopped it ([`Answer::stopped_by`],
//! a [`Limit`]) and renders as `crypta run` prints it, as text
//! ([`Answer::to_text`]) or JSON lines ([`Answer::to_json`]).
//! [`Statement::run_streaming`] hands out `solve`'s solutions as they are
//! found instead of keeping them. Uniqueness and grading:
//!
//! ```
//! use crypta_core::{Difficulty, Fixes, Options, Script, Uniqueness};
//!
//! let script = Script::parse(
//!     "unique kakuro { # 5\\ 5\\ ; \\4 . . ; \\6 . . }\n\
//!      grade SEND + MORE = MONEY\n",
//! );
//! let answers = script.run_all(&Options::new())?;
//!
//! let Some(Uniqueness::NotUnique(Fixes::Givens(sets))) = answers[0].uniqueness() else {
//!     panic!("two fillings, and givens that fix it");
//! };
//! assert_eq!((sets[0][0].name.as_str(), sets[0][0].digit), ("r2c2", 1));
//! let grid = answers[0].solutions()[0].grid().expect("a Kakuro grid");
//! assert_eq!(grid.len(), 3);
//!
//! let rating = answers[1].grading().and_then(|g| g.rating()).expect("graded");
//! assert_eq!(rating.difficulty(), Difficulty::Hard);
//! assert_eq!(rating.steps()[0].rule, "leftmost carry");
//! # Ok::<(), crypta_core::Error>(())
//! ```
//!
//! The library never prints, and builds for `wasm32-unknown-unknown`
//! (time limits use the browser's clock there).
//!
//! # Front ends
//!
//! The `crypta` command, its REPL and its language server are built on
//! this page and the tool modules below, nothing else:
//!
//! - [`Statement::run_printed`] runs a statement as `crypta run` prints
//!   it, in a [`Format`] (text or JSON lines), handing out [`Piece`]s: a
//!   search's head, each solution as it is found, its end.
//!   [`Options::progress`] counts the solutions for a spinner;
//!   [`Statement::picture`] is what `--format svg` draws.
//! - [`PuzzleOptions`] writes options given beside a script (keyword
//!   arguments, a form's fields) after each query's `with`, from typed
//!   values only.
//! - A REPL checks each input with [`Script::parse_in`] against one
//!   [`Scope`], which keeps the `let` names and the statement numbers;
//!   [`Answer::answer_text`] is the answer without the statement typed.
//! - Warnings ([`Script::warnings`], kinds for which
//!   [`ErrorKind::is_warning`] holds: a divisor always 0) do not stop a
//!   run; [`Script::problems`] gives them with the errors, in order.
//! - Problems are shown with [`Script::render_diagnostics`] (or
//!   [`render_diagnostics`] for any [`Diagnostic`]s), as JSON with
//!   [`Script::diagnostics_json`] and [`Diagnostic::to_json`]; a plain
//!   message with [`excerpt`] and [`error_json`].
//!
//! ```
//! use crypta_core::{Format, Options, Piece, Scope, Script};
//!
//! let mut scope = Scope::new();
//! let first = Script::parse_in("let sum = AB + BA = CDC\n", &mut scope);
//! assert!(first.is_ok() && scope.names().any(|n| n == "sum"));
//! let second = Script::parse_in("first 1 sum", &mut scope);
//! let statement = &second.statements()[0];
//! assert_eq!(statement.number(), 2);
//!
//! let mut printed = String::new();
//! let answer = statement.run_printed(&Options::new(), Format::Text, None, |piece| {
//!     match piece {
//!         Piece::Start(text) | Piece::Solution(text) | Piece::End(text) => printed.push_str(text),
//!     }
//! })?;
//! assert!(printed.starts_with("first 1 sum\n"));
//! assert_eq!(answer.count().and_then(|c| c.to_u64()), Some(1));
//! # Ok::<(), crypta_core::Error>(())
//! ```
//!
//! The tool modules serve programs around the language: [`fmt`] (the
//! formatter and the lexer editors colour with), [`complete`] and
//! [`analysis`] (what a REPL or an editor offers and shows), [`vocab`]
//! (every keyword, with its help), [`judge`] (contest input formats),
//! [`generate`] (new puzzles) and [`limits`] (the sizes crypta reads, and
//! `--timeout`'s seconds).
//!
//! # Inside
//!
//! Everything else is private. The modules follow the pipeline a script
//! goes through: the pest grammar and a spanned AST, `program` (statements
//! type-checked into the IR, diagnostics as data), `plan` (strategy choice
//! and `explain`), `run` (a statement driven through the pipeline) and
//! `report` (text, JSON and ariadne rendering). Each puzzle kind lives in
//! its folder under `kinds/` (its IR, checker, strategies, oracle,
//! verifier, grading, view and picture) behind one trait, `kinds::Kind`,
//! and is registered in one place, `kinds/mod.rs`; below the kinds is
//! the symbol substrate they share (`ir`, `check`, `solve`, `grade`:
//! variables, conditions, options, the strategies for systems of
//! conditions, the candidate grid). The modules form
//! layers that use only the layers below them (the table is in
//! `docs/architecture.md`, checked by `tests/it/layers.rs`), where the
//! files a new kind or option touches are listed too. The integration
//! tests reach these modules through the `internals` feature, which is
//! not part of the API.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

// pest without its `std` feature: the parser it generates names `alloc`.
// Without `std`, pest checks no stack depth on every rule it enters (a
// thread-local read and a stack probe, measured as a third of parsing);
// the parser's own bounds on nesting and operators (`limits::MAX_NESTING`,
// `limits::MAX_OPERATORS`, checked in the text before parsing) keep the
// grammar's recursion, and the tree's, shallow.
extern crate alloc;

// The pipeline's modules: private, or public but hidden from the
// documentation with the `internals` feature, for the integration tests
// (`pub use` cannot re-export a private module: error E0365). Written out
// rather than made by a macro: rustfmt does not see modules a macro
// declares, and would leave their files unformatted.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod check;
#[cfg(not(feature = "internals"))]
mod check;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod diagnostic;
#[cfg(not(feature = "internals"))]
mod diagnostic;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod grade;
#[cfg(not(feature = "internals"))]
mod grade;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod ir;
#[cfg(not(feature = "internals"))]
mod ir;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod kinds;
#[cfg(not(feature = "internals"))]
mod kinds;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod plan;
#[cfg(not(feature = "internals"))]
mod plan;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod program;
#[cfg(not(feature = "internals"))]
mod program;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod report;
#[cfg(not(feature = "internals"))]
mod report;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod run;
#[cfg(not(feature = "internals"))]
mod run;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod solve;
#[cfg(not(feature = "internals"))]
mod solve;

pub mod analysis;
mod api;
mod arith;
pub mod complete;
mod digits;
mod draw;
pub mod fmt;
pub mod generate;
pub mod interchange;
pub mod judge;
pub mod limits;
mod rng;
mod sums;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod syntax;
#[cfg(not(feature = "internals"))]
mod syntax;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod view;
#[cfg(not(feature = "internals"))]
mod view;
pub mod vocab;

pub use crate::api::{
    error_json, excerpt, render_diagnostics, Answer, Cell, Error, Fixes, Given, Grading,
    InternalError, Options, Piece, PuzzleOptions, PuzzleOptionsError, Rating, Scope, Script,
    Solution, Statement, Uniqueness,
};
pub use crate::diagnostic::{Diagnostic, ErrorKind, Fix, Span};
pub use crate::grade::Difficulty;
pub use crate::ir::Query;
pub use crate::report::grade::ShownStep as Step;
pub use crate::report::Format;
pub use crate::run::{Answers, Limit};
pub use crate::solve::count::Count;
pub use num_bigint::BigInt;

/// What the integration tests (`tests/it/internals.rs`) reach inside for;
/// not part of the API.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internals {
    pub use crate::arith::condition::{has_property, has_property_i128, term_value};
    pub use crate::report::view::grid_text;
    pub use crate::run::Found;
    pub use crate::solve::symbols::column_sums::inverse_mod;
    pub use crate::sums::{max_sum, min_sum, tables, ALL};
    pub use crate::vocab::properties::{is_prime, is_square};

    /// The unit tests of private parts, run by `tests/it/units.rs`.
    pub mod unit {
        pub use crate::generate::letters::dense::tests as dense;
        pub use crate::grade::text::tests as grade_text;
        pub use crate::kinds::kakuro::grade::tests as kakuro_grading;
        pub use crate::run::driver::tests as driver;
        pub use crate::solve::symbols::bijective_radix::enumerate::tests as ball;
        pub use crate::solve::symbols::bijective_radix::lattice::tests as lattice;
        pub use crate::solve::symbols::linear_count::tests as linear_count;
        pub use crate::vocab::prime::tests as prime;
    }
}
