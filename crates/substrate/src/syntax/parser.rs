//! Builds the AST from pest's pairs. Each statement that fails to parse is
//! parsed again on its own, so every bad statement of a script gets its own
//! syntax diagnostic while the good ones still come through.

use pest::iterators::Pair;
use pest::Parser;

use super::ast::*;
use super::errors::syntax_diagnostic;
use super::{CryptaParser, Rule};
use crate::diagnostic::{Diagnostic, ErrorKind, Span};
use crate::vocab::{self, Place};

/// Parses a whole script. Returns the statements that parsed and a
/// diagnostic for every one that did not.
pub fn parse_script(source: &str) -> (Vec<Statement>, Vec<Diagnostic>) {
    // Continued lines read as one: the same offsets, so spans stay valid.
    let logical = vocab::logical(source);
    let source: &str = &logical;
    let mut statements = Vec::new();
    let mut diagnostics = Vec::new();
    if let Some(refused) = super::shape::refuse(source) {
        // The grammar and every walk of the tree recurse: refuse first.
        diagnostics.push(refused);
        return (statements, diagnostics);
    }
    let pairs = match CryptaParser::parse(Rule::script, source) {
        Ok(mut pairs) => pairs.next().map(|p| p.into_inner()),
        Err(error) => {
            // The script rule accepts any text; this is a safety net.
            diagnostics.push(syntax_diagnostic(&error, 0, source));
            None
        }
    };
    for pair in pairs.into_iter().flatten() {
        match pair.as_rule() {
            Rule::statement => match build_statement(pair) {
                Ok(statement) => statements.push(statement),
                Err(d) => diagnostics.push(d),
            },
            Rule::junk => {
                let offset = pair.as_span().start();
                let text = pair.as_str();
                match CryptaParser::parse(Rule::statement_only, text) {
                    Err(error) => diagnostics.push(
                        unclosed(text, offset, &error)
                            .or_else(|| stray_continue(text, offset))
                            .or_else(|| mistyped_query(text, offset))
                            .unwrap_or_else(|| syntax_diagnostic(&error, offset, text)),
                    ),
                    Ok(_) => diagnostics.push(Diagnostic::new(
                        ErrorKind::Syntax,
                        offset..offset + text.len(),
                        "this statement is followed by something that is not a statement",
                    )),
                }
            }
            _ => {}
        }
    }
    (statements, diagnostics)
}

/// A `{` or `(` that a statement which did not parse leaves open: one
/// error that says so, at the opener, with where it should have closed
/// (pest would point at whatever came next, with a list of tokens).
fn unclosed(text: &str, offset: usize, error: &pest::error::Error<Rule>) -> Option<Diagnostic> {
    let mut parens = Vec::new();
    for (i, c, place) in vocab::places(text) {
        match (c, place) {
            ('(', Place::Code) => parens.push(i),
            (')', Place::Code) => {
                parens.pop();
            }
            _ => {}
        }
    }
    let end = offset + text.trim_end().len();
    if let Some(at) = vocab::open_brace(text) {
        return Some(
            Diagnostic::new(
                ErrorKind::Syntax,
                offset + at..offset + at + 1,
                "unclosed `{`",
            )
            .with_label(end..end, "the block should close with `}` by here")
            .with_hint("a block goes on until its `}`: close it on a line of its own"),
        );
    }
    let at = *parens.last()?;
    let (failed, _) = match error.location {
        pest::error::InputLocation::Pos(p) => (p, p),
        pest::error::InputLocation::Span(s) => s,
    };
    let close = offset + failed.max(at + 1);
    Some(
        Diagnostic::new(
            ErrorKind::Syntax,
            offset + at..offset + at + 1,
            "unclosed `(`",
        )
        .with_label(close..close, "expected `)` here")
        .with_hint("every `(` needs its `)`"),
    )
}

/// A `\` that continues nothing: in the middle of a line, or at the end
/// of the script.
fn stray_continue(text: &str, offset: usize) -> Option<Diagnostic> {
    let at = vocab::stray_continue(text)?;
    let start = offset + at;
    let last = vocab::code(&text[at + 1..]).trim().is_empty();
    let message = if last {
        "nothing follows this `\\`"
    } else {
        "`\\` continues a statement only at the end of a line"
    };
    Some(
        Diagnostic::new(ErrorKind::Syntax, start..start + 1, message).with_hint(
            "a statement goes on on the next line after a trailing `\\`, a trailing \
             operator or `,`, or while a `(` is open",
        ),
    )
}

