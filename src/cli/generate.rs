//! `crypta generate letters|multiplication|division`: which options go
//! with which kind, the word list, and the puzzles made on every core and
//! printed in seed order (the output does not depend on `--jobs`), within
//! `--timeout`.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

use crypta_core::generate::layout::{self, Operation};
use crypta_core::generate::letters::{self, Pattern, Shape};
use crypta_core::limits::{read_text, Input, MAX_SCRIPT_BYTES};

use crypta_core::{Difficulty, Format, Options, Script};

use super::args::{DifficultyArg, GenerateArgs, GenerateKind, SymmetryArg};
use super::commands::unreadable;
use super::output::{worse, Output, ERRORS, LIMIT, USAGE};
use super::sink::Sink;

/// The Kakuro options given away from their defaults, by name.
fn kakuro_options(args: &GenerateArgs) -> Vec<&'static str> {
    let given = [
        ("--size", args.size != 10),
        ("--rows", args.rows.is_some()),
        ("--cols", args.cols.is_some()),
        ("--unique", args.unique),
        ("--density", args.density != 0.8),
        ("--givens", args.givens != 0.0),
        ("--open-limit", args.open_limit.is_some()),
        ("--kakuro2", args.kakuro2),
        ("--not-unique", args.not_unique),
        ("--query", args.query.is_some()),
        ("--symmetry", !matches!(args.symmetry, SymmetryArg::None)),
    ];
    given.iter().filter(|g| g.1).map(|g| g.0).collect()
}

/// The options of letters and skeletons given, by name.
fn puzzle_options(args: &GenerateArgs) -> Vec<(&'static str, GenerateKind)> {
    use GenerateKind::{Letters, Multiplication};
    let given = [
        ("--words", args.words.is_some(), Letters),
        ("--addends", args.addends.is_some(), Letters),
        ("--pattern", args.pattern.is_some(), Letters),
        ("--base", args.base.is_some(), Letters),
        ("--digits", args.digits.is_some(), Multiplication),
        ("--keep", args.keep.is_some(), Multiplication),
        ("--letters", args.letters, Multiplication),
        ("--any-shape", args.any_shape, Multiplication),
    ];
    given.iter().filter(|g| g.1).map(|g| (g.0, g.2)).collect()
}

/// Why the options given do not go with `generate kakuro`, if they do not.
pub fn not_for_kakuro(args: &GenerateArgs) -> Option<String> {
    let wrong: Vec<&str> = puzzle_options(args).iter().map(|o| o.0).collect();
    (!wrong.is_empty()).then(|| {
        format!(
            "{} {} not for kakuro (letters: --words --addends --pattern --base; \
             multiplication, division: --digits --keep --letters --any-shape)",
            wrong.join(", "),
            if wrong.len() == 1 { "is" } else { "are" }
        )
    })
}

/// Why the options given do not go with `args.kind` (not Kakuro).
fn misfit(args: &GenerateArgs) -> Option<String> {
    let name = match args.kind {
        GenerateKind::Letters => "letters",
        GenerateKind::Multiplication => "multiplication",
        GenerateKind::Division => "division",
        GenerateKind::Kakuro => {
            let square = args.rows.unwrap_or(args.size) == args.cols.unwrap_or(args.size);
            return not_for_kakuro(args).or_else(|| {
                (args.kakuro2 && (!square || args.givens > 0.0))
                    .then(|| "KAKURO2 grids are square and have no givens".to_string())
            });
        }
    };
    let letters = args.kind == GenerateKind::Letters;
    let mut wrong = kakuro_options(args);
    wrong.extend(
        puzzle_options(args)
            .into_iter()
            .filter(|o| (o.1 == GenerateKind::Letters) != letters)
            .map(|o| o.0),
    );
    if !wrong.is_empty() {
        return Some(format!(
            "{} {} not for {}",
            wrong.join(", "),
            if wrong.len() == 1 { "is" } else { "are" },
            name
        ));
    }
    if letters && args.words.is_none() {
        return Some("generate letters needs a word list: --words FILE".into());
    }
    if args.addends.is_some() && args.pattern.is_some() {
        return Some("--addends and --pattern do not go together: a pattern sets its words".into());
    }
    match (args.kind, args.digits) {
        (GenerateKind::Division, Some((a, b))) if a < b => Some(format!(
            "--digits {}x{}: a dividend of {} digits is shorter than a divisor of {}",
            a, b, a, b
        )),
        _ => None,
    }
}

/// Reads and checks the word list; the error is the message to print.
fn word_list(path: &std::path::Path) -> Result<Vec<String>, String> {
    let name = path.display().to_string();
    let text = match std::fs::File::open(path).and_then(|f| read_text(f, MAX_SCRIPT_BYTES)) {
        Ok(Input::Text(text)) => text,
        Ok(problem) => return Err(unreadable(&name, &problem, MAX_SCRIPT_BYTES)),
        Err(e) => return Err(format!("cannot read {}: {}", name, e)),
    };
    let words = letters::read_words(&text, &name)?;
    if words.len() < 3 {
        return Err(format!(
            "{} has {} word{}: a puzzle needs at least 3",
            name,
            words.len(),
            if words.len() == 1 { "" } else { "s" }
        ));
    }
    Ok(words)
}

