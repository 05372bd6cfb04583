//! Kakuro digit-set tables, shared by the checker, the solver and the
//! generator. A run of `len` cells summing to `sum` can only be
//! filled from a few sets of distinct digits (at most 12 for any length and
//! sum); these are listed once per process, together with the table the
//! seeds use: for (length, sum, digits already used), the digits the
//! remaining cells may still take.
//!
//! Digit sets are `u16` bitsets with bits 1..=9.

use std::sync::OnceLock;

/// The longest run: nine different digits.
pub const MAX_LEN: usize = 9;
/// The largest sum: 1 + 2 + ... + 9.
pub const MAX_SUM: u32 = 45;
/// Every digit 1..=9.
pub const ALL: u16 = 0b11_1111_1110;

const SUMS: usize = MAX_SUM as usize + 1;
const USED: usize = 512;

pub struct Tables {
    /// `combos[len * SUMS + sum]`: every set of `len` digits summing to `sum`.
    combos: Vec<Vec<u16>>,
    /// `rest[(len * SUMS + sum) * USED + (used >> 1)]`: the digits the cells
    /// not yet filled may take, when `used` is already placed.
    rest: Vec<u16>,
}

/// The tables, built on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

impl Tables {
    fn build() -> Tables {
        let mut combos = vec![Vec::new(); (MAX_LEN + 1) * SUMS];
        let mut rest = vec![0u16; (MAX_LEN + 1) * SUMS * USED];
        for set in (0..1024u16).step_by(2) {
            let len = set.count_ones() as usize;
            let sum = digit_sum(set) as usize;
            let key = len * SUMS + sum;
            combos[key].push(set);
            // Every subset of `set` may be what is used so far.
            let mut used = set;
            loop {
                rest[key * USED + (used >> 1) as usize] |= set & !used;
                if used == 0 {
                    break;
                }
                used = (used - 1) & set;
            }
        }
        Tables { combos, rest }
    }

    /// Every set of `len` distinct digits 1..=9 summing to `sum`.
    pub fn combos(&self, len: usize, sum: u32) -> &[u16] {
        if len > MAX_LEN || sum > MAX_SUM {
            return &[];
        }
        &self.combos[len * SUMS + sum as usize]
    }

    /// The digits still possible in a run of `len` cells summing to `sum`
    /// once the digits `used` are placed in it.
    pub fn rest(&self, len: usize, sum: u32, used: u16) -> u16 {
        if len > MAX_LEN || sum > MAX_SUM {
            return 0;
        }
        self.rest[(len * SUMS + sum as usize) * USED + (used as usize >> 1 & (USED - 1))]
    }

    /// Whether some set of `len` digits summing to `sum` holds `given`.
    pub fn possible(&self, len: usize, sum: u32, given: u16) -> bool {
        self.combos(len, sum).iter().any(|&m| m & given == given)
    }
}

/// The least sum of `len` different digits.
pub fn min_sum(len: usize) -> u32 {
    (len * (len + 1) / 2) as u32
}

/// The greatest sum of `len` different digits (`len` at most 9).
pub fn max_sum(len: usize) -> u32 {
    let len = len.min(MAX_LEN);
    (len * (19 - len) / 2) as u32
}

/// The sum of the digits of a set.
pub fn digit_sum(set: u16) -> u32 {
    (1..=9).filter(|d| set >> d & 1 == 1).sum()
}
