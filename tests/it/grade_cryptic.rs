//! Grading cryptic Kakuro (letters in cells and clues): on random small
//! grids encrypted as `cryptic.rs` encrypts them, grading from every
//! solution succeeds (no step removes one of its digits: the rules are
//! sound), the removals replayed from the starting candidates keep it, and
//! steps that fix every cell and letter leave exactly the solver's one
//! solution, with `repeats` too; Project Euler 424's example through the
//! binary.

use proptest::prelude::*;

use crypta_engine::kinds::CrypticKakuro;
use crypta_engine::kinds::Kind;
use crypta_engine::program::check_script;
use crypta_substrate::grade::{Difficulty, Graded};
use crypta_substrate::solve::{Budget, Flow, Limits, Outcome};
use std::time::Instant;

use crate::crosscheck::{self, run_property, Tally};
use crate::cryptic::{cipher, count_script, EULER};
use crate::kakuro::small_spec;
use crate::support::run;

/// The cryptic Kakuro of a script, if the checker takes it.
fn cryptic(script: &str) -> Option<CrypticKakuro> {
    let (statements, diagnostics) = check_script(script);
    if !diagnostics.is_empty() {
        return None;
    }
    crate::support::asked::<crypta_engine::kinds::CrypticKakuro>(&statements.first()?.action)
}

/// Replays `solution`'s grading from every variable's starting candidates
/// (a lettered cell's digit is its letter's, so the cell is left out):
/// each removal is of a candidate still there and not the solution's.
/// Returns the candidates left, per variable (0 for a lettered cell), and
/// the grading.
fn replay(kakuro: &CrypticKakuro, solution: &[u8]) -> Result<(Vec<u16>, Graded), TestCaseError> {
    let first = kakuro.first_symbol();
    let givens = kakuro.grid.givens();
    let mut left: Vec<u16> = (0..first)
        .map(|v| match (kakuro.cell_symbol[v], givens[v]) {
            (Some(_), _) => 0,
            (None, 0) => 0b11_1111_1110,
            (None, g) => 1 << g,
        })
        .collect();
    left.extend(kakuro.symbols.iter().map(|s| (s.domain.0 & 0x3ff) as u16));
    let graded =
        kakuro
            .grader()
            .map_err(|e| TestCaseError::fail(e.to_string()))?(solution, &mut unlimited())
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    for step in &graded.grading.steps {
        prop_assert!(
            !step.removed.is_empty(),
            "a step that removes nothing: {:?}",
            step
        );
        prop_assert!(step.level <= Difficulty::Hard);
        for (named, digits) in &step.removed {
            let v = named
                .as_var()
                .filter(|&v| left.get(v).is_some_and(|&l| l != 0))
                .ok_or_else(|| TestCaseError::fail(format!("{:?} names no variable", named)))?;
            let name = kakuro.var_name(v);
            for &d in digits {
                prop_assert!(
                    d != u32::from(solution[v]),
                    "{} removed {} from {}",
                    step.rule,
                    d,
                    name
                );
                prop_assert!(
                    left[v] >> d & 1 == 1,
                    "{} removed {} from {} twice",
                    step.rule,
                    d,
                    name
                );
                left[v] &= !(1 << d);
            }
        }
    }
    let live: Vec<u16> = left.iter().copied().filter(|&c| c != 0).collect();
    let fixed = live.iter().filter(|c| c.count_ones() == 1).count();
    prop_assert_eq!(fixed, graded.fixed);
    prop_assert_eq!(live.len(), graded.variables);
    prop_assert_eq!(graded.grading.solved, fixed == live.len());
    if !graded.grading.solved {
        prop_assert_eq!(graded.grading.difficulty, Difficulty::NeedsGuessing);
    }
    Ok((left, graded))
}

