//! A query or a puzzle written where a subcommand goes: what a puzzle
//! author types first. `crypta count 'SEND + MORE = MONEY'` is `crypta eval
//! 'count SEND + MORE = MONEY'`, and a puzzle alone, `crypta 'SEND + MORE =
//! MONEY'`, is solved as `eval 'solve ...'` would. Only a command line clap
//! refuses for an unknown subcommand is read this way, so every subcommand
//! keeps its meaning; a file name gets a pointer to `crypta run`, and an
//! unknown lowercase word clap's own error (with its did-you-mean).

use crate::errln;
use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::Parser;

use super::args::Cli;

/// Global options that take a value in the next argument.
const VALUED: &[&str] = &["--format", "--timeout", "--jobs", "--color", "--out"];

/// The command line, parsed; a query or a puzzle in the subcommand's place
/// is read as `eval`. Exits as clap does on a command line that is neither.
pub fn parse() -> Cli {
    let args: Vec<OsString> = std::env::args_os().collect();
    let error = match Cli::try_parse_from(&args) {
        Ok(cli) => return cli,
        Err(error) => error,
    };
    if error.kind() != ErrorKind::InvalidSubcommand {
        exit(error);
    }
    match as_eval(&args, &error) {
        Some(Ok(args)) => Cli::try_parse_from(args).unwrap_or_else(|e| exit(e)),
        Some(Err(hint)) => {
            // A usage error, as clap's own (exit status 2).
            errln!("error: {}", hint);
            std::process::exit(super::say::finish(2).into());
        }
        None => exit(error),
    }
}

/// Ends the process as clap's `Error::exit` does (`--help`, `--version`,
/// a usage error), except that a help text that cannot be written is a
/// failure (exit status 2), not a success.
fn exit(error: clap::Error) -> ! {
    use std::io::Write;
    let code = error.exit_code();
    let printed = error.print().and_then(|()| std::io::stdout().flush());
    match printed {
        Ok(()) => std::process::exit(code),
        Err(e) => {
            errln!("error: cannot write the output: {}", e);
            std::process::exit(2)
        }
    }
}

/// The arguments with the query or puzzle at the subcommand's place made
/// an `eval`; `Err` with a hint for a file name; `None` for an unknown
/// word (clap's error says it best).
pub fn as_eval(args: &[OsString], error: &clap::Error) -> Option<Result<Vec<OsString>, String>> {
    let Some(ContextValue::String(word)) = error.get(ContextKind::InvalidSubcommand) else {
        return None;
    };
    let at = (1..args.len()).find(|&i| {
        args[i].to_str() == Some(word.as_str())
            && !args[i - 1].to_str().is_some_and(|a| VALUED.contains(&a))
    })?;
    if std::path::Path::new(word).is_file() {
        return Some(Err(format!(
            "`{}` is a file: run a script with `crypta run {}`",
            crypta_core::excerpt(word),
            crypta_core::excerpt(word)
        )));
    }
    let first = word.split_whitespace().next().unwrap_or_default();
    let query = crypta_core::vocab::starts().any(|s| s == first);
    // A lowercase word that is no query is a mistyped subcommand.
    if !query && word.chars().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    // The puzzle may come in several arguments (unquoted); options end it.
    let end = (at + 1..args.len())
        .find(|&i| args[i].to_str().is_none_or(is_option))
        .unwrap_or(args.len());
    let mut text = args[at..end]
        .iter()
        .filter_map(|a| a.to_str())
        .collect::<Vec<_>>()
        .join(" ");
    if !query {
        text = format!("solve {}", text);
    }
    let mut rewritten = args[..at].to_vec();
    rewritten.push("eval".into());
    rewritten.push(text.into());
    rewritten.extend_from_slice(&args[end..]);
    Some(Ok(rewritten))
}

/// An option of crypta's, not a piece of a puzzle written unquoted (`-`
/// alone is a minus sign).
fn is_option(arg: &str) -> bool {
    match arg.strip_prefix('-') {
        Some(rest) if rest.starts_with('-') => rest.len() > 1,
        Some(rest) => matches!(rest, "q" | "h" | "V"),
        None => false,
    }
}
