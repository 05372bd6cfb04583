//! The machine output of the brief, as types: one [`StatementJson`] per
//! statement and one [`ErrorJson`] per error, each printed as one line of
//! JSON. The field order here is the order printed.
//!
//! A search's object is printed in three pieces, so that a streamed run
//! can print each solution when it is found and keep none: its [`head`]
//! (the [`StatementJson`] fields up to `strategy`, then `"solutions":[`),
//! each [`solution`], and its [`tail`] (`]`, then the [`SearchEndJson`]
//! fields, known only once the search is over). [`render`] joins the same
//! pieces.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::kinds::Puzzle;
use crate::run::{Fixes, Head, ResultBody, Search, Solution, StatementResult};
use crypta_substrate::ir::Query;
use crypta_substrate::solve::count::Count;

/// One statement's result.
#[derive(Serialize)]
pub struct StatementJson<'a> {
    /// The script's name, when several files were run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<&'a str>,
    /// Position among the script's statements, from 1 (`let` included).
    pub statement: usize,
    /// The line the statement starts on, from 1.
    pub line: usize,
    /// `letters`, `multiplication`, `division` or `kakuro`.
    pub kind: &'a str,
    /// What the statement produced; its fields are printed inline.
    #[serde(flatten)]
    pub body: BodyJson<'a>,
}

/// What a statement produced.
#[derive(Serialize)]
#[serde(untagged)]
pub enum BodyJson<'a> {
    /// `let NAME = ...`: the name.
    Let {
        /// The name defined.
        #[serde(rename = "let")]
        name: &'a str,
    },
    /// `explain`: the strategy and the whole explanation as text.
    Explain {
        /// Always `explain`.
        query: &'static str,
        /// The strategy the planner chose.
        strategy: &'a str,
        /// The whole `explain` text.
        explain: &'a str,
    },
    /// `grade`, `explain steps`: the grade and the steps.
    Grade(super::grade::GradeJson<'a>),
    /// `solve`, `first N`, `count`, `unique`: what is known before the
    /// search. The object goes on with `"solutions"`, an array of
    /// [`SolutionJson`] (empty for `count`), then the [`SearchEndJson`]
    /// fields.
    Search {
        /// `solve`, `first`, `count` or `unique`.
        query: &'static str,
        /// N of `first N`.
        #[serde(skip_serializing_if = "Option::is_none")]
        first: Option<u64>,
        /// The strategy that searched.
        strategy: &'a str,
    },
}

/// The fields that end a search's object, after its `solutions`: what is
/// known once the search is over.
#[derive(Serialize)]
pub struct SearchEndJson<'a> {
    /// Solutions found, exact at any size: every solution there is unless
    /// `at_least`.
    pub count: &'a Count,
    /// Present (true) when `count` and the `answers`' counts are lower
    /// bounds: a limit stopped the search, or it stopped once it had what
    /// the query asks (`first N` at N, `unique` at two solutions, `unique
    /// answer` at two values).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub at_least: bool,
    /// False when a limit cut anything short: the search, or `unique`'s
    /// search for givens after it (`unfinished`).
    pub complete: bool,
    /// `unique` only: exactly one solution, proven.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// `unique` on a puzzle with several solutions: sets of givens that
    /// would each make it unique, the fewest givens first; empty when no
    /// set of up to [`crate::run::fixes::MAX_GIVENS`] does. Absent when
    /// none were looked for or their search was cut short.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fixes: Option<Vec<Vec<GivenJson<'a>>>>,
    /// What a limit did not let finish after a complete search: `fixes`
    /// (`unique`'s search for givens; the text names the limit). Absent
    /// otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unfinished: Option<&'static str>,
    /// What the statement asked that its kind of puzzle does not support
    /// (`givens`: `unique` cannot suggest givens for it). Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unsupported: Option<&'static str>,
    /// `answer` only: each value of the expression, with how many
    /// solutions give it, in increasing order (`null` for no value); only
    /// the values found when a limit stopped the search (the values shown
    /// fill what one statement prints: `complete` false).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answers: Option<Vec<AnswerJson<'a>>>,
}

