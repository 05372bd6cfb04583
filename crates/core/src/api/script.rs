//! [`Script`] and [`Statement`]: a script parsed and checked once, its
//! statements run one at a time or all together.

use std::sync::Arc;

use super::{Answer, Error, InternalError, Options, Solution};
use crypta_engine::program::Action;
use crypta_engine::program::Checker;
use crypta_engine::report::json;
use crypta_engine::run::{self, ResultBody, StreamEvent};
use crypta_substrate::diagnostic::Diagnostic;
use crypta_substrate::ir::Query;

/// A parsed and checked script: its statements ready to run, and the
/// problems found in it as data.
#[derive(Clone, Debug)]
pub struct Script {
    source: String,
    statements: Vec<Statement>,
    diagnostics: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
}

/// What the scripts a session checked before define: their `let` names,
/// and how many statements they numbered. A REPL checks each input with
/// [`Script::parse_in`] against one `Scope`, so that a name defined in
/// one input is known in the next and numbers go on.
#[derive(Default)]
pub struct Scope {
    checker: Checker,
    numbered: usize,
    /// Each `let` name's options, for the captions of queries on it.
    captions: std::collections::HashMap<String, Vec<String>>,
}

impl Scope {
    /// A scope with no names and no statements yet.
    pub fn new() -> Self {
        Scope::default()
    }

    /// The names defined so far, in no particular order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.checker.names()
    }
}

/// One checked statement of a [`Script`]: a `let` or a query on a puzzle.
#[derive(Clone, Debug)]
pub struct Statement {
    pub(super) inner: crypta_engine::program::Statement,
    /// The options written after `with` (a `let`'s first, for a query on
    /// its name), as written: the caption of its picture.
    pub(super) caption: Vec<String>,
}

impl Script {
    /// Parses and type-checks `source`. Never fails: what is wrong is in
    /// [`Script::diagnostics`], and the statements that did check are in
    /// [`Script::statements`].
    pub fn parse(source: &str) -> Script {
        Script::parse_in(source, &mut Scope::new())
    }

    /// Parses and type-checks `source` as [`Script::parse`] does, where
    /// the names of `scope` are defined and statements are numbered after
    /// its own; the names `source` defines and its statements are added to
    /// `scope`. Spans and lines count in `source` alone: a REPL whose
    /// line numbers go on from input to input passes the earlier inputs
    /// blanked out (newlines kept) before the new one.
    pub fn parse_in(source: &str, scope: &mut Scope) -> Script {
        let (statements, diagnostics) =
            crypta_engine::program::check_script_with(&mut scope.checker, source, scope.numbered);
        scope.numbered += statements.len();
        let warnings = scope.checker.take_warnings();
        Script {
            source: source.to_string(),
            statements: statements
                .into_iter()
                .map(|inner| {
                    let caption = super::caption::options(&inner.text, &mut scope.captions);
                    Statement { inner, caption }
                })
                .collect(),
            diagnostics,
            warnings,
        }
    }

    /// The errors found, in source order, each with its span, message,
    /// hint and maybe a fix; empty when the script can run (its warnings
    /// are in [`Script::warnings`]).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// What checks and runs but most likely not as the author meant (a
    /// divisor that is always 0), in source order: each diagnostic's kind
    /// is a warning ([`crate::ErrorKind::is_warning`]). Warnings do not
    /// stop a run; they are not among [`Script::diagnostics`].
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }

    /// The errors and the warnings together, in source order: what a
    /// front end shows of a script.
    pub fn problems(&self) -> Vec<Diagnostic> {
        let mut all: Vec<Diagnostic> = self
            .diagnostics
            .iter()
            .chain(&self.warnings)
            .cloned()
            .collect();
        all.sort_by_key(|d| d.span.start);
        all
    }

    /// True when the script has no errors (it may have warnings): its
    /// statements can run.
    pub fn is_ok(&self) -> bool {
        self.diagnostics.is_empty()
    }

    /// The statements that checked, in order (a statement with an error is
    /// left out, and so is one that uses a name it defined).
    pub fn statements(&self) -> &[Statement] {
        &self.statements
    }

    /// The errors and warnings ([`Script::problems`]) drawn as the command
    /// line draws them: each with its lines of source, underlined. `name`
    /// is the file name shown; `color` adds terminal colours. Empty when
    /// there are none.
    pub fn render_diagnostics(&self, name: &str, color: bool) -> String {
        crypta_engine::report::diagnostics::render(&self.problems(), name, &self.source, color)
    }

    /// The errors and warnings as `--format json` prints them: one
    /// `{"error": {...}}` or `{"warning": {...}}` object per line, each
    /// line ended; `file` is named in each when given.
    pub fn diagnostics_json(&self, file: Option<&str>) -> String {
        self.problems()
            .iter()
            .map(|d| format!("{}\n", d.to_json(&self.source, file)))
            .collect()
    }

    /// What `crypta check --format json` prints of a script without
    /// errors: one object with the file's name and its number of
    /// statements, without the newline.
    pub fn checked_json(&self, file: &str) -> String {
        json::line(&json::CheckedJson {
            file,
            statements: self.statements.len(),
            ok: true,
        })
    }

    /// Runs every statement in order. A script with diagnostics runs
    /// nothing: [`Error::Script`]. The first internal error stops the run.
    pub fn run_all(&self, options: &Options) -> Result<Vec<Answer>, Error> {
        if !self.is_ok() {
            return Err(Error::Script(self.diagnostics.clone()));
        }
        self.statements.iter().map(|s| s.run(options)).collect()
    }
}

