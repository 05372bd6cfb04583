//! Rules on sizes and last digits: the leftmost columns read as one number,
//! the whole equation's bounds, a remainder below its divisor, and the
//! equations with products (last digits, bounds).

use super::columns::narrowed_text;
use super::system::{each_assignment, StepBug, System};
use crate::grade::Difficulty;
use crate::ir::{Cell, Expr};

/// Raw combinations the last-digit rules may look at.
pub(super) const LAST_CAP: u64 = 50_000;

/// Medium: the leftmost two columns of an addition, read as one number,
/// must cancel the carry into them.
pub fn leftmost_bounds(sys: &mut System) -> Result<bool, StepBug> {
    prefix_bounds(sys, true)
}

/// Hard: the same for more columns, down to the whole equation.
pub fn whole_bounds(sys: &mut System) -> Result<bool, StepBug> {
    prefix_bounds(sys, false)
}

fn prefix_bounds(sys: &mut System, leftmost: bool) -> Result<bool, StepBug> {
    let base = i128::from(sys.base);
    for r in 0..sys.relations.len() {
        let cols = sys.relations[r].clone();
        let linear = cols
            .iter()
            .all(|&c| sys.columns[c].terms.iter().all(|t| t.vars.len() == 1));
        if !linear {
            continue;
        }
        let n = cols.len();
        let starts: Vec<usize> = if leftmost {
            (n.saturating_sub(2)..n).rev().collect()
        } else {
            (0..n.saturating_sub(2)).rev().collect()
        };
        let rule = if leftmost {
            "leftmost columns bounds"
        } else {
            "whole-equation bounds"
        };
        for j in starts {
            let vars = sys.column_vars(&cols[j..]);
            if sys.quiet(rule, cols[j], &vars) {
                continue;
            }
            // The columns j.. as one number: each letter's weight, a constant.
            let mut weights: Vec<(usize, i128)> = Vec::new();
            let mut constant = 0i128;
            let mut scale = 1i128;
            let mut overflow = false;
            for &c in &cols[j..] {
                let col = &sys.columns[c];
                constant += i128::from(col.constant) * scale;
                for t in &col.terms {
                    let w = i128::from(t.coef) * scale;
                    match weights.iter_mut().find(|(v, _)| *v == t.vars[0]) {
                        Some(entry) => entry.1 += w,
                        None => weights.push((t.vars[0], w)),
                    }
                }
                match scale.checked_mul(base) {
                    Some(s) if s < 1 << 100 => scale = s,
                    _ => overflow = true,
                }
            }
            if overflow {
                sys.hush(rule, cols[j]);
                continue;
            }
            let carry = sys.columns[cols[j]].carry_in;
            let (clo, chi) = carry.map_or((0, 0), |c| (sys.min(c), sys.max(c)));
            let range = |v: usize, w: i128| {
                let (a, b) = (w * i128::from(sys.min(v)), w * i128::from(sys.max(v)));
                (a.min(b), a.max(b))
            };
            let (mut lo, mut hi) = (constant, constant);
            for &(v, w) in &weights {
                let (a, b) = range(v, w);
                lo += a;
                hi += b;
            }
            // The number must be minus the carry into column j.
            let (want_lo, want_hi) = (-i128::from(chi), -i128::from(clo));
            let mut keep = Vec::new();
            for &(v, w) in &weights {
                let (a, b) = range(v, w);
                let mut mask = 0u64;
                for d in sys.values(v) {
                    let x = w * i128::from(d);
                    if lo - a + x <= want_hi && hi - b + x >= want_lo {
                        mask |= sys.bit(v, d).unwrap_or(0);
                    }
                }
                keep.push((v, mask));
            }
            if let Some(c) = carry {
                let mask = sys
                    .values(c)
                    .filter(|&x| (lo..=hi).contains(&-i128::from(x)))
                    .fold(0u64, |m, x| m | sys.bit(c, x).unwrap_or(0));
                keep.push((c, mask));
            }
            if sys.idle(&keep) {
                sys.hush(rule, cols[j]);
                continue;
            }
            let (level, what) = if leftmost {
                (
                    Difficulty::Medium,
                    format!("the leftmost {} columns", n - j),
                )
            } else if j == 0 {
                (Difficulty::Hard, "the whole equation".to_string())
            } else {
                (Difficulty::Hard, format!("the leftmost {} columns", n - j))
            };
            let why = format!(
                "read as numbers, {} balance only when {}",
                what,
                narrowed_text(sys, &keep)
            );
            let touched = vec![sys.columns[cols[j]].name.clone()];
            if sys.apply(rule, level, touched, why, &keep)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// A number's least and greatest value under the candidates, with `fix`
/// (a variable and its value) applied; `None` if it does not fit.
pub(super) fn number_range(
    sys: &System,
    cells: &[Cell],
    fix: Option<(usize, i64)>,
) -> Option<(i128, i128)> {
    let base = i128::from(sys.base);
    let (mut lo, mut hi) = (0i128, 0i128);
    for cell in cells {
        let (a, b) = match *cell {
            Cell::Digit(d) => (i128::from(d), i128::from(d)),
            Cell::Var(v) => match fix {
                Some((f, x)) if f == v => (i128::from(x), i128::from(x)),
                _ => (i128::from(sys.min(v)), i128::from(sys.max(v))),
            },
        };
        lo = lo.checked_mul(base)?.checked_add(a)?;
        hi = hi.checked_mul(base)?.checked_add(b)?;
    }
    Some((lo, hi))
}

/// The digit variables among `cells`.
pub(super) fn cell_vars(cells: &[Cell], into: &mut Vec<usize>) {
    for cell in cells {
        if let Cell::Var(v) = *cell {
            if !into.contains(&v) {
                into.push(v);
            }
        }
    }
}

/// Medium: in a long division a remainder is below the divisor, and the
/// part of the dividend before the quotient starts is too.
pub fn below_divisor(sys: &mut System) -> Result<bool, StepBug> {
    const RULE: &str = "below the divisor";
    for (i, l) in sys.less.clone().into_iter().enumerate() {
        let mut vars = Vec::new();
        cell_vars(&l.small, &mut vars);
        cell_vars(&l.big, &mut vars);
        if sys.quiet(RULE, i, &vars) {
            continue;
        }
        let keep = sys.keep_fitting(vars.iter().copied(), |v, d| {
            match (
                number_range(sys, &l.small, Some((v, d))),
                number_range(sys, &l.big, Some((v, d))),
            ) {
                (Some(s), Some(b)) => s.0 < b.1,
                _ => true,
            }
        });
        if sys.idle(&keep) {
            sys.hush(RULE, i);
            continue;
        }
        let why = format!("{}, so {}", l.name, narrowed_text(sys, &keep));
        if sys.apply(RULE, Difficulty::Medium, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The words an expression adds or multiplies.
pub(super) fn expr_words(e: &Expr, into: &mut Vec<usize>) {
    match e {
        Expr::Word(w) => into.push(*w),
        Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
            expr_words(a, into);
            expr_words(b, into);
        }
    }
}

/// An expression's range from its words' ranges (interval arithmetic).
pub(super) fn expr_range(
    sys: &System,
    e: &Expr,
    fix: Option<(usize, i64)>,
) -> Option<(i128, i128)> {
    Some(match e {
        Expr::Word(w) => number_range(sys, &sys.words[*w].cells, fix)?,
        Expr::Add(a, b) => {
            let (a, b) = (expr_range(sys, a, fix)?, expr_range(sys, b, fix)?);
            (a.0.checked_add(b.0)?, a.1.checked_add(b.1)?)
        }
        Expr::Sub(a, b) => {
            let (a, b) = (expr_range(sys, a, fix)?, expr_range(sys, b, fix)?);
            (a.0.checked_sub(b.1)?, a.1.checked_sub(b.0)?)
        }
        Expr::Mul(a, b) => {
            let (a, b) = (expr_range(sys, a, fix)?, expr_range(sys, b, fix)?);
            let p = [
                a.0.checked_mul(b.0)?,
                a.0.checked_mul(b.1)?,
                a.1.checked_mul(b.0)?,
                a.1.checked_mul(b.1)?,
            ];
            (*p.iter().min()?, *p.iter().max()?)
        }
    })
}

/// Medium: both sides of an equation with a product must be able to meet
/// in size; a leading digit too small or too large cannot.
pub fn product_bounds(sys: &mut System) -> Result<bool, StepBug> {
    const RULE: &str = "product bounds";
    for (e, (lhs, rhs)) in sys.products.clone().into_iter().enumerate() {
        let mut words = Vec::new();
        expr_words(&lhs, &mut words);
        expr_words(&rhs, &mut words);
        let mut vars = Vec::new();
        for &w in &words {
            cell_vars(&sys.words[w].cells, &mut vars);
        }
        if sys.quiet(RULE, e, &vars) {
            continue;
        }
        let keep = sys.keep_fitting(vars.iter().copied(), |v, d| {
            match (
                expr_range(sys, &lhs, Some((v, d))),
                expr_range(sys, &rhs, Some((v, d))),
            ) {
                (Some(l), Some(r)) => l.0 <= r.1 && r.0 <= l.1,
                _ => true,
            }
        });
        if sys.idle(&keep) {
            sys.hush(RULE, e);
            continue;
        }
        let why = format!(
            "the two sides can only be the same size when {}",
            narrowed_text(sys, &keep)
        );
        if sys.apply(RULE, Difficulty::Medium, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// An expression's value modulo `m`, from each word's last digits.
pub(super) fn expr_mod(sys: &System, e: &Expr, m: i64, value: &dyn Fn(Cell) -> i64) -> i64 {
    let base = i64::from(sys.base);
    match e {
        Expr::Word(w) => {
            let cells = &sys.words[*w].cells;
            let mut x = 0i64;
            let mut scale = 1i64;
            for cell in cells.iter().rev() {
                if scale >= m {
                    break;
                }
                x = (x + value(*cell) * scale) % m;
                scale *= base;
            }
            x
        }
        Expr::Add(a, b) => (expr_mod(sys, a, m, value) + expr_mod(sys, b, m, value)) % m,
        Expr::Sub(a, b) => (expr_mod(sys, a, m, value) - expr_mod(sys, b, m, value)).rem_euclid(m),
        Expr::Mul(a, b) => (expr_mod(sys, a, m, value) * expr_mod(sys, b, m, value)) % m,
    }
}

/// The variables among the last `count` digits of `words`.
pub(super) fn last_vars(sys: &System, words: &[usize], count: usize) -> Vec<usize> {
    let mut vars = Vec::new();
    for &w in words {
        let cells = &sys.words[w].cells;
        cell_vars(&cells[cells.len().saturating_sub(count)..], &mut vars);
    }
    vars
}

/// A cell's value in one assignment of the variables tried.
pub(super) type CellValue<'a> = dyn Fn(Cell) -> i64 + 'a;

/// Each of `vars` with the digits it takes in some assignment of them that
/// `fits` (told each cell's value); `None` when there are more than
/// [`LAST_CAP`] assignments to try.
pub(super) fn last_digit_marks(
    sys: &System,
    vars: Vec<usize>,
    fits: &dyn Fn(&CellValue<'_>) -> bool,
) -> Option<Vec<(usize, u64)>> {
    let mut seen = vec![0u64; vars.len()];
    let ok = each_assignment(sys, &vars, LAST_CAP, &mut |values| {
        let value = |cell: Cell| match cell {
            Cell::Digit(d) => i64::from(d),
            Cell::Var(v) => vars.iter().position(|&w| w == v).map_or(0, |i| values[i]),
        };
        if fits(&value) {
            for (i, &x) in values.iter().enumerate() {
                seen[i] |= 1u64 << x;
            }
        }
    });
    ok.then(|| vars.into_iter().zip(seen).collect())
}

fn last_digits(
    sys: &mut System,
    count: usize,
    rule: &'static str,
    level: Difficulty,
) -> Result<bool, StepBug> {
    let m = i64::from(sys.base).pow(count as u32);
    for (e, (lhs, rhs)) in sys.products.clone().into_iter().enumerate() {
        let mut words = Vec::new();
        expr_words(&lhs, &mut words);
        expr_words(&rhs, &mut words);
        let vars = last_vars(sys, &words, count);
        if sys.quiet(rule, e, &vars) {
            continue;
        }
        let fits =
            |value: &CellValue<'_>| expr_mod(sys, &lhs, m, value) == expr_mod(sys, &rhs, m, value);
        let keep = match last_digit_marks(sys, vars, &fits) {
            Some(keep) if !sys.idle(&keep) => keep,
            _ => {
                sys.hush(rule, e);
                continue;
            }
        };
        let why = format!(
            "the last {} of both sides must agree, so {}",
            if count == 1 {
                "digit".to_string()
            } else {
                format!("{} digits", count)
            },
            narrowed_text(sys, &keep)
        );
        if sys.apply(rule, level, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Medium: the last digit of a product is the last digit of its factors'
/// last digits multiplied.
pub fn last_digit(sys: &mut System) -> Result<bool, StepBug> {
    last_digits(sys, 1, "last digit", Difficulty::Medium)
}

/// Hard: the same for the last two digits.
pub fn last_two_digits(sys: &mut System) -> Result<bool, StepBug> {
    last_digits(sys, 2, "last two digits", Difficulty::Hard)
}