/// A statement that starts with a typo of a query or of `let` (`solv`,
/// `cuont`): pest would read the word as a name and complain about what
/// follows it.
fn mistyped_query(text: &str, offset: usize) -> Option<Diagnostic> {
    let lead = text.len() - text.trim_start().len();
    let word: &str = text[lead..]
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .filter(|w| w.chars().all(|c| c.is_ascii_lowercase()))?;
    let meant = crate::diagnostic::did_you_mean(word, vocab::starts())?;
    let start = offset + lead;
    Some(
        Diagnostic::new(
            ErrorKind::Syntax,
            start..start + word.len(),
            format!("unknown query `{}`", word),
        )
        .with_hint(format!("did you mean `{}`?", meant))
        .with_fix(start..start + word.len(), meant),
    )
}

fn span_of(pair: &Pair<Rule>) -> Span {
    let s = pair.as_span();
    s.start()..s.end()
}

type Built<T> = Result<T, Diagnostic>;

fn number(pair: Pair<Rule>) -> Built<Spanned<u64>> {
    let span = span_of(&pair);
    pair.as_str()
        .parse::<u64>()
        .map(|n| Spanned::new(n, span.clone()))
        .map_err(|_| Diagnostic::new(ErrorKind::BadNumber, span, "this number is too large"))
}

fn build_statement(pair: Pair<Rule>) -> Built<Statement> {
    let span = span_of(&pair);
    let Some(inner) = pair.into_inner().next() else {
        return Err(Diagnostic::new(ErrorKind::Syntax, span, "empty statement"));
    };
    let rule = inner.as_rule();
    let mut parts = inner.into_inner();
    match rule {
        Rule::let_statement => {
            let _kw = parts.next();
            let name_pair = parts.next().ok_or_else(|| missing(&span))?;
            let name = Spanned::new(name_pair.as_str().to_string(), span_of(&name_pair));
            let puzzle = build_puzzle(parts, &span)?;
            Ok(Statement::Let { name, puzzle, span })
        }
        _ => {
            let mut query = Spanned::new(Query::Solve, span.start..span.start);
            let mut answer = None;
            let mut rest = parts.peekable();
            if let Some(q) = rest.peek() {
                if q.as_rule() == Rule::query {
                    let q = rest.next().ok_or_else(|| missing(&span))?;
                    (query, answer) = build_query(q)?;
                }
            }
            let mut puzzle = build_puzzle(rest, &span)?;
            puzzle.answer = answer;
            Ok(Statement::Query {
                query,
                puzzle,
                span,
            })
        }
    }
}

fn missing(span: &Span) -> Diagnostic {
    Diagnostic::new(ErrorKind::Syntax, span.clone(), "incomplete statement")
}

/// The query, and the expression of an `answer` query.
fn build_query(pair: Pair<Rule>) -> Built<(Spanned<Query>, Option<Expr>)> {
    let span = span_of(&pair);
    let inner = pair.into_inner().next().ok_or_else(|| missing(&span))?;
    let query = match inner.as_rule() {
        Rule::answer_query => {
            let mut unique = false;
            let mut expr = None;
            for part in inner.into_inner() {
                match part.as_rule() {
                    Rule::kw_unique => unique = true,
                    Rule::expr => expr = Some(build_expr(part)?),
                    _ => {}
                }
            }
            let expr = expr.ok_or_else(|| missing(&span))?;
            return Ok((Spanned::new(Query::Answer { unique }, span), Some(expr)));
        }
        Rule::kw_solve => Query::Solve,
        Rule::kw_count => Query::Count,
        Rule::kw_unique => Query::Unique,
        Rule::kw_explain => Query::Explain,
        Rule::kw_grade => Query::Grade,
        Rule::explain_steps => Query::ExplainSteps,
        Rule::first_query => {
            let n = inner
                .into_inner()
                .find(|p| p.as_rule() == Rule::number)
                .ok_or_else(|| missing(&span))?;
            let n = number(n)?;
            if n.node == 0 {
                return Err(Diagnostic::new(
                    ErrorKind::FirstZero,
                    n.span,
                    "`first 0` asks for no solution",
                )
                .with_hint("ask for one or more (`first 1`), or count them all with `count`"));
            }
            Query::First(n.node)
        }
        _ => return Err(missing(&span)),
    };
    Ok((Spanned::new(query, span), None))
}

