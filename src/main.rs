//! The `crypta` command: parses arguments, reads files, prints what the
//! library renders, and maps the outcome to an exit status
//! (0 success, 1 errors in the input, 2 usage, 3 a limit was reached).

mod draw;
mod editor;
mod interactive;
mod stops;

use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use clap::{Parser, Subcommand, ValueEnum};

use crypta::check::check_script;
use crypta::judge::{judge, Problem};
use crypta::limits::{read_text, Input, MAX_JUDGE_BYTES, MAX_SCRIPT_BYTES};
use crypta::repl::Settings;
use crypta::report::{diagnostics, json, text, Format};
use crypta::run::{run_statement_streaming, ResultBody, RunOptions, StatementResult, StreamEvent};

#[derive(Parser)]
#[command(
    name = "crypta",
    version,
    about = "Solve letter equations, radix-n additions, Kakuro and other arithmetic puzzles"
)]
struct Cli {
    /// Output format.
    #[arg(long, global = true, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Stop each statement's search after this many seconds (any positive
    /// number; past 10^9, about 31 years, it is 10^9).
    #[arg(long, global = true, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// Threads for a `count` or `unique` that outgrows one core (0: every
    /// core); the answers are the same for any number.
    #[arg(long, global = true, value_name = "N", default_value_t = 0)]
    jobs: usize,
    /// Colour in diagnostics: auto (on a terminal, unless NO_COLOR is set),
    /// always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorArg::Auto, value_name = "WHEN")]
    color: ColorArg,
    /// No progress spinner, no REPL banner, nothing printed by `check` for
    /// a script that is fine: only answers and errors.
    #[arg(long, short, global = true)]
    quiet: bool,
    /// With --format svg: write each picture to DIR/statement-N.svg (N the
    /// statement's number), as several pictures need.
    #[arg(long, global = true, value_name = "DIR")]
    out: Option<std::path::PathBuf>,
    /// With --format svg: draw the puzzles blank, without solving them.
    #[arg(long, global = true)]
    blank: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    Text,
    Json,
    /// Each query's puzzle as an SVG picture, solved (see --out, --blank).
    Svg,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

/// The contest problems `judge` reads.
#[derive(Clone, Copy, ValueEnum)]
enum ProblemArg {
    /// ICPC 2009 Asia (Tokyo) C: Verbal Arithmetic (count solutions).
    Icpc2009c,
    /// POJ/NOIP 1092: a radix-n addition (虫食算).
    P1092,
    /// KAKURO2: fill Kakuro grids.
    Kakuro2,
}

/// The kinds of puzzle `generate` makes.
#[derive(Clone, Copy, ValueEnum)]
enum GenerateKind {
    /// Kakuro grids with a planted solution.
    Kakuro,
}

/// The symmetry of a generated pattern of white cells.
#[derive(Clone, Copy, ValueEnum)]
enum SymmetryArg {
    /// Any pattern.
    None,
    /// The same after a half turn (the usual one in published grids).
    Rotational,
    /// The same after a left-right reflection.
    Mirror,
}

/// Where the shell completions are for.
#[derive(Clone, Copy, ValueEnum)]
enum ShellArg {
    Bash,
    Zsh,
    Fish,
    Elvish,
    Powershell,
}

#[derive(Subcommand)]
enum Command {
    /// Run scripts (`-` reads standard input).
    Run {
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Parse and type-check scripts without solving.
    Check {
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Run statements given on the command line.
    Eval { statements: String },
    /// Read a contest problem's input on standard input and print its answer.
    Judge {
        /// The contest problem.
        #[arg(value_enum)]
        problem: ProblemArg,
    },
    /// An interactive session (also plain `crypta` on a terminal).
    Repl,
    /// Print random Kakuro grids with a planted solution (tests, benchmarks).
    Generate(GenerateArgs),
    /// Print shell completions for crypta (e.g. `crypta completions bash >
    /// ~/.local/share/bash-completion/completions/crypta`).
    Completions {
        #[arg(value_enum)]
        shell: ShellArg,
    },
    /// Print the manual page (roff; e.g. `crypta man | man -l -`).
    Man,
    /// Format scripts in place (`-`: standard input to standard output).
    Fmt {
        #[arg(required = true)]
        files: Vec<String>,
        /// Change nothing; list the files that are not formatted and exit
        /// with status 1 if there are any.
        #[arg(long)]
        check: bool,
    },
    /// A language server for editors, on standard input and output.
    Lsp,
}

#[derive(clap::Args)]
struct GenerateArgs {
    /// The puzzle kind.
    #[arg(value_enum)]
    kind: GenerateKind,
    /// Rows and columns of a square grid (1 to 256).
    #[arg(long, default_value_t = 10, value_parser = grid_side)]
    size: usize,
    /// Rows, when not square (1 to 256).
    #[arg(long, value_parser = grid_side)]
    rows: Option<usize>,
    /// Columns, when not square (1 to 256).
    #[arg(long, value_parser = grid_side)]
    cols: Option<usize>,
    /// Seed of the first grid; later grids take the next seeds.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Block cells out until each grid has exactly one solution.
    #[arg(long)]
    unique: bool,
    /// Chance that an inner cell starts white (0 to 1).
    #[arg(long, default_value_t = 0.8, value_parser = chance)]
    density: f64,
    /// Chance that a white cell shows its digit (0 to 1).
    #[arg(long, default_value_t = 0.0, value_parser = chance)]
    givens: f64,
    /// With --unique: open regions (after propagation) larger than this are
    /// tightened first (faster for large grids, easier puzzles).
    #[arg(long)]
    open_limit: Option<usize>,
    /// The symmetry of the pattern of white cells, kept by --unique.
    #[arg(long, value_enum, default_value = "none")]
    symmetry: SymmetryArg,
    /// Number of grids.
    #[arg(long, default_value_t = 1)]
    cases: usize,
    /// Print KAKURO2 judge input instead of crypta statements.
    #[arg(long)]
    kakuro2: bool,
    /// The query written before each grid.
    #[arg(long, default_value = "unique")]
    query: String,
}

/// A side of a generated grid: 1 to 256.
fn grid_side(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=256).contains(&n) => Ok(n),
        _ => Err("a side of a grid goes from 1 to 256".into()),
    }
}

/// A chance: a number from 0 to 1.
fn chance(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err("a chance is a number from 0 to 1".into()),
    }
}

