//! The abstract syntax tree: what the author wrote, every node spanned.

use crate::diagnostic::Span;
// The words' own types live with the words.
pub use crate::vocab::{BlockKind, Flag, Property};

/// A value with the source span it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// One statement of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Statement {
    /// `let NAME = puzzle [with ...]`
    Let {
        name: Spanned<String>,
        puzzle: PuzzleDef,
        span: Span,
    },
    /// `[query] puzzle [with ...]`
    Query {
        query: Spanned<Query>,
        puzzle: PuzzleDef,
        span: Span,
    },
}

impl Statement {
    pub fn span(&self) -> &Span {
        match self {
            Statement::Let { span, .. } | Statement::Query { span, .. } => span,
        }
    }
}

/// What the author asks of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `solve` (or no keyword): every solution.
    Solve,
    /// `first N`: at most N solutions.
    First(u64),
    /// `count`: the number of solutions, none listed.
    Count,
    /// `unique`: exactly one solution, two to prove there are more, or none.
    Unique,
    /// `explain`: the typed puzzle and the strategy chosen; solves nothing.
    Explain,
    /// `grade`: solved by a person's named steps and rated
    /// (`crate::grade`).
    Grade,
    /// `explain steps`: the chain of steps `grade` takes.
    ExplainSteps,
    /// `answer EXPR: puzzle`: the values of the expression
    /// (`PuzzleDef::answer`) over every solution, each with how many
    /// solutions give it; `unique answer` asks whether there is one value.
    Answer {
        /// `unique answer`: stops at the second value.
        unique: bool,
    },
}

impl Query {
    /// The keyword as written, also the JSON `query`.
    pub fn keyword(self) -> &'static str {
        match self {
            Query::Solve => "solve",
            Query::First(_) => "first",
            Query::Count => "count",
            Query::Unique => "unique",
            Query::Explain => "explain",
            Query::Grade => "grade",
            Query::ExplainSteps => "explain steps",
            Query::Answer { unique: false } => "answer",
            Query::Answer { unique: true } => "unique answer",
        }
    }
}

/// A puzzle and the options written after `with`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleDef {
    pub body: PuzzleBody,
    pub options: Vec<Spanned<OptionItem>>,
    /// The expression of an `answer` query, whose values are listed.
    pub answer: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleBody {
    /// Letter equations separated by `,`: each an equation, a relation
    /// or a property, or a formula of them.
    Equations(Vec<Logic>),
    /// A layout block, its body kept verbatim for the kind's own reader.
    Block {
        kind: Spanned<BlockKind>,
        body: Spanned<String>,
    },
    /// A puzzle named earlier with `let`.
    Name(Spanned<String>),
    /// Layouts and members of one system, a layout first
    /// (`division { ... }, division { ... }, ABC < DEF`).
    System(Vec<Part>),
}

/// A part of a system of layouts: a layout block or a member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// A layout block, its body kept verbatim.
    Block {
        kind: Spanned<BlockKind>,
        body: Spanned<String>,
    },
    /// An equation, relation or property over the system's symbols.
    Member(Logic),
}

/// A member of a system as written: sides separated by relation signs
/// (exactly two sides when valid; the checker reports anything else), or
/// one expression and a property (`(A + B) prime`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EquationAst {
    pub sides: Vec<Option<Expr>>,
    /// Where each relation sign is, in order.
    pub equals: Vec<Span>,
    /// Which relation each sign is, parallel to `equals`.
    pub relations: Vec<RelOp>,
    /// `expr prime`: a property instead of a relation.
    pub property: Option<Spanned<Property>>,
    pub span: Span,
}

/// A condition formula: relations and properties combined with `and`,
/// `or`, `not` and counted truths (`exactly 1 of (A != 4, B != 5)`). A
/// member that is a plain equation or relation is an `Atom`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Logic {
    Atom(EquationAst),
    Not(Box<Logic>, Span),
    And(Vec<Logic>, Span),
    Or(Vec<Logic>, Span),
    /// `exactly N of (...)`, `at least N of (...)`, `at most N of (...)`.
    Count {
        counting: Counting,
        /// N, where it is written.
        n: Spanned<u64>,
        parts: Vec<Logic>,
        span: Span,
    },
}

/// How `N of (...)` counts its truths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// `exactly N of`
    Exactly,
    /// `at least N of`
    AtLeast,
    /// `at most N of`
    AtMost,
}

impl Counting {
    /// The words as written.
    pub fn words(self) -> &'static str {
        match self {
            Counting::Exactly => "exactly",
            Counting::AtLeast => "at least",
            Counting::AtMost => "at most",
        }
    }
}

impl Logic {
    pub fn span(&self) -> &Span {
        match self {
            Logic::Atom(eq) => &eq.span,
            Logic::Not(_, span)
            | Logic::And(_, span)
            | Logic::Or(_, span)
            | Logic::Count { span, .. } => span,
        }
    }

    /// The plain member, when this is one.
    pub fn atom(&self) -> Option<&EquationAst> {
        match self {
            Logic::Atom(eq) => Some(eq),
            _ => None,
        }
    }

    /// Every relation and property in the formula, left to right.
    pub fn atoms(&self) -> Vec<&EquationAst> {
        fn go<'a>(l: &'a Logic, out: &mut Vec<&'a EquationAst>) {
            match l {
                Logic::Atom(eq) => out.push(eq),
                Logic::Not(inner, _) => go(inner, out),
                Logic::And(parts, _) | Logic::Or(parts, _) | Logic::Count { parts, .. } => {
                    parts.iter().for_each(|p| go(p, out))
                }
            }
        }
        let mut out = Vec::new();
        go(self, &mut out);
        out
    }
}

