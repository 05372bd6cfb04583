//! What the server knows of one open script: the checker's diagnostics and
//! checked statements (the same call as `crypta check`), and where each
//! statement, `let` name and use of a name is. Everything here checks;
//! nothing solves, so a reply never waits on a search.

use crate::program::{check_script_with, Checker};
use crypta_substrate::diagnostic::{Diagnostic, Span};
use crypta_substrate::syntax::ast::{Expr, Logic, Part, PuzzleBody, Statement};

/// One statement of the script, as the editor points at it.
pub struct Entry {
    /// The statement's bytes, its trailing comment excluded.
    pub span: Span,
    /// `let NAME`: the name and its bytes.
    pub defines: Option<(String, Span)>,
    /// The names of puzzles it uses, each with its bytes: a puzzle given
    /// by name (`count money`), or the parts of a system named in its
    /// list (`count one, two`).
    pub uses: Vec<(String, Span)>,
    /// The statement as checked, when it has no errors.
    checked: Option<crate::program::Statement>,
}

impl Entry {
    /// The kind of puzzle a `let` without errors names (`letters`,
    /// `multiplication`, `division`, `kakuro`).
    pub fn bound_kind(&self) -> Option<&'static str> {
        match &self.checked.as_ref()?.action {
            crate::program::Action::Bind { kind, .. } => Some(kind),
            crate::program::Action::Ask { .. } => None,
        }
    }
}

/// A checked script.
pub struct Analysis {
    /// Every problem `crypta check` reports, errors and warnings
    /// ([`crypta_substrate::diagnostic::ErrorKind::is_warning`]), in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// The statements that parsed, in order.
    pub entries: Vec<Entry>,
}

impl Analysis {
    /// Parses and checks `text`.
    pub fn new(text: &str) -> Self {
        let mut checker = Checker::new();
        let (statements, mut diagnostics) = check_script_with(&mut checker, text, 0);
        diagnostics.append(&mut checker.take_warnings());
        diagnostics.sort_by_key(|d| d.span.start);
        if text.len() > crypta_substrate::limits::MAX_SCRIPT_BYTES {
            // Refused by the checker, with its one diagnostic: not parsed
            // here either (a 20 MB text took seconds to).
            return Analysis {
                diagnostics,
                entries: Vec::new(),
            };
        }
        let mut checked: Vec<Option<crate::program::Statement>> = Vec::new();
        for statement in statements {
            let i = statement.number - 1;
            if checked.len() <= i {
                checked.resize_with(i + 1, || None);
            }
            checked[i] = Some(statement);
        }
        let (ast, _) = crypta_substrate::syntax::parse_script(text);
        let mut defined: Vec<String> = Vec::new();
        let entries = ast
            .iter()
            .enumerate()
            .map(|(i, statement)| {
                let (defines, puzzle) = match statement {
                    Statement::Let { name, puzzle, .. } => {
                        (Some((name.node.clone(), name.span.clone())), puzzle)
                    }
                    Statement::Query { puzzle, .. } => (None, puzzle),
                };
                let uses = uses(&puzzle.body, &defined);
                defined.extend(defines.iter().map(|(name, _)| name.clone()));
                Entry {
                    span: code_span(text, statement.span()),
                    defines,
                    uses,
                    checked: checked.get_mut(i).and_then(Option::take),
                }
            })
            .collect();
        Analysis {
            diagnostics,
            entries,
        }
    }

