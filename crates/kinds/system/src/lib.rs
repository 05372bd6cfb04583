//! Systems: layouts and letter equations sharing symbols
//! (`division { }, division { }, ABC < DEF`), the one kind made of
//! another's parts (the layouts').

mod check;
pub mod ir;
mod kind;
mod picture;
pub mod solve;

pub use ir::{Mapped, System};

/// The system kind in the registry (crypta-engine's `kinds::KINDS`).
pub const REGISTERED: crypta_substrate::kinds::Registered = crypta_substrate::kinds::Registered {
    name: "system",
    check: check::check,
    samples: &["unique multiplication {\n  AB\nx  C\n---\n  DF\n},\n multiplication {\n  DF\nx  G\n---\n  H6\n}, AB + C = DF - 29"],
};
