//! The command line as clap sees it: subcommands, options and their
//! defaults, written once and shown by `--help`, completions and `crypta man`.

use clap::{Parser, Subcommand, ValueEnum};
use crypta_core::generate::Range;

#[derive(Parser)]
#[command(
    name = "crypta",
    version,
    about = "Solve letter equations, radix-n additions, Kakuro and other arithmetic puzzles",
    after_help = "A query and its puzzle can stand for a subcommand, as in a script:\n  \
        crypta count 'SEND + MORE = MONEY'   is   crypta eval 'count SEND + MORE = MONEY'\n\
        and a puzzle alone is solved:\n  \
        crypta 'SEND + MORE = MONEY'         is   crypta eval 'solve SEND + MORE = MONEY'"
)]
pub struct Cli {
    /// Output format.
    #[arg(long, global = true, value_enum, default_value_t = FormatArg::Text)]
    pub format: FormatArg,
    /// Stop each statement's search after this many seconds (any positive
    /// number; past 10^9, about 31 years, it is 10^9).
    #[arg(long, global = true, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Threads for a `count` or `unique` that outgrows one core, and for a
    /// radix addition's lattice listing (0: every core); the answers are
    /// the same for any number.
    #[arg(long, global = true, value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// Colour in diagnostics: auto (on a terminal, unless NO_COLOR is set),
    /// always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorArg::Auto, value_name = "WHEN")]
    pub color: ColorArg,
    /// No progress spinner, no REPL banner, nothing printed by `check` for
    /// a script that is fine: only answers and errors.
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// With --format svg: write each picture to DIR/statement-N.svg (N the
    /// statement's number), as several pictures need; with `sheet` or
    /// --format pdf: the PDF file.
    #[arg(long, global = true, value_name = "DIR|FILE")]
    pub out: Option<std::path::PathBuf>,
    /// With --format svg: draw the puzzles blank, without solving them;
    /// with `sheet` or --format pdf: no solutions pages.
    #[arg(long, global = true)]
    pub blank: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum FormatArg {
    Text,
    Json,
    /// Each query's puzzle as an SVG picture, solved (see --out, --blank).
    Svg,
    /// run, eval: each Kakuro as a puzz.link URL.
    Puzzlink,
    /// generate: the puzzles on A4 pages with their solutions, as a PDF
    /// (needs --out FILE; see `crypta sheet`).
    Pdf,
    /// run, eval: each Kakuro in Janko's text format.
    Janko,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

/// The contest problems `judge` reads.
#[derive(Clone, Copy, ValueEnum)]
pub enum ProblemArg {
    /// ICPC 2009 Asia (Tokyo) C: Verbal Arithmetic (count solutions).
    Icpc2009c,
    /// POJ/NOIP 1092: a radix-n addition (虫食算).
    P1092,
    /// KAKURO2: fill Kakuro grids.
    Kakuro2,
}

/// The kinds of puzzle `generate` makes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateKind {
    /// Kakuro grids with a planted solution.
    Kakuro,
    /// Alphametics from a word list (--words), each with one solution.
    Letters,
    /// Skeleton long multiplications (--digits), each with one solution.
    Multiplication,
    /// Skeleton long divisions (--digits), each with one solution.
    Division,
    /// Cryptic Kakuro: a Kakuro grid whose clues are letters, each a
    /// digit (--size, --symmetry...), letters and grid proven unique.
    Cryptic,
}

/// The condition `generate letters --condition` adds.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ConditionArg {
    /// A letter's digit: `with D = 5`.
    Given,
    /// An order of two letters: `with A < B`.
    Order,
    /// A property of a word: `with SIX square` (prime, square, cube,
    /// triangular, odd, even).
    Property,
    /// Any of the three.
    Any,
}

/// The grade `generate --difficulty` asks for.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DifficultyArg {
    Easy,
    Medium,
    Hard,
}

/// The symmetry of a generated pattern of white cells.
#[derive(Clone, Copy, ValueEnum)]
pub enum SymmetryArg {
    /// Any pattern.
    None,
    /// The same after a half turn (the usual one in published grids).
    Rotational,
    /// The same after a left-right reflection.
    Mirror,
}

/// Where the shell completions are for.
#[derive(Clone, Copy, ValueEnum)]
pub enum ShellArg {
    Bash,
    Zsh,
    Fish,
    Elvish,
    Powershell,
}

#[derive(Subcommand)]
pub enum Command {
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
    /// Print new puzzles: alphametics from a word list and skeleton
    /// multiplications and divisions, each proven unique; Kakuro and
    /// cryptic Kakuro grids.
    Generate(Box<GenerateArgs>),
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
    /// Print the crypta statement of a puzzle from another tool: a
    /// puzz.link Kakuro URL, a file of them, or a Janko Kakuro file.
    Import { source: String },
    /// Print the queries of scripts as a PDF to --out FILE: numbered
    /// puzzles on A4 pages, then the solutions pages (each puzzle solved,
    /// with its key; one with several solutions or none is marked so).
    Sheet {
        /// Scripts (`-` reads standard input).
        #[arg(required = true)]
        files: Vec<String>,
        #[command(flatten)]
        layout: SheetArgs,
    },
}