/// One value of an `answer` query: `{"value": 809205, "count": 2}`.
#[derive(Serialize)]
pub struct AnswerJson<'a> {
    /// The value, a JSON number of any size, or `null`.
    pub value: Option<BigValue<'a>>,
    /// Solutions that give it (a lower bound when the search's
    /// `at_least` is true).
    pub count: u64,
}

/// A whole number as a JSON number of any size.
pub struct BigValue<'a>(pub &'a num_bigint::BigInt);

impl Serialize for BigValue<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde_json::value::RawValue::from_string(self.0.to_string())
            .map_err(serde::ser::Error::custom)?
            .serialize(serializer)
    }
}

/// One given of a fix: `{"given": "E", "digit": 5}`; a cell is named as
/// in `explain` (`?2`, `r3c4`).
#[derive(Serialize)]
pub struct GivenJson<'a> {
    /// The symbol or the cell.
    pub given: &'a str,
    /// The digit it is given.
    pub digit: u32,
}

/// One solution, in the shape its puzzle's kind gives it: a new kind
/// picks one of these shapes, or adds its own.
#[derive(Serialize)]
#[serde(untagged)]
pub enum SolutionJson {
    /// A letter equation: `{"symbols": {"S": 9, ...}, "text": "9567 + 1085 = 10652"}`.
    Letters {
        /// Each symbol's digit.
        symbols: Symbols,
        /// The equations with their digits filled in.
        text: String,
    },
    /// A multiplication or division: every row filled in, in the order
    /// written, and the symbols.
    Layout {
        /// Every row's digits, in the order written.
        rows: Vec<String>,
        /// Each symbol's digit.
        symbols: Symbols,
    },
    /// A Kakuro grid: one number per cell, row by row, 0 for a block or a
    /// clue.
    Grid {
        /// One number per cell, row by row: a digit, or 0 for a block or a clue.
        grid: Vec<Vec<u32>>,
    },
    /// A system of layouts and equations: each layout's rows as
    /// [`SolutionJson::Layout`]'s, the equations with their digits when
    /// there are any, and the symbols.
    System {
        /// Each layout's rows, in the order written.
        layouts: Vec<Vec<String>>,
        /// The equations and relations of the system with their digits.
        #[serde(skip_serializing_if = "Option::is_none")]
        text: Option<String>,
        /// Each symbol's digit.
        symbols: Symbols,
    },
    /// A crossnumber: the grid as [`SolutionJson::Grid`] (0 for a block),
    /// each entry's value by its name, and the named cells' digits.
    Crossnumber {
        /// One number per cell, row by row: a digit, or 0 for a block.
        grid: Vec<Vec<u32>>,
        /// Each entry's value: `{"1a": 596, ...}`.
        entries: Entries,
        /// Each named cell's digit.
        symbols: Symbols,
    },
    /// A cryptic Kakuro: the grid as [`SolutionJson::Grid`], and the letters.
    CrypticGrid {
        /// One number per cell, row by row: a digit, or 0 for a block or a clue.
        grid: Vec<Vec<u32>>,
        /// Each letter's digit.
        symbols: Symbols,
    },
}

/// One solution of `puzzle` as the JSON of the brief, in the shape of its
/// view ([`super::view::view_json`]).
pub fn solution_json(puzzle: &Puzzle, solution: &Solution) -> SolutionJson {
    super::view::view_json(&crate::kinds::of(puzzle).view(solution))
}

/// Symbols and their digits, as an object in order of first appearance.
pub struct Symbols(pub Vec<(char, u32)>);

impl Serialize for Symbols {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (c, d) in &self.0 {
            map.serialize_entry(c, d)?;
        }
        map.end()
    }
}

/// A crossnumber's entries and their values, as a JSON object in the
/// order the puzzle numbers them.
#[derive(Clone, Debug)]
pub struct Entries(pub Vec<(String, u128)>);

impl Serialize for Entries {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

use crypta_substrate::diagnostic::{ErrorBody, ErrorJson};

/// `crypta check` on one file that has no errors.
#[derive(Serialize)]
pub struct CheckedJson<'a> {
    /// The script's name.
    pub file: &'a str,
    /// How many statements it holds (`let` included).
    pub statements: usize,
    /// Always true: a file with errors prints its errors instead.
    pub ok: bool,
}

