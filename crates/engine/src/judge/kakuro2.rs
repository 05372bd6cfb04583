//! algospot KAKURO2: solve Kakuro grids given as a colour map and a list of
//! hints.
//!
//! Input: `C` test cases; each is `N`, then N rows of N numbers (1 a white
//! cell, 0 a black or hint cell), then `Q` and Q hints `y x direction sum`
//! (1-based row and column of the hint cell; direction 0 across, 1 down).
//! Output: for each test case, N lines of N numbers separated by single
//! spaces: the digit of each white cell, 0 for black and hint cells.
//!
//! Each test case becomes a `first 1 kakuro { ... }` statement (the problem
//! promises exactly one solution) and runs through the whole pipeline.

use std::fmt::Write;

use super::{run_source, Failure, JudgeError};
use crate::kinds::Kakuro;
use crate::report::diagnostics::position;
use crate::run::RunOptions;
use crypta_substrate::limits::MAX_GRID_CELLS;

struct Tokens<'a> {
    it: std::str::SplitWhitespace<'a>,
    case: usize,
}

impl Tokens<'_> {
    fn number(&mut self, what: &str) -> Result<u64, JudgeError> {
        self.number_of(|| what.to_string())
    }

    /// A number; `what` names it in an error (built only then).
    fn number_of(&mut self, what: impl Fn() -> String) -> Result<u64, JudgeError> {
        let Some(token) = self.it.next() else {
            return Err(JudgeError::EndsBefore {
                case: self.case,
                what: what(),
            });
        };
        token.parse().map_err(|_| JudgeError::NotANumber {
            case: self.case,
            what: what(),
            token: token.to_string(),
        })
    }
}

/// Solves every test case in `input` and prints each grid's digits; the
/// error says what is wrong with the input.
pub fn judge(input: &str, options: &RunOptions) -> Result<String, JudgeError> {
    let mut tokens = Tokens {
        it: input.split_whitespace(),
        case: 0,
    };
    let cases = tokens.number("the number of test cases")?;
    let mut out = String::new();
    for case in 1..=cases {
        tokens.case = case as usize;
        out.push_str(&solve_case(&mut tokens, options)?);
    }
    Ok(out)
}

fn solve_case(tokens: &mut Tokens, options: &RunOptions) -> Result<String, JudgeError> {
    let case = tokens.case;
    let n = tokens.number("the grid size N")? as usize;
    if n == 0 || n.saturating_mul(n) > MAX_GRID_CELLS {
        return Err(JudgeError::GridSize { case, n });
    }
    let mut white = vec![false; n * n];
    for (i, w) in white.iter_mut().enumerate() {
        let what = || format!("the colour of cell ({}, {})", i / n + 1, i % n + 1);
        *w = match tokens.number_of(what)? {
            0 => false,
            1 => true,
            other => {
                return Err(JudgeError::Colour {
                    case,
                    what: what(),
                    value: other,
                })
            }
        };
    }
    let q = tokens.number("the number of hints Q")?;
    // (down, across) sums of each hint cell.
    let mut clues: Vec<[Option<u64>; 2]> = vec![[None; 2]; n * n];
    for h in 1..=q {
        let mut field = |what: &str| tokens.number_of(|| format!("{} of hint {}", what, h));
        let (y, x, dir, sum) = (field("y")?, field("x")?, field("direction")?, field("sum")?);
        let inside = |v: u64| (1..=n as u64).contains(&v);
        if !inside(y) || !inside(x) {
            return Err(JudgeError::HintOutside {
                case,
                hint: h,
                y,
                x,
            });
        }
        let cell = (y as usize - 1) * n + (x as usize - 1);
        if white[cell] {
            return Err(JudgeError::HintOnWhite {
                case,
                hint: h,
                y,
                x,
            });
        }
        let slot = match dir {
            0 => 1,
            1 => 0,
            _ => {
                return Err(JudgeError::HintDirection {
                    case,
                    hint: h,
                    direction: dir,
                })
            }
        };
        if clues[cell][slot].replace(sum).is_some() {
            return Err(JudgeError::HintRepeats {
                case,
                hint: h,
                y,
                x,
            });
        }
    }
    let mut source = String::with_capacity(n * n * 4 + 32);
    source.push_str("first 1 kakuro {\n");
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            match (white[i], clues[i]) {
                (true, _) => source.push('.'),
                (false, [None, None]) => source.push('#'),
                (false, [down, across]) => {
                    if let Some(d) = down {
                        let _ = write!(source, "{}", d);
                    }
                    source.push('\\');
                    if let Some(a) = across {
                        let _ = write!(source, "{}", a);
                    }
                }
            }
            source.push(if c + 1 == n { '\n' } else { ' ' });
        }
    }
    source.push_str("}\n");
    let search = run_source(&source, options).map_err(|failure| match failure {
        Failure::Rejected(d) => JudgeError::CaseRejected {
            case,
            cell: cell_of(&source, d.span.start),
            message: d.message,
        },
        Failure::Other(why) => JudgeError::InCase {
            case,
            why: Box::new(why),
        },
    })?;
    let (Some(kakuro), Some(solution)) = (
        search.puzzle.downcast_ref::<Kakuro>(),
        search.solutions.first(),
    ) else {
        return Err(JudgeError::CaseNoSolution { case });
    };
    let grid = kakuro.grid(&solution.values);
    let mut out = String::with_capacity(n * n * 2);
    for row in grid {
        for (c, d) in row.iter().enumerate() {
            if c > 0 {
                out.push(' ');
            }
            let _ = write!(out, "{}", d);
        }
        out.push('\n');
    }
    Ok(out)
}

/// `cell (y, x): ` for a diagnostic at `offset` of the generated grid (its
/// rows start on the second line, one cell per word).
fn cell_of(source: &str, offset: usize) -> String {
    let (line, _) = position(source, offset);
    let line_start = source[..offset.min(source.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let before = source.get(line_start..offset).unwrap_or("");
    // Words before the offset; one more unless it falls inside a word.
    let inside = before.ends_with(|c: char| !c.is_whitespace());
    let x = before.split_whitespace().count() + usize::from(!inside);
    match line.checked_sub(1) {
        Some(y) if y >= 1 => format!("cell ({}, {}): ", y, x),
        _ => String::new(),
    }
}
