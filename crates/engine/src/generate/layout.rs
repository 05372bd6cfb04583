//! Skeleton long multiplications and divisions: numbers planted at
//! random, the whole working written out as a book prints it, then digits
//! hidden one at a time, in random order, as long as the solver still
//! proves the puzzle has one solution.
//!
//! The result is a local maximum: every digit still shown is one whose
//! hiding (alone) gives the puzzle a second solution, so no single further
//! digit can be hidden. It is not the most digits any skeleton of these
//! numbers can hide: another order may hide more. Each test of a hiding
//! first gets a small node budget; the digits whose test ran out of it are
//! tried again at the end with a budget `FINAL_FACTOR` times larger, and
//! stay shown if that runs out too (so "local maximum" holds up to that
//! budget, which the generated sizes seldom reach).
//!
//! With `keep`, only that digit is ever shown: every other digit is hidden
//! from the start, and numbers are planted again until showing all of that
//! digit makes the puzzle unique. With `letters`, a shown digit is written
//! as a letter, the same letter for the same digit (different letters are
//! different digits, as in any crypta puzzle).
//!
//! `keep` and `letters` together show one letter and say nothing of its
//! value: the puzzle must imply that the letter is the kept digit, which
//! far fewer plants do (about one in 300 for a 3x2 multiplication with a
//! third of the planted digits sevens, against one in a few for `keep`
//! alone). So those plants have half their digits the kept one, up to
//! `LETTER_PLANTS` of them are tried, and each first test gets the small
//! budget (a plant it cannot settle is passed over rather than searched 40
//! times longer).

use super::{puzzle_of, solutions_of, Bug, Checked, Rng, Solutions};
use crate::kinds::Puzzle;

/// Search nodes for one test of a hiding.
const NODES: u64 = 50_000;

/// How much larger the budget of the final tests is.
pub(crate) const FINAL_FACTOR: u64 = 40;

/// Plants tried before giving up (only `keep` needs more than one).
const PLANTS: usize = 200;

/// Plants tried with `keep` and `letters`.
const LETTER_PLANTS: usize = 5_000;

/// Letters that stand for digits with `letters`: no `X`, which starts the
/// multiplier line.
const LETTERS: &[u8] = b"ABCDEFGHKMNPRSTUVWYZ";

/// Long multiplication or long division.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    /// `--digits AxB`: a multiplicand of A digits times a multiplier of B.
    Multiplication,
    /// `--digits AxB`: a dividend of A digits divided by a divisor of B.
    Division,
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct Spec {
    /// Multiplication or division.
    pub operation: Operation,
    /// Multiplicand and multiplier digits, or dividend and divisor digits
    /// (each 1 to [`MAX_DIGITS`]; a dividend at least as long as its divisor).
    pub digits: (usize, usize),
    /// Picks the puzzle: the same spec and seed give the same puzzle.
    pub seed: u64,
    /// Show only this digit, as few of them as uniqueness allows.
    pub keep: Option<u8>,
    /// Show each shown digit as a letter.
    pub letters: bool,
    /// Allow shapes a book would not print: a multiplier with a 0 digit
    /// (a missing partial product) or a multiplicand or divisor ending in
    /// 0, and with `keep` a number shown whole.
    pub any_shape: bool,
}

/// The most digits of a planted number.
pub const MAX_DIGITS: usize = 9;

/// The worked operation as printed: a grid of characters and the digit
/// cells in it.
struct Sheet {
    block: &'static str,
    grid: Vec<Vec<char>>,
    /// (line, column, digit) of every digit.
    cells: Vec<(usize, usize, u8)>,
}

impl Sheet {
    fn new(block: &'static str) -> Sheet {
        Sheet {
            block,
            grid: Vec::new(),
            cells: Vec::new(),
        }
    }

    /// Writes `text` on a new line from `column`; its digits become cells.
    fn line(&mut self, column: usize, text: &str) {
        let line = self.grid.len();
        let mut chars = vec![' '; column];
        for (i, c) in text.chars().enumerate() {
            if let Some(d) = c.to_digit(10) {
                self.cells.push((line, column + i, d as u8));
            }
            chars.push(c);
        }
        self.grid.push(chars);
    }

    /// Writes `number` on a new line, its last digit in column `end`.
    fn number(&mut self, end: usize, number: u128) {
        let text = number.to_string();
        self.line(end + 1 - text.len(), &text);
    }

