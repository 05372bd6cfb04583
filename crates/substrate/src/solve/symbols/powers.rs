//! Powers with a small constant exponent, read as products. `ABC ^ 2 =
//! DEFGH` is a condition to the checker (`^` is not a ring operation), and
//! a condition is tested only on bounds until its last letter is assigned.
//! But `X ^ k` with a constant `k` from 1 to [`MAX_LOWERED`] is exactly
//! `X * X * ... * X`, which commutes with "mod base^j" as every product
//! does: the condition `X ^ k = Y` becomes the equation `X * ... * X = Y`,
//! which the product strategy ([`super::modular_columns`]) tests on its low
//! digits as soon as they are known. A property of a power (`(AB ^ 2 + C)
//! odd`) gets the product as its left side, so its last digit is tested
//! early. The lowered puzzle is what the strategies search; the verifier
//! still checks every solution against the puzzle as written.
//!
//! Nothing else changes: a power whose exponent is a letter, or 0, or a
//! relation other than `=`, stays a condition (its bounds are tighter as a
//! power: a square is never negative).

use crate::ir::{Atom, Cell, Condition, Equation, Expr, Letters, Member, Op, RelOp, Term, Test};
use crate::solve::{Budget, Flow, Outcome, Strategy};

/// The greatest constant exponent read as a product: `X ^ 8` is seven
/// products, each tested column by column; past that the words are long
/// enough that big integers take over anyway.
pub const MAX_LOWERED: u32 = 8;

/// The constant value of `term` when it is a number written in digits.
pub(super) fn constant(term: &Term, letters: &Letters) -> Option<u32> {
    let Term::Word(w) = term else {
        return None;
    };
    letters.words[*w]
        .cells
        .iter()
        .try_fold(0u32, |n, cell| match *cell {
            Cell::Digit(d) => n.checked_mul(letters.base)?.checked_add(d),
            Cell::Var(_) => None,
        })
}

/// `term` as a ring expression with its small constant powers made
/// products, and whether it had any; `None` when something else is left
/// (`/`, `%`, a letter exponent).
fn ring(term: &Term, letters: &Letters) -> Option<(Expr, bool)> {
    match term {
        Term::Word(w) => Some((Expr::Word(*w), false)),
        Term::Binary(Op::Pow, a, b) => {
            let k = constant(b, letters).filter(|k| (1..=MAX_LOWERED).contains(k))?;
            let (x, _) = ring(a, letters)?;
            let product = (1..k).fold(x.clone(), |p, _| {
                Expr::Mul(Box::new(p), Box::new(x.clone()))
            });
            Some((product, true))
        }
        Term::Binary(op, a, b) => {
            let (a, pa) = ring(a, letters)?;
            let (b, pb) = ring(b, letters)?;
            let (a, b) = (Box::new(a), Box::new(b));
            let e = match op {
                Op::Add => Expr::Add(a, b),
                Op::Sub => Expr::Sub(a, b),
                Op::Mul => Expr::Mul(a, b),
                Op::Div | Op::Mod | Op::Pow => return None,
            };
            Some((e, pa || pb))
        }
    }
}

/// The ring expression as a condition's term.
fn term(expr: &Expr) -> Term {
    match expr {
        Expr::Word(w) => Term::Word(*w),
        Expr::Add(a, b) => Term::Binary(Op::Add, Box::new(term(a)), Box::new(term(b))),
        Expr::Sub(a, b) => Term::Binary(Op::Sub, Box::new(term(a)), Box::new(term(b))),
        Expr::Mul(a, b) => Term::Binary(Op::Mul, Box::new(term(a)), Box::new(term(b))),
    }
}

/// What one condition becomes.
enum Lowered {
    Equation(Equation),
    Condition(Condition),
    Unchanged,
}

fn lower_condition(condition: &Condition, letters: &Letters) -> Lowered {
    // A formula (`and`, `or`, `not`, `N of`) is tested as a whole: only a
    // lone relation or property is lowered.
    let Some(atom) = condition.atom() else {
        return Lowered::Unchanged;
    };
    match &atom.test {
        Test::Relation(RelOp::Eq, rhs) => match (ring(&atom.lhs, letters), ring(rhs, letters)) {
            (Some((lhs, pl)), Some((rhs, pr))) if pl || pr => {
                Lowered::Equation(Equation { lhs, rhs })
            }
            _ => Lowered::Unchanged,
        },
        Test::Property(_) => match ring(&atom.lhs, letters) {
            Some((lhs, true)) => Lowered::Condition(Condition::Atom(Atom {
                lhs: term(&lhs),
                test: atom.test.clone(),
            })),
            _ => Lowered::Unchanged,
        },
        Test::Relation(..) => Lowered::Unchanged,
    }
}

