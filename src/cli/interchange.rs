//! `crypta import` and `--format puzzlink`: Kakuro puzzles in and out of
//! puzz.link URLs, through `crypta_core::interchange`.

use crypta_core::interchange;
use crypta_core::limits::{read_text, Input, MAX_SCRIPT_BYTES};

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

/// `crypta import SOURCE`: a URL, or a file of URLs (one per line, `#`
/// comments), printed as crypta statements.
pub fn import(source: &str) -> u8 {
    let text = if source.contains("://") || source.starts_with("kakuro/") {
        source.to_string()
    } else {
        match read(source) {
            Ok(text) => text,
            Err((message, code)) => {
                eprintln!("error: {}", message);
                return code;
            }
        }
    };
    let mut code = OK;
    let mut printed = 0;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match interchange::from_puzzlink(line) {
            Ok(statement) => {
                if printed > 0 {
                    println!();
                }
                println!("{}", statement);
                printed += 1;
            }
            Err(message) => {
                eprintln!("error: {}: {}", line.escape_debug(), message);
                code = ERRORS;
            }
        }
    }
    code
}

/// `crypta --format puzzlink run FILE...` (or `eval`): each Kakuro of the
/// scripts as a URL, one per line.
pub fn export(scripts: &[(String, String)]) -> u8 {
    let mut code = OK;
    for (name, source) in scripts {
        match interchange::to_puzzlink(source) {
            Ok(urls) => urls.iter().for_each(|u| println!("{}", u)),
            Err(message) => {
                eprintln!("error: {}: {}", name.escape_debug(), message);
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
                eprintln!("error: {}", message);
                return Err(code);
            }
        }
    }
    Ok(out)
}
