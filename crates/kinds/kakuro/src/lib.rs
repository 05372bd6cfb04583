//! Kakuro grids (`kakuro { }`), plain, and cryptic ([`cryptic`]: letters
//! in cells or clues), which share the keyword, the checker, the grid's
//! strategies and the grading engine.

pub mod check;
pub mod cryptic;
pub mod grade;
pub mod ir;
mod kind;
mod picture;
pub mod solve;

pub use cryptic::CrypticKakuro;
pub use ir::{Direction, Kakuro, KakuroCell, Run, Sum};

/// The Kakuro kind in the registry (crypta-engine's `kinds::KINDS`).
pub const REGISTERED: crypta_substrate::kinds::Registered = crypta_substrate::kinds::Registered {
    name: "kakuro",
    check: check::check,
    samples: &[
        "unique kakuro { # 4\\ 3\\ ; \\3 . . ; \\4 . . }",
        "unique kakuro {\n  #   4\\  AD\\ B8\\ BB\\\n  \\AA A   .   .   B\n  \\BC .   C   .   .\n  #   #   \\A6 .   .\n  #   #   \\AD .   .\n}",
    ],
};
