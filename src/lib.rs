//! crypta: a compiler and interpreter for arithmetic puzzles.
//!
//! The modules follow the pipeline a script goes through:
//! [`syntax`] (pest grammar to a spanned AST) → [`check`] (type-check to the
//! IR in [`ir`], diagnostics as data) → [`plan`] (strategy choice and
//! `explain`) → [`solve`] (one module per strategy, a brute-force oracle and a
//! verifier) → [`report`] (text, JSON and ariadne rendering). [`run`] drives
//! a whole script through that pipeline; [`judge`] reads contest formats;
//! [`generate`] makes random puzzles for tests and benchmarks.
//! [`repl`] keeps the state of an interactive session.
//! The library never prints: it returns strings and data to the binary.

#![forbid(unsafe_code)]

mod arith;
pub mod check;
pub mod diagnostic;
mod digits;
pub mod generate;
pub mod ir;
pub mod judge;
pub mod kind;
pub mod limits;
pub mod plan;
pub mod repl;
pub mod report;
mod rng;
pub mod run;
pub mod solve;
mod sums;
mod syntax;

pub use diagnostic::{Diagnostic, ErrorKind, Span};
