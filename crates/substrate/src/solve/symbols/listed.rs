//! Words assigned from the list of their values, for the product strategy
//! ([`super::modular_columns`]). A condition `WORD square` (or `cube`,
//! `triangular`) on a word of a few letters has few values: 217 squares
//! of five digits, against 90,000 ways to fill RAISE digit by digit with
//! the square tested once its last letter is placed. Such a word's
//! letters are assigned together, value by value, from the list of the
//! values with the property, before the other letters; each value's digits
//! are checked against the letters' digits, fixed digits, repeated letters
//! and all-different rules first, once, when the list is made.
//!
//! The condition itself is still tested exactly on every value taken:
//! the list only saves the search the values it would have rejected.
//! Here: the lists, and the blocks of the order they fill; the search
//! walks a block in `modular_columns`.

use super::modular_columns::Check;
use super::pins::words_of;
use crate::ir::{Cell, Letters, Property, Term, Test};

/// The longest list kept in memory: each value's digits are checked once
/// when it is made, and a list walked again under every assignment of the
/// letters before it is not decoded again. Longer lists are streamed.
pub(super) const MAX_STORED: usize = 4096;

/// The longest list walked at all: the values of a longer one are made
/// from the property's formula one by one as the search walks them, never
/// kept. Past this, a walk of the list takes seconds and the letters are
/// searched digit by digit (`explain` says so).
pub(super) const MAX_STREAMED: u64 = 1 << 22;

/// A word listed from its values: the condition that lists it, and the
/// values with the property between the least and greatest value the
/// word's cells allow, stored (made by [`Listing::fill`]) or streamed.
#[derive(Clone, Debug)]
pub(super) struct Listing {
    pub(super) condition: usize,
    pub(super) word: usize,
    /// Stored lists: `width` digits per value, most significant first,
    /// values in increasing order, each allowed by the word's cells.
    pub(super) digits: Vec<u8>,
    pub(super) width: usize,
    pub(super) property: Property,
    /// The values' indices `k` (`property.nth(k)`): `first..end`.
    first: u64,
    end: u64,
    /// Made on the fly from `first..end` rather than stored.
    pub(super) streamed: bool,
    /// What the word's cells allow each value's digits.
    cells: CellRules,
    base: u64,
}

impl Listing {
    /// How many values the list walks: those stored, or, streamed, every
    /// value in the word's range (the cells' rules drop some as it goes).
    pub(super) fn len(&self) -> usize {
        if self.streamed {
            usize::try_from(self.all()).unwrap_or(usize::MAX)
        } else {
            self.digits.len() / self.width.max(1)
        }
    }

    /// How many values with the property lie in the word's range.
    pub(super) fn all(&self) -> u64 {
        self.end - self.first
    }

    /// The digits of the list's `k`-th value into `out` (`width` long);
    /// false when the value is not there or the word's cells rule it out.
    pub(super) fn value_at(&self, k: u64, out: &mut [u8]) -> bool {
        let Some(mut v) = self.property.nth(k) else {
            return false;
        };
        for d in out.iter_mut().rev() {
            // A digit of the base: below 2^32.
            *d = (v % self.base) as u8;
            v /= self.base;
        }
        self.cells.allow(out)
    }

    /// The indices a streamed list walks.
    pub(super) fn indices(&self) -> std::ops::Range<u64> {
        self.first..self.end
    }
}

/// What a word's cells ask of a value's digits: a fixed digit or a
/// letter's domain, and the earlier cells each must equal (the same
/// letter) or differ from (one all-different group).
#[derive(Clone, Debug, Default)]
struct CellRules {
    domains: Vec<u64>,
    same: Vec<(usize, usize)>,
    differ: Vec<(usize, usize)>,
}

impl CellRules {
    fn of(letters: &Letters, word: usize) -> Self {
        let cells = &letters.words[word].cells;
        let mut rules = CellRules::default();
        for (j, cell) in cells.iter().enumerate() {
            if let Cell::Var(v) = *cell {
                for (i, earlier) in cells[..j].iter().enumerate() {
                    match *earlier {
                        Cell::Var(u) if u == v => rules.same.push((i, j)),
                        Cell::Var(u) if letters.vars[u].groups & letters.vars[v].groups != 0 => {
                            rules.differ.push((i, j))
                        }
                        _ => {}
                    }
                }
            }
        }
        rules.domains = cells
            .iter()
            .map(|cell| match *cell {
                Cell::Digit(d) if d < 64 => 1 << d,
                Cell::Digit(_) => 0,
                Cell::Var(v) => letters.vars[v].domain.0,
            })
            .collect();
        rules
    }