fn build_puzzle<'a>(
    mut parts: impl Iterator<Item = Pair<'a, Rule>>,
    statement: &Span,
) -> Built<PuzzleDef> {
    let puzzle = parts.next().ok_or_else(|| missing(statement))?;
    let mut span = span_of(&puzzle);
    let inner = puzzle
        .into_inner()
        .next()
        .ok_or_else(|| missing(statement))?;
    let body = match inner.as_rule() {
        Rule::name_ref => {
            let name = inner
                .into_inner()
                .next()
                .ok_or_else(|| missing(statement))?;
            PuzzleBody::Name(Spanned::new(name.as_str().to_string(), span_of(&name)))
        }
        Rule::equations => PuzzleBody::Equations(
            inner
                .into_inner()
                .map(build_member)
                .collect::<Built<Vec<_>>>()?,
        ),
        Rule::block_system => PuzzleBody::System(
            inner
                .into_inner()
                .map(|part| match part.as_rule() {
                    Rule::block_puzzle => {
                        build_block(part, statement).map(|(kind, body)| Part::Block { kind, body })
                    }
                    _ => build_member(part).map(Part::Member),
                })
                .collect::<Built<Vec<_>>>()?,
        ),
        Rule::block_puzzle => {
            let (kind, body) = build_block(inner, statement)?;
            PuzzleBody::Block { kind, body }
        }
        _ => return Err(missing(statement)),
    };
    let mut options = Vec::new();
    if let Some(opts) = parts.next() {
        span.end = opts.as_span().end();
        for option in opts.into_inner() {
            if option.as_rule() == Rule::kw_with {
                continue;
            }
            options.push(build_option(option)?);
        }
    }
    Ok(PuzzleDef {
        body,
        options,
        answer: None,
        span,
    })
}

/// A layout or grid block: its kind and its body as written.
fn build_block(pair: Pair<Rule>, statement: &Span) -> Built<(Spanned<BlockKind>, Spanned<String>)> {
    let mut it = pair.into_inner();
    let kind_pair = it.next().ok_or_else(|| missing(statement))?;
    let kind_span = span_of(&kind_pair);
    let Some(block) = vocab::block(kind_pair.as_str()) else {
        // The grammar knows no other block: this is a safety net,
        // never a guess.
        let known: Vec<&str> = vocab::BLOCKS.iter().map(|b| b.word.text).collect();
        return Err(Diagnostic::new(
            ErrorKind::Syntax,
            kind_span,
            format!(
                "unknown puzzle block: expected {}",
                super::errors::join_or(&known)
            ),
        ));
    };
    let body = it.next().ok_or_else(|| missing(statement))?;
    Ok((
        Spanned::new(block.kind, kind_span),
        Spanned::new(body.as_str().to_string(), span_of(&body)),
    ))
}

/// A member of a system: a formula, or an equation as the older rule
/// reads it (malformed shapes included, for the checker to explain).
fn build_member(pair: Pair<Rule>) -> Built<Logic> {
    let span = span_of(&pair);
    let inner = pair.into_inner().next().ok_or_else(|| missing(&span))?;
    match inner.as_rule() {
        Rule::logic => build_logic(inner),
        _ => Ok(Logic::Atom(build_equation(inner)?)),
    }
}

/// A formula; a chain of one part is that part, so a plain member is an
/// [`Logic::Atom`] as before.
fn build_logic(pair: Pair<Rule>) -> Built<Logic> {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    let mut parts: Vec<Pair<Rule>> = pair.into_inner().collect();
    match rule {
        Rule::logic | Rule::logic_and => {
            let built = parts
                .into_iter()
                .filter(|p| !matches!(p.as_rule(), Rule::kw_or | Rule::kw_and))
                .map(build_logic)
                .collect::<Built<Vec<_>>>()?;
            match (built.len(), rule) {
                (1, _) => built.into_iter().next().ok_or_else(|| missing(&span)),
                (_, Rule::logic) => Ok(Logic::Or(built, span)),
                _ => Ok(Logic::And(built, span)),
            }
        }
        Rule::logic_not => {
            let last = parts.pop().ok_or_else(|| missing(&span))?;
            let inner = build_logic(last)?;
            Ok(if parts.is_empty() {
                inner
            } else {
                Logic::Not(Box::new(inner), span)
            })
        }
        Rule::logic_atom => {
            let inner = parts.pop().ok_or_else(|| missing(&span))?;
            match inner.as_rule() {
                // The same pairs as `equation`: expressions, signs, a property.
                Rule::relation_atom => Ok(Logic::Atom(build_equation(inner)?)),
                _ => build_logic(inner),
            }
        }
        Rule::counted => {
            let mut it = parts.into_iter();
            let word = it.next().ok_or_else(|| missing(&span))?;
            let counting = match word.as_str().split_whitespace().last() {
                Some("least") => Counting::AtLeast,
                Some("most") => Counting::AtMost,
                _ => Counting::Exactly,
            };
            let n = number(it.next().ok_or_else(|| missing(&span))?)?;
            let parts = it
                .filter(|p| p.as_rule() == Rule::logic)
                .map(build_logic)
                .collect::<Built<Vec<_>>>()?;
            Ok(Logic::Count {
                counting,
                n,
                parts,
                span,
            })
        }
        _ => Err(missing(&span)),
    }
}

