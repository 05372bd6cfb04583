//! Grading letter equations by human steps. Each letter (and each `?` or
//! wild cell) keeps its candidate digits as a bit mask, and so does each
//! carry: "carry into column k" is a variable like a letter. The engine
//! applies the easiest rule that removes something, again and again, until
//! every letter has one digit (solved: the grade is the hardest step) or no
//! rule helps (`NeedsGuessing`). Every step is checked against the known
//! solution before it is kept: a rule that removes a digit of it is a bug,
//! returned as [`StepBug`]. Columns are numbered from the right, from 1.
//!
//! The starting candidates are the checker's: the options (`digits`, `A !=
//! 3`, ...) and the leading-digit rule (a word of two or more letters does
//! not start with 0, unless `leading zeros`) are already in them.
//!
//! The rules, easiest first (the order they are tried in):
//!
//! | rule | level | how a person sees it |
//! | --- | --- | --- |
//! | printed row | easy | (layouts) a partial product row is printed, so its multiplier digit is not 0 |
//! | leftmost carry | easy | a column holding one letter and nothing else is the carry into it: in SEND + MORE = MONEY, M is the carry out of S + M, at most 1, and not 0 as it leads MONEY, so M = 1 |
//! | taken digit | easy | a letter with one digit left takes it from the other letters |
//! | hidden single | easy | when the letters use every digit left, a digit only one letter can take is that letter's |
//! | simple column | easy | a column with at most two unknowns left (letters or carries): try the few ways it adds up; A + A = A in the units column gives A = 0 |
//! | relation bounds | easy | (conditions) between two letters: in `A < B`, A is below B's largest digit and B above A's smallest |
//! | column parity | medium | in an even base a column sums to a multiple of the base, so to an even number: when the other terms' parities and the carry's are known, so is the last letter's |
//! | column arithmetic | medium | for one column, keep only the digits of each letter, and the carries in and out, that fit some choice of the others |
//! | below the divisor | medium | (divisions) every remainder is below the divisor |
//! | leftmost columns bounds | medium | the leftmost one or two columns read as one number must come to the carry into them: a bound on the leading letters |
//! | last digit | medium | (products) the last digit of `ABC * DE` is the last digit of `C * E` |
//! | product bounds | medium | (products) both sides must be able to be the same size: `AB * C` has at most three digits |
//! | relation bounds | medium | (conditions) between expressions: each side's least and greatest value from the digits left; a digit with which `MONEY > 10600` or `I > 2 * U` cannot hold goes |
//! | last digit of a property | medium | a square ends in 0, 1, 4, 5, 6 or 9 (base 10; worked out for the base), a prime above the base shares no factor with it (ends in 1, 3, 7 or 9), odd and even in an even base: the words' last letters keep the digits that give such an end |
//! | remainder | medium | `X % m = r`, `X odd`: each digit counts by its place's remainder modulo m (the digit sum modulo 3 or 9 in base 10, the last digits modulo 2, 4, 5 or 8), so the condition is a sum of letters modulo m; a digit stays if the other letters can make up the rest |
//! | few cases | medium | a condition whose open letters have at most 100 ways left to be filled is tried on each; a square, cube or triangular word by listing the at most 100 numbers of its size with the property ("VIER is a four-digit square: 1024, 1089, ..."): each letter keeps the digits of the ways that hold |
//! | naked pair | hard | two letters that can only be the same two digits own them: no other letter takes either |
//! | naked triple | hard | three letters with three digits between them |
//! | two columns | hard | two neighbouring columns at once, through the carry between them |
//! | whole-equation bounds | hard | more columns, down to the whole equation, read as numbers: each letter's weight times its digit must balance |
//! | last two digits | hard | (products) the last two digits of both sides agree |
//! | many cases | hard | the same with up to 1000 cases: a table read down rather than a list |
//! | two conditions | hard | two conditions (or equations with a product, `DEF square` with `AB * C = DEF`), each with up to 1000 ways left, tried together: a way of one stays if a way of the other agrees on their shared letters and uses other digits for the rest |
//! | few values | hard | (products, powers) an equation whose open letters have up to 1000 ways left to be filled is tried on each |
//!
//! Only equations of sums and differences of words are seen column by
//! column; an equation with a product gets the product rules, and so does
//! a condition `=` with a power of a small constant exponent (`SLA ^ 2 =
//! ENIGMA` is `SLA * SLA = ENIGMA`) or a division (`X / Y = Z` is `X = Y *
//! Z`, as the checker writes it). Every other condition (`MONEY prime`,
//! `A < B`, `THREE % 3 = 0`) gets the condition rules: bounds, last
//! digits, remainders and the few cases left. The rules look at one or
//! two columns, one number's bounds, one or two conditions, never at the
//! whole puzzle: grading does not search, and the case rules stop at a
//! named number of cases.

