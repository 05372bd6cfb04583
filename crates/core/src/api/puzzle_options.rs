//! [`PuzzleOptions`]: puzzle options given beside a script rather than
//! in it (keyword arguments in Python, a form's fields), added to each of
//! its queries as if written after its `with`. Built from typed values
//! only, so that nothing but the options asked for reaches the text.

use std::fmt;

use crypta_substrate::syntax::ast::{OptionItem, PuzzleBody, PuzzleDef, Statement};
use crypta_substrate::vocab::Flag;
use crypta_substrate::vocab::Place;

/// Options of the puzzle, each `None` when not given.
///
/// [`PuzzleOptions::apply`] writes them into a script: after the `with`
/// of every query (`solve`, `count`, ... and a bare puzzle), where the
/// checker then reads them as if they had been written there. A `let`
/// only names a puzzle: the queries on its name get them.
///
/// ```
/// let options = crypta_core::PuzzleOptions {
///     base: Some(5),
///     leading_zeros: Some(true),
///     ..Default::default()
/// };
/// let script = options.apply("count ABCED + BDACE = EBBAA").unwrap();
/// assert_eq!(script, "count ABCED + BDACE = EBBAA with base 5, leading zeros");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleOptions {
    /// `base N`.
    pub base: Option<u32>,
    /// `digits {...}`: the digits the puzzle's cells may take.
    pub digits: Option<Vec<u32>>,
    /// `leading zeros` when true; false says the statement must not lift
    /// the rule.
    pub leading_zeros: Option<bool>,
    /// `repeats` when true; false says the statement must not allow
    /// repeats.
    pub repeats: Option<bool>,
    /// `distinct GROUP, ...`: groups of symbols (letters only) that take
    /// different digits, added to those written.
    pub distinct: Vec<String>,
}

/// Why [`PuzzleOptions`] cannot be written into a script. Its `Display`
/// is the message Python raises, word for word as when it was a string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleOptionsError {
    /// `digits: Some(vec![])`.
    NoDigit,
    /// A `distinct` group that is not letters, or is an option's word:
    /// `"A B"`, `"repeats"`.
    NotAGroup(String),
    /// An option given here that the statement also gives: `base: Some(7)`
    /// on `A + B = CD with base 8`.
    GivenTwice {
        /// The keyword given here (`base=`, `leading_zeros=False`).
        given: &'static str,
        /// The option as the statement writes it, blanks made single.
        written: String,
    },
}

impl fmt::Display for PuzzleOptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleOptionsError::NoDigit => f.write_str("digits= names no digit"),
            PuzzleOptionsError::NotAGroup(group) => {
                write!(f, "distinct= takes groups of letters, not {:?}", group)
            }
            PuzzleOptionsError::GivenTwice { given, written } => write!(
                f,
                "{} is given, and the statement has `{}`: give it in one place",
                given, written
            ),
        }
    }
}

impl std::error::Error for PuzzleOptionsError {}

/// The option words a group of `distinct` may not be: the grammar would
/// read it as the next option.
const OPTION_WORDS: &[&str] = &["base", "leading", "repeats", "digits", "wild", "distinct"];

impl PuzzleOptions {
    /// True when no option is given: [`PuzzleOptions::apply`] changes
    /// nothing.
    pub fn is_empty(&self) -> bool {
        *self == PuzzleOptions::default()
    }

    /// The options as written after `with`, in the order given by the
    /// fields; an `Err` says which value cannot be written.
    pub fn written(&self) -> Result<Vec<String>, PuzzleOptionsError> {
        let mut written = Vec::new();
        if let Some(base) = self.base {
            written.push(format!("base {}", base));
        }
        if let Some(digits) = &self.digits {
            let mut sorted = digits.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.is_empty() {
                return Err(PuzzleOptionsError::NoDigit);
            }
            let list: Vec<String> = sorted.iter().map(u32::to_string).collect();
            written.push(format!("digits {{{}}}", list.join(",")));
        }
        if self.leading_zeros == Some(true) {
            written.push("leading zeros".to_string());
        }
        if self.repeats == Some(true) {
            written.push("repeats".to_string());
        }
        if !self.distinct.is_empty() {
            for group in &self.distinct {
                let letters = !group.is_empty() && group.chars().all(char::is_alphabetic);
                if !letters || OPTION_WORDS.contains(&group.as_str()) {
                    return Err(PuzzleOptionsError::NotAGroup(group.clone()));
                }
            }
            written.push(format!("distinct {}", self.distinct.join(", ")));
        }
        Ok(written)
    }

