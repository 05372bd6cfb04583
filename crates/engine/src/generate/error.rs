//! Why a generator makes nothing: options that do not fit, a word list or
//! pattern it cannot read, or a bug of its own. Values, not sentences;
//! each `Display` is the sentence the command line shows, word for word
//! as it was when the errors were strings.

use std::fmt;

use super::request::Kind;
use super::Solutions;
use crate::run::RunError;
use crypta_substrate::limits::{unreadable, Input, MAX_SCRIPT_BYTES};

/// A value's range, named in the command line's words (`--addends 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    /// `--addends 1`: words added are 2 to 9.
    Addends,
    /// `--digits 3`: each size is 1 to 9, written `AxB`.
    Digits,
    /// `--size 0`: a side is 1 to 256.
    Side,
    /// `--density 2`: a chance is 0 to 1.
    Chance,
    /// `--base 1`: a base is 2 to 36.
    Base,
    /// `--keep 10`: a digit is 0 to 9.
    Keep,
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Range::Addends => "words added are a number or a range N..M, from 2 to 9",
            Range::Digits => "digits are given as AxB (such as 3x2), each from 1 to 9",
            Range::Side => super::SIDE,
            Range::Chance => super::CHANCE,
            Range::Base => "the base is 2 to 36",
            Range::Keep => "a digit is 0 to 9",
        })
    }
}

impl std::error::Error for Range {}

/// Why the options of a [`super::Request`] do not go together
/// ([`super::Request::check`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsError {
    /// A value out of its range: `size: 0`.
    OutOfRange {
        /// The option (`--size`).
        flag: &'static str,
        /// Its value as the command line writes it.
        value: String,
        /// Its range.
        range: Range,
    },
    /// `unique` and `not_unique` both set.
    UniqueAndNotUnique,
    /// `difficulty` with `not_unique` or `kakuro2`.
    GradesUnique,
    /// `difficulty: Some(NeedsGuessing)`.
    Difficulty,
    /// Letters or skeleton options for a grid kind: `kakuro` with
    /// `words`.
    NotForGrid {
        /// The options given.
        options: Vec<&'static str>,
        /// The kind (kakuro or cryptic).
        kind: Kind,
    },
    /// Plain Kakuro options for cryptic: `cryptic` with `givens: 0.5`.
    NotForCryptic(Vec<&'static str>),
    /// `kakuro2` with a grid not square or with givens.
    Kakuro2Shape,
    /// Options of another kind: `letters` with `digits`.
    NotFor {
        /// The options given.
        options: Vec<&'static str>,
        /// The kind asked for.
        kind: Kind,
    },
    /// `letters` without `words`.
    NoWords,
    /// `letters` with both `addends` and `pattern`.
    AddendsAndPattern,
    /// `division` with `digits: Some((2, 3))`.
    ShortDividend(usize, usize),
}

/// "is" or "are", for `wrong` options.
fn are(wrong: &[&str]) -> &'static str {
    if wrong.len() == 1 {
        "is"
    } else {
        "are"
    }
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::OutOfRange { flag, value, range } => {
                write!(f, "invalid value '{}' for '{}': {}", value, flag, range)
            }
            OptionsError::UniqueAndNotUnique => {
                f.write_str("--unique and --not-unique do not go together")
            }
            OptionsError::GradesUnique => f.write_str(
                "--difficulty grades unique puzzles: not with --not-unique or --kakuro2",
            ),
            OptionsError::Difficulty => f.write_str("--difficulty is easy, medium or hard"),
            OptionsError::NotForGrid { options, kind } => write!(
                f,
                "{} {} not for {} (letters: --words --addends --pattern --base --condition; \
                 multiplication, division: --digits --keep --letters --any-shape)",
                options.join(", "),
                are(options),
                kind.name()
            ),
            OptionsError::NotForCryptic(options) => write!(
                f,
                "{} {} not for cryptic: its grids are proven unique and show letters, not digits",
                options.join(", "),
                are(options)
            ),
            OptionsError::Kakuro2Shape => {
                f.write_str("KAKURO2 grids are square and have no givens")
            }
            OptionsError::NotFor { options, kind } => write!(
                f,
                "{} {} not for {}",
                options.join(", "),
                are(options),
                kind.name()
            ),
            OptionsError::NoWords => {
                f.write_str("generate letters needs a word list: --words FILE")
            }
            OptionsError::AddendsAndPattern => {
                f.write_str("--addends and --pattern do not go together: a pattern sets its words")
            }
            OptionsError::ShortDividend(a, b) => write!(
                f,
                "--digits {}x{}: a dividend of {} digits is shorter than a divisor of {}",
                a, b, a, b
            ),
        }
    }
}

