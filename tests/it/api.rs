//! The front API (`crypta_core::Script` and what it returns): answers as
//! data agree with the command line's output, limits and the interrupt
//! flag surface as `stopped_by`, errors are typed, and `Count` converts.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crypta_core::{
    Cell, Count, Error, ErrorKind, Fixes, Grading, Limit, Options, Query, Script, Uniqueness,
};

use crate::support::{repo, run};

/// The answers of `source`, which must check and run.
fn answers(source: &str, options: &Options) -> Vec<crypta_core::Answer> {
    let script = Script::parse(source);
    assert!(
        script.is_ok(),
        "{}",
        script.render_diagnostics("test", false)
    );
    script.run_all(options).expect("no internal error")
}

#[test]
fn texts_and_json_are_what_the_binary_prints() {
    for name in ["classics", "kakuro", "skeletons", "grade"] {
        let path = format!("examples/{}.crypta", name);
        let source = std::fs::read_to_string(repo(&path)).expect("read the script");
        let answers = answers(&source, &Options::new());
        let text: Vec<String> = answers.iter().map(|a| a.to_text()).collect();
        let printed = run(&["run", &path], b"");
        assert_eq!(
            text.join("\n"),
            String::from_utf8_lossy(&printed.stdout),
            "{}",
            path
        );
        let json: String = answers.iter().map(|a| a.to_json() + "\n").collect();
        let printed = run(&["--format", "json", "run", &path], b"");
        assert_eq!(json, String::from_utf8_lossy(&printed.stdout), "{}", path);
    }
}

