//! Reads one clue of a crossnumber into a [`Cond`]: a condition of the
//! language (`1a = 1d + 9`, `exactly 1 of (3a prime, 5a square)`), or
//! `REF: c1, c2`, conditions on one entry (`7a: prime, > 300`). Entry
//! names and letters are resolved by the caller's [`Names`]; each error
//! carries the byte span of the word it is about.

use crate::clue::{property, Cond, Expr, Op, Rel, Span};
use std::cmp::Ordering;

/// A word of a clue.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(i128),
    /// `1a`, `5D`: the number and whether it is across.
    Ref(u32, bool),
    Word(String),
    Sym(&'static str),
}

/// What a clue may name: entries and named cells.
pub trait Names {
    /// The entry `number` across or down, or an error message.
    fn entry(&self, number: u32, across: bool, span: &Span) -> Result<usize, ParseError>;
    /// The variable of a named cell.
    fn letter(&self, letter: char, span: &Span) -> Result<usize, ParseError>;
}

/// A problem with a clue, where it is, and perhaps a hint.
#[derive(Debug)]
pub struct ParseError {
    pub span: Span,
    pub message: String,
    pub hint: Option<String>,
    /// A name the grid does not have (not a misspelt clue).
    pub unknown: bool,
}

fn error(span: Span, message: impl Into<String>) -> ParseError {
    ParseError {
        span,
        message: message.into(),
        hint: None,
        unknown: false,
    }
}

const SYMBOLS: &[&str] = &[
    "!=", "<=", ">=", "≠", "≤", "≥", "=", "<", ">", "+", "-", "−", "*", "×", "/", "÷", "%", "^",
    "(", ")", ",", ":",
];

