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
use super::{solutions, Solutions};
use crate::program::check_script;
use crate::run::{run_statement, GradeOutcome, ResultBody, RunOptions};
use crypta_substrate::grade::Difficulty;
use crypta_substrate::limits::{read_text, Input, MAX_SCRIPT_BYTES};

/// Puzzles tried for one of the difficulty asked before giving up.
pub const GRADE_TRIES: u64 = 400;

/// What one seed gives: a statement (KAKURO2 judge input with
/// `kakuro2`, without its last newline), `None` when the seed gives no
/// puzzle, an `Err` for a generator bug.
pub type Made = Result<Option<String>, GenerateError>;

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
        match self.request.difficulty {
            None => self.any_grade(seed),
            Some(level) => self.graded(seed, level),
        }
    }

    /// The first puzzle of the seeds drawn from `seed` that `grade` rates
    /// at `level`: `seed` itself first, then seeds mixed from it and a
    /// count, so that puzzle k of seed s is still puzzle 1 of seed s + k.
    fn graded(&self, seed: u64, level: Difficulty) -> Made {
        for attempt in 0..GRADE_TRIES {
            let tried = if attempt == 0 {
                seed
            } else {
                mix(seed, attempt)
            };
            let Some(statement) = self.any_grade(tried)? else {
                continue;
            };
            if grade_of(&statement)? == Some(level) {
                return Ok(Some(statement));
            }
        }
        Ok(None)
    }

    /// The puzzle of `seed`, of any grade.
    fn any_grade(&self, seed: u64) -> Made {
        let request = &self.request;
        let (operation, default) = match request.kind {
            Kind::Kakuro => return self.kakuro(seed),
            Kind::Cryptic => {
                return cryptic::generate(&self.kakuro_spec(seed), request.difficulty)
                    .map_err(GenerateError::Bug)
            }
            Kind::Letters => {
                let spec = letters::Spec {
                    seed,
                    base: request.base.unwrap_or(10),
                    shape: self.shape.clone(),
                    condition: request.condition,
                    level: request.difficulty,
                };
                return letters::generate(&self.words, &spec).map_err(GenerateError::Bug);
            }
            Kind::Multiplication => (Operation::Multiplication, (3, 2)),
            Kind::Division => (Operation::Division, (5, 2)),
        };
        layout::generate(&layout::Spec {
            operation,
            digits: request.digits.unwrap_or(default),
            seed,
            keep: request.keep,
            letters: request.letters,
            any_shape: request.any_shape,
        })
        .map_err(GenerateError::Bug)
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
    fn kakuro(&self, seed: u64) -> Made {
        let request = &self.request;
        let unique = request.proves_unique();
        let grid = kakuro::generate(&self.kakuro_spec(seed));
        if unique {
            let statement = format!("unique {}", grid.block());
            let proof = solutions(&statement, None)?;
            if proof != Solutions::One {
                return Err(Bug::NotUnique {
                    cryptic: false,
                    seed,
                    found: proof,
                }
                .into());
            }
        }
        if request.kakuro2 {
            return Ok(Some(grid.kakuro2().trim_end().to_string()));
        }
        let query = match &request.query {
            Some(query) => query.as_str(),
            None if unique => "unique",
            None => "count",
        };
        Ok(Some(format!("{} {}", query, grid.block())))
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

/// What `grade` rates a generated statement (its query word replaced).
pub(super) fn grade_of(statement: &str) -> Result<Option<Difficulty>, Bug> {
    let Some((_, puzzle)) = statement.split_once(' ') else {
        return Err(Bug::NotAQuery(statement.escape_debug().to_string()));
    };
    let (statements, _) = check_script(&format!("grade {}", puzzle));
    let Some(first) = statements.first() else {
        return Err(Bug::DoesNotCheck {
            statement: statement.escape_debug().to_string(),
            why: None,
        });
    };
    let result = run_statement(first, &RunOptions::default()).map_err(Bug::Run)?;
    Ok(match result.body {
        ResultBody::Graded(grade) => match grade.outcome {
            GradeOutcome::Graded(graded) => Some(graded.grading.difficulty),
            _ => None,
        },
        _ => None,
    })
}
