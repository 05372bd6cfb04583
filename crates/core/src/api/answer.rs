//! [`Answer`]: what one statement produced, read as typed data, or
//! rendered as the command line's text or JSON lines.

use std::sync::OnceLock;

use super::{Grading, Solution, Uniqueness};
use crypta_engine::run::{Answers, Limit, ResultBody, StatementResult};
use crypta_substrate::ir::Query;
use crypta_substrate::solve::count::Count;

/// What one statement produced: its solutions, count, uniqueness, grading
/// or explanation, as the statement's query asked.
#[derive(Clone, Debug)]
pub struct Answer {
    result: StatementResult,
    solutions: Vec<Solution>,
    uniqueness: Option<Uniqueness>,
    /// Read out when first asked for ([`Answer::grading`]): printing a
    /// grade reads the result itself, and naming every step's cells for
    /// nothing cost grading a tenth of its instructions.
    grading: OnceLock<Option<Grading>>,
}

impl Answer {
    /// The answer of `result`, its parts read out; `caption` is its
    /// statement's options as written, drawn under its solutions' pictures.
    pub(crate) fn of(result: StatementResult, caption: &[String]) -> Answer {
        let caption: std::sync::Arc<[String]> = caption.into();
        let (mut solutions, mut uniqueness) = (Vec::new(), None);
        match &result.body {
            ResultBody::Searched(search) => {
                solutions = search
                    .solutions
                    .iter()
                    .map(|s| Solution::of(&search.puzzle, s.clone(), &caption))
                    .collect();
                if search.query == Query::Unique {
                    uniqueness = Some(Uniqueness::of(search));
                }
            }
            ResultBody::Graded(_) | ResultBody::Bound { .. } | ResultBody::Explained { .. } => {}
        }
        Answer {
            result,
            solutions,
            uniqueness,
            grading: OnceLock::new(),
        }
    }

    /// The statement's position in its script, from 1 (`let` included).
    pub fn number(&self) -> usize {
        self.result.number
    }

    /// The line its statement starts on, from 1.
    pub fn line(&self) -> usize {
        self.result.line
    }

    /// The statement as written.
    pub fn text(&self) -> &str {
        &self.result.text
    }

    /// The query asked; `None` for a `let`.
    pub fn query(&self) -> Option<Query> {
        match &self.result.body {
            ResultBody::Bound { .. } => None,
            ResultBody::Explained { .. } => Some(Query::Explain),
            ResultBody::Searched(search) => Some(search.query),
            ResultBody::Graded(grade) => Some(grade.query),
        }
    }

    /// The puzzle's kind: `letters`, `multiplication`, `division` or
    /// `kakuro`.
    pub fn kind(&self) -> &'static str {
        self.result.kind
    }

    /// The name a `let` defined.
    pub fn bound_name(&self) -> Option<&str> {
        match &self.result.body {
            ResultBody::Bound { name } => Some(name),
            _ => None,
        }
    }

    /// The strategy that searched (`column-sums`, `kakuro-runs`, ...);
    /// `None` for a `let`.
    pub fn strategy(&self) -> Option<&'static str> {
        match &self.result.body {
            ResultBody::Bound { .. } => None,
            ResultBody::Explained { strategy, .. } => Some(strategy),
            ResultBody::Searched(search) => Some(search.strategy),
            ResultBody::Graded(grade) => Some(grade.strategy),
        }
    }

    /// The solutions found and kept: every one for `solve`, up to N for
    /// `first N`, up to two for `unique`; none for `count`, and none kept
    /// by [`crate::Statement::run_streaming`], which hands them out.
    pub fn solutions(&self) -> &[Solution] {
        &self.solutions
    }

    /// How many solutions the search found: all of them when
    /// [`Answer::is_exact`], else a lower bound; `first N` stops at N
    /// and `unique` at 2. `None` when nothing was searched (`let`,
    /// `explain`, `grade`).
    pub fn count(&self) -> Option<&Count> {
        match &self.result.body {
            ResultBody::Searched(search) => Some(&search.count),
            _ => None,
        }
    }

    /// False when a limit cut the statement short ([`Answer::stopped_by`]).
    pub fn is_complete(&self) -> bool {
        self.stopped_by().is_none()
    }

    /// True when [`Answer::count`] (and each count of
    /// [`Answer::answers`]) is every solution there is; false when it is a
    /// lower bound: a limit stopped the search, or the search stopped once
    /// it had what its query asks (`first N` at N solutions, `unique` at
    /// two, `unique answer` at two values). False when nothing was
    /// searched.
    pub fn is_exact(&self) -> bool {
        matches!(&self.result.body, ResultBody::Searched(search) if search.exact)
    }

    /// The limit that cut the statement short, if one did: its search, or
    /// what comes after it (`unique`'s search for givens,
    /// [`crate::Fixes::Cut`]; `grade`'s steps).
    pub fn stopped_by(&self) -> Option<Limit> {
        match &self.result.body {
            ResultBody::Searched(search) if !search.complete => Some(
                search
                    .stopped_by
                    .or(match search.fixes {
                        Some(crypta_engine::run::Fixes::Cut(limit)) => Some(limit),
                        _ => None,
                    })
                    .unwrap_or(Limit::Interrupt),
            ),
            ResultBody::Graded(grade) => match grade.outcome {
                crypta_engine::run::GradeOutcome::Stopped(limit)
                | crypta_engine::run::GradeOutcome::StepsStopped { limit, .. } => Some(limit),
                _ => None,
            },
            _ => None,
        }
    }

    /// What `unique` found: unique, no solution, or several with the
    /// givens that would fix that. `None` for other queries.
    pub fn uniqueness(&self) -> Option<&Uniqueness> {
        self.uniqueness.as_ref()
    }

    /// What `answer EXPR:` found: each value of the expression with how
    /// many solutions give it ([`Answers::is_unique`] for `unique
    /// answer`). `None` for other queries.
    pub fn answers(&self) -> Option<&Answers> {
        match &self.result.body {
            ResultBody::Searched(search) => search.answers.as_ref(),
            _ => None,
        }
    }

    /// What `grade` or `explain steps` found. `None` for other queries.
    pub fn grading(&self) -> Option<&Grading> {
        self.grading
            .get_or_init(|| match &self.result.body {
                ResultBody::Graded(grade) => Some(Grading::of(&grade.puzzle, &grade.outcome)),
                _ => None,
            })
            .as_ref()
    }

    /// What `explain` says: the typed puzzle and how the chosen strategy
    /// searches. `None` for other queries.
    pub fn explanation(&self) -> Option<&str> {
        match &self.result.body {
            ResultBody::Explained { text, .. } => Some(text),
            _ => None,
        }
    }

    /// The answer as `crypta run` prints it: the statement, the solutions
    /// filled in, and the line that answers the query (`crypta run` puts a
    /// blank line between statements). After
    /// [`crate::Statement::run_streaming`], without the solutions.
    pub fn to_text(&self) -> String {
        crypta_engine::report::text::render(&self.result)
    }

    /// The answer as the REPL shows it under a statement just typed: as
    /// [`Answer::to_text`], without the statement's text.
    pub fn answer_text(&self) -> String {
        crypta_engine::report::text::render_answer(&self.result)
    }

    /// The answer as `crypta run --format json` prints it: one JSON
    /// object on one line, without the newline (the fields are documented
    /// in `docs/language.md`).
    pub fn to_json(&self) -> String {
        crypta_engine::report::json::render(&self.result, None)
    }
}
