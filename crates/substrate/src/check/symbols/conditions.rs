//! Members of a letter system and the conditions after `with`: a member
//! with one `=` between sums, differences and products is an
//! [`Equation`] (the strategies' column arithmetic applies to it); every
//! other relation or property is a [`Condition`]. Also refused here, before
//! any search: a chain of relations, an empty side, a power whose exponent
//! could pass [`MAX_EXPONENT`], an expression deeper than
//! [`MAX_EXPRESSION_DEPTH`], and a relation no digits of the domains can
//! meet.

use super::Builder;
use crate::arith::bounds::{can_hold, term_range};
use crate::arith::MAX_EXPONENT;
use crate::diagnostic::{Diagnostic, ErrorKind, Span};
use crate::ir::{Atom, Cell, Condition, Counting, Equation, Expr, Op, RelOp, Term, Test, Word};
use crate::limits::MAX_EXPRESSION_DEPTH;
use crate::syntax::ast::{self, CellAst, EquationAst, Logic, Relation, Spanned, WordAst};

/// What a member of the system becomes.
pub(super) enum Built {
    Equation(Equation),
    Condition((Condition, Span)),
}

/// Where a condition's words come from: a member of the system may bring
/// new symbols; a condition after `with` reads the puzzle's own.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Member,
    Option,
}

/// `X / Y = Z` (sums and products) holds exactly when `X = Y * Z` and Y
/// is not 0: the equation the condition implies, for the column search.
/// In general an `=` between sums, products and quotients, with every
/// divisor not 0, holds exactly when the two sides with their
/// denominators cleared are equal (`NORTH / SOUTH = EAST / WEST`:
/// `NORTH * WEST = SOUTH * EAST`). The condition stays, so a divisor of 0
/// is still refused.
pub(super) fn implied_equation(condition: &Condition) -> Option<Equation> {
    let condition = condition.atom()?;
    let Test::Relation(RelOp::Eq, rhs) = &condition.test else {
        return None;
    };
    let (mut l, mut r) = (fraction_of(&condition.lhs)?, fraction_of(rhs)?);
    if l.1.is_none() && r.1.is_none() {
        // No division: a plain equation, which the checker made one.
        return None;
    }
    if l.1.is_none() {
        // The quotient's side first: `Z = X / Y` as `X = Y * Z`.
        std::mem::swap(&mut l, &mut r);
    }
    let times = |d: Option<Expr>, n: Expr| match d {
        Some(d) => Expr::Mul(Box::new(d), Box::new(n)),
        None => n,
    };
    Some(Equation {
        lhs: times(r.1, l.0),
        rhs: times(l.1, r.0),
    })
}

/// A term of `+ - * /` as a numerator and a denominator of `+ - *`
/// (`None`: 1); `None` for a remainder or a power.
fn fraction_of(t: &Term) -> Option<(Expr, Option<Expr>)> {
    let (op, a, b) = match t {
        Term::Word(w) => return Some((Expr::Word(*w), None)),
        Term::Binary(op, a, b) => (*op, a, b),
    };
    let ((na, da), (nb, db)) = (fraction_of(a)?, fraction_of(b)?);
    let mul = |x: Expr, y: Expr| Expr::Mul(Box::new(x), Box::new(y));
    let times = |x: Expr, d: &Option<Expr>| match d {
        Some(d) => mul(x, d.clone()),
        None => x,
    };
    let both = |x: &Option<Expr>, y: &Option<Expr>| match (x, y) {
        (None, d) | (d, None) => d.clone(),
        (Some(x), Some(y)) => Some(mul(x.clone(), y.clone())),
    };
    Some(match op {
        Op::Add => (
            Expr::Add(Box::new(times(na, &db)), Box::new(times(nb, &da))),
            both(&da, &db),
        ),
        Op::Sub => (
            Expr::Sub(Box::new(times(na, &db)), Box::new(times(nb, &da))),
            both(&da, &db),
        ),
        Op::Mul => (mul(na, nb), both(&da, &db)),
        Op::Div => (times(na, &db), Some(times(nb, &da))),
        Op::Mod | Op::Pow => return None,
    })
}

