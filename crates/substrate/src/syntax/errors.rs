//! Turns pest's "expected rule X" into words a puzzle author knows.

use pest::error::{Error, ErrorVariant, InputLocation};

use super::Rule;
use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::vocab;
use std::sync::LazyLock;

/// The queries, as a hint lists them.
static QUERY: LazyLock<String> = LazyLock::new(|| {
    let queries: Vec<&str> = vocab::QUERIES
        .iter()
        .filter(|q| !q.text.contains(' '))
        .map(|q| q.usage)
        .collect();
    format!("a query ({})", queries.join(", "))
});

/// The relations and properties a constraint may use.
static CONSTRAINT: LazyLock<String> = LazyLock::new(|| {
    let words: Vec<&str> = vocab::PROPERTIES.iter().map(|e| e.word.text).collect();
    format!(
        "a constraint (`= N`, `!= N`, `{} SET`, {})",
        vocab::IN.text,
        words.join(", ")
    )
});

/// What a rule looks like to someone writing a puzzle.
fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::statement | Rule::query_statement | Rule::puzzle => "a puzzle",
        Rule::let_statement => "`let NAME = puzzle`",
        Rule::query
        | Rule::kw_solve
        | Rule::kw_count
        | Rule::kw_unique
        | Rule::kw_grade
        | Rule::kw_explain
        | Rule::explain_steps => QUERY.as_str(),
        Rule::first_query | Rule::kw_first => "`first N`",
        Rule::equations | Rule::equation | Rule::member => "an equation",
        Rule::expr | Rule::term | Rule::power | Rule::factor | Rule::word => {
            "a word (letters, digits or ?) or `(`"
        }
        Rule::equals => "`=` or a relation (`!=`, `<`, `<=`, `>`, `>=`)",
        Rule::add_op => "`+` or `-`",
        Rule::mul_op => "`*`, `/` or `%`",
        Rule::pow_op => "`^`",
        Rule::block_puzzle | Rule::block_kind => "a puzzle block",
        Rule::name | Rule::name_ref => "a name",
        Rule::options | Rule::kw_with => "`with` and options",
        Rule::base_option
        | Rule::leading_zeros
        | Rule::repeats
        | Rule::digits_option
        | Rule::wild_option
        | Rule::constraint
        | Rule::condition
        | Rule::unknown_option => "an option",
        Rule::target | Rule::unknown_target => "a symbol, a word, `*` or `?`",
        Rule::relation | Rule::equal_to | Rule::not_equal | Rule::member_of | Rule::property => {
            CONSTRAINT.as_str()
        }
        Rule::digit_set | Rule::digit_range | Rule::digit_list => {
            "a set of digits (`1..9` or `{2,3,5,7}`)"
        }
        Rule::number => "a number",
        Rule::EOI => "the end of the statement",
        _ => return None,
    })
}

/// A syntax diagnostic for a pest error found in `text`, which starts at
/// byte `offset` of the whole source.
pub fn syntax_diagnostic(error: &Error<Rule>, offset: usize, text: &str) -> Diagnostic {
    let (mut start, mut end) = match error.location {
        InputLocation::Pos(p) => (p, p),
        InputLocation::Span((s, e)) => (s, e),
    };
    if text[start..].trim().is_empty() {
        // The statement ends too early: say so where its last word ends,
        // not on the line a continuation carried it to.
        start = text[..start].trim_end().len();
        end = start;
    }
    // Point at the offending token (up to the next blank) rather than at an
    // empty position, so the caret sits under something visible.
    let token_end = text[start..]
        .char_indices()
        .find(|(_, c)| c.is_whitespace())
        .map(|(i, _)| start + i)
        .unwrap_or(text.len())
        .max(end);
    let found = &text[start..token_end];
    let mut expected: Vec<&str> = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().filter_map(|r| describe(*r)).collect()
        }
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    expected.dedup();
    let mut seen = Vec::new();
    expected.retain(|e| {
        let fresh = !seen.contains(e);
        seen.push(*e);
        fresh
    });
    let what = if found.is_empty() {
        "the statement ends too early".to_string()
    } else {
        format!("unexpected `{}`", found)
    };
    let look_alike = operator_meant(found).is_some() && expected.contains(&"`+` or `-`");
    let message = if expected.is_empty() {
        what
    } else if look_alike {
        // The hint says which operator: the list of everything that could
        // come next would only hide it.
        format!("{} where an operator goes", what)
    } else {
        format!("{}: expected {}", what, join_or(&expected))
    };
    let span = offset + start..offset + token_end.max(start);
    let mut diagnostic = Diagnostic::new(ErrorKind::Syntax, span, message);
    if found.is_empty() && vocab::continues(text) {
        diagnostic = diagnostic.with_hint(
            "a statement goes on on the next line after a trailing operator or `,`, \
             but a blank line or the end of the script ends it",
        );
    } else if let Some((meant, hint)) = operator_meant(found).filter(|_| look_alike) {
        let at = offset + start;
        let typed = found.chars().next().map_or(0, char::len_utf8);
        diagnostic = diagnostic.with_hint(hint).with_fix(at..at + typed, meant);
    } else if found.starts_with('=') && text[..start].contains('=') {
        diagnostic = diagnostic.with_hint("an equation has one `=`; separate equations with `,`");
    }
    diagnostic
}

/// An operator typed as a look-alike: `x` for `*`, full-width `＋`, a
/// dash. Returns (the operator meant, the hint).
fn operator_meant(found: &str) -> Option<(&'static str, String)> {
    if found == "x" || found == "X" {
        return Some(("*", "to multiply, write `*` or `×`".to_string()));
    }
    let c = found.chars().next()?;
    let meant = match c {
        '＋' => "+",
        '－' | '–' | '—' | '‐' => "-",
        '＊' | '✕' | '✖' | '⋅' | '·' | '∙' | '∗' => "*",
        '／' | '∕' => "/",
        '％' => "%",
        '＾' => "^",
        '＝' => "=",
        '＜' => "<",
        '＞' => ">",
        '（' => "(",
        '）' => ")",
        '，' => ",",
        _ => return None,
    };
    Some((
        meant,
        format!("`{}` is not an operator of crypta: write `{}`", c, meant),
    ))
}

pub(super) fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}
