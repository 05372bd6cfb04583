//! Grading skeleton multiplications and divisions by human steps, with the
//! letter engine's rules (see `super::letters`): every `*` cell and every
//! letter keeps its candidate digits, and each row that is a product or a
//! sum becomes an addition written column by column, with carries as
//! variables. A cell is named where it is printed, `r2c3` (row and column
//! from 1, after the indent the lines share), a letter by itself.
//!
//! What the rows say:
//!
//! - multiplication: each partial product row is the multiplicand times one
//!   multiplier digit (the last-digit rule is its rightmost column: the
//!   last digit of the row is the last digit of the multiplicand times the
//!   multiplier digit; its leftmost columns bound the multiplier digit and
//!   the multiplicand's first digits by the row's length); a printed row
//!   means its multiplier digit is not 0, a missing one that it is; the
//!   product is the sum of the partial rows, each shifted under its digit;
//! - division: each product row is the divisor times its quotient digit;
//!   each subtraction, with the digits brought down, gives the next
//!   difference row (the digits brought down are the dividend's);
//!   a quotient digit with no step under it is 0; what is left before each
//!   digit is brought down, the remainder, and the dividend's digits before
//!   the quotient starts are all below the divisor.
//!
//! [`grade`] checks every step against the known solution, like the
//! letter engine: a step removing a digit of it is a [`StepBug`].

use crate::{DivisionRows, Layout, MultiplicationRows, Shape};
use crypta_substrate::grade::symbols::system::{Less, Part, System, Unary};
use crypta_substrate::grade::symbols::{run, StepBug};
use crypta_substrate::grade::Grading;
use crypta_substrate::ir::Cell;
use crypta_substrate::solve::{Budget, Limits};

/// Grades a layout: `values` is its known solution, one digit per variable
/// of the IR (as crypta's solver and verifier give it).
// Without a limit: for the tests.
pub fn grade(layout: &Layout, values: &[u8]) -> Result<Grading, StepBug> {
    grade_within(layout, values, &mut Budget::new(&Limits::default()))
}

/// [`grade`] within `budget`, a node a step (see
/// `super::letters::grade_within`).
pub fn grade_within(
    layout: &Layout,
    values: &[u8],
    budget: &mut Budget,
) -> Result<Grading, StepBug> {
    let mut sys = System::of_vars(layout.base, &layout.vars, values)?;
    match &layout.shape {
        Shape::Multiplication(rows) => multiplication(layout, rows, &mut sys),
        Shape::Division(rows) => division(layout, rows, &mut sys),
    }
    run(sys, budget)
}

/// Row `r` as printed: "row 4" (lines from 1).
fn row_name(layout: &Layout, r: usize) -> String {
    match layout.rows[r].at.first() {
        Some(&(line, _)) => format!("row {}", line + 1),
        None => format!("row {}", r + 1),
    }
}

fn cells(layout: &Layout, r: usize) -> Vec<Cell> {
    layout.rows[r].cells.clone()
}

/// `what` is `factor` times `number`, column by column.
fn product(sys: &mut System, name: &str, number: Vec<Cell>, factor: Cell, what: Vec<Cell>) {
    let parts = [
        Part {
            coef: 1,
            cells: number,
            shift: 0,
            factor: Some(factor),
        },
        Part {
            coef: -1,
            cells: what,
            shift: 0,
            factor: None,
        },
    ];
    sys.add_relation(
        &|k| format!("column {} from the right of {}", k + 1, name),
        &parts,
    );
}

/// The multiplier digit `digit` is 0 (`zero`) or not, as the layout prints.
fn printed(sys: &mut System, digit: Cell, zero: bool, why: String) {
    if let Cell::Var(var) = digit {
        let allowed = if zero { 1 } else { !1 };
        sys.unary.push(Unary { var, allowed, why });
    }
}

