//! [`Request`]: everything `crypta generate` can be asked, with its
//! defaults written once, and [`Request::check`], the command line's
//! messages for options that do not go together. Every front end (the
//! command line, Python, the playground) fills one in.

use std::path::PathBuf;

use super::error::{OptionsError, Range};
use super::kakuro::Symmetry;
use crypta_substrate::grade::Difficulty;

/// The kind of puzzle to make.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Kind {
    /// Kakuro grids with a planted solution.
    #[default]
    Kakuro,
    /// Alphametics from a word list.
    Letters,
    /// Skeleton long multiplications.
    Multiplication,
    /// Skeleton long divisions.
    Division,
    /// Cryptic Kakuro: a Kakuro grid with its digits as letters.
    Cryptic,
}

impl Kind {
    /// Every kind, as named on the command line.
    pub const ALL: [Kind; 5] = [
        Kind::Kakuro,
        Kind::Letters,
        Kind::Multiplication,
        Kind::Division,
        Kind::Cryptic,
    ];

    /// The kind's name: `kakuro`, `letters`, `multiplication`, `division`,
    /// `cryptic`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Kakuro => "kakuro",
            Kind::Letters => "letters",
            Kind::Multiplication => "multiplication",
            Kind::Division => "division",
            Kind::Cryptic => "cryptic",
        }
    }

    /// The kind named `name`, as [`Kind::name`] writes it.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// The form of the condition `letters` adds to a sum of several solutions
/// to leave one (`--condition`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConditionForm {
    /// A letter's digit: `with D = 5`.
    Given,
    /// An order of two letters: `with A < B`.
    Order,
    /// A property of a word: `with SIX square` (prime, square, cube,
    /// triangular, odd, even).
    Property,
    /// Any of the three, tried in a random order for each puzzle.
    Any,
}

impl ConditionForm {
    /// Every form, as named on the command line.
    pub const ALL: [ConditionForm; 4] = [
        ConditionForm::Given,
        ConditionForm::Order,
        ConditionForm::Property,
        ConditionForm::Any,
    ];

    /// The form's name: `given`, `order`, `property`, `any`.
    pub fn name(self) -> &'static str {
        match self {
            ConditionForm::Given => "given",
            ConditionForm::Order => "order",
            ConditionForm::Property => "property",
            ConditionForm::Any => "any",
        }
    }

    /// The form named `name`, as [`ConditionForm::name`] writes it.
    pub fn from_name(name: &str) -> Option<ConditionForm> {
        ConditionForm::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// The word list of `letters`: a file to read, or text already read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Words {
    /// A file of words, one per line (`#` comments), read when the
    /// generator starts (at most [`crypta_substrate::limits::MAX_SCRIPT_BYTES`]).
    File(PathBuf),
    /// The text of a word list; `name` names it in messages.
    Text {
        /// What messages call the list (`words.txt:3: ...`).
        name: String,
        /// The words, one per line.
        text: String,
    },
}

/// What to generate: the options of `crypta generate`, by the same names
/// (`--open-limit` is `open_limit`). [`Request::default`] is the command
/// line's defaults: one 10×10 Kakuro grid of seed 1, proven unique.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The puzzle kind.
    pub kind: Kind,
    /// Puzzles made, from seeds `seed`, `seed + 1`, ...
    pub count: u64,
    /// The seed of the first puzzle.
    pub seed: u64,
    /// kakuro: rows and columns of a square grid (1 to 256).
    pub size: usize,
    /// kakuro: rows, when not square.
    pub rows: Option<usize>,
    /// kakuro: columns, when not square.
    pub cols: Option<usize>,
    /// kakuro: ask for unique grids (the default anyway).
    pub unique: bool,
    /// kakuro: grids as laid out, not made unique (headed by `count`).
    pub not_unique: bool,
    /// kakuro: chance that an inner cell starts white (0 to 1).
    pub density: f64,
    /// kakuro: chance that a white cell shows its digit (0 to 1).
    pub givens: f64,
    /// kakuro: open regions larger than this are tightened first (1 with
    /// an easy `difficulty`, 2 with a medium one, else unlimited).
    pub open_limit: Option<usize>,
    /// kakuro: the symmetry of the pattern of white cells.
    pub symmetry: Symmetry,
    /// kakuro: KAKURO2 judge input instead of statements.
    pub kakuro2: bool,
    /// kakuro: the query written before each grid (`unique`, or `count`
    /// with `not_unique`).
    pub query: Option<String>,
    /// letters: the word list (required).
    pub words: Option<Words>,
    /// letters: words added, a range (2 to 9; 2 unless `pattern`).
    pub addends: Option<(usize, usize)>,
    /// letters: an equation of word slots, such as `A * B = C`.
    pub pattern: Option<String>,
    /// letters: the base (2 to 36; 10).
    pub base: Option<u32>,
    /// letters: sums of several solutions, made unique by a condition of
    /// this form (`--condition`).
    pub condition: Option<ConditionForm>,
    /// multiplication, division: the digits of the two numbers (each 1 to
    /// 9; 3x2 and 5x2).
    pub digits: Option<(usize, usize)>,
    /// multiplication, division: show only this digit.
    pub keep: Option<u8>,
    /// multiplication, division: shown digits as letters.
    pub letters: bool,
    /// Only puzzles `grade` rates at this level (easy, medium or hard).
    pub difficulty: Option<Difficulty>,
    /// multiplication, division: allow shapes a book would not print.
    pub any_shape: bool,
}