/// Up to `most` solutions of `kakuro`, by its planned search (cross-checked
/// against the oracles in `cryptic.rs`); fails past the search limit.
fn first_solutions(kakuro: &CrypticKakuro, most: usize) -> Result<Vec<Vec<u8>>, TestCaseError> {
    let limits = Limits {
        deadline: Some(Instant::now() + crosscheck::SEARCH_LIMIT),
        ..Limits::default()
    };
    let mut budget = Budget::new(&limits);
    let mut found = Vec::new();
    let outcome = kakuro.plan().search(&mut budget, &mut |values| {
        found.push(values.to_vec());
        if found.len() >= most {
            Flow::Stop
        } else {
            Flow::Continue
        }
    });
    prop_assert!(
        outcome != Outcome::Interrupted,
        "the search ran out of time"
    );
    Ok(found)
}

#[test]
fn cryptic_steps_keep_every_solution() {
    let tally = Tally::default();
    run_property(file!(), 300, (small_spec(), cipher()), |(spec, cipher)| {
        let Some(mut script) = count_script(spec, 6, 0.7, &cipher, &tally) else {
            return Ok(());
        };
        // Now and then letters that may repeat: only distinct ones differ.
        if cipher.condition.is_some_and(|(a, _, _)| a == 0) {
            script.push_str(" with repeats");
        }
        let Some(kakuro) = cryptic(&script) else {
            tally.add("rejected by the checker");
            return Ok(());
        };
        let solutions = first_solutions(&kakuro, 51)?;
        if solutions.len() > 50 {
            tally.add("skipped (too many solutions)");
            return Ok(());
        }
        for solution in &solutions {
            let (left, graded) = replay(&kakuro, solution)?;
            for (rule, _) in graded.grading.rule_counts() {
                tally.add(&format!("rule {}", rule));
            }
            if graded.grading.solved {
                // Sound rules fixing everything prove the solution unique.
                prop_assert_eq!(solutions.len(), 1, "{}", script);
                for (v, &c) in left.iter().enumerate() {
                    prop_assert!(c == 0 || c == 1 << solution[v], "{}", script);
                }
                tally.add("solved by steps");
            }
        }
        match solutions.len() {
            0 => tally.add("no solution"),
            1 => tally.add("one solution"),
            _ => tally.add("several solutions"),
        }
        Ok(())
    });
    tally.report(
        "cryptic grading",
        &[
            ("one solution", 40),
            ("solved by steps", 25),
            ("several solutions", 40),
        ],
    );
}

/// The brief's grid is solved by steps that name its letters and cells,
/// each rule of the clue words among them.
#[test]
fn the_euler_example_is_graded_by_steps() {
    let out = run(
        &[
            "--format",
            "json",
            "eval",
            &format!("explain steps {}", EULER),
        ],
        b"",
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one line of JSON");
    assert_eq!(json["solved_by_steps"], true, "{}", json);
    assert_eq!(json["grade"], "medium", "{}", json);
    let steps = json["steps"].as_array().expect("steps");
    let rules: Vec<&str> = steps.iter().filter_map(|s| s["rule"].as_str()).collect();
    for rule in ["clue range", "taken digit", "unique sum"] {
        assert!(rules.contains(&rule), "{} missing: {:?}", rule, rules);
    }
    let touched = |name: &str| {
        steps.iter().any(|s| {
            s["touched"]
                .as_array()
                .is_some_and(|t| t.iter().any(|n| n == name))
        })
    };
    assert!(touched("J") && touched("r3c3"), "{}", json);
    let out = run(&["eval", &format!("grade {}", EULER)], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", text);
    assert!(text.contains("  grade: medium ("), "{}", text);
}

/// A budget with no limit: grading to the end.
fn unlimited() -> crypta_substrate::solve::Budget<'static> {
    static NONE: std::sync::LazyLock<crypta_substrate::solve::Limits> =
        std::sync::LazyLock::new(crypta_substrate::solve::Limits::default);
    crypta_substrate::solve::Budget::new(&NONE)
}
