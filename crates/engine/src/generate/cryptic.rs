//! Cryptic Kakuro (Project Euler 424) from a seed: the Kakuro grid that
//! `generate kakuro` makes from the same seed and options, its digits
//! enciphered as the letters A to J in a random order. Every clue is
//! written in letters; white cells are blank, or show their digit's
//! letter, or (rarely) the digit itself, as uniqueness needs.
//!
//! The plain grid is unique, but once its clues are letters the solver
//! may find other grids with other letters. While it does, cells where
//! its two solutions differ are shown as their letters (a quarter of them
//! at a time, at least one), or a cell already lettered as its digit: each
//! round rules out the second solution or narrows it, and a grid whose
//! every differing cell is a digit has one solution, so this ends. Then
//! each shown cell, in random order, is hidden (a digit first becomes its
//! letter) if the puzzle stays unique without it: every cell left shown
//! is one whose hiding alone would allow a second solution. The puzzle
//! printed is proven unique by the solver, letters and grid together.
//!
//! Such a puzzle mostly needs guessing: `grade`'s rules fix few cells of
//! it. With a difficulty, one at a time, a blank cell that the first step
//! too hard for the level touches is shown as its letter (or, when that
//! step is about letters only, one of them is given: `with A = 3`), until
//! `grade` rates the puzzle at that level or easier; easier is no puzzle
//! for this seed (the generator then tries others).

use super::kakuro::{self, Generated};
use super::{listed, puzzle_of, solutions_of, Bug, Checked, Rng, Solutions};
use crate::kinds::kakuro::ir::aligned;
use crate::kinds::{CrypticKakuro, KakuroCell, Puzzle, Sum};
use crate::run::{run_query, GradeOutcome, ResultBody, RunOptions};
use crypta_substrate::grade::Difficulty;
use crypta_substrate::ir::{Query, VarKind};

/// Search nodes the solver may spend on one question while the puzzle is
/// made; a question it cannot settle in them counts as "not unique".
const NODES: u64 = 200_000;

/// Drawn into the seed of the cipher and of the hiding order, so that the
/// plain grid stays the one `generate kakuro` makes from the seed.
const SALT: u64 = 0x6372_7970_7469_6321;

/// How a white cell is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    Blank,
    Letter,
    Digit,
}

/// A grid, its cipher and what each cell shows.
struct Cryptic {
    grid: Generated,
    cells: Vec<KakuroCell>,
    /// The letter of each digit 0 to 9.
    cipher: [u8; 10],
    /// Row-major; only white cells are read.
    shown: Vec<Shown>,
    /// The white cells, row-major: the solver's first variables.
    whites: Vec<usize>,
    /// Letters given their digits after `with`, in the order given.
    given: Vec<u8>,
}

impl Cryptic {
    /// The puzzle as a `unique kakuro { ... }` statement.
    fn statement(&self) -> String {
        let word = |side: Option<Sum>| match side {
            None => String::new(),
            Some(Sum::Any) => "?".to_string(),
            Some(Sum::Given(n)) => n
                .to_string()
                .bytes()
                .map(|d| char::from(self.cipher[usize::from(d - b'0')]))
                .collect(),
        };
        let tokens: Vec<String> = self
            .cells
            .iter()
            .enumerate()
            .map(|(i, cell)| match *cell {
                KakuroCell::Block => "#".to_string(),
                KakuroCell::Clue { down, across } => format!("{}\\{}", word(down), word(across)),
                KakuroCell::White { .. } => {
                    let d = self.grid.digits[i];
                    match self.shown[i] {
                        Shown::Blank => ".".to_string(),
                        Shown::Letter => char::from(self.cipher[usize::from(d)]).to_string(),
                        Shown::Digit => d.to_string(),
                    }
                }
            })
            .collect();
        let mut statement = format!("unique {}", aligned(&tokens, self.grid.cols));
        for (k, &letter) in self.given.iter().enumerate() {
            let digit = self.cipher.iter().position(|&c| c == letter).unwrap_or(0);
            statement.push_str(if k == 0 { " with " } else { ", " });
            statement.push_str(&format!("{} = {}", char::from(letter), digit));
        }
        statement
    }

    /// The puzzle of [`Cryptic::statement`], checked once to be searched
    /// and graded as a value.
    fn puzzle(&self) -> Result<Puzzle, Bug> {
        puzzle_of(&self.statement())
    }

    fn unique(&self) -> Result<bool, Bug> {
        Ok(solutions_of(&self.puzzle()?, Some(NODES))? == Solutions::One)
    }
}