/// A relation between two expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelOp {
    /// `=`
    Eq,
    /// `!=` or `≠`
    Ne,
    /// `<`
    Lt,
    /// `<=` or `≤`
    Le,
    /// `>`
    Gt,
    /// `>=` or `≥`
    Ge,
}

impl RelOp {
    /// The ASCII sign (`≠`, `≤`, `≥` are read as `!=`, `<=`, `>=`).
    pub fn symbol(self) -> &'static str {
        match self {
            RelOp::Eq => "=",
            RelOp::Ne => "!=",
            RelOp::Lt => "<",
            RelOp::Le => "<=",
            RelOp::Gt => ">",
            RelOp::Ge => ">=",
        }
    }

    /// Reads a sign as the grammar accepts it.
    pub fn from_sign(sign: &str) -> Option<RelOp> {
        Some(match sign {
            "=" => RelOp::Eq,
            "!=" | "≠" => RelOp::Ne,
            "<" => RelOp::Lt,
            "<=" | "≤" => RelOp::Le,
            ">" => RelOp::Gt,
            ">=" | "≥" => RelOp::Ge,
            _ => return None,
        })
    }

    /// Whether `ordering` (left compared with right) satisfies the relation.
    pub fn holds(self, ordering: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::{Equal, Greater, Less};
        match self {
            RelOp::Eq => ordering == Equal,
            RelOp::Ne => ordering != Equal,
            RelOp::Lt => ordering == Less,
            RelOp::Le => ordering != Greater,
            RelOp::Gt => ordering == Greater,
            RelOp::Ge => ordering != Less,
        }
    }
}

/// An arithmetic operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `a + b`.
    Add,
    /// `a - b` (or `−`).
    Sub,
    /// `a * b` (or `×`).
    Mul,
    /// Exact division: undefined unless the divisor divides.
    Div,
    /// The remainder, with the divisor's sign (as in Python).
    Mod,
    /// A power, exponent at least 0.
    Pow,
}

impl BinaryOp {
    /// The ASCII sign (`−`, `×`, `÷` are read as `-`, `*`, `/`).
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Pow => "^",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Word(WordAst),
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
        span: Span,
    },
    Paren(Box<Expr>, Span),
    /// `45d`: a number written in decimal whatever the base (its digits,
    /// without the `d`).
    Decimal(Spanned<String>),
}

impl Expr {
    pub fn span(&self) -> &Span {
        match self {
            Expr::Word(w) => &w.span,
            Expr::Decimal(d) => &d.span,
            Expr::Binary { span, .. } | Expr::Paren(_, span) => span,
        }
    }

    /// The most operators on one path from the top to a word: the depth
    /// of the tree the checker builds for a condition (parentheses add no
    /// level there). Counted with a list, not by recursion, so that it can
    /// be asked before anything recurses.
    pub fn operator_depth(&self) -> usize {
        let mut deepest = 0;
        let mut pending = vec![(self, 0usize)];
        while let Some((e, depth)) = pending.pop() {
            match e {
                Expr::Word(_) | Expr::Decimal(_) => deepest = deepest.max(depth),
                Expr::Paren(inner, _) => pending.push((inner, depth)),
                Expr::Binary { lhs, rhs, .. } => {
                    pending.push((lhs, depth + 1));
                    pending.push((rhs, depth + 1));
                }
            }
        }
        deepest
    }
}

/// A run of cells, most significant first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordAst {
    pub cells: Vec<Spanned<CellAst>>,
    pub span: Span,
}

impl WordAst {
    pub fn text(&self) -> String {
        self.cells.iter().map(|c| c.node.to_char()).collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellAst {
    Symbol(char),
    Digit(u8),
    /// `?`: a digit nobody names.
    Free,
}

impl CellAst {
    pub fn to_char(self) -> char {
        match self {
            CellAst::Symbol(c) => c,
            CellAst::Digit(d) => char::from(b'0' + d),
            CellAst::Free => '?',
        }
    }
}

/// One option after `with`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionItem {
    /// An option of [`crate::vocab::OPTIONS`] that takes a value (`base 16`,
    /// `digits 1..9`, `wild O E`), built from that entry: a new one needs
    /// no variant here.
    Valued {
        /// Its word in the vocabulary: `base`, `digits`, `wild`.
        word: &'static str,
        /// What follows the word, as its entry's `Takes` says.
        value: OptionValue,
    },
    /// An option of words alone: `leading zeros`, `repeats`.
    Flag(Flag),
    Constraint {
        target: Spanned<Target>,
        relation: Spanned<Relation>,
    },
    /// A relation or property between expressions: `MONEY > 10600`, `S < E`,
    /// or a formula of them: `A < B or B < C`.
    Condition(Logic),
    Unknown(String),
}

/// The value of an [`OptionItem::Valued`], one form per `vocab::Takes`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A number: `base 16`.
    Number(Spanned<u64>),
    /// A set of digits: `digits 1..9`.
    Digits(DigitSet),
    /// Letters: `wild O E`.
    Letters(Vec<Spanned<String>>),
}

/// A set of digits as written: `1..9` or `{2,3,5,7}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DigitSet {
    Range(Spanned<u64>, Spanned<u64>),
    List(Vec<Spanned<u64>>),
}

/// What a constraint is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// `*` or `?`: every unknown-digit cell.
    Unknown,
    /// A word of the puzzle (a single symbol for digit constraints).
    Word(WordAst),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relation {
    Equal(u64),
    NotEqual(u64),
    In(DigitSet),
    Property(Property),
}
