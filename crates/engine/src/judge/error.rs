//! What is wrong with a judge's input, or why a dataset has no answer: a
//! value per cause, with an input that triggers it; `Display` renders the
//! sentence `crypta judge` prints, word for word as it was when the
//! errors were strings.

use std::fmt;

use crate::run::RunError;
use crypta_substrate::limits::MAX_WORDS;

/// A judge's error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JudgeError {
    /// icpc2009c: `x` where the number of words belongs (input `x`).
    NotACount(String),
    /// icpc2009c: a dataset of fewer than two words (`1 A 0`).
    TooFewWords {
        /// The dataset, from 1.
        dataset: usize,
    },
    /// icpc2009c: more words than one sum takes (`2000 ...`).
    TooManyWords {
        /// The dataset, from 1.
        dataset: usize,
        /// The words it claims.
        words: usize,
    },
    /// icpc2009c: the input ends inside a dataset (`3 A B`).
    EndsBeforeWord {
        /// The dataset, from 1.
        dataset: usize,
        /// The word missing, from 1.
        word: usize,
    },
    /// A word that is not capital letters (icpc2009c `2 A b 0`, p1092
    /// `2 AB ab BA`); what it was to be.
    NotAWord {
        /// `word`, `the first addend`, ...
        what: &'static str,
        /// As written.
        word: String,
    },
    /// icpc2009c: a dataset with no words (never: two are required).
    EmptyDataset,
    /// icpc2009c: dataset `dataset` failed in the pipeline.
    InDataset {
        /// The dataset, from 1.
        dataset: usize,
        /// Why.
        why: Box<JudgeError>,
    },
    /// The checker refused a generated statement: its text and first
    /// diagnostic (p1092 `2 AA AA AAA`... any dataset the checker takes
    /// apart, such as more letters than digits).
    Rejected {
        /// The statement generated.
        source: String,
        /// The checker's message.
        message: String,
    },
    /// A generated text that is not one statement (never: each judge
    /// writes one).
    NotOneStatement(String),
    /// A limit (`--max-nodes`, `--timeout`, Ctrl-C) stopped a dataset's
    /// search.
    Stopped,
    /// A generated statement that is not a query (never).
    NotAQuery(String),
    /// An internal error of the run.
    Internal(RunError),
    /// p1092: no input at all.
    Empty,
    /// p1092: a first token that is not a number (`x`).
    NotABase,
    /// p1092: a base outside 2 to 26 (`27 ...`).
    BaseRange(u32),
    /// p1092: the input ends before a word (`2 AB`).
    Missing(&'static str),
    /// p1092: a word of other than `n` letters (`2 ABC AB BA`).
    WrongLength {
        /// Which word.
        what: &'static str,
        /// As written.
        word: String,
        /// The base.
        n: u32,
    },
    /// p1092: a letter past the first `n` (`2 AC AB BA`).
    BeyondLetters {
        /// Which word.
        what: &'static str,
        /// The letter.
        letter: char,
        /// The base.
        n: u32,
    },
    /// p1092: an addition with no solution (`2 AA AA AB`).
    NoSolution,
    /// kakuro2: the input ends before a number (`1 2 1`).
    EndsBefore {
        /// The test case, from 1 (0 before the first).
        case: usize,
        /// The number missing.
        what: String,
    },
    /// kakuro2: a token that is not a number (`x`).
    NotANumber {
        /// The test case, from 1 (0 before the first).
        case: usize,
        /// The number it stands for.
        what: String,
        /// As written.
        token: String,
    },
    /// kakuro2: a grid size outside 1 to 256 (`1 0`).
    GridSize {
        /// The test case, from 1.
        case: usize,
        /// The size.
        n: usize,
    },
    /// kakuro2: a colour other than 0 or 1 (`1 1 2`).
    Colour {
        /// The test case, from 1.
        case: usize,
        /// Which cell's colour.
        what: String,
        /// The value.
        value: u64,
    },
    /// kakuro2: a hint outside the grid.
    HintOutside {
        /// The test case, from 1.
        case: usize,
        /// The hint, from 1.
        hint: u64,
        /// Its row.
        y: u64,
        /// Its column.
        x: u64,
    },
    /// kakuro2: a hint on a white cell.
    HintOnWhite {
        /// The test case, from 1.
        case: usize,
        /// The hint, from 1.
        hint: u64,
        /// Its row.
        y: u64,
        /// Its column.
        x: u64,
    },
    /// kakuro2: a hint direction other than 0 or 1.
    HintDirection {
        /// The test case, from 1.
        case: usize,
        /// The hint, from 1.
        hint: u64,
        /// The direction.
        direction: u64,
    },
    /// kakuro2: two hints for the same cell and direction.
    HintRepeats {
        /// The test case, from 1.
        case: usize,
        /// The hint, from 1.
        hint: u64,
        /// Its row.
        y: u64,
        /// Its column.
        x: u64,
    },
    /// kakuro2: the checker refused the grid of a test case (a run of
    /// eleven white cells): the cell it points at, if any, and its message.
    CaseRejected {
        /// The test case, from 1.
        case: usize,
        /// `cell (y, x): `, or empty.
        cell: String,
        /// The checker's message.
        message: String,
    },
    /// kakuro2: a test case failed in the pipeline.
    InCase {
        /// The test case, from 1.
        case: usize,
        /// Why.
        why: Box<JudgeError>,
    },
    /// kakuro2: a grid with no solution.
    CaseNoSolution {
        /// The test case, from 1.
        case: usize,
    },
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use JudgeError::*;
        match self {
            NotACount(token) => write!(f, "expected the number of words, found `{}`", token),
            TooFewWords { dataset } => {
                write!(f, "dataset {}: a sum needs at least two words", dataset)
            }
            TooManyWords { dataset, words } => write!(
                f,
                "dataset {}: {} words; crypta takes at most {} in one sum",
                dataset, words, MAX_WORDS
            ),
            EndsBeforeWord { dataset, word } => write!(
                f,
                "dataset {}: the input ends before word {}",
                dataset, word
            ),
            NotAWord { what, word } => {
                write!(f, "{} `{}` is not a word of capital letters", what, word)
            }
            EmptyDataset => f.write_str("empty dataset"),
            InDataset { dataset, why } => write!(f, "dataset {}: {}", dataset, why),
            Rejected { source, message } => write!(f, "`{}`: {}", source, message),
            NotOneStatement(source) => write!(f, "`{}` is not one statement", source),
            Stopped => f.write_str("a limit stopped the search"),
            NotAQuery(source) => write!(f, "`{}` is not a query", source),
            Internal(error) => write!(f, "{}", error),
            Empty => f.write_str("the input is empty"),
            NotABase => f.write_str("the first token is not the base n"),
            BaseRange(n) => write!(f, "n = {} is outside 2..=26", n),
            Missing(what) => write!(f, "{} is missing", what),
            WrongLength { what, word, n } => {
                write!(f, "{} `{}` does not have {} letters", what, word, n)
            }
            BeyondLetters { what, letter, n } => write!(
                f,
                "{} uses `{}`, beyond the first {} letters",
                what, letter, n
            ),
            NoSolution => f.write_str("the addition has no solution"),
            EndsBefore { case, what } => {
                write!(f, "test case {}: the input ends before {}", case, what)
            }
            NotANumber { case, what, token } => write!(
                f,
                "test case {}: {} is `{}`, not a number",
                case, what, token
            ),
            GridSize { case, n } => write!(f, "test case {}: N = {} is outside 1..=256", case, n),
            Colour { case, what, value } => {
                write!(f, "test case {}: {} is {}, not 0 or 1", case, what, value)
            }
            HintOutside { case, hint, y, x } => write!(
                f,
                "test case {}: hint {} at ({}, {}) is outside the grid",
                case, hint, y, x
            ),
            HintOnWhite { case, hint, y, x } => write!(
                f,
                "test case {}: hint {} at ({}, {}) is on a white cell",
                case, hint, y, x
            ),
            HintDirection {
                case,
                hint,
                direction,
            } => write!(
                f,
                "test case {}: hint {} has direction {}, not 0 or 1",
                case, hint, direction
            ),
            HintRepeats { case, hint, y, x } => write!(
                f,
                "test case {}: hint {} repeats a hint at ({}, {})",
                case, hint, y, x
            ),
            CaseRejected {
                case,
                cell,
                message,
            } => write!(f, "test case {}: {}{}", case, cell, message),
            InCase { case, why } => write!(f, "test case {}: {}", case, why),
            CaseNoSolution { case } => write!(f, "test case {}: the grid has no solution", case),
        }
    }
}

impl std::error::Error for JudgeError {}
