//! `generate` for the page: one puzzle from a seed and the options of
//! `crypta generate`, checked as the command line checks them.

use crypta_core::generate::kakuro::{self, Symmetry};
use crypta_core::generate::layout::{self, Operation};
use crypta_core::generate::letters::{self, Pattern, Shape};
use serde_json::{json, Value};

use crate::requests::number;

/// One statement made as `crypta generate KIND` makes it.
pub fn generate(request: &Value) -> Result<Value, String> {
    let seed = number(request, "seed").unwrap_or(1);
    let kind = request["kind"].as_str().unwrap_or("kakuro");
    let query = request["query"].as_str().unwrap_or("unique");
    if !matches!(query, "solve" | "unique" | "count" | "grade" | "explain") {
        return Err(format!("`{}` is not a query generate writes", query));
    }
    let made = match kind {
        "kakuro" => {
            let side = |key: &str, default: u64| -> Result<usize, String> {
                match number(request, key).unwrap_or(default) {
                    n @ 1..=256 => Ok(n as usize),
                    _ => Err(format!("{} is 1 to 256", key)),
                }
            };
            let size = side("size", 10)?;
            let (rows, cols) = (side("rows", size as u64)?, side("cols", size as u64)?);
            let chance = |key: &str, default: f64| -> Result<f64, String> {
                match request[key].as_f64().unwrap_or(default) {
                    x if (0.0..=1.0).contains(&x) => Ok(x),
                    _ => Err(format!("{} is 0 to 1", key)),
                }
            };
            let spec = kakuro::Spec {
                rows,
                cols,
                density: chance("density", 0.8)?,
                givens: chance("givens", 0.0)?,
                unique: request["unique"].as_bool().unwrap_or(false),
                symmetry: match request["symmetry"].as_str().unwrap_or("none") {
                    "rotational" => Symmetry::Rotational,
                    "mirror" => Symmetry::Mirror,
                    _ => Symmetry::None,
                },
                ..kakuro::Spec::new(rows, seed)
            };
            Some(format!("{} {}", query, kakuro::generate(&spec).block()))
        }
        "letters" => {
            let words = letters::read_words(request["words"].as_str().unwrap_or(""), "words")?;
            if words.len() < 3 {
                return Err("the word list needs at least 3 words".into());
            }
            let shape = match request["pattern"].as_str().filter(|p| !p.trim().is_empty()) {
                Some(pattern) => Shape::Pattern(Pattern::parse(pattern)?),
                None => {
                    let low = number(request, "addends").unwrap_or(2) as usize;
                    if !(2..=9).contains(&low) {
                        return Err("words added are 2 to 9".into());
                    }
                    Shape::Sum(low, low)
                }
            };
            let base = number(request, "base").unwrap_or(10);
            if !(2..=36).contains(&base) {
                return Err("base is 2 to 36".into());
            }
            let spec = letters::Spec {
                seed,
                base: base as u32,
                shape,
            };
            letters::generate(&words, &spec)?
        }
        "multiplication" | "division" => {
            let division = kind == "division";
            let default = if division { (5, 2) } else { (3, 2) };
            let digits = match request["digits"].as_array().map(|d| (d.first(), d.get(1))) {
                Some((Some(a), Some(b))) => (
                    a.as_u64().unwrap_or(0) as usize,
                    b.as_u64().unwrap_or(0) as usize,
                ),
                _ => default,
            };
            let fits = |n: usize| (1..=layout::MAX_DIGITS).contains(&n);
            if !fits(digits.0) || !fits(digits.1) || (division && digits.0 < digits.1) {
                return Err(format!(
                    "digits are 1 to {} each{}",
                    layout::MAX_DIGITS,
                    if division {
                        ", the dividend at least as long as the divisor"
                    } else {
                        ""
                    }
                ));
            }
            let keep = match number(request, "keep") {
                Some(d @ 0..=9) => Some(d as u8),
                Some(_) => return Err("keep is a digit, 0 to 9".into()),
                None => None,
            };
            layout::generate(&layout::Spec {
                operation: if division {
                    Operation::Division
                } else {
                    Operation::Multiplication
                },
                digits,
                seed,
                keep,
                letters: request["letters"].as_bool().unwrap_or(false),
                any_shape: request["any_shape"].as_bool().unwrap_or(false),
            })?
        }
        other => return Err(format!("unknown kind `{}`", other)),
    };
    match made {
        Some(statement) => Ok(json!({ "statement": statement })),
        None => Err(format!(
            "no puzzle found for seed {} (try another seed or other options)",
            seed
        )),
    }
}