/// A cryptic Kakuro of `spec`'s grid (made unique whatever `spec.unique`
/// says, without givens), as a statement proven unique, that `grade`
/// rates at `level` if one is given; `None` when the grid has no white
/// cell or the puzzle came out easier than `level`. An `Err` is a
/// generator bug.
pub fn generate(spec: &kakuro::Spec, level: Option<Difficulty>) -> Result<Option<Checked>, Bug> {
    let grid = kakuro::generate(&kakuro::Spec {
        unique: true,
        givens: 0.0,
        ..spec.clone()
    });
    let mut rng = Rng::new(spec.seed ^ SALT);
    let mut cipher = *b"ABCDEFGHIJ";
    rng.shuffle(&mut cipher);
    let whites: Vec<usize> = (0..grid.digits.len())
        .filter(|&i| grid.digits[i] != 0)
        .collect();
    if whites.is_empty() {
        return Ok(None);
    }
    let mut puzzle = Cryptic {
        cells: grid.cells(),
        shown: vec![Shown::Blank; grid.digits.len()],
        grid,
        cipher,
        whites,
        given: Vec::new(),
    };
    show_until_unique(&mut puzzle, &mut rng)?;
    hide_what_is_not_needed(&mut puzzle, &mut rng)?;
    // With a level, the puzzle last graded is the one printed.
    let graded = match level {
        Some(level) => match show_until_graded(&mut puzzle, level, &mut rng)? {
            Some(graded) => Some(graded),
            None => return Ok(None),
        },
        None => None,
    };
    let text = puzzle.statement();
    let value = match graded {
        Some(value) => value,
        None => puzzle_of(&text)?,
    };
    match solutions_of(&value, None)? {
        Solutions::One => Ok(Some(Checked {
            text,
            puzzle: value,
        })),
        found => Err(Bug::NotUnique {
            cryptic: true,
            seed: spec.seed,
            found,
        }),
    }
}

/// Shows cells where two solutions differ until there is one solution.
fn show_until_unique(puzzle: &mut Cryptic, rng: &mut Rng) -> Result<(), Bug> {
    // Each round shows at least one more cell or turns one into a digit,
    // so there are at most two rounds per white cell.
    for _ in 0..=2 * puzzle.whites.len() {
        let (found, all) = listed(&puzzle.puzzle()?, 1, Some(NODES))?;
        if all && found.len() == 1 {
            return Ok(());
        }
        let mut differ: Vec<usize> = match found.as_slice() {
            [first, second, ..] => (0..puzzle.whites.len())
                .filter(|&v| first.values.get(v) != second.values.get(v))
                .map(|v| puzzle.whites[v])
                .collect(),
            // The search ran out of nodes before a second solution: any
            // cell narrows it.
            _ => puzzle.whites.clone(),
        };
        rng.shuffle(&mut differ);
        let blank: Vec<usize> = differ
            .iter()
            .copied()
            .filter(|&i| puzzle.shown[i] == Shown::Blank)
            .collect();
        if !blank.is_empty() {
            for &i in &blank[..blank.len().div_ceil(4)] {
                puzzle.shown[i] = Shown::Letter;
            }
        } else if let Some(&i) = differ.iter().find(|&&i| puzzle.shown[i] == Shown::Letter) {
            puzzle.shown[i] = Shown::Digit;
        } else {
            return Err(Bug::NoDifference);
        }
    }
    Err(Bug::StillAmbiguous)
}

/// Hides each shown cell, in random order, that the puzzle stays unique
/// without (a digit first tries being its letter).
fn hide_what_is_not_needed(puzzle: &mut Cryptic, rng: &mut Rng) -> Result<(), Bug> {
    let mut shown: Vec<usize> = puzzle
        .whites
        .iter()
        .copied()
        .filter(|&i| puzzle.shown[i] != Shown::Blank)
        .collect();
    rng.shuffle(&mut shown);
    for i in shown {
        let weaker: &[Shown] = match puzzle.shown[i] {
            Shown::Digit => &[Shown::Letter, Shown::Blank],
            Shown::Letter => &[Shown::Blank],
            Shown::Blank => &[],
        };
        for &less in weaker {
            let before = puzzle.shown[i];
            puzzle.shown[i] = less;
            if !puzzle.unique()? {
                puzzle.shown[i] = before;
                break;
            }
        }
    }
    Ok(())
}