    /// The statement with the cells in `shown` as digits (or letters from
    /// `names`), the others as `*`.
    fn statement(&self, shown: &[bool], names: Option<&[u8; 10]>) -> String {
        let mut grid = self.grid.clone();
        for (&(line, column, digit), &show) in self.cells.iter().zip(shown) {
            grid[line][column] = match (show, names) {
                (false, _) => '*',
                (true, Some(names)) => char::from(names[usize::from(digit)]),
                (true, None) => char::from(b'0' + digit),
            };
        }
        let mut out = format!("unique {} {{\n", self.block);
        for line in grid {
            let text: String = line.into_iter().collect();
            out.push_str("    ");
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out.push('}');
        out
    }
}

/// A random number of `n` digits (no leading 0); with `keep`, each digit
/// is that one once in `one_in` times.
fn plant(rng: &mut Rng, n: usize, keep: Option<u8>, one_in: usize) -> u128 {
    let mut value = 0u128;
    for i in 0..n {
        let digit = match keep {
            Some(k) if rng.below(one_in) == 0 && (k > 0 || i > 0) => u128::from(k),
            _ if i == 0 => 1 + rng.below(9) as u128,
            _ => rng.below(10) as u128,
        };
        value = value * 10 + digit;
    }
    value
}

/// Whether `a` and `b` make a degenerate working: a multiplier with a 0
/// digit (its partial product is missing, or the product is 0), a
/// multiplicand or divisor ending in 0 (a column of zeros).
fn degenerate(operation: Operation, a: u128, b: u128) -> bool {
    match operation {
        Operation::Multiplication => a.is_multiple_of(10) || b.to_string().contains('0'),
        Operation::Division => b.is_multiple_of(10),
    }
}

/// Whether some number of the working is shown whole (only `keep` can
/// show one: hiding leaves no number that could be hidden further alone).
fn shows_a_whole_number(sheet: &Sheet, shown: &[bool]) -> bool {
    let mut lines: Vec<(usize, bool)> = Vec::new();
    for (&(line, _, _), &show) in sheet.cells.iter().zip(shown) {
        match lines.last_mut() {
            Some((l, all)) if *l == line => *all &= show,
            _ => lines.push((line, show)),
        }
    }
    lines.iter().any(|&(_, all)| all)
}

/// The long multiplication `a × b` as printed.
fn multiplication(a: u128, b: u128) -> Sheet {
    let (la, lb) = (a.to_string().len(), b.to_string().len());
    let product = a * b;
    let width = product.to_string().len().max(la + 1).max(lb + 2);
    let right = width - 1;
    let mut sheet = Sheet::new("multiplication");
    sheet.number(right, a);
    sheet.line(0, "x");
    let multiplier = b.to_string();
    let line = sheet.grid.len() - 1;
    sheet.grid[line].resize(width - lb, ' ');
    for (i, c) in multiplier.chars().enumerate() {
        sheet
            .cells
            .push((line, width - lb + i, c.to_digit(10).unwrap_or(0) as u8));
        sheet.grid[line].push(c);
    }
    let rule = "-".repeat(width);
    sheet.line(0, &rule);
    if lb > 1 {
        let mut rest = b;
        for shift in 0..lb {
            let digit = rest % 10;
            rest /= 10;
            if digit != 0 {
                sheet.number(right - shift, a * digit);
            }
        }
        sheet.line(0, &rule);
    }
    sheet.number(right, product);
    sheet
}

/// The long division `n ÷ d` as printed: quotient, `d ) n`, then each
/// product under the dividend digit whose quotient digit made it, and each
/// difference with the digits brought down up to the next product; the
/// remainder when it is not 0.
fn division(n: u128, d: u128) -> Sheet {
    let digits: Vec<u128> = n
        .to_string()
        .chars()
        .map(|c| u128::from(c.to_digit(10).unwrap_or(0)))
        .collect();
    let divisor = d.to_string();
    let start = divisor.len() + 3;
    let right = start + digits.len() - 1;
    let mut sheet = Sheet::new("division");
    sheet.number(right, n / d);
    sheet.line(start - 1, &"-".repeat(digits.len() + 1));
    sheet.line(0, &format!("{} ) {}", divisor, n));
    let mut current = 0u128;
    let mut stepped = false;
    for (i, &digit) in digits.iter().enumerate() {
        current = current * 10 + digit;
        let q = current / d;
        if q > 0 {
            if stepped {
                sheet.number(start + i, current);
            }
            sheet.number(start + i, q * d);
            // The rule under each product, as wide as it: the difference
            // is written under it.
            let width = (q * d).to_string().len();
            sheet.line(start + i + 1 - width, &"-".repeat(width));
            current -= q * d;
            stepped = true;
        }
    }
    if current > 0 {
        sheet.number(right, current);
    }
    sheet
}

/// A skeleton to `spec`, proven unique by the solver, or `None` when no
/// plant in `PLANTS` tries gave one (only with `keep`). An `Err` is a
/// generator bug.
pub fn generate(spec: &Spec) -> Result<Option<String>, Bug> {
    Ok(made(spec)?.map(|made| made.text))
}

/// [`generate`], with the checked puzzle of the statement.
pub(crate) fn made(spec: &Spec) -> Result<Option<Checked>, Bug> {
    let mut rng = Rng::new(spec.seed);
    let (first, second) = (
        spec.digits.0.clamp(1, MAX_DIGITS),
        spec.digits.1.clamp(1, MAX_DIGITS),
    );
    let mut names = [0u8; 10];
    let mut letters = LETTERS.to_vec();
    rng.shuffle(&mut letters);
    names.copy_from_slice(&letters[..10]);
    let names = spec.letters.then_some(&names);
    let (plants, one_in, budget) = if spec.keep.is_some() && spec.letters {
        (LETTER_PLANTS, 2, NODES)
    } else {
        (PLANTS, 3, NODES * FINAL_FACTOR)
    };
    for _ in 0..plants {
        let sheet = match spec.operation {
            Operation::Multiplication => {
                let a = plant(&mut rng, first, spec.keep, one_in);
                let b = plant(&mut rng, second, spec.keep, one_in);
                if !spec.any_shape && degenerate(spec.operation, a, b) {
                    continue;
                }
                multiplication(a, b)
            }
            Operation::Division => {
                let d = plant(&mut rng, second, spec.keep, one_in);
                let n = plant(&mut rng, first.max(second), spec.keep, one_in);
                if n < d || !spec.any_shape && degenerate(spec.operation, n, d) {
                    continue;
                }
                division(n, d)
            }
        };
        let mut shown: Vec<bool> = match spec.keep {
            Some(k) => sheet.cells.iter().map(|c| c.2 == k).collect(),
            None => vec![true; sheet.cells.len()],
        };
        if spec.keep.is_some() && !spec.any_shape && shows_a_whole_number(&sheet, &shown) {
            continue;
        }
        let mut puzzle = puzzle_of(&sheet.statement(&shown, names))?;
        let whole = solutions_of(&puzzle, Some(budget))?;
        if whole != Solutions::One {
            if spec.keep.is_none() && whole == Solutions::None {
                return Err(Bug::NoPlantedSolution(sheet.statement(&shown, None)));
            }
            continue;
        }
        hide(&sheet, &mut shown, &mut puzzle, names, &mut rng)?;
        return Ok(Some(Checked {
            text: sheet.statement(&shown, names),
            puzzle,
        }));
    }
    Ok(None)
}

/// Hides shown cells one at a time in random order while the solver
/// proves the puzzle unique; cells whose test ran out of nodes get a second
/// test with a larger budget at the end. `puzzle` is kept the checked
/// puzzle of what is shown: the last one proven unique.
fn hide(
    sheet: &Sheet,
    shown: &mut [bool],
    puzzle: &mut Puzzle,
    names: Option<&[u8; 10]>,
    rng: &mut Rng,
) -> Result<(), Bug> {
    let mut order: Vec<usize> = (0..shown.len()).filter(|&i| shown[i]).collect();
    rng.shuffle(&mut order);
    let mut unsettled = Vec::new();
    for (budget, cells) in [(NODES, order), (NODES * FINAL_FACTOR, Vec::new())] {
        let cells = if cells.is_empty() {
            std::mem::take(&mut unsettled)
        } else {
            cells
        };
        for cell in cells {
            shown[cell] = false;
            let fewer = puzzle_of(&sheet.statement(shown, names))?;
            match solutions_of(&fewer, Some(budget))? {
                Solutions::One => {
                    *puzzle = fewer;
                    continue;
                }
                Solutions::Unknown => unsettled.push(cell),
                Solutions::Several => {}
                Solutions::None => {
                    return Err(Bug::HidingLeftNone);
                }
            }
            shown[cell] = true;
        }
    }
    Ok(())
}
