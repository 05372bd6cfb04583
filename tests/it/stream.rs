//! Streamed runs: `solve` and `first N` hand each solution to a sink and
//! keep none, and the pieces printed as they come are byte for byte what
//! rendering the whole result prints, as text and as JSON.

use crypta_core::limits::MAX_SHOWN_DIGITS;
use crypta_engine::program::check_script;
use crypta_engine::program::{Action, Statement};
use crypta_engine::report::{json, text};
use crypta_engine::run::{
    run_statement, run_statement_streaming, Limit, ResultBody, RunOptions, StatementResult,
    StreamEvent,
};
use crypta_substrate::ir::Query;

use crate::support::{files, read};

/// What a streamed run printed, as text and as JSON (with `file`), and its
/// result.
struct Streamed {
    text: String,
    json: String,
    result: StatementResult,
}

/// Runs `statement` streaming, rendering each event as `crypta run` prints
/// it, and ends with the result's tail (or the whole result when nothing
/// was streamed).
fn streamed(statement: &Statement, options: &RunOptions, file: Option<&str>) -> Streamed {
    let (mut text, mut json) = (String::new(), String::new());
    let mut heads = 0;
    let mut next = 0;
    let result = run_statement_streaming(statement, options, &mut |event| match event {
        StreamEvent::Head(head) => {
            heads += 1;
            text.push_str(&text::head(&head));
            json.push_str(&json::head(&head, file));
        }
        StreamEvent::Solution {
            head,
            solution,
            index,
        } => {
            assert_eq!(index, next, "solutions come numbered in order");
            next += 1;
            text.push_str(&text::solution(&head, solution));
            json.push_str(&json::solution(&head, solution, index));
        }
    })
    .expect("runs");
    match &result.body {
        ResultBody::Searched(search) if search.streamed => {
            assert_eq!(heads, 1, "{}", result.text);
            assert!(search.solutions.is_empty(), "{}", result.text);
            assert_eq!(search.count, next, "{}", result.text);
            text.push_str(&text::tail(search));
            json.push_str(&json::tail(search));
        }
        _ => {
            assert_eq!((heads, next), (0, 0), "{}", result.text);
            text.push_str(&text::render(&result));
            json.push_str(&json::render(&result, file));
        }
    }
    Streamed { text, json, result }
}

/// Streamed output equals the rendering of the same statement run whole;
/// returns the streamed results.
fn same_as_whole(script: &str, options: &RunOptions) -> Vec<StatementResult> {
    let (statements, problems) = check_script(script);
    assert!(problems.is_empty(), "{:?}", problems);
    let mut results = Vec::new();
    for statement in &statements {
        let file = Some("a file.crypta");
        let whole = run_statement(statement, options).expect("runs");
        let streamed = streamed(statement, options, file);
        assert_eq!(streamed.text, text::render(&whole), "{}", statement.text);
        assert_eq!(
            streamed.json,
            json::render(&whole, file),
            "{}",
            statement.text
        );
        assert!(serde_json::from_str::<serde_json::Value>(&streamed.json).is_ok());
        let streams = matches!(&streamed.result.body, ResultBody::Searched(s) if s.streamed);
        let asks_many = matches!(
            statement.action,
            Action::Ask {
                query: Query::Solve | Query::First(_),
                ..
            }
        );
        assert_eq!(streams, asks_many, "{}", statement.text);
        // Solutions shown one by one are what a whole list shows: letter
        // solutions, aligned on the widest, are all as wide.
        if let ResultBody::Searched(search) = &whole.body {
            let one_by_one: String = search
                .solutions
                .iter()
                .map(|s| text::solutions_text(&search.puzzle, std::slice::from_ref(s)))
                .collect();
            assert_eq!(
                text::solutions_text(&search.puzzle, &search.solutions),
                one_by_one,
                "{}",
                statement.text
            );
        }
        results.push(streamed.result);
    }
    results
}

#[test]
fn streamed_output_is_the_whole_rendering_for_every_example_and_case() {
    let mut scripts = files("examples", "crypta");
    scripts.extend(files("tests/cases", "crypta"));
    let mut run = 0;
    for path in scripts {
        let source = read(&path);
        // The error cases are about diagnostics, not output.
        if !check_script(&source).1.is_empty() {
            continue;
        }
        same_as_whole(&source, &RunOptions::default());
        run += 1;
    }
    assert!(run >= 8, "only {} scripts ran", run);
}

