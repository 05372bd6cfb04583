//! Type-checking statements: from the AST to the IR, with every problem
//! collected as a [`Diagnostic`] rather than stopping at the first one;
//! each puzzle is checked by the kind that claims it (`crate::kinds::check`).
//!
//! Names bound with `let` are kept as AST, so a later query can add options
//! (`unique money with E != 5`) and the combination is checked as a whole.

use std::collections::HashMap;

use super::{lint, Action};
use crate::kinds::Puzzle;
use crypta_substrate::diagnostic::{Diagnostic, ErrorKind};
use crypta_substrate::limits::{MAX_DIAGNOSTICS, MAX_SCRIPT_BYTES};
use crypta_substrate::syntax::ast::{CellAst, Expr, Logic, Part, PuzzleBody, PuzzleDef, Statement};

/// Checks statements in order, remembering `let` bindings between calls so a
/// REPL can feed it one statement at a time.
#[derive(Default)]
pub struct Checker {
    names: HashMap<String, Binding>,
    /// The warnings of the statements checked so far ([`lint`]), until
    /// [`Checker::take_warnings`].
    warnings: Vec<Diagnostic>,
}

#[derive(Clone)]
struct Binding {
    def: PuzzleDef,
    /// False when the definition itself had errors: they were reported at
    /// the `let`, so queries on the name do not repeat them.
    valid: bool,
    /// Where the name was defined, for "already defined".
    at: crypta_substrate::diagnostic::Span,
}

