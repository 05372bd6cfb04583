//! Diagnostics as plain data: every error carries its span and is collected in
//! a `Vec`, then rendered once (crypta-engine's `report` draws them with
//! ariadne; their JSON line is here, [`Diagnostic::to_json`], so that the
//! API can give it).

use serde::Serialize;

use crate::escape::{excerpt, position};

/// A byte range into the source text a diagnostic points at.
pub type Span = std::ops::Range<usize>;

/// One problem found in a script, with where it is and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What went wrong, as a category tools and tests can match on.
    pub kind: ErrorKind,
    /// The headline, one sentence: "`money` is already defined".
    pub message: String,
    /// Where the problem is: the text the main underline covers.
    pub span: Span,
    /// Secondary spans with a short note each ("first used here").
    pub labels: Vec<(Span, String)>,
    /// How to fix it, when there is something useful to say.
    pub hint: Option<String>,
    /// The edit that fixes it, when one is sure enough to apply unseen
    /// (an editor's quick fix): "did you mean", a missing option. Boxed:
    /// most diagnostics have none, and a `Result` carries them by value.
    pub fix: Option<Box<Fix>>,
}

/// A text edit that fixes a diagnostic: replace `span` (empty to insert)
/// with `replacement`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The bytes replaced; empty for an insertion.
    pub span: Span,
    /// What goes there.
    pub replacement: String,
}

impl Diagnostic {
    /// A diagnostic with no labels and no hint.
    pub fn new(kind: ErrorKind, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            kind,
            message: message.into(),
            span,
            labels: Vec::new(),
            hint: None,
            fix: None,
        }
    }

    /// Adds how to fix it.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Adds the edit that fixes it.
    pub fn with_fix(mut self, span: Span, replacement: impl Into<String>) -> Self {
        self.fix = Some(Box::new(Fix {
            span,
            replacement: replacement.into(),
        }));
        self
    }

    /// Adds a secondary span with its note.
    pub fn with_label(mut self, span: Span, note: impl Into<String>) -> Self {
        self.labels.push((span, note.into()));
        self
    }
}

