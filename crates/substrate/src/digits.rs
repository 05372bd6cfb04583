//! Digits: sets of digits as bit masks, and how a digit is written. Shared
//! by every stage (the checker narrows domains, the solvers search them,
//! the reports print digits), so it belongs to none of them.

use std::fmt;

/// A set of digits as a bitset (bit d set: digit d allowed). Bases go up to
/// 62, so 64 bits hold every digit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Digits(pub u64);

impl Digits {
    /// No digit at all.
    pub const EMPTY: Digits = Digits(0);

    /// All digits of `base`.
    pub fn below(base: u32) -> Digits {
        if base >= 64 {
            Digits(u64::MAX)
        } else {
            Digits((1u64 << base) - 1)
        }
    }
    /// Only digit `d`.
    pub fn single(d: u32) -> Digits {
        Digits(1u64 << d)
    }
    /// Whether digit `d` is in the set (false from 64 up).
    pub fn contains(self, d: u32) -> bool {
        d < 64 && self.0 >> d & 1 == 1
    }
    /// How many digits the set holds.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// True when no digit is left: a domain with this set has no solution.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The smallest digit, `None` when the set is empty.
    pub fn min(self) -> Option<u32> {
        (self.0 != 0).then(|| self.0.trailing_zeros())
    }
    /// The largest digit, `None` when the set is empty.
    pub fn max(self) -> Option<u32> {
        (self.0 != 0).then(|| 63 - self.0.leading_zeros())
    }
    /// The digits in both sets.
    pub fn intersect(self, other: Digits) -> Digits {
        Digits(self.0 & other.0)
    }
    /// The set less digit `d` (`d` below 64).
    pub fn without(self, d: u32) -> Digits {
        Digits(self.0 & !(1u64 << d))
    }
    /// The digits, smallest first.
    pub fn iter(self) -> impl Iterator<Item = u32> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let d = bits.trailing_zeros();
                bits &= bits - 1;
                d
            })
        })
    }
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self)
    }
}

impl fmt::Display for Digits {
    /// `{0..9}`-style ranges where the set is contiguous, else a list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min(), self.max()) {
            (Some(lo), Some(hi)) if self.len() == hi - lo + 1 && hi > lo + 1 => {
                write!(f, "{{{}..{}}}", lo, hi)
            }
            _ => {
                let list: Vec<String> = self.iter().map(|d| d.to_string()).collect();
                write!(f, "{{{}}}", list.join(","))
            }
        }
    }
}

/// The digit characters of bases up to 62: 0-9, then A-Z, then a-z.
pub fn digit_char(d: u32) -> char {
    match d {
        0..=9 => char::from(b'0' + d as u8),
        10..=35 => char::from(b'A' + (d - 10) as u8),
        _ => char::from(b'a' + (d.saturating_sub(36)).min(25) as u8),
    }
}
