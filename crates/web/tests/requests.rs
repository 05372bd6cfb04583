//! The module's requests, natively: the same JSON the page gets. Givens
//! written in by `apply` are checked against the solver itself: each
//! suggested set, applied, leaves a puzzle `unique` calls unique.

use crypta_web::handle;
use serde_json::{json, Value};

fn ask(request: Value) -> Value {
    let answer: Value = serde_json::from_str(&handle(&request.to_string(), &mut |_| {})).unwrap();
    answer
}

fn ok(request: Value) -> Value {
    let answer = ask(request);
    assert!(answer.get("error").is_none(), "{}", answer);
    answer["ok"].clone()
}

#[test]
fn diagnostics_have_utf16_spans_and_fixes() {
    // `×` is two bytes and one UTF-16 unit: the span is in the page's units.
    let source = "# ×\nA + B = CD with bse 8\n";
    let checked = ok(json!({ "op": "check", "source": source }));
    let d = &checked["diagnostics"][0];
    assert_eq!(d["kind"], "UnknownOption");
    let start = source.encode_utf16().count() - "bse 8\n".len();
    assert_eq!(d["span"][0], start);
    assert_eq!(d["fix"]["text"], "base");
    assert!(checked["rendered"].as_str().unwrap().contains("bse"));
    let words: Vec<&str> = checked["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t[0].as_str().unwrap())
        .collect();
    assert_eq!(words[0], "comment");
}

#[test]
fn completion_offers_options_after_with() {
    let done = ok(json!({ "op": "complete", "source": "A + B = CD with ba", "offset": 18 }));
    assert_eq!(done["start"], 16);
    assert_eq!(done["items"][0]["text"], "base");
}

#[test]
fn run_streams_pieces_and_draws() {
    let mut pieces = Vec::new();
    let answer = handle(
        &json!({ "op": "run", "source": "SEND + MORE = MONEY\ncount AB + CD = EFG\n", "line": 1 })
            .to_string(),
        &mut |line| pieces.push(line.to_string()),
    );
    let answer: Value = serde_json::from_str(&answer).unwrap();
    let answers = answer["ok"]["answers"].as_array().unwrap();
    assert_eq!(answers.len(), 1, "line 1 runs the first statement only");
    assert!(answers[0]["output"]
        .as_str()
        .unwrap()
        .contains("9567 + 1085 = 10652"));
    assert!(answers[0]["svg"].as_str().unwrap().contains("<svg"));
    assert!(pieces.len() >= 2, "{:?}", pieces);
}

#[test]
fn every_suggested_set_of_givens_applied_makes_the_puzzle_unique() {
    let scripts = [
        "unique ACM + IBM = ICPC\n",
        "unique SEND + MORE = MONEY with repeats\n",
        "let p = AB + BA = CDC\nunique p\n",
        "unique kakuro { # 5\\ 5\\ ; \\4 . . ; \\6 . . }\n",
        "unique 1?? + ?? = 2?? with ? in 1..8\n",
        "unique multiplication {\n    **\n  x  *\n  ----\n   **2\n}\n",
    ];
    let mut applied = 0;
    for script in scripts {
        let ran = ok(json!({ "op": "run", "source": script }));
        let answer = ran["answers"].as_array().unwrap().last().unwrap().clone();
        let sets = answer["givens"].as_array().unwrap();
        assert!(
            !sets.is_empty(),
            "{} suggests givens: {}",
            script,
            answer["output"]
        );
        for set in sets {
            let done = ok(json!({
                "op": "apply", "source": script, "statement": answer["number"], "givens": set,
            }));
            let fixed = done["source"].as_str().unwrap();
            let rerun = ok(json!({ "op": "run", "source": fixed }));
            let output = rerun["answers"].as_array().unwrap().last().unwrap()["output"].clone();
            assert!(
                output
                    .as_str()
                    .unwrap()
                    .contains("unique: exactly one solution"),
                "{} with {} is\n{}\n{}",
                script,
                set,
                fixed,
                output
            );
            applied += 1;
        }
    }
    assert!(applied >= 10);
}

#[test]
fn generate_checks_its_options_and_makes_statements_that_check() {
    for request in [
        json!({ "op": "generate", "kind": "kakuro", "size": 5, "seed": 2, "unique": true }),
        json!({ "op": "generate", "kind": "division", "seed": 4 }),
        json!({ "op": "generate", "kind": "letters", "seed": 1, "words": "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\ntwelve\n" }),
    ] {
        let made = ask(request.clone());
        let Some(statement) = made["ok"]["statement"].as_str() else {
            // A word list may have no puzzle for a seed: a message, not a panic.
            assert!(
                made["error"].as_str().unwrap().contains("no puzzle"),
                "{}",
                made
            );
            continue;
        };
        let checked = ok(json!({ "op": "check", "source": statement }));
        assert_eq!(checked["diagnostics"], json!([]), "{}", statement);
    }
    for bad in [
        json!({ "op": "generate", "kind": "kakuro", "size": 0 }),
        json!({ "op": "generate", "kind": "kakuro", "density": 2.0 }),
        json!({ "op": "generate", "kind": "division", "digits": [2, 5] }),
        json!({ "op": "generate", "kind": "letters", "words": "a" }),
        json!({ "op": "generate", "kind": "sudoku" }),
    ] {
        assert!(ask(bad.clone())["error"].is_string(), "{}", bad);
    }
}

/// The page's options are the command line's, checked by the core with
/// its messages: each request gives what `crypta generate` prints.
#[test]
fn generate_takes_the_command_lines_options() {
    let made = |request: Value| ok(request)["statement"].as_str().unwrap().to_string();
    let easy = made(
        json!({ "op": "generate", "kind": "multiplication", "seed": 2, "difficulty": "easy" }),
    );
    assert!(easy.starts_with("unique multiplication {"), "{}", easy);
    let graded = ok(json!({ "op": "run", "source": easy.replacen("unique", "grade", 1) }));
    assert!(graded.to_string().contains("easy"), "{}", graded);
    let laid_out =
        made(json!({ "op": "generate", "kind": "kakuro", "size": 5, "not_unique": true }));
    assert!(laid_out.starts_with("count kakuro {"), "{}", laid_out);
    let unticked = made(json!({ "op": "generate", "kind": "kakuro", "size": 5, "unique": false }));
    assert_eq!(unticked, laid_out);
    made(json!({ "op": "generate", "kind": "division", "seed": 4, "any_shape": true }));
    for (bad, message) in [
        (
            json!({ "op": "generate", "kind": "kakuro", "any_shape": true }),
            "--any-shape is not for kakuro",
        ),
        (
            json!({ "op": "generate", "kind": "letters", "words": "a\nb\nc", "size": 5 }),
            "--size is not for letters",
        ),
        (
            json!({ "op": "generate", "kind": "division", "digits": [2, 3] }),
            "--digits 2x3: a dividend of 2 digits is shorter than a divisor of 3",
        ),
        (
            json!({ "op": "generate", "kind": "kakuro", "difficulty": "hard", "not_unique": true }),
            "not with --not-unique",
        ),
    ] {
        let error = ask(bad.clone())["error"].as_str().unwrap_or("").to_string();
        assert!(error.contains(message), "{}: {}", bad, error);
    }
}

#[test]
fn unreadable_requests_are_errors_not_panics() {
    for request in [
        "not json",
        "{}",
        r#"{"op": "check"}"#,
        r#"{"op": "apply", "source": "A + B = C", "statement": 9, "givens": []}"#,
        r#"{"op": "apply", "source": "A + B = CD", "statement": 1, "givens": [{"name": "r9c9", "digit": 1}]}"#,
    ] {
        let answer: Value = serde_json::from_str(&handle(request, &mut |_| {})).unwrap();
        assert!(answer["error"].is_string(), "{} gave {}", request, answer);
    }
}

#[test]
fn a_long_listing_keeps_its_head_and_end() {
    let mut streamed = 0;
    let answer = handle(
        &json!({ "op": "run", "source": "solve ABC * DE = FGHI with repeats\n" }).to_string(),
        &mut |line| streamed += line.len(),
    );
    let answer: Value = serde_json::from_str(&answer).unwrap();
    let output = answer["ok"]["answers"][0]["output"].as_str().unwrap();
    assert!(output.len() < 250_000, "{} bytes kept", output.len());
    assert!(streamed > 1_000_000, "{} bytes streamed", streamed);
    assert!(output.contains("bytes of solutions not kept here"));
    assert!(
        output.trim_end().ends_with("solutions"),
        "{}",
        &output[output.len() - 200..]
    );
}

/// Each statement's answer goes out as soon as it is made, after its
/// last piece; before its first, what it is: a page whose run is stopped
/// later keeps the first and knows what the stopped one was.
#[test]
fn each_answer_is_emitted_when_its_statement_ends() {
    let mut lines: Vec<Value> = Vec::new();
    let answer = handle(
        &json!({ "op": "run", "source": "TO + GO = OUT\ncount AB + CD = EFG\n" }).to_string(),
        &mut |line| lines.push(serde_json::from_str(line).unwrap()),
    );
    let answer: Value = serde_json::from_str(&answer).unwrap();
    let at = |key: &str| -> Vec<usize> {
        (0..lines.len())
            .filter(|&i| lines[i].get(key).is_some())
            .collect()
    };
    let (begins, answered) = (at("begin"), at("answer"));
    assert_eq!(begins, vec![0, answered[0] + 1], "{:?}", lines);
    assert_eq!(
        answered,
        vec![begins[1] - 1, lines.len() - 1],
        "{:?}",
        lines
    );
    assert_eq!(lines[0]["begin"], "TO + GO = OUT");
    assert_eq!(lines[begins[1]]["begin"], "count AB + CD = EFG");
    // The streamed search's last piece is marked; the count has one piece.
    assert_eq!(lines[answered[0] - 1]["end"], json!(true), "{:?}", lines);
    assert_eq!(
        lines[answered[1] - 1]["piece"],
        "count AB + CD = EFG\n  284 solutions\n"
    );
    for (k, &i) in answered.iter().enumerate() {
        assert_eq!(lines[i]["number"], json!(k + 1));
        assert_eq!(lines[i]["answer"], answer["ok"]["answers"][k]);
    }
    assert!(lines[answered[0]]["answer"]["output"]
        .as_str()
        .unwrap()
        .contains("21 + 81 = 102"));
}

/// Issue 42: a flat chain of 30,000 terms is refused before anything
/// recurses over it, and the module answers the next request.
#[test]
fn a_long_flat_chain_is_a_diagnostic() {
    let source = format!("count A = B{}", " + A".repeat(30_000));
    let checked = ok(json!({ "op": "check", "source": source }));
    assert_eq!(checked["diagnostics"][0]["kind"], "TooLarge");
    let checked = ok(json!({ "op": "check", "source": "SEND + MORE = MONEY" }));
    assert_eq!(checked["diagnostics"].as_array().map(Vec::len), Some(0));
}

/// Issue 42: the primality of a number of 4,000 digits polls the time
/// limit (once 9.4 s past a `timeout_ms` of 500): the run ends, stopped by
/// the time limit, and says so.
#[test]
fn a_long_primality_test_keeps_timeout_ms() {
    let answer = ok(json!({
        "op": "run",
        "source": "solve (10 ^ 4000 + 1) prime, A = 1\n",
        "timeout_ms": 100,
    }));
    let answers = answer["answers"].as_array().cloned().unwrap_or_default();
    assert_eq!(answers.len(), 1, "{}", answer);
    assert_eq!(answers[0]["stopped_by"], "Time", "{}", answer);
}
