//! Part of crypta (the API is crypta-core): the layers below the puzzle
//! kinds. The language's words ([`vocab`]), its grammar and spanned
//! syntax tree ([`syntax`]), diagnostics as data ([`diagnostic`]), and the
//! symbol substrate every kind consumes: variables, words and conditions
//! ([`ir`]), exact arithmetic ([`arith`]), options folded into domains and
//! distinct groups and the letter-equation checker ([`check`]), the
//! strategies for a system of conditions and their choice ([`solve`]),
//! the candidate grid of grading ([`grade`]); with the [`kinds::Kind`]
//! trait every kind implements and the `letters` kind, whose IR is this
//! substrate's own. The modules form layers (docs/architecture.md): each
//! uses only the ones below it.

#![forbid(unsafe_code)]
// The modules' docs teach their algorithms by linking the private parts
// that carry them out: read with `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

// pest without its `std` feature: the parser it generates names `alloc`.
// Without `std`, pest checks no stack depth on every rule it enters (a
// thread-local read and a stack probe, measured as a third of parsing);
// the parser's own bounds on nesting and operators (`limits::MAX_NESTING`,
// `limits::MAX_OPERATORS`, checked in the text before parsing) keep the
// grammar's recursion, and the tree's, shallow.
extern crate alloc;

pub mod arith;
pub mod check;
pub mod diagnostic;
pub mod digits;
pub mod draw;
pub mod escape;
pub mod grade;
pub mod ir;
pub mod kinds;
pub mod limits;
pub mod rng;
pub mod solve;
pub mod sums;
pub mod syntax;
pub mod view;
pub mod vocab;
