//! The language's words, written once: queries, `let` and `with`, block
//! keywords, options and properties, each with how it is used and what it
//! does, and the comment rule. The parser's hints, `crypta fmt`, the
//! language server, the REPL's completion and help, and "did you mean" all
//! read them from here; `tests/it/vocab.rs` fails when the grammar
//! (`grammar/crypta.pest`) and these lists disagree. The comment rule is in
//! `comments.rs`, the continuation rule in `lines.rs`, both re-exported
//! here.

mod comments;
mod lines;
pub(crate) mod prime;
pub mod properties;

pub use comments::{
    code, comment_at, comment_start, open_brace, places, split_row, Place, COMMENT,
};
pub use lines::{continues, logical, stray_continue, CONTINUE};

/// A word (or two: `leading zeros`) of the language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word {
    /// As written.
    pub text: &'static str,
    /// As written with what follows it: `first N`, `base N`.
    pub usage: &'static str,
    /// What it does, in one line (completion details, help).
    pub about: &'static str,
    /// Other spellings the grammar accepts.
    pub also: &'static [&'static str],
}

const fn word(text: &'static str, usage: &'static str, about: &'static str) -> Word {
    Word {
        text,
        usage,
        about,
        also: &[],
    }
}

/// The queries, in the order help and completion list them.
pub const QUERIES: &[Word] = &[
    word("solve", "solve", "every solution (the default)"),
    word("first", "first N", "at most N solutions"),
    word("count", "count", "how many solutions"),
    word("unique", "unique", "exactly one solution?"),
    word("grade", "grade", "solved by a person's steps, rated"),
    word("explain", "explain", "the typed puzzle and the strategy"),
    word(
        "explain steps",
        "explain steps",
        "the steps of `grade`, one by one",
    ),
    word(
        "answer",
        "answer EXPR: puzzle",
        "the values of EXPR over the solutions, each with its count",
    ),
    word(
        "unique answer",
        "unique answer EXPR: puzzle",
        "one value of EXPR over the solutions?",
    ),
];

/// Names a puzzle.
pub const LET: Word = word("let", "let NAME = puzzle", "name a puzzle");

/// Starts the options of a puzzle.
pub const WITH: Word = word("with", "with option, ...", "options and conditions follow");

/// The puzzle kinds written as a block after their keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// A skeleton long multiplication.
    Multiplication,
    /// A skeleton long division.
    Division,
    /// A Kakuro grid.
    Kakuro,
    /// A crossnumber: a grid and clues over its entries.
    Crossnumber,
}

impl BlockKind {
    /// The keyword as written.
    pub fn keyword(self) -> &'static str {
        match self {
            BlockKind::Multiplication => "multiplication",
            BlockKind::Division => "division",
            BlockKind::Kakuro => "kakuro",
            BlockKind::Crossnumber => "crossnumber",
        }
    }
}

/// How a block's body is laid out, which is all `crypta fmt` needs to know
/// of a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// Cells separated by blanks; `#` is a cell, not a comment. Columns may
    /// be re-aligned.
    Grid,
    /// Rows whose columns carry the meaning; `#` starts a comment. Rows move
    /// only together.
    Layout,
    /// A grid as [`Body::Grid`], then lines of clues, each kept as written
    /// but for its indent (a crossnumber).
    GridThenClues,
}

/// A block keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// Which puzzle it opens.
    pub kind: BlockKind,
    /// The keyword.
    pub word: Word,
    /// How its body is laid out.
    pub body: Body,
    /// What the REPL's `:help` says of it after its usage: its `about`
    /// when empty; more lines go under it.
    pub help: &'static str,
}

impl Block {
    /// What `:help` says of it: [`Block::help`], or its `about`.
    pub fn help(&self) -> &'static str {
        if self.help.is_empty() {
            self.word.about
        } else {
            self.help
        }
    }
}

/// The block keywords.
pub const BLOCKS: &[Block] = &[
    Block {
        kind: BlockKind::Multiplication,
        word: word(
            "multiplication",
            "multiplication { ... }",
            "a skeleton long multiplication, a row a line",
        ),
        body: Body::Layout,
        help: "a skeleton long multiplication, a row a line\n\
               (`*` any digit, `x` before the multiplier, `---`)",
    },
    Block {
        kind: BlockKind::Division,
        word: word("division", "division { ... }", "a skeleton long division"),
        body: Body::Layout,
        help: "",
    },
    Block {
        kind: BlockKind::Kakuro,
        word: word("kakuro", "kakuro { ... }", "a Kakuro grid"),
        body: Body::Grid,
        help: "a Kakuro grid: `#` black, `a\\b` clues, `.` white",
    },
    Block {
        kind: BlockKind::Crossnumber,
        word: word(
            "crossnumber",
            "crossnumber { ... }",
            "a crossnumber: a grid, then clues over its entries",
        ),
        body: Body::GridThenClues,
        help: "a crossnumber: the grid (`.` white, `#` block, a digit given, a letter\n\
               a named cell), then one clue a line: `1a = 1d + 9`, `7a: prime, > 300`",
    },
];

/// An option of words alone: it switches a rule off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// `leading zeros`: a word may start with 0.
    LeadingZeros,
    /// `repeats`: two symbols may share a digit.
    Repeats,
}

/// What an option takes after its word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// Nothing: the option is a [`Flag`], read from this list alone.
    Nothing(Flag),
    /// A number: `base 16`.
    Number,
    /// A set of digits: `digits 1..9`.
    Digits,
    /// Letters: `wild O E`.
    Letters,
}

