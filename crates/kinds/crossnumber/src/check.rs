//! Checks a `crossnumber { ... }` block: the grid's rows first (`.` or `_`
//! a white cell, `#` a block, a digit given, a letter a named cell), then
//! the clues, one per line or `;`-separated. Entries are numbered as a
//! printed crossword numbers them. Every problem is reported at once, each
//! at its cell or word.

use crate::clue::Span;
use crate::ir::{Clue, Crossnumber, Entry};
use crate::parse::{self, Names, ParseError};
use crypta_substrate::diagnostic::{Diagnostic, ErrorKind};
use crypta_substrate::kinds::Puzzle;
use crypta_substrate::syntax::ast::{
    BlockKind, OptionItem, OptionValue, PuzzleBody, PuzzleDef, Spanned,
};
use crypta_substrate::vocab::Flag;

/// The cells a crossnumber grid may have. Its search decides at least one
/// cell per level, each level with its own copy of the cells' digit masks,
/// so the depth and the memory grow with the cells (and their square):
/// 32 by 32 is four times the largest published grids, and keeps both
/// small on any thread's stack.
pub const MAX_CROSSNUMBER_CELLS: usize = 1024;

/// The most bits an entry's value may take, and any value a clue computes
/// (numerators and denominators of its exact fractions, and the products
/// a comparison forms): evaluation is in 128-bit integers.
pub const ENTRY_BITS: f64 = 100.0;
pub const CLUE_BITS: f64 = 125.0;

/// The registry's entry: a `crossnumber { ... }` block, or `None`.
pub(super) fn check(def: &PuzzleDef) -> Option<Result<Puzzle, Vec<Diagnostic>>> {
    match &def.body {
        PuzzleBody::Block { kind, body } if kind.node == BlockKind::Crossnumber => {
            Some(check_block(body, &kind.span, &def.options).map(Puzzle::new))
        }
        _ => None,
    }
}

/// A line of the body (or a part of one between `;`), with its offset.
fn segments(body: &str, offset: usize) -> Vec<(&str, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in body
        .char_indices()
        .chain(std::iter::once((body.len(), '\n')))
    {
        if c == '\n' || c == ';' {
            let text = &body[start..i];
            let lead = text.len() - text.trim_start().len();
            let trimmed = text.trim();
            if !trimmed.is_empty() {
                out.push((trimmed, offset + start + lead));
            }
            start = i + c.len_utf8();
        }
    }
    out
}

fn is_cell(token: &str) -> bool {
    let mut chars = token.chars();
    matches!((chars.next(), chars.next()), (Some(c), None)
        if c == '.' || c == '_' || c == '#' || c.is_ascii_digit() || c.is_alphabetic())
}

