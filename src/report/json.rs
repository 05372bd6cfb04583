//! Results and diagnostics as JSON lines, exactly as the brief specifies.

use serde_json::{json, Map, Value};

use crate::diagnostic::Diagnostic;
use crate::ir::Query;
use crate::run::{ResultBody, Solution, StatementResult};

use super::diagnostics::position;

fn query_name(query: Query) -> &'static str {
    query.keyword()
}

/// One statement's result as one JSON object.
pub fn render(result: &StatementResult, file: Option<&str>) -> String {
    let mut object = Map::new();
    if let Some(file) = file {
        object.insert("file".into(), json!(file));
    }
    object.insert("statement".into(), json!(result.number));
    object.insert("line".into(), json!(result.line));
    object.insert("kind".into(), json!(result.kind));
    match &result.body {
        ResultBody::Bound { name } => {
            object.insert("let".into(), json!(name));
        }
        ResultBody::Explained { strategy, text } => {
            object.insert("query".into(), json!("explain"));
            object.insert("strategy".into(), json!(strategy));
            object.insert("explain".into(), json!(text));
        }
        ResultBody::Searched(search) => {
            object.insert("query".into(), json!(query_name(search.query)));
            if let Query::First(n) = search.query {
                object.insert("first".into(), json!(n));
            }
            object.insert("strategy".into(), json!(search.strategy));
            object.insert("count".into(), json!(search.count));
            object.insert("complete".into(), json!(search.complete));
            if search.query == Query::Unique {
                object.insert("unique".into(), json!(search.complete && search.count == 1));
            }
            let solutions: Vec<Value> = search
                .solutions
                .iter()
                .map(|s| match s {
                    Solution::Letters { symbols, text } => {
                        let symbols: Map<String, Value> = symbols
                            .iter()
                            .map(|(c, d)| (c.to_string(), json!(d)))
                            .collect();
                        json!({"symbols": symbols, "text": text})
                    }
                    Solution::Grid { grid, .. } => json!({ "grid": grid }),
                    Solution::Layout { rows, symbols, .. } => {
                        let symbols: Map<String, Value> = symbols
                            .iter()
                            .map(|(c, d)| (c.to_string(), json!(d)))
                            .collect();
                        json!({"rows": rows, "symbols": symbols})
                    }
                })
                .collect();
            object.insert("solutions".into(), Value::Array(solutions));
        }
    }
    Value::Object(object).to_string()
}

/// One diagnostic as `{"error": {...}}`.
pub fn render_error(diagnostic: &Diagnostic, source: &str, file: Option<&str>) -> String {
    let (line, column) = position(source, diagnostic.span.start);
    let (end_line, end_column) = position(source, diagnostic.span.end);
    let mut error = Map::new();
    error.insert("message".into(), json!(diagnostic.message));
    if let Some(file) = file {
        error.insert("file".into(), json!(file));
    }
    error.insert("line".into(), json!(line));
    error.insert("column".into(), json!(column));
    error.insert("end_line".into(), json!(end_line));
    error.insert("end_column".into(), json!(end_column));
    if let Some(hint) = &diagnostic.hint {
        error.insert("hint".into(), json!(hint));
    }
    json!({ "error": error }).to_string()
}

/// An error that has no place in a script (an unreadable file, an internal
/// error).
pub fn render_plain_error(message: &str) -> String {
    json!({ "error": { "message": message } }).to_string()
}
