//! What editors call: `crypta fmt` formats scripts, `crypta lsp` wires the
//! library's language server to standard input and output.

use crate::{errln, out, outln};
use std::io::Write;
use std::path::Path;

use crypta_core::excerpt;
use crypta_core::fmt::Refusal;
use crypta_core::limits::{read_text, Input, MAX_SCRIPT_BYTES};

use super::commands::unreadable;
use super::output::{worse, Output, ERRORS, OK, USAGE};

/// `crypta fmt [--check] FILE...`: rewrites each file that is not
/// formatted (or, with `--check`, names it); `-` goes from standard input
/// to standard output. A script with syntax errors, or one that formatting
/// would change the meaning of, is reported, not touched.
pub fn fmt(out: &Output, files: &[String], check: bool) -> u8 {
    let mut code = OK;
    for file in files {
        let stdin = file == "-";
        let name = if stdin { "<stdin>" } else { file.as_str() };
        let read = if stdin {
            read_text(std::io::stdin().lock(), MAX_SCRIPT_BYTES)
        } else {
            std::fs::File::open(file).and_then(|f| read_text(f, MAX_SCRIPT_BYTES))
        };
        let source = match read {
            Ok(Input::Text(source)) => source,
            Ok(problem) => {
                out.error(&unreadable(name, &problem, MAX_SCRIPT_BYTES));
                code = worse(code, ERRORS);
                continue;
            }
            Err(e) => {
                out.error(&format!("cannot read {}: {}", name, e));
                code = worse(code, USAGE);
                continue;
            }
        };
        let formatted = match crypta_core::fmt::format_script(&source) {
            Ok(formatted) => formatted,
            Err(refusal) => {
                out.problems(name, &source, refusal.diagnostics());
                out.error(&match refusal {
                    Refusal::Syntax(_) => {
                        format!("{} is not formatted: fix its syntax first", name)
                    }
                    Refusal::Changed(_) => {
                        format!("{} is not formatted: it is left as it was", name)
                    }
                });
                code = worse(code, ERRORS);
                continue;
            }
        };
        if stdin && !check {
            out!("{}", formatted);
        } else if formatted != source {
            if check {
                outln!(
                    "{}:{}: not formatted",
                    excerpt(name),
                    first_difference(&source, &formatted)
                );
                code = worse(code, ERRORS);
            } else if let Err(e) = replace(std::path::Path::new(file), &formatted) {
                out.error(&format!("cannot write {}: {}", name, e));
                code = worse(code, USAGE);
            }
        }
    }
    code
}

/// Replaces the contents of `path` with `text` by writing a temporary
/// file beside it and renaming that over it: a write that fails (a full
/// disk, `ulimit -f`) leaves the script as it was, never cut in half.
/// The file keeps its permissions; a symbolic link keeps pointing at it.
fn replace(path: &Path, text: &str) -> std::io::Result<()> {
    let path = std::fs::canonicalize(path)?;
    let permissions = std::fs::metadata(&path)?.permissions();
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let temporary = dir.join(format!(
        ".{}.crypta-fmt-{}",
        name.unwrap_or_default(),
        std::process::id()
    ));
    let written = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::set_permissions(&temporary, permissions)?;
        std::fs::rename(&temporary, &path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// The 1-based line where two texts first differ.
fn first_difference(a: &str, b: &str) -> usize {
    a.lines().zip(b.lines()).take_while(|(x, y)| x == y).count() + 1
}

/// `crypta lsp`: serves one editor over standard input and output. Exit
/// status 0 after `shutdown` and `exit` (or at the end of the input), 1
/// for an `exit` without `shutdown` (as LSP asks) or when stdio fails.
pub fn lsp() -> u8 {
    let input = std::io::stdin().lock();
    let output = std::io::BufWriter::new(std::io::stdout().lock());
    match crate::lsp::serve(input, output) {
        Ok(crate::lsp::Ending::Exit { shut_down: true } | crate::lsp::Ending::End) => OK,
        Ok(crate::lsp::Ending::Exit { shut_down: false }) => ERRORS,
        Err(e) => {
            errln!("error: crypta lsp: {}", excerpt(&e.to_string()));
            ERRORS
        }
    }
}
