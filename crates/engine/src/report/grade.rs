//! `grade` and `explain steps` as text and JSON: the rating with a count
//! of steps by rule, and for `explain steps` the numbered chain, each step
//! with its rule, level, the cells or letters it looked at, why, and the
//! candidates it removed. Steps name variables by id; their names are
//! filled in here, as the puzzle's kind spells them ([`Namer`]).

use std::fmt::Write;

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::kinds::Puzzle;
use crate::run::{Grade, GradeOutcome, Limit};
use crypta_substrate::grade::{Difficulty, Graded, Step, Text};
use crypta_substrate::ir::Query;

/// The answer lines of a grade, indented as a search's summary is.
pub fn text(grade: &Grade) -> String {
    let mut out = String::new();
    match &grade.outcome {
        GradeOutcome::Graded(graded) => {
            if grade.query == Query::ExplainSteps {
                let mut namer = Namer::new(&grade.puzzle);
                for (i, step) in graded.grading.steps.iter().enumerate() {
                    step_text(&mut out, i + 1, &namer.shown(step));
                }
            }
            let _ = writeln!(out, "  grade: {}", summary(graded));
        }
        GradeOutcome::NoSolution => {
            let _ = writeln!(out, "  no solution: nothing to grade");
        }
        GradeOutcome::NoRules => {
            let _ = writeln!(
                out,
                "  no grade: no rules grade this kind of puzzle yet (it has one solution: `solve` shows it)"
            );
        }
        GradeOutcome::NotUnique => {
            let _ = writeln!(
                out,
                "  not unique: a grade needs exactly one solution (`unique` shows two)"
            );
        }
        GradeOutcome::Stopped(limit) => {
            let _ = writeln!(out, "  no grade: {}", stopped(*limit));
        }
        GradeOutcome::StepsStopped { limit, steps } => {
            let why = match limit {
                Limit::Time => "the time limit",
                Limit::Nodes => "the node limit",
                _ => "an interrupt",
            };
            let _ = writeln!(
                out,
                "  no grade: {} stopped the steps after {} step{}",
                why,
                steps,
                if *steps == 1 { "" } else { "s" }
            );
        }
    }
    out
}

/// Why a grade's search for the solution stopped.
fn stopped(limit: Limit) -> &'static str {
    match limit {
        Limit::Time => "the time limit stopped the search for the solution",
        Limit::Nodes => "the node limit stopped the search for the solution",
        _ => "interrupted",
    }
}

/// `medium (23 steps: 9 unique sum, 11 crossing runs, 3 hidden single)`,
/// and how far the steps got when they stall.
fn summary(graded: &Graded) -> String {
    let grading = &graded.grading;
    let n = grading.steps.len();
    let counts: Vec<String> = grading
        .rule_counts()
        .iter()
        .map(|(rule, k)| format!("{} {}", k, rule))
        .collect();
    let steps = if n == 0 {
        "no steps".to_string()
    } else {
        format!(
            "{} step{}: {}",
            n,
            if n == 1 { "" } else { "s" },
            counts.join(", ")
        )
    };
    if grading.solved {
        format!("{} ({})", grading.difficulty.name(), steps)
    } else {
        format!(
            "{} ({}; {} of {} fixed by steps)",
            grading.difficulty.name(),
            steps,
            graded.fixed,
            graded.variables
        )
    }
}

/// One step of a grading as `explain steps` shows it: a named rule a
/// person applies, its level, and its cells, letters, columns and carries
/// named (`S`, `r3c4`, `column 3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownStep {
    /// The rule's name.
    pub rule: &'static str,
    /// How hard the rule is.
    pub level: Difficulty,
    /// The cells, letters, columns or carries looked at.
    pub touched: Vec<String>,
    /// Why, in one sentence.
    pub why: String,
    /// The candidates removed, by cell, letter or carry, in the order removed.
    pub removed: Vec<(String, Vec<u32>)>,
}

/// `step` of a grading of `puzzle`, each variable named as the puzzle's
/// kind names it in steps (`S`, `r3c4`); [`Namer`] names a whole grading.
// Used by the integration tests only: the report names through a `Namer`.
pub fn shown(puzzle: &Puzzle, step: &Step) -> ShownStep {
    Namer::new(puzzle).shown(step)
}

/// Names the variables of a grading's steps, each worked out once (the
/// steps of one grading name the same cells again and again).
pub struct Namer<'a> {
    kind: &'a dyn crate::kinds::Kind,
    names: Vec<Option<String>>,
}