impl std::error::Error for OptionsError {}

/// Why a word list cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WordsError {
    /// The file is too large or not UTF-8 (never [`Input::Text`]).
    Unreadable {
        /// The file's name.
        name: String,
        /// What was read.
        problem: Input,
    },
    /// The file cannot be opened or read: a path that does not exist.
    CannotRead {
        /// The file's name.
        name: String,
        /// The system's reason.
        reason: String,
    },
    /// A line that is not a word: `SEND-MORE`.
    NotAWord {
        /// `file:line`.
        at: String,
        /// The word, escaped and shortened as shown.
        word: String,
        /// Its first character that is not a letter.
        bad: char,
    },
    /// A word of more than [`super::letters::MAX_WORD`] letters.
    TooLong {
        /// `file:line`.
        at: String,
        /// The word, escaped and shortened as shown.
        word: String,
        /// Its letters.
        letters: usize,
    },
    /// Fewer than 3 words: `SEND\nMORE\n`.
    TooFew {
        /// The list's name.
        name: String,
        /// Its words.
        words: usize,
    },
}

impl fmt::Display for WordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WordsError::Unreadable { name, problem } => {
                f.write_str(&unreadable(name, problem, MAX_SCRIPT_BYTES))
            }
            WordsError::CannotRead { name, reason } => {
                write!(f, "cannot read {}: {}", name, reason)
            }
            WordsError::NotAWord { at, word, bad } => write!(
                f,
                "{}: `{}` is not a word: {:?} is not a letter A-Z (one word per line, `#` for comments)",
                at, word, bad
            ),
            WordsError::TooLong { at, word, letters } => write!(
                f,
                "{}: `{}` has {} letters; words have at most {}",
                at,
                word,
                letters,
                super::letters::MAX_WORD
            ),
            WordsError::TooFew { name, words } => write!(
                f,
                "{} has {} word{}: a puzzle needs at least 3",
                name,
                words,
                if *words == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for WordsError {}

/// Why a pattern of word slots is refused; each holds the pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternError {
    /// A character that is no slot or operator: `A / B = C`.
    Character(String, char),
    /// Not one `=` or fewer than two slots: `A + B`.
    Equals(String),
    /// Not an equation of slots: `A + = B`.
    NotEquation(String),
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternError::Character(text, c) => write!(
                f,
                "the pattern `{}` has {:?}: a pattern is word slots (letters) with + - * ( ) and one =",
                text, c
            ),
            PatternError::Equals(text) => write!(
                f,
                "the pattern `{}` needs one `=` and at least two word slots, as in `A + B = C`",
                text
            ),
            PatternError::NotEquation(text) => write!(
                f,
                "the pattern `{}` is not an equation of slots joined by + - * and parentheses",
                text
            ),
        }
    }
}

impl std::error::Error for PatternError {}

