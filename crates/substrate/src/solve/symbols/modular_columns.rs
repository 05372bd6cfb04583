//! Modular columns: products and systems of equations.
//!
//! As soon as the
//! low k cells of every word of an equation are known, the equation is
//! tested modulo base^k — addition, subtraction and multiplication all
//! commute with "mod base^k", so the low k digits of both sides must already
//! agree. Once every variable of an equation is known it is tested exactly.
//! This generalises the column check of the ICPC 2009 reference program from
//! sums to any expression and to several equations sharing one assignment.
//!
//! The order of the letters follows the tests: repeatedly the test that
//! needs the fewest letters not yet placed (an equation's low k columns,
//! a condition's letters), its letters units column first. In
//! `AB * CDE = FGHIJ, AB + CD + EF + GH + IJ = CCC` the product's units
//! column (B, E, J) is tested after three letters instead of after the six
//! of the sum's units column: Teaser 2803 went from 19 ms to 2 ms.
//!
//! Conditions (`S < E`, `(A + B) prime`, `AB ^ 2 = CDE`) are tested
//! exactly as soon as the last symbol they read is assigned. Before that,
//! a relation is tested on bounds: each undecided symbol between the least
//! and greatest digit it can still take, so `MONEY > 10600` drops every
//! branch with M = 1 and O = 0 once the rest of its bound falls short,
//! however the low digits go. A property of a sum or product is tested
//! on its last digit first (an odd number ends in an odd digit, a square
//! in base 10 in 0, 1, 4, 5, 6 or 9), and `X / Y = Z` also gives the
//! search the equation `X = Y * Z` to test column by column.
//!
//! A formula of relations (`A < B or B < C`, `exactly 1 of (...)`) is
//! asked after each of its symbols is assigned, three-valued: each part
//! decided exactly once its symbols are, or on bounds before, so that
//! `exactly 1 of (...)` drops the branch as soon as two parts hold.
//!
//! A word with a square, cube or triangular property and few values has
//! its letters assigned together from the list of those values, first
//! ([`listed`]).
//!
//! Values are `i128` when a bound on every expression proves it cannot
//! overflow, and `BigInt` otherwise.
//!
//! This file is the plan; `order.rs` makes the order, `checks.rs` places
//! the tests in it, and `search.rs` is the search.

use num_bigint::BigInt;

use crate::ir::{Expr, Letters, Op, Term};
use crate::solve::{Budget, Flow, Outcome, Strategy};

use super::listed::{self, Block};
use super::multiples::{multiples_of, Multiple};
use super::pins::{pin_of, Pin};

mod checks;
mod order;
mod search;

use checks::Placed;
use search::Search;

/// A test to run once a variable is assigned.
#[derive(Clone, Copy, Debug)]
pub(super) enum Check {
    /// Equation `e` modulo base^k.
    Low { equation: usize, k: usize },
    /// Equation `e` exactly.
    Exact { equation: usize },
    /// Condition `c` exactly: every symbol it reads is assigned.
    Condition { condition: usize },
    /// Condition `c` on the bounds of its undecided symbols.
    Bounds { condition: usize },
    /// Equation `e` (one with a product) on the bounds of its undecided
    /// symbols: both sides' ranges must meet.
    EquationBounds { equation: usize },
    /// Property condition `c` on its value's last digit: the residues
    /// modulo the base (bit r) a value with the property can have.
    Residue { condition: usize, allowed: u64 },
    /// Formula `c` on what is decided of its parts: false drops the branch.
    Partial { condition: usize },
}

