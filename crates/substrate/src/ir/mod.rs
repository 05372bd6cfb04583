//! The typed intermediate representation's shared parts, which the
//! checker produces and the planner and solvers consume. Everything the
//! author wrote is resolved here: options are folded into digit domains,
//! `?` and wild cells become variables of their own, and every variable
//! knows whether it takes part in the all-different rule.
//!
//! These are the symbol substrate every kind builds on: variables and
//! words ([`vars`]), conditions ([`condition`]) and letter equations
//! ([`letters`], which systems and cryptic Kakuro hold too). Each kind's
//! own IR is in its crate (`crates/kinds/NAME`), and says of itself what
//! [`Describe`] asks.

pub mod condition;
pub mod letters;
pub mod vars;

pub use condition::{Atom, Condition, Counting, Op, Property, RelOp, Term, Test};
pub use letters::{Answer, Equation, Expr, Letters, Member};
pub use vars::{Cell, Var, VarKind, Word};

pub use crate::digits::{digit_char, Digits};
pub use crate::syntax::ast::Query;

/// What the IR of one kind says of itself, so that the checker and the
/// planner need no kind: each kind's IR (`kinds/NAME/ir.rs`) implements it.
pub trait Describe {
    /// The JSON `kind` of the puzzle (see `Puzzle::kind_name`).
    fn kind_name(&self) -> &'static str;

    /// The typed puzzle, for `explain` (see `Puzzle::describe`).
    fn describe(&self) -> String;
}