/// `crypta generate KIND`: makes `--count` puzzles on every core and
/// prints or draws them in seed order.
pub fn command(out: &Output, args: &GenerateArgs, timeout: Option<Duration>) -> u8 {
    if let Some(problem) = misfit(args) {
        eprintln!("error: {}", problem);
        return USAGE;
    }
    if args.kakuro2 && (out.draw.is_some() || out.format != Format::Text) {
        eprintln!("error: --kakuro2 prints judge input, as text only");
        return USAGE;
    }
    let make = match maker(args) {
        Ok(make) => make,
        Err(message) => {
            eprintln!("error: {}", message);
            return USAGE;
        }
    };
    if args.kakuro2 {
        println!("{}", args.count);
    }
    let mut sink = Sink::new(out);
    in_order(
        args.count as u64,
        (out.options.threads(), timeout),
        |case| make(args.seed.wrapping_add(case)),
        |case, made| match made {
            Ok(Some(statement)) => sink.puzzle(args.seed.wrapping_add(case), &statement),
            Ok(None) => {
                eprintln!(
                    "error: no puzzle found for seed {} ({})",
                    args.seed.wrapping_add(case),
                    advice(args)
                );
                sink.code = worse(sink.code, ERRORS);
            }
            Err(message) => {
                eprintln!("internal error: {}", message);
                sink.code = worse(sink.code, ERRORS);
            }
        },
    );
    sink.finish()
}

/// What makes one puzzle from a seed: a statement, `None` when the seed
/// gives none, an `Err` for a generator bug. The error of the outer
/// `Result` is a usage error in the options.
type Maker<'a> = Box<dyn Fn(u64) -> Result<Option<String>, String> + Sync + 'a>;

fn maker(args: &GenerateArgs) -> Result<Maker<'_>, String> {
    let make = any_grade(args)?;
    Ok(match args.difficulty {
        None => make,
        Some(level) => {
            let level = match level {
                DifficultyArg::Easy => Difficulty::Easy,
                DifficultyArg::Medium => Difficulty::Medium,
                DifficultyArg::Hard => Difficulty::Hard,
            };
            Box::new(move |seed| graded(&make, seed, level))
        }
    })
}

/// What to try when a seed gives no puzzle.
fn advice(args: &GenerateArgs) -> String {
    match (args.kind, args.difficulty) {
        (GenerateKind::Kakuro, Some(DifficultyArg::Easy)) => format!(
            "no easy grid in {} tries: a large grid takes work enough to be medium; try --size 10",
            GRADE_TRIES
        ),
        (_, Some(_)) => format!(
            "none of {} puzzles tried had that grade: try another seed or other options",
            GRADE_TRIES
        ),
        _ => "try another seed, a longer word list, or other options".to_string(),
    }
}

/// Puzzles tried for one of the difficulty asked before giving up.
const GRADE_TRIES: u64 = 400;

/// The first puzzle of the seeds drawn from `seed` that `grade` rates at
/// `level`: `seed` itself first, then seeds mixed from it and a count, so
/// that puzzle k of seed s is still puzzle 1 of seed s + k.
fn graded(make: &Maker<'_>, seed: u64, level: Difficulty) -> Result<Option<String>, String> {
    for attempt in 0..GRADE_TRIES {
        let tried = if attempt == 0 {
            seed
        } else {
            mix(seed, attempt)
        };
        let Some(statement) = make(tried)? else {
            continue;
        };
        if grade_of(&statement)? == Some(level) {
            return Ok(Some(statement));
        }
    }
    Ok(None)
}

/// A seed drawn from `seed` and `attempt` (splitmix64's finaliser), far
/// from the seeds of the next puzzles.
fn mix(seed: u64, attempt: u64) -> u64 {
    let mut z = seed ^ attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What `grade` rates a generated statement (its query word replaced).
fn grade_of(statement: &str) -> Result<Option<Difficulty>, String> {
    let Some((_, puzzle)) = statement.split_once(' ') else {
        return Err(format!(
            "generated `{}` is not a query",
            statement.escape_debug()
        ));
    };
    let script = Script::parse(&format!("grade {}", puzzle));
    let Some(first) = script.statements().first() else {
        return Err(format!(
            "generated `{}` does not check",
            statement.escape_debug()
        ));
    };
    let answer = first.run(&Options::new()).map_err(|e| e.to_string())?;
    Ok(answer
        .grading()
        .and_then(|g| g.rating())
        .map(|r| r.difficulty()))
}

/// Puzzles of any grade.
fn any_grade(args: &GenerateArgs) -> Result<Maker<'_>, String> {
    if args.kind == GenerateKind::Kakuro {
        return Ok(Box::new(|seed| kakuro(args, seed)));
    }
    let words = match &args.words {
        Some(path) => word_list(path)?,
        None => Vec::new(),
    };
    let shape = match &args.pattern {
        Some(text) => Shape::Pattern(Pattern::parse(text)?),
        None => {
            let (low, high) = args.addends.unwrap_or((2, 2));
            Shape::Sum(low, high)
        }
    };
    Ok(Box::new(move |seed| match args.kind {
        GenerateKind::Letters => letters::generate(
            &words,
            &letters::Spec {
                seed,
                base: args.base.unwrap_or(10),
                shape: shape.clone(),
            },
        ),
        kind => {
            let (operation, default) = if kind == GenerateKind::Division {
                (Operation::Division, (5, 2))
            } else {
                (Operation::Multiplication, (3, 2))
            };
            layout::generate(&layout::Spec {
                operation,
                digits: args.digits.unwrap_or(default),
                seed,
                keep: args.keep,
                letters: args.letters,
                any_shape: args.any_shape,
            })
        }
    }))
}

