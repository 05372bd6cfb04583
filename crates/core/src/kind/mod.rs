//! One puzzle kind, one place. [`Kind`] is everything the pipeline needs
//! from a kind once the checker has built its IR: the names `explain` and
//! grading give its variables, the strategy the planner picks, every strategy that could run it, the
//! brute-force oracle, the verifier every solution passes, the grading
//! engine, and how a search is cut into parts ([`split`]). Each kind
//! implements it in one file here, naming its parts in the stages that own
//! them:
//!
//! | kind | IR | checker | strategies, oracle, verifier | rendering |
//! | --- | --- | --- | --- | --- |
//! | `letters` | `ir/letters.rs`, `ir/condition.rs` | `check/letters/` | `solve/letters/` | `report/letters.rs`, `report/svg/letters.rs` |
//! | `layout` | `ir/layout.rs` | `check/layout/` | `solve/layout/` | `report/layout.rs`, `report/svg/layout.rs` |
//! | `kakuro` | `ir/kakuro.rs` | `check/kakuro/` | `solve/kakuro/` | `report/kakuro.rs`, `report/svg/kakuro.rs` |
//! | `kakuro` (cryptic) | `ir/cryptic.rs` | `check/kakuro/` | `solve/kakuro/cryptic/` | `report/kakuro.rs`, `report/svg/kakuro.rs` |
//! | `system` | `ir/system.rs` | `check/system.rs` | `solve/system/` | `report/system.rs` |
//!
//! [`of`] is the one `match` over the kinds for these stages, generated
//! from the registry of kinds (`crate::ir::kinds`). What the IR says of
//! itself (its JSON kind name, its `explain` text) is answered by
//! [`Puzzle`] (`ir::Describe`); how a solution is shown is the report
//! layer's (its `Show` trait): display is not a method of [`Kind`].

// Each kind's `impl Kind` (`letters`, `layout`, `kakuro`) is declared by
// the registry; `cryptic` is the kakuro module's second variant.
mod cryptic;
pub mod split;
crate::ir::kinds!(kind_modules);

use crate::grade::Graded;
use crate::ir::{kind_modules, Puzzle};
use crate::solve::count::Counter;
use crate::solve::Strategy;
pub use crate::solve::Verifier;

/// [`of`], one arm per kind of the registry ([`crate::ir::kinds`]).
macro_rules! of {
    ([] $($module:ident { $($(#[$doc:meta])* $variant:ident($ir:ty),)* })*) => {
        /// The kind of `puzzle`: planning, solving, verifying, cutting and
        /// grading a checked puzzle go through here, so this is their one
        /// `match` on the kinds.
        pub fn of(puzzle: &Puzzle) -> &dyn Kind {
            match puzzle {
                $($(Puzzle::$variant(puzzle) => puzzle,)*)*
            }
        }
    };
}
crate::ir::kinds!(of);

/// Grades a puzzle by named human steps from its one known solution: see
/// [`Kind::grader`]. An `Err` is a bug in a rule (a step removed a digit
/// of the solution). Each step is a node of the budget; when it runs out
/// the steps so far come back unsolved ([`crate::solve::Budget::spent`]).
pub type Grader<'a> = Box<dyn Fn(&[u8], &mut crate::solve::Budget) -> Result<Graded, String> + 'a>;

/// A grading engine's internal error, the variables it names by id
/// ([`crate::grade::Text`]) spelled as the kind's steps spell them.
fn bug_text(kind: &dyn Kind, error: String) -> String {
    crate::grade::Text::from(error).show(&|v| kind.given_name(v))
}

/// What the pipeline asks of a checked puzzle of one kind. Assignments are
/// one digit per variable of the kind's IR, in its order.
pub trait Kind {
    /// The strategy the planner picks for this puzzle.
    fn plan(&self) -> Box<dyn Strategy>;

    /// Every strategy that accepts this puzzle (a layout's product
    /// divisors only within the sizes the planner gives them), the
    /// planner's choice among them: what the cross-checks compare with
    /// [`Kind::oracle`].
    // Used by the cross-checks (the integration tests) only.
    #[cfg_attr(not(feature = "internals"), allow(dead_code))]
    fn strategies(&self) -> Vec<Box<dyn Strategy>>;

    /// A way to count the solutions without listing them all, when the
    /// puzzle allows one ([`crate::solve::count`]); `count` enumerates with
    /// [`Kind::plan`]'s strategy otherwise.
    fn counter(&self) -> Option<Box<dyn Counter + '_>> {
        None
    }

    /// The variables to cut a search into parts on ([`crate::kind::split`]),
    /// the first decided first; empty when the kind is not cut.
    fn split_vars(&self) -> Vec<usize> {
        Vec::new()
    }

    /// [`Kind::split_vars`], given the strategy [`Kind::plan`] picked: the
    /// planner has it at hand, and a kind that cuts on its order need not
    /// plan a second time.
    fn split_vars_of(&self, _planned: &dyn Strategy) -> Vec<usize> {
        self.split_vars()
    }

    /// This puzzle with `var` fixed to each digit it may take, in
    /// increasing order: every solution is a solution of exactly one of
    /// them. Empty when the kind is not cut.
    fn narrowed(&self, _var: usize) -> Vec<(u8, Puzzle)> {
        Vec::new()
    }

    /// This puzzle with `var` given the digit `digit`: its solutions are
    /// exactly this puzzle's solutions that have `digit` there. `None`
    /// when `var` cannot take `digit`, or cannot be given a digit of its
    /// own (a cryptic Kakuro's letter cell: its letter is given instead).
    /// What `unique` suggests to make a puzzle unique
    /// ([`crate::run::fixes`]) is made of these.
    fn with_given(&self, _var: usize, _digit: u8) -> Option<Puzzle> {
        None
    }

    /// How `grade` and `explain steps` solve this puzzle by a person's
    /// steps ([`crate::grade`]).
    fn grader(&self) -> Grader<'_>;

    /// Whether a person's steps are written for this kind. Without them
    /// `grade` still solves, and says it has no rules rather than rating
    /// the puzzle `needs guessing`.
    fn has_grading_rules(&self) -> bool {
        true
    }

    /// A brute-force search that is slow and obviously right.
    // The cross-checks' oracles: used by the integration tests only.
    #[cfg_attr(not(feature = "internals"), allow(dead_code))]
    fn oracle(&self) -> Box<dyn Strategy>;

    /// The check every reported assignment passes before it is counted or
    /// shown, with exact arithmetic; built once per search.
    fn verifier(&self) -> Verifier<'_>;

    /// A variable's name, for the search order in `explain`.
    fn var_name(&self, v: usize) -> String;

    /// A variable's name in the givens `unique` suggests and in grading
    /// steps: a symbol, or where its cell is. [`Kind::var_name`] unless
    /// the kind says better.
    fn given_name(&self, v: usize) -> String {
        self.var_name(v)
    }

    /// The named symbols with their variables, in order of first
    /// appearance.
    fn symbols(&self) -> Vec<(usize, char)>;
}