/// A condition as written and what it became in the lowered puzzle (an
/// equation or a condition of it): what `explain` says, written only when
/// asked, since the planner lowers every puzzle it plans.
pub type Note = (Condition, Member);

/// The puzzle with its small constant powers read as products (see the
/// module docs) and the conditions that became equations; `None` when it
/// has none.
pub fn lower(letters: &Letters) -> Option<(Letters, Vec<Note>)> {
    // The planner asks for every puzzle, some several times: no copy of
    // a puzzle without a power to lower.
    let lowers = |c: &Condition| !matches!(lower_condition(c, letters), Lowered::Unchanged);
    if !letters.conditions.iter().any(lowers) {
        return None;
    }
    let mut out = Letters {
        equations: letters.equations.clone(),
        conditions: Vec::new(),
        members: Vec::new(),
        ..letters.clone()
    };
    let mut notes = Vec::new();
    // Each old condition's place in the lowered puzzle.
    let mut moved = Vec::with_capacity(letters.conditions.len());
    for c in &letters.conditions {
        match lower_condition(c, letters) {
            Lowered::Equation(eq) => {
                out.equations.push(eq);
                let member = Member::Equation(out.equations.len() - 1);
                notes.push((c.clone(), member));
                moved.push(member);
            }
            Lowered::Condition(lowered) => {
                out.conditions.push(lowered);
                let member = Member::Condition(out.conditions.len() - 1);
                notes.push((c.clone(), member));
                moved.push(member);
            }
            Lowered::Unchanged => {
                out.conditions.push(c.clone());
                moved.push(Member::Condition(out.conditions.len() - 1));
            }
        }
    }
    if notes.is_empty() {
        return None;
    }
    out.members = letters
        .members
        .iter()
        .map(|m| match *m {
            Member::Condition(c) => moved[c],
            equation => equation,
        })
        .collect();
    Some((out, notes))
}

/// A strategy run on the lowered puzzle: the same search, its `explain`
/// saying which powers it reads as products.
pub struct AsProducts {
    inner: Box<dyn Strategy>,
    /// The lowered puzzle (its words are the puzzle's), for the notes.
    lowered: Letters,
    notes: Vec<Note>,
}

impl AsProducts {
    /// `inner`, built for the `lowered` puzzle, with the notes of
    /// [`lower`].
    pub fn new(inner: Box<dyn Strategy>, lowered: Letters, notes: Vec<Note>) -> Self {
        AsProducts {
            inner,
            lowered,
            notes,
        }
    }

    /// What each lowered condition became, as `explain` says it.
    fn note_text(&self, (written, became): &Note) -> String {
        let out = &self.lowered;
        let text = out.condition_text(written, None);
        match *became {
            Member::Equation(e) => format!(
                "{}: the equation {}",
                text,
                out.equation_text(&out.equations[e], None)
            ),
            Member::Condition(c) => format!(
                "{}: as {}",
                text,
                out.condition_text(&out.conditions[c], None)
            ),
        }
    }
}

/// The `approach` of a strategy that rewrites the puzzle and hands it to
/// `inner`: its own lines (`head`), then the inner strategy's.
pub(super) fn approach_around(mut head: String, inner: &dyn Strategy) -> String {
    let inner = inner.approach();
    if !inner.is_empty() {
        head.push('\n');
        head.push_str(&inner);
    }
    head
}

impl Strategy for AsProducts {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn approach(&self) -> String {
        let mut text = String::from("powers with a small constant exponent read as products:");
        for note in &self.notes {
            text.push_str("\n  ");
            text.push_str(&self.note_text(note));
        }
        approach_around(text, self.inner.as_ref())
    }

    fn order(&self) -> Vec<usize> {
        self.inner.order()
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        self.inner.search(budget, emit)
    }
}