mod bounds;
mod cases;
mod columns;
mod conditions;
mod rules;
pub mod system;

pub use system::StepBug;

use system::{Part, StepBug as Bug, System};

use super::Grading;
use crate::ir::{Cell, Expr, Letters, Op, RelOp, Term, Test, Word};
use crate::solve::{Budget, Limits};

/// A rule: applies its first step that removes a candidate, if any.
type Rule = fn(&mut System) -> Result<bool, Bug>;

/// Every rule, easiest first: the engine retries from the top after each
/// step, so the chain reads like a person's solution.
const RULES: [Rule; 24] = [
    rules::printed,
    columns::leftmost_carry,
    rules::taken_digit,
    rules::hidden_single,
    columns::simple_column,
    conditions::letter_order,
    columns::column_parity,
    columns::column_arithmetic,
    bounds::below_divisor,
    bounds::leftmost_bounds,
    bounds::last_digit,
    bounds::product_bounds,
    conditions::relation_bounds,
    conditions::property_last_digit,
    conditions::remainder,
    cases::few_cases,
    rules::naked_pair,
    rules::naked_triple,
    columns::two_columns,
    bounds::whole_bounds,
    bounds::last_two_digits,
    cases::many_cases,
    cases::two_conditions,
    cases::few_values,
];

/// Grades a letter puzzle: `values` is its known solution, one digit per
/// variable of the IR (as crypta's solver and verifier give it).
// Without a limit: for the tests.
pub fn grade(letters: &Letters, values: &[u8]) -> Result<Grading, StepBug> {
    grade_within(letters, values, &mut Budget::new(&Limits::default()))
}

/// [`grade`] within `budget`, a node a step: when it runs out the steps
/// so far are returned, unsolved, and [`Budget::spent`] says so.
pub fn grade_within(
    letters: &Letters,
    values: &[u8],
    budget: &mut Budget,
) -> Result<Grading, StepBug> {
    let mut sys = System::of_vars(letters.base, &letters.vars, values)?;
    sys.words = letters.words.clone();
    let several = letters.equations.len() > 1;
    for (e, eq) in letters.equations.iter().enumerate() {
        let mut parts = Vec::new();
        let linear = signed_words(&eq.lhs, 1, &mut parts) && signed_words(&eq.rhs, -1, &mut parts);
        // Written the way a person adds: the side with more words on top,
        // so carries are not negative.
        let negative = parts.iter().filter(|p| p.0 < 0).count();
        let flip = if 2 * negative > parts.len() { -1 } else { 1 };
        let parts: Vec<Part> = parts
            .into_iter()
            .map(|(sign, w)| Part {
                coef: sign * flip,
                cells: letters.words[w].cells.clone(),
                shift: 0,
                factor: None,
            })
            .collect();
        let name = |k: usize| {
            if several {
                format!("column {} from the right in equation {}", k + 1, e + 1)
            } else {
                format!("column {} from the right", k + 1)
            }
        };
        if !linear || !sys.add_relation(&name, &parts) {
            sys.products.push((eq.lhs.clone(), eq.rhs.clone()));
            // A number times one digit is also written out column by
            // column, as a person multiplies it (carries and all).
            if let Some(parts) = digit_product(letters, eq) {
                sys.add_relation(&name, &parts);
            }
        }
    }
    for c in &letters.conditions {
        if let Some(eq) = power_equation(c, &letters.words) {
            sys.products.push(eq);
        }
        sys.conditions
            .push((c.clone(), letters.condition_text(c, None)));
    }
    run(sys, budget)
}

