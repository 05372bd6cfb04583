//! Grading: solving a puzzle by named human steps, without guessing where
//! it can, and rating it by its hardest step. This file holds the types
//! every kind's engine shares; the engines are [`letters`] (letter
//! equations) and [`layout`] (skeleton multiplications and divisions).

pub mod layout;
pub mod letters;

/// How hard a step, or a whole puzzle, is for a person. Ordered: a puzzle's
/// grade is its hardest step, or `NeedsGuessing` when the steps stall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// One glance: a carry, a digit already taken, a printed row.
    Easy,
    /// Arithmetic on one column or one bound.
    Medium,
    /// Several columns, pairs of letters, or the whole equation at once.
    Hard,
    /// The steps stall: a person has to try digits.
    NeedsGuessing,
}

/// One named human deduction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The rule's name as printed, lower case: "unique sum", "hidden single", "column parity".
    pub rule: &'static str,
    /// How hard this rule is for a person.
    pub level: Difficulty,
    /// What the step looked at and changed, in the puzzle's own names: letters ("S", "M"),
    /// cells ("r3c4", row and column from 1 as printed), columns ("column 3").
    pub touched: Vec<String>,
    /// Why, in one plain sentence: "M is the carry out of the leftmost column, so M = 1".
    pub why: String,
    /// The candidates it removed: (variable name as in `touched`, the digits removed).
    pub removed: Vec<(String, Vec<u32>)>,
}

/// The outcome of grading one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grading {
    /// The steps in the order applied (each removes at least one candidate).
    pub steps: Vec<Step>,
    /// True when the steps alone leave one candidate per variable.
    pub solved: bool,
    /// The hardest step's level, or `NeedsGuessing` when not solved.
    pub difficulty: Difficulty,
}
