//! Reads a `multiplication { ... }` block: multiplicand, `x` multiplier,
//! partial products placed by the column they end in, product. A multiplier
//! digit without a partial-product row is 0; one with a row is not.

use super::block::{self, at, RowText};
use crate::{Layout, MultiplicationRows, Shape};
use crypta_substrate::check::symbols::check_rows;
use crypta_substrate::diagnostic::{Diagnostic, ErrorKind};
use crypta_substrate::ir::Digits;
use crypta_substrate::syntax::ast::{OptionItem, Spanned};

const ALIGN: &str = "the multiplicand, the multiplier and the product end in the same column; \
                     each partial product ends under its multiplier digit";

pub fn check(
    body: &Spanned<String>,
    options: &[Spanned<OptionItem>],
) -> Result<Layout, Vec<Diagnostic>> {
    let block = block::read(body);
    let mut errors = Vec::new();
    let mut texts: Vec<Option<RowText>> = Vec::new();
    let mut multiplier_line = None;
    for (i, glyphs) in block.rows.iter().enumerate() {
        let mut glyphs = &glyphs[..];
        if i == 1 {
            if let Some(first) = glyphs.first() {
                let star_for_x =
                    first.c == '*' && glyphs.get(1).is_some_and(|next| next.col > first.col + 1);
                if star_for_x {
                    // `*  **`: the multiplication sign of a program for the
                    // `x` of a printed sum; one error, not a gap and a
                    // missing multiplier line.
                    multiplier_line = Some(first.span.clone());
                    errors.push(
                        at(
                            ErrorKind::MissingRow,
                            first.span.clone(),
                            "the multiplier line starts with `x` or `×`, not `*`".into(),
                            "a `*` is a digit nobody names; write `x` before the multiplier",
                        )
                        .with_fix(first.span.clone(), "x"),
                    );
                    glyphs = &glyphs[1..];
                } else if matches!(first.c, 'x' | 'X' | '×') {
                    multiplier_line = Some(first.span.clone());
                    glyphs = &glyphs[1..];
                    // A lone `x` leaves no row; every row below is
                    // counted by position, so it must be an error here.
                    if glyphs.is_empty() {
                        errors.push(at(
                            ErrorKind::MissingRow,
                            first.span.clone(),
                            "the multiplier line has no digits after `x`".into(),
                            "write the multiplier after the `x`, e.g. `x  **`",
                        ));
                    }
                }
            }
        }
        let what = match i {
            0 => "multiplicand",
            1 => "multiplier",
            _ if i + 1 == block.rows.len() => "product",
            _ => "partial product",
        };
        texts.push(block::row(glyphs, what, &mut errors));
    }
    if block.rows.len() >= 2 && multiplier_line.is_none() {
        errors.push(at(
            ErrorKind::MissingRow,
            block::span_of(&block.rows[1]),
            "the second row must be the multiplier, starting with `x` or `×`".into(),
            "write the multiplier as `x  **` under the multiplicand",
        ));
    }
    if block.rows.len() < 3 {
        errors.push(at(
            ErrorKind::MissingRow,
            block.span.clone(),
            "a multiplication needs a multiplicand, an `x` multiplier line and a product".into(),
            "write the rows as printed: multiplicand, `x` multiplier, partial products, product",
        ));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let rows: Vec<RowText> = texts.into_iter().flatten().collect();
    let (a, b, product) = (&rows[0], &rows[1], &rows[rows.len() - 1]);
    let partial_rows = &rows[2..rows.len() - 1];
    let right = product.end();
    for (row, name) in [(a, "multiplicand"), (b, "multiplier")] {
        if row.end() != right {
            errors.push(
                at(
                    ErrorKind::Misaligned,
                    row.span(),
                    format!("the {} does not end in the product's last column", name),
                    ALIGN,
                )
                .with_label(product.span(), "the product ends here"),
            );
        }
    }
    let m = b.len();
    // A one-digit multiplier has no partial rows at all (not a digit 0).
    let mut partials = vec![None; if m > 1 { m } else { 0 }];
    let mut narrowings = Vec::new();
    if m == 1 && !partial_rows.is_empty() {
        errors.push(at(
            ErrorKind::TooManyRows,
            partial_rows[0].span(),
            "a one-digit multiplier has no partial products: this row is one too many".into(),
            "write the product right under the rule",
        ));
    } else if partial_rows.len() > m {
        errors.push(at(
            ErrorKind::TooManyRows,
            partial_rows[m].span(),
            format!(
                "{} partial products, but the multiplier has {} digit{}",
                partial_rows.len(),
                m,
                if m == 1 { "" } else { "s" }
            ),
            "one partial product per non-zero multiplier digit",
        ));
    } else if m > 1 {
        let mut last: Option<usize> = None;
        for (k, row) in partial_rows.iter().enumerate() {
            let shift = right.checked_sub(row.end());
            match shift {
                Some(s) if s < m && last.is_none_or(|l| s > l) => {
                    partials[s] = Some(k + 2);
                    last = Some(s);
                }
                _ => errors.push(
                    at(
                        ErrorKind::Misaligned,
                        row.span(),
                        "this partial product ends in no column a later multiplier digit owns"
                            .into(),
                        ALIGN,
                    )
                    .with_label(b.span(), "the multiplier"),
                ),
            }
        }
        for (s, p) in partials.iter().enumerate() {
            let cell = m - 1 - s;
            if p.is_some() {
                narrowings.push((
                    1,
                    cell,
                    Digits::below(64).without(0),
                    "has a partial product row, so it is not 0",
                ));
            } else {
                narrowings.push((
                    1,
                    cell,
                    Digits::single(0),
                    "has no partial product row, so it is 0",
                ));
            }
        }
    }
    let la = a.len();
    for row in partial_rows {
        if row.len() < la || row.len() > la + 1 {
            errors.push(at(
                ErrorKind::RowLength,
                row.span(),
                format!(
                    "a partial product of a {}-digit multiplicand has {} or {} digits, not {}",
                    la,
                    la,
                    la + 1,
                    row.len()
                ),
                "check the row against the multiplicand",
            ));
        }
    }
    if product.len() + 1 < la + m || product.len() > la + m {
        errors.push(at(
            ErrorKind::RowLength,
            product.span(),
            format!(
                "a {}-digit by {}-digit product has {} or {} digits, not {}",
                la,
                m,
                la + m - 1,
                la + m,
                product.len()
            ),
            "check the product against its factors",
        ));
    }
    let words: Vec<_> = rows.iter().map(|r| r.word.clone()).collect();
    // Misplaced rows would make the zero/non-zero rules contradict.
    if !errors.is_empty() {
        narrowings.clear();
    }
    let built = check_rows(&words, &narrowings, options, &mut errors);
    let Some((base, vars, cells, conditions)) = built.filter(|_| errors.is_empty()) else {
        return Err(errors);
    };
    if let Some(problem) = block::too_large(&rows, base, block.span.clone()) {
        return Err(vec![problem]);
    }
    let last = rows.len() - 1;
    Ok(Layout {
        base,
        vars,
        rows: rows
            .iter()
            .zip(&cells)
            .map(|(r, w)| r.ir(w.cells.clone()))
            .collect(),
        words: cells,
        conditions,
        lines: block.lines,
        shape: Shape::Multiplication(MultiplicationRows {
            multiplicand: 0,
            multiplier: 1,
            partials,
            product: last,
        }),
    })
}
