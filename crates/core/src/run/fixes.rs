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

use super::{Limit, RunOptions};
use crate::ir::Puzzle;
use crate::solve::{Budget, Flow, Limits, Outcome, Verdict};

/// Solutions listed at most: more, and no givens are suggested.
pub const MAX_SOLUTIONS: usize = 10_000;

/// Fixes shown at most, of the smallest size that works.
pub const MAX_FIXES: usize = 5;

/// Givens in a fix at most.
pub const MAX_GIVENS: usize = 2;

/// Search nodes allowed to list the solutions, and again to solve each
/// fix shown: `unique` stops at two solutions, and listing them all could
/// otherwise take far longer than the answer did.
pub const MAX_NODES: u64 = 1 << 25;

/// One given: a digit for one variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Given {
    /// The variable, an index into the puzzle's IR.
    pub var: usize,
    /// Its name: the symbol, or the cell ([`crate::kind::Kind::given_name`]).
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
}

/// The fixes of `puzzle`, which has two solutions or more. An `Err` is an
/// internal error: a strategy reported an assignment that is not a
/// solution, or a fix did not leave exactly one.
pub(super) fn fixes(
    puzzle: &Puzzle,
    limits: &Limits,
    options: &RunOptions,
) -> Result<Fixes, String> {
    let kind = crate::kind::of(puzzle);
    let solutions = match list(puzzle, limits, options)? {
        Listed::All(solutions) => solutions,
        Listed::TooMany => return Ok(Fixes::TooMany),
        Listed::Cut(limit) => return Ok(Fixes::Cut(limit)),
    };
    let vars = solutions.first().map_or(0, Vec::len);
    // Named symbols first: they are what an author changes.
    let symbols: Vec<usize> = kind.symbols().into_iter().map(|(v, _)| v).collect();
    let mut order = symbols.clone();
    order.extend((0..vars).filter(|v| !symbols.contains(v)));
    let is_symbol = |v: usize| symbols.contains(&v);

    let singles: Vec<Vec<(usize, u8)>> = order
        .iter()
        .flat_map(|&v| {
            by_digit(&solutions, v, (0..solutions.len()).collect())
                .into_iter()
                .filter(|(_, with)| with.len() == 1)
                .map(move |(d, _)| vec![(v, d)])
        })
        .collect();
    // Only looked for when no single given works.
    let pairs = || {
        let mut pairs = Vec::new();
        for (rank, &v1) in order.iter().enumerate() {
            for (d1, with) in by_digit(&solutions, v1, (0..solutions.len()).collect()) {
                if with.len() < 2 {
                    continue;
                }
                for &v2 in &order[rank + 1..] {
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
        pairs
    };
    for size in 1..=MAX_GIVENS {
        let candidates = if size == 1 { singles.clone() } else { pairs() };
        let mut shown = Vec::new();
        for candidate in candidates {
            if shown.len() == MAX_FIXES {
                break;
            }
            match verify(puzzle, &candidate, limits, options)? {
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
                Checked::Cut(limit) => return Ok(Fixes::Cut(limit)),
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
    Cut(Limit),
}

/// The statement's limits with [`MAX_NODES`] as the node limit when it is
/// lower.
fn capped(limits: &Limits) -> Limits {
    Limits {
        max_nodes: Some(limits.max_nodes.unwrap_or(MAX_NODES).min(MAX_NODES)),
        ..limits.clone()
    }
}

/// Every solution of `puzzle`, verified, up to [`MAX_SOLUTIONS`].
fn list(puzzle: &Puzzle, limits: &Limits, options: &RunOptions) -> Result<Listed, String> {
    let (solutions, outcome) = search(puzzle, limits, options, MAX_SOLUTIONS + 1)?;
    Ok(match outcome {
        Ok(Outcome::Exhausted) => Listed::All(solutions),
        Ok(_) => Listed::TooMany,
        Err(limit) => Listed::Cut(limit),
    })
}

/// The solutions found, and how the search ended or the limit that cut it.
type Searched = (Vec<Vec<u8>>, Result<Outcome, Limit>);

/// The solutions of `puzzle` with its planned strategy, each verified,
/// until `stop_at` of them, within the statement's limits capped at
/// [`MAX_NODES`]; the outcome, or the limit that cut the search.
fn search(
    puzzle: &Puzzle,
    limits: &Limits,
    options: &RunOptions,
    stop_at: usize,
) -> Result<Searched, String> {
    let limits = capped(limits);
    let strategy = crate::kind::of(puzzle).plan();
    let verifier = crate::kind::of(puzzle).verifier();
    let mut solutions = Vec::new();
    let mut bug = None;
    let mut budget = Budget::new(&limits);
    let outcome = strategy.search(&mut budget, &mut |values| {
        if let Verdict::Invalid(why) = verifier(values) {
            bug = Some(why);
            return Flow::Stop;
        }
        solutions.push(values.to_vec());
        if solutions.len() >= stop_at {
            Flow::Stop
        } else {
            Flow::Continue
        }
    });
    if let Some(why) = bug {
        return Err(strategy_bug(strategy.name(), &why));
    }
    let outcome = match outcome {
        Outcome::Interrupted => Err(super::limit_reached(options, budget.nodes(), &limits)),
        done => Ok(done),
    };
    Ok((solutions, outcome))
}

enum Checked {
    Unique,
    /// The kind cannot give one of these variables a digit of its own.
    NotGivable,
    Cut(Limit),
}

/// Solves `puzzle` with `givens` as its own puzzle: it must have exactly
/// one solution.
fn verify(
    puzzle: &Puzzle,
    givens: &[(usize, u8)],
    limits: &Limits,
    options: &RunOptions,
) -> Result<Checked, String> {
    let mut given = puzzle.clone();
    for &(var, digit) in givens {
        match crate::kind::of(&given).with_given(var, digit) {
            Some(next) => given = next,
            None => return Ok(Checked::NotGivable),
        }
    }
    let (solutions, outcome) = search(&given, limits, options, 2)?;
    if let Err(limit) = outcome {
        return Ok(Checked::Cut(limit));
    }
    let count = solutions.len();
    if count != 1 {
        return Err(format!(
            "internal error: the givens {:?} were to leave one solution, and the {} strategy found {}{}; nothing was printed for this statement",
            givens,
            crate::kind::of(&given).plan().name(),
            count,
            if count == 2 { " or more" } else { "" }
        ));
    }
    Ok(Checked::Unique)
}

/// The internal error of a strategy that reported an assignment its
/// puzzle's verifier refused.
fn strategy_bug(strategy: &str, why: &str) -> String {
    format!(
        "internal error: the {} strategy reported an assignment that {}; nothing was printed for this statement",
        strategy, why
    )
}
