//! [`Generator`]: a checked [`Request`] with its word list read, making
//! the puzzle of one seed: a Kakuro grid proven unique by the solver
//! unless `not_unique`, a cryptic Kakuro, an alphametic (with a condition
//! if asked) or a skeleton, and with a
//! `difficulty` the first of the seeds drawn from it that `grade` rates
//! so.

use super::cryptic;
use super::error::{Bug, GenerateError, WordsError};
use super::kakuro;
use super::layout::{self, Operation};
use super::letters::{self, Pattern, Shape};
use super::request::{Kind, Request, Words};
use super::{puzzle_of, solutions_of, Solutions};
use crate::kinds::Puzzle;
use crate::run::{run_query, GradeOutcome, ResultBody, RunOptions};
use crypta_substrate::grade::Difficulty;
use crypta_substrate::ir::Query;
use crypta_substrate::limits::{read_text, Input, MAX_SCRIPT_BYTES};

/// Puzzles tried for one of the difficulty asked before giving up.
pub const GRADE_TRIES: u64 = 400;

/// What one seed gives: a statement (KAKURO2 judge input with
/// `kakuro2`, without its last newline), `None` when the seed gives no
/// puzzle, an `Err` for a generator bug.
pub type Made = Result<Option<String>, GenerateError>;

/// What one seed gives inside the generator: the text printed and, when
/// it states a puzzle that was searched, that puzzle's checked value, to
/// grade without checking the text again (`None` only for a Kakuro grid
/// not proven unique, which no difficulty is asked of).
type Piece = Result<Option<(String, Option<Puzzle>)>, GenerateError>;

/// A request ready to make puzzles.
#[derive(Clone, Debug)]
pub struct Generator {
    request: Request,
    words: Vec<String>,
    shape: Shape,
}

impl Generator {
    /// Checks `request` ([`Request::check`]), reads its word list and
    /// parses its pattern; the error is the message to show.
    pub fn new(request: &Request) -> Result<Generator, GenerateError> {
        request.check()?;
        let words = match &request.words {
            Some(words) if request.kind == Kind::Letters => word_list(words)?,
            _ => Vec::new(),
        };
        let shape = match &request.pattern {
            Some(text) => Shape::Pattern(Pattern::parse(text)?),
            None => {
                let (low, high) = request.addends.unwrap_or((2, 2));
                Shape::Sum(low, high)
            }
        };
        Ok(Generator {
            request: request.clone(),
            words,
            shape,
        })
    }

    /// The request.
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// The puzzle of `seed`.
    pub fn make(&self, seed: u64) -> Made {
        let made = match self.request.difficulty {
            None => self.any_grade(seed)?,
            Some(level) => self.graded(seed, level)?,
        };
        Ok(made.map(|(text, _)| text))
    }

    /// The first puzzle of the seeds drawn from `seed` that `grade` rates
    /// at `level`: `seed` itself first, then seeds mixed from it and a
    /// count, so that puzzle k of seed s is still puzzle 1 of seed s + k.
    fn graded(&self, seed: u64, level: Difficulty) -> Piece {
        for attempt in 0..GRADE_TRIES {
            let tried = if attempt == 0 {
                seed
            } else {
                mix(seed, attempt)
            };
            let Some((text, puzzle)) = self.any_grade(tried)? else {
                continue;
            };
            let puzzle = match puzzle {
                Some(puzzle) => puzzle,
                None => puzzle_of(&text)?,
            };
            if grade_of(&puzzle)? == Some(level) {
                return Ok(Some((text, Some(puzzle))));
            }
        }
        Ok(None)
    }

