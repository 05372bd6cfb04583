//! `crypta sheet SCRIPT... --out FILE` and `crypta generate ... --format
//! pdf --out FILE`: every query of the scripts is one numbered puzzle on
//! A4 pages, drawn blank, then the solutions pages with each puzzle solved
//! (its key under it). Whatever a statement asks (`solve`, `count`...),
//! its puzzle is searched for two solutions: a puzzle with several is
//! printed with one of them and marked "one of several solutions" (a
//! warning, not an error); one with none is marked "no solution" and the
//! run fails (exit status 1); a search a limit stopped is marked so (exit
//! status 3). The PDF is written in every case but bad scripts.

use crate::errln;
use std::path::PathBuf;
use std::sync::atomic::Ordering;

use crypta_core::{Query, Script, Statement};

use super::output::{worse, Output, ERRORS, LIMIT, OK, USAGE};
use super::pdf::{self, Entry};

/// What a sheet was asked with.
#[derive(Clone, Debug)]
pub struct SheetOptions {
    /// `--out FILE`: the PDF.
    pub out: Option<PathBuf>,
    /// `--per-page N`: puzzles on a page.
    pub per_page: usize,
    /// `--title TEXT`: at the top of every page.
    pub title: String,
    /// `--blank`: the puzzles only, no solutions pages.
    pub blank: bool,
}

/// Checks every script, then lays out their queries; returns the exit
/// status. Nothing is written when a script has errors.
pub fn scripts(out: &Output, sheet: &SheetOptions, scripts: &[(String, String)]) -> u8 {
    let Some(path) = &sheet.out else {
        out.error("a PDF sheet is written to a file: give --out FILE");
        return USAGE;
    };
    let mut checked = Vec::new();
    let mut code = OK;
    for (name, source) in scripts {
        let script = Script::parse(source);
        if !script.is_ok() {
            out.problems(name, source, script.diagnostics());
            code = ERRORS;
        }
        checked.push(script);
    }
    if code != OK {
        return code;
    }
    let statements: Vec<&Statement> = checked
        .iter()
        .flat_map(|s| s.statements())
        .filter(|s| s.query().is_some())
        .collect();
    if statements.is_empty() {
        out.error("nothing to print: a sheet shows the queries of a script, and it has none");
        return USAGE;
    }
    let mut puzzles = Vec::new();
    let mut solutions = Vec::new();
    for (k, statement) in statements.iter().enumerate() {
        let number = k + 1;
        let Some(blank) = statement.svg() else {
            continue;
        };
        puzzles.push(Entry {
            number,
            note: None,
            svg: blank.clone(),
        });
        if sheet.blank {
            continue;
        }
        let (entry, status) = solved(out, statement, number, blank);
        code = worse(code, status);
        solutions.push(entry);
        if out
            .options
            .interrupt_flag()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            return worse(code, LIMIT);
        }
    }
    let bytes = match pdf::sheet(&sheet.title, sheet.per_page, &puzzles, &solutions) {
        Ok(bytes) => bytes,
        Err(message) => {
            out.error(&message);
            return worse(code, ERRORS);
        }
    };
    if let Err(e) = std::fs::write(path, bytes) {
        out.error(&format!("cannot write {}: {}", path.display(), e));
        return worse(code, USAGE);
    }
    code
}

/// The solutions page's box for puzzle `number`, and the exit status its
/// search earned.
fn solved(out: &Output, statement: &Statement, number: usize, blank: String) -> (Entry, u8) {
    let entry = |note: Option<&str>, svg: String| Entry {
        number,
        note: note.map(str::to_string),
        svg,
    };
    let first_two = statement
        .asking(Query::First(2))
        .map(|s| s.run(&out.options));
    let answer = match first_two {
        Some(Ok(answer)) => answer,
        Some(Err(e)) => {
            out.error(&format!("puzzle {}: {}", number, e));
            return (entry(Some("not solved (error)"), blank), ERRORS);
        }
        None => return (entry(None, blank), OK),
    };
    let found = answer.solutions();
    let complete = answer.is_complete();
    let warn = |what: &str| {
        errln!(
            "warning: puzzle {} (statement {}, line {}) {}",
            number,
            statement.number(),
            statement.line(),
            what
        )
    };
    match (found.first(), found.len(), complete) {
        (Some(first), 1, true) => (entry(None, first.svg()), OK),
        (Some(first), 1, false) => {
            warn("was not proven unique: a limit stopped its search");
            (
                entry(Some("not proven unique (search stopped)"), first.svg()),
                LIMIT,
            )
        }
        (Some(first), _, _) => {
            warn("has several solutions; the solutions page shows one");
            (entry(Some("one of several solutions"), first.svg()), OK)
        }
        (None, _, true) => {
            warn("has no solution");
            (entry(Some("no solution"), blank), ERRORS)
        }
        (None, _, false) => {
            warn("has no solution found: a limit stopped its search");
            (
                entry(Some("search stopped: no solution found"), blank),
                LIMIT,
            )
        }
    }
}
