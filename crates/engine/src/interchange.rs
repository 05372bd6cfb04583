//! Kakuro puzzles in and out of other tools' formats: puzz.link URLs
//! (pzprjs's `kakuro` encoding, `https://puzz.link/p?kakuro/COLS/ROWS/BODY`).
//!
//! pzprjs's board is the grid without its clue row and column, which it
//! keeps as "outside" cells; its body lists the inner cells row by row, a
//! clue cell as its down and across sums (one character each: `1`-`9`,
//! `a`-`j` for 10-19, `A`-`Z` for 20-45, `0` for none) or `.` for a block,
//! a stretch of 1 to 16 white cells as one letter `k`-`z`; then the down
//! sums of the top row's outside cells over white cells, and the across
//! sums of the left column's. crypta's grid is the whole board, outside
//! cells included. A sum of 0 before white cells is a run with any sum
//! (pzprjs's `isTotalNumber` accepts any total there, and its digits must
//! still differ): crypta's `?`. (pzprjs's `src/variety/kakuro.js`,
//! `decodeKakuro`/`encodeKakuro`, is the description followed.)

mod error;
pub mod janko;

pub use error::{ExportError, ImportError};

use crate::kinds::{Kakuro, KakuroCell, Sum};
use crate::program::check_script;
use crate::program::Action;

/// The crypta statement (`unique kakuro { ... }`) of a puzz.link Kakuro
/// URL (or its part from `kakuro/`). A run with no clue, which pzprjs
/// allows (any sum), is written `?`.
pub fn from_puzzlink(url: &str) -> Result<String, ImportError> {
    let data = url
        .split_once("kakuro/")
        .map(|(_, rest)| rest)
        .ok_or(ImportError::NotKakuroUrl)?;
    let mut parts = data.splitn(3, '/');
    let number = |part: Option<&str>, what: &'static str| -> Result<usize, ImportError> {
        part.and_then(|p| p.parse().ok())
            .filter(|&n| (1..=256).contains(&n))
            .ok_or(ImportError::Side(what))
    };
    let cols = number(parts.next(), "width")?;
    let rows = number(parts.next(), "height")?;
    let body: Vec<char> = parts.next().unwrap_or("").trim_end().chars().collect();
    // Inner cells: None for white, Some((down, across)) for a clue cell.
    let mut inner: Vec<Option<(u32, u32)>> = Vec::with_capacity(rows * cols);
    let mut i = 0;
    while inner.len() < rows * cols {
        let c = *body.get(i).ok_or(ImportError::EndsBeforeGrid)?;
        match c {
            'k'..='z' => {
                let n = c as usize - 'k' as usize + 1;
                inner.extend(std::iter::repeat_n(None, n));
                i += 1;
            }
            '.' => {
                inner.push(Some((0, 0)));
                i += 1;
            }
            _ => {
                let down = value(c)?;
                let across = value(*body.get(i + 1).ok_or(ImportError::EndsInsideClue)?)?;
                inner.push(Some((down, across)));
                i += 2;
            }
        }
    }
    if inner.len() > rows * cols {
        return Err(ImportError::PastTheEnd);
    }
    let (w, h) = (cols + 1, rows + 1);
    // The whole board: None for a white cell, else a wall's (down, across)
    // numbers, 0 for none.
    let mut raw: Vec<Option<(u32, u32)>> = vec![Some((0, 0)); w * h];
    for (k, cell) in inner.iter().enumerate() {
        raw[(k / cols + 1) * w + k % cols + 1] = *cell;
    }
    let mut next = |what: &'static str| -> Result<u32, ImportError> {
        let c = *body.get(i).ok_or(ImportError::EndsBeforeSums(what))?;
        i += 1;
        value(c)
    };
    for c in 0..cols {
        if inner[c].is_none() {
            raw[c + 1] = Some((next("outside down")?, 0));
        }
    }
    for r in 0..rows {
        if inner[r * cols].is_none() {
            raw[(r + 1) * w] = Some((0, next("outside across")?));
        }
    }
    // A complete grid ends the URL: what follows is not part of it (a
    // second URL run on, a paste gone wrong), and is refused rather than
    // dropped unseen.
    if i < body.len() {
        let rest: String = body[i..].iter().collect();
        return Err(ImportError::GoesOn {
            cols,
            rows,
            rest: crate::report::diagnostics::shortened(&rest, 40),
        });
    }
    lost_sums(&raw, w)?;
    let cells = sides(&raw, w);
    Ok(format!(
        "unique {}",
        crate::kinds::kakuro::ir::block(&cells, w)
    ))
}

