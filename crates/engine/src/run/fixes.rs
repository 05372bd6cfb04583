//! Which givens would make a puzzle with several solutions unique, for
//! `unique`: a given is a digit for one variable (a symbol's value, or a
//! digit in a `?`/`*` cell or a Kakuro white cell), and a fix is a set of
//! givens under which exactly one solution is left.
//!
//! The solutions are listed once, up to [`MAX_SOLUTIONS`]; a set of givens
//! leaves exactly the listed solutions that agree with it, so counting
//! those finds every single given that works, then (only when none does)
//! every pair. The listing is complete, so this is exact; each fix shown
//! is still solved again, as its own puzzle with the planned strategy,
//! and must have exactly one solution. A limit that cuts any of it short
//! gives no fixes rather than ones not proven.
//!
//! All of it runs on one [`Budget`]: the listing, each fix's search, and
//! the comparisons that look for the givens (a node each), which on a big
//! grid with thousands of solutions took far longer than the searches.

use super::driver::Driver;
use super::{Bug, Limit, RunError};
use crate::kinds::Puzzle;
use crypta_substrate::solve::{Budget, Flow, Outcome, Verdict};

/// Solutions listed at most: more, and no givens are suggested.
pub const MAX_SOLUTIONS: usize = 10_000;

/// Fixes shown at most, of the smallest size that works.
pub const MAX_FIXES: usize = 5;

/// Givens in a fix at most.
pub const MAX_GIVENS: usize = 2;

/// Nodes allowed for all the work of the fixes (listing the solutions,
/// looking for givens, solving each fix shown), when the statement's own
/// node limit is not lower: `unique` stops at two solutions, and listing
/// them all could otherwise take far longer than the answer did.
pub const MAX_NODES: u64 = 1 << 25;

/// One given: a digit for one variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Given {
    /// The variable, an index into the puzzle's IR.
    pub var: usize,
    /// Its name: the symbol, or the cell ([`crate::kinds::Kind::given_name`]).
    pub name: String,
    /// The digit given.
    pub digit: u32,
}

/// What `unique` found out about making a puzzle unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fixes {
    /// Sets of givens that each leave exactly one solution, all of the
    /// fewest givens that do, at most [`MAX_FIXES`]: named symbols before
    /// cells, then in the order of the variables and digits.
    Found(Vec<Vec<Given>>),
    /// No set of up to [`MAX_GIVENS`] givens leaves exactly one solution.
    Beyond,
    /// More than [`MAX_SOLUTIONS`] solutions: none suggested.
    TooMany,
    /// A limit stopped the search for them: none suggested.
    Cut(Limit),
    /// The kind cannot be given digits ([`crate::kinds::Kind::givens`]):
    /// none are looked for, and `unique` says so.
    Unsupported(crate::kinds::Unsupported),
}

/// The fixes of `puzzle`, which has two solutions or more. An `Err` is an
/// internal error: a strategy reported an assignment that is not a
/// solution, or a fix did not leave exactly one.
pub(super) fn fixes(puzzle: &Puzzle, driver: &Driver) -> Result<Fixes, RunError> {
    let kind = crate::kinds::of(puzzle);
    if let Err(unsupported) = kind.givens() {
        return Ok(Fixes::Unsupported(unsupported));
    }
    let driver = driver.capped(MAX_NODES);
    let mut budget = driver.budget();
    let cut = |budget: &Budget| Fixes::Cut(driver.stopped_by(budget.nodes()));
    let solutions = match list(puzzle, &mut budget)? {
        Listed::All(solutions) => solutions,
        Listed::TooMany => return Ok(Fixes::TooMany),
        Listed::Cut => return Ok(cut(&budget)),
    };
    let vars = solutions.first().map_or(0, Vec::len);
    // Named symbols first: they are what an author changes.
    let symbols: Vec<usize> = kind.symbols().into_iter().map(|(v, _)| v).collect();
    let mut order = symbols.clone();
    order.extend((0..vars).filter(|v| !symbols.contains(v)));
    let is_symbol = |v: usize| symbols.contains(&v);

    let mut singles: Vec<Vec<(usize, u8)>> = Vec::new();
    for &v in &order {
        if budget.tick() {
            return Ok(cut(&budget));
        }
        singles.extend(
            by_digit(&solutions, v, (0..solutions.len()).collect())
                .into_iter()
                .filter(|(_, with)| with.len() == 1)
                .map(move |(d, _)| vec![(v, d)]),
        );
    }
    // Only looked for when no single given works; `None` when the budget
    // ran out first.
    let pairs = |budget: &mut Budget| {
        let mut pairs = Vec::new();
        for (rank, &v1) in order.iter().enumerate() {
            for (d1, with) in by_digit(&solutions, v1, (0..solutions.len()).collect()) {
                if with.len() < 2 {
                    continue;
                }
                for &v2 in &order[rank + 1..] {
                    if budget.tick() {
                        return None;
                    }
                    for (d2, both) in by_digit(&solutions, v2, with.clone()) {
                        if both.len() == 1 {
                            pairs.push(vec![(v1, d1), (v2, d2)]);
                        }
                    }
                }
            }
        }
        // Pairs of symbols before pairs with a cell; the loops put them in
        // the order of the variables and digits, which the sort keeps.
        pairs.sort_by_key(|pair| pair.iter().filter(|(v, _)| !is_symbol(*v)).count());
        Some(pairs)
    };
    for size in 1..=MAX_GIVENS {
        let candidates = if size == 1 {
            singles.clone()
        } else {
            match pairs(&mut budget) {
                Some(pairs) => pairs,
                None => return Ok(cut(&budget)),
            }
        };
        let mut shown = Vec::new();
        for candidate in candidates {
            if shown.len() == MAX_FIXES {
                break;
            }
            // A node for making the fix's plan, which a search's nodes do
            // not count.
            if budget.tick() {
                return Ok(cut(&budget));
            }
            match verify(puzzle, &candidate, &mut budget)? {
                Checked::Unique => shown.push(
                    candidate
                        .iter()
                        .map(|&(var, digit)| Given {
                            var,
                            name: kind.given_name(var),
                            digit: u32::from(digit),
                        })
                        .collect(),
                ),
                Checked::NotGivable => {}
                Checked::Cut => return Ok(cut(&budget)),
            }
        }
        if !shown.is_empty() {
            return Ok(Fixes::Found(shown));
        }
    }
    Ok(Fixes::Beyond)
}

