//! Long multiplications and divisions as printed: the block's characters
//! on a fixed grid (so the columns line up whatever the font), rules of
//! dashes drawn as lines, unknown cells as written when blank and as
//! coloured digits when solved.

use std::collections::HashMap;

use crate::Layout;
use crypta_substrate::draw::{px, Svg, TextStyle, MONO, SOLVED};
use crypta_substrate::ir::{digit_char, Cell};

/// A character's box, and the margin round the block, in pixels.
const WIDTH: u32 = 18;
const HEIGHT: u32 = 30;
const MARGIN: u32 = 16;

/// The skeleton, blank or with a solution's digits.
pub fn layout(layout: &Layout, values: Option<&[u8]>) -> String {
    // What each printed cell is: an unknown gets the solution's digit.
    let mut cells: HashMap<(usize, usize), char> = HashMap::new();
    if let Some(values) = values {
        for (r, row) in layout.rows.iter().enumerate() {
            let digits = layout.row_digits(r, values);
            for ((at, cell), d) in row.at.iter().zip(&row.cells).zip(digits) {
                if matches!(cell, Cell::Var(_)) {
                    cells.insert(*at, digit_char(d));
                }
            }
        }
    }
    let columns = layout
        .lines
        .iter()
        .map(|l| l.chars().map(width).sum::<usize>())
        .max()
        .unwrap_or(0);
    let mut svg = Svg::new(
        px(columns, WIDTH).saturating_add(2 * MARGIN),
        px(layout.lines.len(), HEIGHT).saturating_add(2 * MARGIN),
    );
    for (l, line) in layout.lines.iter().enumerate() {
        let top = MARGIN.saturating_add(px(l, HEIGHT));
        if let Some((from, to)) = rule(line) {
            let y = top.saturating_add(HEIGHT / 2);
            let x = |c: usize| MARGIN.saturating_add(px(c, WIDTH));
            svg.line((x(from), y), (x(to), y), 2.0);
            continue;
        }
        // `c` indexes the line's characters (what a row's cells name);
        // `x` is the display column, so wide letters take two boxes.
        let mut x = 0;
        for (c, ch) in line.chars().enumerate() {
            let (left, w) = (x, width(ch));
            x += w;
            if ch.is_whitespace() {
                continue;
            }
            if ch == ')' {
                let above = l.checked_sub(1).and_then(|a| layout.lines.get(a));
                bracket(&mut svg, (l, left), above.and_then(|a| rule(a)));
                continue;
            }
            let mut style = TextStyle::new(MONO, 24);
            let shown = match cells.get(&(l, c)) {
                Some(&digit) => {
                    style.fill = SOLVED;
                    digit
                }
                None => ch,
            };
            let x = MARGIN
                .saturating_add(px(left, WIDTH))
                .saturating_add(px(w, WIDTH) / 2);
            svg.text(
                (x, top.saturating_add(HEIGHT - 8)),
                &shown.to_string(),
                &style,
            );
        }
    }
    svg.finish(layout.shape.title())
}

/// A character's display width: 2 for kana, kanji and full-width forms.
fn width(c: char) -> usize {
    unicode_width::UnicodeWidthChar::width(c)
        .unwrap_or(1)
        .max(1)
}

/// A division's `)` as a book prints it: a curve down the dividend's
/// left, joined to the bar over the dividend (the rule on the line above,
/// `bar`, drawn on to meet it).
fn bracket(svg: &mut Svg, (l, c): (usize, usize), bar: Option<(usize, usize)>) {
    let top = MARGIN.saturating_add(px(l, HEIGHT));
    let x = MARGIN
        .saturating_add(px(c, WIDTH))
        .saturating_add(WIDTH / 2);
    let start = match bar {
        Some((from, _)) => {
            let y = top.saturating_sub(HEIGHT / 2);
            let bar_x = MARGIN.saturating_add(px(from, WIDTH));
            if bar_x > x {
                svg.line((x, y), (bar_x, y), 2.0);
            }
            y
        }
        None => top.saturating_add(2),
    };
    let end = top.saturating_add(HEIGHT - 2);
    let middle = (start + end) / 2;
    svg.path(
        &format!(
            "M {} {} Q {} {} {} {}",
            x,
            start,
            x.saturating_add(WIDTH * 2 / 3),
            middle,
            x,
            end
        ),
        2.0,
    );
}

/// The columns a rule line spans (first, one past the last), when the
/// line is only dashes (or `=`, `_`, box-drawing dashes) and spaces.
fn rule(line: &str) -> Option<(usize, usize)> {
    let mut span: Option<(usize, usize)> = None;
    let mut c = 0;
    for ch in line.chars() {
        let w = width(ch);
        c += w;
        let c = c - w;
        match ch {
            '-' | '=' | '_' | '─' | '━' | 'ー' | '―' => {
                span = Some(span.map_or((c, c + w), |(from, _)| (from, c + w)));
            }
            ch if ch.is_whitespace() => {}
            _ => return None,
        }
    }
    span
}