/// Shows blank cells, one at a time, until the puzzle grades at `level`
/// (its checked puzzle) or easier (`None`): a cell the first step harder than `level`
/// touches or narrows, else when that step is about letters only, one of
/// its letters with its digit (`with A = 3`); when every step is easy
/// enough but they stall, a cell they leave open.
fn show_until_graded(
    puzzle: &mut Cryptic,
    level: Difficulty,
    rng: &mut Rng,
) -> Result<Option<Puzzle>, Bug> {
    loop {
        let value = puzzle.puzzle()?;
        let Some(graded) = grade(&value, puzzle.whites.len(), level)? else {
            return Ok(None);
        };
        if graded.difficulty <= level {
            return Ok((graded.difficulty == level).then_some(value));
        }
        let blank = |v: &usize| puzzle.shown[puzzle.whites[*v]] == Shown::Blank;
        let open = |letter: &u8| !puzzle.given.contains(letter);
        // A lettered cell's step is about its letter.
        let letter_of = |v: usize| {
            let cell = puzzle.whites[v];
            (puzzle.shown[cell] == Shown::Letter)
                .then(|| puzzle.cipher[usize::from(puzzle.grid.digits[cell])])
        };
        let mut cells: Vec<usize> = Vec::new();
        let mut letters: Vec<u8> = Vec::new();
        for (step_cells, step_letters) in &graded.harder {
            cells = step_cells.iter().copied().filter(blank).collect();
            letters = step_letters
                .iter()
                .copied()
                .chain(step_cells.iter().filter_map(|&v| letter_of(v)))
                .filter(open)
                .collect();
            if !cells.is_empty() || !letters.is_empty() {
                break;
            }
        }
        if cells.is_empty() && letters.is_empty() {
            // Every step is easy enough, but they stall.
            cells = (0..puzzle.whites.len())
                .filter(|&v| !graded.fixed[v])
                .filter(blank)
                .collect();
            letters = graded.letters.iter().copied().filter(open).collect();
        }
        if !cells.is_empty() {
            let v = cells[rng.below(cells.len())];
            puzzle.shown[puzzle.whites[v]] = Shown::Letter;
        } else if !letters.is_empty() {
            puzzle.given.push(letters[rng.below(letters.len())]);
        } else {
            return Ok(None);
        }
    }
}

/// What `grade` says of a cryptic puzzle.
struct Graded {
    difficulty: Difficulty,
    /// For each white cell, whether the steps leave it one digit.
    fixed: Vec<bool>,
    /// For each step harder than the level asked, the white cells and the
    /// letters it touches or narrows.
    harder: Vec<(Vec<usize>, Vec<u8>)>,
    /// Every letter of the puzzle.
    letters: Vec<u8>,
}

/// What `grade` says of a puzzle of `whites` white cells, asked for at
/// `level`; `None` when it gives no grade.
fn grade(puzzle: &Puzzle, whites: usize, level: Difficulty) -> Result<Option<Graded>, Bug> {
    let ResultBody::Graded(graded) =
        run_query(Query::Grade, puzzle, &RunOptions::default()).map_err(Bug::Run)?
    else {
        return Ok(None);
    };
    let GradeOutcome::Graded(steps) = &graded.outcome else {
        return Ok(None);
    };
    // Digits 1 to 9 start in every white cell; the steps' removals are
    // replayed to see which are left one.
    let letter = |v: usize| {
        let k = graded.puzzle.downcast_ref::<CrypticKakuro>()?;
        match k.symbols.get(v.checked_sub(whites)?)?.kind {
            VarKind::Symbol(c) => u8::try_from(c).ok(),
            _ => None,
        }
    };
    let mut removed = vec![0u16; whites];
    let mut harder = Vec::new();
    for step in &steps.grading.steps {
        if step.level > level {
            let named = step.touched.iter().chain(step.removed.iter().map(|r| &r.0));
            let vars: Vec<usize> = named.filter_map(|n| n.as_var()).collect();
            harder.push((
                vars.iter().copied().filter(|&v| v < whites).collect(),
                vars.iter().filter_map(|&v| letter(v)).collect(),
            ));
        }
        for (named, digits) in &step.removed {
            let Some(v) = named.as_var().filter(|&v| v < whites) else {
                continue;
            };
            for &d in digits.iter().filter(|&&d| d < 16) {
                removed[v] |= 1 << d;
            }
        }
    }
    let fixed = removed
        .iter()
        .map(|&mask| (0x3fe & !mask).count_ones() <= 1)
        .collect();
    Ok(Some(Graded {
        difficulty: steps.grading.difficulty,
        fixed,
        harder,
        letters: (whites..whites + 26).filter_map(letter).collect(),
    }))
}