/// The solutions among `which` by the digit of `var`, digits in
/// increasing order.
fn by_digit(solutions: &[Vec<u8>], var: usize, which: Vec<usize>) -> Vec<(u8, Vec<usize>)> {
    let mut groups: Vec<(u8, Vec<usize>)> = Vec::new();
    for i in which {
        let d = solutions[i][var];
        match groups.binary_search_by_key(&d, |(g, _)| *g) {
            Ok(at) => groups[at].1.push(i),
            Err(at) => groups.insert(at, (d, vec![i])),
        }
    }
    groups
}

enum Listed {
    All(Vec<Vec<u8>>),
    TooMany,
    Cut,
}

/// Every solution of `puzzle`, verified, up to [`MAX_SOLUTIONS`].
fn list(puzzle: &Puzzle, budget: &mut Budget) -> Result<Listed, RunError> {
    let (solutions, outcome) = search(puzzle, budget, MAX_SOLUTIONS + 1)?;
    Ok(match outcome {
        Outcome::Exhausted => Listed::All(solutions),
        Outcome::Stopped => Listed::TooMany,
        Outcome::Interrupted => Listed::Cut,
    })
}

/// The solutions found, and how the search ended.
type Searched = (Vec<Vec<u8>>, Outcome);

/// The solutions of `puzzle` with its planned strategy, each verified,
/// until `stop_at` of them, within what is left of `budget`.
fn search(puzzle: &Puzzle, budget: &mut Budget, stop_at: usize) -> Result<Searched, RunError> {
    let strategy = crate::kinds::of(puzzle).plan();
    let verifier = crate::kinds::of(puzzle).verifier();
    let mut solutions = Vec::new();
    let mut bug = None;
    let ran = Driver::run_in(
        budget,
        super::driver::Search {
            strategy: strategy.as_ref(),
            offer: &mut |values| {
                if let Verdict::Invalid(why) = verifier(values) {
                    // The limits stopped the check (`crypta_substrate::limits::watch`): no bug.
                    if !crypta_substrate::limits::watch::tripped() {
                        bug = Some(why);
                    }
                    return Flow::Stop;
                }
                solutions.push(values.to_vec());
                if solutions.len() >= stop_at {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            },
        },
    );
    if let Some(why) = bug {
        return Err(RunError::Reported {
            strategy: strategy.name(),
            bug: Bug::Refused(why),
            streamed: false,
        });
    }
    Ok((solutions, ran.outcome))
}

enum Checked {
    Unique,
    /// The kind cannot give one of these variables a digit of its own.
    NotGivable,
    Cut,
}

/// Solves `puzzle` with `givens` as its own puzzle: it must have exactly
/// one solution.
fn verify(
    puzzle: &Puzzle,
    givens: &[(usize, u8)],
    budget: &mut Budget,
) -> Result<Checked, RunError> {
    let mut given = puzzle.clone();
    for &(var, digit) in givens {
        let next = match crate::kinds::of(&given).givens() {
            Ok(givens) => givens.with_given(var, digit),
            // Asked before any fix is looked for (`fixes`).
            Err(unsupported) => return Err(RunError::NoGivens(unsupported)),
        };
        match next {
            Some(next) => given = next,
            None => return Ok(Checked::NotGivable),
        }
    }
    let (solutions, outcome) = search(&given, budget, 2)?;
    if outcome == Outcome::Interrupted {
        return Ok(Checked::Cut);
    }
    let count = solutions.len();
    if count != 1 {
        return Err(RunError::FixNotUnique {
            givens: givens.to_vec(),
            strategy: crate::kinds::of(&given).plan().name(),
            found: count,
        });
    }
    Ok(Checked::Unique)
}