/// A generator's bug: what it made is not what it meant to make. No
/// request triggers these; each names what a buggy generator would do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bug {
    /// A statement made that does not check (`why`: its first
    /// diagnostic, when it is given).
    DoesNotCheck {
        /// The statement, as the message shows it.
        statement: String,
        /// The checker's first diagnostic.
        why: Option<String>,
    },
    /// A statement made that holds no statement: an empty one.
    NoStatement(String),
    /// A statement made that is not a query: `kakuro { ... }` without
    /// its query word.
    NotAQuery(String),
    /// A run of a generated puzzle that answered another query than the
    /// one asked.
    Unanswered {
        /// The query asked.
        query: &'static str,
        /// The puzzle's kind.
        kind: &'static str,
    },
    /// Its run's internal error.
    Run(RunError),
    /// A Kakuro grid (cryptic with `cryptic`) made unique whose solver
    /// finds another number of solutions.
    NotUnique {
        /// A cryptic grid.
        cryptic: bool,
        /// Its seed.
        seed: u64,
        /// What the solver found.
        found: Solutions,
    },
    /// Two solutions of a cryptic grid that differ in no hidden cell.
    NoDifference,
    /// A cryptic grid with every cell shown and two solutions.
    StillAmbiguous,
    /// A skeleton whose planted working has no solution.
    NoPlantedSolution(String),
    /// A skeleton left without a solution by hiding a digit.
    HidingLeftNone,
    /// Making the puzzle of this seed panicked.
    Panicked(u64),
}

impl fmt::Display for Bug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bug::DoesNotCheck { statement, why } => {
                write!(f, "generated `{}` does not check", statement)?;
                match why {
                    Some(why) => write!(f, ": {}", why),
                    None => Ok(()),
                }
            }
            Bug::NoStatement(statement) => {
                write!(f, "generated `{}` holds no statement", statement)
            }
            Bug::NotAQuery(statement) => write!(f, "generated `{}` is not a query", statement),
            Bug::Unanswered { query, kind } => {
                write!(
                    f,
                    "`{}` on a generated {} puzzle gave no answer to it",
                    query, kind
                )
            }
            Bug::Run(error) => write!(f, "{}", error),
            Bug::NotUnique {
                cryptic,
                seed,
                found,
            } => write!(
                f,
                "the {}grid of seed {} was made unique but the solver finds {:?}",
                if *cryptic { "cryptic " } else { "" },
                seed,
                found
            ),
            Bug::NoDifference => {
                f.write_str("two solutions of a cryptic grid differ in no hidden cell")
            }
            Bug::StillAmbiguous => {
                f.write_str("a cryptic grid stayed ambiguous with every cell shown")
            }
            Bug::NoPlantedSolution(statement) => {
                write!(f, "the planted working has no solution: {}", statement)
            }
            Bug::HidingLeftNone => f.write_str("hiding a digit left no solution"),
            Bug::Panicked(seed) => write!(f, "making the puzzle of seed {} panicked", seed),
        }
    }
}

/// Why a generator makes nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// Options that do not go together.
    Options(OptionsError),
    /// A word list that cannot be used.
    Words(WordsError),
    /// A pattern that cannot be read.
    Pattern(PatternError),
    /// A generator bug.
    Bug(Bug),
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Options(e) => write!(f, "{}", e),
            GenerateError::Words(e) => write!(f, "{}", e),
            GenerateError::Pattern(e) => write!(f, "{}", e),
            GenerateError::Bug(e) => write!(f, "{}", e),
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<OptionsError> for GenerateError {
    fn from(e: OptionsError) -> Self {
        GenerateError::Options(e)
    }
}

impl From<WordsError> for GenerateError {
    fn from(e: WordsError) -> Self {
        GenerateError::Words(e)
    }
}

impl From<PatternError> for GenerateError {
    fn from(e: PatternError) -> Self {
        GenerateError::Pattern(e)
    }
}

impl From<Bug> for GenerateError {
    fn from(e: Bug) -> Self {
        GenerateError::Bug(e)
    }
}

impl From<RunError> for GenerateError {
    fn from(e: RunError) -> Self {
        GenerateError::Bug(Bug::Run(e))
    }
}
