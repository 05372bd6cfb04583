//! Letter equations in the IR: words of cells, expressions over words, and
//! the equations and conditions of one system, every option already
//! folded into the variables' domains or a condition. The IR prints itself: words and
//! equations as written or filled in, and the typed puzzle for `explain`.

use std::fmt::Write;

use super::condition::{Condition, Term};
use super::vars::{self, plural, Cell, Var, VarKind, Word};
use crate::digits::digit_char;

/// A letter equation or a system of them, with every option resolved.
#[derive(Clone, Debug)]
pub struct Letters {
    /// Digits go from 0 to base - 1.
    pub base: u32,
    /// Every unknown digit; [`Cell::Var`] indexes into this.
    pub vars: Vec<Var>,
    /// Every word written, one per occurrence (a condition's word too);
    /// [`Expr::Word`] and [`super::Term::Word`] index into this.
    pub words: Vec<Word>,
    /// All equations must hold at once (a system when more than one): the
    /// members written with one `=` between sums, differences and products.
    pub equations: Vec<Equation>,
    /// Every other relation and property, of the system or after `with`.
    pub conditions: Vec<Condition>,
    /// The members of the system in the order written, for the solution
    /// text (conditions after `with` are not members).
    pub members: Vec<Member>,
    /// The expression of an `answer` query, when one asks it.
    pub answer: Option<Answer>,
}

/// The expression an `answer` query lists the values of.
#[derive(Clone, Debug)]
pub struct Answer {
    /// Over [`Letters::words`], as a condition's.
    pub term: Term,
    /// As written, for the report.
    pub text: String,
}

/// A member of the system as written: an index into
/// [`Letters::equations`] or [`Letters::conditions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Member {
    /// An index into [`Letters::equations`].
    Equation(usize),
    /// An index into [`Letters::conditions`].
    Condition(usize),
}

/// One side of an equation: words combined with `+`, `-` and `*`,
/// parentheses already resolved into the tree.
#[derive(Clone, Debug)]
pub enum Expr {
    /// A word's value: an index into [`Letters::words`].
    Word(usize),
    /// `a + b`.
    Add(Box<Expr>, Box<Expr>),
    /// `a - b`.
    Sub(Box<Expr>, Box<Expr>),
    /// `a * b`.
    Mul(Box<Expr>, Box<Expr>),
}

/// One equation: both sides have the same value.
#[derive(Clone, Debug)]
pub struct Equation {
    /// The expression left of `=`.
    pub lhs: Expr,
    /// The expression right of `=`.
    pub rhs: Expr,
}

