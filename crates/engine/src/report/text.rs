//! Results as text: the statement, each solution as the filled-in puzzle
//! with its symbols listed, and a closing line that answers the query.
//! A search's text is its [`head`], each [`solution`] and its [`tail`], so
//! that a streamed run printing them as they come prints what [`render`]
//! does.

use std::fmt::Write;

use crate::kinds::Puzzle;
use crate::run::{Fixes, Head, Limit, ResultBody, Search, Solution, StatementResult};
use crypta_substrate::ir::Query;
use crypta_substrate::solve::count::Count;

/// One statement's result as text: the statement, its solutions or
/// explanation, and a closing line that answers the query.
pub fn render(result: &StatementResult) -> String {
    if let ResultBody::Searched(search) = &result.body {
        let start = Head::of(result, search);
        let mut out = head(&start);
        for s in &search.solutions {
            out.push_str(&solution(&start, s));
        }
        out.push_str(&tail(search));
        return out;
    }
    let mut out = String::new();
    let _ = writeln!(out, "{}", result.text);
    out.push_str(&render_answer(result));
    out
}

/// What a search's text starts with: the statement as written.
pub fn head(head: &Head) -> String {
    format!("{}\n", head.text)
}

/// One solution of a search, as [`render`] shows it among the others.
/// Letter solutions are aligned on the widest of them, and each is as wide
/// as its puzzle written out (every digit prints as one character, as does
/// the symbol it replaces), so one alone is shown as it is among many.
pub fn solution(head: &Head, solution: &Solution) -> String {
    one_solution(head.puzzle, solution)
}

fn one_solution(puzzle: &Puzzle, solution: &Solution) -> String {
    solutions_text(puzzle, std::slice::from_ref(solution))
}

/// Solutions of `puzzle` as text, each drawn from its view
/// ([`super::view::views_text`]).
pub fn solutions_text(puzzle: &Puzzle, solutions: &[Solution]) -> String {
    let kind = crate::kinds::of(puzzle);
    let views: Vec<_> = solutions.iter().map(|s| kind.view(s)).collect();
    super::view::views_text(&views)
}

/// What a search's text ends with: the line that answers the query.
pub fn tail(search: &Search) -> String {
    let mut out = String::new();
    summary(&mut out, search);
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
        ResultBody::Graded(grade) => out.push_str(&super::grade::text(grade)),
    }
    out
}

fn render_search(out: &mut String, search: &Search) {
    for s in &search.solutions {
        out.push_str(&one_solution(&search.puzzle, s));
    }
    summary(out, search);
}

fn summary(out: &mut String, search: &Search) {
    let n = &search.count;
    let solutions = |n: &Count| format!("{} solution{}", n, if *n == 1 { "" } else { "s" });
    let summary = if search.stopped_by == Some(Limit::Output) {
        match &search.answers {
            Some(answers) => format!(
                "{} value{} of {} shown, as many as one statement prints: there may be more",
                answers.values.len(),
                if answers.values.len() == 1 { "" } else { "s" },
                solutions(n)
            ),
            None => format!(
                "{} shown, as many as one statement prints: there may be more (`count` counts them all)",
                solutions(n)
            ),
        }
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
            Query::Answer { unique: true } => match search.answers.as_ref().map(|a| a.values.len())
            {
                Some(0) | None => "no solution".to_string(),
                Some(1) => format!("unique answer, from {}", solutions(n)),
                _ => "not unique: two answers shown".to_string(),
            },
            Query::First(k) if n.to_u64() >= Some(k) => {
                format!("{} (the first {} asked for)", solutions(n), k)
            }
            _ if *n == 0 => "no solution".to_string(),
            _ => solutions(n),
        }
    };
    let _ = writeln!(out, "  {}", summary);
    if let Some(answers) = &search.answers {
        // Counts of a search that stopped early (a limit, or `unique
        // answer` at its second value) are of the solutions found so far.
        let at_least = if search.exact { "" } else { "at least " };
        for (value, count) in &answers.values {
            let value = value
                .as_ref()
                .map_or("has no value".to_string(), |v| format!("= {}", v));
            let many = if *count == 1 { "" } else { "s" };
            let _ = writeln!(
                out,
                "  {} {}: {}{} solution{}",
                answers.expr, value, at_least, count, many
            );
        }
    }
    if let Some(fixes) = &search.fixes {
        let _ = writeln!(out, "  {}", fixes_line(fixes));
    }
}

/// What `unique` says after "not unique": the givens that would make the
/// puzzle unique, each set joined by "and", the sets by "or".
fn fixes_line(fixes: &Fixes) -> String {
    match fixes {
        Fixes::Found(sets) => {
            let size = sets.first().map_or(0, Vec::len);
            let how_many = match size {
                1 => "one more given".to_string(),
                2 => "two more givens".to_string(),
                n => format!("{} more givens", n),
            };
            let sets: Vec<String> = sets
                .iter()
                .map(|set| {
                    set.iter()
                        .map(|g| format!("{} = {}", g.name, g.digit))
                        .collect::<Vec<_>>()
                        .join(" and ")
                })
                .collect();
            format!("unique with {}: {}", how_many, sets.join(", or "))
        }
        Fixes::Beyond => match crate::run::fixes::MAX_GIVENS {
            1 => "no one more given makes it unique".to_string(),
            2 => "no one or two more givens make it unique".to_string(),
            n => format!("no {} more givens or fewer make it unique", n),
        },
        Fixes::TooMany => format!(
            "no givens suggested: more than {} solutions",
            crate::run::fixes::MAX_SOLUTIONS
        ),
        Fixes::Cut(limit) => {
            let why = match limit {
                Limit::Time => "the time limit stopped the search for them",
                Limit::Nodes => "the node limit stopped the search for them",
                _ => "interrupted",
            };
            format!("no givens suggested: {}", why)
        }
        Fixes::Unsupported(unsupported) => format!("no givens suggested: {}", unsupported),
    }
}
