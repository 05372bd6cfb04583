//! `generate` for the page: the request's options made into the core's
//! `generate::Request` (as `crypta generate` takes them, by the same
//! names: `size`, `not_unique`, `open_limit`, `any_shape`...), which the
//! core checks with the command line's messages and makes one puzzle of.

use crypta_core::generate::{ConditionForm, Generator, Kind, Limits, Request, Symmetry, Words};
use crypta_core::Difficulty;
use serde_json::{json, Value};
use std::time::Duration;

/// A whole number the request may give for `key`.
fn whole(request: &Value, key: &str) -> Result<Option<u64>, String> {
    match &request[key] {
        Value::Null => Ok(None),
        value => value
            .as_u64()
            .map(Some)
            .ok_or_else(|| format!("{} is a whole number, 0 or more", key)),
    }
}

fn size(request: &Value, key: &str) -> Result<Option<usize>, String> {
    Ok(whole(request, key)?.map(|n| usize::try_from(n).unwrap_or(usize::MAX)))
}

fn flag(request: &Value, key: &str) -> bool {
    request[key].as_bool().unwrap_or(false)
}

fn text(request: &Value, key: &str) -> Option<String> {
    request[key]
        .as_str()
        .filter(|t| !t.trim().is_empty())
        .map(String::from)
}

/// The core's request for the page's.
fn read(request: &Value) -> Result<Request, String> {
    let defaults = Request::default();
    let name = request["kind"].as_str().unwrap_or("kakuro");
    let kind = Kind::from_name(name).ok_or_else(|| format!("unknown kind `{}`", name))?;
    let pair = |key: &str| -> Result<Option<(usize, usize)>, String> {
        match &request[key] {
            Value::Null => Ok(None),
            Value::Array(both) if both.len() == 2 => {
                let n = |v: &Value| v.as_u64().map_or(0, |n| n.min(1 << 20) as usize);
                Ok(Some((n(&both[0]), n(&both[1]))))
            }
            value => match value.as_u64() {
                Some(n) => Ok(Some((n.min(1 << 20) as usize, n.min(1 << 20) as usize))),
                None => Err(format!("{} is a number or a pair [A, B]", key)),
            },
        }
    };
    let chance = |key: &str, default: f64| match &request[key] {
        Value::Null => Ok(default),
        value => value
            .as_f64()
            .ok_or_else(|| format!("{} is a number from 0 to 1", key)),
    };
    Ok(Request {
        kind,
        count: 1,
        seed: whole(request, "seed")?.unwrap_or(defaults.seed),
        size: size(request, "size")?.unwrap_or(defaults.size),
        rows: size(request, "rows")?,
        cols: size(request, "cols")?,
        // The page's `unique` box unticked asks for what `--not-unique` does.
        unique: request["unique"] == json!(true),
        not_unique: flag(request, "not_unique") || request["unique"] == json!(false),
        density: chance("density", defaults.density)?,
        givens: chance("givens", defaults.givens)?,
        open_limit: size(request, "open_limit")?,
        symmetry: match request["symmetry"].as_str().unwrap_or("none") {
            "none" => Symmetry::None,
            "rotational" => Symmetry::Rotational,
            "mirror" => Symmetry::Mirror,
            other => return Err(format!("symmetry `{}`: none, rotational or mirror", other)),
        },
        kakuro2: flag(request, "kakuro2"),
        query: text(request, "query"),
        words: text(request, "words").map(|text| Words::Text {
            name: "words".into(),
            text,
        }),
        addends: pair("addends")?,
        pattern: text(request, "pattern"),
        base: whole(request, "base")?.map(|b| b.min(u64::from(u32::MAX)) as u32),
        condition: match text(request, "condition") {
            None => None,
            Some(name) => {
                Some(ConditionForm::from_name(&name).ok_or_else(|| {
                    format!("condition `{}`: given, order, property or any", name)
                })?)
            }
        },
        digits: pair("digits")?,
        keep: whole(request, "keep")?.map(|k| k.min(255) as u8),
        letters: flag(request, "letters"),
        difficulty: match request["difficulty"].as_str() {
            None => None,
            Some("easy") => Some(Difficulty::Easy),
            Some("medium") => Some(Difficulty::Medium),
            Some("hard") => Some(Difficulty::Hard),
            Some(other) => return Err(format!("difficulty `{}`: easy, medium or hard", other)),
        },
        any_shape: flag(request, "any_shape"),
    })
}

/// One statement made as `crypta generate KIND` makes it, under the time
/// limit `timeout_ms` (as `--timeout`; 0 or none for no limit). The core
/// looks at it between puzzles; while one is being made only the page can
/// stop it, by ending its worker at the same limit (web/src/app.js).
pub fn generate(page: &Value) -> Result<Value, String> {
    let request = read(page)?;
    let generator = Generator::new(&request).map_err(|e| e.to_string())?;
    // No threads in a browser: the puzzle is made on this one.
    let limits = Limits {
        jobs: 1,
        timeout: whole(page, "timeout_ms")?
            .filter(|&ms| ms > 0)
            .map(Duration::from_millis),
        ..Limits::default()
    };
    let mut made = Err("no puzzle made".to_string());
    let outcome = generator.run(&limits, |seed, puzzle| {
        made = match puzzle {
            Ok(Some(statement)) => Ok(json!({ "statement": statement })),
            Ok(None) => Err(request.no_puzzle(seed)),
            Err(message) => Err(format!("internal error: {}", message)),
        }
    });
    match outcome.message() {
        Some(stopped) if made.is_err() => Err(stopped),
        _ => made,
    }
}
