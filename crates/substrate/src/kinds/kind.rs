//! [`Kind`]: everything the pipeline needs from a kind once the checker
//! has built its IR: the names `explain` and grading give its variables,
//! the strategy the planner picks, every strategy that could run it, the
//! brute-force oracle, the verifier every solution passes, the grading
//! engine, how a search is cut into parts (`crate::kinds::split`), its
//! solution's view and its picture. Each kind implements it in its
//! crate's `kind.rs`; `crate::kinds::of` gives the kind of a puzzle.
//! What the IR says of itself (its JSON kind name, its `explain` text) is
//! its [`Describe`], which every kind is too.

use crate::grade::{GradeError, Graded};
use crate::ir::Describe;
use crate::kinds::Puzzle;
use crate::solve::count::Counter;
use crate::solve::Strategy;
pub use crate::solve::Verifier;
use crate::view::SolutionView;

/// Grades a puzzle by named human steps from its one known solution: see
/// [`Kind::grader`]. An `Err` is a bug in a rule (a step removed a digit
/// of the solution). Each step is a node of the budget; when it runs out
/// the steps so far come back unsolved ([`crate::solve::Budget::spent`]).
pub type Grader<'a> =
    Box<dyn Fn(&[u8], &mut crate::solve::Budget) -> Result<Graded, GradeError> + 'a>;

/// A grading engine's internal error, the variables it names by id
/// ([`crate::grade::Text`]) spelled as the kind's steps spell them.
pub fn bug_text(kind: &dyn Kind, error: GradeError) -> GradeError {
    let show = |text: String| crate::grade::Text::from(text).show(&|v| kind.given_name(v));
    match error {
        GradeError::RemovedSolution {
            rule,
            digit,
            cell,
            why,
        } => GradeError::RemovedSolution {
            rule,
            digit,
            cell: show(cell),
            why: show(why),
        },
        GradeError::RemovedAbsent { rule, cell } => GradeError::RemovedAbsent {
            rule,
            cell: show(cell),
        },
        GradeError::Step(text) => GradeError::Step(show(text)),
        GradeError::WrongSize | GradeError::RemovedNothing { .. } => error,
    }
}

/// What the pipeline asks of a checked puzzle of one kind. Assignments are
/// one digit per variable of the kind's IR, in its order.
pub trait Kind: Describe + std::fmt::Debug + Send + Sync + std::any::Any {
    /// The strategy the planner picks for this puzzle.
    fn plan(&self) -> Box<dyn Strategy>;

    /// Every strategy that accepts this puzzle (a layout's product
    /// divisors only within the sizes the planner gives them), the
    /// planner's choice among them: what the cross-checks compare with
    /// [`Kind::oracle`].
    fn strategies(&self) -> Vec<Box<dyn Strategy>>;

    /// A way to count the solutions without listing them all, when the
    /// puzzle allows one ([`crate::solve::count`]). Each kind says so
    /// itself; with `None`, `count` enumerates with [`Kind::plan`]'s
    /// strategy.
    fn counter(&self) -> Option<Box<dyn Counter + '_>>;

    /// The variables to cut a search into parts on ([`crate::kinds::split`]),
    /// the first decided first, given the strategy [`Kind::plan`] picked
    /// (the planner has it at hand, and a kind that cuts on its order need
    /// not plan a second time); empty when the kind is not cut.
    fn split_vars(&self, planned: &dyn Strategy) -> Vec<usize>;

    /// This puzzle with `var` fixed to each digit it may take, in
    /// increasing order: every solution is a solution of exactly one of
    /// them. Empty when the kind is not cut.
    fn narrowed(&self, var: usize) -> Vec<(u8, Puzzle)>;

    /// How `unique` gives this puzzle one more digit, to suggest the
    /// givens that make it unique (crypta-engine's `run::fixes`), or why this
    /// kind cannot: a typed [`Unsupported`] that `unique` reports as such,
    /// never an empty list of suggestions.
    fn givens(&self) -> Result<&dyn Givens, Unsupported>;

    /// How `grade` and `explain steps` solve this puzzle by a person's
    /// steps ([`crate::grade`]), or [`Unsupported`] when no rules are
    /// written for this kind: `grade` then still solves, and says it has no
    /// rules rather than rating the puzzle `needs guessing`.
    fn grader(&self) -> Result<Grader<'_>, Unsupported>;

    /// A brute-force search that is slow and obviously right.
    fn oracle(&self) -> Box<dyn Strategy>;

    /// The check every reported assignment passes before it is counted or
    /// shown, with exact arithmetic; built once per search.
    fn verifier(&self) -> Verifier<'_>;

    /// A variable's name, for the search order in `explain`.
    fn var_name(&self, v: usize) -> String;

    /// A variable's name in the givens `unique` suggests and in grading
    /// steps: a symbol, or where its cell is.
    fn given_name(&self, v: usize) -> String;

    /// The named symbols with their variables, in order of first
    /// appearance.
    fn symbols(&self) -> Vec<(usize, char)>;

    /// A solution as plain data in one of the shapes every format renders
    /// (`crate::view`): text and JSON (`report`), the API, Python and
    /// the playground read this, not the IR.
    fn view(&self, solution: &crate::solve::Solution) -> SolutionView;

    /// The puzzle as a standalone SVG document, blank or filled in with
    /// `values` (one digit per variable), drawn with `crate::draw`'s
    /// primitives (`--format svg`, `crypta sheet`, the playground).
    fn picture(&self, values: Option<&[u8]>) -> String;
}

/// A puzzle that `unique` can give one more digit ([`Kind::givens`]).
pub trait Givens {
    /// This puzzle with `var` given the digit `digit`: its solutions are
    /// exactly this puzzle's solutions that have `digit` there. `None`
    /// when `var` cannot take `digit`, or cannot be given a digit of its
    /// own (a cryptic Kakuro's letter cell: its letter is given instead).
    fn with_given(&self, var: usize, digit: u8) -> Option<Puzzle>;
}

/// What a query may need of a kind that a kind may lack: each kind says
/// which it has ([`Kind::givens`], [`Kind::grader`]), with no default,
/// and a query that needs one it lacks reports [`Unsupported`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capability {
    /// Suggesting the givens that make a puzzle unique (`unique`). Every
    /// kind of today gives digits; a kind that cannot answers this.
    Givens,
    /// Grading by a person's steps (`grade`, `explain steps`).
    Grading,
}

impl Capability {
    /// What the capability does, as a message names it.
    pub fn describe(self) -> &'static str {
        match self {
            Capability::Givens => "suggesting givens",
            Capability::Grading => "grading by a person's steps",
        }
    }
}

/// A capability a kind of puzzle does not have: a typed answer, shown as
/// "not supported for this kind", never a plausible empty result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// The kind, as its JSON `kind` names it.
    pub kind: &'static str,
    /// What it lacks.
    pub capability: Capability,
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} is not supported for {} puzzles",
            self.capability.describe(),
            self.kind
        )
    }
}
