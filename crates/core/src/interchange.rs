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
//! cells included.

use crate::check::check_script;
use crate::ir::{Action, Kakuro, KakuroCell, Puzzle};

/// The crypta statement (`unique kakuro { ... }`) of a puzz.link Kakuro
/// URL (or its part from `kakuro/`). A run with no clue, which pzprjs
/// allows (any sum), has no crypta notation: an error says so.
pub fn from_puzzlink(url: &str) -> Result<String, String> {
    let data = url
        .split_once("kakuro/")
        .map(|(_, rest)| rest)
        .ok_or("not a puzz.link Kakuro URL: it has no `kakuro/`")?;
    let mut parts = data.splitn(3, '/');
    let number = |part: Option<&str>, what: &str| -> Result<usize, String> {
        part.and_then(|p| p.parse().ok())
            .filter(|&n| (1..=256).contains(&n))
            .ok_or(format!("the URL's {} is not a number from 1 to 256", what))
    };
    let cols = number(parts.next(), "width")?;
    let rows = number(parts.next(), "height")?;
    let body: Vec<char> = parts.next().unwrap_or("").trim_end().chars().collect();
    // Inner cells: None for white, Some((down, across)) for a clue cell.
    let mut inner: Vec<Option<(u32, u32)>> = Vec::with_capacity(rows * cols);
    let mut i = 0;
    while inner.len() < rows * cols {
        let c = *body.get(i).ok_or("the URL ends before its grid")?;
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
                let across = value(*body.get(i + 1).ok_or("the URL ends inside a clue")?)?;
                inner.push(Some((down, across)));
                i += 2;
            }
        }
    }
    if inner.len() > rows * cols {
        return Err("a stretch of white cells runs past the end of the grid".into());
    }
    let (w, h) = (cols + 1, rows + 1);
    let mut cells = vec![KakuroCell::Block; w * h];
    for (k, cell) in inner.iter().enumerate() {
        let at = (k / cols + 1) * w + k % cols + 1;
        cells[at] = match cell {
            None => KakuroCell::White { given: None },
            Some((down, across)) => clue(*down, *across),
        };
    }
    let mut next = |what: &str| -> Result<u32, String> {
        let c = *body
            .get(i)
            .ok_or(format!("the URL ends before the {} sums", what))?;
        i += 1;
        value(c)
    };
    for c in 0..cols {
        if inner[c].is_none() {
            cells[c + 1] = clue(next("outside down")?, 0);
        }
    }
    for r in 0..rows {
        if inner[r * cols].is_none() {
            cells[(r + 1) * w] = clue(0, next("outside across")?);
        }
    }
    unclued_runs(&cells, w)?;
    Ok(format!("unique {}", crate::ir::kakuro::block(&cells, w)))
}

/// A clue cell of pzprjs's sums (0: none).
fn clue(down: u32, across: u32) -> KakuroCell {
    let some = |s: u32| (s > 0).then_some(s);
    match (some(down), some(across)) {
        (None, None) => KakuroCell::Block,
        (down, across) => KakuroCell::Clue { down, across },
    }
}

/// One character of pzprjs's sums.
fn value(c: char) -> Result<u32, String> {
    match c {
        '0'..='9' | 'a'..='j' => Ok(c.to_digit(36).unwrap_or(0)),
        'A'..='Z' => Ok(c.to_digit(36).unwrap_or(0) + 10),
        _ => Err(format!(
            "`{}` is not a sum in a puz.link Kakuro URL",
            c.escape_debug()
        )),
    }
}

/// pzprjs's character for sum `s` (0 for none).
fn character(s: Option<u32>) -> Result<char, String> {
    match s.unwrap_or(0) {
        s @ 0..=19 => Ok(std::char::from_digit(s, 36).unwrap_or('0')),
        s @ 20..=45 => Ok(std::char::from_digit(s - 10, 36)
            .unwrap_or('0')
            .to_ascii_uppercase()),
        s => Err(format!(
            "a sum of {} has no puzz.link notation (at most 45)",
            s
        )),
    }
}

/// An error when a run of white cells has no clue before it.
fn unclued_runs(cells: &[KakuroCell], w: usize) -> Result<(), String> {
    let white = |i: usize| matches!(cells[i], KakuroCell::White { .. });
    for (i, cell) in cells.iter().enumerate() {
        let (r, c) = (i / w, i % w);
        let starts_across = c + 1 < w && white(i + 1) && !white(i);
        let starts_down = i + w < cells.len() && white(i + w) && !white(i);
        let (down, across) = match cell {
            KakuroCell::Clue { down, across } => (*down, *across),
            _ => (None, None),
        };
        if (starts_across && across.is_none()) || (starts_down && down.is_none()) {
            return Err(format!(
                "the run after r{}c{} has no clue (any sum, in puzz.link); crypta's Kakuro has \
                 no notation for it",
                r + 1,
                c + 1
            ));
        }
    }
    Ok(())
}

/// Every Kakuro of `source` (a crypta script) as a puzz.link URL.
pub fn to_puzzlink(source: &str) -> Result<Vec<String>, String> {
    kakuros(source)?.iter().map(puzzlink).collect()
}

/// The plain Kakuro grids a script asks about.
fn kakuros(source: &str) -> Result<Vec<Kakuro>, String> {
    let (statements, diagnostics) = check_script(source);
    if let Some(d) = diagnostics.first() {
        return Err(format!("the script does not check: {}", d.message));
    }
    let mut out = Vec::new();
    for statement in statements {
        match statement.action {
            Action::Ask {
                puzzle: Puzzle::Kakuro(k),
                ..
            } => out.push(k),
            Action::Ask { puzzle, .. } => {
                return Err(format!(
                    "statement {} is a {} puzzle: only plain Kakuro grids have a puzz.link form",
                    statement.number,
                    puzzle.kind_name()
                ))
            }
            Action::Bind { .. } => {}
        }
    }
    Ok(out)
}

fn puzzlink(k: &Kakuro) -> Result<String, String> {
    let (w, h) = (k.cols, k.rows);
    if w < 2 || h < 2 {
        return Err("a grid needs a clue row and column and a cell more".into());
    }
    let at = |r: usize, c: usize| &k.cells[r * w + c];
    let is_white = |r: usize, c: usize| matches!(at(r, c), KakuroCell::White { .. });
    if (0..w).any(|c| is_white(0, c)) || (0..h).any(|r| is_white(r, 0)) {
        return Err(
            "puzz.link keeps the first row and column for clues: they hold a white cell".into(),
        );
    }
    let mut body = String::new();
    let mut whites = 0;
    for r in 1..h {
        for c in 1..w {
            let piece = match at(r, c) {
                KakuroCell::White { given: Some(_) } => {
                    return Err("puzz.link Kakuro URLs have no given digits".into())
                }
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
                    format!("{}{}", character(*down)?, character(*across)?)
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
