//! Finds the runs of a Kakuro grid, across and down, and diagnoses every
//! structural problem: a clue with no run after it, a run of two or more
//! cells without a clue, a run longer than 9, a sum the run cannot make,
//! and givens that repeat or break the sum; in a cryptic grid, a letter
//! twice in one run and a clue word no run of its length can reach.

use super::grid::{Cell, Side, Token};
use crate::{Direction, Sum};
use crypta_substrate::diagnostic::{Diagnostic, ErrorKind, Span};
use crypta_substrate::sums::{max_sum, min_sum, tables, MAX_LEN};

/// A run that passed every check.
pub struct Found {
    pub direction: Direction,
    /// The clue's number (0 for a word), or `?`.
    pub sum: Sum,
    /// The clue's word and its span, when the side is a word.
    pub word: Option<(String, Span)>,
    /// Row and column of the clue and of each cell.
    pub clue: (usize, usize),
    pub cells: Vec<(usize, usize)>,
}

type Line<'a> = Vec<((usize, usize), &'a Cell)>;

/// Every run of the grid, across runs first. Rows holding a malformed cell
/// are skipped, and so are columns, and all columns of a ragged grid: what
/// they would say is not reliable.
pub fn find(rows: &[Vec<Cell>], width: Option<usize>, errors: &mut Vec<Diagnostic>) -> Vec<Found> {
    let mut found = Vec::new();
    // White cells in a run with a clue, or already reported.
    let mut covered = std::collections::HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        let line: Line = row
            .iter()
            .enumerate()
            .map(|(c, cell)| ((r, c), cell))
            .collect();
        scan(&line, Direction::Across, errors, &mut found, &mut covered);
    }
    if let Some(width) = width {
        for c in 0..width {
            let line: Line = rows
                .iter()
                .enumerate()
                .filter_map(|(r, row)| row.get(c).map(|cell| ((r, c), cell)))
                .collect();
            scan(&line, Direction::Down, errors, &mut found, &mut covered);
        }
        lone_cells(rows, &covered, errors);
    }
    found
}

/// Reports each white cell that belongs to no run with a clue, across or
/// down: no rule would give it a digit, so every digit would count. A `?`
/// side is a clue (any sum, as pzprjs's runs without a number): a cell
/// whose runs are all `?` runs is in a run, so it is not alone; its
/// digits are still bound to differ from the rest of its runs.
fn lone_cells(
    rows: &[Vec<Cell>],
    covered: &std::collections::HashSet<(usize, usize)>,
    errors: &mut Vec<Diagnostic>,
) {
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if is_white(cell) && !covered.contains(&(r, c)) {
                errors.push(
                    Diagnostic::new(
                        ErrorKind::RunWithoutClue,
                        cell.span.clone(),
                        "this white cell belongs to no run with a clue, across or down",
                    )
                    .with_hint(
                        "give the cell to its left an across sum (`\\S`) or the cell above a \
                         down sum (`S\\`), or make it a block `#`",
                    ),
                );
            }
        }
    }
}

fn is_white(cell: &Cell) -> bool {
    matches!(cell.token, Token::White(_) | Token::Letter(_))
}

/// The side a clue cell gives in `direction`, with its span and text.
fn sum_of(cell: &Cell, direction: Direction) -> Option<(Side, Span, &str)> {
    match (cell.token, direction) {
        (
            Token::Clue {
                across: Some(s), ..
            },
            Direction::Across,
        ) => Some((s, cell.across_span.clone(), &cell.across_text)),
        (Token::Clue { down: Some(s), .. }, Direction::Down) => {
            Some((s, cell.down_span.clone(), &cell.down_text))
        }
        _ => None,
    }
}

fn words(direction: Direction) -> (&'static str, &'static str) {
    match direction {
        Direction::Across => ("across", "to its right"),
        Direction::Down => ("down", "below it"),
    }
}