/// How a PDF sheet is laid out (`sheet`, `generate --format pdf`).
#[derive(clap::Args, Clone)]
pub struct SheetArgs {
    /// Puzzles on each page (1 to 30), solutions pages alike.
    #[arg(long, default_value_t = 6, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=30))]
    pub per_page: u16,
    /// The title at the top of each page.
    #[arg(long, default_value = "Puzzles", value_name = "TEXT")]
    pub title: String,
}

#[derive(clap::Args)]
pub struct GenerateArgs {
    /// The puzzle kind.
    #[arg(value_enum)]
    pub kind: GenerateKind,
    /// Rows and columns of a square grid (1 to 256).
    #[arg(long, default_value_t = 10, value_parser = grid_side)]
    pub size: usize,
    /// Rows, when not square (1 to 256).
    #[arg(long, value_parser = grid_side)]
    pub rows: Option<usize>,
    /// Columns, when not square (1 to 256).
    #[arg(long, value_parser = grid_side)]
    pub cols: Option<usize>,
    /// Seed of the first puzzle; later puzzles take the next seeds.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Make each grid have exactly one solution (the default; kept for
    /// scripts that ask for it).
    #[arg(long, conflicts_with = "not_unique")]
    pub unique: bool,
    /// kakuro: print grids as laid out, without making them unique (they
    /// may have several solutions; headed by --query, `count` by default).
    #[arg(long)]
    pub not_unique: bool,
    /// Chance that an inner cell starts white (0 to 1).
    #[arg(long, default_value_t = 0.8, value_parser = chance)]
    pub density: f64,
    /// Chance that a white cell shows its digit (0 to 1).
    #[arg(long, default_value_t = 0.0, value_parser = chance)]
    pub givens: f64,
    /// With --unique: open regions (after propagation) larger than this are
    /// tightened first (easier puzzles; no longer needed for speed).
    #[arg(long)]
    pub open_limit: Option<usize>,
    /// The symmetry of the pattern of white cells, kept by --unique.
    #[arg(long, value_enum, default_value = "none")]
    pub symmetry: SymmetryArg,
    /// Number of puzzles.
    #[arg(long = "count", alias = "cases", default_value_t = 1, value_name = "N")]
    pub count: usize,
    /// Print KAKURO2 judge input instead of crypta statements.
    #[arg(long)]
    pub kakuro2: bool,
    /// The query written before each grid (`unique`, or `count` with
    /// --not-unique).
    #[arg(long)]
    pub query: Option<String>,
    /// letters: the word list, one word per line (`#` comments); without
    /// it, a built-in list of about 1,100 common English words (the
    /// repository's examples/words.txt).
    #[arg(long, value_name = "FILE")]
    pub words: Option<std::path::PathBuf>,
    /// letters: words added, a number or a range such as `2..4` (2 to 9;
    /// 2 unless --pattern).
    #[arg(long, value_name = "N|N..M", value_parser = addends)]
    pub addends: Option<(usize, usize)>,
    /// letters: an equation of word slots, e.g. `A + B = C`, `A - B = C`,
    /// `A * B = C` (each slot name one word).
    #[arg(long)]
    pub pattern: Option<String>,
    /// letters: equations with several solutions, made unique by a
    /// condition of this form that holds in one of them only.
    #[arg(long, value_enum, value_name = "FORM")]
    pub condition: Option<ConditionArg>,
    /// letters: the base of the equation (2 to 36).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=36))]
    pub base: Option<u32>,
    /// multiplication: multiplicand x multiplier digits; division: dividend
    /// x divisor digits (each 1 to 9, default 3x2 and 5x2).
    #[arg(long, value_name = "AxB", value_parser = digits)]
    pub digits: Option<(usize, usize)>,
    /// multiplication, division: show only this digit, as few as
    /// uniqueness allows (Dudeney's "Solitary Seven": --keep 7).
    #[arg(long, value_name = "DIGIT", value_parser = clap::value_parser!(u8).range(0..=9))]
    pub keep: Option<u8>,
    /// multiplication, division: show each shown digit as a letter (one
    /// letter per digit).
    #[arg(long)]
    pub letters: bool,
    /// Only puzzles `grade` rates at this level (each kind; Kakuro grids
    /// are tried seed after seed until one grades so).
    #[arg(long, value_enum, conflicts_with_all = ["not_unique", "kakuro2"])]
    pub difficulty: Option<DifficultyArg>,
    /// multiplication, division: allow shapes a book would not print (a
    /// multiplier with a 0 digit, a multiplicand or divisor ending in 0,
    /// with --keep a number shown whole).
    #[arg(long)]
    pub any_shape: bool,
    // --per-page and --title, for --format pdf.
    #[command(flatten)]
    pub sheet: SheetArgs,
}

/// Words added: `N` or `N..M`, from 2 to 9.
fn addends(text: &str) -> Result<(usize, usize), Range> {
    crypta_core::generate::parse_addends(text)
}

/// Sizes of a skeleton: `AxB`, each from 1 to 9.
fn digits(text: &str) -> Result<(usize, usize), Range> {
    crypta_core::generate::parse_digits(text)
}

/// A side of a generated grid: 1 to 256.
fn grid_side(text: &str) -> Result<usize, Range> {
    match text.parse::<usize>() {
        Ok(n) if (1..=256).contains(&n) => Ok(n),
        _ => Err(Range::Side),
    }
}

/// A chance: a number from 0 to 1.
fn chance(text: &str) -> Result<f64, Range> {
    match text.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(Range::Chance),
    }
}
