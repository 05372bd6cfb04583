//! [`Grading`]: what `grade` and `explain steps` found, as data: the
//! difficulty and the chain of named steps a person could follow, or why
//! the puzzle has no grade.

use crypta_engine::kinds::Puzzle;
use crypta_engine::report::grade::{Namer, ShownStep as Step};
use crypta_engine::run::{GradeOutcome, Limit};
use crypta_substrate::grade::{Difficulty, Graded};

/// The answer of `grade` or `explain steps`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Grading {
    /// Exactly one solution, rated by the steps that reach it.
    Rated(Rating),
    /// No solution: nothing to grade.
    NoSolution,
    /// Two solutions or more: no step can tell them apart.
    NotUnique,
    /// A limit stopped the search for the solution.
    Stopped(Limit),
    /// One solution, and no rules grade this kind of puzzle yet (a system
    /// of layouts and equations).
    NoRules,
}

/// A rated puzzle: its difficulty and the steps, each a named rule a
/// person applies (`unique sum`, `hidden single`, `column parity`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    graded: Graded,
    /// The steps with their variables named, as shown.
    steps: Vec<Step>,
}

impl Grading {
    /// The grading of `puzzle` that `outcome` says.
    pub(crate) fn of(puzzle: &Puzzle, outcome: &GradeOutcome) -> Grading {
        match outcome {
            GradeOutcome::Graded(graded) => {
                let mut namer = Namer::new(puzzle);
                Grading::Rated(Rating {
                    graded: graded.clone(),
                    steps: graded
                        .grading
                        .steps
                        .iter()
                        .map(|step| namer.shown(step))
                        .collect(),
                })
            }
            GradeOutcome::NoSolution => Grading::NoSolution,
            GradeOutcome::NotUnique => Grading::NotUnique,
            GradeOutcome::NoRules => Grading::NoRules,
            GradeOutcome::Stopped(limit) => Grading::Stopped(*limit),
            GradeOutcome::StepsStopped { limit, .. } => Grading::Stopped(*limit),
        }
    }

    /// The rating, when the puzzle has one.
    pub fn rating(&self) -> Option<&Rating> {
        match self {
            Grading::Rated(rating) => Some(rating),
            _ => None,
        }
    }
}

impl Rating {
    /// The grade: the hardest step's level, or
    /// [`Difficulty::NeedsGuessing`] when the steps stall before the
    /// solution. [`Difficulty::name`] gives it as printed (`"medium"`).
    pub fn difficulty(&self) -> Difficulty {
        self.graded.grading.difficulty
    }

    /// The steps in the order applied; each removes at least one candidate
    /// and says why ([`Step::why`]), its cells and letters named as
    /// `explain steps` prints them.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// True when the steps alone reach the solution.
    pub fn solved(&self) -> bool {
        self.graded.grading.solved
    }

    /// How many steps each rule took, in the order each rule was first
    /// used: the summary `grade` prints.
    pub fn rule_counts(&self) -> Vec<(&'static str, usize)> {
        self.graded.grading.rule_counts()
    }

    /// How far the steps got: the unknowns they left with one candidate,
    /// and all the unknowns (equal when [`Rating::solved`]).
    pub fn progress(&self) -> (usize, usize) {
        (self.graded.fixed, self.graded.variables)
    }
}
