//! Alphametics from a word list: sums of words (`SEND + MORE = MONEY`) or
//! any pattern of word slots (`A - B = C`, `A * B = C`), in any base, each
//! proven by the solver to have exactly one solution.
//!
//! Random words seldom make a solvable equation, so most of the work is
//! throwing candidates away cheaply: every word but the last slot's is
//! drawn at random, and the last slot's word is drawn only among the words
//! whose length lets the two sides be of one size and whose letters keep
//! the equation within `base` distinct letters. The solver then looks for
//! two solutions with a small node budget; a candidate it cannot settle in
//! that budget is dropped, as is one with none or several (with
//! `condition`, one with a few is kept and given a condition: see
//! `conditions.rs`).

use super::error::{Bug, PatternError, WordsError};
use super::{Checked, ConditionForm, Rng};
use crate::report::diagnostics::shortened;
use crypta_substrate::grade::Difficulty;

mod conditions;
pub(crate) mod dense;

/// The longest word read: longer ones cannot make a puzzle the solver
/// settles quickly, and keep the magnitudes in range.
pub const MAX_WORD: usize = 24;

/// Candidates tried for one puzzle before giving up.
const ATTEMPTS: usize = 20_000;

/// Candidates drawn for one puzzle above base 10, most of them dropped
/// before the solver sees them.
const DRAWS: usize = 400_000;

/// Search nodes the solver may spend on one candidate.
const NODES: u64 = 20_000;

/// Characters of a word (or a file name) a message quotes at most.
const SHOWN: usize = 60;

/// Reads a word list: one word per line, `#` starts a comment, blank lines
/// are skipped; words are letters A–Z (either case, made upper case) of at
/// most [`MAX_WORD`] letters. Repeated words are kept once. `file` names
/// the list in errors, which give its line.
pub fn read_words(text: &str, file: &str) -> Result<Vec<String>, WordsError> {
    let mut words: Vec<String> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let word = line.split('#').next().unwrap_or("").trim();
        if word.is_empty() {
            continue;
        }
        let at = format!("{}:{}", shortened(file, SHOWN), n + 1);
        // The word as a message quotes it: escaped, and cut when long.
        let shown = shortened(word, SHOWN);
        if let Some(bad) = word.chars().find(|c| !c.is_ascii_alphabetic()) {
            return Err(WordsError::NotAWord {
                at,
                word: shown,
                bad,
            });
        }
        if word.len() > MAX_WORD {
            return Err(WordsError::TooLong {
                at,
                word: shown,
                letters: word.len(),
            });
        }
        let word = word.to_ascii_uppercase();
        if !words.contains(&word) {
            words.push(word);
        }
    }
    Ok(words)
}

/// A pattern of word slots: `A + B = C`, `A + B + C = D`, `A - B = C`,
/// `A * B = C`, parentheses allowed. Each run of letters is a slot; one
/// slot name is one word wherever it appears, different names are
/// different words.
#[derive(Clone, Debug)]
pub struct Pattern {
    tokens: Vec<Token>,
    /// Slot names in order of first appearance.
    slots: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Slot(usize),
    Op(char),
}

