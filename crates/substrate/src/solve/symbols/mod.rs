//! Letter equations: the strategies, the verifier and the brute-force
//! oracle, and the rule that picks a strategy by the puzzle's shape.
//!
//! | shape | strategy |
//! | --- | --- |
//! | `A + B = C` with as many distinct symbols as the base | `bijective_radix` |
//! | the same with 16+ symbols and 1 to 4 digits without one | `partial_radix` |
//! | one sum of distinct letters, 4+ new letters in one column | `weighted_sum` |
//! | one equation of sums and differences of words | `column_addition` |
//! | products, or several equations | `modular_columns` |
//! | a condition `X ^ k = Y` (constant k ≤ 8) | the strategy for `X * … * X = Y` (`powers`) |
//! | a condition `X * Y = 0` or `X ^ 2 + Y ^ 2 = 0` | the strategy for `X = 0 or Y = 0`, `X = 0 and Y = 0` (`zeros`) |
//! | a condition `EXPR = WORD`, EXPR not a ring expression, with few letters | [`derive`] |
//! | otherwise a condition with a power whose exponent is a letter | one search per exponent value (`exponents`) |
//!
//! `count` also has counters of its own (`count`): `product_count` for a
//! product of independent words with `repeats`, and `term_sums` for one
//! `=` condition whose terms fall into groups sharing no letter (digit
//! powers, fractions with `repeats`), by convolution.
//!
//! `column_sums` is what the sum strategies share: an equation without
//! products seen column by column.

pub mod bijective_radix;
mod column_addition;
mod column_count;
pub mod column_sums;
mod count;
mod derive;
mod exponents;
mod free;
pub mod linear_count;
mod listed;
mod modular_columns;
mod multiples;
mod oracle;
mod partial_radix;
mod parts;
mod pins;
mod powers;
mod product_count;
mod term_sums;
mod verify;
mod weighted_sum;
mod zeros;

use bijective_radix::BijectiveRadix;
use column_addition::ColumnAddition;
use modular_columns::ModularColumns;
use partial_radix::PartialRadix;
use weighted_sum::WeightedSum;

use super::Strategy;
use crate::ir::Letters;

/// A sum whose busiest column brings in at least this many new letters is
/// searched as one weighted equation: column search would branch on all of
/// them before its first test. Measured: many short words (the ICPC 2009
/// sums) run 10-40 times faster weighted, while long words with two or
/// three letters a column run up to 4 times faster column by column.
pub const WEIGHTED_MIN_COLUMN_LETTERS: usize = 4;

/// The strategy for a letter puzzle, by its shape (see the table above).
pub fn choose(letters: &Letters) -> Box<dyn Strategy> {
    if let Some((split, notes)) = zeros::split(letters) {
        let inner = choose(&split);
        return Box::new(zeros::PartByPart::new(inner, split, notes));
    }
    if let Some((lowered, notes)) = powers::lower(letters) {
        let inner = choose(&lowered);
        return Box::new(powers::AsProducts::new(inner, lowered, notes));
    }
    if let Some(derive) = derive::Derive::new(letters) {
        return Box::new(derive);
    }
    if let Some(cases) = exponents::ExponentCases::new(letters) {
        return Box::new(cases);
    }
    if let Some(radix) = BijectiveRadix::new(letters) {
        return Box::new(radix);
    }
    if let Some(radix) = PartialRadix::new(letters) {
        return Box::new(radix);
    }
    let column = ColumnAddition::new(letters);
    let crowded = column
        .as_ref()
        .is_some_and(|c| c.widest_column() >= WEIGHTED_MIN_COLUMN_LETTERS);
    if crowded {
        if let Some(weighted) = WeightedSum::new(letters) {
            return Box::new(weighted);
        }
    }
    match column {
        Some(column) => Box::new(column),
        None => Box::new(ModularColumns::new(letters)),
    }
}

/// Every strategy that accepts the puzzle: `modular-columns` takes any.
// Used by the cross-checks (the integration tests) only.
pub fn strategies(letters: &Letters) -> Vec<Box<dyn Strategy>> {
    let mut all: Vec<Box<dyn Strategy>> = Vec::new();
    if let Some((split, notes)) = zeros::split(letters) {
        for s in strategies(&split) {
            all.push(Box::new(zeros::PartByPart::new(
                s,
                split.clone(),
                notes.clone(),
            )));
        }
    }
    if let Some((lowered, notes)) = powers::lower(letters) {
        for s in strategies(&lowered) {
            all.push(Box::new(powers::AsProducts::new(
                s,
                lowered.clone(),
                notes.clone(),
            )));
        }
    }
    if let Some(s) = derive::Derive::new(letters) {
        all.push(Box::new(s));
    }
    if let Some(s) = exponents::ExponentCases::new(letters) {
        all.push(Box::new(s));
    }
    if let Some(s) = BijectiveRadix::new(letters) {
        all.push(Box::new(s));
    }
    // The same search from the lattice at once, and without it: each
    // checks the others where the oracle cannot go.
    if let Some(s) = BijectiveRadix::lattice_first(letters) {
        all.push(Box::new(s));
    }
    if let Some(s) = BijectiveRadix::carries_only(letters) {
        all.push(Box::new(s));
    }
    if let Some(s) = PartialRadix::any_size(letters) {
        all.push(Box::new(s));
    }
    if let Some(s) = PartialRadix::lattice_first(letters) {
        all.push(Box::new(s));
    }
    if let Some(s) = PartialRadix::carries_only(letters) {
        all.push(Box::new(s));
    }
    if let Some(s) = WeightedSum::new(letters) {
        all.push(Box::new(s));
    }
    if let Some(s) = ColumnAddition::new(letters) {
        all.push(Box::new(s));
    }
    all.push(Box::new(ModularColumns::new(letters)));
    if let Some(s) = ModularColumns::streaming(letters) {
        all.push(Box::new(s));
    }
    all
}

pub use count::LettersCount;
pub use oracle::BruteForce;
pub use verify::verifier;
