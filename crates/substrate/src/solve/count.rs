//! Counting without listing. `count` asks only for a number, and a number
//! can often be had without visiting every solution: parts of a puzzle
//! that share no symbol or cell are counted apart and multiplied (Kakuro
//! regions, independent equations, `?` cells), and a sum of words is
//! counted column by column by dynamic programming over carries. A kind
//! offers a [`Counter`] when its puzzle allows one; otherwise `count`
//! enumerates with the planned strategy. Counts are exact at any size.

use std::fmt;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use serde::Serialize;

use super::{Budget, Flow, Outcome, Strategy, Verdict, Verifier};

/// A number of solutions: exact at any size. Read it with
/// [`Count::to_u64`] or [`Count::to_u128`] when it fits a machine word, or
/// as decimal digits through `Display` (`count.to_string()`) at any size;
/// compare it with a `u64` directly (`count == 4`).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Count(BigUint);

impl Count {
    /// The count as a machine word, when it fits.
    pub fn to_u64(&self) -> Option<u64> {
        self.0.to_u64()
    }

    /// The count as a 128-bit number, when it fits.
    pub fn to_u128(&self) -> Option<u128> {
        self.0.to_u128()
    }

    /// True when there is no solution.
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    /// The count made from a number of any size; the counters' sums and
    /// products stay inside the crate.
    pub fn from_big(n: BigUint) -> Self {
        Count(n)
    }
}

impl From<u64> for Count {
    fn from(n: u64) -> Self {
        Count(BigUint::from(n))
    }
}

impl PartialEq<u64> for Count {
    fn eq(&self, other: &u64) -> bool {
        self.to_u64() == Some(*other)
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Serialize for Count {
    /// A JSON number of any size: `123456789012345678901234567890`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.to_u64() {
            Some(n) => serializer.serialize_u64(n),
            None => serde_json::value::RawValue::from_string(self.0.to_string())
                .map_err(serde::ser::Error::custom)?
                .serialize(serializer),
        }
    }
}

/// What a [`Counter`] found.
#[derive(Debug)]
pub struct Counted {
    /// The number of solutions; a lower bound when `outcome` is
    /// [`Outcome::Interrupted`].
    pub count: Count,
    /// [`Outcome::Exhausted`] when the count is exact.
    pub outcome: Outcome,
    /// Why an enumerated assignment failed verification: a strategy bug.
    pub bug: Option<super::Invalid>,
}

/// A way to count a puzzle's solutions without listing them all.
pub trait Counter: Send + Sync {
    /// The name `explain` and the JSON `strategy` show for a count.
    fn name(&self) -> &'static str;

    /// How the count is obtained, a few lines for `explain`.
    fn approach(&self) -> String;

    /// Counts the solutions.
    fn count(&self, budget: &mut Budget) -> Counted;

    /// True when the count should start at once, without listing
    /// solutions first: the counter does less than any listing would.
    fn at_once(&self) -> bool {
        false
    }
}

/// Counts by enumeration: every assignment `strategy` reports is verified
/// and counted. What a counter falls back on for a part it cannot count
/// any other way.
pub fn enumerate(strategy: &dyn Strategy, verifier: &Verifier, budget: &mut Budget) -> Counted {
    let mut n: u64 = 0;
    let mut bug = None;
    let outcome = strategy.search(budget, &mut |values| match verifier(values) {
        Verdict::Solution => {
            n += 1;
            Flow::Continue
        }
        // The limits stopped the check (`crate::limits::watch`): no bug.
        Verdict::Invalid(_) if crate::limits::watch::tripped() => Flow::Stop,
        Verdict::Invalid(why) => {
            bug = Some(why);
            Flow::Stop
        }
    });
    Counted {
        count: Count::from(n),
        outcome: budget.settle(outcome),
        bug,
    }
}

/// The product of the parts' counts: exact when every part's count is; on
/// an interrupt, a lower bound (parts not counted yet count 0).
pub fn product(parts: impl IntoIterator<Item = Counted>) -> Counted {
    let mut total = BigUint::one();
    for part in parts {
        total *= part.count.0;
        if part.bug.is_some() || part.outcome != Outcome::Exhausted {
            return Counted {
                count: Count::default(),
                ..part
            };
        }
        if total.is_zero() {
            break;
        }
    }
    Counted {
        count: Count(total),
        outcome: Outcome::Exhausted,
        bug: None,
    }
}