impl Checker {
    /// A checker with no names bound yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The warnings found since the last call, in source order: what
    /// checks and runs but most likely not as meant (a divisor always 0).
    pub fn take_warnings(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.warnings)
    }

    /// The names bound so far, for completion.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.keys().map(String::as_str)
    }

    /// Checks one statement. `number` is its 1-based position in the script
    /// and `source` the whole text its spans index into.
    pub fn check(
        &mut self,
        statement: &Statement,
        number: usize,
        source: &str,
    ) -> Result<super::Statement, Vec<Diagnostic>> {
        let line = line_of(source, statement.span().start);
        self.check_on_line(statement, number, source, line)
    }

    /// [`Checker::check`] with the statement's line already known: counting
    /// lines from the start for every statement of a long script would take
    /// time in the square of its length.
    fn check_on_line(
        &mut self,
        statement: &Statement,
        number: usize,
        source: &str,
        line: usize,
    ) -> Result<super::Statement, Vec<Diagnostic>> {
        let action = match statement {
            Statement::Let { name, puzzle, .. } => {
                if let Some(first) = self.names.get(&name.node) {
                    return Err(vec![Diagnostic::new(
                        ErrorKind::DuplicateName,
                        name.span.clone(),
                        format!("`{}` is already defined", name.node),
                    )
                    .with_label(first.at.clone(), "first defined here")
                    .with_hint("choose another name: a name is defined once per script")]);
                }
                let checked = self.check_puzzle(puzzle);
                let valid = checked.as_ref().map(|_| true).unwrap_or(false);
                let def = self.resolve(puzzle).unwrap_or_else(|| puzzle.clone());
                let at = name.span.clone();
                self.names
                    .insert(name.node.clone(), Binding { def, valid, at });
                let puzzle = checked?;
                Action::Bind {
                    name: name.node.clone(),
                    kind: puzzle.kind_name(),
                }
            }
            Statement::Query { query, puzzle, .. } => {
                let puzzle = self.check_puzzle(puzzle)?;
                Action::Ask {
                    query: query.node,
                    puzzle,
                }
            }
        };
        let text = without_comment(source.get(statement.span().clone()).unwrap_or_default());
        Ok(super::Statement {
            number,
            line,
            text,
            action,
        })
    }

    /// Follows a name to its definition, adding this statement's options.
    fn resolve(&self, def: &PuzzleDef) -> Option<PuzzleDef> {
        let PuzzleBody::Name(name) = &def.body else {
            return None;
        };
        let bound = self.names.get(&name.node)?;
        let mut merged = bound.def.clone();
        merged.options.extend(def.options.iter().cloned());
        merged.answer = def.answer.clone();
        Some(merged)
    }

    /// `solve a, b` (or `solve a, ABC < DEF`): members that are names of
    /// puzzles bound with `let` make the statement a system of those
    /// puzzles' parts, with their options. `None` when no member is a
    /// bound name.
    fn join_names(&self, def: &PuzzleDef) -> Result<Option<PuzzleDef>, Vec<Diagnostic>> {
        let parts: Vec<Part> = match &def.body {
            PuzzleBody::Equations(members) => members.iter().cloned().map(Part::Member).collect(),
            PuzzleBody::System(parts) => parts.clone(),
            _ => return Ok(None),
        };
        let bound = |part: &Part| match part {
            Part::Member(logic) => {
                lone_word(logic).and_then(|(name, span)| self.names.get(&name).map(|b| (b, span)))
            }
            Part::Block { .. } => None,
        };
        if !parts.iter().any(|p| bound(p).is_some()) {
            return Ok(None);
        }
        let mut joined = Vec::new();
        let mut options = Vec::new();
        for part in &parts {
            let Some((binding, span)) = bound(part) else {
                joined.push(part.clone());
                continue;
            };
            if !binding.valid {
                return Err(Vec::new());
            }
            match &binding.def.body {
                PuzzleBody::Block { kind, body } => joined.push(Part::Block {
                    kind: kind.clone(),
                    body: body.clone(),
                }),
                PuzzleBody::Equations(members) => {
                    joined.extend(members.iter().cloned().map(Part::Member))
                }
                PuzzleBody::System(parts) => joined.extend(parts.iter().cloned()),
                PuzzleBody::Name(_) => {
                    return Err(vec![Diagnostic::new(
                        ErrorKind::NotInSystem,
                        span,
                        "this name cannot be part of a system",
                    )])
                }
            }
            options.extend(binding.def.options.iter().cloned());
        }
        options.extend(def.options.iter().cloned());
        let body = if joined.iter().any(|p| matches!(p, Part::Block { .. })) {
            PuzzleBody::System(joined)
        } else {
            PuzzleBody::Equations(
                joined
                    .into_iter()
                    .filter_map(|p| match p {
                        Part::Member(logic) => Some(logic),
                        Part::Block { .. } => None,
                    })
                    .collect(),
            )
        };
        Ok(Some(PuzzleDef {
            body,
            options,
            answer: def.answer.clone(),
            span: def.span.clone(),
        }))
    }

    fn check_puzzle(&self, def: &PuzzleDef) -> Result<Puzzle, Vec<Diagnostic>> {
        if let Some(joined) = self.join_names(def)? {
            return self.check_puzzle(&joined);
        }
        match &def.body {
            PuzzleBody::Name(name) => match self.names.get(&name.node) {
                None => {
                    let unknown = Diagnostic::new(
                        ErrorKind::UnknownName,
                        name.span.clone(),
                        format!("no puzzle is named `{}`", name.node),
                    );
                    Err(vec![
                        match crypta_substrate::diagnostic::did_you_mean(&name.node, self.names()) {
                            Some(meant) => unknown
                                .with_hint(format!("did you mean `{}`?", meant))
                                .with_fix(name.span.clone(), meant),
                            None => unknown.with_hint(format!(
                                "define it first: `let {} = SEND + MORE = MONEY`; a lone word is read as a name",
                                name.node
                            )),
                        },
                    ])
                }
                Some(binding) if !binding.valid => Err(Vec::new()),
                Some(_) => {
                    let merged = self.resolve(def).ok_or_else(Vec::new)?;
                    self.check_puzzle(&merged)
                }
            },
            PuzzleBody::Block { .. } | PuzzleBody::System(_) if def.answer.is_some() => {
                let at = def
                    .answer
                    .as_ref()
                    .map_or(def.span.clone(), |e| e.span().clone());
                Err(vec![Diagnostic::new(
                    ErrorKind::OptionNotApplicable,
                    at,
                    "`answer` lists the values of an expression of a letter equation's symbols",
                )
                .with_hint(
                    "ask a layout or a grid with `solve`, `count` or `unique`",
                )])
            }
            PuzzleBody::Equations(_) | PuzzleBody::Block { .. } | PuzzleBody::System(_) => {
                crate::kinds::check(def)
            }
        }
    }
}

