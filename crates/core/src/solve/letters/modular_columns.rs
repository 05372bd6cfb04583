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

use num_bigint::BigInt;

use crate::arith;
use crate::ir::{Cell, Expr, Letters, Op, RelOp, Term, Test};
use crate::solve::{Budget, Flow, Outcome, Strategy};

use super::listed::{self, Block};
use super::multiples::{multiples_of, Multiple};
use super::pins::{has_product, pin_of, words_of, Pin};

mod search;
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

/// Whether a term uses only `+ - * /`.
fn quotients(t: &Term) -> bool {
    match t {
        Term::Word(_) => true,
        Term::Binary(op, a, b) => !matches!(op, Op::Mod | Op::Pow) && quotients(a) && quotients(b),
    }
}

/// Whether a term has a `/`.
fn divides(t: &Term) -> bool {
    match t {
        Term::Word(_) => false,
        Term::Binary(op, a, b) => *op == Op::Div || divides(a) || divides(b),
    }
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
        let n = letters.vars.len();
        // Each variable's lowest place (0 = units) over its cells in the
        // equations, whose columns the order follows; a symbol only a
        // condition reads takes its place there.
        let mut in_equations = Vec::new();
        for eq in &letters.equations {
            words_of(&eq.lhs, &mut in_equations);
            words_of(&eq.rhs, &mut in_equations);
        }
        let in_conditions = letters.conditions.iter().flat_map(|c| c.words());
        let mut lowest = vec![usize::MAX; n];
        for pass in [in_equations, in_conditions.collect()] {
            let mut found = vec![usize::MAX; n];
            for &w in &pass {
                for (place, cell) in letters.words[w].cells.iter().rev().enumerate() {
                    if let Cell::Var(v) = *cell {
                        found[v] = found[v].min(place);
                    }
                }
            }
            for v in 0..n {
                if lowest[v] == usize::MAX {
                    lowest[v] = found[v];
                }
            }
        }
        let (start, mut blocks) = listed::blocks(letters, &lowest);
        let order = Self::greedy_order(letters, &lowest, start);
        let mut position = vec![0; n];
        for (i, &v) in order.iter().enumerate() {
            position[v] = i;
        }
        let mut checks = vec![Vec::new(); n];
        let mut before = Vec::new();
        let mut max_k = 0;
        for (e, eq) in letters.equations.iter().enumerate() {
            let mut words = Vec::new();
            words_of(&eq.lhs, &mut words);
            words_of(&eq.rhs, &mut words);
            let width = words
                .iter()
                .map(|&w| letters.words[w].cells.len())
                .max()
                .unwrap_or(0);
            max_k = max_k.max(width);
            // The order position after which the low k cells are all known.
            let mut ready: Option<usize> = None;
            for k in 1..=width {
                for &w in &words {
                    let cells = &letters.words[w].cells;
                    if k <= cells.len() {
                        if let Cell::Var(v) = cells[cells.len() - k] {
                            ready = Some(ready.map_or(position[v], |r| r.max(position[v])));
                        }
                    }
                }
                let check = Check::Low { equation: e, k };
                match ready {
                    Some(i) => checks[i].push(check),
                    None => before.push(check),
                }
            }
            let check = Check::Exact { equation: e };
            match ready {
                Some(i) => checks[i].push(check),
                None => before.push(check),
            }
        }
        for (c, condition) in letters.conditions.iter().enumerate() {
            let mut at: Vec<usize> = condition
                .vars(&letters.words)
                .into_iter()
                .map(|v| position[v])
                .collect();
            at.sort_unstable();
            let Some((&last, earlier)) = at.split_last() else {
                before.push(Check::Condition { condition: c });
                continue;
            };
            checks[last].push(Check::Condition { condition: c });
            if let Some(check) = Self::residue_check(letters, c, &position) {
                match check {
                    (Some(i), check) if i < last => checks[i].push(check),
                    (None, check) => before.push(check),
                    _ => {}
                }
            }
            let Some(atom) = condition.atom() else {
                let mut at = earlier.to_vec();
                at.dedup();
                for i in at {
                    checks[i].push(Check::Partial { condition: c });
                }
                continue;
            };
            // A remainder's range is fixed (0 to the divisor), whatever
            // is decided: its bounds never rule anything out.
            let remainder = |t: &Term| matches!(t, Term::Binary(Op::Mod, ..));
            // An `=` of fractions gave the search its equation with the
            // denominators cleared, tested column by column: the bounds of
            // fractions add little to it and cost much. (`X / Y = Z` keeps
            // them, as before v3: its bounds are those of a whole number.)
            let single = |q: &Term, other: &Term| {
                !divides(other)
                    && matches!(q, Term::Binary(Op::Div, x, y) if !divides(x) && !divides(y))
            };
            let cleared = matches!(&atom.test,
                Test::Relation(RelOp::Eq, rhs) if quotients(rhs) && quotients(&atom.lhs)
                    && (divides(rhs) || divides(&atom.lhs))
                    && !single(rhs, &atom.lhs) && !single(&atom.lhs, rhs));
            let bounded = !cleared
                && matches!(&atom.test,
                Test::Relation(rel, rhs) if *rel != RelOp::Ne && !remainder(rhs) && !remainder(&atom.lhs));
            if bounded {
                for &i in earlier {
                    checks[i].push(Check::Bounds { condition: c });
                }
            }
        }
        // A product's magnitude rules out high digits that its low digits
        // cannot: `ABC * ABC + DEF * DEF = GHIJK` needs A and D at most 3.
        // Sums keep to their columns, whose carries say as much; bounds
        // are `i128`, so words past it are never bounded.
        for (e, eq) in letters.equations.iter().enumerate() {
            if !letters.fits_i128() || !has_product(&eq.lhs) && !has_product(&eq.rhs) {
                continue;
            }
            let mut words = Vec::new();
            words_of(&eq.lhs, &mut words);
            words_of(&eq.rhs, &mut words);
            let mut at: Vec<usize> =
                crate::ir::vars::vars_in(words.iter().map(|&w| &letters.words[w]))
                    .into_iter()
                    .map(|v| position[v])
                    .collect();
            at.sort_unstable();
            // Only a word's two highest cells move its bounds much: the
            // check goes where one of them is decided, not everywhere.
            let high: Vec<usize> = words
                .iter()
                .flat_map(|&w| letters.words[w].cells.iter().take(2))
                .filter_map(|cell| match *cell {
                    Cell::Var(v) => Some(position[v]),
                    Cell::Digit(_) => None,
                })
                .collect();
            if let Some((_, earlier)) = at.split_last() {
                for &i in earlier.iter().filter(|i| high.contains(i)) {
                    checks[i].push(Check::EquationBounds { equation: e });
                }
            }
        }
        // Where several low checks of one equation land on the same
        // variable, only the widest can fail first: keep just it.
        for list in checks.iter_mut().chain(std::iter::once(&mut before)) {
            let snapshot = list.clone();
            list.retain(|c| match *c {
                Check::Low { equation, k } => !snapshot.iter().any(|o| match *o {
                    Check::Low {
                        equation: e2,
                        k: k2,
                    } => e2 == equation && k2 > k,
                    Check::Exact { equation: e2 } => e2 == equation,
                    _ => false,
                }),
                _ => true,
            });
        }
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
}

