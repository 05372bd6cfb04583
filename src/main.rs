//! The `crypta` command: parses arguments, reads files, prints what the
//! library renders, and maps the outcome to an exit status
//! (0 success, 1 errors in the input, 2 usage, 3 a limit was reached).

use crypta_cli::errln;
use std::io::IsTerminal;
use std::process::ExitCode;

use crypta_cli::cli::args::{ColorArg, Command, FormatArg};
use crypta_cli::cli::commands::{
    completions, files_command, generate_command, judge_command, man_page, unreadable,
};
use crypta_cli::cli::output::{Output, ERRORS, USAGE};
use crypta_cli::cli::{draw, editor, interactive, interchange, say, sheet, shortcut, stops};
use crypta_cli::repl::Settings;
use crypta_core::limits::{read_text, Input, MAX_SCRIPT_BYTES};
use crypta_core::{Format, Options};

/// Rust ignores SIGPIPE, so a closed pipe (`crypta run ... | head`) makes
/// `println!` panic. A filter should simply stop, as C programs do.
fn default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of a signal before any
    // thread is started has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// A file grown past `ulimit -f` raises SIGXFSZ, which kills the process
/// mid-write; ignored, the write fails with EFBIG instead, and crypta says
/// so (`crypta fmt` then leaves the script as it was).
fn ignore_sigxfsz() {
    #[cfg(unix)]
    // SAFETY: as above, before any thread is started.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

fn main() -> ExitCode {
    default_sigpipe();
    ignore_sigxfsz();
    let cli = shortcut::parse();
    let timeout = match cli.timeout {
        None => None,
        Some(t) => match crypta_core::limits::timeout(t) {
            Some(limit) => Some(limit),
            None => {
                errln!(
                    "error: --timeout takes a positive number of seconds, not {}",
                    t
                );
                return ExitCode::from(USAGE);
            }
        },
    };
    let format = match cli.format {
        FormatArg::Text
        | FormatArg::Svg
        | FormatArg::Puzzlink
        | FormatArg::Janko
        | FormatArg::Pdf => Format::Text,
        FormatArg::Json => Format::Json,
    };
    let draw = matches!(cli.format, FormatArg::Svg).then(|| draw::DrawOptions {
        blank: cli.blank,
        out: cli.out.clone(),
    });
    // A PDF sheet: `crypta sheet`, or `generate --format pdf`.
    let layout = match (&cli.command, cli.format) {
        (Some(Command::Sheet { layout, .. }), _) => Some(layout.clone()),
        (Some(Command::Generate(args)), FormatArg::Pdf) => Some(args.sheet.clone()),
        (_, FormatArg::Pdf) => {
            errln!("error: --format pdf goes with generate; for scripts, use `crypta sheet FILE --out FILE`");
            return ExitCode::from(USAGE);
        }
        _ => None,
    };
    let sheet = layout.map(|layout| sheet::SheetOptions {
        out: cli.out.clone(),
        per_page: usize::from(layout.per_page),
        title: layout.title,
        blank: cli.blank,
    });
    if sheet.as_ref().is_some_and(|s| s.out.is_none()) {
        errln!("error: a PDF sheet is written to a file: give --out FILE");
        return ExitCode::from(USAGE);
    }
    if draw.is_none() && sheet.is_none() && (cli.blank || cli.out.is_some()) {
        errln!("error: --out and --blank go with --format svg, --format pdf and sheet");
        return ExitCode::from(USAGE);
    }
    let color = match cli.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    // The core cuts --jobs to the machine's threads; said here, once.
    // Asked only for more than one job: finding the cores reads the
    // cgroup files, start-up work a one-thread run does not need.
    let cap = if cli.jobs > 1 {
        crypta_core::limits::max_threads()
    } else {
        1
    };
    if cli.jobs > cap && !cli.quiet {
        errln!(
            "warning: --jobs {} is more than the {} threads this machine runs at once: using {}",
            cli.jobs,
            cap,
            cap
        );
    }
    let mut options = Options::new().jobs(cli.jobs);
    if let Some(limit) = timeout {
        options = options.timeout(limit);
    }
    let mut out = Output {
        format,
        color,
        options,
        show_files: false,
        named: false,
        progress: !cli.quiet && format == Format::Text && std::io::stderr().is_terminal(),
        quiet: cli.quiet,
        printed_any: false,
        live: std::io::stdout().is_terminal(),
        draw,
    };
    let repl_settings = Settings {
        format,
        timeout,
        show_time: false,
        color,
    };
    let quiet = cli.quiet;
    let runs = matches!(
        cli.command,
        Some(Command::Run { .. }) | Some(Command::Eval { .. })
    ) || (cli.command.is_none() && !std::io::stdin().is_terminal());
    if runs {
        out.options = out.options.interrupt(stops::install());
    }
    // A write that fails stops the work too (a search, a generator).
    let stop = out.options.interrupt_flag().cloned().unwrap_or_default();
    say::stop_with(stop.clone());
    out.options = out.options.interrupt(stop);
    if matches!(cli.format, FormatArg::Puzzlink | FormatArg::Janko) {
        let scripts = match &cli.command {
            Some(Command::Run { files }) => interchange::read_all(files),
            Some(Command::Eval { statements }) => Ok(vec![("<eval>".into(), statements.clone())]),
            _ => {
                errln!("error: --format puzzlink or janko goes with run and eval");
                return ExitCode::from(USAGE);
            }
        };
        return ExitCode::from(say::finish(match scripts {
            Ok(scripts) => interchange::export(&scripts, matches!(cli.format, FormatArg::Janko)),
            Err(code) => code,
        }));
    }
    let code = match cli.command {
        Some(Command::Import { source }) => interchange::import(&source, color),
        Some(Command::Run { files }) => files_command(&mut out, &files, true),
        Some(Command::Check { files }) => files_command(&mut out, &files, false),
        Some(Command::Eval { statements }) => match out.draw.clone() {
            Some(options) => draw::scripts(&out, &options, &[("<eval>".into(), statements)]),
            None => out.script("<eval>", &statements, true),
        },
        Some(Command::Judge { problem }) => judge_command(&out, problem),
        Some(Command::Generate(args)) => generate_command(&out, &args, timeout, sheet.as_ref()),
        Some(Command::Sheet { files, .. }) => match interchange::read_all(&files) {
            Ok(scripts) => match &sheet {
                Some(options) => sheet::scripts(&out, options, &scripts),
                None => USAGE,
            },
            Err(code) => code,
        },
        Some(Command::Completions { shell }) => completions(shell),
        Some(Command::Man) => man_page(),
        Some(Command::Fmt { files, check }) => editor::fmt(&out, &files, check),
        Some(Command::Lsp) => editor::lsp(),
        Some(Command::Repl) => interactive::repl(repl_settings, quiet),
        // Plain `crypta`: a session on a terminal, a script on a pipe.
        None if std::io::stdin().is_terminal() => interactive::repl(repl_settings, quiet),
        None => match read_text(std::io::stdin().lock(), MAX_SCRIPT_BYTES) {
            Ok(Input::Text(source)) => match out.draw.clone() {
                Some(options) => draw::scripts(&out, &options, &[("<stdin>".into(), source)]),
                None => out.script("<stdin>", &source, true),
            },
            Ok(problem) => {
                out.error(&unreadable("standard input", &problem, MAX_SCRIPT_BYTES));
                ERRORS
            }
            Err(e) => {
                out.error(&format!("cannot read standard input: {}", e));
                ERRORS
            }
        },
    };
    ExitCode::from(say::finish(code))
}
