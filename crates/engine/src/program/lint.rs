//! Warnings: what checks and runs, but most likely not as the author
//! meant. Found on the statement as written, before and apart from the
//! kind's checker, so that a warning never stops a statement from running.

use crypta_substrate::diagnostic::{Diagnostic, ErrorKind};
use crypta_substrate::syntax::ast::{
    BinaryOp, CellAst, Expr, Logic, OptionItem, Part, PuzzleBody, Statement,
};

/// The warnings of one statement, in source order.
pub fn warnings(statement: &Statement) -> Vec<Diagnostic> {
    let puzzle = match statement {
        Statement::Let { puzzle, .. } | Statement::Query { puzzle, .. } => puzzle,
    };
    let mut formulas: Vec<&Logic> = Vec::new();
    match &puzzle.body {
        PuzzleBody::Equations(members) => formulas.extend(members),
        PuzzleBody::System(parts) => formulas.extend(parts.iter().filter_map(|part| match part {
            Part::Member(member) => Some(member),
            Part::Block { .. } => None,
        })),
        PuzzleBody::Block { .. } | PuzzleBody::Name(_) => {}
    }
    formulas.extend(puzzle.options.iter().filter_map(|o| match &o.node {
        OptionItem::Condition(formula) => Some(formula),
        _ => None,
    }));
    let mut out = Vec::new();
    let sides = formulas
        .iter()
        .flat_map(|f| f.atoms())
        .flat_map(|atom| atom.sides.iter().flatten());
    for expr in sides.chain(&puzzle.answer) {
        zero_divisors(expr, &mut out);
    }
    out.sort_by_key(|d| d.span.start);
    out
}

/// Warns at each divisor in `expr` that is 0 whatever the digits: the
/// division has no value, so the relation holding it is always false (and
/// `or`, `not` or a count around it may hide that).
fn zero_divisors(expr: &Expr, out: &mut Vec<Diagnostic>) {
    match expr {
        Expr::Binary { op, lhs, rhs, .. } => {
            if matches!(op, BinaryOp::Div | BinaryOp::Mod) && always_zero(rhs) {
                out.push(
                    Diagnostic::new(
                        ErrorKind::ZeroDivisor,
                        rhs.span().clone(),
                        format!(
                            "this divisor is 0 for every digit: the {} has no value, so the relation it is in is always false",
                            if *op == BinaryOp::Div { "division" } else { "remainder" }
                        ),
                    )
                    .with_hint("a division or `%` by 0 has no value; check the divisor"),
                );
            }
            zero_divisors(lhs, out);
            zero_divisors(rhs, out);
        }
        Expr::Paren(inner, _) => zero_divisors(inner, out),
        Expr::Word(_) | Expr::Decimal(_) => {}
    }
}

/// Whether `expr` is 0 (or has no value) for every digit: `0`, `B - B`,
/// `(B - B) * C`, `0 / C`.
fn always_zero(expr: &Expr) -> bool {
    match expr {
        Expr::Word(word) => word.cells.iter().all(|c| c.node == CellAst::Digit(0)),
        Expr::Decimal(digits) => digits.node.chars().all(|c| c == '0'),
        Expr::Paren(inner, _) => always_zero(inner),
        Expr::Binary { op, lhs, rhs, .. } => match op {
            BinaryOp::Sub => alike(lhs, rhs),
            BinaryOp::Mul => always_zero(lhs) || always_zero(rhs),
            BinaryOp::Div | BinaryOp::Mod => always_zero(lhs),
            BinaryOp::Add => always_zero(lhs) && always_zero(rhs),
            BinaryOp::Pow => false,
        },
    }
}

/// Whether two expressions always have the same value because they are
/// written alike (spaces and parentheses aside). A `?` is a digit of its
/// own each time it is written, so no word with one is alike another.
fn alike(a: &Expr, b: &Expr) -> bool {
    match (a, b) {
        (Expr::Paren(a, _), b) | (b, Expr::Paren(a, _)) => alike(a, b),
        (Expr::Word(x), Expr::Word(y)) => {
            x.cells.len() == y.cells.len()
                && x.cells
                    .iter()
                    .zip(&y.cells)
                    .all(|(p, q)| p.node == q.node && p.node != CellAst::Free)
        }
        (Expr::Decimal(x), Expr::Decimal(y)) => x.node == y.node,
        (
            Expr::Binary {
                op: p,
                lhs: a1,
                rhs: b1,
                ..
            },
            Expr::Binary {
                op: q,
                lhs: a2,
                rhs: b2,
                ..
            },
        ) => p == q && alike(a1, a2) && alike(b1, b2),
        _ => false,
    }
}