fn build_equation(pair: Pair<Rule>) -> Built<EquationAst> {
    let span = span_of(&pair);
    let mut sides = vec![None];
    let mut equals = Vec::new();
    let mut relations = Vec::new();
    let mut property = None;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::equals => {
                let relation = RelOp::from_sign(part.as_str()).ok_or_else(|| missing(&span))?;
                equals.push(span_of(&part));
                relations.push(relation);
                sides.push(None);
            }
            Rule::property => {
                let at = span_of(&part);
                let kw = part.into_inner().next();
                property = Some(Spanned::new(
                    self::property(kw).ok_or_else(|| missing(&at))?,
                    at,
                ));
            }
            _ => {
                let expr = build_expr(part)?;
                if let Some(last) = sides.last_mut() {
                    *last = Some(expr);
                }
            }
        }
    }
    Ok(EquationAst {
        sides,
        equals,
        relations,
        property,
        span,
    })
}

/// `expr` and `term` are left-associative chains of one precedence level,
/// `power` a right-associative one.
fn build_expr(pair: Pair<Rule>) -> Built<Expr> {
    let span = span_of(&pair);
    match pair.as_rule() {
        Rule::power => {
            // `factor (^ factor)*`: every factor, then joined from the right.
            let mut factors = pair
                .into_inner()
                .filter(|p| p.as_rule() != Rule::pow_op)
                .map(build_expr)
                .collect::<Built<Vec<_>>>()?;
            let mut acc = factors.pop().ok_or_else(|| missing(&span))?;
            while let Some(lhs) = factors.pop() {
                let joined = lhs.span().start..acc.span().end;
                acc = Expr::Binary {
                    op: BinaryOp::Pow,
                    lhs: Box::new(lhs),
                    rhs: Box::new(acc),
                    span: joined,
                };
            }
            Ok(acc)
        }
        Rule::expr | Rule::term => {
            let mut it = pair.into_inner();
            let first = it.next().ok_or_else(|| missing(&span))?;
            let mut acc = build_expr(first)?;
            while let Some(op) = it.next() {
                let op = match op.as_str() {
                    "+" => BinaryOp::Add,
                    "-" | "−" => BinaryOp::Sub,
                    "*" | "×" => BinaryOp::Mul,
                    "/" | "÷" => BinaryOp::Div,
                    "%" => BinaryOp::Mod,
                    _ => return Err(missing(&span)),
                };
                let rhs_pair = it.next().ok_or_else(|| missing(&span))?;
                let rhs = build_expr(rhs_pair)?;
                let joined = acc.span().start..rhs.span().end;
                acc = Expr::Binary {
                    op,
                    lhs: Box::new(acc),
                    rhs: Box::new(rhs),
                    span: joined,
                };
            }
            Ok(acc)
        }
        Rule::factor => {
            let inner = pair.into_inner().next().ok_or_else(|| missing(&span))?;
            match inner.as_rule() {
                Rule::word => Ok(Expr::Word(build_word(&inner))),
                Rule::decimal => {
                    let digits = inner.as_str().trim_end_matches('d').to_string();
                    Ok(Expr::Decimal(Spanned::new(digits, span_of(&inner))))
                }
                _ => Ok(Expr::Paren(Box::new(build_expr(inner)?), span)),
            }
        }
        Rule::word => Ok(Expr::Word(build_word(&pair))),
        _ => Err(missing(&span)),
    }
}

fn build_word(pair: &Pair<Rule>) -> WordAst {
    let start = pair.as_span().start();
    let cells = pair
        .as_str()
        .char_indices()
        .map(|(i, c)| {
            let cell = match c {
                '?' => CellAst::Free,
                '0'..='9' => CellAst::Digit(c as u8 - b'0'),
                _ => CellAst::Symbol(c),
            };
            Spanned::new(cell, start + i..start + i + c.len_utf8())
        })
        .collect();
    WordAst {
        cells,
        span: span_of(pair),
    }
}

