//! The typed intermediate representation the checker produces and the
//! planner and solvers consume. Everything the author wrote is resolved
//! here: options are folded into digit domains, `?` and wild cells become
//! variables of their own, and every variable knows whether it takes part in
//! the all-different rule.
//!
//! One module per puzzle kind ([`letters`], [`layout`], [`kakuro`]);
//! [`Puzzle`] holds one of them. What the IR says of itself (its JSON kind
//! name, its `explain` text) is answered here; what the later stages do
//! with a kind is dispatched by `crate::kind::of`.

// The kinds' own modules (`letters`, `layout`, `kakuro`) are declared by
// the registry, `kinds!` below; these are their parts and shared types.
pub mod condition;
pub mod cryptic;
pub mod vars;

pub use condition::{Atom, Condition, Counting, Op, Property, RelOp, Term, Test};
pub use cryptic::CrypticKakuro;
pub use kakuro::{Direction, Kakuro, KakuroCell, Run, Sum};
pub use layout::{DivisionRows, Layout, MultiplicationRows, Row, Shape};
pub use letters::{Answer, Equation, Expr, Letters, Member};
pub use system::{Mapped, System};
pub use vars::{Cell, Var, VarKind, Word};

pub use crate::digits::{digit_char, Digits};
pub use crate::syntax::ast::Query;

/// A checked statement, ready to plan and run.
#[derive(Clone, Debug)]
pub struct Statement {
    /// 1-based position in the script.
    pub number: usize,
    /// 1-based line the statement starts on.
    pub line: usize,
    /// The statement as written.
    pub text: String,
    /// What the statement does: bind a name or ask a query.
    pub action: Action,
}

/// What a checked statement does.
#[derive(Clone, Debug)]
pub enum Action {
    /// `let NAME = ...`: binds a name, solves nothing.
    Bind {
        /// The name, for later queries to use.
        name: String,
        /// The puzzle's kind (`letters`, `kakuro`, ...), reported for the `let`.
        kind: &'static str,
    },
    /// A query on a puzzle.
    Ask {
        /// What is asked: solve, first N, count, unique or explain.
        query: Query,
        /// The checked puzzle, its options folded in.
        puzzle: Puzzle,
    },
}

/// The registry of puzzle kinds, listed once: each kind's module name and
/// the variants of [`Puzzle`] it holds, with their IR types. It hands the
/// list to `$then`, a macro of the stage that needs one thing per kind
/// (this module's [`Puzzle`], the modules of each layer through
/// [`kind_modules`], `crate::check`'s dispatch, `crate::kind::of`,
/// `crate::report`'s `show`), with anything written after `$then` in
/// brackets first, so that adding a kind here, and its files, is all the
/// dispatch a new kind needs. The module name is the kind's file in each
/// layer (`ir/NAME.rs`, `check/NAME`, `solve/NAME`, `kind/NAME.rs`,
/// `report/NAME.rs`), which [`kind_modules`] declares. Kinds are
/// variants, not keywords: a cryptic Kakuro shares the `kakuro` keyword
/// and module and is a variant of its own.
macro_rules! kinds {
    ($then:ident $($arg:tt)*) => {
        $then! {
            [$($arg)*]
            letters {
                /// Letter equations: one equation or a system, over words of symbols.
                Letters($crate::ir::Letters),
            }
            layout {
                /// A multiplication or a division: one kind, two shapes.
                Layout($crate::ir::Layout),
            }
            kakuro {
                /// A Kakuro grid.
                Kakuro($crate::ir::Kakuro),
                /// A Kakuro grid with letters in its cells or clues.
                CrypticKakuro($crate::ir::CrypticKakuro),
            }
            system {
                /// Layouts and equations in one system sharing symbols.
                System($crate::ir::System),
            }
        }
    };
}
pub(crate) use kinds;

/// Declares each kind's module of the calling layer, from the registry:
/// `crate::ir::kinds!(kind_modules pub(crate));` in a layer's `mod.rs`
/// (with `use crate::ir::kind_modules;`). rustfmt does not see modules
/// declared by a macro: CI runs it on every file (`.ci/run`).
macro_rules! kind_modules {
    ($vis:tt $($module:ident { $($variants:tt)* })*) => {
        $($crate::ir::kind_modules!(@one $vis $module);)*
    };
    (@one [$($vis:tt)*] $module:ident) => {
        $($vis)* mod $module;
    };
}
pub(crate) use kind_modules;

kinds!(kind_modules pub);

/// What the IR of one kind says of itself, so that the checker and the
/// planner need no kind: each `ir/NAME.rs` implements it.
pub trait Describe {
    /// The JSON `kind` of the puzzle (see [`Puzzle::kind_name`]).
    fn kind_name(&self) -> &'static str;

    /// The typed puzzle, for `explain` (see [`Puzzle::describe`]).
    fn describe(&self) -> String;
}

/// [`Puzzle`] and its one dispatch to its kind's [`Describe`].
macro_rules! puzzle {
    ([] $($module:ident { $($(#[$doc:meta])* $variant:ident($ir:ty),)* })*) => {
        /// Every puzzle kind of the language (the registry, `kinds`, lists them).
        #[derive(Clone, Debug)]
        pub enum Puzzle {
            $($($(#[$doc])* $variant($ir),)*)*
        }

        impl Puzzle {
            fn own(&self) -> &dyn Describe {
                match self {
                    $($(Puzzle::$variant(puzzle) => puzzle,)*)*
                }
            }
        }
    };
}
kinds!(puzzle);

impl Puzzle {
    /// The JSON `kind`: `letters`, `multiplication`, `division`, `kakuro`
    /// (a cryptic Kakuro is a `kakuro`, as the brief's).
    pub fn kind_name(&self) -> &'static str {
        self.own().kind_name()
    }

    /// The typed puzzle, for `explain` (the strategy is added after it).
    pub fn describe(&self) -> String {
        self.own().describe()
    }
}