/// One line of JSON (serialising these types cannot fail).
pub fn line(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// One statement's result as one JSON object; a search's is its
/// [`head`], each [`solution`] and its [`tail`].
pub fn render(result: &StatementResult, file: Option<&str>) -> String {
    let body = match &result.body {
        ResultBody::Bound { name } => BodyJson::Let { name },
        ResultBody::Explained { strategy, text } => BodyJson::Explain {
            query: "explain",
            strategy,
            explain: text,
        },
        ResultBody::Graded(grade) => BodyJson::Grade(super::grade::json(grade)),
        ResultBody::Searched(search) => {
            let start = Head::of(result, search);
            let mut out = head(&start, file);
            for (index, s) in search.solutions.iter().enumerate() {
                out.push_str(&solution(&start, s, index as u64));
            }
            out.push_str(&tail(search));
            return out;
        }
    };
    line(&StatementJson {
        file,
        statement: result.number,
        line: result.line,
        kind: result.kind,
        body,
    })
}

fn search_head(query: Query, strategy: &str) -> BodyJson<'_> {
    BodyJson::Search {
        query: query.keyword(),
        first: match query {
            Query::First(n) => Some(n),
            _ => None,
        },
        strategy,
    }
}

/// The start of a search's object, up to the `[` that opens its solutions.
pub fn head(head: &Head, file: Option<&str>) -> String {
    let object = line(&StatementJson {
        file,
        statement: head.number,
        line: head.line,
        kind: head.kind,
        body: search_head(head.query, head.strategy),
    });
    // The object without its closing brace goes on with the solutions.
    let open = object.strip_suffix('}').unwrap_or(&object);
    format!("{},\"solutions\":[", open)
}

/// One solution of a search's `solutions` array: `index`, from 0, is its
/// place in it, for the comma that separates it from the one before.
pub fn solution(head: &Head, solution: &Solution, index: u64) -> String {
    let separator = if index == 0 { "" } else { "," };
    format!(
        "{}{}",
        separator,
        line(&solution_json(head.puzzle, solution))
    )
}

/// The end of a search's object: the `]` that closes its solutions, then
/// the [`SearchEndJson`] fields.
pub fn tail(search: &Search) -> String {
    let end = line(&SearchEndJson {
        count: &search.count,
        at_least: !search.exact,
        complete: search.complete,
        unique: match search.query {
            Query::Unique => Some(search.complete && search.count == 1),
            Query::Answer { unique: true } => Some(
                search.complete
                    && search.count != 0
                    && search.answers.as_ref().is_some_and(|a| a.is_unique()),
            ),
            _ => None,
        },
        answers: search.answers.as_ref().map(|a| {
            a.values
                .iter()
                .map(|(value, count)| AnswerJson {
                    value: value.as_ref().map(BigValue),
                    count: *count,
                })
                .collect()
        }),
        fixes: match &search.fixes {
            Some(Fixes::Found(sets)) => Some(
                sets.iter()
                    .map(|set| {
                        set.iter()
                            .map(|g| GivenJson {
                                given: &g.name,
                                digit: g.digit,
                            })
                            .collect()
                    })
                    .collect(),
            ),
            Some(Fixes::Beyond) => Some(Vec::new()),
            _ => None,
        },
        unfinished: matches!(search.fixes, Some(Fixes::Cut(_))).then_some("fixes"),
        unsupported: matches!(search.fixes, Some(Fixes::Unsupported(_))).then_some("givens"),
    });
    // The fields without their opening brace go on after the array.
    format!("],{}", end.strip_prefix('{').unwrap_or(&end))
}

/// Ends a streamed search's object whose search failed with an internal
/// error (printed next, on a line of its own), so that the line is still
/// JSON: its solutions are closed and it is marked incomplete, with no
/// `count`.
pub fn abandoned() -> &'static str {
    "],\"complete\":false}"
}

/// An error that has no place in a script (an unreadable file, an internal
/// error).
pub fn render_plain_error(message: &str) -> String {
    line(&ErrorJson {
        error: ErrorBody {
            message,
            kind: None,
            file: None,
            line: None,
            column: None,
            end_line: None,
            end_column: None,
            hint: None,
        },
    })
}
