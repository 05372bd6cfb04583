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
//! Everything else is in the crates this one is built on, which follow
//! the pipeline a script goes through: crypta-substrate (the pest grammar
//! and a spanned AST, the words, and the symbol substrate the kinds share:
//! variables, conditions, options, the strategies for systems of
//! conditions, the candidate grid, with the `Kind` trait), one crate per
//! puzzle kind (crypta-kind-layout, crypta-kind-kakuro, crypta-kind-system;
//! its IR, checker, strategies, oracle, verifier, grading, view and
//! picture), and crypta-engine (the registry of the kinds, `program`:
//! statements type-checked into the IR, `plan`: strategy choice and
//! `explain`, `run`: a statement driven through the pipeline, `report`:
//! text, JSON and ariadne rendering, and the tools). Each uses only the
//! crates below it, as Cargo enforces; docs/architecture.md has the layers
//! and lists the files a new kind or option touches. None of them is part
//! of the API: this page is.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod api;

// The tool modules: the formatter and lexer, completion, what an editor
// shows, the contest formats, the generators, other solvers' formats, the
// vocabulary and the limits.
pub use crypta_engine::{analysis, complete, fmt, interchange, judge};

/// ```
/// use crypta_core::generate::{Generator, Kind, Limits, Request};
///
/// let request = Request { kind: Kind::Multiplication, count: 2, ..Request::default() };
/// request.check()?; // the command line's message when options do not fit
/// let mut made = Vec::new();
/// let outcome = Generator::new(&request)?.run(&Limits::default(), |seed, puzzle| {
///     made.push((seed, puzzle));
/// });
/// assert_eq!(outcome.message(), None); // no limit stopped it
/// assert_eq!(made[1].0, 2); // seeds 1 and 2, in order
/// assert!(made[0].1.as_ref().unwrap().as_ref().unwrap().starts_with("unique multiplication {"));
/// # Ok::<(), crypta_core::generate::GenerateError>(())
/// ```
#[doc(inline)]
pub use crypta_engine::generate;
pub use crypta_substrate::{limits, vocab};

pub use crate::api::{
    error_json, excerpt, render_diagnostics, Answer, Cell, Error, Fixes, Given, Grading,
    InternalError, Options, Piece, PuzzleOptions, PuzzleOptionsError, Rating, Scope, Script,
    Solution, Statement, Uniqueness,
};
pub use crypta_engine::report::grade::ShownStep as Step;
pub use crypta_engine::report::Format;
pub use crypta_engine::run::{Answers, Limit};
pub use crypta_substrate::diagnostic::{Diagnostic, ErrorKind, Fix, Span};
pub use crypta_substrate::grade::Difficulty;
pub use crypta_substrate::ir::Query;
pub use crypta_substrate::solve::count::Count;
pub use num_bigint::BigInt;