/// Exit statuses, most serious last so the maximum wins.
const OK: u8 = 0;
const LIMIT: u8 = 3;
const ERRORS: u8 = 1;
const USAGE: u8 = 2;

fn severity(code: u8) -> u8 {
    match code {
        OK => 0,
        LIMIT => 1,
        ERRORS => 2,
        _ => 3,
    }
}

fn worse(a: u8, b: u8) -> u8 {
    if severity(b) > severity(a) {
        b
    } else {
        a
    }
}

struct Output {
    format: Format,
    color: bool,
    options: RunOptions,
    /// Show file names (several files were given).
    show_files: bool,
    /// Show a spinner during long searches (text output, stderr a terminal).
    progress: bool,
    /// `--quiet`: `check` says nothing of a script that is fine.
    quiet: bool,
    printed_any: bool,
    /// Standard output is a terminal: streamed solutions are flushed one
    /// by one, to show as they are found.
    live: bool,
    /// `--format svg`: scripts are drawn, not printed (errors are text).
    draw: Option<draw::DrawOptions>,
}

impl Output {
    fn error(&self, message: &str) {
        match self.format {
            Format::Json => println!("{}", json::render_plain_error(message)),
            Format::Text => eprintln!("error: {}", diagnostics::excerpt(message)),
        }
    }