fn multiplication(layout: &Layout, rows: &MultiplicationRows, sys: &mut System) {
    let a = cells(layout, rows.multiplicand);
    let b = cells(layout, rows.multiplier);
    let product_row = cells(layout, rows.product);
    if rows.partials.is_empty() {
        // Only a one-digit multiplier prints no partial rows.
        if let [digit] = b[..] {
            let name = format!("the product in {}", row_name(layout, rows.product));
            product(sys, &name, a, digit, product_row);
        }
        return;
    }
    let mut sum = Vec::new();
    for (i, partial) in rows.partials.iter().enumerate() {
        let Some(&digit) = b.len().checked_sub(1 + i).and_then(|j| b.get(j)) else {
            continue;
        };
        match partial {
            Some(r) => {
                let row = row_name(layout, *r);
                printed(
                    sys,
                    digit,
                    false,
                    format!(
                        "{} is printed for this multiplier digit, so it is not 0",
                        row
                    ),
                );
                let name = format!("the partial product in {}", row);
                product(sys, &name, a.clone(), digit, cells(layout, *r));
                sum.push(Part {
                    coef: 1,
                    cells: cells(layout, *r),
                    shift: i,
                    factor: None,
                });
            }
            None => printed(
                sys,
                digit,
                true,
                "no partial product is printed for this multiplier digit, so it is 0".into(),
            ),
        }
    }
    sum.push(Part {
        coef: -1,
        cells: product_row,
        shift: 0,
        factor: None,
    });
    let name = format!("the sum in {}", row_name(layout, rows.product));
    sys.add_relation(
        &|k| format!("column {} from the right of {}", k + 1, name),
        &sum,
    );
}

fn division(layout: &Layout, rows: &DivisionRows, sys: &mut System) {
    let q = cells(layout, rows.quotient);
    let d = cells(layout, rows.divisor);
    let n = cells(layout, rows.dividend);
    let Some(offset) = n.len().checked_sub(q.len()) else {
        return;
    };
    for (j, &digit) in q.iter().enumerate() {
        let step = rows.steps.iter().any(|s| s.0 == j);
        let why = if step {
            format!(
                "a step is printed under quotient digit {}, so it is not 0",
                j + 1
            )
        } else {
            format!(
                "no step is printed under quotient digit {}, so it is 0",
                j + 1
            )
        };
        printed(sys, digit, !step, why);
    }
    if offset > 0 {
        sys.less.push(Less {
            name: "the dividend's digits before the quotient starts are below the divisor".into(),
            small: n[..offset].to_vec(),
            big: d.clone(),
        });
    }
    for (k, &(j, prow)) in rows.steps.iter().enumerate() {
        let Some(&digit) = q.get(j) else { continue };
        let pname = row_name(layout, prow);
        product(
            sys,
            &format!("the product in {}", pname),
            d.clone(),
            digit,
            cells(layout, prow),
        );
        let end = offset + j;
        let last = k + 1 == rows.steps.len();
        let next_end = match rows.steps.get(k + 1) {
            Some(&(next, _)) => offset + next,
            None => n.len() - 1,
        };
        let minuend = match k {
            0 => n[..=end.min(n.len() - 1)].to_vec(),
            _ => match rows.differences.get(k - 1) {
                Some(&r) => cells(layout, r),
                None => continue,
            },
        };
        let after = if last {
            rows.remainder
        } else {
            rows.differences.get(k).copied()
        };
        let after_cells = after.map(|r| cells(layout, r)).unwrap_or_default();
        let shift = next_end.saturating_sub(end);
        let brought = n
            .get(end + 1..=next_end)
            .map(<[Cell]>::to_vec)
            .unwrap_or_default();
        // difference row + product (shifted) = minuend (shifted) + digits brought down
        let parts = [
            Part {
                coef: 1,
                cells: after_cells.clone(),
                shift: 0,
                factor: None,
            },
            Part {
                coef: 1,
                cells: cells(layout, prow),
                shift,
                factor: None,
            },
            Part {
                coef: -1,
                cells: minuend,
                shift,
                factor: None,
            },
            Part {
                coef: -1,
                cells: brought,
                shift: 0,
                factor: None,
            },
        ];
        let name = match after {
            Some(r) => format!("the subtraction above {}", row_name(layout, r)),
            None => format!("the subtraction under {}", pname),
        };
        sys.add_relation(
            &|c| format!("column {} from the right of {}", c + 1, name),
            &parts,
        );
        // What is left before the next digit of the quotient is below the
        // divisor: the row without its last digit, or the remainder.
        let small = if last {
            after_cells
        } else {
            after_cells[..after_cells.len().saturating_sub(1)].to_vec()
        };
        if !small.is_empty() {
            sys.less.push(Less {
                name: format!("what is left of {} is below the divisor", name),
                small,
                big: d.clone(),
            });
        }
    }
}
