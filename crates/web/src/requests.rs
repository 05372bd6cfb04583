//! The requests the page sends, each answered by one JSON object: `{"ok":
//! ...}` or `{"error": "message"}` for a request the module cannot read.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crypta_core::analysis::Analysis;
use crypta_core::fmt::lex::{self, TokenKind};
use crypta_core::{
    complete, render_diagnostics, vocab, Fixes, Format, Options, Piece, Query, Script, Uniqueness,
};
use serde_json::{json, Value};

use crate::offsets::{to_byte, Offsets};

/// Bytes of a statement's output kept in a `run` answer (its pieces all
/// go out as they are printed).
const KEPT: usize = 200_000;

/// Answers one request (a JSON object with an `op`); `emit` gets JSON
/// lines while a `run` goes on.
pub fn handle(request: &str, emit: &mut dyn FnMut(&str)) -> String {
    let answer = match serde_json::from_str::<Value>(request) {
        Ok(request) => answer(&request, emit),
        Err(e) => Err(format!("unreadable request: {}", e)),
    };
    match answer {
        Ok(value) => json!({ "ok": value }).to_string(),
        Err(message) => json!({ "error": message }).to_string(),
    }
}

fn answer(request: &Value, emit: &mut dyn FnMut(&str)) -> Result<Value, String> {
    let source = || text(request, "source");
    match request["op"].as_str().unwrap_or_default() {
        "vocab" => Ok(words()),
        "check" => Ok(check(&source()?)),
        "complete" => {
            let offset = number(request, "offset").unwrap_or(0) as usize;
            Ok(completions(&source()?, offset))
        }
        "run" => run(&source()?, request, emit),
        "apply" => crate::apply::apply(&source()?, request),
        "generate" => crate::generate::generate(request),
        other => Err(format!("unknown op `{}`", other)),
    }
}

/// The string field `key` of `request`.
pub fn text(request: &Value, key: &str) -> Result<String, String> {
    request[key]
        .as_str()
        .map(String::from)
        .ok_or_else(|| format!("`{}` is missing", key))
}

/// The whole-number field `key` of `request`, if given.
pub fn number(request: &Value, key: &str) -> Option<u64> {
    request[key].as_u64()
}

/// The language's words for the editor's colours and completion, from
/// the vocabulary (the page lists none of its own).
fn words() -> Value {
    let entries = |group: &str, words: Vec<&vocab::Word>| -> Vec<Value> {
        words
            .into_iter()
            .map(|w| json!({ "text": w.text, "also": w.also, "usage": w.usage, "about": w.about, "group": group }))
            .collect()
    };
    let mut all = entries("query", vocab::QUERIES.iter().collect());
    all.extend(entries(
        "keyword",
        vec![&vocab::LET, &vocab::WITH, &vocab::IN],
    ));
    all.extend(entries(
        "block",
        vocab::BLOCKS.iter().map(|b| &b.word).collect(),
    ));
    all.extend(entries(
        "option",
        vocab::OPTIONS.iter().map(|o| &o.word).collect(),
    ));
    all.extend(entries(
        "property",
        vocab::PROPERTIES.iter().map(|e| &e.word).collect(),
    ));
    json!({ "words": all, "keywords": vocab::keywords(), "comment": vocab::COMMENT.to_string() })
}

/// What `crypta check` says of `source`, with spans in UTF-16 offsets,
/// where each statement is, and the tokens the editor colours.
fn check(source: &str) -> Value {
    let analysis = Analysis::new(source);
    let at = Offsets::new(source);
    let span = |s: &std::ops::Range<usize>| json!([at.to_utf16(s.start), at.to_utf16(s.end)]);
    let diagnostics: Vec<Value> = analysis
        .diagnostics
        .iter()
        .map(|d| {
            json!({
                "kind": d.kind.name(),
                "severity": if d.kind.is_warning() { "warning" } else { "error" },
                "message": d.message,
                "span": span(&d.span),
                "labels": d.labels.iter().map(|(s, note)| json!({ "span": span(s), "note": note })).collect::<Vec<_>>(),
                "hint": d.hint,
                "fix": d.fix.as_ref().map(|f| json!({ "span": span(&f.span), "text": f.replacement })),
            })
        })
        .collect();
    let statements: Vec<Value> = analysis
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| json!({ "number": i + 1, "span": span(&e.span) }))
        .collect();
    let tokens: Vec<Value> = lex::tokens(source)
        .iter()
        .filter_map(|t| {
            let kind = match t.kind {
                TokenKind::Word => "word",
                TokenKind::Punct => "punct",
                TokenKind::Semicolon => "punct",
                TokenKind::Comment => "comment",
                TokenKind::Block => "block",
                TokenKind::Newline => return None,
            };
            Some(json!([
                kind,
                at.to_utf16(t.span.start),
                at.to_utf16(t.span.end)
            ]))
        })
        .collect();
    let rendered = if analysis.diagnostics.is_empty() {
        String::new()
    } else {
        render_diagnostics(&analysis.diagnostics, "playground", source, false)
    };
    json!({
        "diagnostics": diagnostics,
        "statements": statements,
        "tokens": tokens,
        "rendered": rendered,
    })
}

