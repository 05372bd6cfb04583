//! Conditions of a letter system: a relation between two expressions
//! (`MONEY > 10600`, `AB ^ 2 = CDE` when it is not a ring equation) or a
//! property of one (`(A + B) prime`). Unlike [`super::Equation`]s they may
//! divide, take remainders and powers, so their value can be undefined (a
//! division that does not come out exact, a divisor of 0): an undefined
//! value makes the relation or property false. Conditions combine with
//! `and`, `or`, `not` and counted truths (`exactly 1 of (...)`): a
//! [`Condition`] is a formula over [`Atom`]s.

use super::letters::Expr;
use super::vars::Word;
/// An arithmetic operation of a condition, as written: `/` is defined
/// only when the divisor divides, `%` has the divisor's sign, `^` needs an
/// exponent of at least 0.
pub use crate::syntax::ast::BinaryOp as Op;
pub use crate::syntax::ast::{Counting, Property, RelOp};

/// Binding strength: `^` over `* / %` over `+ -`.
fn binding(op: Op) -> u8 {
    match op {
        Op::Add | Op::Sub => 1,
        Op::Mul | Op::Div | Op::Mod => 2,
        Op::Pow => 3,
    }
}

/// An expression of a condition.
#[derive(Clone, Debug)]
pub enum Term {
    /// A word's value: an index into [`super::Letters::words`].
    Word(usize),
    /// `a op b`.
    Binary(Op, Box<Term>, Box<Term>),
}

/// What a condition asks of its left-hand expression.
#[derive(Clone, Debug)]
pub enum Test {
    /// `lhs rel rhs`.
    Relation(RelOp, Term),
    /// `lhs property`.
    Property(Property),
}

/// One relation or property.
#[derive(Clone, Debug)]
pub struct Atom {
    /// The expression tested.
    pub lhs: Term,
    /// What must be true of it.
    pub test: Test,
}

/// One condition; every condition of a puzzle must hold.
#[derive(Clone, Debug)]
pub enum Condition {
    /// A relation or property.
    Atom(Atom),
    /// `not c`.
    Not(Box<Condition>),
    /// `a and b and ...`.
    And(Vec<Condition>),
    /// `a or b or ...`.
    Or(Vec<Condition>),
    /// `exactly N of (...)`, `at least N of (...)`, `at most N of (...)`.
    Count(Counting, usize, Vec<Condition>),
}

impl Term {
    /// The term as the strategies' [`Expr`], when it uses only `+`, `-`
    /// and `*`.
    pub fn as_ring(&self) -> Option<Expr> {
        match self {
            Term::Word(w) => Some(Expr::Word(*w)),
            Term::Binary(op, a, b) => {
                let (a, b) = (Box::new(a.as_ring()?), Box::new(b.as_ring()?));
                match op {
                    Op::Add => Some(Expr::Add(a, b)),
                    Op::Sub => Some(Expr::Sub(a, b)),
                    Op::Mul => Some(Expr::Mul(a, b)),
                    Op::Div | Op::Mod | Op::Pow => None,
                }
            }
        }
    }

    /// Every word the expression reads, left to right.
    pub fn words(&self, out: &mut Vec<usize>) {
        match self {
            Term::Word(w) => out.push(*w),
            Term::Binary(_, a, b) => {
                a.words(out);
                b.words(out);
            }
        }
    }

    /// Renders the expression with `word` for each word; parentheses only
    /// where precedence or associativity needs them.
    pub fn render(&self, word: &dyn Fn(usize) -> String) -> String {
        match self {
            Term::Word(w) => word(*w),
            Term::Binary(op, a, b) => {
                let level = binding(*op);
                let side = |t: &Term, right: bool| {
                    let text = t.render(word);
                    let needs = match t {
                        Term::Word(_) => false,
                        Term::Binary(inner, ..) => {
                            let il = binding(*inner);
                            // `^` groups to the right, the others to the left.
                            il < level || (il == level && (right != (*op == Op::Pow)))
                        }
                    };
                    if needs {
                        format!("({})", text)
                    } else {
                        text
                    }
                };
                format!("{} {} {}", side(a, false), op.symbol(), side(b, true))
            }
        }
    }
}

impl Atom {
    /// Every word the relation or property reads.
    pub fn words(&self, out: &mut Vec<usize>) {
        self.lhs.words(out);
        if let Test::Relation(_, rhs) = &self.test {
            rhs.words(out);
        }
    }

    /// The relation or property as written, with `word` for each word.
    pub fn render(&self, word: &dyn Fn(usize) -> String) -> String {
        let lhs = self.lhs.render(word);
        match &self.test {
            Test::Relation(rel, rhs) => format!("{} {} {}", lhs, rel.symbol(), rhs.render(word)),
            Test::Property(p) => match self.lhs {
                Term::Word(_) => format!("{} {}", lhs, p.keyword()),
                Term::Binary(..) => format!("({}) {}", lhs, p.keyword()),
            },
        }
    }
}

impl Counting {
    /// Whether `truths` true parts out of `parts` meet `N`.
    pub fn holds(self, n: usize, truths: usize) -> bool {
        match self {
            Counting::Exactly => truths == n,
            Counting::AtLeast => truths >= n,
            Counting::AtMost => truths <= n,
        }
    }
}

impl Condition {
    /// The relation or property, when the condition is one.
    pub fn atom(&self) -> Option<&Atom> {
        match self {
            Condition::Atom(a) => Some(a),
            _ => None,
        }
    }

    /// Every relation and property in the condition, left to right.
    pub fn atoms(&self) -> Vec<&Atom> {
        fn go<'a>(c: &'a Condition, out: &mut Vec<&'a Atom>) {
            match c {
                Condition::Atom(a) => out.push(a),
                Condition::Not(inner) => go(inner, out),
                Condition::And(parts) | Condition::Or(parts) | Condition::Count(_, _, parts) => {
                    parts.iter().for_each(|p| go(p, out))
                }
            }
        }
        let mut out = Vec::new();
        go(self, &mut out);
        out
    }

    /// Every word the condition reads.
    pub fn words(&self) -> Vec<usize> {
        let mut out = Vec::new();
        for atom in self.atoms() {
            atom.words(&mut out);
        }
        out
    }

    /// The variables the condition reads, each once, in index order.
    pub fn vars(&self, words: &[Word]) -> Vec<usize> {
        super::vars::vars_in(self.words().iter().map(|&w| &words[w]))
    }

    /// The condition as written, with `word` for each word; parentheses
    /// only where `or` sits inside `and` or `not` (`and` binds tighter).
    pub fn render(&self, word: &dyn Fn(usize) -> String) -> String {
        let inner = |c: &Condition, tight: bool| {
            let text = c.render(word);
            let loose = matches!(c, Condition::Or(_)) || (tight && matches!(c, Condition::And(_)));
            if loose {
                format!("({})", text)
            } else {
                text
            }
        };
        let join = |parts: &[Condition], sep: &str, tight: bool| {
            parts
                .iter()
                .map(|p| inner(p, tight))
                .collect::<Vec<_>>()
                .join(sep)
        };
        match self {
            Condition::Atom(a) => a.render(word),
            Condition::Not(c) => format!("not {}", inner(c, true)),
            Condition::And(parts) => join(parts, " and ", false),
            Condition::Or(parts) => parts
                .iter()
                .map(|p| p.render(word))
                .collect::<Vec<_>>()
                .join(" or "),
            Condition::Count(counting, n, parts) => {
                let list: Vec<String> = parts.iter().map(|p| p.render(word)).collect();
                format!("{} {} of ({})", counting.words(), n, list.join(", "))
            }
        }
    }
}