    /// `source` with these options written into each query, after the
    /// options it has (`, base 5`) or as its own (` with base 5`).
    ///
    /// An `Err` names a value that cannot be written, or an option given
    /// here that a query also gives, itself or in the `let` it names:
    /// `base` or `digits` written there at all, `leading zeros` or
    /// `repeats` written there when false here. A script that does not
    /// parse is returned as it is, for its checker to report; so are the
    /// problems of the options once written (a base out of range, a digit
    /// past the base, `repeats` with `distinct`), which the checker
    /// reports with spans in the text returned.
    pub fn apply(&self, source: &str) -> Result<String, PuzzleOptionsError> {
        let written = self.written()?;
        if self.is_empty() {
            return Ok(source.to_string());
        }
        let (statements, errors) = crypta_substrate::syntax::parse_script(source);
        if !errors.is_empty() {
            return Ok(source.to_string());
        }
        let mut inserts = Vec::new();
        for (at, statement) in statements.iter().enumerate() {
            let Statement::Query { puzzle, .. } = statement else {
                continue;
            };
            for def in definitions(&statements[..at], puzzle) {
                for option in &def.options {
                    self.conflict(&option.node, source.get(option.span.clone()))?;
                }
            }
            let joint = if puzzle.options.is_empty() {
                " with "
            } else {
                ", "
            };
            if written.is_empty() {
                // Only `False`s, which write nothing: checked, not written.
                continue;
            }
            let end = written_end(source, puzzle);
            inserts.push((end, format!("{}{}", joint, written.join(", "))));
        }
        let mut out = source.to_string();
        for (end, text) in inserts.into_iter().rev() {
            out.insert_str(end, &text);
        }
        Ok(out)
    }

    /// An `Err` when `option`, written as `text`, says what an option
    /// given here also says.
    fn conflict(&self, option: &OptionItem, text: Option<&str>) -> Result<(), PuzzleOptionsError> {
        let given = match option {
            OptionItem::Valued { word: "base", .. } if self.base.is_some() => "base=",
            OptionItem::Valued { word: "digits", .. } if self.digits.is_some() => "digits=",
            OptionItem::Flag(Flag::LeadingZeros) if self.leading_zeros == Some(false) => {
                "leading_zeros=False"
            }
            OptionItem::Flag(Flag::Repeats) if self.repeats == Some(false) => "repeats=False",
            _ => return Ok(()),
        };
        let text = text.unwrap_or_default().split_whitespace();
        Err(PuzzleOptionsError::GivenTwice {
            given,
            written: text.collect::<Vec<_>>().join(" "),
        })
    }
}

/// The definitions a query's options add to: its own, and the `let`s its
/// name leads to among the statements before it.
fn definitions<'a>(before: &'a [Statement], puzzle: &'a PuzzleDef) -> Vec<&'a PuzzleDef> {
    let mut defs = vec![puzzle];
    let mut def = puzzle;
    // Each `let` is followed once at most: a name defined twice is the
    // checker's error, and stops here.
    for _ in 0..before.len() {
        let PuzzleBody::Name(name) = &def.body else {
            break;
        };
        let named = before.iter().rev().find_map(|s| match s {
            Statement::Let {
                name: n, puzzle, ..
            } if n.node == name.node => Some(puzzle),
            _ => None,
        });
        match named {
            Some(next) => {
                defs.push(next);
                def = next;
            }
            None => break,
        }
    }
    defs
}

/// Where the puzzle's text ends, options included: its span may run on
/// over the blanks and the comment after it (read before a lookahead).
fn written_end(source: &str, puzzle: &PuzzleDef) -> usize {
    let start = puzzle.span.start;
    let Some(text) = source.get(start..puzzle.span.end) else {
        return puzzle.span.end;
    };
    crypta_substrate::vocab::places(text)
        .filter(|&(_, c, place)| place != Place::Comment && !c.is_whitespace())
        .last()
        .map_or(puzzle.span.end, |(i, c, _)| start + i + c.len_utf8())
}