pub struct ModularColumns {
    letters: Letters,
    /// `blocks[i]`: the block starting at `order[i]`.
    blocks: Vec<Option<Block>>,
    /// The conditions whose values are too many to list, for `explain`.
    too_long: Vec<listed::TooLong>,
    order: Vec<usize>,
    /// `checks[i]`: tests once `order[i]` is assigned; `before` needs no
    /// variable at all.
    checks: Vec<Vec<Check>>,
    before: Vec<Check>,
    /// Each variable's place in `order`.
    position: Vec<usize>,
    /// Each condition's left side as a ring expression, for residues.
    ring_lhs: Vec<Option<Expr>>,
    /// `pins[i]`: the equation column that fixes `order[i]` once the
    /// variables before it are known.
    pins: Vec<Option<Pin>>,
    /// `multiples[i]`: the divisibilities that rule out digits of
    /// `order[i]` once the variables before it are known.
    multiples: Vec<Vec<Multiple>>,
    /// Each equation's sides as terms, for its bounds.
    equation_terms: Vec<(Term, Term)>,
    in_i128: bool,
    max_k: usize,
}

/// A ring expression as a condition's term, for
/// [`term_range`](crate::arith::bounds::term_range).
fn as_term(expr: &Expr) -> Term {
    let pair =
        |op, a: &Expr, b: &Expr| Term::Binary(op, Box::new(as_term(a)), Box::new(as_term(b)));
    match expr {
        Expr::Word(w) => Term::Word(*w),
        Expr::Add(a, b) => pair(Op::Add, a, b),
        Expr::Sub(a, b) => pair(Op::Sub, a, b),
        Expr::Mul(a, b) => pair(Op::Mul, a, b),
    }
}

impl ModularColumns {
    pub fn new(letters: &Letters) -> Self {
        Self::storing(letters, listed::MAX_STORED)
    }

    /// The same search with every list streamed rather than stored, for
    /// the cross-checks: small puzzles, whose lists are all stored
    /// otherwise, check the streamed walk against the oracle.
    pub fn streaming(letters: &Letters) -> Option<Self> {
        let plan = Self::storing(letters, 0);
        plan.blocks
            .iter()
            .flatten()
            .next()
            .is_some()
            .then_some(plan)
    }

    /// The plan, with lists of up to `stored` values kept in memory.
    fn storing(letters: &Letters, stored: usize) -> Self {
        let lowest = order::lowest_places(letters);
        let listed::Blocks {
            order: start,
            mut blocks,
            too_long,
        } = listed::blocks(letters, &lowest, stored);
        let order = order::greedy_order(letters, &lowest, start);
        let mut position = vec![0; letters.vars.len()];
        for (i, &v) in order.iter().enumerate() {
            position[v] = i;
        }
        let Placed {
            checks,
            before,
            max_k,
        } = checks::place(letters, &position);
        for block in blocks.iter_mut().flatten() {
            block.checks = listed::block_checks(letters, &checks, block);
        }
        let pins = order
            .iter()
            .enumerate()
            .map(|(i, &v)| pin_of(letters, &position, v, i))
            .collect();
        let multiples = order
            .iter()
            .enumerate()
            .map(|(i, &v)| multiples_of(letters, &position, v, i))
            .collect();
        ModularColumns {
            blocks,
            too_long,
            pins,
            multiples,
            letters: letters.clone(),
            order,
            checks,
            before,
            ring_lhs: letters
                .conditions
                .iter()
                .map(|c| c.atom().and_then(|a| a.lhs.as_ring()))
                .collect(),
            equation_terms: letters
                .equations
                .iter()
                .map(|eq| (as_term(&eq.lhs), as_term(&eq.rhs)))
                .collect(),
            position,
            in_i128: letters.fits_i128(),
            max_k,
        }
    }

    /// Whether a test `check` picks is asked once `order[i]` is assigned:
    /// inside a block, only the tests the block kept are.
    fn asked(&self, i: usize, check: &dyn Fn(&Check) -> bool) -> bool {
        let block = self.blocks[..=i].iter().flatten().find(|b| i < b.end);
        self.checks[i].iter().any(check) && block.is_none_or(|b| b.checks.iter().any(check))
    }