    fn allow(&self, digits: &[u8]) -> bool {
        digits
            .iter()
            .zip(&self.domains)
            .all(|(&d, &domain)| d < 64 && domain >> d & 1 == 1)
            && self.same.iter().all(|&(i, j)| digits[i] == digits[j])
            && self.differ.iter().all(|&(i, j)| digits[i] != digits[j])
    }

    /// The least and greatest values the cells' domains allow (the same
    /// and differ rules aside); `None` when a cell allows no digit.
    fn range(&self, base: u64) -> Option<(u64, u64)> {
        let (mut lo, mut hi) = (0u64, 0u64);
        for &domain in &self.domains {
            if domain == 0 {
                return None;
            }
            let least = u64::from(domain.trailing_zeros());
            let most = u64::from(63 - domain.leading_zeros());
            lo = lo.checked_mul(base)?.checked_add(least)?;
            hi = hi.checked_mul(base)?.checked_add(most)?;
        }
        Some((lo, hi))
    }
}

/// The least index `k` with `property.nth(k) >= x` (a value past 64 bits
/// counts as past every `x`).
fn index_at_least(property: Property, x: u64) -> u64 {
    let below = |k: u64| property.nth(k).is_some_and(|v| v < x);
    let mut hi = 1u64;
    while below(hi) {
        hi = hi.saturating_mul(2);
    }
    let mut lo = 0u64;
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if below(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// A condition `WORD property` whose values are too many to walk: it is
/// tested as the search places the word's letters, and `explain` says why
/// it is not listed.
#[derive(Clone, Debug)]
pub(super) struct TooLong {
    pub(super) condition: usize,
    pub(super) values: u64,
    pub(super) width: usize,
    pub(super) property: Property,
}

/// Every condition `WORD property` whose values can be listed (their
/// lists not made yet: [`Listing::fill`]), and those with too many values
/// to list.
pub(super) fn listings(letters: &Letters) -> (Vec<Listing>, Vec<TooLong>) {
    let mut out = Vec::new();
    let mut too_long = Vec::new();
    let base = u64::from(letters.base);
    for (c, condition) in letters.conditions.iter().enumerate() {
        let Some(atom) = condition.atom() else {
            continue;
        };
        let (Term::Word(w), Test::Property(property)) = (&atom.lhs, &atom.test) else {
            continue;
        };
        if property.entry().nth.is_none() {
            continue;
        }
        let width = letters.words[*w].cells.len();
        let cells = CellRules::of(letters, *w);
        // Every value of the word below base^width, which fits 64 bits.
        if limit(letters.base, width).is_none() {
            continue;
        }
        let Some((lo, hi)) = cells.range(base) else {
            continue;
        };
        let first = index_at_least(*property, lo);
        let end = index_at_least(*property, hi.saturating_add(1));
        let listing = Listing {
            condition: c,
            word: *w,
            digits: Vec::new(),
            width,
            property: *property,
            first,
            end: end.max(first),
            streamed: false,
            cells,
            base,
        };
        if listing.all() > MAX_STREAMED {
            too_long.push(TooLong {
                condition: c,
                values: listing.all(),
                width,
                property: *property,
            });
        } else {
            out.push(listing);
        }
    }
    (out, too_long)
}

/// `base^width`, when it fits a machine word.
fn limit(base: u32, width: usize) -> Option<u64> {
    u64::from(base).checked_pow(u32::try_from(width).ok()?)
}

impl Listing {
    /// Makes the list, or marks it streamed past `stored` values: the
    /// digits of each value with the property that the word's cells
    /// allow (the puzzle's domains, fixed digits, repeated letters,
    /// all-different rules within the word).
    pub(super) fn fill(&mut self, stored: usize) {
        if self.all() > stored as u64 {
            self.streamed = true;
            return;
        }
        let mut value_digits = vec![0u8; self.width];
        for k in self.indices() {
            if self.value_at(k, &mut value_digits) {
                self.digits.extend_from_slice(&value_digits);
            }
        }
    }
}

/// The letters of `word` in the order of their first cell, each once.
pub(super) fn first_cells(letters: &Letters, word: usize) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (j, cell) in letters.words[word].cells.iter().enumerate() {
        if let Cell::Var(v) = *cell {
            if out.iter().all(|&(_, u)| u != v) {
                out.push((j, v));
            }
        }
    }
    out
}

/// The name of a property's values, for `explain`.
pub(super) fn plural(property: Property) -> &'static str {
    property.entry().plural
}

