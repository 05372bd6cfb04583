//! Letter equations (`SEND + MORE = MONEY`, radix sums, conditions): the
//! kind whose IR is the symbol substrate itself (`crate::ir::Letters`),
//! checked, solved and graded by the substrate (`crate::check::symbols`,
//! `crate::solve::symbols`, `crate::grade::symbols`). Its own parts are
//! the claim on equations, its `impl Kind` and its picture.

mod check;
mod kind;
mod picture;

/// The letters kind in the registry (crypta-engine's `kinds::KINDS`).
pub const REGISTERED: super::Registered = super::Registered {
    name: "letters",
    check: check::check,
    samples: &["unique SEND + MORE = MONEY"],
};
