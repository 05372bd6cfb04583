//! Where modular columns asks each test: at the first place in the order
//! where it can fail (an equation's low k columns once their letters are
//! known, a condition once its last symbol is), and on the way there what
//! can fail sooner (a condition's bounds and last digit, a product's
//! magnitude).

use crate::ir::{Cell, Letters, Op, RelOp, Term, Test};

use super::super::pins::{has_product, words_of};
use super::Check;

/// The tests the search asks: `checks[i]` once `order[i]` is assigned,
/// `before` ahead of any letter.
pub(super) struct Placed {
    pub checks: Vec<Vec<Check>>,
    pub before: Vec<Check>,
    /// The widest equation's number of columns.
    pub max_k: usize,
}

/// Every test, each where it is first asked; `position[v]` is variable
/// `v`'s place in the order.
pub(super) fn place(letters: &Letters, position: &[usize]) -> Placed {
    let mut placed = Placed {
        checks: vec![Vec::new(); letters.vars.len()],
        before: Vec::new(),
        max_k: 0,
    };
    placed.equations(letters, position);
    placed.conditions(letters, position);
    placed.product_bounds(letters, position);
    placed.keep_widest();
    placed
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

/// The words both sides of equation `e` read.
pub(super) fn equation_words(letters: &Letters, e: usize) -> Vec<usize> {
    let eq = &letters.equations[e];
    let mut words = Vec::new();
    words_of(&eq.lhs, &mut words);
    words_of(&eq.rhs, &mut words);
    words
}

/// How many columns `words` take: the longest one's cells.
pub(super) fn columns(letters: &Letters, words: &[usize]) -> usize {
    words
        .iter()
        .map(|&w| letters.words[w].cells.len())
        .max()
        .unwrap_or(0)
}

impl Placed {
    /// Asks `check` once the letter at order position `at` is assigned,
    /// or before any (`None`).
    fn ask(&mut self, at: Option<usize>, check: Check) {
        match at {
            Some(i) => self.checks[i].push(check),
            None => self.before.push(check),
        }
    }

    /// Each equation modulo base^k once its low k cells are known, for
    /// every k, and exactly once all of them are.
    fn equations(&mut self, letters: &Letters, position: &[usize]) {
        for e in 0..letters.equations.len() {
            let words = equation_words(letters, e);
            let width = columns(letters, &words);
            self.max_k = self.max_k.max(width);
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
                self.ask(ready, Check::Low { equation: e, k });
            }
            self.ask(ready, Check::Exact { equation: e });
        }
    }

    /// Each condition exactly once its last symbol is assigned; before
    /// that, on its last digit, part by part (a formula) or on bounds (a
    /// relation).
    fn conditions(&mut self, letters: &Letters, position: &[usize]) {
        for (c, condition) in letters.conditions.iter().enumerate() {
            let mut at: Vec<usize> = condition
                .vars(&letters.words)
                .into_iter()
                .map(|v| position[v])
                .collect();
            at.sort_unstable();
            let Some((&last, earlier)) = at.split_last() else {
                self.before.push(Check::Condition { condition: c });
                continue;
            };
            self.checks[last].push(Check::Condition { condition: c });
            match residue_check(letters, c, position) {
                Some((Some(i), check)) if i < last => self.checks[i].push(check),
                Some((None, check)) => self.before.push(check),
                _ => {}
            }
            let Some(atom) = condition.atom() else {
                let mut at = earlier.to_vec();
                at.dedup();
                for i in at {
                    self.checks[i].push(Check::Partial { condition: c });
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
                    self.checks[i].push(Check::Bounds { condition: c });
                }
            }
        }
    }

    /// A product's magnitude rules out high digits that its low digits
    /// cannot: `ABC * ABC + DEF * DEF = GHIJK` needs A and D at most 3.
    /// Sums keep to their columns, whose carries say as much; bounds are
    /// `i128`, so words past it are never bounded.
    fn product_bounds(&mut self, letters: &Letters, position: &[usize]) {
        for (e, eq) in letters.equations.iter().enumerate() {
            if !letters.fits_i128() || !has_product(&eq.lhs) && !has_product(&eq.rhs) {
                continue;
            }
            let words = equation_words(letters, e);
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
                    self.checks[i].push(Check::EquationBounds { equation: e });
                }
            }
        }
    }

    /// Where several low checks of one equation land on the same
    /// variable, only the widest can fail first: keeps just it.
    fn keep_widest(&mut self) {
        for list in self
            .checks
            .iter_mut()
            .chain(std::iter::once(&mut self.before))
        {
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
    }
}

/// A property of a sum or product of words, when its last digit can rule
/// values out (an odd number ends in an odd digit; a square in base 10 in
/// 0, 1, 4, 5, 6 or 9): the check, and the order position after which
/// every word's last cell is known (`None`: at once).
fn residue_check(
    letters: &Letters,
    c: usize,
    position: &[usize],
) -> Option<(Option<usize>, Check)> {
    let condition = &letters.conditions[c];
    let allowed = residues_ruled_out(letters, c)?;
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
pub(super) fn residues_ruled_out(letters: &Letters, c: usize) -> Option<u64> {
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
    let allowed = property.residues(letters.base);
    (allowed != all).then_some(allowed)
}
