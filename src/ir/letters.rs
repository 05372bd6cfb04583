//! Letter equations in the IR: words of cells, expressions over words, and
//! the equations and word properties of one system, every option already
//! folded into the variables' domains. The IR prints itself: words and
//! equations as written or filled in, and the typed puzzle for `explain`.

use std::fmt::Write;

use super::vars::{self, plural, Cell, Var, VarKind, Word};
use crate::digits::digit_char;
pub use crate::syntax::ast::Property;

/// A letter equation or a system of them, with every option resolved.
#[derive(Clone, Debug)]
pub struct Letters {
    /// Digits go from 0 to base - 1.
    pub base: u32,
    /// Every unknown digit; [`Cell::Var`] indexes into this.
    pub vars: Vec<Var>,
    /// Every word written, one per occurrence (a property's word too);
    /// [`Expr::Word`] and [`WordProperty::word`] index into this.
    pub words: Vec<Word>,
    /// All equations must hold at once (a system when more than one).
    pub equations: Vec<Equation>,
    /// Word properties (`SEVEN prime`), checked by the verifier on each solution.
    pub properties: Vec<WordProperty>,
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

/// `SEVEN prime`: a property of a word's value.
#[derive(Clone, Debug)]
pub struct WordProperty {
    /// The word, an index into [`Letters::words`].
    pub word: usize,
    /// What its value must be: odd, even, prime or square.
    pub property: Property,
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

    /// Every equation with its digits, joined by `, `.
    pub fn solution_text(&self, values: &[u8]) -> String {
        self.equations
            .iter()
            .map(|eq| self.equation_text(eq, Some(values)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The typed puzzle for `explain`: base, equations, each variable with
    /// its digits, properties, and the arithmetic the search uses.
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
        for eq in &self.equations {
            let _ = writeln!(out, "  equation: {}", self.equation_text(eq, None));
        }
        vars::describe_vars(&self.vars, self.base, 0..self.vars.len(), &mut out);
        for p in &self.properties {
            let _ = writeln!(
                out,
                "  property: {} is {} (checked on each solution)",
                self.word_text(&self.words[p.word], None),
                p.property.keyword()
            );
        }
        let _ = writeln!(
            out,
            "  arithmetic: {}",
            if crate::arith::fits_i128(self) {
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
