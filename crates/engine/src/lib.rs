//! Part of crypta (the API is crypta-core): the layers above the puzzle
//! kinds. The registry of the kinds ([`kinds`]), statements checked into
//! the IR ([`program`]), strategy choice and `explain` ([`plan`]), a
//! statement driven through the pipeline under its limits ([`run`]),
//! text, JSON and diagnostics rendered ([`report`]), and the tools around
//! the language: the formatter ([`fmt`]), completion ([`complete`]), what
//! an editor shows ([`analysis`]), the generators ([`generate`]), the
//! contest formats ([`judge`]) and other solvers' formats
//! ([`interchange`]). The modules form layers (docs/architecture.md): each
//! uses only the ones below it, and those of crypta-substrate and the
//! kinds' crates.

#![forbid(unsafe_code)]

pub mod analysis;
pub mod complete;
pub mod fmt;
pub mod generate;
pub mod interchange;
pub mod judge;
pub mod kinds;
pub mod plan;
pub mod program;
pub mod report;
pub mod run;
