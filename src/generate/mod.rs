//! Random puzzles with a planted solution, for the property tests and the
//! benchmarks (`crypta generate`). Seeded, so a seed names one puzzle on
//! every machine.

pub mod kakuro;

pub use crate::rng::Rng;