#[test]
fn solutions_read_as_symbols_rows_and_grids() {
    let source = r"let sum = SEND + MORE = MONEY
sum
first 1 multiplication {
     **3
  x   **
  ------
    *4**
   ****
  ------
   2*45*
}
kakuro { # 4\ 3\ ; \3 . . ; \4 . . }
";
    let answers = answers(source, &Options::new());
    assert_eq!(answers[0].bound_name(), Some("sum"));
    assert_eq!(answers[0].query(), None);
    let money = &answers[1].solutions()[0];
    assert_eq!(money.symbols().len(), 8);
    assert_eq!((money.digit('Y'), money.digit('Z')), (Some(2), None));
    assert!(money.rows().is_empty() && money.grid().is_none());

    let product = &answers[2].solutions()[0];
    assert_eq!(answers[2].kind(), "multiplication");
    assert_eq!(product.rows().last().map(String::as_str), Some("23456"));
    assert_eq!(product.text().lines().last().map(str::trim), Some("23456"));

    let grid = answers[3].solutions()[0].grid().expect("a grid");
    assert_eq!(grid[0][0], Cell::Block);
    assert_eq!(
        grid[0][1],
        Cell::Clue {
            down: Some(4),
            across: None
        }
    );
    let digits: Vec<&Cell> = grid
        .iter()
        .flatten()
        .filter(|c| matches!(c, Cell::Digit(_)))
        .collect();
    assert_eq!(
        digits,
        [
            &Cell::Digit(1),
            &Cell::Digit(2),
            &Cell::Digit(3),
            &Cell::Digit(1)
        ]
    );
}

#[test]
fn uniqueness_grading_and_explain_are_data() {
    let source = "unique A + B = C with digits 1..3\nunique SEND + MORE = MONEY\nunique AB = BA\ngrade SEND + MORE = MONEY\nexplain SEND + MORE = MONEY\n";
    let answers = answers(source, &Options::new());
    match answers[0].uniqueness() {
        Some(Uniqueness::NotUnique(Fixes::Givens(sets))) => {
            assert!(sets
                .iter()
                .flatten()
                .all(|g| g.name == "A" || g.name == "B"));
        }
        other => panic!("{:?}", other),
    }
    assert_eq!(answers[1].uniqueness(), Some(&Uniqueness::Unique));
    assert_eq!(answers[2].uniqueness(), Some(&Uniqueness::NoSolution));
    let Some(Grading::Rated(rating)) = answers[3].grading() else {
        panic!("graded: {:?}", answers[3].grading());
    };
    assert!(rating.solved());
    assert_eq!(rating.progress().0, rating.progress().1);
    assert_eq!(
        rating.steps().len(),
        rating.rule_counts().iter().map(|(_, n)| n).sum::<usize>()
    );
    assert_eq!(answers[4].query(), Some(Query::Explain));
    assert!(answers[4]
        .explanation()
        .is_some_and(|t| t.contains("column")));
    assert!(answers[4].count().is_none());
}

#[test]
fn limits_and_the_interrupt_flag_stop_a_statement() {
    let open = "count ABC + DEF = GHIJ with leading zeros\nsolve AB + CD = EF";
    let stopped = answers(open, &Options::new().max_nodes(10).jobs(1));
    assert_eq!(stopped[1].stopped_by(), Some(Limit::Nodes));
    assert!(!stopped[1].is_complete());

    let flag = Arc::new(AtomicBool::new(true));
    let interrupted = answers(open, &Options::new().interrupt(flag).jobs(1));
    assert!(interrupted
        .iter()
        .all(|a| a.stopped_by() == Some(Limit::Interrupt)));

    // A time limit past the clock's range is clamped, not an overflow.
    let forever = answers(
        "SEND + MORE = MONEY",
        &Options::new().timeout(Duration::MAX),
    );
    assert!(forever[0].is_complete());
}

#[test]
fn streaming_hands_out_what_run_keeps() {
    let script = Script::parse("solve AB + CD = EFG\n");
    let statement = &script.statements()[0];
    let kept = statement.run(&Options::new()).expect("runs");
    let mut streamed = Vec::new();
    let answer = statement
        .run_streaming(&Options::new(), |s| streamed.push(s.clone()))
        .expect("runs");
    assert!(answer.solutions().is_empty());
    assert_eq!(streamed, kept.solutions());
    assert_eq!(answer.count(), kept.count());
    assert!(streamed[0].svg().contains("<svg") && statement.svg().is_some());
}

#[test]
fn a_bad_script_is_a_typed_error() {
    let script = Script::parse("SEND + MORE = MONEY\nSEND + MORE\n");
    assert_eq!(script.statements().len(), 1);
    assert_eq!(script.diagnostics()[0].kind, ErrorKind::MissingEquals);
    match script.run_all(&Options::new()) {
        Err(Error::Script(diagnostics)) => assert_eq!(diagnostics, script.diagnostics()),
        other => panic!("{:?}", other.map(|a| a.len())),
    }
    let error = Error::Script(script.diagnostics().to_vec());
    assert!(error.to_string().contains("has an error"));
    assert!(script
        .render_diagnostics("bad.crypta", false)
        .contains("bad.crypta:2"));
}

#[test]
fn counts_convert() {
    let big = answers(
        &format!("count {0} + {0} = {0} with leading zeros", "?".repeat(30)),
        &Options::new(),
    );
    let count = big[0].count().expect("a count");
    assert_eq!(count.to_u64(), None);
    assert_eq!(count.to_u128(), None);
    assert_eq!(count.to_string().len(), 60);
    let small = Count::from(284);
    assert_eq!(small, 284);
    assert_eq!((small.to_u64(), small.to_u128()), (Some(284), Some(284)));
    assert!(!small.is_zero() && Count::default().is_zero());
}

/// Options given beside a script are written after each query's `with`,
/// and give the same answers as written there; one also written in the
/// statement (or its `let`) is refused, and what cannot be written is
/// never written.
#[test]
fn puzzle_options_are_written_after_with() {
    use crypta_core::PuzzleOptions;
    let options = PuzzleOptions {
        base: Some(5),
        leading_zeros: Some(true),
        ..Default::default()
    };
    assert_eq!(
        options
            .apply("ABCED + BDACE = EBBAA  # a comment")
            .as_deref(),
        Ok("ABCED + BDACE = EBBAA with base 5, leading zeros  # a comment")
    );
    // After a name, after options, after a block (its `#` cells are no
    // comment), before a comment.
    assert_eq!(
        options
            .apply("let m = A + B = C\ncount m # m\nsolve m with A = 1 # c")
            .as_deref(),
        Ok(
            "let m = A + B = C\ncount m with base 5, leading zeros # m\n\
            solve m with A = 1, base 5, leading zeros # c"
        )
    );
    let grid = "kakuro {\n  #   4\\  3\\\n  \\3 .   .\n} # 1 + 2\n";
    assert_eq!(
        PuzzleOptions {
            repeats: Some(true),
            ..Default::default()
        }
        .apply(grid)
        .as_deref(),
        Ok("kakuro {\n  #   4\\  3\\\n  \\3 .   .\n} with repeats # 1 + 2\n")
    );
    let given = options
        .apply("count ABCED + BDACE = EBBAA")
        .expect("written");
    let written = "count ABCED + BDACE = EBBAA with base 5, leading zeros";
    assert_eq!(given, written);

    // Added to the options written, to each query, and not to a `let`.
    let repeats = PuzzleOptions {
        repeats: Some(true),
        digits: Some(vec![3, 1, 2, 1]),
        ..Default::default()
    };
    let script = "let p = A + B = C\ncount p with A = 1; solve A + B = C with C != 3";
    let applied = repeats.apply(script).expect("written");
    assert_eq!(
        applied,
        "let p = A + B = C\ncount p with A = 1, digits {1,2,3}, repeats; \
         solve A + B = C with C != 3, digits {1,2,3}, repeats"
    );
    // A = 1 and B in 1..2; then only 1 + 1 = 2.
    let counts: Vec<String> = answers(&applied, &Options::new())
        .iter()
        .filter_map(|a| a.count().map(|c| c.to_string()))
        .collect();
    assert_eq!(counts, ["2", "1"]);

    // Given twice: refused, naming both.
    let base = PuzzleOptions {
        base: Some(7),
        ..Default::default()
    };
    let refused = base.apply("let m = A + B = CD with base 8\nunique m with A = 1");
    let error = refused.expect_err("the let gives a base");
    assert_eq!(
        error,
        crypta_core::PuzzleOptionsError::GivenTwice {
            given: "base=",
            written: "base 8".into()
        }
    );
    let message = error.to_string();
    assert_eq!(
        message,
        "base= is given, and the statement has `base 8`: give it in one place"
    );
    assert!(
        message.contains("base=") && message.contains("`base 8`"),
        "{message}"
    );
    let no_repeats = PuzzleOptions {
        repeats: Some(false),
        ..Default::default()
    };
    assert!(no_repeats.apply("A + B = C with repeats").is_err());
    assert_eq!(no_repeats.apply("A + B = C").as_deref(), Ok("A + B = C"));
    // The same flag twice says the same thing: written again.
    assert!(repeats.apply("A + B = C with repeats").is_ok());

    // Only letters are written as groups, and never an option's word.
    for group in ["AB, repeats", "A B", "repeats", "", "A1"] {
        let bad = PuzzleOptions {
            distinct: vec!["ABC".into(), group.into()],
            ..Default::default()
        };
        assert!(bad.apply("ABC + DEF = GHI").is_err(), "{group:?}");
    }
    let groups = PuzzleOptions {
        distinct: vec!["ABC".into(), "DEF".into()],
        ..Default::default()
    };
    assert_eq!(
        groups.apply("count ABC + DEF = GHI").as_deref(),
        Ok("count ABC + DEF = GHI with distinct ABC, DEF")
    );

    // The checker reports what is wrong once written, in the text given.
    let far = PuzzleOptions {
        base: Some(99),
        ..Default::default()
    };
    let checked = Script::parse(&far.apply("A + B = C").expect("written"));
    assert_eq!(checked.diagnostics()[0].kind, ErrorKind::BaseOutOfRange);
}