impl Statement {
    /// The statement's position in its script, from 1 (`let` included).
    pub fn number(&self) -> usize {
        self.inner.number
    }

    /// The line it starts on, from 1.
    pub fn line(&self) -> usize {
        self.inner.line
    }

    /// The statement as written.
    pub fn text(&self) -> &str {
        &self.inner.text
    }

    /// The query it asks; `None` for a `let`.
    pub fn query(&self) -> Option<Query> {
        match &self.inner.action {
            Action::Bind { .. } => None,
            Action::Ask { query, .. } => Some(*query),
        }
    }

    /// The puzzle's kind: `letters`, `multiplication`, `division` or
    /// `kakuro`.
    pub fn kind(&self) -> &'static str {
        match &self.inner.action {
            Action::Bind { kind, .. } => kind,
            Action::Ask { puzzle, .. } => puzzle.kind_name(),
        }
    }

    /// Runs the statement under `options`. A limit that stops it is not an
    /// error: the answer says so ([`Answer::stopped_by`]).
    pub fn run(&self, options: &Options) -> Result<Answer, Error> {
        let result =
            run::run_statement(&self.inner, &options.run_options()).map_err(InternalError::from)?;
        Ok(Answer::of(result, &self.caption))
    }

    /// Runs the statement as [`Statement::run`] does, except that `solve`
    /// and `first N` hand each solution to `each` as soon as it is found
    /// and keep none: a search with millions of solutions takes the memory
    /// of one. Other queries keep their solutions in the answer as `run`
    /// does. Unlike [`Statement::run_printed`], which prints what `crypta
    /// run` prints and so stops after [`crypta_substrate::limits::MAX_SHOWN_DIGITS`]
    /// digits of solutions ([`crate::Limit::Output`]), the stream goes on
    /// until the search ends or a limit of `options` stops it: stop it
    /// early with [`crate::Options::interrupt`] (from `each`, too).
    pub fn run_streaming(
        &self,
        options: &Options,
        mut each: impl FnMut(&Solution),
    ) -> Result<Answer, Error> {
        // The solutions handed out draw their puzzle: one shared copy.
        let puzzle = match &self.inner.action {
            Action::Ask { puzzle, .. } => Some(Arc::new(puzzle.clone())),
            Action::Bind { .. } => None,
        };
        let caption: Arc<[String]> = self.caption.as_slice().into();
        let mut sink = |event: StreamEvent<'_>| {
            if let (StreamEvent::Solution { solution, .. }, Some(puzzle)) = (event, &puzzle) {
                each(&Solution::of(puzzle, solution.clone(), &caption));
            }
        };
        let uncapped = run::RunOptions {
            uncapped_stream: true,
            ..options.run_options()
        };
        let result = run::run_statement_streaming(&self.inner, &uncapped, &mut sink)
            .map_err(InternalError::from)?;
        Ok(Answer::of(result, &self.caption))
    }

    /// The picture `crypta run --format svg` draws of the statement, and
    /// whether its search was complete: the puzzle with its first solution
    /// filled in, or blank for `blank`, for a query that shows no solution
    /// (`explain`, `count`, `grade`, `first 0`) and when nothing was found.
    /// `solve` and `first N` stop at the first solution; `unique` runs as
    /// asked. A `let` draws nothing: an empty string.
    pub fn picture(&self, options: &Options, blank: bool) -> Result<(String, bool), Error> {
        let Action::Ask { query, puzzle } = &self.inner.action else {
            return Ok((String::new(), true));
        };
        let shows_none = matches!(
            query,
            Query::Explain | Query::Count | Query::First(0) | Query::Grade | Query::ExplainSteps
        );
        let caption = &self.caption;
        if blank || shows_none {
            return Ok((
                crypta_engine::report::svg::complete(puzzle, None, caption),
                true,
            ));
        }
        let query = match query {
            Query::Solve | Query::First(_) => Query::First(1),
            other => *other,
        };
        let first = crypta_engine::program::Statement {
            action: Action::Ask {
                query,
                puzzle: puzzle.clone(),
            },
            ..self.inner.clone()
        };
        let result =
            run::run_statement(&first, &options.run_options()).map_err(InternalError::from)?;
        Ok(match &result.body {
            // The picture's search is whole even when `unique`'s search
            // for givens after it was cut: the givens are not drawn.
            ResultBody::Searched(search) => (
                crypta_engine::report::svg::complete(puzzle, search.solutions.first(), caption),
                search.stopped_by.is_none(),
            ),
            _ => (
                crypta_engine::report::svg::complete(puzzle, None, caption),
                true,
            ),
        })
    }

    /// The puzzle as a standalone SVG document, blank; `None` for a
    /// `let`. [`Solution::svg`] draws it filled in.
    pub fn svg(&self) -> Option<String> {
        match &self.inner.action {
            Action::Bind { .. } => None,
            Action::Ask { puzzle, .. } => Some(crypta_engine::report::svg::complete(
                puzzle,
                None,
                &self.caption,
            )),
        }
    }
}