impl Pattern {
    /// Reads a pattern; the error says what is wrong with it.
    pub fn parse(text: &str) -> Result<Pattern, PatternError> {
        let mut tokens = Vec::new();
        let mut slots: Vec<String> = Vec::new();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_alphabetic() {
                let mut name = c.to_string();
                while let Some(&n) = chars.peek().filter(|n| n.is_ascii_alphanumeric()) {
                    name.push(n);
                    chars.next();
                }
                let slot = match slots.iter().position(|s| *s == name) {
                    Some(i) => i,
                    None => {
                        slots.push(name);
                        slots.len() - 1
                    }
                };
                tokens.push(Token::Slot(slot));
            } else if "+-*()=".contains(c) {
                tokens.push(Token::Op(c));
            } else if !c.is_whitespace() {
                return Err(PatternError::Character(text.to_string(), c));
            }
        }
        let equals = tokens.iter().filter(|t| **t == Token::Op('=')).count();
        if equals != 1 || slots.len() < 2 {
            return Err(PatternError::Equals(text.to_string()));
        }
        let pattern = Pattern { tokens, slots };
        let sizes = vec![1; pattern.slots.len()];
        if pattern.sides(&sizes, 10).is_none() {
            return Err(PatternError::NotEquation(text.to_string()));
        }
        Ok(pattern)
    }

    /// The sum of `addends` slots: `A + B + ... = R`.
    pub fn sum(addends: usize) -> Pattern {
        let names: Vec<String> = (0..addends).map(|i| format!("W{}", i)).collect();
        let text = format!("{} = R", names.join(" + "));
        Pattern::parse(&text).unwrap_or_else(|_| Pattern {
            tokens: Vec::new(),
            slots: Vec::new(),
        })
    }

    /// Number of word slots.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    /// The equation with each slot replaced by its word.
    fn fill(&self, words: &[&str]) -> String {
        let mut out = String::new();
        for t in &self.tokens {
            match t {
                Token::Slot(s) => out.push_str(words[*s]),
                Token::Op(c @ ('(' | ')')) => out.push(*c),
                Token::Op(c) => {
                    out.push(' ');
                    out.push(*c);
                    out.push(' ');
                }
            }
        }
        out.replace("( ", "(").replace(" )", ")")
    }

    /// The ranges of values the two sides can take when slot `i` is a word
    /// of `sizes[i]` letters, or `None` if the tokens are no equation.
    fn sides(&self, sizes: &[usize], base: u32) -> Option<(Interval, Interval)> {
        let at = self.tokens.iter().position(|t| *t == Token::Op('='))?;
        let side = |tokens: &[Token]| {
            let mut p = Parser {
                tokens,
                at: 0,
                sizes,
                base: f64::from(base),
            };
            let v = p.sum()?;
            (p.at == tokens.len()).then_some(v)
        };
        Some((side(&self.tokens[..at])?, side(&self.tokens[at + 1..])?))
    }

    /// Whether words of these sizes can make the two sides equal.
    fn sizes_fit(&self, sizes: &[usize], base: u32) -> bool {
        self.sides(sizes, base)
            .is_some_and(|(l, r)| l.0 <= r.1 && r.0 <= l.1)
    }
}

/// The values an expression can take, as floats: only compared loosely.
type Interval = (f64, f64);

/// Interval arithmetic over a side of a pattern.
struct Parser<'a> {
    tokens: &'a [Token],
    at: usize,
    sizes: &'a [usize],
    base: f64,
}

impl Parser<'_> {
    fn sum(&mut self) -> Option<Interval> {
        let mut v = self.product()?;
        while let Some(Token::Op(op @ ('+' | '-'))) = self.tokens.get(self.at) {
            self.at += 1;
            let w = self.product()?;
            v = if *op == '+' {
                (v.0 + w.0, v.1 + w.1)
            } else {
                (v.0 - w.1, v.1 - w.0)
            };
        }
        Some(v)
    }

    fn product(&mut self) -> Option<Interval> {
        let mut v = self.atom()?;
        while let Some(Token::Op('*')) = self.tokens.get(self.at) {
            self.at += 1;
            let w = self.atom()?;
            let c = [v.0 * w.0, v.0 * w.1, v.1 * w.0, v.1 * w.1];
            v = (
                c.iter().copied().fold(f64::INFINITY, f64::min),
                c.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            );
        }
        Some(v)
    }

    fn atom(&mut self) -> Option<Interval> {
        let token = self.tokens.get(self.at)?.clone();
        self.at += 1;
        match token {
            Token::Slot(s) => {
                let n = self.sizes[s] as i32;
                let low = if n > 1 { self.base.powi(n - 1) } else { 0.0 };
                Some((low, self.base.powi(n) - 1.0))
            }
            Token::Op('(') => {
                let v = self.sum()?;
                (self.tokens.get(self.at) == Some(&Token::Op(')'))).then_some(())?;
                self.at += 1;
                Some(v)
            }
            Token::Op(_) => None,
        }
    }
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct Spec {
    /// Picks the puzzle: the same spec and seed give the same puzzle.
    pub seed: u64,
    /// Digits 0 to base - 1 (2 to 36); at most `base` distinct letters.
    pub base: u32,
    /// The sums of this many words (a range, drawn for each puzzle), or
    /// a pattern.
    pub shape: Shape,
    /// Candidates with a few solutions, made unique by a condition of
    /// this form, instead of candidates with one.
    pub condition: Option<ConditionForm>,
    /// With a `condition`: the grade wanted, tried on several conditions
    /// of each candidate (the generator grades the puzzle anyway).
    pub level: Option<Difficulty>,
}