/// The words that fit at UTF-16 offset `offset`, as the REPL and the
/// language server offer them.
fn completions(source: &str, offset: usize) -> Value {
    let byte = to_byte(source, offset);
    let before = &source[..byte];
    let analysis = Analysis::new(source);
    let (start, words) = complete::completions(before, analysis.names());
    let items: Vec<Value> = words
        .iter()
        .map(|w| json!({ "text": w, "about": complete::detail(w) }))
        .collect();
    json!({ "start": Offsets::new(source).to_utf16(start), "items": items })
}

/// Runs the statements of `source` (the one on or before line `line`
/// when given, from 1) as `crypta run` prints them, with a picture of
/// each (unless `pictures` is false). Each output piece is
/// emitted as soon as it is printed: `{"number": N, "piece": TEXT}`, the
/// last one of a streamed search with `"end": true` (a statement that does
/// not stream prints all of its output at its end, in one piece). Before
/// them goes `{"number": N, "begin": TEXT}` (the statement as written),
/// so that the page knows what runs; after them the statement's whole
/// answer (as in the `answers` of the reply) as `{"number": N, "answer":
/// {...}}`, so that a page whose run is stopped later still has it.
fn run(source: &str, request: &Value, emit: &mut dyn FnMut(&str)) -> Result<Value, String> {
    let script = Script::parse(source);
    if !script.is_ok() {
        return Ok(json!({
            "diagnostics": render_diagnostics(script.diagnostics(), "playground", source, false),
            "answers": [],
        }));
    }
    // A flag nobody raises: with it the search looks at the clock every
    // millisecond or so even without a time limit, and the page's clock
    // import is where the worker hands out the lines it holds back.
    let mut options = Options::new()
        .jobs(1)
        .interrupt(Arc::new(AtomicBool::new(false)));
    if let Some(ms) = number(request, "timeout_ms").filter(|&ms| ms > 0) {
        options = options.timeout(Duration::from_millis(ms));
    }
    if let Some(nodes) = number(request, "max_nodes").filter(|&n| n > 0) {
        options = options.max_nodes(nodes);
    }
    let chosen: Vec<&crypta_core::Statement> = match number(request, "line") {
        Some(line) => script
            .statements()
            .iter()
            .rev()
            .find(|s| s.line() as u64 <= line)
            .into_iter()
            .collect(),
        None => script.statements().iter().collect(),
    };
    // `"pictures": false` leaves them out: what `crypta run` does, to time
    // the two side by side.
    let pictures = request["pictures"].as_bool().unwrap_or(true);
    let mut answers = Vec::new();
    for statement in chosen {
        let number = statement.number();
        emit(&json!({ "number": number, "begin": statement.text() }).to_string());
        let mut output = String::new();
        let mut skipped = 0;
        let answer = statement.run_printed(&options, Format::Text, None, |piece| {
            let (text, end) = match piece {
                Piece::Start(t) | Piece::Solution(t) => (t, false),
                Piece::End(t) => (t, true),
            };
            let line = if end {
                json!({ "number": number, "piece": text, "end": true })
            } else {
                json!({ "number": number, "piece": text })
            };
            emit(&line.to_string());
            // Every piece went to the page as it came; the answer keeps
            // the head of a long listing and its end.
            if end && skipped > 0 {
                output.push_str(&format!(
                    "  … {} bytes of solutions not kept here\n",
                    skipped
                ));
            }
            if end || output.len() < KEPT {
                output.push_str(text);
            } else {
                skipped += text.len();
            }
        });
        let answer = match answer {
            Ok(answer) => answer,
            Err(e) => {
                let answer = json!({ "number": number, "line": statement.line(), "output": output, "error": e.to_string() });
                emit(&json!({ "number": number, "answer": answer }).to_string());
                answers.push(answer);
                continue;
            }
        };
        let streamed_some = matches!(statement.query(), Some(Query::Solve | Query::First(_)))
            && answer.count().is_some_and(|c| !c.is_zero());
        let svg = match answer.solutions().first() {
            _ if !pictures => None,
            Some(solution) => Some(solution.svg()),
            None if streamed_some => statement.picture(&options, false).ok().map(|(svg, _)| svg),
            None => statement.svg(),
        };
        let givens = match answer.uniqueness() {
            Some(Uniqueness::NotUnique(Fixes::Givens(sets))) => sets
                .iter()
                .map(|set| {
                    set.iter()
                        .map(|g| json!({ "name": g.name, "digit": g.digit }))
                        .collect::<Vec<_>>()
                })
                .collect(),
            _ => Vec::new(),
        };
        let grading = answer.grading().and_then(|g| g.rating()).map(|rating| {
            json!({
                "difficulty": rating.difficulty().name(),
                "solved": rating.solved(),
                "steps": rating.steps().iter().map(|s| json!({
                    "rule": s.rule,
                    "level": s.level.name(),
                    "touched": s.touched,
                    "why": s.why,
                    "removed": s.removed,
                })).collect::<Vec<_>>(),
            })
        });
        let answer = json!({
            "number": number,
            "line": statement.line(),
            "query": statement.query().map(|q| format!("{:?}", q)),
            "output": output,
            "svg": svg,
            "stopped_by": answer.stopped_by().map(|l| format!("{:?}", l)),
            "givens": givens,
            "grading": grading,
        });
        emit(&json!({ "number": number, "answer": answer }).to_string());
        answers.push(answer);
    }
    Ok(json!({ "answers": answers }))
}
