//! `grade` and `explain steps`: on many generated Kakuros with one
//! solution, no step ever removes the solution's digit and a grid solved
//! by steps is left with exactly the solution; the queries through the
//! binary, text and JSON.

use proptest::prelude::*;

use crypta_core::generate::kakuro::{generate, Spec};
use crypta_engine::kinds::Kind;
use crypta_engine::program::check_script;
use crypta_engine::program::Action;
use crypta_substrate::grade::Difficulty;
use crypta_substrate::solve::{Budget, Flow, Limits};

use crate::support::run;

proptest! {
    #![proptest_config(crate::support::proptest_config(120))]

    /// Grading from the planted solution never fails its check, and the
    /// removals replayed from scratch keep every cell's digit; solved means
    /// one candidate, the solution's, in every cell.
    #[test]
    fn steps_keep_the_solution(seed in any::<u64>(), size in 4usize..=10, givens in prop::sample::select(vec![0.0, 0.15])) {
        let grid = generate(&Spec { unique: true, givens, ..Spec::new(size, seed) });
        let kakuro = grid.kakuro();
        let solution: Vec<u8> = kakuro.whites.iter().map(|&i| grid.digits[i]).collect();
        let grader = kakuro.grader().map_err(|e| TestCaseError::fail(e.to_string()))?;
        let graded = grader(&solution, &mut unlimited()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut left: Vec<u16> = kakuro
            .givens()
            .iter()
            .map(|&g| if g == 0 { 0b11_1111_1110 } else { 1 << g })
            .collect();
        for step in &graded.grading.steps {
            prop_assert!(!step.removed.is_empty(), "a step that removes nothing: {:?}", step);
            prop_assert!(step.level <= Difficulty::Hard);
            for (named, digits) in &step.removed {
                let v = named
                    .as_var()
                    .filter(|&v| v < kakuro.whites.len())
                    .expect("a step names a cell of the grid");
                let name = kakuro.var_name(v);
                for &d in digits {
                    prop_assert!(d != u32::from(solution[v]), "{} removed {} from {}", step.rule, d, name);
                    prop_assert!(left[v] >> d & 1 == 1, "{} removed {} from {} twice", step.rule, d, name);
                    left[v] &= !(1 << d);
                }
            }
        }
        let fixed = left.iter().filter(|c| c.count_ones() == 1).count();
        prop_assert_eq!(fixed, graded.fixed);
        prop_assert_eq!(graded.grading.solved, fixed == solution.len());
        if graded.grading.solved {
            for (v, &d) in solution.iter().enumerate() {
                prop_assert_eq!(left[v], 1u16 << d);
            }
            // The grade is at least the hardest step's level; the work the
            // steps took may raise it (grade::kakuro::calibrate), never
            // past hard.
            let hardest = graded.grading.steps.iter().map(|s| s.level).max().unwrap_or(Difficulty::Easy);
            prop_assert!(graded.grading.difficulty >= hardest);
            prop_assert!(graded.grading.difficulty <= Difficulty::Hard);
        } else {
            prop_assert_eq!(graded.grading.difficulty, Difficulty::NeedsGuessing);
        }
    }
}

proptest! {
    #![proptest_config(crate::support::proptest_config(120))]

    /// The rules are sound: on grids with several solutions, grading from
    /// each of them succeeds, so no step removes a digit some solution
    /// has; and the steps never fix every cell, which is what lets `grade`
    /// take steps that fix every cell as proof of a unique solution.
    #[test]
    fn steps_keep_every_solution(seed in any::<u64>(), size in 4usize..=8, density in 0.7f64..0.95) {
        let grid = generate(&Spec { density, ..Spec::new(size, seed) });
        let kakuro = grid.kakuro();
        let limits = Limits { max_nodes: Some(1 << 20), ..Limits::default() };
        let mut budget = Budget::new(&limits);
        let mut solutions = Vec::new();
        kakuro.plan().search(&mut budget, &mut |values| {
            solutions.push(values.to_vec());
            if solutions.len() >= 40 { Flow::Stop } else { Flow::Continue }
        });
        prop_assert!(!solutions.is_empty(), "the planted solution exists");
        let grader = kakuro.grader().map_err(|e| TestCaseError::fail(e.to_string()))?;
        for solution in &solutions {
            let graded = grader(solution, &mut unlimited()).map_err(|e| TestCaseError::fail(e.to_string()))?;
            if solutions.len() >= 2 {
                prop_assert!(!graded.grading.solved, "steps fixed every cell of a grid with several solutions");
            }
        }
    }
}

const TOUR: &str = "kakuro {
  #     4\\    17\\   #     #     #
  \\12   .     .     #     27\\   10\\
  \\9    .     .     24\\11 .     .
  #     6\\    8\\15  .     .     .
  \\32   .     .     .     .     .
  \\17   .     .     .     .     .
}";