fn scan(
    line: &Line,
    direction: Direction,
    errors: &mut Vec<Diagnostic>,
    found: &mut Vec<Found>,
    covered: &mut std::collections::HashSet<(usize, usize)>,
) {
    if line.iter().any(|(_, cell)| cell.token == Token::Bad) {
        // Not read: none of its cells is reported as alone.
        covered.extend(line.iter().map(|(at, _)| *at));
        return;
    }
    let (way, after) = words(direction);
    let mut i = 0;
    while i < line.len() {
        let cell = line[i].1;
        if !is_white(cell) {
            if let Some((side, span, text)) = sum_of(cell, direction) {
                if line.get(i + 1).is_none_or(|(_, next)| !is_white(next)) {
                    let sum = match side {
                        Side::Sum(n) => n.to_string(),
                        Side::Word => text.to_string(),
                        Side::Any => "?".to_string(),
                    };
                    errors.push(
                        Diagnostic::new(
                            ErrorKind::ClueWithoutRun,
                            span,
                            format!("the {} sum {} has no white cells {}", way, sum, after),
                        )
                        .with_hint("remove this sum, or make the next cell white with `.`"),
                    );
                }
            }
            i += 1;
            continue;
        }
        let end = (i..line.len())
            .find(|&j| !is_white(line[j].1))
            .unwrap_or(line.len());
        let run = &line[i..end];
        let head = i.checked_sub(1).map(|h| line[h].1);
        // A run with a clue, or one reported for having none.
        if head.and_then(|h| sum_of(h, direction)).is_some() || run.len() >= 2 {
            covered.extend(run.iter().map(|(at, _)| *at));
        }
        match head.and_then(|h| sum_of(h, direction)) {
            Some((side, span, text)) => {
                let (sum, word) = match side {
                    Side::Sum(n) => (Sum::Given(n), None),
                    Side::Word => (Sum::Given(0), Some((text.to_string(), span.clone()))),
                    Side::Any => (Sum::Any, None),
                };
                if let Some(run) = check(run, direction, sum, word.as_ref(), span, errors) {
                    found.push(Found {
                        direction,
                        sum,
                        word,
                        clue: line[i - 1].0,
                        cells: run,
                    });
                }
            }
            None if run.len() >= 2 => {
                let (span, labels) = run_span(run);
                let mut d = Diagnostic::new(
                    ErrorKind::RunWithoutClue,
                    span,
                    format!("a run of {} white cells {} has no clue", run.len(), way),
                );
                for (s, note) in labels {
                    d = d.with_label(s, note);
                }
                let example = match direction {
                    Direction::Across => "`\\S` or `D\\S`",
                    Direction::Down => "`S\\` or `S\\A`",
                };
                if let Some(h) = head {
                    d = d.with_label(h.span.clone(), format!("no {} sum here", way));
                }
                errors.push(d.with_hint(format!(
                    "the cell before a run holds its sum: write {} there",
                    example
                )));
            }
            None => {}
        }
        i = end;
    }
}

/// The span of a run and the labels that show where it ends: an across run
/// is one span; a down run points at its first cell and labels its last.
fn run_span(run: &[((usize, usize), &Cell)]) -> (Span, Vec<(Span, String)>) {
    let first = &run[0].1.span;
    let last = &run[run.len() - 1].1.span;
    if run.len() == 1 || run[0].0 .0 == run[run.len() - 1].0 .0 {
        (first.start..last.end, Vec::new())
    } else {
        (
            first.clone(),
            vec![(
                last.clone(),
                format!("the run ends here, {} cells down", run.len()),
            )],
        )
    }
}