    /// Shows the problems of a script.
    fn problems(&self, name: &str, source: &str, problems: &[crypta::Diagnostic]) {
        let file = self.show_files.then_some(name);
        match self.format {
            Format::Json => {
                for d in problems {
                    println!("{}", json::render_error(d, source, file));
                }
            }
            Format::Text => eprint!(
                "{}",
                diagnostics::render(problems, name, source, self.color)
            ),
        }
    }

    /// Checks and runs (or only checks) one script; returns its exit status.
    fn script(&mut self, name: &str, source: &str, run: bool) -> u8 {
        let (statements, problems) = check_script(source);
        let file = self.show_files.then_some(name);
        if !problems.is_empty() {
            self.problems(name, source, &problems);
            return ERRORS;
        }
        if !run {
            match self.format {
                Format::Json => println!(
                    "{}",
                    json::line(&json::CheckedJson {
                        file: name,
                        statements: statements.len(),
                        ok: true
                    })
                ),
                Format::Text if self.quiet => {}
                Format::Text => println!("{}: ok ({} statements)", name, statements.len()),
            }
            return OK;
        }
        let mut code = OK;
        let found = Arc::new(AtomicU64::new(0));
        // The flag Ctrl-C sets also stops a search whose output cannot be
        // written.
        let interrupt = self.options.interrupt.clone().unwrap_or_default();
        let options = RunOptions {
            found: Some(found.clone()),
            interrupt: Some(interrupt.clone()),
            ..self.options.clone()
        };
        let mut printer = Printer {
            out: BufWriter::with_capacity(1 << 16, std::io::stdout().lock()),
            format: self.format,
            file,
            live: self.live,
            printed_any: self.printed_any,
            open: false,
            failed: None,
            interrupt: interrupt.clone(),
        };
        for statement in &statements {
            let mut spinner = interactive::Spinner::start(self.progress, &found);
            let run = run_statement_streaming(statement, &options, &mut |event| {
                // A spinner and solutions on one terminal would be drawn
                // over each other: the spinner goes once one is printed.
                if printer.live && matches!(event, StreamEvent::Solution { .. }) {
                    spinner.stop();
                }
                printer.event(event);
            });
            spinner.stop();
            match run {
                Ok(result) => {
                    if result.incomplete() {
                        code = worse(code, LIMIT);
                    }
                    printer.result(&result);
                    printer.flush();
                }
                Err(message) => {
                    printer.abandon();
                    printer.flush();
                    self.error(&message);
                    code = worse(code, ERRORS);
                }
            }
            if let Some(e) = printer.failed.take() {
                eprintln!("error: cannot write the output: {}", e);
                return worse(code, USAGE);
            }
            // Ctrl-C ends the run, not only the statement it stopped.
            if interrupt.load(Ordering::Relaxed) {
                break;
            }
        }
        self.printed_any = printer.printed_any;
        code
    }
}

/// Prints a script's results on standard output, buffered: the solutions
/// of `solve` and `first N` as they are found (the head of the search
/// first, its closing line last), other results whole. The pieces are
/// those `text::render` and `json::render` join, so the output is the same
/// as if the whole result had been rendered at once.
struct Printer<'f> {
    out: BufWriter<std::io::StdoutLock<'static>>,
    format: Format,
    /// The script's name, when several files are run.
    file: Option<&'f str>,
    /// Standard output is a terminal: each solution is flushed as it comes.
    live: bool,
    printed_any: bool,
    /// A streamed search's head is printed and its end is not.
    open: bool,
    /// The first write that failed; nothing more is written after it.
    failed: Option<std::io::Error>,
    /// Set when a write fails, to stop the search for nobody.
    interrupt: Arc<AtomicBool>,
}