#[test]
fn grade_prints_the_rating_and_a_count_of_steps_by_rule() {
    let out = run(&["eval", &format!("grade {}", TOUR)], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", text);
    assert!(text.contains("  grade: medium ("), "{}", text);
    assert!(text.contains("unique sum"), "{}", text);
    assert!(
        !text.contains("  1. "),
        "grade alone lists no steps: {}",
        text
    );
}

#[test]
fn explain_steps_numbers_the_chain_and_json_lists_it() {
    let out = run(&["eval", &format!("explain steps {}", TOUR)], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("    1. unique sum (easy): "), "{}", text);
    assert!(text.contains("  grade: medium"), "{}", text);
    let out = run(
        &["--format", "json", "eval", &format!("grade {}", TOUR)],
        b"",
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one line of JSON");
    assert_eq!(json["query"], "grade");
    assert_eq!(json["grade"], "medium");
    assert_eq!(json["solved_by_steps"], true);
    let steps = json["steps"].as_array().expect("steps");
    assert!(!steps.is_empty());
    for step in steps {
        for field in ["rule", "level", "touched", "why", "removed"] {
            assert!(!step[field].is_null(), "{} missing in {}", field, step);
        }
    }
}

#[test]
fn a_grade_needs_exactly_one_solution() {
    let several = "grade kakuro {\n # 3\\ 3\\\n \\3 . .\n \\3 . .\n}";
    let out = run(&["eval", several], b"");
    assert!(String::from_utf8_lossy(&out.stdout).contains("not unique"));
    let none = "grade kakuro {\n # 3\\ 4\\\n \\3 . .\n \\3 . .\n}";
    let out = run(&["--format", "json", "eval", none], b"");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["grade"], serde_json::Value::Null);
    assert_eq!(json["ungraded"], "no solution");
}

#[test]
fn letters_and_layouts_are_graded_through_the_query() {
    for script in [
        "grade SEND + MORE = MONEY",
        "explain steps SEND + MORE = MONEY",
        "grade multiplication {\n  **3\n x **\n ----\n *4**\n****\n-----\n2*45*\n}",
    ] {
        let out = run(&["--format", "json", "eval", script], b"");
        assert!(out.status.success(), "{}", script);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let grade = json["grade"].as_str().unwrap_or_default();
        assert!(
            ["easy", "medium", "hard", "needs guessing"].contains(&grade),
            "{}: {}",
            script,
            json
        );
        assert!(
            json["steps"]
                .as_array()
                .is_some_and(|steps| !steps.is_empty()),
            "{}",
            json
        );
    }
}

#[test]
fn explain_steps_alone_explains_a_puzzle_named_steps() {
    let script = "let steps = A + B = C\nexplain steps";
    let (statements, diagnostics) = check_script(script);
    assert!(diagnostics.is_empty(), "{:?}", diagnostics);
    assert!(matches!(
        &statements[1].action,
        Action::Ask {
            query: crypta_substrate::ir::Query::Explain,
            puzzle,
        } if puzzle.downcast_ref::<crypta_substrate::ir::Letters>().is_some()
    ));
}

/// A budget with no limit: grading to the end.
fn unlimited() -> crypta_substrate::solve::Budget<'static> {
    static NONE: std::sync::LazyLock<crypta_substrate::solve::Limits> =
        std::sync::LazyLock::new(crypta_substrate::solve::Limits::default);
    crypta_substrate::solve::Budget::new(&NONE)
}

/// A grid with `?` runs (any sum) grades by steps: the steps call such a
/// run "any-sum", and every digit they place is the solution's.
#[test]
fn any_sum_runs_are_graded() {
    let grid =
        "kakuro {\n  #   24\\ 11\\ #   #\n  \\?  .   .   11\\ 13\\\n  \\27 .   .   .   .\n  \
                \\10 .   .   .   .\n  \\17 .   .   .   #\n}";
    let out = run(&["eval", &format!("explain steps {}", grid)], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", text);
    assert!(text.contains("any-sum across at r2c1"), "{}", text);
    assert!(text.contains("  grade: "), "{}", text);
    assert!(!text.contains("needs guessing"), "{}", text);
    let unique = run(&["eval", &format!("unique {}", grid)], b"");
    assert!(String::from_utf8_lossy(&unique.stdout).contains("exactly one solution"));
}
