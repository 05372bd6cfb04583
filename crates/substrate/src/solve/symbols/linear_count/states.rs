//! The partial-sum states of [`super::Linear`]: a map from (partial sum,
//! digits taken) to a number of assignments, kept in insertion order.
//!
//! A general hash map spent about 40% of the count hashing, growing and
//! freeing: a count inserts a few thousand states per group and then only
//! reads them back in order. Here a state is one entry of a dense list,
//! found through a table of indices kept for the next group: indexed by
//! the state itself when the sums the group can leave are few (the sum's
//! offset above the bounds, then the digits taken), else open-addressed
//! (linear probing, a multiplicative hash).

/// One state: partial sum, digits taken, number of assignments.
pub(super) type State = (i64, u64, u128);

#[derive(Default)]
pub(super) struct States {
    entries: Vec<State>,
    /// Index + 1 of the entry in each slot; 0 for an empty slot: the
    /// table in use, `direct` or `hashed`.
    slots: Vec<u32>,
    /// The other table, kept: swapped with `slots` when the kind changes.
    spare: Vec<u32>,
    /// Direct indexing: the least sum and the bits of a mask; `None` when
    /// hashed (then `slots` has a power-of-two length, at least twice the
    /// entries).
    direct: Option<(i64, u32)>,
}

/// The slots a hashed table starts with.
const MIN_SLOTS: usize = 64;

/// The most slots a directly indexed table takes (256 KiB).
const MAX_DIRECT: u64 = 1 << 16;

impl States {
    /// Empties the map for sums in `lo..=hi` and masks of `bits` bits,
    /// keeping its memory.
    pub fn reset(&mut self, lo: i64, hi: i64, bits: u32) {
        self.clear_slots();
        self.entries.clear();
        let span = (hi as i128 - lo as i128 + 1).max(1) as u64;
        let direct = bits < 32 && span <= MAX_DIRECT >> bits;
        if direct != self.direct.is_some() {
            std::mem::swap(&mut self.slots, &mut self.spare);
        }
        if direct {
            let size = (span << bits) as usize;
            if self.slots.len() < size {
                self.slots.resize(size, 0);
            }
            self.direct = Some((lo, bits));
        } else {
            if self.slots.len() < MIN_SLOTS {
                self.slots = vec![0; MIN_SLOTS];
            }
            self.direct = None;
        }
    }

    /// Zeroes the slots the entries took.
    fn clear_slots(&mut self) {
        for i in 0..self.entries.len() {
            let (sum, mask, _) = self.entries[i];
            let mut at = self.slot(sum, mask);
            while self.slots[at] != 0 {
                self.slots[at] = 0;
                if self.direct.is_some() {
                    break;
                }
                // In a probe run every taken slot holds an entry: all go.
                at = (at + 1) & (self.slots.len() - 1);
            }
        }
    }

    pub fn entries(&self) -> &[State] {
        &self.entries
    }

    #[inline]
    fn slot(&self, sum: i64, mask: u64) -> usize {
        match self.direct {
            Some((lo, bits)) => ((((sum - lo) as u64) << bits) | mask) as usize,
            None => {
                let key = (sum as u64) ^ mask.rotate_left(29);
                let bits = self.slots.len().trailing_zeros();
                (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
            }
        }
    }

    /// Adds `n` to the state (sum, mask); false when its count would pass
    /// `u128`. A directly indexed map takes only sums and masks inside what
    /// [`Self::reset`] said.
    #[inline(always)]
    pub fn add(&mut self, sum: i64, mask: u64, n: u128) -> bool {
        if self.direct.is_none() && self.slots.len() < 2 * (self.entries.len() + 1) {
            self.grow();
        }
        let last = self.slots.len() - 1;
        let mut at = self.slot(sum, mask);
        loop {
            let i = self.slots[at];
            if i == 0 {
                self.entries.push((sum, mask, n));
                self.slots[at] = self.entries.len() as u32;
                return true;
            }
            let e = &mut self.entries[i as usize - 1];
            if e.0 == sum && e.1 == mask {
                return match e.2.checked_add(n) {
                    Some(t) => {
                        e.2 = t;
                        true
                    }
                    None => false,
                };
            }
            at = (at + 1) & last;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(MIN_SLOTS);
        self.slots = vec![0; size];
        for i in 0..self.entries.len() {
            let (sum, mask, _) = self.entries[i];
            let mut at = self.slot(sum, mask);
            while self.slots[at] != 0 {
                at = (at + 1) & (size - 1);
            }
            self.slots[at] = i as u32 + 1;
        }
    }
}
