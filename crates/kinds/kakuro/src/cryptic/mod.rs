//! Cryptic Kakuro: a Kakuro grid with letters in its cells or clues, a
//! variant of its own of the Kakuro kind.

pub mod ir;
mod kind;

pub use ir::CrypticKakuro;