fn lex(text: &str, offset: usize) -> Result<Vec<(Tok, Span)>, ParseError> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        let at = offset + i;
        if c.is_whitespace() {
            chars.next();
        } else if c.is_ascii_digit() {
            let mut end = i;
            while let Some(&(j, d)) = chars.peek() {
                if !d.is_ascii_digit() {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
            let digits = &text[i..end];
            let next = chars.peek().map(|&(_, c)| c);
            let after = text[end..].chars().nth(1);
            let across = match next {
                Some('a' | 'A') => Some(true),
                Some('d' | 'D') => Some(false),
                _ => None,
            };
            match across {
                Some(across) if !after.is_some_and(|c| c.is_alphanumeric() || c == '_') => {
                    chars.next();
                    let number = digits
                        .parse()
                        .map_err(|_| error(at..offset + end + 1, "no such entry number"))?;
                    out.push((Tok::Ref(number, across), at..offset + end + 1));
                }
                _ => {
                    let n = digits.parse().map_err(|_| {
                        error(at..offset + end, "this number is too large for a clue")
                    })?;
                    out.push((Tok::Num(n), at..offset + end));
                }
            }
        } else if c.is_alphabetic() {
            let mut end = i;
            while let Some(&(j, d)) = chars.peek() {
                if !(d.is_alphanumeric() || d == '_') {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
            out.push((Tok::Word(text[i..end].to_string()), at..offset + end));
        } else if let Some(sym) = SYMBOLS.iter().find(|s| text[i..].starts_with(**s)) {
            for _ in 0..sym.chars().count() {
                chars.next();
            }
            out.push((Tok::Sym(sym), at..at + sym.len()));
        } else {
            return Err(error(
                at..at + c.len_utf8(),
                format!("unexpected `{}` in a clue", c.escape_debug()),
            ));
        }
    }
    Ok(out)
}

/// The words that are the language's and not a word of named cells.
const KEYWORDS: &[&str] = &["and", "or", "not", "exactly", "at", "least", "most", "of"];

struct Parser<'a> {
    toks: Vec<(Tok, Span)>,
    pos: usize,
    names: &'a dyn Names,
    end: usize,
}

/// Reads the clue `text`, which starts at byte `offset` of the script.
pub fn clue(text: &str, offset: usize, names: &dyn Names) -> Result<Cond, ParseError> {
    let toks = lex(text, offset)?;
    let mut p = Parser {
        toks,
        pos: 0,
        names,
        end: offset + text.len(),
    };
    let cond = if matches!(p.toks.get(1), Some((Tok::Sym(":"), _))) {
        p.one_entry()?
    } else {
        p.logic()?
    };
    match p.toks.get(p.pos) {
        None => Ok(cond),
        Some((_, span)) => Err(error(span.clone(), "unexpected word after the clue")),
    }
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.0)
    }

    fn span(&self) -> Span {
        self.toks
            .get(self.pos)
            .map_or(self.end..self.end, |t| t.1.clone())
    }

    fn eat_sym(&mut self, sym: &str) -> bool {
        if self.peek() == Some(&Tok::Sym(sym_static(sym))) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_word(&mut self, word: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Word(w)) if w == word) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_sym(&mut self, sym: &str) -> Result<(), ParseError> {
        if self.eat_sym(sym) {
            Ok(())
        } else {
            Err(error(self.span(), format!("expected `{}`", sym)))
        }
    }

    /// `REF: c1, c2`: each condition a property, a relation with its left
    /// side left out (`> 300`), or `not` one of them.
    fn one_entry(&mut self) -> Result<Cond, ParseError> {
        let entry = self.factor()?;
        self.expect_sym(":")?;
        let mut all = vec![self.tail(&entry)?];
        while self.eat_sym(",") {
            all.push(self.tail(&entry)?);
        }
        Ok(if all.len() == 1 {
            all.remove(0)
        } else {
            Cond::And(all)
        })
    }

    fn tail(&mut self, entry: &Expr) -> Result<Cond, ParseError> {
        if self.eat_word("not") {
            return Ok(Cond::Not(Box::new(self.tail(entry)?)));
        }
        if let Some(p) = self.property()? {
            return Ok(Cond::Has(entry.clone(), p));
        }
        match self.rel() {
            Some(rel) => {
                let right = self.expr()?;
                Ok(Cond::Chain(vec![entry.clone(), right], vec![rel]))
            }
            None => Err(self.expected_tail()),
        }
    }

    fn expected_tail(&self) -> ParseError {
        ParseError {
            hint: Some(format!(
                "a property ({}) or a relation such as `> 300`",
                crate::clue::property_words().join(", ")
            )),
            ..error(self.span(), "expected a property or a relation")
        }
    }

    /// A property word (with `power of N`'s words when they come).
    fn property(&mut self) -> Result<Option<crypta_substrate::vocab::Property>, ParseError> {
        if let Some(Tok::Word(w)) = self.peek() {
            if let Some(p) = property(w) {
                self.pos += 1;
                return Ok(Some(p));
            }
        }
        Ok(None)
    }

    fn rel(&mut self) -> Option<Rel> {
        let rel = match self.peek()? {
            Tok::Sym("=") => Rel::Eq,
            Tok::Sym("!=" | "≠") => Rel::Ne,
            Tok::Sym("<") => Rel::Lt,
            Tok::Sym("<=" | "≤") => Rel::Le,
            Tok::Sym(">") => Rel::Gt,
            Tok::Sym(">=" | "≥") => Rel::Ge,
            _ => return None,
        };
        self.pos += 1;
        Some(rel)
    }

    fn logic(&mut self) -> Result<Cond, ParseError> {
        let mut any = vec![self.and()?];
        while self.eat_word("or") {
            any.push(self.and()?);
        }
        Ok(if any.len() == 1 {
            any.remove(0)
        } else {
            Cond::Or(any)
        })
    }

    fn and(&mut self) -> Result<Cond, ParseError> {
        let mut all = vec![self.not()?];
        while self.eat_word("and") {
            all.push(self.not()?);
        }
        Ok(if all.len() == 1 {
            all.remove(0)
        } else {
            Cond::And(all)
        })
    }

    fn not(&mut self) -> Result<Cond, ParseError> {
        if self.eat_word("not") {
            return Ok(Cond::Not(Box::new(self.not()?)));
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Cond, ParseError> {
        let how = if self.eat_word("exactly") {
            Some(Ordering::Equal)
        } else if matches!(self.peek(), Some(Tok::Word(w)) if w == "at") {
            self.pos += 1;
            if self.eat_word("least") {
                Some(Ordering::Greater)
            } else if self.eat_word("most") {
                Some(Ordering::Less)
            } else {
                return Err(error(self.span(), "expected `least` or `most`"));
            }
        } else {
            None
        };
        if let Some(how) = how {
            let n = match self.peek() {
                Some(Tok::Num(n)) => usize::try_from(*n).unwrap_or(usize::MAX),
                _ => return Err(error(self.span(), "expected a number")),
            };
            self.pos += 1;
            if !self.eat_word("of") {
                return Err(error(self.span(), "expected `of`"));
            }
            self.expect_sym("(")?;
            let mut all = vec![self.logic()?];
            while self.eat_sym(",") {
                all.push(self.logic()?);
            }
            self.expect_sym(")")?;
            return Ok(Cond::Count(how, n, all));
        }
        // `(` opens a condition or an expression: try the relation first.
        let start = self.pos;
        match self.relation() {
            Ok(c) => Ok(c),
            Err(first) if self.toks.get(start).map(|t| &t.0) == Some(&Tok::Sym("(")) => {
                self.pos = start + 1;
                let inner = self.logic().map_err(|_| first)?;
                self.expect_sym(")")?;
                Ok(inner)
            }
            Err(e) => Err(e),
        }
    }

    fn relation(&mut self) -> Result<Cond, ParseError> {
        let left = self.expr()?;
        if let Some(p) = self.property()? {
            return Ok(Cond::Has(left, p));
        }
        let mut exprs = vec![left];
        let mut rels = Vec::new();
        while let Some(rel) = self.rel() {
            rels.push(rel);
            exprs.push(self.expr()?);
        }
        if rels.is_empty() {
            return Err(ParseError {
                hint: Some(
                    "a clue is a relation (`1a = 2d + 9`) or a property (`1a prime`)".into(),
                ),
                ..error(self.span(), "expected a relation or a property")
            });
        }
        Ok(Cond::Chain(exprs, rels))
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        let mut left = self.term()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Sym("+")) => Op::Add,
                Some(Tok::Sym("-" | "−")) => Op::Sub,
                _ => return Ok(left),
            };
            self.pos += 1;
            left = Expr::Bin(op, Box::new(left), Box::new(self.term()?));
        }
    }

    fn term(&mut self) -> Result<Expr, ParseError> {
        let mut left = self.power()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Sym("*" | "×")) => Op::Mul,
                Some(Tok::Sym("/" | "÷")) => Op::Div,
                Some(Tok::Sym("%")) => Op::Rem,
                _ => return Ok(left),
            };
            self.pos += 1;
            left = Expr::Bin(op, Box::new(left), Box::new(self.power()?));
        }
    }

    fn power(&mut self) -> Result<Expr, ParseError> {
        let base = self.factor()?;
        if self.eat_sym("^") {
            return Ok(Expr::Bin(Op::Pow, Box::new(base), Box::new(self.power()?)));
        }
        Ok(base)
    }

    fn factor(&mut self) -> Result<Expr, ParseError> {
        let span = self.span();
        let Some(tok) = self.peek().cloned() else {
            return Err(error(span, "the clue ends too soon: expected a value"));
        };
        self.pos += 1;
        match tok {
            Tok::Num(n) => Ok(Expr::Num(n)),
            Tok::Ref(number, across) => Ok(Expr::Entry(self.names.entry(number, across, &span)?)),
            Tok::Word(w) if !KEYWORDS.contains(&w.as_str()) && property(&w).is_none() => {
                let mut vars = Vec::new();
                let mut at = span.start;
                for c in w.chars() {
                    let span = at..at + c.len_utf8();
                    if !c.is_alphabetic() {
                        return Err(error(span, "a word of named cells has letters only"));
                    }
                    vars.push(self.names.letter(c, &span)?);
                    at += c.len_utf8();
                }
                Ok(Expr::Word(vars))
            }
            Tok::Sym("(") => {
                let inner = self.expr()?;
                self.expect_sym(")")?;
                Ok(inner)
            }
            _ => {
                self.pos -= 1;
                Err(error(
                    span,
                    "expected a value: an entry (`1a`), a number or a letter",
                ))
            }
        }
    }
}

/// The static spelling of a symbol, to compare tokens.
fn sym_static(sym: &str) -> &'static str {
    SYMBOLS.iter().find(|s| **s == sym).copied().unwrap_or("")
}
