//! Every kind of the registry (`crate::kinds::KINDS`) has every part a
//! kind needs, run on its own samples: the checker that claims what is
//! written (and no other kind's checker claims it), the planned strategy,
//! the oracle and every strategy agreeing on the one solution, the
//! verifier, the count, the cut into parts, the view, the picture, the
//! `explain` text, and an answer for givens and grading (supported, or a
//! typed `Unsupported`). A kind registered without a sample, or with a
//! part that answers nothing, fails here.

use crypta_engine::kinds::{self, Puzzle, KINDS};
use crypta_substrate::solve::{Budget, Limits, Outcome, Solution, Verdict};
use crypta_substrate::syntax::ast::Statement;
use crypta_substrate::view::Shape;

use crate::crosscheck::all_solutions;

/// The query's puzzle as written, before any checker.
fn written(script: &str) -> crypta_substrate::syntax::ast::PuzzleDef {
    let (statements, diagnostics) = crypta_substrate::syntax::parse_script(script);
    assert!(diagnostics.is_empty(), "{}\n{:?}", script, diagnostics);
    match statements.into_iter().next() {
        Some(Statement::Query { puzzle, .. }) => puzzle,
        _ => panic!("{} is not a query", script),
    }
}

#[test]
fn every_registered_kind_has_every_part() {
    assert!(KINDS.len() >= 4);
    for registered in KINDS {
        assert!(
            !registered.samples.is_empty(),
            "kind `{}` has no sample",
            registered.name
        );
        for &script in registered.samples {
            let def = written(script);
            // Its own checker claims it, and only its own.
            let claims: Vec<&str> = KINDS
                .iter()
                .filter(|k| (k.check)(&def).is_some())
                .map(|k| k.name)
                .collect();
            assert_eq!(claims, [registered.name], "{}", script);
            let puzzle: Puzzle = match (registered.check)(&def) {
                Some(Ok(puzzle)) => puzzle,
                other => panic!("{} does not check: {:?}", script, other.map(|r| r.err())),
            };
            parts_of(&puzzle, script);
        }
    }
}

/// Every part of `puzzle`'s kind, on a puzzle with one solution.
fn parts_of(puzzle: &Puzzle, script: &str) {
    let kind = kinds::of(puzzle);
    assert!(!kind.kind_name().is_empty(), "{}", script);
    assert!(!kind.describe().is_empty(), "{}", script);

    // The planned strategy, every strategy and the oracle: one solution, the same.
    let planned = all_solutions(kind.plan().as_ref()).expect("the plan finishes");
    assert_eq!(planned.len(), 1, "{}: {} solutions", script, planned.len());
    let oracle = all_solutions(kind.oracle().as_ref()).expect("the oracle finishes");
    assert_eq!(oracle, planned, "{}: oracle", script);
    for strategy in kind.strategies() {
        let found = all_solutions(strategy.as_ref()).expect("a strategy finishes");
        assert_eq!(found, planned, "{}: {}", script, strategy.name());
    }
    let values = &planned[0];

    // The verifier accepts the solution and refuses a changed one.
    let verify = kind.verifier();
    assert_eq!(verify(values), Verdict::Solution, "{}", script);
    let mut wrong = values.clone();
    wrong[0] = (wrong[0] + 1) % 10;
    assert!(
        matches!(verify(&wrong), Verdict::Invalid(_)),
        "{}: the verifier took a changed solution",
        script
    );

    // A counter, where the kind has one, counts one.
    if let Some(counter) = kind.counter() {
        let counted = counter.count(&mut Budget::new(&Limits::default()));
        assert_eq!(counted.outcome, Outcome::Exhausted, "{}", script);
        assert_eq!(counted.count.to_string(), "1", "{}", script);
    }

    // Cut into parts: the parts' solutions are the whole's.
    let planned_strategy = kind.plan();
    if let Some(&var) = kind.split_vars(planned_strategy.as_ref()).first() {
        let mut parts = Vec::new();
        for (_, part) in kind.narrowed(var) {
            parts.extend(all_solutions(kinds::of(&part).plan().as_ref()).expect("a part finishes"));
        }
        assert_eq!(parts, planned, "{}: parts", script);
    }

    // Names, view and picture.
    for v in 0..values.len() {
        assert!(!kind.var_name(v).is_empty(), "{}: var {}", script, v);
    }
    let solution = Solution {
        values: values.clone(),
        symbols: kind
            .symbols()
            .into_iter()
            .map(|(v, c)| (c, u32::from(values[v])))
            .collect(),
    };
    let view = kind.view(&solution);
    assert!(
        !matches!(&view.shape, Shape::Equations(e) if e.is_empty()),
        "{}: an empty view",
        script
    );
    for picture in [kind.picture(None), kind.picture(Some(values))] {
        assert!(picture.starts_with("<?xml"), "{}", script);
        assert!(picture.trim_end().ends_with("</svg>"), "{}", script);
    }
    assert_ne!(kind.picture(None), kind.picture(Some(values)), "{}", script);

    // Givens and grading: supported, or said plainly not to be.
    match kind.givens() {
        Ok(givens) => {
            let given = (0..values.len()).find_map(|v| givens.with_given(v, values[v]));
            assert!(
                given.is_some(),
                "{}: no variable can be given its digit",
                script
            );
        }
        Err(unsupported) => assert_eq!(unsupported.kind, kind.kind_name()),
    }
    match kind.grader() {
        Ok(grader) => {
            let graded = grader(values, &mut Budget::new(&Limits::default()));
            assert!(graded.is_ok(), "{}: {:?}", script, graded.err());
        }
        Err(unsupported) => assert_eq!(unsupported.kind, kind.kind_name()),
    }
}
