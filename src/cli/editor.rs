//! What editors call: `crypta fmt` formats scripts, `crypta lsp` wires the
//! library's language server to standard input and output.

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
            print!("{}", formatted);
        } else if formatted != source {
            if check {
                println!(
                    "{}:{}: not formatted",
                    excerpt(name),
                    first_difference(&source, &formatted)
                );
                code = worse(code, ERRORS);
            } else if let Err(e) = std::fs::write(file, formatted) {
                out.error(&format!("cannot write {}: {}", name, e));
                code = worse(code, USAGE);
            }
        }
    }
    code
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
            eprintln!("error: crypta lsp: {}", excerpt(&e.to_string()));
            ERRORS
        }
    }
}