    /// How `explain` says a condition is used: when it is tested exactly,
    /// and from when on its bounds.
    fn condition_use(&self, c: usize, condition: &crate::ir::Condition) -> String {
        let letters = &self.letters;
        let text = letters.condition_text(condition, None);
        let at = |check: &dyn Fn(&Check) -> bool| -> Vec<usize> {
            (0..self.order.len())
                .filter(|&i| self.asked(i, check))
                .collect()
        };
        let exact = at(&|k| matches!(*k, Check::Condition { condition } if condition == c));
        let bounds = at(&|k| matches!(*k, Check::Bounds { condition } if condition == c));
        let residue = at(&|k| matches!(*k, Check::Residue { condition, .. } if condition == c));
        let partial = at(&|k| matches!(*k, Check::Partial { condition } if condition == c));
        let name = |i: usize| letters.var_name(self.order[i]);
        let mut out = match exact.first() {
            Some(&i) => format!(
                "\ncondition {}: tested exactly once {} is assigned ({} of {})",
                text,
                name(i),
                i + 1,
                self.order.len()
            ),
            None => format!("\ncondition {}: tested once, before the search", text),
        };
        if let Some(&i) = residue.first() {
            out.push_str(&format!(
                ";\n  on its last digit once {} is assigned",
                name(i)
            ));
        }
        if let Some(&i) = bounds.first() {
            out.push_str(&format!(
                ";\n  on bounds from {} on, as each of its symbols is assigned",
                name(i)
            ));
        }
        if let Some(&i) = partial.first() {
            out.push_str(&format!(
                ";\n  part by part from {} on, each part exactly or on bounds",
                name(i)
            ));
        }
        let listed = self
            .blocks
            .iter()
            .flatten()
            .find(|b| b.listing.condition == c);
        if let Some(block) = listed {
            let start = block.end - block.fresh.len();
            let names: Vec<String> = (start..block.end).map(name).collect();
            out.push_str(&format!(
                ";\n  its {} {} of {} digits {}: {} assigned from the list ({} to {} of {})",
                block.listing.len(),
                listed::plural(block.listing.property),
                block.listing.width,
                if block.listing.streamed {
                    "listed, streamed from their formula"
                } else {
                    "listed"
                },
                names.join(" "),
                start + 1,
                block.end,
                self.order.len()
            ));
        }
        if let Some(long) = self.too_long.iter().find(|t| t.condition == c) {
            out.push_str(&format!(
                ";\n  not listed: its {} {} of {} digits are more than the {} a list may walk",
                long.values,
                listed::plural(long.property),
                long.width,
                listed::MAX_STREAMED
            ));
        }
        out
    }
}

impl Strategy for ModularColumns {
    fn name(&self) -> &'static str {
        "modular-columns"
    }

    fn approach(&self) -> String {
        let mut text = format!(
            "letters assigned test by test, the test needing the fewest new letters first;\n\
             each equation is checked modulo base^k as soon as its low k digits are known,\n\
             exactly once complete;\n\
             arithmetic: {}",
            if self.in_i128 {
                "i128 (bounded)"
            } else {
                "big integers"
            }
        );
        let pinned: Vec<String> = (0..self.order.len())
            .filter(|&i| self.pins[i].is_some())
            .map(|i| self.letters.var_name(self.order[i]))
            .collect();
        if !pinned.is_empty() {
            text.push_str(&format!(
                "\nletters a column fixes (its last unknown, added once) worked out, not tried: {}",
                pinned.join(" ")
            ));
        }
        let bounded = (0..self.order.len())
            .any(|i| self.asked(i, &|c| matches!(c, Check::EquationBounds { .. })));
        if bounded {
            text.push_str(
                "\nequations with a product also tested on bounds as each of their symbols is assigned",
            );
        }
        for (c, condition) in self.letters.conditions.iter().enumerate() {
            text.push_str(&self.condition_use(c, condition));
        }
        text
    }

    fn order(&self) -> Vec<usize> {
        self.order.clone()
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        if self.in_i128 {
            Search::<i128>::run(self, budget, emit)
        } else {
            Search::<BigInt>::run(self, budget, emit)
        }
    }
}
