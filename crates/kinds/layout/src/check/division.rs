//! Reads a `division { ... }` block: quotient, `divisor ) dividend`, then
//! product and difference rows placed by the column they end in. A
//! quotient digit whose column no product ends in is 0; an odd number of
//! rows after the dividend means an exact division with no remainder row.

use super::block::{self, at, Glyph, RowText};
use crate::{DivisionRows, Layout, Shape};
use crypta_substrate::check::symbols::check_rows;
use crypta_substrate::diagnostic::{Diagnostic, ErrorKind};
use crypta_substrate::ir::Digits;
use crypta_substrate::syntax::ast::{CellAst, OptionItem, Spanned};

const ALIGN: &str = "the quotient's last digit sits over the dividend's last digit; each product \
                     ends under the dividend digit whose quotient digit made it, and each \
                     difference ends where the next product ends";

fn is_bracket(g: &Glyph) -> bool {
    matches!(g.c, ')' | '）')
}

pub fn check(
    body: &Spanned<String>,
    options: &[Spanned<OptionItem>],
) -> Result<Layout, Vec<Diagnostic>> {
    let block = block::read(body);
    let mut errors = Vec::new();
    let lines = &block.rows;
    if lines.len() < 3 {
        return Err(vec![at(
            ErrorKind::MissingRow,
            block.span.clone(),
            "a division needs a quotient, `divisor ) dividend` and at least one step".into(),
            "write the rows as printed: quotient, `** ) ****`, then each product and difference",
        )]);
    }
    if lines[0].iter().any(is_bracket) {
        return Err(vec![at(
            ErrorKind::MissingRow,
            block::span_of(&lines[0]),
            "no quotient row above `divisor ) dividend`".into(),
            "write the quotient (e.g. `***`) on its own line over the dividend",
        )]);
    }
    let Some(split) = lines[1].iter().position(is_bracket) else {
        return Err(vec![at(
            ErrorKind::MissingRow,
            block::span_of(&lines[1]),
            "no `)` between the divisor and the dividend".into(),
            "write the second row as `divisor ) dividend`, e.g. `** ) ****`",
        )]);
    };
    let mut texts = vec![
        block::row(&lines[0], "quotient", &mut errors),
        block::row(&lines[1][..split], "divisor", &mut errors),
        block::row(&lines[1][split + 1..], "dividend", &mut errors),
    ];
    if texts[1].is_none() || texts[2].is_none() {
        errors.push(at(
            ErrorKind::MissingRow,
            lines[1][split].span.clone(),
            "a divisor and a dividend are needed on both sides of `)`".into(),
            "write `divisor ) dividend`, e.g. `** ) ****`",
        ));
    }
    for glyphs in &lines[2..] {
        texts.push(block::row(glyphs, "step row", &mut errors));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let rows: Vec<RowText> = texts.into_iter().flatten().collect();
    let (q, d, n) = (&rows[0], &rows[1], &rows[2]);
    let right = n.end();
    let (lq, ldiv, ld) = (q.len(), d.len(), n.len());
    if q.end() != right {
        errors.push(
            at(
                ErrorKind::Misaligned,
                q.span(),
                "the quotient does not end over the dividend's last digit".into(),
                ALIGN,
            )
            .with_label(n.span(), "the dividend"),
        );
    }
    // Quotient digit j sits over this column.
    let column = |j: usize| (right + j + 1).checked_sub(lq);
    let rest = &rows[3..];
    let exact = rest.len() % 2 == 1;
    let products: Vec<&RowText> = rest.iter().step_by(2).collect();
    let between: Vec<&RowText> = rest.iter().skip(1).step_by(2).collect();
    if products.len() > lq {
        errors.push(at(
            ErrorKind::TooManyRows,
            products[lq].span(),
            format!(
                "{} subtraction steps, but the quotient has {} digit{}",
                products.len(),
                lq,
                if lq == 1 { "" } else { "s" }
            ),
            "one step (a product and the difference under it) per non-zero quotient digit",
        ));
        return Err(errors);
    }
    let mut steps = Vec::new();
    for (k, p) in products.iter().enumerate() {
        let digit = (0..lq).find(|&j| column(j) == Some(p.end()));
        let after = steps
            .last()
            .is_none_or(|&(j, _)| digit.is_some_and(|d| d > j));
        match digit {
            Some(j) if after && (k > 0 || j == 0) => steps.push((j, 3 + 2 * k)),
            _ => errors.push(
                at(
                    ErrorKind::Misaligned,
                    p.span(),
                    if k == 0 {
                        "the first product must end under the quotient's first digit".into()
                    } else {
                        "this product ends in a column no later quotient digit owns".into()
                    },
                    ALIGN,
                )
                .with_label(q.span(), "the quotient"),
            ),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for (k, diff) in between.iter().enumerate() {
        let (want, why) = match steps.get(k + 1) {
            Some(&(j, _)) => (column(j), "where the next product ends"),
            None => (Some(right), "under the dividend's last digit"),
        };
        if Some(diff.end()) != want {
            errors.push(at(
                ErrorKind::Misaligned,
                diff.span(),
                format!("this difference must end {}", why),
                ALIGN,
            ));
        }
        let brought = match steps.get(k + 1) {
            Some(&(j, _)) => j - steps[k].0,
            None => lq - 1 - steps[k].0,
        };
        let last = steps.get(k + 1).is_none();
        // The last difference is the remainder: less than the divisor.
        let brought = if last { 0 } else { brought };
        if diff.len() > ldiv + brought || (!last && diff.len() < ldiv) {
            errors.push(at(
                ErrorKind::RowLength,
                diff.span(),
                format!(
                    "this difference has {} digits: it must have {} to {}",
                    diff.len(),
                    if last { 1 } else { ldiv },
                    ldiv + brought
                ),
                "a difference is less than the divisor, then brings down the dividend's next digits",
            ));
        }
    }
    for p in &products {
        if p.len() < ldiv || p.len() > ldiv + 1 {
            errors.push(at(
                ErrorKind::RowLength,
                p.span(),
                format!(
                    "a product of a {}-digit divisor has {} or {} digits, not {}",
                    ldiv,
                    ldiv,
                    ldiv + 1,
                    p.len()
                ),
                "check the row against the divisor",
            ));
        }
    }
    if ld + 1 < lq + ldiv || ld > lq + ldiv {
        errors.push(at(
            ErrorKind::RowLength,
            n.span(),
            format!(
                "a {}-digit quotient of a {}-digit divisor needs a dividend of {} or {} digits, not {}",
                lq,
                ldiv,
                lq + ldiv - 1,
                lq + ldiv,
                ld
            ),
            "check the dividend against the quotient and the divisor",
        ));
    }
    let mut narrowings = Vec::new();
    for j in 0..lq {
        if steps.iter().any(|&(s, _)| s == j) {
            narrowings.push((
                0,
                j,
                Digits::below(64).without(0),
                "has a step of its own, so it is not 0",
            ));
        } else {
            narrowings.push((
                0,
                j,
                Digits::single(0),
                "has no step of its own, so it is 0",
            ));
        }
    }
    // A printed remainder of unknown cells is not zero: a book prints no
    // remainder row for an exact division (brief §3). Longer rows are
    // already nonzero by their leading digit.
    if let (false, Some(last)) = (exact, between.last()) {
        let row = 4 + 2 * (between.len() - 1);
        if let [cell] = last.word.cells.as_slice() {
            if cell.node == CellAst::Free {
                narrowings.push((
                    row,
                    0,
                    Digits::below(64).without(0),
                    "is a printed remainder of unknown digits, so it is not 0",
                ));
            }
        }
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
    let diff_rows: Vec<usize> = (0..between.len()).map(|k| 4 + 2 * k).collect();
    let (differences, remainder) = if exact {
        (diff_rows, None)
    } else {
        let mut d = diff_rows;
        let r = d.pop();
        (d, r)
    };
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
        shape: Shape::Division(DivisionRows {
            quotient: 0,
            divisor: 1,
            dividend: 2,
            steps,
            differences,
            remainder,
        }),
    })
}