/// Checks a crossnumber's body (at `body.span.start` in the script).
pub fn check_block(
    body: &Spanned<String>,
    keyword: &Span,
    options: &[Spanned<OptionItem>],
) -> Result<Crossnumber, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let (mut base, mut leading_zeros, mut repeats) = (10u32, false, false);
    for option in options {
        match &option.node {
            OptionItem::Valued {
                word: "base",
                value: OptionValue::Number(n),
            } if (2..=36).contains(&n.node) => base = n.node as u32,
            OptionItem::Flag(Flag::LeadingZeros) => leading_zeros = true,
            OptionItem::Flag(Flag::Repeats) => repeats = true,
            _ => errors.push(
                Diagnostic::new(
                    ErrorKind::OptionNotApplicable,
                    option.span.clone(),
                    "a crossnumber takes no such option (yet)",
                )
                .with_hint("its options: `base N` (2 to 36), `leading zeros`, `repeats`"),
            ),
        }
    }
    let segs = segments(&body.node, body.span.start);
    let grid_rows = segs
        .iter()
        .take_while(|(text, _)| text.split_whitespace().all(is_cell))
        .count();
    // Each row's cells: the character and its span.
    let mut rows: Vec<Vec<(char, Span)>> = Vec::new();
    for (text, at) in &segs[..grid_rows] {
        let mut row = Vec::new();
        let mut pos = 0;
        for token in text.split_whitespace() {
            let i = pos + text[pos..].find(token).unwrap_or(0);
            pos = i + token.len();
            let c = token.chars().next().unwrap_or('#');
            row.push((c, at + i..at + i + token.len()));
        }
        rows.push(row);
    }
    if rows.is_empty() {
        errors.push(
            Diagnostic::new(
                ErrorKind::EmptyGrid,
                keyword.clone(),
                "this crossnumber has no grid",
            )
            .with_hint(
                "write the grid first, a row per line: `.` white, `#` block, then the clues",
            ),
        );
        return Err(errors);
    }
    let cols = rows[0].len();
    for row in &rows {
        if row.len() != cols {
            let span = row.first().map_or(0, |c| c.1.start)..row.last().map_or(0, |c| c.1.end);
            errors.push(Diagnostic::new(
                ErrorKind::RaggedRow,
                span,
                format!("this row has {} cells, the first row {}", row.len(), cols),
            ));
        }
    }
    if rows.len() * cols > MAX_CROSSNUMBER_CELLS {
        errors.push(Diagnostic::new(
            ErrorKind::TooLarge,
            keyword.clone(),
            format!(
                "this grid has {} cells; a crossnumber has at most {} (32 by 32)",
                rows.len() * cols,
                MAX_CROSSNUMBER_CELLS
            ),
        ));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let cells: Vec<(char, Span)> = rows.into_iter().flatten().collect();
    let nrows = cells.len() / cols;
    // Variables: a white cell each, a letter one for all its cells.
    let mut var_of = vec![None; cells.len()];
    let (mut domains, mut letters, mut first_cell) = (Vec::new(), Vec::new(), Vec::new());
    let all = if base >= 64 {
        u64::MAX
    } else {
        (1u64 << base) - 1
    };
    for (i, (c, span)) in cells.iter().enumerate() {
        if *c == '#' {
            continue;
        }
        if c.is_alphabetic() {
            if let Some(v) = letters.iter().position(|l| *l == Some(*c)) {
                var_of[i] = Some(v);
                continue;
            }
        }
        var_of[i] = Some(domains.len());
        first_cell.push(i);
        letters.push(c.is_alphabetic().then_some(*c));
        domains.push(match c.to_digit(10) {
            Some(d) if d < base => 1u64 << d,
            Some(d) => {
                errors.push(Diagnostic::new(
                    ErrorKind::DigitNotInBase,
                    span.clone(),
                    format!("{} is not a digit in base {}", d, base),
                ));
                all
            }
            None => all,
        });
    }
    let white = |r: usize, c: usize| var_of[r * cols + c].is_some();
    let mut entries = Vec::new();
    let mut numbers: Vec<(u32, bool, usize)> = Vec::new();
    let mut in_entry = vec![false; cells.len()];
    let mut number = 0;
    let mut printed = vec![None; cells.len()];
    for r in 0..nrows {
        for c in 0..cols {
            if !white(r, c) {
                continue;
            }
            let across = (c == 0 || !white(r, c - 1)) && c + 1 < cols && white(r, c + 1);
            let down = (r == 0 || !white(r - 1, c)) && r + 1 < nrows && white(r + 1, c);
            if across || down {
                number += 1;
                printed[r * cols + c] = Some(number);
            }
            for (starts, dr, dc, letter) in [(across, 0, 1, 'a'), (down, 1, 0, 'd')] {
                if !starts {
                    continue;
                }
                let (mut rr, mut cc, mut vars) = (r, c, Vec::new());
                while rr < nrows && cc < cols && white(rr, cc) {
                    in_entry[rr * cols + cc] = true;
                    vars.extend(var_of[rr * cols + cc]);
                    (rr, cc) = (rr + dr, cc + dc);
                }
                numbers.push((number, letter == 'a', entries.len()));
                entries.push(Entry {
                    name: format!("{}{}", number, letter),
                    vars,
                });
            }
        }
    }
    for (i, (_, span)) in cells.iter().enumerate() {
        if var_of[i].is_some() && !in_entry[i] {
            errors.push(
                Diagnostic::new(
                    ErrorKind::BadCell,
                    span.clone(),
                    "this white cell is in no entry",
                )
                .with_hint("an entry is a run of two or more white cells; make it `#`"),
            );
        }
    }
    for entry in &entries {
        let first = entry.vars[0];
        if !leading_zeros {
            domains[first] &= !1;
            if domains[first] == 0 {
                errors.push(
                    Diagnostic::new(
                        ErrorKind::ImpossibleCondition,
                        cells[first_cell[first]].1.clone(),
                        format!("entry {} cannot start with 0", entry.name),
                    )
                    .with_hint("add `with leading zeros` if its entries may"),
                );
            }
        }
        if entry.vars.len() as f64 * f64::from(base).log2() > ENTRY_BITS {
            errors.push(Diagnostic::new(
                ErrorKind::TooLarge,
                cells[first_cell[first]].1.clone(),
                format!(
                    "entry {} is too long: at most {} bits",
                    entry.name, ENTRY_BITS
                ),
            ));
        }
    }
    let names = Resolver {
        numbers: &numbers,
        entries: &entries,
        letters: &letters,
    };
    let entry_bits: Vec<f64> = entries
        .iter()
        .map(|e| e.vars.len() as f64 * f64::from(base).log2())
        .collect();
    let mut clues = Vec::new();
    for (text, at) in &segs[grid_rows..] {
        match parse::clue(text, *at, &names) {
            Err(e) => errors.push(parse_error(e)),
            Ok(cond) => {
                let at_span = *at..at + text.len();
                let fits = cond.exprs().iter().all(|e| {
                    e.bits(&entry_bits, f64::from(base).log2())
                        .is_some_and(|(n, d)| n + d <= CLUE_BITS)
                });
                if !fits {
                    errors.push(
                        Diagnostic::new(ErrorKind::TooLarge, at_span.clone(), "this clue's values may not fit in 125 bits")
                            .with_hint("a power's exponent must be a number written out, and values stay below 2^125"),
                    );
                }
                let (mut es, mut vars) = (Vec::new(), Vec::new());
                for e in cond.exprs() {
                    e.reads(&mut es, &mut vars);
                }
                es.sort_unstable();
                es.dedup();
                for &e in &es {
                    vars.extend(&entries[e].vars);
                }
                vars.sort_unstable();
                vars.dedup();
                if let Some(message) = crate::bounds::never(&cond, &entries, &domains, base) {
                    errors.push(Diagnostic::new(
                        ErrorKind::ImpossibleCondition,
                        at_span,
                        message,
                    ));
                }
                clues.push(Clue {
                    text: text.to_string(),
                    cond,
                    entries: es,
                    vars,
                });
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Crossnumber {
        written: cells
            .iter()
            .map(|c| if c.0 == '_' { '.' } else { c.0 })
            .collect(),
        numbers: printed,
        rows: nrows,
        cols,
        cells: var_of,
        domains,
        letters,
        first_cell,
        entries,
        clues,
        base,
        repeats,
    })
}

fn parse_error(e: ParseError) -> Diagnostic {
    let kind = if e.unknown {
        ErrorKind::UnknownName
    } else {
        ErrorKind::Syntax
    };
    let d = Diagnostic::new(kind, e.span, e.message);
    match e.hint {
        Some(h) => d.with_hint(h),
        None => d,
    }
}

struct Resolver<'a> {
    numbers: &'a [(u32, bool, usize)],
    entries: &'a [Entry],
    letters: &'a [Option<char>],
}

impl Names for Resolver<'_> {
    fn entry(&self, number: u32, across: bool, span: &Span) -> Result<usize, ParseError> {
        if let Some(&(_, _, e)) = self.numbers.iter().find(|n| n.0 == number && n.1 == across) {
            return Ok(e);
        }
        let mut near: Vec<&(u32, bool, usize)> = self.numbers.iter().collect();
        near.sort_by_key(|n| (n.0.abs_diff(number), n.1 != across, n.0));
        let near: Vec<String> = near
            .iter()
            .take(3)
            .map(|n| format!("`{}`", self.entries[n.2].name))
            .collect();
        Err(ParseError {
            span: span.clone(),
            message: format!(
                "no entry {}{} in this grid",
                number,
                if across { "a" } else { "d" }
            ),
            hint: Some(format!("the nearest entries: {}", near.join(", "))),
            unknown: true,
        })
    }

    fn letter(&self, letter: char, span: &Span) -> Result<usize, ParseError> {
        self.letters
            .iter()
            .position(|l| *l == Some(letter))
            .ok_or_else(|| ParseError {
                span: span.clone(),
                message: format!("no cell of the grid is named {}", letter),
                hint: Some("a clue names entries (`1a`, `5d`) and the grid's letters".into()),
                unknown: true,
            })
    }
}
