//! Powers whose exponent is a letter, split by the exponent's values. `AB
//! ^ C + DE ^ F = GHIJK` is a condition to the checker (`^` is not a ring
//! operation), so the product strategy tests it only once its last letter
//! is placed: 11 letters searched on bounds alone. But an exponent letter
//! has at most base values, and with each one fixed the power is a power
//! with a constant exponent, which [`super::powers`] reads as a product
//! and the product strategy decides column by column. So the puzzle is
//! searched as one case per assignment of its exponent letters (each
//! letter pinned by an equation `C = 2`, so it keeps its place in
//! all-different), the cases' solutions together being exactly the
//! puzzle's, each in one case. `X ^ 0` is read as `X * 0 + 1` (`0 ^ 0` is
//! 1), which keeps X's letters in the equation.

use crate::arith::bounds::{can_hold, term_range};
use crate::ir::{
    Cell, Condition, Digits, Equation, Expr, Letters, Member, Op, RelOp, Term, Test, Word,
};
use crate::solve::{Budget, Outcome, Strategy};

/// The most cases (assignments of the exponent letters) searched one by
/// one: two letters in base 16.
pub const MAX_CASES: usize = 256;

/// The strategy: one search per assignment of the exponent letters.
pub struct ExponentCases {
    letters: Letters,
    /// The exponent letters, each a power's whole exponent somewhere.
    exponents: Vec<usize>,
    /// Each case: a digit per exponent letter, in order.
    cases: Vec<Vec<u32>>,
}

/// The letter `term` is when it is a one-cell word of a letter.
fn letter(term: &Term, letters: &Letters) -> Option<usize> {
    let Term::Word(w) = term else {
        return None;
    };
    match letters.words[*w].cells.as_slice() {
        [Cell::Var(v)] => Some(*v),
        _ => None,
    }
}

/// Whether `term` is a ring expression once its letter exponents are
/// constants (its `/` and `%` would keep it a condition), collecting
/// those letters into `out`.
fn ring_but_exponents(term: &Term, letters: &Letters, out: &mut Vec<usize>) -> bool {
    match term {
        Term::Word(_) => true,
        Term::Binary(Op::Pow, a, b) => {
            if let Some(v) = letter(b, letters) {
                if !out.contains(&v) {
                    out.push(v);
                }
            } else if super::powers::constant(b, letters).is_none() {
                return false;
            }
            ring_but_exponents(a, letters, out)
        }
        Term::Binary(Op::Div | Op::Mod, ..) => false,
        Term::Binary(_, a, b) => {
            ring_but_exponents(a, letters, out) && ring_but_exponents(b, letters, out)
        }
    }
}

/// The exponent letters of a lone `=` relation or property that becomes
/// a ring expression once they are fixed.
fn exponents_of(condition: &Condition, letters: &Letters) -> Vec<usize> {
    let mut out = Vec::new();
    let Some(atom) = condition.atom() else {
        return out;
    };
    let ring = match &atom.test {
        Test::Relation(RelOp::Eq, rhs) => {
            ring_but_exponents(&atom.lhs, letters, &mut out)
                && ring_but_exponents(rhs, letters, &mut out)
        }
        Test::Property(_) => ring_but_exponents(&atom.lhs, letters, &mut out),
        Test::Relation(..) => false,
    };
    if !ring {
        out.clear();
    }
    out
}

