//! Results as text: the statement, each solution as the filled-in puzzle
//! with its symbols listed, and a closing line that answers the query.

use std::fmt::Write;

use crate::ir::Query;
use crate::run::{Limit, ResultBody, Search, StatementResult};
use crate::solve::count::Count;

/// One statement's result as text: the statement, its solutions or
/// explanation, and a closing line that answers the query.
pub fn render(result: &StatementResult) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", result.text);
    out.push_str(&render_answer(result));
    out
}

/// One statement's result without the statement: what the REPL shows
/// under a statement the user has just typed.
pub fn render_answer(result: &StatementResult) -> String {
    let mut out = String::new();
    match &result.body {
        ResultBody::Bound { name } => {
            let _ = writeln!(out, "  defined `{}` ({})", name, result.kind);
        }
        ResultBody::Explained { text, .. } => {
            for line in text.lines() {
                let _ = writeln!(out, "  {}", line);
            }
        }
        ResultBody::Searched(search) => {
            render_search(&mut out, search);
        }
    }
    out
}

fn render_search(out: &mut String, search: &Search) {
    out.push_str(&search.puzzle.kind().solutions_text(&search.solutions));
    let n = &search.count;
    let solutions = |n: &Count| format!("{} solution{}", n, if *n == 1 { "" } else { "s" });
    let summary = if search.stopped_by == Some(Limit::Output) {
        format!(
            "{} shown, as many as one statement prints: there may be more (`count` counts them all)",
            solutions(n)
        )
    } else if let Some(limit) = search.stopped_by {
        let why = match limit {
            Limit::Time => "the time limit stopped the search",
            Limit::Nodes => "the node limit stopped the search",
            _ => "interrupted",
        };
        format!("{} after {}: there may be more", why, solutions(n))
    } else {
        match search.query {
            Query::Unique => match n.to_u64() {
                Some(0) => "no solution".to_string(),
                Some(1) => "unique: exactly one solution".to_string(),
                _ => "not unique: two solutions shown".to_string(),
            },
            Query::First(k) if n.to_u64() >= Some(k) => {
                format!("{} (the first {} asked for)", solutions(n), k)
            }
            _ if *n == 0 => "no solution".to_string(),
            _ => solutions(n),
        }
    };
    let _ = writeln!(out, "  {}", summary);
}