/// A sum with no white cell after it, which crypta's grid could not keep
/// (it would be dropped unseen): an error naming the cell.
fn lost_sums(raw: &[Option<(u32, u32)>], w: usize) -> Result<(), ImportError> {
    let white = |i: usize| raw.get(i).is_some_and(Option::is_none);
    for (i, cell) in raw.iter().enumerate() {
        let Some((down, across)) = *cell else {
            continue;
        };
        let (row, col) = (i / w, i % w);
        if down > 0 && !white(i + w) {
            return Err(ImportError::LostSum {
                row: row + 1,
                col: col + 1,
                down: true,
                sum: down,
            });
        }
        if across > 0 && (col + 1 == w || !white(i + 1)) {
            return Err(ImportError::LostSum {
                row: row + 1,
                col: col + 1,
                down: false,
                sum: across,
            });
        }
    }
    Ok(())
}

/// crypta's cells of a pzprjs board (`raw`, `w` wide). In pzprjs every
/// stretch of white cells is a run whose digits differ, and a wall's
/// number 0 means the run has any sum; crypta writes that side `?`. A
/// single cell after a 0 gets `?` only when its other run is a single
/// cell without a number too: otherwise the side says nothing, and crypta
/// would call the cell alone.
fn sides(raw: &[Option<(u32, u32)>], w: usize) -> Vec<KakuroCell> {
    let white = |i: usize| raw.get(i).is_some_and(Option::is_none);
    // The length of the stretch of white cells from `i` on, `step` apart
    // (an across stretch ends with its row).
    let stretch = |i: usize, step: usize| {
        let mut n = 0;
        while white(i + n * step) && (step == w || n == 0 || !(i + n).is_multiple_of(w)) {
            n += 1;
        }
        n
    };
    // The wall before white cell `i` along `step`, and its number.
    let head = |i: usize, step: usize| {
        let mut j = i;
        while white(j) {
            j -= step;
        }
        let (down, across) = raw[j].unwrap_or((0, 0));
        (j, if step == w { down } else { across })
    };
    let side = |i: usize, step: usize, number: u32| -> Option<Sum> {
        let first = i + step;
        if step == 1 && first.is_multiple_of(w) || !white(first) {
            return None;
        }
        if number > 0 {
            return Some(Sum::Given(number));
        }
        if stretch(first, step) >= 2 {
            return Some(Sum::Any);
        }
        let other = if step == 1 { w } else { 1 };
        let (j, n) = head(first, other);
        (n == 0 && stretch(j + other, other) == 1).then_some(Sum::Any)
    };
    (0..raw.len())
        .map(|i| match raw[i] {
            None => KakuroCell::White { given: None },
            Some((down, across)) => match (side(i, w, down), side(i, 1, across)) {
                (None, None) => KakuroCell::Block,
                (down, across) => KakuroCell::Clue { down, across },
            },
        })
        .collect()
}

/// One character of pzprjs's sums.
fn value(c: char) -> Result<u32, ImportError> {
    match c {
        '0'..='9' | 'a'..='j' => Ok(c.to_digit(36).unwrap_or(0)),
        'A'..='Z' => Ok(c.to_digit(36).unwrap_or(0) + 10),
        _ => Err(ImportError::NotASum(c)),
    }
}

/// pzprjs's character for a side (0 for none, or for `?`: any sum).
fn character(s: Option<Sum>) -> Result<char, ExportError> {
    match s.and_then(Sum::given).unwrap_or(0) {
        s @ 0..=19 => Ok(std::char::from_digit(s, 36).unwrap_or('0')),
        s @ 20..=45 => Ok(std::char::from_digit(s - 10, 36)
            .unwrap_or('0')
            .to_ascii_uppercase()),
        s => Err(ExportError::SumTooLarge(s)),
    }
}