impl ExponentCases {
    /// `None` when no condition has a letter exponent whose fixing leaves
    /// a ring expression, or when the cases would be more than
    /// [`MAX_CASES`].
    pub fn new(letters: &Letters) -> Option<Self> {
        let mut exponents: Vec<usize> = Vec::new();
        for c in &letters.conditions {
            for v in exponents_of(c, letters) {
                if !exponents.contains(&v) {
                    exponents.push(v);
                }
            }
        }
        if exponents.is_empty() {
            return None;
        }
        let size: f64 = exponents
            .iter()
            .map(|&v| f64::from(letters.vars[v].domain.len()))
            .product();
        if size > MAX_CASES as f64 {
            return None;
        }
        let mut cases: Vec<Vec<u32>> = vec![Vec::new()];
        for &v in &exponents {
            let var = &letters.vars[v];
            let mut next = Vec::new();
            for case in &cases {
                for d in var.domain.iter() {
                    // Two exponent letters of one all-different group
                    // never share a digit: no case for it.
                    let clash = exponents
                        .iter()
                        .zip(case)
                        .any(|(&u, &e)| e == d && letters.vars[u].groups & var.groups != 0);
                    if !clash {
                        let mut c = case.clone();
                        c.push(d);
                        next.push(c);
                    }
                }
            }
            cases = next;
        }
        // `AB ^ 9` never fits GHIJK: such a case is over before a search.
        cases.retain(|case| possible(letters, &exponents, case));
        Some(ExponentCases {
            letters: letters.clone(),
            exponents,
            cases,
        })
    }

    /// The puzzle with the exponent letters fixed at `digits`: each
    /// exponent a constant, each letter pinned by an equation, each `=`
    /// that became a ring expression an equation.
    fn case(&self, digits: &[u32]) -> Letters {
        let mut out = self.letters.clone();
        let constant = |out: &mut Letters, d: u32| {
            out.words.push(Word {
                cells: vec![Cell::Digit(d)],
            });
            out.words.len() - 1
        };
        let (zero, one) = (constant(&mut out, 0), constant(&mut out, 1));
        let mut fixed = Vec::with_capacity(digits.len());
        for (&v, &d) in self.exponents.iter().zip(digits) {
            out.vars[v].domain = Digits::single(d);
            let word = constant(&mut out, d);
            fixed.push((v, word));
            out.words.push(Word {
                cells: vec![Cell::Var(v)],
            });
            let pinned = out.words.len() - 1;
            out.equations.push(Equation {
                lhs: Expr::Word(pinned),
                rhs: Expr::Word(word),
            });
        }
        let subst = |t: &Term| substitute(t, &self.letters, &fixed, digits, zero, one);
        out.conditions.clear();
        let mut moved = Vec::with_capacity(self.letters.conditions.len());
        for c in &self.letters.conditions {
            let changed = match c {
                Condition::Atom(atom) if !exponents_of(c, &self.letters).is_empty() => {
                    let lhs = subst(&atom.lhs);
                    match &atom.test {
                        Test::Relation(RelOp::Eq, rhs) => {
                            let rhs = subst(rhs);
                            match (lhs.as_ring(), rhs.as_ring()) {
                                (Some(lhs), Some(rhs)) => {
                                    out.equations.push(Equation { lhs, rhs });
                                    moved.push(Member::Equation(out.equations.len() - 1));
                                    continue;
                                }
                                _ => Condition::Atom(crate::ir::Atom {
                                    lhs,
                                    test: Test::Relation(RelOp::Eq, rhs),
                                }),
                            }
                        }
                        test => Condition::Atom(crate::ir::Atom {
                            lhs,
                            test: test.clone(),
                        }),
                    }
                }
                _ => c.clone(),
            };
            out.conditions.push(changed);
            moved.push(Member::Condition(out.conditions.len() - 1));
        }
        out.members = self
            .letters
            .members
            .iter()
            .map(|m| match *m {
                Member::Condition(c) => moved[c],
                equation => equation,
            })
            .collect();
        out
    }

    /// The case `explain` shows: the first whose exponents are all read
    /// as products, else the first.
    fn shown(&self) -> Option<&Vec<u32>> {
        let lowered = 1..=super::powers::MAX_LOWERED;
        self.cases
            .iter()
            .find(|c| c.iter().all(|d| lowered.contains(d)))
            .or(self.cases.first())
    }
}

