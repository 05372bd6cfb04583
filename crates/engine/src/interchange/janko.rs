//! Kakuro in the text format of Otto and Angela Janko's puzzle site
//! (janko.at), in and out.
//!
//! Where the format comes from. janko.at embeds each puzzle as a block of
//! lines: `begin`, then `key value` lines (`puzzle kakuro`, `author ...`,
//! `size N`, or `rows R` and `cols C`), then `problem` followed by the grid,
//! one row per line with cells separated by blanks, then `solution` and its
//! grid, then `end`. This layout is confirmed by a public scraper of the
//! site, github.com/tkoz0/janko.at-puzzle-scraping (`parser/PuzzleParser.py`
//! reads `begin` ... `end` blocks of `key value` lines and grids;
//! `parser/PuzzleParserUtils.py` lists the keys puzzle, author, solver,
//! source, info, title, variant, options, unit, rows, cols, size, problem,
//! solution, moves; `parser/parse_data.py` reads `/Kakuro` with the
//! `rows`/`cols` or `size` grid parsers), and by an earlier script of the
//! same kind ("puzzles from janko.at look something like: begin / puzzle
//! sudoku / size 9 / problem / - - 1 ..."). No public source seen shows a
//! Kakuro `problem` grid itself; its cells are read as the one public
//! Kakuro solver that cites janko.at for its puzzles writes them (a C++
//! MicroSAT Kakuro example): `-` an empty white cell, `#` a block, `D\A` a
//! clue with `0` for a side without a sum. A given digit 1–9 and `.` for a
//! white cell are read too. That cell notation is the part not confirmed
//! against a file from the site.
//!
//! crypta writes the same layout: `begin`, `puzzle kakuro`, `rows`, `cols`,
//! `problem`, the grid, `end` (no `solution`: the puzzle is what goes out).

use super::{ExportError, ImportError};
use crate::kinds::{Kakuro, KakuroCell, Sum};

/// Whether `text` looks like a Janko file: its first line that says
/// anything is `begin`.
pub fn is_janko(text: &str) -> bool {
    text.lines().map(str::trim).find(|l| !l.is_empty()) == Some("begin")
}

/// The crypta statement (`unique kakuro { ... }`) of each puzzle of a
/// Janko file (a file may hold several `begin` ... `end` blocks).
pub fn from_janko(text: &str) -> Result<Vec<String>, ImportError> {
    let mut out = Vec::new();
    let mut lines = text.lines().map(str::trim).enumerate().peekable();
    while let Some((n, line)) = lines.next() {
        match line {
            "" => continue,
            "begin" => {}
            _ => return Err(ImportError::ExpectedBegin(n + 1)),
        }
        let (mut rows, mut cols, mut grid) = (None, None, None);
        loop {
            let Some((n, line)) = lines.next() else {
                return Err(ImportError::EndsBeforeEnd);
            };
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let number = || {
                value
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|&v| (1..=256).contains(&v))
                    .ok_or(ImportError::NeedsNumber {
                        line: n + 1,
                        key: key.to_string(),
                    })
            };
            match key {
                "end" => break,
                "puzzle" if !value.trim().eq_ignore_ascii_case("kakuro") => {
                    return Err(ImportError::NotKakuro {
                        line: n + 1,
                        kind: value.trim().escape_debug().to_string(),
                    });
                }
                "size" => {
                    rows = Some(number()?);
                    cols = rows;
                }
                "rows" => rows = Some(number()?),
                "cols" => cols = Some(number()?),
                "problem" => {
                    let (Some(r), Some(c)) = (rows, cols) else {
                        return Err(ImportError::ProblemBeforeSize(n + 1));
                    };
                    let mut cells = Vec::with_capacity(r * c);
                    for _ in 0..r {
                        let Some((n, row)) = lines.next() else {
                            return Err(ImportError::EndsInsideGrid);
                        };
                        let row: Vec<&str> = row.split_whitespace().collect();
                        if row.len() != c {
                            return Err(ImportError::Cells {
                                line: n + 1,
                                found: row.len(),
                                cols: c,
                            });
                        }
                        for cell in row {
                            cells.push(read_cell(cell, n + 1)?);
                        }
                    }
                    grid = Some((cells, c));
                }
                "solution" | "areas" => {
                    // The solution's grid is skipped: crypta finds it.
                    for _ in 0..rows.unwrap_or(0) {
                        lines.next();
                    }
                }
                // Information about the puzzle (author, source, ...).
                _ => {}
            }
        }
        let Some((cells, cols)) = grid else {
            return Err(ImportError::NoProblem);
        };
        out.push(format!(
            "unique {}",
            crate::kinds::kakuro::ir::block(&cells, cols)
        ));
    }
    if out.is_empty() {
        return Err(ImportError::NoBlock);
    }
    Ok(out)
}

/// One cell of a `problem` grid, on 1-based line `line`.
fn read_cell(text: &str, line: usize) -> Result<KakuroCell, ImportError> {
    let side = |s: &str| -> Result<Option<Sum>, ImportError> {
        match s.parse::<u32>() {
            Ok(0) => Ok(None),
            Ok(n) => Ok(Some(Sum::Given(n))),
            Err(_) => Err(ImportError::CellSum {
                line,
                side: s.escape_debug().to_string(),
            }),
        }
    };
    match text {
        "#" => Ok(KakuroCell::Block),
        "-" | "." => Ok(KakuroCell::White { given: None }),
        _ if text.len() == 1 && matches!(text.as_bytes()[0], b'1'..=b'9') => {
            Ok(KakuroCell::White {
                given: Some(text.as_bytes()[0] - b'0'),
            })
        }
        _ => match text.split_once('\\') {
            Some((down, across)) => match (side(down)?, side(across)?) {
                (None, None) => Ok(KakuroCell::Block),
                (down, across) => Ok(KakuroCell::Clue { down, across }),
            },
            None => Err(ImportError::NotACell {
                line,
                cell: text.escape_debug().to_string(),
            }),
        },
    }
}

/// A checked Kakuro as a Janko file.
pub fn to_janko(k: &Kakuro) -> Result<String, ExportError> {
    let side = |s: Option<Sum>| match s {
        None => Ok("0".to_string()),
        Some(Sum::Given(n)) => Ok(n.to_string()),
        Some(Sum::Any) => Err(ExportError::AnySum),
    };
    let mut out = format!(
        "begin\npuzzle kakuro\nrows {}\ncols {}\nproblem\n",
        k.rows, k.cols
    );
    for row in k.cell_rows() {
        let cells: Result<Vec<String>, ExportError> = row
            .iter()
            .map(|cell| match *cell {
                KakuroCell::Block => Ok("#".to_string()),
                KakuroCell::White { given: None } => Ok("-".to_string()),
                KakuroCell::White { given: Some(d) } => Ok(d.to_string()),
                KakuroCell::Clue { down, across } => {
                    Ok(format!("{}\\{}", side(down)?, side(across)?))
                }
            })
            .collect();
        out.push_str(&cells?.join(" "));
        out.push('\n');
    }
    out.push_str("end\n");
    Ok(out)
}