impl Default for Request {
    fn default() -> Request {
        Request {
            kind: Kind::Kakuro,
            count: 1,
            seed: 1,
            size: 10,
            rows: None,
            cols: None,
            unique: false,
            not_unique: false,
            density: 0.8,
            givens: 0.0,
            open_limit: None,
            symmetry: Symmetry::None,
            kakuro2: false,
            query: None,
            words: None,
            addends: None,
            pattern: None,
            base: None,
            condition: None,
            digits: None,
            keep: None,
            letters: false,
            difficulty: None,
            any_shape: false,
        }
    }
}

/// Words added: `N` or `N..M`, from 2 to 9 (`--addends`).
pub fn parse_addends(text: &str) -> Result<(usize, usize), Range> {
    let (low, high) = text.split_once("..").unwrap_or((text, text));
    match (low.trim().parse::<usize>(), high.trim().parse::<usize>()) {
        (Ok(l), Ok(h)) if addends_fit((l, h)) => Ok((l, h)),
        _ => Err(Range::Addends),
    }
}

/// Sizes of a skeleton: `AxB`, each from 1 to 9 (`--digits`).
pub fn parse_digits(text: &str) -> Result<(usize, usize), Range> {
    let sizes = text
        .split_once(['x', 'X'])
        .map(|(a, b)| (a.trim().parse::<usize>(), b.trim().parse::<usize>()));
    match sizes {
        Some((Ok(a), Ok(b))) if digits_fit((a, b)) => Ok((a, b)),
        _ => Err(Range::Digits),
    }
}

/// Why a grid side is refused (`--size`, `--rows`, `--cols`).
pub const SIDE: &str = "a side of a grid goes from 1 to 256";
/// Why a chance is refused (`--density`, `--givens`).
pub const CHANCE: &str = "a chance is a number from 0 to 1";

fn addends_fit((l, h): (usize, usize)) -> bool {
    2 <= l && l <= h && h <= 9
}

fn digits_fit((a, b): (usize, usize)) -> bool {
    (1..=9).contains(&a) && (1..=9).contains(&b)
}

impl Request {
    /// Rows and columns of a Kakuro grid.
    pub fn sides(&self) -> (usize, usize) {
        (
            self.rows.unwrap_or(self.size),
            self.cols.unwrap_or(self.size),
        )
    }

    /// Whether Kakuro grids are made unique and proven so.
    pub fn proves_unique(&self) -> bool {
        !self.not_unique
    }

    /// Why the options do not go together, in the command line's words
    /// (without its `error: `); values out of range first, as the command
    /// line's parser refuses them before.
    pub fn check(&self) -> Result<(), OptionsError> {
        self.in_range()?;
        match self.misfit() {
            Some(problem) => Err(problem),
            None => Ok(()),
        }
    }