impl Printer<'_> {
    fn write(&mut self, text: &str) {
        if self.failed.is_some() {
            return;
        }
        if let Err(e) = self.out.write_all(text.as_bytes()) {
            self.failed = Some(e);
            self.interrupt.store(true, Ordering::Relaxed);
        }
    }

    fn flush(&mut self) {
        if self.failed.is_none() {
            if let Err(e) = self.out.flush() {
                self.failed = Some(e);
                self.interrupt.store(true, Ordering::Relaxed);
            }
        }
    }

    /// What comes before a statement's text: a blank line after the one
    /// before, and the file's name over its first statement.
    fn begin(&mut self, number: usize) {
        if self.format == Format::Text {
            if self.printed_any {
                self.write("\n");
            }
            if let (Some(file), 1) = (self.file, number) {
                let header = format!("== {} ==\n", file);
                self.write(&header);
            }
        }
        self.printed_any = true;
    }

    fn event(&mut self, event: StreamEvent<'_>) {
        let text = match event {
            StreamEvent::Head(head) => {
                self.begin(head.number);
                self.open = true;
                match self.format {
                    Format::Text => text::head(&head),
                    Format::Json => json::head(&head, self.file),
                }
            }
            StreamEvent::Solution {
                head,
                solution,
                index,
            } => match self.format {
                Format::Text => text::solution(&head, solution),
                Format::Json => json::solution(&head, solution, index),
            },
        };
        self.write(&text);
        if self.live {
            self.flush();
        }
    }

    /// A statement's result: its end when it was streamed, else all of it.
    fn result(&mut self, result: &StatementResult) {
        self.open = false;
        let text = match (&result.body, self.format) {
            (ResultBody::Searched(search), Format::Text) if search.streamed => text::tail(search),
            (ResultBody::Searched(search), Format::Json) if search.streamed => {
                format!("{}\n", json::tail(search))
            }
            (_, Format::Text) => {
                self.begin(result.number);
                text::render(result)
            }
            (_, Format::Json) => {
                self.begin(result.number);
                format!("{}\n", json::render(result, self.file))
            }
        };
        self.write(&text);
    }

    /// Ends the output of a streamed search that failed with an internal
    /// error, before the error is reported: a JSON line is left whole.
    fn abandon(&mut self) {
        if std::mem::take(&mut self.open) && self.format == Format::Json {
            let end = format!("{}\n", json::abandoned());
            self.write(&end);
        }
    }
}

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