/// A member that is one word alone (`money`): its text, which may name
/// a puzzle bound with `let`, and its span.
fn lone_word(logic: &Logic) -> Option<(String, crypta_substrate::diagnostic::Span)> {
    let Logic::Atom(eq) = logic else {
        return None;
    };
    let [Some(Expr::Word(word))] = eq.sides.as_slice() else {
        return None;
    };
    if !eq.relations.is_empty() || eq.property.is_some() {
        return None;
    }
    let text = word
        .cells
        .iter()
        .map(|c| match c.node {
            CellAst::Symbol(c) => Some(c),
            CellAst::Digit(d) => char::from_digit(u32::from(d), 10),
            CellAst::Free => None,
        })
        .collect::<Option<String>>()?;
    Some((text, word.span.clone()))
}

/// A statement's text without a trailing `#` comment (a `#` inside a
/// `{ ... }` block is a Kakuro block cell, not a comment). A statement
/// continued over several lines is shown on one, its blanks collapsed.
fn without_comment(text: &str) -> String {
    match crypta_substrate::vocab::logical(text) {
        std::borrow::Cow::Borrowed(text) => crypta_substrate::vocab::code(text).trim().to_string(),
        // A system of layouts continued after `},` keeps its lines: a
        // layout's columns are its meaning.
        std::borrow::Cow::Owned(_) if text.contains('{') => {
            let kept: String = crypta_substrate::vocab::places(text)
                .filter(|&(_, _, place)| place != crypta_substrate::vocab::Place::Comment)
                .map(|(_, c, _)| c)
                .collect();
            let lines: Vec<&str> = kept.lines().map(str::trim_end).collect();
            lines.join("\n").trim().to_string()
        }
        std::borrow::Cow::Owned(joined) => crypta_substrate::vocab::code(&joined)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace("( ", "(")
            .replace(" )", ")"),
    }
}

/// The 1-based line of a byte offset.
pub fn line_of(source: &str, offset: usize) -> usize {
    source.as_bytes()[..offset.min(source.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Parses and checks a whole script: every statement that checks, and every
/// diagnostic of those that do not.
pub fn check_script(source: &str) -> (Vec<super::Statement>, Vec<Diagnostic>) {
    let mut checker = Checker::new();
    check_script_with(&mut checker, source, 0)
}

/// As [`check_script`], with a checker that may already hold names, and
/// statements numbered after `numbered_before`.
pub fn check_script_with(
    checker: &mut Checker,
    source: &str,
    numbered_before: usize,
) -> (Vec<super::Statement>, Vec<Diagnostic>) {
    if source.len() > MAX_SCRIPT_BYTES {
        let first = source.chars().next().map_or(0, char::len_utf8);
        let refused = Diagnostic::new(
            ErrorKind::TooLarge,
            0..first,
            format!(
                "this script has {} bytes; crypta reads scripts of up to {} bytes ({} MiB)",
                source.len(),
                MAX_SCRIPT_BYTES,
                MAX_SCRIPT_BYTES >> 20
            ),
        )
        .with_hint("split it into several files");
        return (Vec::new(), vec![refused]);
    }
    let (statements, mut diagnostics) = crypta_substrate::syntax::parse_script(source);
    let mut checked = Vec::new();
    // Statements come in source order: lines are counted on from the last.
    let (mut line, mut counted) = (1, 0);
    for (i, statement) in statements.iter().enumerate() {
        let start = statement.span().start.clamp(counted, source.len());
        line += line_of(&source[counted..start], usize::MAX) - 1;
        counted = start;
        checker.warnings.extend(lint::warnings(statement));
        match checker.check_on_line(statement, numbered_before + i + 1, source, line) {
            Ok(s) => checked.push(s),
            Err(mut ds) => diagnostics.append(&mut ds),
        }
    }
    diagnostics.sort_by_key(|d| d.span.start);
    if diagnostics.len() > MAX_DIAGNOSTICS {
        let more = diagnostics.len() - MAX_DIAGNOSTICS;
        diagnostics.truncate(MAX_DIAGNOSTICS);
        let at = diagnostics.last().map_or(0..0, |d| d.span.clone());
        diagnostics.push(
            Diagnostic::new(
                ErrorKind::TooManyErrors,
                at,
                format!(
                    "{} more error{} after this one, not shown (crypta reports the first {})",
                    more,
                    if more == 1 { "" } else { "s" },
                    MAX_DIAGNOSTICS
                ),
            )
            .with_hint("fix these first, then check again"),
        );
    }
    (checked, diagnostics)
}
