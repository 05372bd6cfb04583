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

/// The longest list made: past it the digit-by-digit search with the
/// condition's last digit tested early is as quick, and the list costs
/// memory and time to make for every part of a parallel search.
pub(super) const MAX_LISTED: usize = 4096;

/// A word listed from its values: the condition that lists it, and the
/// digits of every value with the property that the word's own cells
/// allow (made by [`Listing::fill`], for the words the search lists).
#[derive(Clone, Debug)]
pub(super) struct Listing {
    pub(super) condition: usize,
    pub(super) word: usize,
    /// `width` digits per value, most significant first, values in
    /// increasing order.
    pub(super) digits: Vec<u8>,
    pub(super) width: usize,
    pub(super) property: Property,
    /// How many values below `base^width` have the property.
    pub(super) all: usize,
}

impl Listing {
    /// How many values the list has.
    pub(super) fn len(&self) -> usize {
        self.digits.len() / self.width.max(1)
    }
}

/// How many values below `limit` have `property`; `None` past
/// [`MAX_LISTED`] or when the property has no list.
fn how_many(property: Property, limit: u64) -> Option<usize> {
    let mut k = 0;
    while property.nth(k)? < limit {
        k += 1;
        if k as usize > MAX_LISTED {
            return None;
        }
    }
    Some(k as usize)
}

/// Every condition `WORD property` whose values can be listed, with how
/// many there are; the lists themselves are made by [`Listing::fill`].
pub(super) fn listings(letters: &Letters) -> Vec<Listing> {
    let mut out = Vec::new();
    for (c, condition) in letters.conditions.iter().enumerate() {
        let Some(atom) = condition.atom() else {
            continue;
        };
        let (Term::Word(w), Test::Property(property)) = (&atom.lhs, &atom.test) else {
            continue;
        };
        let width = letters.words[*w].cells.len();
        let Some(limit) = limit(letters.base, width) else {
            continue;
        };
        let Some(all) = how_many(*property, limit) else {
            continue;
        };
        out.push(Listing {
            condition: c,
            word: *w,
            digits: Vec::new(),
            width,
            property: *property,
            all,
        });
    }
    out
}

/// `base^width`, when it fits a machine word.
fn limit(base: u32, width: usize) -> Option<u64> {
    u64::from(base).checked_pow(u32::try_from(width).ok()?)
}

impl Listing {
    /// Makes the list: the digits of each value with the property that the
    /// word's cells allow (the puzzle's domains, fixed digits, repeated
    /// letters, all-different rules within the word).
    pub(super) fn fill(&mut self, letters: &Letters) {
        let cells = &letters.words[self.word].cells;
        let base = u64::from(letters.base);
        // What each cell asks of its digit, worked out once for all values:
        // a fixed digit, a letter's domain, and the earlier cells it must
        // equal (the same letter) or differ from (one group).
        let mut same = Vec::new();
        let mut differ = Vec::new();
        for (j, cell) in cells.iter().enumerate() {
            if let Cell::Var(v) = *cell {
                for (i, earlier) in cells[..j].iter().enumerate() {
                    match *earlier {
                        Cell::Var(u) if u == v => same.push((i, j)),
                        Cell::Var(u) if letters.vars[u].groups & letters.vars[v].groups != 0 => {
                            differ.push((i, j))
                        }
                        _ => {}
                    }
                }
            }
        }
        let domains: Vec<u64> = cells
            .iter()
            .map(|cell| match *cell {
                Cell::Digit(d) if d < 64 => 1 << d,
                Cell::Digit(_) => 0,
                Cell::Var(v) => letters.vars[v].domain.0,
            })
            .collect();
        let mut value_digits = vec![0u8; self.width];
        for k in 0..self.all as u64 {
            let Some(mut v) = self.property.nth(k) else {
                break;
            };
            for d in value_digits.iter_mut().rev() {
                // A digit of the base: below 2^32.
                *d = (v % base) as u8;
                v /= base;
            }
            let allowed = value_digits
                .iter()
                .zip(&domains)
                .all(|(&d, &domain)| d < 64 && domain >> d & 1 == 1)
                && same
                    .iter()
                    .all(|&(i, j)| value_digits[i] == value_digits[j])
                && differ
                    .iter()
                    .all(|&(i, j)| value_digits[i] != value_digits[j]);
            if allowed {
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

/// The words whose values are listed and short beside the ways to fill
/// their new letters digit by digit, shortest list first: the first
/// letters of the order, block by block, and the blocks (by the place
/// they start at).
pub(super) fn blocks(letters: &Letters, lowest: &[usize]) -> (Vec<usize>, Vec<Option<Block>>) {
    let mut blocks: Vec<Option<Block>> = vec![None; letters.vars.len()];
    let mut order: Vec<usize> = Vec::new();
    // Shortest first, by the values below base^width: a list is made
    // only for a word that may be listed.
    let mut listings = listings(letters);
    listings.sort_by_key(|l| l.all);
    for mut listing in listings {
        let cells = first_cells(letters, listing.word);
        let (prior, mut fresh): (Vec<_>, Vec<_>) =
            cells.into_iter().partition(|&(_, v)| order.contains(&v));
        let ways: f64 = fresh
            .iter()
            .map(|&(_, v)| f64::from(letters.vars[v].domain.len()))
            .product();
        if fresh.len() < 2 || listing.all as f64 * LISTED_GAIN > ways {
            continue;
        }
        listing.fill(letters);
        fresh.sort_by_key(|&(_, v)| (lowest[v], v));
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
    (order, blocks)
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
