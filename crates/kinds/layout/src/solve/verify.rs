//! Checks a complete assignment of a layout from scratch: domains and
//! distinctness, then the arithmetic done the schoolbook way (multiply
//! digit by digit; divide column by column, subtracting where the layout
//! prints a step), every row compared in full, length included.

use crate::{DivisionRows, Layout, MultiplicationRows, Shape};
use crypta_substrate::solve::{Invalid, Verdict};

/// A row's value, or `None` if it has a leading 0 (a lone `0` is fine) or
/// does not fit.
fn row_value(layout: &Layout, row: usize, values: &[u8]) -> Option<u128> {
    let digits = layout.row_digits(row, values);
    if digits.len() > 1 && digits[0] == 0 {
        return None;
    }
    digits.iter().try_fold(0u128, |acc, &d| {
        acc.checked_mul(u128::from(layout.base))?
            .checked_add(u128::from(d))
    })
}

fn same(
    layout: &Layout,
    row: usize,
    values: &[u8],
    want: u128,
    what: &'static str,
) -> Result<(), Invalid> {
    match row_value(layout, row, values) {
        Some(v) if v == want => Ok(()),
        _ => Err(Invalid::Row { what, want }),
    }
}

pub fn verify(layout: &Layout, values: &[u8]) -> Verdict {
    if values.len() != layout.vars.len() {
        return Verdict::Invalid(Invalid::Length);
    }
    if let Some(problem) = crypta_substrate::solve::digits_invalid(&layout.vars, values) {
        return Verdict::Invalid(problem);
    }
    match arithmetic(layout, values) {
        Ok(()) => Verdict::Solution,
        Err(why) => Verdict::Invalid(why),
    }
}

fn arithmetic(layout: &Layout, values: &[u8]) -> Result<(), Invalid> {
    let base = u128::from(layout.base);
    let value = |row: usize| row_value(layout, row, values).ok_or(Invalid::LeadingZero);
    match &layout.shape {
        Shape::Multiplication(MultiplicationRows {
            multiplicand,
            multiplier,
            partials,
            product,
        }) => {
            let a = value(*multiplicand)?;
            let digits = layout.row_digits(*multiplier, values);
            let mut b = 0u128;
            for (i, p) in partials.iter().enumerate() {
                let d = u128::from(digits[digits.len() - 1 - i]);
                // The checker bounds every row to 126 bits, so these cannot
                // overflow; checked anyway, as the verifier must never wrap.
                let partial = d
                    .checked_mul(a)
                    .ok_or(Invalid::Overflow("a partial product"))?;
                match p {
                    Some(row) if d != 0 => same(layout, *row, values, partial, "partial product")?,
                    None if d == 0 => {}
                    _ => return Err(Invalid::PartialRow),
                }
            }
            for d in digits {
                b = b
                    .checked_mul(base)
                    .and_then(|b| b.checked_add(u128::from(d)))
                    .ok_or(Invalid::Overflow("the multiplier"))?;
            }
            let product_value = a.checked_mul(b).ok_or(Invalid::Overflow("the product"))?;
            same(layout, *product, values, product_value, "product")
        }
        Shape::Division(DivisionRows {
            quotient,
            divisor,
            dividend,
            steps,
            differences,
            remainder,
        }) => {
            let d = value(*divisor)?;
            if d == 0 {
                return Err(Invalid::DivisorZero);
            }
            let q = layout.row_digits(*quotient, values);
            let n = layout.row_digits(*dividend, values);
            value(*dividend)?;
            value(*quotient)?;
            let offset = n
                .len()
                .checked_sub(q.len())
                .ok_or(Invalid::QuotientTooLong)?;
            let mut cur = 0u128;
            let mut step = 0;
            for (i, &digit) in n.iter().enumerate() {
                cur = cur
                    .checked_mul(base)
                    .and_then(|c| c.checked_add(u128::from(digit)))
                    .ok_or(Invalid::Overflow("the dividend"))?;
                let Some(j) = i.checked_sub(offset) else {
                    if cur >= d {
                        return Err(Invalid::QuotientTooFarRight);
                    }
                    continue;
                };
                if cur / d != u128::from(q[j]) {
                    return Err(Invalid::QuotientDigit(j + 1));
                }
                if q[j] == 0 {
                    continue;
                }
                let Some(&(sj, prow)) = steps.get(step).filter(|s| s.0 == j) else {
                    return Err(Invalid::NoStep);
                };
                let _ = sj;
                if step > 0 {
                    same(layout, differences[step - 1], values, cur, "difference")?;
                }
                same(layout, prow, values, u128::from(q[j]) * d, "product")?;
                cur -= u128::from(q[j]) * d;
                step += 1;
            }
            if step != steps.len() {
                return Err(Invalid::ZeroStep);
            }
            match remainder {
                Some(row) => same(layout, *row, values, cur, "remainder"),
                None if cur == 0 => Ok(()),
                None => Err(Invalid::Inexact),
            }
        }
    }
}
