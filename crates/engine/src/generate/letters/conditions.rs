//! Letter equations made unique by a condition (`generate letters
//! --condition`): a candidate with a few solutions (2 to [`MOST`]) is
//! listed whole, one of its solutions is picked, and a condition that
//! holds in that one and in no other is added after `with`: a letter's
//! digit (`D = 5`), an order of two letters (`A < B`) or a property of one
//! of its words (`SIX square`). The condition is needed (without it there
//! are several solutions) and enough (the solver proves the puzzle with it
//! unique before it is returned).

use num_bigint::BigInt;

use super::super::maker::grade_of;
use super::super::{listed, puzzle_of, solutions_of, Bug, Checked, ConditionForm, Rng, Solutions};
use crypta_substrate::arith::condition::has_property;
use crypta_substrate::grade::Difficulty;
use crypta_substrate::solve::Solution;
use crypta_substrate::vocab::properties::Generate;
use crypta_substrate::vocab::PROPERTIES;

/// The most solutions a candidate may have to be given a condition.
const MOST: u64 = 24;

/// Conditions tried on one candidate for the difficulty asked: each
/// gives another puzzle, and `grade` rates some of them at the level.
const GRADE_TRIES: usize = 12;

/// `equation` (its words filled in) as a `unique` statement with one
/// solution: as it is with no `form`, else with a condition of that form
/// that leaves one of its few solutions (with a `level`, one of the first
/// few such that `grade` rates the puzzle so); `None` when it has no
/// such statement (or the solver cannot settle it in `nodes`).
pub(super) fn settle(
    equation: &str,
    base: u32,
    form: Option<ConditionForm>,
    level: Option<Difficulty>,
    nodes: u64,
    rng: &mut Rng,
) -> Result<Option<Checked>, Bug> {
    let options = |extra: &str| match (base, extra) {
        (10, "") => String::new(),
        (10, _) => format!(" with {}", extra),
        (_, "") => format!(" with base {}", base),
        (_, _) => format!(" with base {}, {}", base, extra),
    };
    // Each statement is checked once; its puzzle is then searched, graded
    // and handed back as a value.
    let text = format!("unique {}{}", equation, options(""));
    let plain = Checked {
        puzzle: puzzle_of(&text)?,
        text,
    };
    let Some(form) = form else {
        return Ok((solutions_of(&plain.puzzle, Some(nodes))? == Solutions::One).then_some(plain));
    };
    let (found, all) = listed(&plain.puzzle, MOST, Some(nodes))?;
    if !all || found.len() < 2 {
        return Ok(None);
    }
    let conditions = telling(equation, &found, base, form, rng);
    let tries = if level.is_some() { GRADE_TRIES } else { 1 };
    for condition in conditions.iter().take(tries) {
        let text = format!("unique {}{}", equation, options(condition));
        let puzzle = puzzle_of(&text)?;
        if solutions_of(&puzzle, Some(nodes))? != Solutions::One {
            continue;
        }
        match level {
            Some(level) if grade_of(&puzzle)? != Some(level) => continue,
            _ => return Ok(Some(Checked { text, puzzle })),
        }
    }
    Ok(None)
}

/// The conditions of `form` true in one of `found` only: the solutions in
/// a random order, and each one's conditions in a random order.
fn telling(
    equation: &str,
    found: &[Solution],
    base: u32,
    form: ConditionForm,
    rng: &mut Rng,
) -> Vec<String> {
    let mut all = Vec::new();
    let mut forms = match form {
        ConditionForm::Any => vec![
            ConditionForm::Given,
            ConditionForm::Order,
            ConditionForm::Property,
        ],
        one => vec![one],
    };
    rng.shuffle(&mut forms);
    let mut targets: Vec<usize> = (0..found.len()).collect();
    rng.shuffle(&mut targets);
    for form in forms {
        for &t in &targets {
            let only = |holds: &dyn Fn(&Solution) -> bool| {
                found.iter().enumerate().all(|(i, s)| holds(s) == (i == t))
            };
            let target = &found[t];
            let candidates: Vec<String> = match form {
                ConditionForm::Given => target
                    .symbols
                    .iter()
                    // A digit above 9 has no numeral in a condition.
                    .filter(|&&(x, d)| d < 10 && only(&|s| digit(s, x) == Some(d)))
                    .map(|&(x, d)| format!("{} = {}", x, d))
                    .collect(),
                ConditionForm::Order => {
                    let mut pairs = Vec::new();
                    for &(x, _) in &target.symbols {
                        for &(y, _) in &target.symbols {
                            if x != y && only(&|s| digit(s, x) < digit(s, y)) {
                                pairs.push(format!("{} < {}", x, y));
                            }
                        }
                    }
                    pairs
                }
                ConditionForm::Property | ConditionForm::Any => {
                    let words = words(equation);
                    let mut telling = Vec::new();
                    // Telling properties first; odd and even only when
                    // none of them works: they say no more than a
                    // letter's parity.
                    for generate in [Generate::Telling, Generate::Fallback] {
                        if generate == Generate::Fallback && !telling.is_empty() {
                            break;
                        }
                        for property in PROPERTIES
                            .iter()
                            .filter(|e| e.generate == generate)
                            .map(|e| e.property)
                        {
                            for word in &words {
                                let holds = |s: &Solution| {
                                    value(s, word, base)
                                        .is_some_and(|v| has_property(&v, property, base))
                                };
                                if only(&holds) {
                                    telling.push(format!("{} {}", word, property.keyword()));
                                }
                            }
                        }
                    }
                    telling
                }
            };
            let mut candidates = candidates;
            rng.shuffle(&mut candidates);
            all.extend(candidates);
        }
    }
    all
}

/// The digit of letter `x` in a solution.
fn digit(solution: &Solution, x: char) -> Option<u32> {
    solution
        .symbols
        .iter()
        .find(|&&(y, _)| y == x)
        .map(|&(_, d)| d)
}

/// The words of two letters or more in an equation, each once.
fn words(equation: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for word in equation.split(|c: char| !c.is_ascii_alphabetic()) {
        if word.len() >= 2 && !words.iter().any(|w| w == word) {
            words.push(word.to_string());
        }
    }
    words
}

/// A word's value in a solution, in `base`.
fn value(solution: &Solution, word: &str, base: u32) -> Option<BigInt> {
    let mut n = BigInt::from(0);
    for x in word.chars() {
        n = n * base + digit(solution, x)?;
    }
    Some(n)
}