/// Letters assigned together from the list of a word's values: the
/// block starts at its place in the order.
#[derive(Clone, Debug)]
pub(super) struct Block {
    pub(super) listing: Listing,
    /// The word's letters placed before the block: (cell, variable), to
    /// compare with each value's digit.
    pub(super) prior: Vec<(usize, usize)>,
    /// The block's letters, each at its first cell: (cell, variable).
    pub(super) fresh: Vec<(usize, usize)>,
    /// The order position after the block's last letter.
    pub(super) end: usize,
    /// The tests of every letter of the block, asked once the whole block
    /// is assigned, less the partial tests an exact one there makes moot.
    pub(super) checks: Vec<Check>,
}

/// How many times fewer values a listed word must have than ways to fill
/// its new letters digit by digit: a value of the list costs a scan of its
/// digits, a digit of the search one step; lists that save little are
/// left to the search, whose order follows the equations.
const LISTED_GAIN: f64 = 4.0;

/// The listed words, their letters placed first, block by block.
pub(super) struct Blocks {
    /// The first letters of the order.
    pub(super) order: Vec<usize>,
    /// `blocks[i]`: the block starting at `order[i]`.
    pub(super) blocks: Vec<Option<Block>>,
    /// The conditions with too many values to list.
    pub(super) too_long: Vec<TooLong>,
}

/// The words whose values are listed and short beside the ways to fill
/// their new letters digit by digit, shortest list first, each list
/// stored up to `stored` values and streamed past that. A streamed
/// block's letters go most significant first: a part of a search cut on
/// them ([`crate::kinds::split`]) has their digits fixed, and its word's
/// range, so the part walks only its own slice of the list.
pub(super) fn blocks(letters: &Letters, lowest: &[usize], stored: usize) -> Blocks {
    let mut blocks: Vec<Option<Block>> = vec![None; letters.vars.len()];
    let mut order: Vec<usize> = Vec::new();
    // Shortest first, by the values in the word's range: a list is made
    // only for a word that may be listed.
    let (mut listings, too_long) = listings(letters);
    listings.sort_by_key(|l| l.all());
    for mut listing in listings {
        let cells = first_cells(letters, listing.word);
        let (prior, mut fresh): (Vec<_>, Vec<_>) =
            cells.into_iter().partition(|&(_, v)| order.contains(&v));
        let ways: f64 = fresh
            .iter()
            .map(|&(_, v)| f64::from(letters.vars[v].domain.len()))
            .product();
        if fresh.len() < 2 || listing.all() as f64 * LISTED_GAIN > ways {
            continue;
        }
        listing.fill(stored);
        if listing.streamed {
            fresh.sort_by_key(|&(j, _)| j);
        } else {
            fresh.sort_by_key(|&(_, v)| (lowest[v], v));
        }
        let start = order.len();
        order.extend(fresh.iter().map(|&(_, v)| v));
        blocks[start] = Some(Block {
            listing,
            prior,
            fresh,
            end: order.len(),
            checks: Vec::new(),
        });
    }
    Blocks {
        order,
        blocks,
        too_long,
    }
}

/// The tests of a block's letters, asked once all are assigned: an
/// equation's low columns and bounds, a condition's bounds, last digit
/// and parts, are moot beside an exact test of it in the same block.
/// The smallest tests (fewest words) go first: the block's value is
/// most often dropped by a cheap one.
pub(super) fn block_checks(letters: &Letters, checks: &[Vec<Check>], block: &Block) -> Vec<Check> {
    let start = block.end - block.fresh.len();
    let all: Vec<Check> = checks[start..block.end].iter().flatten().copied().collect();
    let exact_equation = |e: usize| {
        all.iter()
            .any(|c| matches!(*c, Check::Exact { equation } if equation == e))
    };
    let exact_condition = |k: usize| {
        all.iter()
            .any(|c| matches!(*c, Check::Condition { condition } if condition == k))
    };
    let mut kept = all
        .iter()
        .copied()
        .filter(|c| match *c {
            Check::Low { equation, .. } | Check::EquationBounds { equation } => {
                !exact_equation(equation)
            }
            Check::Bounds { condition }
            | Check::Residue { condition, .. }
            | Check::Partial { condition } => !exact_condition(condition),
            Check::Exact { .. } | Check::Condition { .. } => true,
        })
        .collect::<Vec<_>>();
    let size = |check: &Check| match *check {
        Check::Low { equation, .. }
        | Check::Exact { equation }
        | Check::EquationBounds { equation } => {
            let mut words = Vec::new();
            words_of(&letters.equations[equation].lhs, &mut words);
            words_of(&letters.equations[equation].rhs, &mut words);
            words.len()
        }
        Check::Condition { condition }
        | Check::Bounds { condition }
        | Check::Residue { condition, .. }
        | Check::Partial { condition } => letters.conditions[condition].words().len(),
    };
    kept.sort_by_key(size);
    kept
}