fn build_digit_set(pair: Pair<Rule>) -> Built<DigitSet> {
    let span = span_of(&pair);
    let inner = pair.into_inner().next().ok_or_else(|| missing(&span))?;
    match inner.as_rule() {
        Rule::digit_range => {
            let mut it = inner.into_inner();
            let lo = number(it.next().ok_or_else(|| missing(&span))?)?;
            let hi = number(it.next().ok_or_else(|| missing(&span))?)?;
            Ok(DigitSet::Range(lo, hi))
        }
        _ => Ok(DigitSet::List(
            inner.into_inner().map(number).collect::<Built<Vec<_>>>()?,
        )),
    }
}

fn build_option(pair: Pair<Rule>) -> Built<Spanned<OptionItem>> {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    let text = pair.as_str().trim().to_string();
    if rule == Rule::condition {
        let logic = pair.into_inner().next().ok_or_else(|| missing(&span))?;
        return Ok(Spanned::new(
            OptionItem::Condition(build_logic(logic)?),
            span,
        ));
    }
    // Its first word, which names it in the vocabulary.
    let head = pair.clone().into_inner().next().map_or("", |p| p.as_str());
    let mut it = pair.into_inner().filter(|p| !is_keyword(p.as_rule()));
    let item = match rule {
        Rule::constraint => {
            let target_pair = it.next().ok_or_else(|| missing(&span))?;
            let target_span = span_of(&target_pair);
            let t = target_pair
                .into_inner()
                .next()
                .ok_or_else(|| missing(&span))?;
            let target = match t.as_rule() {
                Rule::word => Target::Word(build_word(&t)),
                _ => Target::Unknown,
            };
            let rel_pair = it.next().ok_or_else(|| missing(&span))?;
            let rel_span = span_of(&rel_pair);
            let r = rel_pair.into_inner().next().ok_or_else(|| missing(&span))?;
            let r_rule = r.as_rule();
            let mut r_inner = r.into_inner().filter(|p| !is_keyword(p.as_rule()));
            let relation = match r_rule {
                Rule::equal_to => {
                    Relation::Equal(number(r_inner.next().ok_or_else(|| missing(&span))?)?.node)
                }
                Rule::not_equal => {
                    Relation::NotEqual(number(r_inner.next().ok_or_else(|| missing(&span))?)?.node)
                }
                Rule::member_of => Relation::In(build_digit_set(
                    r_inner.next().ok_or_else(|| missing(&span))?,
                )?),
                _ => Relation::Property(property(r_inner.next()).ok_or_else(|| missing(&span))?),
            };
            OptionItem::Constraint {
                target: Spanned::new(target, target_span),
                relation: Spanned::new(relation, rel_span),
            }
        }
        Rule::unknown_option => OptionItem::Unknown(text),
        // The other options: the vocabulary says which is which, and what
        // each takes.
        _ => match vocab::OPTIONS.iter().find(|o| o.word.text == head) {
            Some(option) if !matches!(option.takes, vocab::Takes::Nothing(_)) => {
                OptionItem::Valued {
                    word: option.word.text,
                    value: option_value(option.takes, it, &span)?,
                }
            }
            _ => vocab::flag(&text).map_or(OptionItem::Unknown(text), OptionItem::Flag),
        },
    };
    Ok(Spanned::new(item, span))
}

/// The value of an option that takes `takes`, from its pairs (its keywords
/// among them are skipped).
fn option_value<'a>(
    takes: vocab::Takes,
    pairs: impl Iterator<Item = Pair<'a, Rule>>,
    span: &Span,
) -> Built<OptionValue> {
    let mut values = pairs.filter(|p| {
        matches!(
            p.as_rule(),
            Rule::number | Rule::digit_set | Rule::name | Rule::group
        )
    });
    Ok(match takes {
        vocab::Takes::Number => {
            OptionValue::Number(number(values.next().ok_or_else(|| missing(span))?)?)
        }
        vocab::Takes::Digits => OptionValue::Digits(build_digit_set(
            values.next().ok_or_else(|| missing(span))?,
        )?),
        vocab::Takes::Letters => OptionValue::Letters(
            values
                .map(|p| Spanned::new(p.as_str().to_string(), span_of(&p)))
                .collect(),
        ),
        vocab::Takes::Nothing(_) => return Err(missing(span)),
    })
}

fn property(kw: Option<Pair<Rule>>) -> Option<Property> {
    vocab::property(kw?.as_str())
}

fn is_keyword(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::kw_base
            | Rule::kw_leading
            | Rule::kw_zeros
            | Rule::kw_repeats
            | Rule::kw_digits
            | Rule::kw_wild
            | Rule::kw_distinct
            | Rule::kw_in
    )
}