#[test]
fn streamed_output_is_the_whole_rendering_at_the_edges() {
    same_as_whole(
        "first 5 A + B = C with A = 9, B = 8\n\
         first 100 A + B = C with A = 1\n\
         solve A + B = CD with repeats, leading zeros\n\
         first 2 AB * C = DE, C odd\n\
         solve AB + CD = EF, A + C = E\n\
         first 3 ABC + DEF = GHI with base 16",
        &RunOptions::default(),
    );
    // A limit cuts the search short: the node limit, unlike the time
    // limit, stops both runs at the same place.
    let stopped = same_as_whole(
        "solve A + B + C + D + E + F + G + H + I + J + K = LM with repeats",
        &RunOptions {
            max_nodes: Some(50_000),
            ..RunOptions::default()
        },
    );
    let ResultBody::Searched(search) = &stopped[0].body else {
        panic!("not a search");
    };
    assert_eq!(search.stopped_by, Some(Limit::Nodes));
    assert!(search.count != 0);
}

/// A large `first N` keeps none of its solutions: the sink sees each one,
/// and the output limit counts the digits printed.
#[test]
fn a_large_first_n_keeps_no_solution() {
    let (statements, problems) = check_script(
        "first 1000000000 A + B + C + D + E + F + G + H + I + J + K = LM with repeats",
    );
    assert!(problems.is_empty(), "{:?}", problems);
    let mut seen = 0u64;
    let mut digits = 0usize;
    let result = run_statement_streaming(&statements[0], &RunOptions::default(), &mut |event| {
        if let StreamEvent::Solution { solution, .. } = event {
            seen += 1;
            digits += solution.values.len();
        }
    })
    .expect("runs");
    let ResultBody::Searched(search) = result.body else {
        panic!("not a search");
    };
    assert!(search.streamed);
    assert!(search.solutions.is_empty());
    assert!(seen > 300_000, "{}", seen);
    assert_eq!(search.count, seen);
    assert_eq!(search.stopped_by, Some(Limit::Output));
    assert!(!search.complete);
    assert!(digits <= MAX_SHOWN_DIGITS && digits + 13 > MAX_SHOWN_DIGITS);
}

/// The output cap belongs to what `crypta run` prints, not to a stream:
/// `Statement::run_streaming` hands out solutions past
/// [`MAX_SHOWN_DIGITS`] for as long as the search goes on, while
/// `run_printed` of the same statement stops there.
#[test]
fn a_stream_goes_past_the_output_cap() {
    // 26 symbols a solution: the cap falls at 161,319 solutions.
    let wanted = 170_000u64;
    let source = format!(
        "first {} A + B + C + D + E + F + G + H + I + J + K + L + M + N + O + P + Q + R + S \
         + T + U + V + W + X = YZ with repeats",
        wanted
    );
    let script = crypta_core::Script::parse(&source);
    assert!(script.is_ok(), "{:?}", script.diagnostics());
    let statement = &script.statements()[0];
    let (mut seen, mut digits) = (0u64, 0usize);
    let answer = statement
        .run_streaming(&crypta_core::Options::new(), |s| {
            seen += 1;
            digits += s.symbols().len();
        })
        .expect("runs");
    assert_eq!(seen, wanted);
    assert!(digits > MAX_SHOWN_DIGITS, "{}", digits);
    assert!(answer.is_complete() && answer.stopped_by().is_none());
    assert_eq!(
        answer.count().map(|c| c.to_string()),
        Some(wanted.to_string())
    );

    let mut printed = 0u64;
    let printed_answer = statement
        .run_printed(
            &crypta_core::Options::new(),
            crypta_core::Format::Text,
            None,
            |piece| printed += u64::from(matches!(piece, crypta_core::Piece::Solution(_))),
        )
        .expect("runs");
    assert_eq!(printed_answer.stopped_by(), Some(Limit::Output));
    assert!(
        printed < wanted && printed * 26 <= MAX_SHOWN_DIGITS as u64,
        "{}",
        printed
    );
}