impl ModularColumns {
    /// The order letters are assigned in: repeatedly the test that needs
    /// the fewest letters not yet placed (an equation's low k columns, a
    /// condition's letters, a property's last digits), its letters units
    /// column first. A product's units column is tested after three
    /// letters, not after every letter of the sum beside it; a condition
    /// on one short word is tested before the long ones.
    fn greedy_order(letters: &Letters, lowest: &[usize], start: Vec<usize>) -> Vec<usize> {
        let n = letters.vars.len();
        let vars_of = |words: &[usize], low: usize| -> Vec<usize> {
            let mut out: Vec<usize> = words
                .iter()
                .flat_map(|&w| {
                    let cells = &letters.words[w].cells;
                    cells[cells.len().saturating_sub(low)..].iter()
                })
                .filter_map(|cell| match *cell {
                    Cell::Var(v) => Some(v),
                    Cell::Digit(_) => None,
                })
                .collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        // (column, needed letters) of every test the search makes.
        let mut tests: Vec<(usize, Vec<usize>)> = Vec::new();
        for eq in &letters.equations {
            let mut words = Vec::new();
            words_of(&eq.lhs, &mut words);
            words_of(&eq.rhs, &mut words);
            let width = words
                .iter()
                .map(|&w| letters.words[w].cells.len())
                .max()
                .unwrap_or(0);
            for k in 1..=width {
                tests.push((k, vars_of(&words, k)));
            }
        }
        for (i, c) in letters.conditions.iter().enumerate() {
            let words = c.words();
            if Self::residues_ruled_out(letters, i).is_some() {
                tests.push((1, vars_of(&words, 1)));
            }
            tests.push((usize::MAX, vars_of(&words, usize::MAX)));
        }
        // How many tests read each letter: between tests that need as many
        // new letters, the one whose letters the most tests share goes
        // first (a divisor's units digit, read by every multiple of it),
        // so that the order does not hang on the order the puzzle is
        // written in (Enigma 309 as published: 94 ms; with this, 2).
        let mut shared = vec![0usize; n];
        for (_, vars) in &tests {
            for &v in vars {
                shared[v] += 1;
            }
        }
        let mut placed = vec![false; n];
        for &v in &start {
            placed[v] = true;
        }
        let mut order = start;
        loop {
            let next = tests
                .iter()
                .map(|(k, vars)| {
                    let missing: Vec<usize> =
                        vars.iter().copied().filter(|&v| !placed[v]).collect();
                    (missing.len(), *k, missing)
                })
                .filter(|(m, _, _)| *m > 0)
                .min_by_key(|(m, k, missing)| {
                    let weight: usize = missing.iter().map(|&v| shared[v]).sum();
                    (*m, *k, std::cmp::Reverse(weight))
                });
            let Some((_, _, mut missing)) = next else {
                break;
            };
            missing.sort_by_key(|&v| (lowest[v], v));
            for v in missing {
                placed[v] = true;
                order.push(v);
            }
        }
        let mut rest: Vec<usize> = (0..n).filter(|&v| !placed[v]).collect();
        rest.sort_by_key(|&v| (lowest[v], v));
        order.extend(rest);
        order
    }

    /// A property of a sum or product of words, when its last digit can
    /// rule values out (an odd number ends in an odd digit; a square in
    /// base 10 in 0, 1, 4, 5, 6 or 9): the check, and the order position
    /// after which every word's last cell is known (`None`: at once).
    fn residue_check(
        letters: &Letters,
        c: usize,
        position: &[usize],
    ) -> Option<(Option<usize>, Check)> {
        let condition = &letters.conditions[c];
        let allowed = Self::residues_ruled_out(letters, c)?;
        let ready = condition
            .words()
            .iter()
            .filter_map(|&w| match letters.words[w].cells.last() {
                Some(Cell::Var(v)) => Some(position[*v]),
                _ => None,
            })
            .max();
        Some((
            ready,
            Check::Residue {
                condition: c,
                allowed,
            },
        ))
    }

    /// The residues modulo the base a property condition allows, when its
    /// left side is a sum or product and its last digit can rule some out.
    fn residues_ruled_out(letters: &Letters, c: usize) -> Option<u64> {
        let condition = letters.conditions[c].atom()?;
        let Test::Property(property) = condition.test else {
            return None;
        };
        condition.lhs.as_ring()?;
        let all = if letters.base >= 64 {
            u64::MAX
        } else {
            (1u64 << letters.base) - 1
        };
        let allowed = arith::condition::residues(property, letters.base);
        (allowed != all).then_some(allowed)
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
                ";\n  its {} {} of {} digits listed: {} assigned from the list ({} to {} of {})",
                block.listing.len(),
                listed::plural(block.listing.property),
                block.listing.width,
                names.join(" "),
                start + 1,
                block.end,
                self.order.len()
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
