//! What the open cells of one run may take. For each digit set the run's
//! sum allows (from the tables), the cells must take exactly those digits,
//! one each: a perfect matching of cells and digits. A cell keeps the
//! digits it takes in some matching of some set. Results are memoised per
//! thread: the same run states recur all through a search, across the runs
//! of a grid and across the grids of a contest file.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crypta_substrate::sums::{max_sum, min_sum, Tables};

thread_local! {
    /// Shared by every search of the thread: run states recur all through a
    /// search, across the runs of a grid and across grids (a contest file
    /// holds many).
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Run supports already worked out: (open cells and sum, candidates) to
/// the digits each cell may take.
type Memo = HashMap<[u16; 10], [u16; 9], BuildHasherDefault<FxHasher>>;

/// Entries kept before the memo starts over (about 12 MB at most).
const MEMO_LIMIT: usize = 1 << 18;

/// A fast hash for the memo's small keys (the multiply-rotate of rustc's
/// FxHasher); the keys come from the search, not from an adversary.
#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The digits each open cell of a run may take: `len` open cells whose
/// digits sum to `sum` (`None`: a `?` run, any sum), with candidates
/// `cand` (already without the digits the run has used). Memoised in
/// [`MEMO`].
pub(super) fn support(tables: &Tables, len: usize, sum: Option<u32>, cand: &[u16; 9]) -> [u16; 9] {
    let mut key = [0u16; 10];
    // No sum reaches 0xff: it marks a `?` run.
    key[0] = (len as u16) << 8 | sum.map_or(0xff, |s| s.min(0xfe) as u16);
    key[1..].copy_from_slice(cand);
    if let Some(known) = MEMO.with(|memo| memo.borrow().get(&key).copied()) {
        return known;
    }
    let mut union = 0;
    for &c in &cand[..len] {
        union |= c;
    }
    let mut support = [0u16; 9];
    let sums = match sum {
        Some(s) => s..=s,
        None => min_sum(len)..=max_sum(len),
    };
    for &set in sums.flat_map(|s| tables.combos(len, s)) {
        if set & !union == 0 && cand[..len].iter().all(|&c| c & set != 0) {
            supports(&cand[..len], set, &mut support);
            // Once every candidate has support, nothing can be removed.
            if (0..len).all(|i| support[i] == cand[i]) {
                break;
            }
        }
    }
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.len() >= MEMO_LIMIT {
            memo.clear();
        }
        memo.insert(key, support);
    });
    support
}

/// Adds to `support[i]` the digits cell i may take when the open cells
/// `cand` are filled with exactly the digits of `set`, one each (a perfect
/// matching of cells and digits). The digits are renumbered 0..k first.
/// Up to four cells the answer is exact: every permutation the candidates
/// allow is walked (24 at most). Longer runs get quick necessary tests
/// instead ([`hall`]): measured on generated 20×20 grids, exact matching
/// there costs more time than the nodes it saves.
fn supports(cand: &[u16], set: u16, support: &mut [u16; 9]) {
    let k = cand.len();
    let mut digit = [0u16; 9];
    let mut rest = set;
    for d in digit.iter_mut().take(k) {
        *d = rest & rest.wrapping_neg();
        rest &= rest.wrapping_sub(1);
    }
    let mut local = [0u16; 9];
    for (i, l) in local.iter_mut().enumerate().take(k) {
        *l = (0..k)
            .filter(|&j| cand[i] & digit[j] != 0)
            .fold(0, |m, j| m | 1 << j);
    }
    let mut found = [0u16; 9];
    if k <= 4 {
        let mut pick = [0u16; 4];
        permute(&local[..k], 0, (1 << k) - 1, &mut pick, &mut found);
    } else if let Some(fits) = hall(&local[..k]) {
        found = fits;
    }
    for i in 0..k {
        for (j, &d) in digit.iter().enumerate().take(k) {
            if found[i] >> j & 1 == 1 {
                support[i] |= d;
            }
        }
    }
}

/// Every assignment of distinct indices to cells `i..` from `avail`, each
/// within its candidates; what each cell took goes into `found`.
fn permute(cand: &[u16], i: usize, avail: u16, pick: &mut [u16; 4], found: &mut [u16; 9]) {
    if i == cand.len() {
        for (f, &p) in found.iter_mut().zip(&pick[..i]) {
            *f |= p;
        }
        return;
    }
    let mut ds = cand[i] & avail;
    while ds != 0 {
        let bit = ds & ds.wrapping_neg();
        ds &= ds - 1;
        pick[i] = bit;
        permute(cand, i + 1, avail & !bit, pick, found);
    }
}

/// Quick necessary tests for filling k cells with the k indices 0..k, one
/// each: every index needs a cell that can take it; a cell with a single
/// candidate takes it, and no other cell may (two such cells on one index
/// fail); an index only one cell holds goes to that cell, which can then
/// take nothing else (a cell sole holder of two indices fails). `None`
/// when a test fails; else what each cell may still take, a superset of
/// the exact answer.
fn hall(cand: &[u16]) -> Option<[u16; 9]> {
    let all = (1u16 << cand.len()) - 1;
    let (mut once, mut twice) = (0u16, 0u16);
    let (mut forced, mut forced_twice) = (0u16, 0u16);
    for &c in cand {
        if c == 0 {
            return None;
        }
        twice |= once & c;
        once |= c;
        if c & (c - 1) == 0 {
            forced_twice |= forced & c;
            forced |= c;
        }
    }
    if forced_twice != 0 || once != all {
        return None;
    }
    let alone = all & !twice;
    let mut fits = [0u16; 9];
    for (f, &c) in fits.iter_mut().zip(cand) {
        let sole = c & alone;
        if sole & sole.wrapping_sub(1) != 0 {
            return None;
        }
        let own = if c & (c - 1) == 0 { c } else { 0 };
        let allowed = if sole != 0 { sole } else { c };
        *f = allowed & !(forced & !own);
    }
    Some(fits)
}