impl Letters {
    /// Indices of the named symbols, in order of first appearance.
    pub fn symbols(&self) -> impl Iterator<Item = (usize, char)> + '_ {
        vars::symbols(&self.vars)
    }

    /// The longest word, in cells.
    pub fn max_len(&self) -> usize {
        self.words.iter().map(|w| w.cells.len()).max().unwrap_or(0)
    }

    /// Whether every value an equation, a word, or their difference can
    /// take fits in `i128` with room to spare: the arithmetic is then
    /// exact in `i128`, and in big integers otherwise.
    pub fn fits_i128(&self) -> bool {
        let base = self.base;
        let eq_bits = self
            .equations
            .iter()
            .map(|e| {
                e.lhs
                    .bits(&self.words, base)
                    .max(e.rhs.bits(&self.words, base))
                    + 1.0
            })
            .fold(0.0, f64::max);
        let word_bits = self.max_len() as f64 * f64::from(base).log2();
        eq_bits.max(word_bits) < 120.0
    }

    /// A word as written (`values` absent) or with its digits filled in.
    pub fn word_text(&self, word: &Word, values: Option<&[u8]>) -> String {
        word.cells
            .iter()
            .map(|cell| match (*cell, values) {
                (Cell::Digit(d), _) => digit_char(d),
                (Cell::Var(v), Some(values)) => digit_char(u32::from(values[v])),
                (Cell::Var(v), None) => match self.vars[v].kind {
                    VarKind::Symbol(c) | VarKind::Wild(c) => c,
                    VarKind::Free => '?',
                },
            })
            .collect()
    }

    /// An equation as written, or with its digits filled in.
    pub fn equation_text(&self, eq: &Equation, values: Option<&[u8]>) -> String {
        let word = |w: usize| self.word_text(&self.words[w], values);
        format!("{} = {}", eq.lhs.render(&word), eq.rhs.render(&word))
    }

    /// A condition as written, or with its digits filled in.
    pub fn condition_text(&self, condition: &Condition, values: Option<&[u8]>) -> String {
        condition.render(&|w| self.word_text(&self.words[w], values))
    }

    /// Every member of the system with its digits, joined by `, `.
    pub fn solution_text(&self, values: &[u8]) -> String {
        self.members
            .iter()
            .map(|m| match *m {
                Member::Equation(e) => self.equation_text(&self.equations[e], Some(values)),
                Member::Condition(c) => self.condition_text(&self.conditions[c], Some(values)),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The typed puzzle for `explain`: base, equations, each variable with
    /// its digits, conditions, and the arithmetic the search uses.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        let symbols = self.symbols().count();
        let anonymous = self.vars.len() - symbols;
        let _ = writeln!(
            out,
            "letters, base {}, {} equation{}, {} symbol{}, {} anonymous cell{}",
            self.base,
            self.equations.len(),
            plural(self.equations.len()),
            symbols,
            plural(symbols),
            anonymous,
            plural(anonymous),
        );
        for (e, eq) in self.equations.iter().enumerate() {
            let implied = if self.members.contains(&Member::Equation(e)) {
                ""
            } else {
                " (implied by a condition)"
            };
            let _ = writeln!(
                out,
                "  equation: {}{}",
                self.equation_text(eq, None),
                implied
            );
        }
        vars::describe_vars(&self.vars, self.base, 0..self.vars.len(), &mut out);
        for c in &self.conditions {
            let _ = writeln!(out, "  condition: {}", self.condition_text(c, None));
        }
        if !vars::one_group(&self.vars) {
            let _ = writeln!(
                out,
                "  distinct groups: {} (strategies that keep one all-different rule are passed over)",
                vars::group_count(&self.vars)
            );
        }
        if let Some(answer) = &self.answer {
            let _ = writeln!(out, "  answer: {}", answer.text);
        }
        let _ = writeln!(
            out,
            "  arithmetic: {}",
            if self.fits_i128() {
                "fits in 128 bits"
            } else {
                "big integers"
            }
        );
        out
    }

    /// A variable's name in `explain`.
    pub fn var_name(&self, v: usize) -> String {
        vars::var_name(&self.vars, v)
    }
}

impl Expr {
    /// An upper bound on log2 of |value| of this expression over `words`,
    /// each of its full length in `base`.
    fn bits(&self, words: &[Word], base: u32) -> f64 {
        match self {
            Expr::Word(w) => words[*w].cells.len() as f64 * f64::from(base).log2(),
            Expr::Add(a, b) | Expr::Sub(a, b) => a.bits(words, base).max(b.bits(words, base)) + 1.0,
            Expr::Mul(a, b) => a.bits(words, base) + b.bits(words, base),
        }
    }

    /// Renders the expression, using `word` for each word; parentheses only
    /// where precedence needs them.
    pub fn render(&self, word: &dyn Fn(usize) -> String) -> String {
        fn go(e: &Expr, word: &dyn Fn(usize) -> String, out: &mut String, ctx: u8) {
            // ctx: 0 top / left of +-, 1 right of -, 2 operand of *.
            match e {
                Expr::Word(w) => out.push_str(&word(*w)),
                Expr::Add(a, b) | Expr::Sub(a, b) => {
                    let paren = ctx >= 1;
                    if paren {
                        out.push('(');
                    }
                    go(a, word, out, 0);
                    out.push_str(if matches!(e, Expr::Add(..)) {
                        " + "
                    } else {
                        " - "
                    });
                    go(b, word, out, 1);
                    if paren {
                        out.push(')');
                    }
                }
                Expr::Mul(a, b) => {
                    go(a, word, out, 2);
                    out.push_str(" * ");
                    go(b, word, out, 3);
                }
            }
        }
        let mut out = String::new();
        go(self, word, &mut out, 0);
        out
    }
}

impl super::Describe for Letters {
    fn kind_name(&self) -> &'static str {
        "letters"
    }

    fn describe(&self) -> String {
        Letters::describe(self)
    }
}
