//! The ways to give the zero-coefficient letters of [`super::Linear`]
//! digits once the others took theirs: by a product when their domains
//! nest, else by a count over the sets of digits taken.

use foldhash::{HashMap, HashMapExt};

use super::Term;
use crate::solve::candidates;

/// The zero-coefficient letters, prepared for [`Free::ways`].
pub(super) enum Free {
    /// Distinct letters whose domains nest, smallest first, and the ways
    /// to fill the others (outside the all-different rule, they see no
    /// digit taken).
    Nested { domains: Vec<u64>, others: u128 },
    /// Any other letters, counted over the digits taken.
    General(Vec<Term>),
}

impl Free {
    pub fn new(free: &[Term]) -> Self {
        let mut domains: Vec<u64> = free
            .iter()
            .filter(|t| t.distinct)
            .map(|t| t.domain)
            .collect();
        domains.sort_by_key(|d| d.count_ones());
        let nested = domains.windows(2).all(|w| w[0] & !w[1] == 0);
        let others = free.iter().filter(|t| !t.distinct).try_fold(1u128, |a, t| {
            a.checked_mul(u128::from(t.domain.count_ones()))
        });
        match others {
            Some(others) if nested => Free::Nested { domains, others },
            _ => Free::General(free.to_vec()),
        }
    }

    /// The ways when `taken` are taken; `None` past `u128`.
    pub fn ways(&self, taken: u64) -> Option<u128> {
        match self {
            // The i-th letter may take any digit of its domain but those
            // taken and the i before it took, which all lie in its domain.
            Free::Nested { domains, others } => {
                // In u64 while it fits: a u128 product costs more.
                let mut small = 1u64;
                for (i, &d) in domains.iter().enumerate() {
                    let open = u64::from((d & !taken).count_ones()).saturating_sub(i as u64);
                    match small.checked_mul(open) {
                        Some(p) => small = p,
                        None => return slow(domains, *others, taken),
                    }
                }
                others.checked_mul(u128::from(small))
            }
            Free::General(free) => general(free, taken),
        }
    }

    /// Whether [`Self::ways`] is cheap enough not to remember.
    pub fn is_nested(&self) -> bool {
        matches!(self, Free::Nested { .. })
    }
}

/// [`Free::ways`] for nested domains in `u128`.
fn slow(domains: &[u64], others: u128, taken: u64) -> Option<u128> {
    domains.iter().enumerate().try_fold(others, |a, (i, &d)| {
        let open = (d & !taken).count_ones() as usize;
        a.checked_mul(open.saturating_sub(i) as u128)
    })
}

/// The ways for letters whose domains do not nest: a count over the sets of
/// digits taken, letter by letter.
fn general(free: &[Term], taken: u64) -> Option<u128> {
    let mut states: HashMap<u64, u128> = HashMap::new();
    states.insert(taken, 1);
    for t in free {
        let mut next: HashMap<u64, u128> = HashMap::new();
        for (&mask, &n) in &states {
            let mut cand = candidates(t.domain, t.distinct, mask);
            if !t.distinct {
                let all = n.checked_mul(u128::from(cand.count_ones()))?;
                let e = next.entry(mask).or_default();
                *e = e.checked_add(all)?;
                continue;
            }
            while cand != 0 {
                let d = cand.trailing_zeros();
                cand &= cand - 1;
                let e = next.entry(mask | 1 << d).or_default();
                *e = e.checked_add(n)?;
            }
        }
        states = next;
    }
    states
        .into_values()
        .try_fold(0u128, |a, n| a.checked_add(n))
}