fn main() -> ExitCode {
    default_sigpipe();
    let cli = Cli::parse();
    let timeout = match cli.timeout {
        None => None,
        Some(t) => match crypta::limits::timeout(t) {
            Some(limit) => Some(limit),
            None => {
                eprintln!(
                    "error: --timeout takes a positive number of seconds, not {}",
                    t
                );
                return ExitCode::from(USAGE);
            }
        },
    };
    let format = match cli.format {
        FormatArg::Text | FormatArg::Svg => Format::Text,
        FormatArg::Json => Format::Json,
    };
    let draw = matches!(cli.format, FormatArg::Svg).then(|| draw::DrawOptions {
        blank: cli.blank,
        out: cli.out.clone(),
    });
    if draw.is_none() && (cli.blank || cli.out.is_some()) {
        eprintln!("error: --out and --blank go with --format svg");
        return ExitCode::from(USAGE);
    }
    let color = match cli.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let mut out = Output {
        format,
        color,
        options: RunOptions {
            timeout,
            jobs: cli.jobs,
            ..RunOptions::default()
        },
        show_files: false,
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
        out.options.interrupt = Some(stops::install());
    }
    let code = match cli.command {
        Some(Command::Run { files }) => files_command(&mut out, &files, true),
        Some(Command::Check { files }) => files_command(&mut out, &files, false),
        Some(Command::Eval { statements }) => match out.draw.clone() {
            Some(options) => draw::scripts(&out, &options, &[("<eval>".into(), statements)]),
            None => out.script("<eval>", &statements, true),
        },
        Some(Command::Judge { problem }) => judge_command(&out, problem),
        Some(Command::Generate(args)) => generate_command(&args, out.options.threads()),
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
    ExitCode::from(code)
}

fn files_command(out: &mut Output, files: &[String], run: bool) -> u8 {
    out.show_files = files.len() > 1;
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
            .interrupt
            .as_ref()
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
fn unreadable(what: &str, problem: &Input, limit: usize) -> String {
    match problem {
        Input::TooLarge => format!(
            "{} is larger than {} MiB, more than crypta reads (see the limits in docs/language.md)",
            what,
            limit >> 20
        ),
        Input::NotUtf8(at) => format!("{} is not UTF-8 text (invalid byte at offset {})", what, at),
        Input::Text(_) => format!("{} was read", what),
    }
}

fn judge_command(out: &Output, problem: ProblemArg) -> u8 {
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
    match judge(problem, &input, &out.options) {
        Ok(answer) => {
            print!("{}", answer);
            OK
        }
        Err(message) => {
            out.error(&message);
            ERRORS
        }
    }
}

fn generate_command(args: &GenerateArgs, jobs: usize) -> u8 {
    use crypta::generate::kakuro::{generate, Spec, Symmetry};
    use rayon::prelude::*;
    let (rows, cols) = (
        args.rows.unwrap_or(args.size),
        args.cols.unwrap_or(args.size),
    );
    let GenerateKind::Kakuro = args.kind;
    // clap checked the ranges of each value; what is left is how they go
    // together.
    let problem = if args.kakuro2 && (rows != cols || args.givens > 0.0) {
        Some("KAKURO2 grids are square and have no givens".to_string())
    } else {
        None
    };
    if let Some(problem) = problem {
        eprintln!("error: {}", problem);
        return USAGE;
    }
    if args.kakuro2 {
        println!("{}", args.cases);
    }
    let spec = |case: u64| Spec {
        rows,
        cols,
        density: args.density,
        givens: args.givens,
        unique: args.unique,
        open_limit: args.open_limit.unwrap_or(usize::MAX),
        symmetry: match args.symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotational => Symmetry::Rotational,
            SymmetryArg::Mirror => Symmetry::Mirror,
        },
        ..Spec::new(rows, args.seed.wrapping_add(case))
    };
    // Each grid has its own seed, so grids are made on every core, a few
    // at a time, and printed in order: the output does not depend on the
    // number of threads.
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build();
    let cases = args.cases as u64;
    let step = jobs.max(1) as u64 * 2;
    for start in (0..cases).step_by(step as usize) {
        let chunk = start..(start + step).min(cases);
        let make = || -> Vec<_> {
            chunk
                .clone()
                .into_par_iter()
                .map(|case| generate(&spec(case)))
                .collect()
        };
        let grids = match &pool {
            Ok(pool) => pool.install(make),
            Err(_) => chunk.map(|case| generate(&spec(case))).collect(),
        };
        for grid in grids {
            if args.kakuro2 {
                print!("{}", grid.kakuro2());
            } else {
                println!("{} {}", args.query, grid.block());
            }
        }
    }
    OK
}

/// `crypta completions SHELL`: completions generated from the clap
/// definition, so they never fall behind it.
fn completions(shell: ShellArg) -> u8 {
    use clap::CommandFactory;
    use clap_complete::Shell;
    let shell = match shell {
        ShellArg::Bash => Shell::Bash,
        ShellArg::Zsh => Shell::Zsh,
        ShellArg::Fish => Shell::Fish,
        ShellArg::Elvish => Shell::Elvish,
        ShellArg::Powershell => Shell::PowerShell,
    };
    clap_complete::generate(shell, &mut Cli::command(), "crypta", &mut std::io::stdout());
    OK
}

/// `crypta man`: the manual page, from the clap definition.
fn man_page() -> u8 {
    use clap::CommandFactory;
    match clap_mangen::Man::new(Cli::command()).render(&mut std::io::stdout()) {
        Ok(()) => OK,
        Err(e) => {
            eprintln!("error: cannot write the manual page: {}", e);
            ERRORS
        }
    }
}
