//! A crossnumber as a picture: blocks black, each entry's number small in
//! its first cell, givens bold, letters grey until solved, solved digits
//! in colour; a blank puzzle has its clues listed under the grid.

use crate::ir::Crossnumber;
use crypta_substrate::draw::{px, Svg, TextStyle, SANS, SOLVED};

const CELL: u32 = 40;
const MARGIN: u32 = 8;
const CLUE_LINE: u32 = 18;

pub fn picture(p: &Crossnumber, values: Option<&[u8]>) -> String {
    let clue_lines = if values.is_none() { p.clues.len() } else { 0 };
    let grid_h = px(p.rows, CELL);
    let width = px(p.cols, CELL).saturating_add(2 * MARGIN).max(240);
    let height = grid_h
        .saturating_add(2 * MARGIN)
        .saturating_add((clue_lines as u32).saturating_mul(CLUE_LINE));
    let mut svg = Svg::new(width, height);
    for (i, var) in p.cells.iter().enumerate() {
        let (r, c) = (i / p.cols.max(1), i % p.cols.max(1));
        let (x, y) = (MARGIN + px(c, CELL), MARGIN + px(r, CELL));
        let Some(v) = var else {
            svg.rect(x, y, CELL, CELL, "#202020", None);
            continue;
        };
        if let Some(n) = p.numbers[i] {
            let mut small = TextStyle::new(SANS, 10);
            small.anchor = "start";
            svg.text((x + 3, y + 11), &n.to_string(), &small);
        }
        let written = p.written[i];
        let mut style = TextStyle::new(SANS, 20);
        let text = match values.and_then(|values| values.get(*v)) {
            Some(&d) if !written.is_ascii_digit() => {
                style.fill = SOLVED;
                char::from_digit(u32::from(d), 36).map_or(String::new(), |c| c.to_string())
            }
            _ if written.is_ascii_digit() => {
                style.bold = true;
                written.to_string()
            }
            _ if written.is_alphabetic() => {
                style.fill = "#606060";
                style.italic = true;
                written.to_string()
            }
            _ => String::new(),
        };
        if !text.is_empty() {
            svg.text((x + CELL / 2, y + CELL / 2 + 9), &text, &style);
        }
    }
    let (right, bottom) = (MARGIN + px(p.cols, CELL), MARGIN + grid_h);
    for c in 0..=p.cols {
        let x = MARGIN + px(c, CELL);
        svg.line(
            (x, MARGIN),
            (x, bottom),
            if c == 0 || c == p.cols { 2.5 } else { 1.0 },
        );
    }
    for r in 0..=p.rows {
        let y = MARGIN + px(r, CELL);
        svg.line(
            (MARGIN, y),
            (right, y),
            if r == 0 || r == p.rows { 2.5 } else { 1.0 },
        );
    }
    if values.is_none() {
        let mut style = TextStyle::new(SANS, 13);
        style.anchor = "start";
        for (k, clue) in p.clues.iter().enumerate() {
            let y = bottom + MARGIN + CLUE_LINE * (k as u32 + 1) - 4;
            svg.text((MARGIN, y), &clue.text, &style);
        }
    }
    svg.finish("Crossnumber")
}