    fn in_range(&self) -> Result<(), OptionsError> {
        let bad = |flag: &'static str, value: String, range: Range| {
            Err(OptionsError::OutOfRange { flag, value, range })
        };
        for (flag, side) in [
            ("--size", Some(self.size)),
            ("--rows", self.rows),
            ("--cols", self.cols),
        ] {
            match side {
                Some(n) if !(1..=256).contains(&n) => return bad(flag, n.to_string(), Range::Side),
                _ => {}
            }
        }
        for (flag, chance) in [("--density", self.density), ("--givens", self.givens)] {
            if !(0.0..=1.0).contains(&chance) {
                return bad(flag, chance.to_string(), Range::Chance);
            }
        }
        match (self.addends, self.digits, self.base, self.keep) {
            (Some(a), ..) if !addends_fit(a) => {
                bad("--addends", format!("{}..{}", a.0, a.1), Range::Addends)
            }
            (_, Some(d), ..) if !digits_fit(d) => {
                bad("--digits", format!("{}x{}", d.0, d.1), Range::Digits)
            }
            (_, _, Some(b), _) if !(2..=36).contains(&b) => {
                bad("--base", b.to_string(), Range::Base)
            }
            (.., Some(k)) if k > 9 => bad("--keep", k.to_string(), Range::Keep),
            _ if self.unique && self.not_unique => Err(OptionsError::UniqueAndNotUnique),
            _ if self.difficulty.is_some() && (self.not_unique || self.kakuro2) => {
                Err(OptionsError::GradesUnique)
            }
            _ if self.difficulty == Some(Difficulty::NeedsGuessing) => {
                Err(OptionsError::Difficulty)
            }
            _ => Ok(()),
        }
    }

    /// The Kakuro options given away from their defaults, by name.
    fn kakuro_options(&self) -> Vec<&'static str> {
        let given = [
            ("--size", self.size != 10),
            ("--rows", self.rows.is_some()),
            ("--cols", self.cols.is_some()),
            ("--unique", self.unique),
            ("--density", self.density != 0.8),
            ("--givens", self.givens != 0.0),
            ("--open-limit", self.open_limit.is_some()),
            ("--kakuro2", self.kakuro2),
            ("--not-unique", self.not_unique),
            ("--query", self.query.is_some()),
            ("--symmetry", self.symmetry != Symmetry::None),
        ];
        given.iter().filter(|g| g.1).map(|g| g.0).collect()
    }

    /// The options of letters and skeletons given, by name, with the
    /// kind they are for (multiplication standing for both skeletons).
    fn puzzle_options(&self) -> Vec<(&'static str, Kind)> {
        use Kind::{Letters, Multiplication};
        let given = [
            ("--words", self.words.is_some(), Letters),
            ("--addends", self.addends.is_some(), Letters),
            ("--pattern", self.pattern.is_some(), Letters),
            ("--base", self.base.is_some(), Letters),
            ("--condition", self.condition.is_some(), Letters),
            ("--digits", self.digits.is_some(), Multiplication),
            ("--keep", self.keep.is_some(), Multiplication),
            ("--letters", self.letters, Multiplication),
            ("--any-shape", self.any_shape, Multiplication),
        ];
        given.iter().filter(|g| g.1).map(|g| (g.0, g.2)).collect()
    }

    /// Why the options do not go with `self.kind`, if they do not.
    fn misfit(&self) -> Option<OptionsError> {
        if matches!(self.kind, Kind::Kakuro | Kind::Cryptic) {
            let wrong: Vec<&'static str> = self.puzzle_options().iter().map(|o| o.0).collect();
            if !wrong.is_empty() {
                return Some(OptionsError::NotForGrid {
                    options: wrong,
                    kind: self.kind,
                });
            }
            let plain = ["--givens", "--kakuro2", "--not-unique", "--query"];
            let wrong: Vec<&'static str> = self
                .kakuro_options()
                .into_iter()
                .filter(|o| plain.contains(o))
                .collect();
            if self.kind == Kind::Cryptic && !wrong.is_empty() {
                return Some(OptionsError::NotForCryptic(wrong));
            }
            let (rows, cols) = self.sides();
            return (self.kakuro2 && (rows != cols || self.givens > 0.0))
                .then_some(OptionsError::Kakuro2Shape);
        }
        let letters = self.kind == Kind::Letters;
        let mut wrong = self.kakuro_options();
        wrong.extend(
            self.puzzle_options()
                .into_iter()
                .filter(|o| (o.1 == Kind::Letters) != letters)
                .map(|o| o.0),
        );
        if !wrong.is_empty() {
            return Some(OptionsError::NotFor {
                options: wrong,
                kind: self.kind,
            });
        }
        if letters && self.words.is_none() {
            return Some(OptionsError::NoWords);
        }
        if self.addends.is_some() && self.pattern.is_some() {
            return Some(OptionsError::AddendsAndPattern);
        }
        match (self.kind, self.digits) {
            (Kind::Division, Some((a, b))) if a < b => Some(OptionsError::ShortDividend(a, b)),
            _ => None,
        }
    }

    /// What to try when a seed gives no puzzle.
    pub fn advice(&self) -> String {
        match (self.kind, self.difficulty) {
            (Kind::Kakuro | Kind::Cryptic, Some(Difficulty::Easy)) => format!(
                "no easy grid in {} tries: a large grid takes work enough to be medium; try --size 10",
                super::GRADE_TRIES
            ),
            (_, Some(_)) => format!(
                "none of {} puzzles tried had that grade: try another seed or other options",
                super::GRADE_TRIES
            ),
            (Kind::Cryptic, None) => "the grid has no white cell: try a larger --size".to_string(),
            _ => "try another seed, a longer word list, or other options".to_string(),
        }
    }

    /// The message for a seed that gave no puzzle.
    pub fn no_puzzle(&self, seed: u64) -> String {
        format!("no puzzle found for seed {} ({})", seed, self.advice())
    }
}