/// `X * d = Y` (either way round, `d` one cell) as the parts of an
/// addition: X times d less Y is 0.
fn digit_product(letters: &Letters, eq: &crate::ir::Equation) -> Option<Vec<Part>> {
    let one = |e: &Expr| match e {
        Expr::Word(w) => Some(*w),
        _ => None,
    };
    let (product, word) = match (&eq.lhs, &eq.rhs) {
        (Expr::Mul(a, b), y) | (y, Expr::Mul(a, b)) => ((one(a)?, one(b)?), one(y)?),
        _ => return None,
    };
    let cells = |w: usize| letters.words[w].cells.clone();
    let (number, digit) = match (cells(product.0), cells(product.1)) {
        (x, d) if d.len() == 1 => (x, d[0]),
        (d, x) if d.len() == 1 => (x, d[0]),
        _ => return None,
    };
    Some(vec![
        Part {
            coef: 1,
            cells: number,
            shift: 0,
            factor: Some(digit),
        },
        Part {
            coef: -1,
            cells: cells(word),
            shift: 0,
            factor: None,
        },
    ])
}

/// The largest constant exponent read as repeated multiplication.
const MAX_POWER: u32 = 8;

/// `SLA ^ 2 = ENIGMA` is the product `SLA * SLA = ENIGMA`: a relation `=`
/// whose powers have small constant exponents, graded as an equation with
/// a product (last digits, bounds). The checker makes equations of the
/// other `=` relations of sums and products, and of divisions.
fn power_equation(c: &crate::ir::Condition, words: &[Word]) -> Option<(Expr, Expr)> {
    let c = c.atom()?;
    let Test::Relation(RelOp::Eq, rhs) = &c.test else {
        return None;
    };
    fn has_power(t: &Term) -> bool {
        matches!(t, Term::Binary(op, a, b) if *op == Op::Pow || has_power(a) || has_power(b))
    }
    if !has_power(&c.lhs) && !has_power(rhs) {
        return None;
    }
    Some((expand(&c.lhs, words)?, expand(rhs, words)?))
}

/// A term as a ring expression, constant powers multiplied out.
fn expand(t: &Term, words: &[Word]) -> Option<Expr> {
    let Term::Binary(op, a, b) = t else {
        return t.as_ring();
    };
    let (x, y) = (expand(a, words), expand(b, words));
    Some(match op {
        Op::Add => Expr::Add(Box::new(x?), Box::new(y?)),
        Op::Sub => Expr::Sub(Box::new(x?), Box::new(y?)),
        Op::Mul => Expr::Mul(Box::new(x?), Box::new(y?)),
        Op::Pow => {
            let x = x?;
            // A one-digit number: a letter's value is not known here.
            let n = match b.as_ref() {
                Term::Word(w) => match words[*w].cells[..] {
                    [Cell::Digit(n)] if (1..=MAX_POWER).contains(&n) => n,
                    _ => return None,
                },
                Term::Binary(..) => return None,
            };
            (1..n).fold(x.clone(), |acc, _| {
                Expr::Mul(Box::new(acc), Box::new(x.clone()))
            })
        }
        Op::Div | Op::Mod => return None,
    })
}

/// The words of a sum or difference with their signs; false when the
/// expression multiplies.
fn signed_words(e: &Expr, sign: i64, out: &mut Vec<(i64, usize)>) -> bool {
    match e {
        Expr::Word(w) => {
            out.push((sign, *w));
            true
        }
        Expr::Add(a, b) => signed_words(a, sign, out) && signed_words(b, sign, out),
        Expr::Sub(a, b) => signed_words(a, sign, out) && signed_words(b, -sign, out),
        Expr::Mul(..) => false,
    }
}

/// Steps at most: each removes a candidate, so this is never reached by a
/// working rule; it keeps a faulty one from looping.
const MAX_STEPS: usize = 10_000;

/// Runs the rules on a built grid until solved, stuck or out of `budget`
/// (a node a step).
pub fn run(mut sys: System, budget: &mut Budget) -> Result<Grading, StepBug> {
    sys.settle_known()?;
    while !sys.solved() && sys.steps.len() < MAX_STEPS && !budget.tick() {
        let mut progressed = false;
        for rule in RULES {
            if rule(&mut sys)? {
                progressed = true;
                break;
            }
        }
        if !progressed {
            break;
        }
    }
    let solved = sys.solved();
    Ok(Grading::of(sys.steps, solved))
}