/// One Kakuro grid from `seed`: made unique and proven so by the solver
/// unless `--not-unique`; as KAKURO2 judge input with `--kakuro2`.
fn kakuro(args: &GenerateArgs, seed: u64) -> Result<Option<String>, String> {
    use crypta_core::generate::kakuro::{generate, Spec, Symmetry};
    use crypta_core::generate::{solutions, Solutions};
    let (rows, cols) = (
        args.rows.unwrap_or(args.size),
        args.cols.unwrap_or(args.size),
    );
    let unique = !args.not_unique;
    let spec = Spec {
        rows,
        cols,
        density: args.density,
        givens: args.givens,
        unique,
        // Grids whose open regions are tightened are easier (the easing
        // of --open-limit): the default when an easy or medium grid is
        // asked for.
        open_limit: args.open_limit.unwrap_or(match args.difficulty {
            Some(DifficultyArg::Easy) => 1,
            Some(DifficultyArg::Medium) => 2,
            _ => usize::MAX,
        }),
        symmetry: match args.symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotational => Symmetry::Rotational,
            SymmetryArg::Mirror => Symmetry::Mirror,
        },
        ..Spec::new(rows, seed)
    };
    let grid = generate(&spec);
    if unique {
        let statement = format!("unique {}", grid.block());
        let proof = solutions(&statement, None)?;
        if proof != Solutions::One {
            return Err(format!(
                "the grid of seed {} was made unique but the solver finds {:?}",
                seed, proof
            ));
        }
    }
    if args.kakuro2 {
        // The judge input ends its own lines; the sink adds one more.
        return Ok(Some(grid.kakuro2().trim_end().to_string()));
    }
    let query = match &args.query {
        Some(query) => query.as_str(),
        None if unique => "unique",
        None => "count",
    };
    Ok(Some(format!("{} {}", query, grid.block())))
}

/// Makes `count` things on `jobs` threads, a few at a time, and hands
/// them to `each` in order: each thing has its own seed, so what is made
/// does not depend on the number of threads. Past `timeout` (`--timeout`,
/// for the whole command) the process ends with status 3, saying how many
/// were made: see [`Watch`].
pub fn in_order<T: Send>(
    count: u64,
    (jobs, timeout): (usize, Option<Duration>),
    make: impl Fn(u64) -> T + Sync,
    mut each: impl FnMut(u64, T),
) {
    use rayon::prelude::*;
    let watch = timeout.map(|limit| Watch::start(limit, count));
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build();
    let step = jobs.max(1) as u64 * 2;
    for start in (0..count).step_by(step as usize) {
        let chunk = start..(start + step).min(count);
        let run = || -> Vec<T> { chunk.clone().into_par_iter().map(&make).collect() };
        let made = match &pool {
            Ok(pool) => pool.install(run),
            Err(_) => chunk.clone().map(&make).collect(),
        };
        for (case, thing) in chunk.zip(made) {
            each(case, thing);
            if let Some(watch) = &watch {
                watch.made.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    if let Some(watch) = watch {
        watch.done();
    }
}

/// The time limit of a `generate`. Making one puzzle is not a search the
/// limit can stop from inside (a grid made unique runs many), so a thread
/// waits for the deadline and then ends the process between two printed
/// puzzles: it takes standard output's lock, so no puzzle is cut in half,
/// and says how many of them were made.
struct Watch {
    made: Arc<AtomicU64>,
    finished: mpsc::Sender<()>,
}

impl Watch {
    fn start(limit: Duration, count: u64) -> Watch {
        let made = Arc::new(AtomicU64::new(0));
        let (finished, wait) = mpsc::channel::<()>();
        let made_in = made.clone();
        std::thread::spawn(move || {
            if wait.recv_timeout(limit) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let mut out = std::io::stdout().lock();
            let _ = out.flush();
            let made = made_in.load(Ordering::Relaxed);
            eprintln!(
                "error: the time limit stopped generate after {} of {} puzzle{}: the rest were not made",
                made,
                count,
                if count == 1 { "" } else { "s" }
            );
            std::process::exit(i32::from(LIMIT));
        });
        Watch { made, finished }
    }

    /// Everything was made in time: the watch ends.
    fn done(self) {
        let _ = self.finished.send(());
    }
}