/// The equation's form.
#[derive(Clone, Debug)]
pub enum Shape {
    /// `W1 + ... + Wk = R` with k in this range (inclusive, at least 2).
    Sum(usize, usize),
    /// Each slot of the pattern a word.
    Pattern(Pattern),
}

/// Letter sets as bit masks, A = bit 0.
fn letters(word: &str) -> u32 {
    word.bytes().fold(0, |m, b| m | 1 << (b - b'A'))
}

/// A statement `unique ...` with exactly one solution (proven by the
/// solver), or `None` when `ATTEMPTS` candidates gave none: the word
/// list is too small or does not fit the pattern. `words` are upper-case
/// letters as [`read_words`] returns them. An `Err` is a generator bug.
pub fn generate(words: &[String], spec: &Spec) -> Result<Option<String>, Bug> {
    Ok(made(words, spec)?.map(|made| made.text))
}

/// [`generate`], with the checked puzzle of the statement.
pub(crate) fn made(words: &[String], spec: &Spec) -> Result<Option<Checked>, Bug> {
    let mut rng = Rng::new(spec.seed);
    let base = spec.base.clamp(2, 36);
    let masks: Vec<u32> = words.iter().map(|w| letters(w)).collect();
    let fits = |m: u32| m.count_ones() <= base;
    if base > 10 {
        return shared(words, &masks, base, spec, &mut rng);
    }
    for _ in 0..ATTEMPTS {
        let pattern = match &spec.shape {
            Shape::Sum(low, high) => Pattern::sum(low + rng.below(high.saturating_sub(*low) + 1)),
            Shape::Pattern(p) => p.clone(),
        };
        let n = pattern.slots();
        if n < 2 || words.len() < n {
            return Ok(None);
        }
        // Every slot but the last at random, then the last among the
        // words that fit.
        let mut chosen: Vec<usize> = Vec::new();
        let mut mask = 0u32;
        while chosen.len() + 1 < n {
            let w = rng.below(words.len());
            if chosen.contains(&w) || !fits(mask | masks[w]) {
                break;
            }
            mask |= masks[w];
            chosen.push(w);
        }
        if chosen.len() + 1 < n {
            continue;
        }
        let mut sizes: Vec<usize> = chosen.iter().map(|&w| words[w].len()).collect();
        sizes.push(0);
        let candidates: Vec<usize> = (0..words.len())
            .filter(|&w| !chosen.contains(&w) && fits(mask | masks[w]))
            .filter(|&w| {
                sizes[n - 1] = words[w].len();
                pattern.sizes_fit(&sizes, base)
            })
            .collect();
        if candidates.is_empty() {
            continue;
        }
        chosen.push(candidates[rng.below(candidates.len())]);
        let filled: Vec<&str> = chosen.iter().map(|&w| words[w].as_str()).collect();
        let equation = pattern.fill(&filled);
        if let Some(made) =
            conditions::settle(&equation, base, spec.condition, spec.level, NODES, &mut rng)?
        {
            return Ok(Some(made));
        }
    }
    Ok(None)
}

/// [`generate`] above base 10: candidates of words that share their
/// letters (see [`dense`]), at most [`ATTEMPTS`] of them to the solver
/// and [`DRAWS`] draws in all.
fn shared(
    words: &[String],
    masks: &[u32],
    base: u32,
    spec: &Spec,
    rng: &mut Rng,
) -> Result<Option<Checked>, Bug> {
    let linear = match &spec.shape {
        Shape::Sum(..) => true,
        Shape::Pattern(p) => dense::signs(p).is_some(),
    };
    let mut drawer = dense::Drawer::new(words, masks, base, linear);
    let mut tried = 0;
    for _ in 0..DRAWS {
        let pattern = match &spec.shape {
            Shape::Sum(low, high) => Pattern::sum(low + rng.below(high.saturating_sub(*low) + 1)),
            Shape::Pattern(p) => p.clone(),
        };
        if pattern.slots() < 2 || words.len() < pattern.slots() {
            return Ok(None);
        }
        let Some(chosen) = drawer.draw(&pattern, rng) else {
            continue;
        };
        let filled: Vec<&str> = chosen.iter().map(|&w| words[w].as_str()).collect();
        let equation = pattern.fill(&filled);
        if let Some(made) =
            conditions::settle(&equation, base, spec.condition, spec.level, NODES, rng)?
        {
            return Ok(Some(made));
        }
        tried += 1;
        if tried == ATTEMPTS {
            break;
        }
    }
    Ok(None)
}
