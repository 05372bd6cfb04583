//! The subcommands that read files or standard input: `run`, `check`,
//! `judge` and `generate`; and `completions` and `man`, made from the
//! clap definition.

use crate::{errln, out};
use std::sync::atomic::Ordering;
use std::time::Duration;

use crypta_core::judge::Problem;
use crypta_core::limits::{read_text, Input, MAX_JUDGE_BYTES, MAX_SCRIPT_BYTES};

use super::args::{Cli, GenerateArgs, ProblemArg, ShellArg};
use super::draw;
use super::output::{worse, Output, ERRORS, OK, USAGE};

pub fn files_command(out: &mut Output, files: &[String], run: bool) -> u8 {
    out.show_files = files.len() > 1;
    out.named = files.iter().any(|f| f != "-");
    let mut code = OK;
    // Drawn scripts are read first: how many pictures they make decides
    // where the pictures go.
    let draw = out.draw.clone().filter(|_| run);
    let mut drawn = Vec::new();
    for file in files {
        let read = if file == "-" {
            read_text(std::io::stdin().lock(), MAX_SCRIPT_BYTES)
        } else {
            std::fs::File::open(file).and_then(|f| read_text(f, MAX_SCRIPT_BYTES))
        };
        let file = if file == "-" {
            "<stdin>"
        } else {
            file.as_str()
        };
        match read {
            Ok(Input::Text(source)) if draw.is_some() => drawn.push((file.to_string(), source)),
            Ok(Input::Text(source)) => code = worse(code, out.script(file, &source, run)),
            Ok(problem) => {
                out.error(&unreadable(file, &problem, MAX_SCRIPT_BYTES));
                code = worse(code, ERRORS);
            }
            Err(e) => {
                out.error(&format!("cannot read {}: {}", file, e));
                code = worse(code, USAGE);
            }
        }
        // Ctrl-C, or output that cannot be written, ends the whole run.
        if out
            .options
            .interrupt_flag()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            break;
        }
    }
    if let Some(options) = draw {
        if code == OK {
            code = draw::scripts(out, &options, &drawn);
        }
    }
    code
}

/// Why an input read with [`read_text`] cannot be used.
pub fn unreadable(what: &str, problem: &Input, limit: usize) -> String {
    crypta_core::limits::unreadable(what, problem, limit)
}

pub fn judge_command(out: &Output, problem: ProblemArg) -> u8 {
    let problem = match problem {
        ProblemArg::Icpc2009c => Problem::Icpc2009c,
        ProblemArg::P1092 => Problem::P1092,
        ProblemArg::Kakuro2 => Problem::Kakuro2,
    };
    let input = match read_text(std::io::stdin().lock(), MAX_JUDGE_BYTES) {
        Ok(Input::Text(input)) => input,
        Ok(problem) => {
            out.error(&unreadable("standard input", &problem, MAX_JUDGE_BYTES));
            return ERRORS;
        }
        Err(e) => {
            out.error(&format!("cannot read standard input: {}", e));
            return USAGE;
        }
    };
    match problem.judge(&input, &out.options) {
        Ok(answer) => {
            out!("{}", answer);
            OK
        }
        Err(message) => {
            out.error(&message.to_string());
            ERRORS
        }
    }
}

pub fn generate_command(
    out: &Output,
    args: &GenerateArgs,
    timeout: Option<Duration>,
    sheet: Option<&super::sheet::SheetOptions>,
) -> u8 {
    super::generate::command(out, args, timeout, sheet)
}

/// `crypta completions SHELL`: completions generated from the clap
/// definition, so they never fall behind it.
pub fn completions(shell: ShellArg) -> u8 {
    use clap::CommandFactory;
    use clap_complete::Shell;
    let shell = match shell {
        ShellArg::Bash => Shell::Bash,
        ShellArg::Zsh => Shell::Zsh,
        ShellArg::Fish => Shell::Fish,
        ShellArg::Elvish => Shell::Elvish,
        ShellArg::Powershell => Shell::PowerShell,
    };
    // Made whole, then written: clap_complete panics on a failed write.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "crypta", &mut script);
    super::say::write(super::say::Stream::Out, &script);
    OK
}

/// `crypta man`: the manual page, from the clap definition.
pub fn man_page() -> u8 {
    use clap::CommandFactory;
    let mut page = Vec::new();
    match clap_mangen::Man::new(Cli::command()).render(&mut page) {
        Ok(()) => {
            super::say::write(super::say::Stream::Out, &page);
            OK
        }
        Err(e) => {
            errln!("error: cannot write the manual page: {}", e);
            ERRORS
        }
    }
}