/// Whether every `=` relation can hold on bounds with the exponent
/// letters at `digits` and every other letter anywhere in its domain.
fn possible(letters: &Letters, exponents: &[usize], digits: &[u32]) -> bool {
    let range = |v: usize| match exponents.iter().position(|&e| e == v) {
        Some(i) => (i128::from(digits[i]), i128::from(digits[i])),
        None => {
            let d = letters.vars[v].domain;
            let (lo, hi) = (d.min().unwrap_or(0), d.max().unwrap_or(0));
            (i128::from(lo), i128::from(hi))
        }
    };
    letters.conditions.iter().all(|c| {
        let Some(atom) = c.atom() else {
            return true;
        };
        let Test::Relation(rel, rhs) = &atom.test else {
            return true;
        };
        let bounds = |t: &Term| term_range(t, &letters.words, &range, letters.base);
        match (bounds(&atom.lhs), bounds(rhs)) {
            (Some(l), Some(r)) => can_hold(*rel, l, r),
            _ => true,
        }
    })
}

/// `term` with each letter exponent of `fixed` (letter, constant word)
/// made its constant, and `X ^ 0` made `X * 0 + 1`.
fn substitute(
    term: &Term,
    letters: &Letters,
    fixed: &[(usize, usize)],
    digits: &[u32],
    zero: usize,
    one: usize,
) -> Term {
    let go = |t: &Term| substitute(t, letters, fixed, digits, zero, one);
    match term {
        Term::Word(w) => Term::Word(*w),
        Term::Binary(Op::Pow, a, b) => {
            let a = go(a);
            let at = letter(b, letters).and_then(|v| fixed.iter().position(|f| f.0 == v));
            match at {
                Some(i) if digits[i] == 0 => Term::Binary(
                    Op::Add,
                    Box::new(Term::Binary(
                        Op::Mul,
                        Box::new(a),
                        Box::new(Term::Word(zero)),
                    )),
                    Box::new(Term::Word(one)),
                ),
                Some(i) => Term::Binary(Op::Pow, Box::new(a), Box::new(Term::Word(fixed[i].1))),
                None => Term::Binary(Op::Pow, Box::new(a), Box::new(go(b))),
            }
        }
        Term::Binary(op, a, b) => Term::Binary(*op, Box::new(go(a)), Box::new(go(b))),
    }
}

impl Strategy for ExponentCases {
    fn name(&self) -> &'static str {
        "exponent-cases"
    }

    fn approach(&self) -> String {
        let l = &self.letters;
        let ranges: Vec<String> = self
            .exponents
            .iter()
            .map(|&v| format!("{} in {}", l.var_name(v), l.vars[v].domain))
            .collect();
        let mut text = format!(
            "a power with a letter exponent searched once per value of its exponent: {};\n\
             {} case{} left where the bounds allow a solution, each case's exponent a constant\n\
             (X ^ 0 read as X * 0 + 1), the letter pinned by an equation",
            ranges.join(", "),
            self.cases.len(),
            if self.cases.len() == 1 { "" } else { "s" },
        );
        if let Some(shown) = self.shown() {
            let case: Vec<String> = self
                .exponents
                .iter()
                .zip(shown)
                .map(|(&v, d)| format!("{} = {}", l.var_name(v), d))
                .collect();
            text.push_str(&format!("\ncase {} (each case likewise):", case.join(", ")));
            let inner = super::choose(&self.case(shown)).approach();
            for line in inner.lines() {
                text.push_str("\n  ");
                text.push_str(line);
            }
        }
        text
    }

    /// The exponent letters first: cutting the search into parts fixes
    /// them, and a part is then one case.
    fn order(&self) -> Vec<usize> {
        self.exponents.clone()
    }

    fn search(
        &self,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> crate::solve::Flow,
    ) -> Outcome {
        for digits in &self.cases {
            let inner = super::choose(&self.case(digits));
            let outcome = inner.search(budget, emit);
            if outcome != Outcome::Exhausted {
                return outcome;
            }
        }
        Outcome::Exhausted
    }
}