/// An option after `with`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionWord {
    /// Its word (or words).
    pub word: Word,
    /// What follows it.
    pub takes: Takes,
}

/// The options after `with` that are not constraints or conditions.
pub const OPTIONS: &[OptionWord] = &[
    OptionWord {
        word: word("base", "base N", "numbers in base N (2 to 62)"),
        takes: Takes::Number,
    },
    OptionWord {
        word: Word {
            text: "leading zeros",
            usage: "leading zeros",
            about: "a word may start with 0",
            also: &["leading zeroes"],
        },
        takes: Takes::Nothing(Flag::LeadingZeros),
    },
    OptionWord {
        word: word("repeats", "repeats", "two symbols may share a digit"),
        takes: Takes::Nothing(Flag::Repeats),
    },
    OptionWord {
        word: word("digits", "digits SET", "the digits symbols may take"),
        takes: Takes::Digits,
    },
    OptionWord {
        word: word(
            "wild",
            "wild LETTERS",
            "each letter stands for a class of digits",
        ),
        takes: Takes::Letters,
    },
    OptionWord {
        word: word(
            "distinct",
            "distinct GROUP, ...",
            "the symbols of each group take different digits",
        ),
        takes: Takes::Letters,
    },
];

/// The flag an option of words alone names, however it is spaced or
/// spelled.
pub fn flag(text: &str) -> Option<Flag> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let text = words.join(" ");
    OPTIONS.iter().find_map(|o| match o.takes {
        Takes::Nothing(flag)
            if std::iter::once(&o.word.text)
                .chain(o.word.also)
                .any(|w| *w == text) =>
        {
            Some(flag)
        }
        _ => None,
    })
}

/// The relation word of a constraint: `B in 1..4`.
pub const IN: Word = word("in", "SYMBOL in SET", "the symbol's digit is in the set");

/// The properties, each with its word and everything else the language
/// knows of it: one table, [`properties::TABLE`].
pub use properties::{Property, TABLE as PROPERTIES};

/// The words that combine conditions (v3): `and`, `or`, `not`, and the
/// counted truths `exactly N of (...)`, `at least N of (...)`, `at most N
/// of (...)`. None is reserved: each is a keyword only where a condition
/// can take it.
pub const LOGIC: &[Word] = &[
    word("and", "C and C", "both conditions hold"),
    word("or", "C or C", "one condition or both hold"),
    word("not", "not C", "the condition does not hold"),
    word(
        "exactly",
        "exactly N of (C, ...)",
        "exactly N of the conditions hold",
    ),
    word(
        "at least",
        "at least N of (C, ...)",
        "N or more of the conditions hold",
    ),
    word(
        "at most",
        "at most N of (C, ...)",
        "N or fewer of the conditions hold",
    ),
    word(
        "of",
        "exactly N of (C, ...)",
        "the conditions counted follow, in parentheses",
    ),
];

/// The words that combine conditions, as completion offers them.
pub fn combining() -> impl Iterator<Item = &'static str> {
    LOGIC.iter().map(|w| w.text)
}

/// The property a word names.
pub fn property(text: &str) -> Option<Property> {
    PROPERTIES
        .iter()
        .find(|e| e.word.text == text)
        .map(|e| e.property)
}

/// The block a keyword opens.
pub fn block(text: &str) -> Option<&'static Block> {
    BLOCKS.iter().find(|b| b.word.text == text)
}

/// What starts a statement: a one-word query, `let`, or a block keyword.
pub fn starts() -> impl Iterator<Item = &'static str> {
    QUERIES
        .iter()
        .filter(|q| !q.text.contains(' '))
        .map(|q| q.text)
        .chain([LET.text])
        .chain(BLOCKS.iter().map(|b| b.word.text))
}

/// What may follow `with` or a `,` among options: the options, `in`, and
/// the properties.
pub fn after_with() -> impl Iterator<Item = &'static str> {
    OPTIONS
        .iter()
        .map(|o| o.word.text)
        .chain([IN.text])
        .chain(PROPERTIES.iter().map(|e| e.word.text))
}

/// The first word of each option, for "did you mean".
pub fn option_heads() -> impl Iterator<Item = &'static str> {
    OPTIONS
        .iter()
        .filter_map(|o| o.word.text.split_whitespace().next())
}

/// The words no name or puzzle word may be: the queries, `let`, `with`
/// and the block keywords.
pub fn reserved() -> impl Iterator<Item = &'static str> {
    QUERIES
        .iter()
        .filter(|q| !q.text.contains(' '))
        .map(|q| q.text)
        .chain([LET.text, WITH.text])
        .chain(BLOCKS.iter().map(|b| b.word.text))
}

/// Every entry of the vocabulary.
pub fn all() -> impl Iterator<Item = &'static Word> {
    QUERIES
        .iter()
        .chain([&LET, &WITH])
        .chain(BLOCKS.iter().map(|b| &b.word))
        .chain(OPTIONS.iter().map(|o| &o.word))
        .chain([&IN])
        .chain(PROPERTIES.iter().map(|e| &e.word))
        .chain(LOGIC)
}

/// Every single word the language gives a meaning to, each spelling once,
/// in the vocabulary's order (what an editor colours as a keyword).
pub fn keywords() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for entry in all() {
        for text in std::iter::once(&entry.text).chain(entry.also) {
            for w in text.split_whitespace() {
                if !out.contains(&w) {
                    out.push(w);
                }
            }
        }
    }
    out
}

/// What a word or phrase of the vocabulary does.
pub fn about(text: &str) -> Option<&'static str> {
    all().find(|w| w.text == text).map(|w| w.about)
}