macro_rules! error_kinds {
    ($( $(#[doc = $doc:literal])* $name:ident => $example:expr, )*) => {
        /// What went wrong. Every variant names, in [`ErrorKind::example`], a
        /// script that triggers it; a unit test runs each of them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ErrorKind { $( $(#[doc = $doc])* $name, )* }

        impl ErrorKind {
            /// Every kind, in declaration order.
            pub const ALL: &'static [ErrorKind] = &[$(ErrorKind::$name,)*];

            /// The variant's name, as JSON errors carry it (`MissingEquals`).
            pub fn name(self) -> &'static str {
                match self { $(ErrorKind::$name => stringify!($name),)* }
            }

            /// A script that triggers this error.
            pub fn example(self) -> String {
                match self { $(ErrorKind::$name => $example.to_string(),)* }
            }

            /// Whether this kind is a warning: the script still runs, and
            /// the warning says why an answer may not be what the author
            /// meant. Every other kind is an error, and stops the run.
            pub fn is_warning(self) -> bool {
                matches!(self, ErrorKind::ZeroDivisor)
            }
        }
    };
}

error_kinds! {
    /// The text does not follow the grammar, e.g. `SEND + = MONEY +`.
    Syntax => "SEND + MORE = MONEY +",
    /// An equation side is empty, e.g. `= MONEY`.
    EmptySide => "SEND + MORE =",
    /// A puzzle expression has no `=`, e.g. `SEND + MORE`.
    MissingEquals => "SEND + MORE",
    /// An equation has two `=` signs, e.g. `A + B = C = D`.
    ChainedEquals => "A + B = C = D",
    /// More distinct symbols than digits, e.g. 11 letters in base 10.
    TooManySymbols => "ABCDEFGHIJ + K = KK",
    /// A fixed digit is not a digit of the base, e.g. `8` in base 8.
    DigitNotInBase => "A8 + B = CC with base 8",
    /// `base N` outside 2..=62.
    BaseOutOfRange => "A + B = CD with base 1",
    /// An option crypta does not know, e.g. `with colour red`.
    UnknownOption => "A + B = CD with colour red",
    /// A constraint on a symbol the puzzle does not use.
    UnusedSymbol => "SEND + MORE = MONEY with Q = 1",
    /// Constraints that no assignment can meet, e.g. `E = 5, E = 6`.
    Contradiction => "SEND + MORE = MONEY with E = 5, E = 6",
    /// An option given twice with different values, e.g. two bases.
    DuplicateOption => "A + B = CD with base 8, base 9",
    /// A number in an option that is not a digit, e.g. `digits 1..99`.
    BadNumber => "SEND + MORE = MONEY with digits 0..99",
    /// A constraint target that is not a single symbol, e.g. `SE in 1..4`.
    BadTarget => "SEND + MORE = MONEY with SE in 1..4",
    /// A relation no digits of the domains can meet, e.g. `S > 9` in base 10.
    ImpossibleCondition => "SEND + MORE = MONEY with S > 9",
    /// `first 0`: a query that asks for no solution.
    FirstZero => "first 0 SEND + MORE = MONEY",
    /// A statement names a puzzle that no `let` defined.
    UnknownName => "count money",
    /// `let` reuses a name already defined.
    DuplicateName => "let m = A + B = C\nlet m = A + C = B",
    /// A script or statement beyond crypta's limits (see
    /// [`crate::limits`]), e.g. parentheses nested deeper than 64, more
    /// than 1024 operators in one statement, or a script of more than
    /// 2 MiB.
    TooLarge => format!("{}A{} = B", "(".repeat(65), ")".repeat(65)),
    /// More errors than a script's report shows
    /// ([`crate::limits::MAX_DIAGNOSTICS`]): the last diagnostic counts the
    /// rest.
    TooManyErrors => "A + = B\n".repeat(crate::limits::MAX_DIAGNOSTICS + 1),
    /// A layout row holding something other than cells, or a gap.
    BadRow => "multiplication {\n  1a!\n x  2\n ---\n ***\n}",
    /// A layout without a row it needs: the `x` multiplier line, the `)`
    /// of a division, the quotient.
    MissingRow => "division {\n    **\n ** ***\n    **\n     *\n}",
    /// Rows that cannot line up: a partial product or a division product
    /// ending in a column no digit owns.
    Misaligned => "multiplication {\n   ***\n x  **\n  ***\n ***\n  ****\n}",
    /// More partial products than multiplier digits, or more steps than
    /// quotient digits.
    TooManyRows => "multiplication {\n   **\n x **\n  ***\n ***\n***\n ****\n}",
    /// A layout row too long or too short to be possible.
    RowLength => "multiplication {\n     **\nx    **\n    ***\n   ***\n*******\n}",
    /// An option on a puzzle kind that takes none, e.g. `with base 8` after
    /// a Kakuro grid.
    OptionNotApplicable => "kakuro {\n # 4\\ 3\\\n \\3 . .\n \\4 . .\n} with base 8",
    /// A Kakuro grid with no cells.
    EmptyGrid => "kakuro {\n}",
    /// A Kakuro row with more or fewer cells than the others.
    RaggedRow => "kakuro {\n # 4\\ 3\\\n \\3 . .\n \\4 .\n}",
    /// A Kakuro cell that is not `#`, `.`, `_`, 1–9 or `D\A`.
    BadCell => "kakuro {\n # 4\\ 3/\n \\3 . .\n \\4 . .\n}",
    /// A Kakuro clue whose sum has no white cell after it.
    ClueWithoutRun => "kakuro {\n # 3\\\n}",
    /// Two or more white cells in a line with no clue before them.
    RunWithoutClue => "kakuro {\n # 4\\ 3\\\n # . .\n \\4 . .\n}",
    /// A Kakuro run of more than 9 cells.
    RunTooLong => "kakuro {\n \\55 . . . . . . . . . .\n}",
    /// A Kakuro sum its run cannot make, e.g. `\3` over three cells.
    ImpossibleSum => "kakuro {\n \\3 . . .\n}",
    /// A given digit twice in one Kakuro run.
    RepeatedGiven => "kakuro {\n \\10 5 5\n}",
    /// A letter twice in one run of a cryptic Kakuro: one letter is one
    /// digit, and a run's digits differ.
    RepeatedSymbol => "kakuro {\n \\AB A A\n}",
    /// Givens that leave a Kakuro run no way to make its sum.
    GivensBreakSum => "kakuro {\n \\10 . 5\n}",
    /// Options that contradict each other, e.g. `repeats` with `distinct`
    /// groups.
    ConflictingOptions => "ABC + ABC = abc with distinct ABC, repeats",
    /// A warning, not an error: a divisor that is 0 whatever the digits
    /// (`B - B`, `0`), so the division has no value and the relation
    /// holding it is false for every digit.
    ZeroDivisor => "count A / (B - B) = C",
    /// A part that cannot join a system of layouts (a Kakuro grid), or an
    /// option a system does not take yet (`wild`).
    NotInSystem => "multiplication {\n  *\n x*\n --\n  *\n}, kakuro {\n \\3 . .\n}",
}

/// The candidate `word` was most likely a typo of, for a "did you mean"
/// hint: the closest by edit distance (a swap of two neighbours counts
/// once), if it is within 2 edits and at most a third of its length.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .into_iter()
        .filter(|c| *c != word)
        .map(|c| (strsim::osa_distance(word, c), c))
        .filter(|&(d, c)| d <= 2 && d * 3 <= c.chars().count())
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

impl Diagnostic {
    /// The diagnostic as `--format json` prints it: `{"error": {...}}`
    /// (`{"warning": {...}}` for a warning) with its message, its span as
    /// lines and columns in `source`, its hint, and `file` when given; one
    /// line, without the newline.
    pub fn to_json(&self, source: &str, file: Option<&str>) -> String {
        let (start_line, column) = position(source, self.span.start);
        let (end_line, end_column) = position(source, self.span.end);
        let message = excerpt(&self.message);
        let hint = self.hint.as_deref().map(excerpt);
        let body = ErrorBody {
            message: &message,
            kind: Some(self.kind.name()),
            file,
            line: Some(start_line),
            column: Some(column),
            end_line: Some(end_line),
            end_column: Some(end_column),
            hint: hint.as_deref(),
        };
        // Serialising these types cannot fail.
        if self.kind.is_warning() {
            serde_json::to_string(&WarningJson { warning: body }).unwrap_or_default()
        } else {
            serde_json::to_string(&ErrorJson { error: body }).unwrap_or_default()
        }
    }
}

/// `{"error": {...}}`.
#[derive(Serialize)]
pub struct ErrorJson<'a> {
    /// The diagnostic or message.
    pub error: ErrorBody<'a>,
}

/// `{"warning": {...}}`: a diagnostic whose kind is a warning.
#[derive(Serialize)]
pub struct WarningJson<'a> {
    /// The diagnostic.
    pub warning: ErrorBody<'a>,
}

/// A diagnostic's message and where it points: lines and columns from 1,
/// columns in characters, the end just after the span.
#[derive(Serialize)]
pub struct ErrorBody<'a> {
    /// What is wrong.
    pub message: &'a str,
    /// Which [`ErrorKind`] it is, by name; absent for an
    /// error with no place in a script.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// The script's name, when several files were run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<&'a str>,
    /// The line the span starts on; absent for an error with no place in a
    /// script.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The column the span starts at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The line of the position just after the span.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_line: Option<usize>,
    /// The column of the position just after the span.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_column: Option<usize>,
    /// How to fix it, when there is a hint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<&'a str>,
}