/// Checks a run with a clue (a number `sum`, `?`, or a `word`); its cells
/// when every check passes. A `?` run has no sum to check, only its givens.
fn check(
    run: &[((usize, usize), &Cell)],
    direction: Direction,
    sum: Sum,
    word: Option<&(String, Span)>,
    sum_span: Span,
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<(usize, usize)>> {
    let len = run.len();
    let (span, labels) = run_span(run);
    if len > MAX_LEN {
        let mut d = Diagnostic::new(
            ErrorKind::RunTooLong,
            span,
            format!(
                "a run of {} cells: at most 9 can hold different digits",
                len
            ),
        );
        for (s, note) in labels {
            d = d.with_label(s, note);
        }
        errors.push(d.with_hint("split the run with a `#` block or a clue"));
        return None;
    }
    let (least, most) = (min_sum(len), max_sum(len));
    if let Some((text, _)) = word {
        return check_word(run, direction, text, sum_span, errors);
    }
    let sum = match sum {
        Sum::Given(s) => s,
        Sum::Any => {
            let ok = no_repeats(run, direction, true, errors);
            return ok.then(|| run.iter().map(|(at, _)| *at).collect());
        }
    };
    if sum < least || sum > most {
        let written = match (direction, sum) {
            (_, u32::MAX) => "this sum".to_string(),
            (Direction::Across, s) => format!("`\\{}`", s),
            (Direction::Down, s) => format!("`{}\\`", s),
        };
        let bound = if sum < least {
            format!("the least is {}", least)
        } else {
            format!("the most is {}", most)
        };
        let cells = if len == 1 {
            "1 cell".to_string()
        } else {
            format!("{} cells", len)
        };
        errors.push(
            Diagnostic::new(
                ErrorKind::ImpossibleSum,
                sum_span,
                format!("{} is impossible over {}: {}", written, cells, bound),
            )
            .with_label(span, format!("the {} run", words(direction).0))
            .with_hint(format!(
                "{} different digits from 1 to 9 sum to {} at least and {} at most",
                len, least, most
            )),
        );
        return None;
    }
    let mut givens = 0u16;
    let mut first_at: [Option<Span>; 10] = Default::default();
    let mut ok = no_repeats(run, direction, false, errors);
    for (_, cell) in run {
        let Token::White(Some(d)) = cell.token else {
            continue;
        };
        let d = usize::from(d);
        match &first_at[d] {
            Some(first) => {
                ok = false;
                errors.push(
                    Diagnostic::new(
                        ErrorKind::RepeatedGiven,
                        cell.span.clone(),
                        format!("the given {} repeats in this {} run", d, words(direction).0),
                    )
                    .with_label(first.clone(), "first given here")
                    .with_hint("a digit appears at most once in a run"),
                );
            }
            None => first_at[d] = Some(cell.span.clone()),
        }
        givens |= 1 << d;
    }
    if ok && !tables().possible(len, sum, givens) {
        let list: Vec<String> = (1..=9)
            .filter(|d| givens >> d & 1 == 1)
            .map(|d| d.to_string())
            .collect();
        let mut d = Diagnostic::new(
            ErrorKind::GivensBreakSum,
            sum_span,
            format!(
                "no {} different digits that include the given {} sum to {}",
                len,
                list.join(", "),
                sum
            ),
        );
        for s in first_at.iter().flatten() {
            d = d.with_label(s.clone(), "given here");
        }
        errors.push(d.with_hint("change a given or the sum"));
        ok = false;
    }
    ok.then(|| run.iter().map(|(at, _)| *at).collect())
}

/// The checks of a run whose clue is a word: the word can reach a sum of
/// the run's length (whatever its letters stand for, a word of two or more
/// cells not starting with 0), and no letter or given appears twice.
fn check_word(
    run: &[((usize, usize), &Cell)],
    direction: Direction,
    text: &str,
    sum_span: Span,
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<(usize, usize)>> {
    let len = run.len();
    let (least, most) = (min_sum(len) as u64, max_sum(len) as u64);
    let (mut low, mut high) = (0u64, 0u64);
    let long = text.chars().count() > 1;
    for (i, b) in text.chars().enumerate() {
        let (lo, hi) = match b {
            '0'..='9' => {
                let d = u64::from(b.to_digit(10).unwrap_or(0));
                (d, d)
            }
            _ if i == 0 && long => (1, 9),
            _ => (0, 9),
        };
        low = low.saturating_mul(10).saturating_add(lo);
        high = high.saturating_mul(10).saturating_add(hi);
    }
    let way = words(direction).0;
    if low > most || high < least {
        let (span, _) = run_span(run);
        errors.push(
            Diagnostic::new(
                ErrorKind::ImpossibleSum,
                sum_span,
                if low > most {
                    format!(
                        "`{}` is at least {}: no run of {} cells sums to that much",
                        text,
                        if text.chars().count() > 18 {
                            format!("10^{}", text.chars().count() - 1)
                        } else {
                            low.to_string()
                        },
                        len
                    )
                } else {
                    format!(
                        "`{}` is at most {}: no run of {} cells sums to that little",
                        text, high, len
                    )
                },
            )
            .with_label(span, format!("the {} run", way))
            .with_hint(format!(
                "{} different digits from 1 to 9 sum to {} at least and {} at most",
                len, least, most
            )),
        );
        return None;
    }
    let ok = no_repeats(run, direction, true, errors);
    ok.then(|| run.iter().map(|(at, _)| *at).collect())
}

/// Reports each letter (and, with `givens`, each given digit) that appears
/// twice in a run; whether none does.
fn no_repeats(
    run: &[((usize, usize), &Cell)],
    direction: Direction,
    givens: bool,
    errors: &mut Vec<Diagnostic>,
) -> bool {
    let mut ok = true;
    let mut seen: Vec<(Token, Span)> = Vec::new();
    for (_, cell) in run {
        let counted = match cell.token {
            Token::Letter(_) => true,
            Token::White(Some(_)) => givens,
            _ => false,
        };
        if !counted {
            continue;
        }
        if let Some((_, first)) = seen.iter().find(|(t, _)| *t == cell.token) {
            ok = false;
            let (kind, what) = match cell.token {
                Token::Letter(c) => (ErrorKind::RepeatedSymbol, format!("the letter `{}`", c)),
                _ => (ErrorKind::RepeatedGiven, "this given".to_string()),
            };
            errors.push(
                Diagnostic::new(
                    kind,
                    cell.span.clone(),
                    format!("{} repeats in this {} run", what, words(direction).0),
                )
                .with_label(first.clone(), "first here")
                .with_hint("a digit appears at most once in a run, and a letter is one digit"),
            );
        } else {
            seen.push((cell.token, cell.span.clone()));
        }
    }
    ok
}
