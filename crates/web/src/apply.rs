//! `unique`'s suggested givens written into the script, for the page's
//! one-click fix: a named symbol becomes a condition after `with`
//! (`with B = 2`), a `?` or wild-class cell (`?2`, `x3`) its digit in
//! place, and a cell of a Kakuro grid or a skeleton (`r2c3`) its digit in
//! the block, as `docs/language.md` names them.

use crypta_core::analysis::Analysis;
use crypta_core::fmt::lex::{self, TokenKind};
use serde_json::{json, Value};

use crate::requests::{number, text};

/// The `source` with the `givens` (`[{"name", "digit"}]`) of statement
/// `statement` (its number, from 1) written in.
pub fn apply(source: &str, request: &Value) -> Result<Value, String> {
    let number = number(request, "statement").ok_or("`statement` is missing")? as usize;
    let analysis = Analysis::new(source);
    let entry = number
        .checked_sub(1)
        .and_then(|i| analysis.entries.get(i))
        .ok_or_else(|| format!("no statement {}", number))?;
    let mut statement = source
        .get(entry.span.clone())
        .ok_or("the statement's span is outside the source")?
        .to_string();
    let givens = request["givens"].as_array().ok_or("`givens` is missing")?;
    let mut conditions = Vec::new();
    let mut read = Vec::new();
    for given in givens {
        let name = text(given, "name")?;
        let digit = given["digit"].as_u64().ok_or("a given has no digit")?;
        read.push((name, digit));
    }
    // `?2` counts the `?`s as written: the later ones are written in first,
    // so that an earlier one's digit does not shift the count.
    read.sort_by_key(|(name, _)| std::cmp::Reverse(counted(name).map_or(0, |(_, n)| n)));
    for (name, digit) in read {
        let shown = char::from_digit(digit as u32, 36).ok_or("a digit past base 36")?;
        if let Some((row, col)) = cell(&name) {
            statement = in_block(&statement, row, col, shown)
                .ok_or_else(|| format!("no cell {} in the statement", name))?;
        } else if let Some((symbol, nth)) = counted(&name) {
            statement = nth_replaced(&statement, symbol, nth, shown)
                .ok_or_else(|| format!("no {} in the statement", name))?;
        } else {
            conditions.push(format!("{} = {}", name, digit));
        }
    }
    if !conditions.is_empty() {
        let has_with = lex::tokens(&statement)
            .iter()
            .any(|t| t.kind == TokenKind::Word && &statement[t.span.clone()] == "with");
        let joiner = if has_with { ", " } else { " with " };
        statement = format!("{}{}{}", statement, joiner, conditions.join(", "));
    }
    let mut out = String::with_capacity(source.len() + 32);
    out.push_str(&source[..entry.span.start]);
    out.push_str(&statement);
    out.push_str(&source[entry.span.end..]);
    Ok(json!({ "source": out }))
}

/// `r2c3` as (2, 3).
fn cell(name: &str) -> Option<(usize, usize)> {
    let (row, col) = name.strip_prefix('r')?.split_once('c')?;
    Some((row.parse().ok()?, col.parse().ok()?))
}

/// `?2` or `x3` as (`?`, 2): the n-th such character of the equation.
fn counted(name: &str) -> Option<(char, usize)> {
    let mut chars = name.chars();
    let symbol = chars.next()?;
    let nth: usize = chars.as_str().parse().ok()?;
    (nth > 0 && !symbol.is_ascii_digit()).then_some((symbol, nth))
}

/// `statement` with the `nth` `symbol` before `with` replaced by `digit`.
fn nth_replaced(statement: &str, symbol: char, nth: usize, digit: char) -> Option<String> {
    let end = lex::tokens(statement)
        .iter()
        .find(|t| t.kind == TokenKind::Word && &statement[t.span.clone()] == "with")
        .map_or(statement.len(), |t| t.span.start);
    let (at, _) = statement[..end]
        .char_indices()
        .filter(|&(_, c)| c == symbol)
        .nth(nth - 1)?;
    Some(format!(
        "{}{}{}",
        &statement[..at],
        digit,
        &statement[at + symbol.len_utf8()..]
    ))
}

/// `statement` with the cell of `row` and `col` (from 1) of its block set
/// to `digit`: a Kakuro's cells are its rows' words (rows end at a line
/// end or `;`); a skeleton's are the characters of its lines after the
/// indent they share.
fn in_block(statement: &str, row: usize, col: usize, digit: char) -> Option<String> {
    let block = lex::tokens(statement)
        .into_iter()
        .find(|t| t.kind == TokenKind::Block)?;
    let open = statement[block.span.clone()].find('{')? + block.span.start + 1;
    let close = block.span.end.checked_sub(1)?;
    let body = &statement[open..close];
    let kakuro = statement[..block.span.start]
        .split_whitespace()
        .any(|w| w == "kakuro");
    // (start, end) of each non-blank row of the body.
    let mut rows = Vec::new();
    let mut start = 0;
    for (i, c) in body.char_indices().chain([(body.len(), '\n')]) {
        if c == '\n' || (kakuro && c == ';') {
            if !body[start..i].trim().is_empty() {
                rows.push((start, i));
            }
            start = i + c.len_utf8();
        }
    }
    let at = if kakuro {
        let (start, end) = *rows.get(row.checked_sub(1)?)?;
        let line = &body[start..end];
        let mut words = line.split_whitespace();
        let word = words.nth(col.checked_sub(1)?)?;
        let offset = word.as_ptr() as usize - line.as_ptr() as usize;
        (start + offset, start + offset + word.len())
    } else {
        let indent = rows
            .iter()
            .map(|&(s, e)| body[s..e].len() - body[s..e].trim_start().len())
            .min()?;
        let (start, end) = *rows.get(row.checked_sub(1)?)?;
        let line = body.get(start + indent..end)?;
        let (i, c) = line.char_indices().nth(col.checked_sub(1)?)?;
        (start + indent + i, start + indent + i + c.len_utf8())
    };
    let (from, to) = (open + at.0, open + at.1);
    Some(format!(
        "{}{}{}",
        &statement[..from],
        digit,
        &statement[to..]
    ))
}
