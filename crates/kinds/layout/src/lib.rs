//! Skeleton long multiplications and divisions (`multiplication { }`,
//! `division { }`): one kind, two shapes, their rows read as printed.

pub mod check;
pub mod grade;
pub mod ir;
mod kind;
pub mod picture;
pub mod solve;

pub use ir::{DivisionRows, Layout, MultiplicationRows, Row, Shape};

/// The layout kind in the registry (crypta-engine's `kinds::KINDS`).
pub const REGISTERED: crypta_substrate::kinds::Registered = crypta_substrate::kinds::Registered {
    name: "layout",
    check: check::check,
    samples: &[
        "unique multiplication {\n  **3\nx  **\n-----\n *4**\n****\n-----\n2*45*\n}",
        "unique division {\n      3*\n     ----\n** ) ***\n     *5\n     --\n      2*\n      **\n      --\n       4\n}",
    ],
};
