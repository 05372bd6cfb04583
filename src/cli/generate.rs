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

use super::args::{GenerateArgs, GenerateKind};
use super::commands::unreadable;
use super::output::{ERRORS, LIMIT, OK, USAGE};

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
        ("--query", args.query != "unique"),
        (
            "--symmetry",
            !matches!(args.symmetry, super::args::SymmetryArg::None),
        ),
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
    ];
    given.iter().filter(|g| g.1).map(|g| (g.0, g.2)).collect()
}

/// Why the options given do not go with `generate kakuro`, if they do not.
pub fn not_for_kakuro(args: &GenerateArgs) -> Option<String> {
    let wrong: Vec<&str> = puzzle_options(args).iter().map(|o| o.0).collect();
    (!wrong.is_empty()).then(|| {
        format!(
            "{} {} not for kakuro (letters: --words --addends --pattern --base; \
             multiplication, division: --digits --keep --letters)",
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
        GenerateKind::Kakuro => return not_for_kakuro(args),
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

/// `generate letters|multiplication|division`.
pub fn puzzles(args: &GenerateArgs, jobs: usize, timeout: Option<Duration>) -> u8 {
    if let Some(problem) = misfit(args) {
        eprintln!("error: {}", problem);
        return USAGE;
    }
    let words = match &args.words {
        Some(path) => match word_list(path) {
            Ok(words) => words,
            Err(message) => {
                eprintln!("error: {}", message);
                return USAGE;
            }
        },
        None => Vec::new(),
    };
    let shape = match &args.pattern {
        Some(text) => match Pattern::parse(text) {
            Ok(pattern) => Shape::Pattern(pattern),
            Err(message) => {
                eprintln!("error: {}", message);
                return USAGE;
            }
        },
        None => {
            let (low, high) = args.addends.unwrap_or((2, 2));
            Shape::Sum(low, high)
        }
    };
    let make = |case: u64| -> Result<Option<String>, String> {
        let seed = args.seed.wrapping_add(case);
        match args.kind {
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
                })
            }
        }
    };
    let mut code = OK;
    in_order(
        args.count as u64,
        (jobs, timeout),
        make,
        |case, made| match made {
            Ok(Some(statement)) => println!("{}", statement),
            Ok(None) => {
                eprintln!(
                "error: no puzzle found for seed {} (try another seed, a longer word list, or other options)",
                args.seed.wrapping_add(case)
            );
                code = ERRORS;
            }
            Err(message) => {
                eprintln!("internal error: {}", message);
                code = ERRORS;
            }
        },
    );
    code
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
