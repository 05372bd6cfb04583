//! Crossnumbers (`crossnumber { }`): a grid like a crossword's whose
//! answers are numbers, each clue a condition over the entries. Checked by
//! `check.rs` (clues read by `parse.rs` into `clue.rs`'s conditions, the
//! cheap never-holds test in `bounds.rs`), solved by `solve.rs` (entry
//! lists joined by digit masks), cross-checked by `oracle.rs`, drawn by
//! `picture.rs`.

pub mod bounds;
pub mod check;
pub mod clue;
pub mod ir;
mod kind;
pub mod oracle;
pub mod parse;
mod picture;
pub mod solve;

pub use ir::{Clue, Crossnumber, Entry};

/// The crossnumber kind in the registry (crypta-engine's `kinds::KINDS`).
pub const REGISTERED: crypta_substrate::kinds::Registered = crypta_substrate::kinds::Registered {
    name: "crossnumber",
    check: check::check,
    samples: &[
        "unique crossnumber {\n  . . . #\n  . # . .\n  . . . .\n  # . . .\n  1a = 1d + 9\n  1d: prime\n  2d: prime\n  3a: palindrome\n  4d: square\n  5a: triangular\n  6d = 3a + 30\n  7a: prime\n  1d + 7a = 918\n}",
    ],
};