    /// The puzzle of `seed`, of any grade.
    fn any_grade(&self, seed: u64) -> Piece {
        let request = &self.request;
        let (operation, default) = match request.kind {
            Kind::Kakuro => return self.kakuro(seed),
            Kind::Cryptic => {
                return Ok(
                    cryptic::generate(&self.kakuro_spec(seed), request.difficulty)?
                        .map(|made| (made.text, Some(made.puzzle))),
                )
            }
            Kind::Letters => {
                let spec = letters::Spec {
                    seed,
                    base: request.base.unwrap_or(10),
                    shape: self.shape.clone(),
                    condition: request.condition,
                    level: request.difficulty,
                };
                return Ok(
                    letters::made(&self.words, &spec)?.map(|made| (made.text, Some(made.puzzle)))
                );
            }
            Kind::Multiplication => (Operation::Multiplication, (3, 2)),
            Kind::Division => (Operation::Division, (5, 2)),
        };
        let made = layout::made(&layout::Spec {
            operation,
            digits: request.digits.unwrap_or(default),
            seed,
            keep: request.keep,
            letters: request.letters,
            any_shape: request.any_shape,
        })?;
        Ok(made.map(|made| (made.text, Some(made.puzzle))))
    }

    /// The Kakuro grid of `seed` as the request describes it.
    fn kakuro_spec(&self, seed: u64) -> kakuro::Spec {
        let request = &self.request;
        let (rows, cols) = request.sides();
        kakuro::Spec {
            rows,
            cols,
            density: request.density,
            givens: request.givens,
            unique: request.proves_unique(),
            // Grids whose open regions are tightened are easier (the
            // easing of `open_limit`): the default when an easy or medium
            // grid is asked for.
            open_limit: request.open_limit.unwrap_or(match request.difficulty {
                Some(Difficulty::Easy) => 1,
                Some(Difficulty::Medium) => 2,
                _ => usize::MAX,
            }),
            symmetry: request.symmetry,
            ..kakuro::Spec::new(rows, seed)
        }
    }

    /// One Kakuro grid from `seed`: made unique and proven so by the
    /// solver unless `not_unique`.
    fn kakuro(&self, seed: u64) -> Piece {
        let request = &self.request;
        let unique = request.proves_unique();
        let grid = kakuro::generate(&self.kakuro_spec(seed));
        let mut proven = None;
        if unique {
            let puzzle = puzzle_of(&format!("unique {}", grid.block()))?;
            let proof = solutions_of(&puzzle, None)?;
            if proof != Solutions::One {
                return Err(Bug::NotUnique {
                    cryptic: false,
                    seed,
                    found: proof,
                }
                .into());
            }
            proven = Some(puzzle);
        }
        if request.kakuro2 {
            return Ok(Some((grid.kakuro2().trim_end().to_string(), proven)));
        }
        let query = match &request.query {
            Some(query) => query.as_str(),
            None if unique => "unique",
            None => "count",
        };
        Ok(Some((format!("{} {}", query, grid.block()), proven)))
    }
}

/// Reads and checks a word list; the error is the message to show.
fn word_list(words: &Words) -> Result<Vec<String>, WordsError> {
    let (name, text) = match words {
        Words::Text { name, text } => (name.clone(), text.clone()),
        Words::File(path) => {
            let name = path.display().to_string();
            match std::fs::File::open(path).and_then(|f| read_text(f, MAX_SCRIPT_BYTES)) {
                Ok(Input::Text(text)) => (name, text),
                Ok(problem) => return Err(WordsError::Unreadable { name, problem }),
                Err(e) => {
                    return Err(WordsError::CannotRead {
                        name,
                        reason: e.to_string(),
                    })
                }
            }
        }
    };
    let words = letters::read_words(&text, &name)?;
    if words.len() < 3 {
        return Err(WordsError::TooFew {
            name,
            words: words.len(),
        });
    }
    Ok(words)
}

/// A seed drawn from `seed` and `attempt` (splitmix64's finaliser), far
/// from the seeds of the next puzzles.
fn mix(seed: u64, attempt: u64) -> u64 {
    let mut z = seed ^ attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What `grade` rates a generated puzzle, run on its value.
pub(super) fn grade_of(puzzle: &Puzzle) -> Result<Option<Difficulty>, Bug> {
    let body = run_query(Query::Grade, puzzle, &RunOptions::default()).map_err(Bug::Run)?;
    Ok(match body {
        ResultBody::Graded(grade) => match grade.outcome {
            GradeOutcome::Graded(graded) => Some(graded.grading.difficulty),
            _ => None,
        },
        _ => None,
    })
}