/// Whether an expression uses only `+`, `-` and `*`.
fn is_ring(e: &ast::Expr) -> bool {
    match e {
        ast::Expr::Word(_) | ast::Expr::Decimal(_) => true,
        ast::Expr::Paren(inner, _) => is_ring(inner),
        ast::Expr::Binary { op, lhs, rhs, .. } => {
            matches!(
                op,
                ast::BinaryOp::Add | ast::BinaryOp::Sub | ast::BinaryOp::Mul
            ) && is_ring(lhs)
                && is_ring(rhs)
        }
    }
}

impl Builder<'_> {
    /// A member of the system, or `None` after reporting why it is malformed.
    pub(super) fn member(&mut self, logic: &Logic) -> Option<Built> {
        let Logic::Atom(eq) = logic else {
            let condition = self.formula(logic, Source::Member)?;
            return Some(Built::Condition((condition, logic.span().clone())));
        };
        if let Some(property) = &eq.property {
            let lhs = self.term(eq.sides.first()?.as_ref()?, Source::Member)?;
            let condition = Condition::Atom(Atom {
                lhs,
                test: Test::Property(property.node),
            });
            return Some(Built::Condition((condition, eq.span.clone())));
        }
        if !self.well_formed(eq) {
            return None;
        }
        let (Some(Some(lhs)), Some(Some(rhs))) = (eq.sides.first(), eq.sides.get(1)) else {
            return None;
        };
        let relation = *eq.relations.first()?;
        if relation == RelOp::Eq && is_ring(lhs) && is_ring(rhs) {
            let (lhs, rhs) = (self.expr(lhs), self.expr(rhs));
            return Some(Built::Equation(Equation { lhs, rhs }));
        }
        let (lhs, rhs) = (
            self.term(lhs, Source::Member),
            self.term(rhs, Source::Member),
        );
        let condition = Condition::Atom(Atom {
            lhs: lhs?,
            test: Test::Relation(relation, rhs?),
        });
        Some(Built::Condition((condition, eq.span.clone())))
    }

    /// The expression of an `answer` query, over the puzzle's symbols as a
    /// condition after `with` is; `None` after an error.
    pub(super) fn answer(&mut self, e: &ast::Expr) -> Option<crate::ir::Answer> {
        let term = self.term(e, Source::Option)?;
        let text = term.render(&|w| {
            self.words[w]
                .cells
                .iter()
                .map(|cell| match *cell {
                    Cell::Digit(d) => crate::ir::digit_char(d),
                    Cell::Var(v) => match self.vars[v].kind {
                        crate::ir::VarKind::Symbol(c) | crate::ir::VarKind::Wild(c) => c,
                        crate::ir::VarKind::Free => '?',
                    },
                })
                .collect()
        });
        Some(crate::ir::Answer { term, text })
    }

    /// A condition after `with`, over the puzzle's symbols.
    pub(super) fn option_condition(&mut self, logic: &Logic) -> Option<(Condition, Span)> {
        let condition = self.formula(logic, Source::Option)?;
        Some((condition, logic.span().clone()))
    }

    /// A formula of relations and properties; every part is checked, so
    /// each malformed one is reported.
    fn formula(&mut self, logic: &Logic, source: Source) -> Option<Condition> {
        let all = |parts: &[Logic], this: &mut Self| -> Option<Vec<Condition>> {
            let built: Vec<Option<Condition>> =
                parts.iter().map(|p| this.formula(p, source)).collect();
            built.into_iter().collect()
        };
        match logic {
            Logic::Atom(eq) => self.atom(eq, source).map(Condition::Atom),
            Logic::Not(inner, _) => Some(Condition::Not(Box::new(self.formula(inner, source)?))),
            Logic::And(parts, _) => all(parts, self).map(Condition::And),
            Logic::Or(parts, _) => all(parts, self).map(Condition::Or),
            Logic::Count {
                counting, n, parts, ..
            } => {
                let built = all(parts, self);
                let len = parts.len() as u64;
                let never = match counting {
                    Counting::Exactly | Counting::AtLeast => n.node > len,
                    Counting::AtMost => false,
                };
                if never {
                    self.errors.push(
                        Diagnostic::new(
                            ErrorKind::ImpossibleCondition,
                            n.span.clone(),
                            format!(
                                "this can never hold: {} {} of {} condition{}",
                                counting.words(),
                                n.node,
                                len,
                                if len == 1 { "" } else { "s" }
                            ),
                        )
                        .with_hint(format!(
                            "`{} N of (...)` counts the true conditions in the list: N is at most {}",
                            counting.words(),
                            len
                        )),
                    );
                    return None;
                }
                let n = usize::try_from(n.node).ok()?;
                Some(Condition::Count(*counting, n, built?))
            }
        }
    }

    /// One relation or property; `None` after reporting why it is
    /// malformed.
    fn atom(&mut self, eq: &EquationAst, source: Source) -> Option<Atom> {
        let lhs = self.term(eq.sides.first()?.as_ref()?, source);
        let test = match (&eq.property, eq.relations.as_slice()) {
            (Some(property), _) => Some(Test::Property(property.node)),
            (None, [relation]) => {
                let rhs = eq.sides.get(1)?.as_ref()?;
                self.term(rhs, source)
                    .map(|rhs| Test::Relation(*relation, rhs))
            }
            (None, _) => {
                self.well_formed(eq);
                None
            }
        };
        Some(Atom {
            lhs: lhs?,
            test: test?,
        })
    }

    /// `MONEY = 10652`, `ABC != 100`, `SEVEN prime` after `with`: a
    /// constraint on a word is a condition. The number is written in the
    /// puzzle's base, as every word is.
    pub(super) fn word_constraint(
        &mut self,
        w: &WordAst,
        relation: &Spanned<Relation>,
    ) -> Option<Condition> {
        let (rel, number) = match &relation.node {
            Relation::Property(p) => {
                let word = self.option_word(w)?;
                return Some(Condition::Atom(Atom {
                    lhs: Term::Word(word),
                    test: Test::Property(*p),
                }));
            }
            Relation::Equal(n) => (RelOp::Eq, *n),
            Relation::NotEqual(n) => (RelOp::Ne, *n),
            Relation::In(set) => {
                let bounds = match set {
                    ast::DigitSet::Range(lo, hi) => (lo.node.to_string(), hi.node.to_string()),
                    ast::DigitSet::List(_) => ("10".to_string(), "40".to_string()),
                };
                self.errors.push(
                    Diagnostic::new(
                        ErrorKind::BadTarget,
                        w.span.clone(),
                        format!("`{}` is a word: `in` applies to one symbol", w.text()),
                    )
                    .with_hint(format!(
                        "to bound a word's value, write conditions: `{0} >= {1}, {0} <= {2}`",
                        w.text(),
                        bounds.0,
                        bounds.1
                    )),
                );
                return None;
            }
        };
        let word = self.option_word(w);
        let base = self.settings.base;
        let digits: Vec<u32> = number
            .to_string()
            .bytes()
            .map(|b| u32::from(b - b'0'))
            .collect();
        if let Some(&big) = digits.iter().find(|&&d| d >= base) {
            self.errors.push(
                Diagnostic::new(
                    ErrorKind::DigitNotInBase,
                    relation.span.clone(),
                    format!("{} is not a digit in base {}", big, base),
                )
                .with_hint("a number in a condition is written in the puzzle's base"),
            );
            return None;
        }
        self.words.push(Word {
            cells: digits.into_iter().map(Cell::Digit).collect(),
        });
        let number = Term::Word(self.words.len() - 1);
        Some(Condition::Atom(Atom {
            lhs: Term::Word(word?),
            test: Test::Relation(rel, number),
        }))
    }

    /// One relation between two present sides; reports the ways a member
    /// can be malformed.
    fn well_formed(&mut self, eq: &EquationAst) -> bool {
        if eq.equals.is_empty() {
            self.errors.push(
                Diagnostic::new(
                    ErrorKind::MissingEquals,
                    eq.span.clone(),
                    "this equation has no `=`",
                )
                .with_hint(
                    "write what it equals, as in `SEND + MORE = MONEY`; \
                     a lone word is read as the name of a puzzle",
                ),
            );
            return false;
        }
        if let [first, second, ..] = &eq.equals[..] {
            if first.end == second.start && eq.sides.get(1).is_some_and(Option::is_none) {
                // `==`: a habit from programming, one mistake, one error.
                self.errors.push(
                    Diagnostic::new(
                        ErrorKind::ChainedEquals,
                        first.start..second.end,
                        "`==` is written `=` in crypta",
                    )
                    .with_hint("an equation has one `=`: `SEND + MORE = MONEY`"),
                );
                return false;
            }
        }
        let mut ok = true;
        if eq.equals.len() > 1 {
            ok = false;
            let all_equal = eq.relations.iter().all(|r| *r == RelOp::Eq);
            let (message, first, hint) = if all_equal {
                (
                    "an equation has one `=`",
                    "the first `=`",
                    "write two equations separated by `,`: `A + B = C, C = D`",
                )
            } else {
                (
                    "a relation compares two expressions",
                    "the first relation",
                    "write two relations separated by `,`: `A < B, B < C`",
                )
            };
            self.errors.push(
                Diagnostic::new(ErrorKind::ChainedEquals, eq.equals[1].clone(), message)
                    .with_label(eq.equals[0].clone(), first)
                    .with_hint(hint),
            );
        }
        for (i, side) in eq.sides.iter().enumerate() {
            if side.is_none() {
                ok = false;
                let at = eq.equals[i.min(eq.equals.len() - 1)].clone();
                let which = if i == 0 { "left" } else { "right" };
                let sign = eq.relations[i.min(eq.relations.len() - 1)].symbol();
                self.errors.push(
                    Diagnostic::new(
                        ErrorKind::EmptySide,
                        at,
                        format!("nothing on the {} of `{}`", which, sign),
                    )
                    .with_hint(format!(
                        "each side of `{}` needs a word or an expression",
                        sign
                    )),
                );
            }
        }
        ok
    }

    /// A ring expression (`+ - *` only) as the strategies' [`Expr`].
    fn expr(&mut self, e: &ast::Expr) -> Expr {
        match e {
            ast::Expr::Word(w) => Expr::Word(self.member_word(w)),
            ast::Expr::Decimal(d) => Expr::Word(self.decimal(&d.node)),
            ast::Expr::Paren(inner, _) => self.expr(inner),
            ast::Expr::Binary { op, lhs, rhs, .. } => {
                let (l, r) = (Box::new(self.expr(lhs)), Box::new(self.expr(rhs)));
                match op {
                    ast::BinaryOp::Sub => Expr::Sub(l, r),
                    ast::BinaryOp::Mul => Expr::Mul(l, r),
                    // `is_ring` keeps `/ % ^` out; `+` and anything else add.
                    _ => Expr::Add(l, r),
                }
            }
        }
    }

    /// Any expression as a condition's [`Term`]; `None` after an error.
    /// One more than [`MAX_EXPRESSION_DEPTH`] operators deep is refused
    /// before it is built: every evaluation of a term recurses once per
    /// level, with big integers in each frame.
    fn term(&mut self, e: &ast::Expr, source: Source) -> Option<Term> {
        let depth = e.operator_depth();
        if depth > MAX_EXPRESSION_DEPTH {
            self.errors.push(
                Diagnostic::new(
                    ErrorKind::TooLarge,
                    e.span().clone(),
                    format!(
                        "this expression is {} operators deep; crypta evaluates \
                         expressions up to {} deep",
                        depth, MAX_EXPRESSION_DEPTH
                    ),
                )
                .with_hint(
                    "group a long chain with parentheses: `(A + B + C) + (D + E + F)` is \
                     shallower than `A + B + C + D + E + F`",
                ),
            );
            return None;
        }
        self.build_term(e, source)
    }

    fn build_term(&mut self, e: &ast::Expr, source: Source) -> Option<Term> {
        match e {
            ast::Expr::Word(w) if w.cells.iter().all(|c| matches!(c.node, CellAst::Digit(_))) => {
                self.number(w).map(Term::Word)
            }
            ast::Expr::Word(w) => match source {
                Source::Member => Some(Term::Word(self.word(w))),
                Source::Option => self.option_word(w).map(Term::Word),
            },
            ast::Expr::Decimal(d) => Some(Term::Word(self.decimal(&d.node))),
            ast::Expr::Paren(inner, _) => self.build_term(inner, source),
            ast::Expr::Binary { op, lhs, rhs, span } => {
                let (l, r) = (self.build_term(lhs, source), self.build_term(rhs, source));
                let op = *op;
                let (l, r) = (l?, r?);
                if op == Op::Pow {
                    // Checked once every constraint and condition is known:
                    // `with B = 1` or `BCDE < 4000` bounds the exponent.
                    self.exponents.push((r.clone(), span.clone()));
                }
                Some(Term::Binary(op, Box::new(l), Box::new(r)))
            }
        }
    }

    /// `45d`: a number written in decimal, as a word of the puzzle's base
    /// (its digits, no leading 0), so that every strategy reads it as any
    /// number. The grammar gives only decimal digits.
    fn decimal(&mut self, digits: &str) -> usize {
        let value = num_bigint::BigUint::parse_bytes(digits.as_bytes(), 10).unwrap_or_default();
        let cells = value
            .to_radix_be(self.settings.base)
            .into_iter()
            .map(|d| Cell::Digit(u32::from(d)))
            .collect();
        self.words.push(Word { cells });
        self.words.len() - 1
    }

    /// A number in a condition (`144`, `0`): digits of the base, but not
    /// cells of the puzzle, so `digits` does not restrict them.
    fn number(&mut self, w: &WordAst) -> Option<usize> {
        let base = self.settings.base;
        let mut cells = Vec::with_capacity(w.cells.len());
        for cell in &w.cells {
            let CellAst::Digit(d) = cell.node else {
                return None;
            };
            let d = u32::from(d);
            if d >= base {
                self.errors.push(
                    Diagnostic::new(
                        ErrorKind::DigitNotInBase,
                        cell.span.clone(),
                        format!("{} is not a digit in base {}", d, base),
                    )
                    .with_hint("a number in a condition is written in the puzzle's base"),
                );
                return None;
            }
            cells.push(Cell::Digit(d));
        }
        // `leading zeros` lifts the rule for numbers as for words.
        if cells.len() >= 2 && cells[0] == Cell::Digit(0) && !self.settings.leading_zeros {
            self.errors.push(
                Diagnostic::new(
                    ErrorKind::Contradiction,
                    w.span.clone(),
                    "a number of two or more digits does not start with 0",
                )
                .with_hint("write it without the leading zero"),
            );
            return None;
        }
        self.words.push(Word { cells });
        Some(self.words.len() - 1)
    }

    /// Reports each exponent that could exceed [`MAX_EXPONENT`] over the
    /// digits its symbols can take, every constraint applied, and under the
    /// bounds `conditions` put on a word (`BCDE < 4000`).
    pub(super) fn unbounded_exponents(&mut self, conditions: &[(Condition, Span)]) {
        for (exponent, span) in std::mem::take(&mut self.exponents) {
            if self.exponent_bounded(&exponent, conditions) {
                continue;
            }
            self.errors.push(
                Diagnostic::new(
                    ErrorKind::TooLarge,
                    span,
                    format!("this exponent can be more than {}", MAX_EXPONENT),
                )
                .with_hint(format!(
                    "crypta takes powers up to the {}th; bound the exponent's word \
                     (`with B = 1`, `B in 1..3`, `BCDE < 4000`)",
                    MAX_EXPONENT
                )),
            );
        }
    }

    /// Whether an exponent cannot exceed [`MAX_EXPONENT`].
    fn exponent_bounded(&self, exponent: &Term, conditions: &[(Condition, Span)]) -> bool {
        let range = term_range(
            exponent,
            &self.words,
            &|v| self.digit_range(v),
            self.settings.base,
        );
        let most = range.map(|(_, hi)| hi);
        let bound = self.word_bound(exponent, conditions);
        most.into_iter()
            .chain(bound)
            .min()
            .is_some_and(|hi| hi <= i128::from(MAX_EXPONENT))
    }

    /// The least upper bound `conditions` put on the word `term` is:
    /// `WORD < N`, `WORD <= N`, `WORD = N`, or the same turned round.
    fn word_bound(&self, term: &Term, conditions: &[(Condition, Span)]) -> Option<i128> {
        let Term::Word(w) = term else {
            return None;
        };
        let cells = &self.words[*w].cells;
        let number = |t: &Term| -> Option<i128> {
            let Term::Word(n) = t else { return None };
            self.words[*n]
                .cells
                .iter()
                .try_fold(0i128, |acc, c| match c {
                    Cell::Digit(d) => acc
                        .checked_mul(i128::from(self.settings.base))?
                        .checked_add(i128::from(*d)),
                    Cell::Var(_) => None,
                })
        };
        let same = |t: &Term| matches!(t, Term::Word(x) if self.words[*x].cells == *cells);
        conditions
            .iter()
            .filter_map(|(c, _)| {
                let c = c.atom()?;
                let Test::Relation(rel, rhs) = &c.test else {
                    return None;
                };
                let (rel, n) = if same(&c.lhs) {
                    (*rel, number(rhs)?)
                } else if same(rhs) {
                    let turned = match rel {
                        RelOp::Gt => RelOp::Lt,
                        RelOp::Ge => RelOp::Le,
                        other => *other,
                    };
                    (turned, number(&c.lhs)?)
                } else {
                    return None;
                };
                match rel {
                    RelOp::Lt => Some(n - 1),
                    RelOp::Le | RelOp::Eq => Some(n),
                    _ => None,
                }
            })
            .min()
    }

    /// Whether `t` divides (or takes `%`) by something written so that it
    /// is 0 whatever the digits: `A / (B - B)`. (A divisor the options
    /// make 0, `A / B with B = 0`, is the author's to ask for.)
    fn zero_divisor(&self, t: &Term) -> bool {
        let Term::Binary(op, a, b) = t else {
            return false;
        };
        let by_zero = matches!(op, Op::Div | Op::Mod) && self.always_zero(b);
        by_zero || self.zero_divisor(a) || self.zero_divisor(b)
    }

    /// Whether `t` is 0 whatever its digits: `B - B`, `(B - B) * C`.
    fn always_zero(&self, t: &Term) -> bool {
        match t {
            Term::Binary(Op::Sub, a, b) => self.same(a, b),
            Term::Binary(Op::Mul, a, b) => self.always_zero(a) || self.always_zero(b),
            _ => false,
        }
    }

    /// Whether two terms are written alike (the same cells in each word).
    fn same(&self, a: &Term, b: &Term) -> bool {
        match (a, b) {
            (Term::Word(x), Term::Word(y)) => self.words[*x].cells == self.words[*y].cells,
            (Term::Binary(p, a1, b1), Term::Binary(q, a2, b2)) => {
                p == q && self.same(a1, a2) && self.same(b1, b2)
            }
            _ => false,
        }
    }

    fn digit_range(&self, v: usize) -> (i128, i128) {
        let domain = self.vars[v].domain;
        (
            i128::from(domain.min().unwrap_or(0)),
            i128::from(domain.max().unwrap_or(0)),
        )
    }

    /// A word of a condition after `with`: the puzzle's symbols and digits,
    /// with the same leading-digit rule as every word.
    fn option_word(&mut self, w: &WordAst) -> Option<usize> {
        let mut ok = true;
        for cell in &w.cells {
            let problem = match cell.node {
                CellAst::Symbol(c) if self.symbols.contains_key(&c) => continue,
                CellAst::Digit(d) if u32::from(d) < self.settings.base => continue,
                CellAst::Symbol(c) if self.wild_cells.contains_key(&c) => (
                    ErrorKind::BadTarget,
                    format!(
                        "`{}` is a wild class, a different digit in each cell: a condition after `with` reads symbols",
                        c
                    ),
                ),
                CellAst::Symbol(c) => (
                    ErrorKind::UnusedSymbol,
                    format!("`{}` is not a symbol of the puzzle", c),
                ),
                CellAst::Digit(d) => (
                    ErrorKind::DigitNotInBase,
                    format!("{} is not a digit in base {}", d, self.settings.base),
                ),
                CellAst::Free => (
                    ErrorKind::BadTarget,
                    "a condition after `with` reads the puzzle's symbols and digits, not `?`"
                        .to_string(),
                ),
            };
            ok = false;
            self.errors
                .push(Diagnostic::new(problem.0, cell.span.clone(), problem.1));
        }
        if !ok {
            return None;
        }
        let leading = w.cells.len() >= 2 && !self.settings.leading_zeros;
        let mut cells = Vec::with_capacity(w.cells.len());
        for (i, cell) in w.cells.iter().enumerate() {
            let built = match cell.node {
                CellAst::Symbol(c) => Cell::Var(self.symbols[&c]),
                CellAst::Digit(d) => Cell::Digit(u32::from(d)),
                CellAst::Free => Cell::Digit(0),
            };
            if i == 0 && leading {
                match built {
                    Cell::Var(v) => {
                        let nonzero = crate::ir::Digits::below(self.settings.base).without(0);
                        self.narrow(
                            v,
                            nonzero,
                            cell.span.clone(),
                            "leads a word, so it is not 0",
                        );
                    }
                    Cell::Digit(0) => {
                        self.errors.push(
                            Diagnostic::new(
                                ErrorKind::Contradiction,
                                cell.span.clone(),
                                "a word of two or more cells cannot start with 0",
                            )
                            .with_hint(super::LEADING_ZEROS_HINT),
                        );
                        return None;
                    }
                    Cell::Digit(_) => {}
                }
            }
            cells.push(built);
        }
        self.words.push(Word { cells });
        Some(self.words.len() - 1)
    }

    /// Reports each relation that no digits of the final domains can meet
    /// (`A > 9` in base 10), before any search.
    pub(super) fn impossible(&mut self, conditions: &[(Condition, Span)]) {
        for (condition, span) in conditions {
            // A relation inside `or`, `not` or a count may well be false.
            let Some(condition) = condition.atom() else {
                continue;
            };
            let rhs = match &condition.test {
                Test::Relation(_, rhs) => Some(rhs),
                Test::Property(_) => None,
            };
            // A divisor that is always 0 makes this false for every digit:
            // `check::lint` warns about it, and the statement runs.
            if std::iter::once(&condition.lhs)
                .chain(rhs)
                .any(|t| self.zero_divisor(t))
            {
                continue;
            }
            let Test::Relation(rel, rhs) = &condition.test else {
                continue;
            };
            let range =
                |t: &Term| term_range(t, &self.words, &|v| self.digit_range(v), self.settings.base);
            if let (Some(l), Some(r)) = (range(&condition.lhs), range(rhs)) {
                if !can_hold(*rel, l, r) {
                    let side = |(lo, hi): (i128, i128)| {
                        if lo == hi {
                            format!("is {}", lo)
                        } else {
                            format!("is from {} to {}", lo, hi)
                        }
                    };
                    let diagnostic = Diagnostic::new(
                        ErrorKind::ImpossibleCondition,
                        span.clone(),
                        format!(
                            "this can never hold: the left side {}, the right {}",
                            side(l),
                            side(r)
                        ),
                    )
                    .with_hint("check the relation's direction and the digits allowed");
                    self.errors.push(diagnostic);
                }
            }
        }
    }
}