impl<'a> Namer<'a> {
    /// Names the variables of `puzzle`.
    pub fn new(puzzle: &'a Puzzle) -> Namer<'a> {
        Namer {
            kind: crate::kinds::of(puzzle),
            names: Vec::new(),
        }
    }

    /// `step` of the grading, each variable named as the puzzle's kind
    /// names it in steps (`S`, `r3c4`).
    pub fn shown(&mut self, step: &Step) -> ShownStep {
        ShownStep {
            rule: step.rule,
            level: step.level,
            touched: step.touched.iter().map(|t| self.show(t)).collect(),
            why: self.show(&step.why),
            removed: step
                .removed
                .iter()
                .map(|(named, digits)| (self.show(named), digits.clone()))
                .collect(),
        }
    }

    fn show(&mut self, text: &Text) -> String {
        let Namer { kind, names } = self;
        let mut out = String::new();
        text.show_into(&mut out, &mut |v, out| {
            if names.len() <= v {
                names.resize(v + 1, None);
            }
            out.push_str(names[v].get_or_insert_with(|| kind.given_name(v)));
        });
        out
    }
}

/// One step of `explain steps`: a numbered line with the rule and why,
/// then what it removed.
fn step_text(out: &mut String, number: usize, step: &ShownStep) {
    let _ = writeln!(
        out,
        "  {:>3}. {} ({}): {}",
        number,
        step.rule,
        step.level.name(),
        step.why
    );
    let removed: Vec<String> = step
        .removed
        .iter()
        .map(|(name, digits)| {
            let digits: Vec<String> = digits.iter().map(u32::to_string).collect();
            format!("{} not {}", name, digits.join(" "))
        })
        .collect();
    let _ = writeln!(out, "       {}", removed.join("; "));
}

/// The JSON fields of a grade, after `query` and `strategy`.
#[derive(Serialize)]
pub struct GradeJson<'a> {
    /// `grade` or `explain steps`.
    pub query: &'static str,
    /// The strategy that found the solution the steps are checked against.
    pub strategy: &'a str,
    /// `easy`, `medium`, `hard`, `needs guessing`; null when the puzzle
    /// has no grade (see `ungraded`).
    pub grade: Option<&'static str>,
    /// Why there is no grade: `no solution`, `not unique`, `time limit`,
    /// `node limit`, `interrupted`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ungraded: Option<&'static str>,
    /// What a limit did not let finish: `steps` (the solution was found,
    /// the steps from it were cut short). Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unfinished: Option<&'static str>,
    /// `false` when a limit stopped the grading (as a search's `complete`,
    /// which the command line's exit status 3 goes with); absent
    /// otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// The steps alone fixed every variable.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solved_by_steps: Option<bool>,
    /// Variables the steps left with one candidate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fixed: Option<usize>,
    /// Every variable of the puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variables: Option<usize>,
    /// The steps in order.
    pub steps: Vec<StepJson>,
}

/// One step: `{"rule": ..., "level": ..., "touched": [...], "why": ...,
/// "removed": {"r2c3": [1, 2]}}`.
#[derive(Serialize)]
pub struct StepJson {
    /// The rule's name.
    pub rule: &'static str,
    /// `easy`, `medium` or `hard`.
    pub level: &'static str,
    /// The cells or letters looked at.
    pub touched: Vec<String>,
    /// Why, in one sentence.
    pub why: String,
    /// The candidates removed, by cell or letter, in the order removed.
    pub removed: Removed,
}

/// Removed candidates as a JSON object in the step's own order.
pub struct Removed(pub Vec<(String, Vec<u32>)>);

impl Serialize for Removed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, digits) in &self.0 {
            map.serialize_entry(name, digits)?;
        }
        map.end()
    }
}

/// A limit as JSON names it.
fn limit_name(limit: Limit) -> &'static str {
    match limit {
        Limit::Time => "time limit",
        Limit::Nodes => "node limit",
        _ => "interrupted",
    }
}

/// A grade's JSON fields.
pub fn json(grade: &Grade) -> GradeJson<'_> {
    let mut out = GradeJson {
        query: grade.query.keyword(),
        strategy: grade.strategy,
        grade: None,
        ungraded: None,
        unfinished: None,
        complete: None,
        solved_by_steps: None,
        fixed: None,
        variables: None,
        steps: Vec::new(),
    };
    match &grade.outcome {
        GradeOutcome::Graded(graded) => {
            out.grade = Some(graded.grading.difficulty.name());
            out.solved_by_steps = Some(graded.grading.solved);
            out.fixed = Some(graded.fixed);
            out.variables = Some(graded.variables);
            let mut namer = Namer::new(&grade.puzzle);
            out.steps = graded
                .grading
                .steps
                .iter()
                .map(|s| {
                    let s = namer.shown(s);
                    StepJson {
                        rule: s.rule,
                        level: s.level.name(),
                        touched: s.touched,
                        why: s.why,
                        removed: Removed(s.removed),
                    }
                })
                .collect();
        }
        GradeOutcome::NoSolution => out.ungraded = Some("no solution"),
        GradeOutcome::NotUnique => out.ungraded = Some("not unique"),
        GradeOutcome::NoRules => out.ungraded = Some("no rules"),
        GradeOutcome::Stopped(limit) => {
            out.ungraded = Some(limit_name(*limit));
            out.complete = Some(false);
        }
        GradeOutcome::StepsStopped { limit, .. } => {
            out.ungraded = Some(limit_name(*limit));
            out.unfinished = Some("steps");
            out.complete = Some(false);
        }
    }
    out
}