/// Every Kakuro of `source` (a crypta script) as a puzz.link URL.
pub fn to_puzzlink(source: &str) -> Result<Vec<String>, ExportError> {
    kakuros(source)?.iter().map(puzzlink).collect()
}

/// Every Kakuro of `source` (a crypta script) as a Janko file.
pub fn to_janko(source: &str) -> Result<Vec<String>, ExportError> {
    kakuros(source)?.iter().map(janko::to_janko).collect()
}

/// The crypta statements of a puzzle from another tool: a Janko file (its
/// first line `begin`), else puzz.link URLs, one per line (`#` comments).
/// Each statement, or the error of its line.
pub fn import(text: &str) -> Vec<Result<String, ImportError>> {
    if janko::is_janko(text) {
        return match janko::from_janko(text) {
            Ok(statements) => statements.into_iter().map(Ok).collect(),
            Err(e) => vec![Err(e)],
        };
    }
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            from_puzzlink(line).map_err(|e| ImportError::Line {
                line: crate::report::diagnostics::shortened(line, 80),
                error: Box::new(e),
            })
        })
        .collect()
}

/// The plain Kakuro grids a script asks about.
fn kakuros(source: &str) -> Result<Vec<Kakuro>, ExportError> {
    let (statements, diagnostics) = check_script(source);
    if let Some(d) = diagnostics.first() {
        return Err(ExportError::DoesNotCheck(d.message.clone()));
    }
    let mut out = Vec::new();
    for statement in statements {
        match statement.action {
            Action::Ask { puzzle, .. } => match puzzle.downcast_ref::<Kakuro>() {
                Some(k) => out.push(k.clone()),
                None => {
                    return Err(ExportError::NotKakuro {
                        number: statement.number,
                        kind: puzzle.kind_name(),
                    })
                }
            },
            Action::Bind { .. } => {}
        }
    }
    Ok(out)
}

fn puzzlink(k: &Kakuro) -> Result<String, ExportError> {
    let (w, h) = (k.cols, k.rows);
    if w < 2 || h < 2 {
        return Err(ExportError::TooSmall);
    }
    let at = |r: usize, c: usize| &k.cells[r * w + c];
    let is_white = |r: usize, c: usize| matches!(at(r, c), KakuroCell::White { .. });
    if (0..w).any(|c| is_white(0, c)) || (0..h).any(|r| is_white(r, 0)) {
        return Err(ExportError::WhiteOnTheEdge);
    }
    let mut body = String::new();
    let mut whites = 0;
    for r in 1..h {
        for c in 1..w {
            let piece = match at(r, c) {
                KakuroCell::White { given: Some(_) } => return Err(ExportError::GivenDigit),
                KakuroCell::White { given: None } => {
                    whites += 1;
                    if whites == 16 {
                        body.push('z');
                        whites = 0;
                    }
                    continue;
                }
                KakuroCell::Block => ".".to_string(),
                KakuroCell::Clue { down, across } => {
                    match (character(*down)?, character(*across)?) {
                        // Two runs of any sum are pzprjs's plain wall.
                        ('0', '0') => ".".to_string(),
                        (d, a) => format!("{}{}", d, a),
                    }
                }
            };
            if whites > 0 {
                body.push(run_letter(whites));
                whites = 0;
            }
            body.push_str(&piece);
        }
    }
    if whites > 0 {
        body.push(run_letter(whites));
    }
    let sum = |cell: &KakuroCell, down: bool| match cell {
        KakuroCell::Clue { down: d, across: a } => {
            if down {
                *d
            } else {
                *a
            }
        }
        _ => None,
    };
    for c in 1..w {
        if is_white(1, c) {
            body.push(character(sum(at(0, c), true))?);
        }
    }
    for r in 1..h {
        if is_white(r, 1) {
            body.push(character(sum(at(r, 0), false))?);
        }
    }
    Ok(format!(
        "https://puzz.link/p?kakuro/{}/{}/{}",
        w - 1,
        h - 1,
        body
    ))
}

/// The letter of a stretch of `n` (1 to 16) white cells.
fn run_letter(n: usize) -> char {
    char::from(b'k' + (n as u8 - 1))
}
