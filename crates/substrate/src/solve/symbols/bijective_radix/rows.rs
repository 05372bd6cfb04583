//! The columns taken together: Gaussian elimination rewrites each symbol
//! as a combination of the carries, so bounds on the carries bound it.

use super::{Column, Slot};

/// A linear consequence of the columns:
/// `Σ coef·symbol + Σ coef·carry + constant = 0`.
pub(super) struct Row {
    pub(super) symbols: Vec<(usize, i64)>,
    /// Largest coefficient first, so a scan can stop at the first small one.
    pub(super) carries: Vec<(usize, i64)>,
    pub(super) constant: i64,
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// Eliminates the symbols from the column equations and the digit-sum
/// equation; `None` if the numbers grow too large to be worth it.
pub(super) fn eliminate(columns: &[Column], symbols: usize, base: u32) -> Option<Vec<Row>> {
    let carries = columns.len() + 1;
    let width = symbols + carries + 1;
    let mut m: Vec<Vec<i128>> = columns
        .iter()
        .enumerate()
        .map(|(i, column)| {
            let mut r = vec![0i128; width];
            for (j, &slot) in column.iter().enumerate() {
                let sign = if j == 2 { -1 } else { 1 };
                match slot {
                    Slot::Var(v) => r[v] += sign,
                    Slot::Digit(d) => r[width - 1] += sign * i128::from(d),
                }
            }
            r[symbols + i] += 1;
            r[symbols + i + 1] -= i128::from(base);
            r
        })
        .collect();
    let mut sum = vec![0i128; width];
    sum[..symbols].fill(1);
    sum[width - 1] = -((symbols * symbols.saturating_sub(1) / 2) as i128);
    m.push(sum);
    let mut used = vec![false; m.len()];
    for col in 0..symbols {
        let pivot = (0..m.len())
            .filter(|&r| !used[r] && m[r][col] != 0)
            .min_by_key(|&r| m[r][col].abs());
        let Some(p) = pivot else { continue };
        used[p] = true;
        let pivot_row = m[p].clone();
        for (_, row) in m
            .iter_mut()
            .enumerate()
            .filter(|(r, row)| *r != p && row[col] != 0)
        {
            let g = gcd(pivot_row[col], row[col]);
            let (fp, fr) = (row[col] / g, pivot_row[col] / g);
            let mut h = 0;
            for (x, &y) in row.iter_mut().zip(&pivot_row) {
                *x = x.checked_mul(fr)?.checked_sub(y.checked_mul(fp)?)?;
                h = gcd(h, *x);
            }
            for x in row.iter_mut() {
                *x /= h.max(1);
                if x.abs() > 1 << 40 {
                    return None;
                }
            }
        }
    }
    let terms = |r: &[i128], range: std::ops::Range<usize>, shift: usize| -> Vec<(usize, i64)> {
        range
            .filter(|&j| r[j] != 0)
            .map(|j| (j - shift, r[j] as i64))
            .collect()
    };
    Some(
        m.iter()
            .filter(|r| r.iter().any(|&x| x != 0))
            .map(|r| {
                let mut carries = terms(r, symbols..width - 1, symbols);
                carries.sort_by_key(|t| -t.1.abs());
                Row {
                    symbols: terms(r, 0..symbols, 0),
                    carries,
                    constant: r[width - 1] as i64,
                }
            })
            .collect(),
    )
}
