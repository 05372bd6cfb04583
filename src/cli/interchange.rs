//! `crypta import` and `--format puzzlink|janko`: Kakuro puzzles in and
//! out of puzz.link URLs and Janko's files, through
//! `crypta_core::interchange`.

use crate::{err, errln, outln};
use crypta_core::limits::{read_text, Input, MAX_SCRIPT_BYTES};
use crypta_core::{excerpt, interchange, render_diagnostics, Script};

use super::commands::unreadable;
use super::output::{ERRORS, OK, USAGE};

/// Reads a file, `-` for standard input, as text.
fn read(name: &str) -> Result<String, (String, u8)> {
    let read = if name == "-" {
        read_text(std::io::stdin().lock(), MAX_SCRIPT_BYTES)
    } else {
        std::fs::File::open(name).and_then(|f| read_text(f, MAX_SCRIPT_BYTES))
    };
    match read {
        Ok(Input::Text(text)) => Ok(text),
        Ok(problem) => Err((unreadable(name, &problem, MAX_SCRIPT_BYTES), ERRORS)),
        Err(e) => Err((format!("cannot read {}: {}", name, e), USAGE)),
    }
}

/// `crypta import SOURCE`: a URL, a file of URLs (one per line, `#`
/// comments), or a Janko file, printed as crypta statements.
pub fn import(source: &str, color: bool) -> u8 {
    let text = if source.contains("://") || source.starts_with("kakuro/") {
        source.to_string()
    } else {
        match read(source) {
            Ok(text) => text,
            Err((message, code)) => {
                errln!("error: {}", excerpt(&message));
                return code;
            }
        }
    };
    let mut code = OK;
    let mut printed = 0;
    for (k, imported) in interchange::import(&text).into_iter().enumerate() {
        let statement = match imported {
            Ok(statement) => statement,
            Err(message) => {
                errln!("error: {}", excerpt(&message.to_string()));
                code = ERRORS;
                continue;
            }
        };
        // A grid crypta cannot solve as written (a white cell in no run)
        // is an error with its diagnostics, not a statement that fails
        // later, where it is run.
        let script = Script::parse(&statement);
        if !script.is_ok() {
            let name = format!("imported puzzle {}", k + 1);
            err!(
                "{}",
                render_diagnostics(script.diagnostics(), &name, &statement, color)
            );
            code = ERRORS;
            continue;
        }
        if printed > 0 {
            outln!();
        }
        outln!("{}", statement);
        printed += 1;
    }
    code
}

/// `crypta --format puzzlink run FILE...` (or `eval`): each Kakuro of the
/// scripts as a URL, one per line; with `janko`, as a Janko file, one
/// `begin` ... `end` block each.
pub fn export(scripts: &[(String, String)], janko: bool) -> u8 {
    let mut code = OK;
    for (name, source) in scripts {
        let exported = if janko {
            interchange::to_janko(source)
                .map(|files| files.concat().lines().map(String::from).collect())
        } else {
            interchange::to_puzzlink(source)
        };
        match exported {
            Ok(urls) => urls.iter().for_each(|u: &String| outln!("{}", u)),
            Err(message) => {
                errln!(
                    "error: {}: {}",
                    excerpt(name),
                    excerpt(&message.to_string())
                );
                code = ERRORS;
            }
        }
    }
    code
}

/// The scripts of `run FILE...`, read.
pub fn read_all(files: &[String]) -> Result<Vec<(String, String)>, u8> {
    let mut out = Vec::new();
    for file in files {
        match read(file) {
            Ok(text) => out.push((file.clone(), text)),
            Err((message, code)) => {
                errln!("error: {}", excerpt(&message));
                return Err(code);
            }
        }
    }
    Ok(out)
}
