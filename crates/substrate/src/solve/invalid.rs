//! Why a verifier refuses an assignment ([`super::Verdict::Invalid`]): a
//! value, not a sentence, so that a caller can tell one reason from
//! another; [`Invalid`]'s `Display` is the sentence the internal error
//! shows, word for word as it was when the reasons were strings.
//!
//! A verifier refuses only what a strategy should never report, so no
//! script triggers these: each variant names the assignment a buggy
//! strategy would have to report (the tests feed such assignments to the
//! verifiers directly).

use std::fmt;

/// Why an assignment is not a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Not one value per variable: `[1, 2]` for `SEND + MORE = MONEY`.
    Length,
    /// A digit outside its variable's digits: variable 0 (`S`) = 0 in
    /// `SEND + MORE = MONEY`, where a leading letter is not 0.
    OutsideDigits {
        /// The variable.
        var: usize,
        /// Its digit.
        digit: u32,
    },
    /// A digit taken twice in one all-different group: `S = E = 1`.
    UsedTwice(u32),
    /// A Kakuro region's filling, as the counter of regions listed it,
    /// breaks one of its runs.
    RegionRun,
    /// A letter equation's sides differ: `A + A = B` answered with
    /// `A = 1, B = 3`.
    Equation,
    /// A condition after `with` does not hold for letters: `A + B = C
    /// with A prime` answered with `A = 4, B = 1, C = 5`; the condition's
    /// text with the digits filled in.
    Condition(String),
    /// A condition after `with` does not hold for a layout.
    LayoutCondition,
    /// A layout row differs from the arithmetic: a product row of
    /// `12 * 3` that reads 37.
    Row {
        /// The row's part (`product`, `partial product`, `difference`,
        /// `remainder`).
        what: &'static str,
        /// The value the arithmetic gives.
        want: u128,
    },
    /// A layout row of two digits or more starts with 0.
    LeadingZero,
    /// A layout's arithmetic does not fit 128 bits: what overflows (`a
    /// partial product`, `the multiplier`, `the product`, `the
    /// dividend`).
    Overflow(&'static str),
    /// A multiplier digit of 0 with a partial row, or another digit
    /// without one.
    PartialRow,
    /// A division by a divisor row of 0.
    DivisorZero,
    /// A quotient with more digits than the dividend.
    QuotientTooLong,
    /// A quotient whose first digit stands where the dividend so far is
    /// still at least the divisor.
    QuotientTooFarRight,
    /// Quotient digit `n` (from 1) is not the dividend so far over the
    /// divisor.
    QuotientDigit(usize),
    /// A nonzero quotient digit with no subtraction step printed.
    NoStep,
    /// A subtraction step printed under a quotient digit of 0.
    ZeroStep,
    /// A division with a remainder but no remainder row.
    Inexact,
    /// A Kakuro white cell (by variable) with a digit outside 1 to 9.
    CellDigit {
        /// The cell's variable.
        cell: usize,
        /// Its digit.
        digit: u8,
    },
    /// A Kakuro white cell (by variable) whose given digit was changed.
    GivenChanged {
        /// The cell's variable.
        cell: usize,
        /// The digit it was given.
        given: u8,
    },
    /// A digit twice in one Kakuro run.
    RunRepeats(u8),
    /// A Kakuro run whose digits do not add up to its clue.
    RunSum {
        /// What they add up to.
        total: u32,
        /// The clue, as the grid writes it (`17`): the substrate below the
        /// kinds does not know Kakuro's clue type.
        sum: String,
    },
    /// A cryptic Kakuro's letters break their own rules.
    Letters(Box<Invalid>),
    /// A cryptic Kakuro white cell (by variable) whose digit is not its
    /// letter's.
    LetterDiffers(usize),
    /// A cryptic Kakuro condition does not hold.
    CrypticCondition,
    /// Layout `number` (from 1) of a system refuses its part.
    InLayout {
        /// The layout, from 1.
        number: usize,
        /// Why.
        why: Box<Invalid>,
    },
    /// A system's equations refuse their part.
    Equations(Box<Invalid>),
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Length => f.write_str("wrong number of values"),
            Invalid::OutsideDigits { var, digit } => {
                write!(f, "variable {} = {} is outside its digits", var, digit)
            }
            Invalid::UsedTwice(d) => write!(f, "digit {} is used twice", d),
            Invalid::RegionRun => f.write_str("a region's filling breaks one of its runs"),
            Invalid::Equation => f.write_str("an equation does not hold"),
            Invalid::Condition(text) => write!(f, "`{}` does not hold", text),
            Invalid::LayoutCondition => f.write_str("a condition after `with` does not hold"),
            Invalid::Row { what, want } => write!(f, "the {} row is not {}", what, want),
            Invalid::LeadingZero => f.write_str("a row starts with 0"),
            Invalid::Overflow(what) => write!(f, "{} overflows", what),
            Invalid::PartialRow => f.write_str("a multiplier digit does not match its partial row"),
            Invalid::DivisorZero => f.write_str("the divisor is 0"),
            Invalid::QuotientTooLong => f.write_str("quotient too long"),
            Invalid::QuotientTooFarRight => f.write_str("the quotient starts too far right"),
            Invalid::QuotientDigit(n) => write!(f, "quotient digit {} is wrong", n),
            Invalid::NoStep => f.write_str("a quotient digit has no step"),
            Invalid::ZeroStep => f.write_str("a step has a zero quotient digit"),
            Invalid::Inexact => f.write_str("the division is not exact but prints no remainder"),
            Invalid::CellDigit { cell, digit } => write!(f, "white cell {} holds {}", cell, digit),
            Invalid::GivenChanged { cell, given } => {
                write!(f, "white cell {} changed its given {}", cell, given)
            }
            Invalid::RunRepeats(d) => write!(f, "digit {} repeats in a run", d),
            Invalid::RunSum { total, sum } => write!(f, "a run sums to {}, not {}", total, sum),
            Invalid::Letters(why) => write!(f, "letters: {}", why),
            Invalid::LetterDiffers(cell) => {
                write!(f, "white cell {} differs from its letter", cell)
            }
            Invalid::CrypticCondition => f.write_str("a condition does not hold"),
            Invalid::InLayout { number, why } => write!(f, "layout {}: {}", number, why),
            Invalid::Equations(why) => write!(f, "equations: {}", why),
        }
    }
}
