//! The interactive session, without the terminal: a [`Session`] takes what
//! the user typed and returns what to show; [`editor`] gives rustyline its
//! completion, hints and the test for an unfinished `{ ... }` block. The
//! read-print loop itself lives in the binary.

pub mod editor;
pub mod help;
mod session;

pub use crypta_core::complete::unfinished;
pub use session::{Reply, Session, Settings};
