//! The checks every kind shares, below the kinds: options folded into
//! digit domains and distinct groups ([`options`]), and letter words,
//! equations and conditions checked into the symbol substrate
//! ([`symbols`]), which letter puzzles, layouts' letter rows, cryptic
//! Kakuro and systems all read. A kind's own checker is in its crate
//! (`crates/kinds/NAME`); statements are checked by crypta-engine's
//! `program`.

pub mod options;
pub mod symbols;
