//! Grading: solving a puzzle the way a person does, by named logical steps,
//! and rating it by the hardest step it needed (`grade`, `explain steps`).
//!
//! An engine keeps a candidate set per variable and repeatedly applies the
//! easiest rule that removes something, so the chain of steps reads like a
//! person's solution and the grade is honest: a puzzle is `easy` when easy
//! steps alone solve it, and `needs guessing` when every rule stalls.
//! Grading starts from the puzzle's one known solution (found by the
//! solver first): every step is checked to keep that solution's digits,
//! and a step that would remove one is a bug in its rule, returned as an
//! error and never shown.
//!
//! The candidate grid of symbols and its rules ([`symbols`]: letter
//! equations, and the grid the layouts' engine builds on) are shared;
//! Kakuro's and the layouts' engines are in their kinds' folders
//! (`kinds/kakuro/grade`, `kinds/layout/grade.rs`);
//! [`crate::kinds::Kind::grader`] says which engine grades each kind.
//!
//! Steps name the puzzle's variables by id ([`Text`]); the report fills in
//! their names when it shows them.

mod error;
pub mod symbols;
pub mod text;

pub use error::GradeError;
pub use text::{var, Text};

/// How hard a step, or a whole puzzle, is for a person. Ordered: a puzzle's
/// grade is its hardest step, or `NeedsGuessing` when the steps stall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Steps a beginner sees.
    Easy,
    /// Steps that weigh several cells or combinations at once.
    Medium,
    /// Steps over areas of the grid or across several runs.
    Hard,
    /// No rule applies and the puzzle is not solved.
    NeedsGuessing,
}

/// One named human deduction. It names variables by id: see [`Text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The rule's name as printed, lower case: "unique sum", "hidden single", "column parity".
    pub rule: &'static str,
    /// How hard this rule is for a person.
    pub level: Difficulty,
    /// What the step looked at and changed: variables (shown as letters
    /// "S", "M", or cells "r3c4", row and column from 1 as printed), and
    /// things named in words, columns ("column 3") or carries.
    pub touched: Vec<Text>,
    /// Why, in one plain sentence: "M is the carry out of the leftmost column, so M = 1".
    pub why: Text,
    /// The candidates it removed: (the variable or carry, as in `touched`, the digits removed).
    pub removed: Vec<(Text, Vec<u32>)>,
}

impl Step {
    /// The puzzle's variables the step touched or narrowed, each once, in
    /// the order it names them first.
    // Only the unit tests ask: the report names a step's variables itself.
    pub fn vars(&self) -> Vec<usize> {
        let mut vars: Vec<usize> = Vec::new();
        let named = self
            .touched
            .iter()
            .chain(self.removed.iter().map(|(t, _)| t));
        for v in named.flat_map(Text::vars) {
            if !vars.contains(&v) {
                vars.push(v);
            }
        }
        vars
    }
}

/// The outcome of grading one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grading {
    /// The steps in the order applied (each removes at least one candidate).
    pub steps: Vec<Step>,
    /// True when the steps alone leave one candidate per variable.
    pub solved: bool,
    /// The hardest step's level, or `NeedsGuessing` when not solved.
    pub difficulty: Difficulty,
}

impl Difficulty {
    /// The grade as printed, and the JSON `grade`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::NeedsGuessing => "needs guessing",
        }
    }
}

impl Grading {
    /// The grading of `steps`: solved or not, and the hardest level.
    pub fn of(steps: Vec<Step>, solved: bool) -> Grading {
        let difficulty = if solved {
            steps
                .iter()
                .map(|s| s.level)
                .max()
                .unwrap_or(Difficulty::Easy)
        } else {
            Difficulty::NeedsGuessing
        };
        Grading {
            steps,
            solved,
            difficulty,
        }
    }

    /// How many steps each rule took, in the order each rule was first
    /// used: the summary `grade` prints.
    pub fn rule_counts(&self) -> Vec<(&'static str, usize)> {
        let mut counts: Vec<(&'static str, usize)> = Vec::new();
        for step in &self.steps {
            match counts.iter_mut().find(|(rule, _)| *rule == step.rule) {
                Some((_, n)) => *n += 1,
                None => counts.push((step.rule, 1)),
            }
        }
        counts
    }
}

/// A grading with how far its steps got: the variables left with one
/// candidate, of all of them. What a [`crate::kinds::Grader`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graded {
    /// The steps and the grade.
    pub grading: Grading,
    /// Variables the steps left with one candidate (givens included).
    pub fixed: usize,
    /// Every variable of the puzzle.
    pub variables: usize,
}

impl Graded {
    /// How far `grading`'s steps get from a puzzle's variables with their
    /// starting candidates: the removals are replayed, so an engine that
    /// keeps no such count (the letter and layout engines) is measured the
    /// same way. Carries, which are the engine's and not the puzzle's, are
    /// not counted.
    pub fn replay(grading: Grading, vars: &[crate::ir::Var]) -> Graded {
        let mut left: Vec<u64> = vars.iter().map(|var| var.domain.0).collect();
        for step in &grading.steps {
            for (named, digits) in &step.removed {
                if let Some(set) = named.as_var().and_then(|v| left.get_mut(v)) {
                    for &d in digits {
                        *set &= !(1u64.checked_shl(d).unwrap_or(0));
                    }
                }
            }
        }
        Graded {
            fixed: left.iter().filter(|set| set.count_ones() == 1).count(),
            variables: vars.len(),
            grading,
        }
    }
}

/// The digits of a set, bit `d` for digit `d`, in increasing order.
pub fn digits_of(set: u16) -> Vec<u32> {
    (0..16).filter(|d| set >> d & 1 == 1).collect()
}

/// A digit set as a person writes it: `7`, `7 or 9`, `1, 2 or 3`.
pub fn digits_text(set: u16) -> String {
    let digits: Vec<String> = digits_of(set).iter().map(u32::to_string).collect();
    match digits.split_last() {
        None => "nothing".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {}", rest.join(", "), last),
    }
}