    /// The statement at a byte offset (its end included, where a cursor
    /// after the last character is).
    pub fn entry_at(&self, offset: usize) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.span.start <= offset && offset <= e.span.end)
    }

    /// The `let` name defined or used at a byte offset, with its bytes.
    pub fn name_at(&self, offset: usize) -> Option<(&str, &Span)> {
        self.entries
            .iter()
            .flat_map(|e| e.defines.iter().chain(e.uses.iter()))
            .find(|(_, span)| span.start <= offset && offset <= span.end)
            .map(|(name, span)| (name.as_str(), span))
    }

    /// The statement that defines `name` (the first, if several try).
    pub fn definition(&self, name: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.defines.as_ref().is_some_and(|(n, _)| n == name))
    }

    /// What an editor shows over `offset` in `text` (the text analysed),
    /// as Markdown, with the bytes it is about. On a `let` name or its
    /// use: the definition as written and the kind of puzzle it names. On
    /// a query: its kind, symbols and the strategy `explain` would pick
    /// (the plan is made, not run). On a `let`: the name it defines.
    pub fn hover(&self, text: &str, offset: usize) -> Option<(String, Span)> {
        if let Some((name, span)) = self.name_at(offset) {
            let definition = self.definition(name)?;
            let written = text.get(definition.span.clone())?;
            let mut value = format!("```crypta\n{}\n```", written);
            if let Some(kind) = definition.bound_kind() {
                value.push_str(&format!("\n\n`{}`: a {} puzzle", name, kind));
            }
            return Some((value, span.clone()));
        }
        let entry = self.entry_at(offset)?;
        let (query, puzzle) = match &entry.checked.as_ref()?.action {
            crate::program::Action::Ask { query, puzzle } => (query.keyword(), puzzle),
            crate::program::Action::Bind { .. } => {
                let (name, _) = entry.defines.as_ref()?;
                return Some((format!("defines `{}`", name), entry.span.clone()));
            }
        };
        let kind = crate::kinds::of(puzzle);
        let strategy = kind.plan();
        // Spaced: run together ("SENDMORY") they read as one word.
        let symbols = kind
            .symbols()
            .iter()
            .map(|(_, c)| c.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let mut value = format!("**{}** puzzle, query `{}`", puzzle.kind_name(), query);
        if !symbols.is_empty() {
            value.push_str(&format!("\n\nsymbols: `{}`", symbols));
        }
        value.push_str(&format!("\n\nstrategy: `{}`", strategy.name()));
        // `approach` is wrapped for `explain`'s terminal text, one clause a
        // line: the whole of it, joined into one paragraph.
        let approach = strategy.approach();
        let approach = approach.split_whitespace().collect::<Vec<_>>().join(" ");
        if !approach.is_empty() {
            value.push_str(&format!(" — {}", approach));
        }
        Some((value, entry.span.clone()))
    }

    /// Every name a `let` defines, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries
            .iter()
            .filter_map(|e| e.defines.as_ref().map(|(n, _)| n.as_str()))
    }
}

/// A statement's span without the blanks and comment pest keeps after it:
/// up to the last character before its comment ([`crypta_substrate::vocab::code`]).
fn code_span(text: &str, span: &Span) -> Span {
    let Some(code) = text.get(span.clone()) else {
        return span.clone();
    };
    span.start..span.start + crypta_substrate::vocab::code(code).trim_end().len()
}

/// The names a puzzle uses: the whole puzzle by name, or a member of a
/// list that is a lone word naming an earlier `let` (a system's part).
fn uses(body: &PuzzleBody, defined: &[String]) -> Vec<(String, Span)> {
    let named = |member: &Logic| match member {
        Logic::Atom(eq) if eq.property.is_none() => match eq.sides.as_slice() {
            [Some(Expr::Word(word))] => {
                let text = word.text();
                defined.contains(&text).then(|| (text, word.span.clone()))
            }
            _ => None,
        },
        _ => None,
    };
    match body {
        PuzzleBody::Name(name) => vec![(name.node.clone(), name.span.clone())],
        PuzzleBody::Equations(members) => members.iter().filter_map(named).collect(),
        PuzzleBody::System(parts) => parts
            .iter()
            .filter_map(|part| match part {
                Part::Member(member) => named(member),
                Part::Block { .. } => None,
            })
            .collect(),
        PuzzleBody::Block { .. } => Vec::new(),
    }
}
