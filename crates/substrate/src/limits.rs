//! Limits on what a script and one statement may hold. Searches and the
//! tree builders recurse once per variable or nesting level, and parsing
//! takes memory in proportion to the text; these bounds keep that far
//! inside the stack and the machine's memory, and turn a pathological
//! script into a diagnostic instead of a crash. docs/language.md lists
//! them; tests/it/limits.rs feeds each kind its largest accepted input and one
//! too large.

pub mod clock;
pub mod watch;

/// Bytes of one script (a file, `eval`'s text, standard input, a REPL
/// `:load`). Parsing holds about 150 bytes per byte of the densest text
/// (`A + A + ...`), so this keeps a script under a few hundred megabytes;
/// the largest Kakuro grid, 256×256 cells with two-number clues, takes
/// about 400 KB.
pub const MAX_SCRIPT_BYTES: usize = 2 << 20;

/// Bytes of a `crypta judge` input read from standard input. A judge reads
/// one dataset at a time, so memory stays in proportion to the input; the
/// contest formats' own bounds (KAKURO2: 50 grids of 20×20) are far below.
pub const MAX_JUDGE_BYTES: usize = 16 << 20;

/// Diagnostics reported for one script: a file of thousands of bad lines
/// gets the first ones and a count of the rest, not pages of the same.
pub const MAX_DIAGNOSTICS: usize = 100;

/// Parentheses nested deeper than this are refused, and so are more
/// `not`s in one statement (each is a level of the grammar too).
pub const MAX_NESTING: usize = 64;

/// Arithmetic operators (`+ - * / % ^`) in one statement. Each operator of
/// a chain is one level of the syntax tree, which the checker, printers
/// and evaluator walk recursively; counted in the text before parsing
/// (`syntax::shape`), so a chain of 30,000 `+ A` is refused before any
/// recursion. A statement within [`MAX_WORDS`] has fewer operators than
/// words, so this refuses nothing the word limit accepts.
pub const MAX_OPERATORS: usize = MAX_WORDS;

/// Operators on one path of a condition's expression (a relation or
/// property that is not a plain sum equation, a condition after `with`,
/// an `answer` expression): `A ^ B ^ C` is two deep, `(A + B) + (C + D)`
/// too. The checker refuses a deeper one before building it; the
/// evaluators recurse once per level with big integers in each frame
/// (512 bytes), and at this depth they take an eighth of a 512 KiB stack.
/// A sum equation (`A + B + ... = C`) is read into column weights, not
/// evaluated, and is bounded by [`MAX_OPERATORS`] alone.
pub const MAX_EXPRESSION_DEPTH: usize = 128;

/// Cells in all the words of one statement.
pub const MAX_CELLS: usize = 4096;

/// Words in one statement.
pub const MAX_WORDS: usize = 1024;

/// Cells of one Kakuro grid (256×256; the brief asks for 150×150).
pub const MAX_GRID_CELLS: usize = 65536;

/// Text read with a bound on its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// The whole text: it fits within the bound.
    Text(String),
    /// More than the bound: only the bound and one byte were read.
    TooLarge,
    /// Not UTF-8: the offset of the first invalid byte.
    NotUtf8(usize),
}

/// Reads at most `limit` bytes of text, so that a huge file (or
/// `/dev/zero`) is refused without being held in memory.
pub fn read_text(reader: impl std::io::Read, limit: usize) -> std::io::Result<Input> {
    use std::io::Read;
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1) as u64)
        .read_to_end(&mut bytes)?;
    if bytes.len() > limit {
        return Ok(Input::TooLarge);
    }
    Ok(match String::from_utf8(bytes) {
        Ok(text) => Input::Text(text),
        Err(e) => Input::NotUtf8(e.utf8_error().valid_up_to()),
    })
}

/// Why an input read with [`read_text`] cannot be used; `what` names it.
pub fn unreadable(what: &str, problem: &Input, limit: usize) -> String {
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

/// Digits of all the solutions one statement prints (about four million:
/// some 10,000 filled 20×20 Kakuro grids, or 400,000 solutions of a
/// ten-letter equation). `solve` on a puzzle with more stops there, says
/// so and prints what it has, instead of printing for hours; `count`
/// prints no solution and is not limited. The binary prints solutions as
/// they are found and keeps none; where they are kept until the search
/// ends (the REPL), this also bounds the memory they take.
pub const MAX_SHOWN_DIGITS: usize = 1 << 22;

/// The longest time limit: 10^9 s, about 31 years. A longer one is this
/// one; a deadline past it might not fit the clock (`Instant` + a huge
/// `Duration` overflows).
pub const MAX_TIMEOUT_SECS: f64 = 1e9;

/// A time limit of `seconds` (`--timeout`, `:timeout`): any positive number,
/// clamped to [`MAX_TIMEOUT_SECS`]; `None` for zero, a negative number or
/// not a number.
pub fn timeout(seconds: f64) -> Option<std::time::Duration> {
    if seconds.is_nan() || seconds <= 0.0 {
        return None;
    }
    Some(std::time::Duration::from_secs_f64(
        seconds.min(MAX_TIMEOUT_SECS),
    ))
}

/// Threads one search or generator runs on at most: what the machine runs
/// at once (`std::thread::available_parallelism`, 1 when unknown). A
/// larger `--jobs` (`Options::jobs`, Python's `jobs=`) is cut to this:
/// 10,000 threads exhaust the process's threads and abort it, and even
/// 1,000 on two cores overrun a time limit several times over, each
/// thread started, scheduled to see the deadline, and joined. Answers are
/// the same for any number of threads.
pub fn max_threads() -> usize {
    // Asked once per process: the answer reads cgroup files each time.
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The threads `jobs` gives: 0 for every core ([`max_threads`]), and
/// never more than that.
pub fn threads(jobs: usize) -> usize {
    match jobs {
        0 => max_threads(),
        n => n.min(max_threads()),
    }
}
