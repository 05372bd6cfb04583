//! [`Uniqueness`]: what `unique` found, as data: one solution, none, or
//! several with the givens that would leave exactly one.

use crypta_engine::run::{self, Limit, Search};

/// The answer of `unique`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// Exactly one solution: the answer's only one.
    Unique,
    /// No solution.
    NoSolution,
    /// Two solutions or more: the answer shows two, and here are the
    /// givens that would make the puzzle unique.
    NotUnique(Fixes),
    /// A limit stopped the search before it could tell.
    Unknown(Limit),
}

/// Which givens would make a puzzle with several solutions unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fixes {
    /// Sets of givens that each leave exactly one solution, all of the
    /// fewest givens that do (at most five sets): named symbols before
    /// cells. Each set was solved again and has exactly one solution.
    Givens(Vec<Vec<Given>>),
    /// No set of up to two givens leaves exactly one solution.
    Beyond,
    /// Too many solutions (over ten thousand) to suggest givens.
    TooMany,
    /// A limit stopped the search for them: none suggested.
    Cut(Limit),
    /// This kind of puzzle cannot be given digits: none are looked for.
    Unsupported,
}

/// One given: a digit printed in the puzzle for a symbol or a cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Given {
    /// The symbol (`"E"`), or the cell as the puzzle names it (`"r3c4"`,
    /// its row and column from 1, in a Kakuro or a layout as written).
    pub name: String,
    /// The digit given.
    pub digit: u32,
}

impl Uniqueness {
    /// What the search of a `unique` statement says.
    pub(crate) fn of(search: &Search) -> Uniqueness {
        let several = search.count.to_u64().is_none_or(|n| n >= 2);
        if !search.complete && !several {
            return Uniqueness::Unknown(search.stopped_by.unwrap_or(Limit::Interrupt));
        }
        if search.count.is_zero() {
            return Uniqueness::NoSolution;
        }
        if search.count == 1 {
            return Uniqueness::Unique;
        }
        let fixes = match &search.fixes {
            Some(run::Fixes::Found(sets)) => Fixes::Givens(
                sets.iter()
                    .map(|set| {
                        set.iter()
                            .map(|g| Given {
                                name: g.name.clone(),
                                digit: g.digit,
                            })
                            .collect()
                    })
                    .collect(),
            ),
            Some(run::Fixes::Beyond) => Fixes::Beyond,
            Some(run::Fixes::TooMany) => Fixes::TooMany,
            Some(run::Fixes::Cut(limit)) => Fixes::Cut(*limit),
            Some(run::Fixes::Unsupported(_)) => Fixes::Unsupported,
            // Fixes are sought only after a complete search.
            None => Fixes::Cut(search.stopped_by.unwrap_or(Limit::Interrupt)),
        };
        Uniqueness::NotUnique(fixes)
    }
}
