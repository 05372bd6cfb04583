//! Limits end to end, through the built binary and the library:
//!
//! - a 0.1 s `--timeout` stops every strategy, on searches that would run
//!   for hours without it: the run ends, the exit status is 3, and the
//!   output says the time limit stopped the search, with what was found so
//!   far and `"complete": false`;
//! - the interrupt flag (the REPL's Ctrl-C) stops every strategy, and the
//!   brute-force oracles, and the result says so;
//! - each kind's largest accepted input is accepted, and one larger is
//!   refused with a diagnostic naming the limit (exit status 1).
//!
//! Nothing here measures time: how soon a limit stops a search depends on
//! the machine and its load. A search that ignores a limit never ends,
//! and [`crate::support::ends::CEILING`] turns that into a failure.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crypta_core::limits::{
    MAX_CELLS, MAX_DIAGNOSTICS, MAX_JUDGE_BYTES, MAX_SCRIPT_BYTES, MAX_SHOWN_DIGITS, MAX_WORDS,
};
use crypta_engine::kinds::Kind;
use crypta_engine::program::check_script;
use crypta_engine::program::Action;
use crypta_engine::run::{run_statement, Limit, ResultBody, RunOptions};
use crypta_substrate::diagnostic::ErrorKind;
use crypta_substrate::ir::Query;
use crypta_substrate::solve::{Budget, Flow, Limits, Outcome};

use crate::crosscheck::count;
use crate::support::ends::within_ceiling;
use crate::support::{letters_of, Scratch};

/// What a run of the binary gave.
struct Run {
    code: i32,
    out: String,
    err: String,
}

/// Runs the binary to its end ([`crate::support::ends::CEILING`] catches a
/// run that never ends: a limit not obeyed).
fn crypta(args: &[&str], stdin: &[u8]) -> Run {
    let output = crate::support::run(args, stdin);
    Run {
        code: output.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&output.stdout).into_owned(),
        err: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// A script in a file of its own (Kakuro grids are too long for an
/// argument), in a directory that goes when the first value is dropped.
fn script_file(name: &str, text: &str) -> (Scratch, std::path::PathBuf) {
    let dir = Scratch::new("limits");
    let path = dir.file(name, text);
    (dir, path)
}

/// Runs `script` (one statement, a search of hours) with a 0.1 s limit, in
/// JSON and in text, and checks that the time limit stopped `strategy`
/// and that the output says so. Returns the JSON result.
fn stopped_in_time(name: &str, script: &str, strategy: &str) -> serde_json::Value {
    let (_dir, path) = script_file(name, script);
    let path = path.to_str().expect("utf-8 path");
    let run = crypta(&["--format", "json", "--timeout", "0.1", "run", path], b"");
    assert_eq!(run.code, 3, "{}: {}{}", name, run.out, run.err);
    let value: serde_json::Value = serde_json::from_str(run.out.trim()).expect("one JSON line");
    assert_eq!(value["strategy"], strategy, "{}", name);
    assert_eq!(value["complete"], false, "{}", name);
    let count = value["count"].as_u64().expect("a count");
    let shown = value["solutions"].as_array().map_or(0, Vec::len) as u64;
    if value["query"] == "count" {
        assert_eq!(shown, 0);
    } else {
        // What was found so far is printed.
        assert_eq!(shown, count, "{}", name);
    }
    let text = crypta(&["--timeout", "0.1", "run", path], b"");
    assert_eq!(text.code, 3);
    assert!(
        text.out.contains("the time limit stopped the search"),
        "{}: {}",
        name,
        text.out
    );
    value
}

// ------------------------------------------------------------ the puzzles

/// Base 52, 52 symbols: every digit used once (NOIP style), many solutions.
const BIJECTIVE: &str = "count ABCDEFGHIJKLMNOPQR + STUVWXYZabcdefghij = klmnopqrstuvwxyzAB \
                         with base 52, leading zeros";
/// Twelve one-letter addends: weighted sum; about 10^6 solutions a second.
const WEIGHTED: &str = "count A+B+C+D+E+F+G+H+I+J+K+L = MN with base 36";
/// Letters that cancel out: the whole puzzle is column-addition's tail.
/// (With `repeats` it is counted at once, without a search: 62^8.)
const COLUMN_TAIL: &str = "count ABCDEFGH + A = ABCDEFGH + A with base 62";
/// A wide open sum in base 62, of distinct letters: the digits taken are
/// too many sets for counting by columns, so it enumerates.
const COLUMN: &str = "count ABCDEFGHIJKLMNOP + QRSTUVWXYZabcdef = ghijklmnopqrstuv \
                      with base 62, leading zeros";
/// A product: modular columns.
const MODULAR: &str = "solve ABCD * EFGH = IJKLMNOP with base 62";

/// Six by six digits of stars in base 36.
const MULTIPLICATION: &str = "count multiplication {
         ******
       x ******
       --------
        *******
       *******
      *******
     *******
    *******
   *******
  ------------
   ************
} with base 36";

/// A 4-digit quotient of a 5-digit divisor, all stars, base 36.
const DIVISION: &str = "count division {
               ****
  ***** ) *********
          ******
           ******
           ******
            ******
            ******
             ******
             ******
                  *
} with base 36";

/// A `size`×`size` Kakuro grid whose white cells form one region: a clue
/// on the first row and column and wherever `(c - r) % 10 == 0`, the
/// digits planted as a function of `(c - r) % 10`, so every run of nine
/// holds 1..9 once and the grid has a great many solutions. Its search
/// scans the whole region at every decision: nodes are slow.
fn open_kakuro(query: &str, size: usize) -> String {
    const DIGIT: [u32; 10] = [0, 3, 1, 4, 5, 9, 2, 6, 8, 7];
    let clue = |r: usize, c: usize| r == 0 || c == 0 || (c + 10 * size - r).is_multiple_of(10);
    let digit = |r: usize, c: usize| DIGIT[(c + 10 * size - r) % 10];
    let mut out = format!("{} kakuro {{\n", query);
    for r in 0..size {
        let mut cells = Vec::with_capacity(size);
        for c in 0..size {
            if !clue(r, c) {
                cells.push(".".to_string());
                continue;
            }
            let across: u32 = (c + 1..size)
                .take_while(|&k| !clue(r, k))
                .map(|k| digit(r, k))
                .sum();
            let down: u32 = (r + 1..size)
                .take_while(|&k| !clue(k, c))
                .map(|k| digit(k, c))
                .sum();
            let side = |n: u32| if n == 0 { String::new() } else { n.to_string() };
            cells.push(if across == 0 && down == 0 {
                "#".to_string()
            } else {
                format!("{}\\{}", side(down), side(across))
            });
        }
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out.push('}');
    out
}

/// A generated 20×20 grid with several solutions, for `solve`.
fn generated_kakuro(query: &str) -> String {
    use crypta_core::generate::kakuro::{generate, Spec};
    let grid = generate(&Spec {
        density: 0.9,
        ..Spec::new(20, 5)
    });
    format!("{} {}", query, grid.block())
}

/// `count W1 * W2 = W3` with words of 1000, 1000 and 2000 cells: big
/// integers, and each node evaluates long words.
fn long_product() -> String {
    format!(
        "count {} * {} = {} with base 62, repeats",
        "ABCDEFGHIJ".repeat(100),
        "KLMNOPQRST".repeat(100),
        "abcdefghij".repeat(200)
    )
}

// ------------------------------------------------- the time limit, per strategy

#[test]
fn the_time_limit_stops_bijective_radix() {
    stopped_in_time("bijective.crypta", BIJECTIVE, "bijective-radix");
}

#[test]
fn the_time_limit_stops_weighted_sum() {
    stopped_in_time("weighted.crypta", WEIGHTED, "weighted-sum");
}

#[test]
fn the_time_limit_stops_column_addition() {
    stopped_in_time("column.crypta", COLUMN, "column-addition");
    // Before the tail counted its nodes, this one ran to the end of time.
    stopped_in_time("tail.crypta", COLUMN_TAIL, "column-addition");
}

#[test]
fn the_time_limit_stops_modular_columns() {
    stopped_in_time("modular.crypta", MODULAR, "modular-columns");
    stopped_in_time("long-product.crypta", &long_product(), "modular-columns");
}

#[test]
fn the_time_limit_stops_long_multiplication() {
    stopped_in_time(
        "multiplication.crypta",
        MULTIPLICATION,
        "long-multiplication",
    );
}

#[test]
fn the_time_limit_stops_long_division() {
    stopped_in_time("division.crypta", DIVISION, "long-division");
}

#[test]
fn the_time_limit_stops_kakuro_propagation() {
    // One region of 58,000 open cells: before the budget adapted to slow
    // nodes, a 0.2 s limit stopped this after 0.8 s in a release build.
    stopped_in_time(
        "open-first.crypta",
        &open_kakuro("first 1", 256),
        "kakuro-propagation",
    );
    stopped_in_time(
        "open-count.crypta",
        &open_kakuro("count", 256),
        "kakuro-regions",
    );
}

/// `solve` on a grid with millions of fillings stops once the solutions it
/// keeps reach `MAX_SHOWN_DIGITS`, prints them and says why, rather than
/// filling memory. (Before that limit, 0.2 s of search found 17,902 filled
/// 20×20 grids, 16 MB of JSON.) The kept solutions are read as the
/// library's data (13 MB of JSON read back in the unoptimised test binary
/// took most of this test's time), the text through the binary.
#[test]
fn solve_stops_at_the_output_limit() {
    let source = generated_kakuro("solve");
    let script = crypta_core::Script::parse(&source);
    assert!(script.is_ok());
    let mut answers = script
        .run_all(&crypta_core::Options::new())
        .expect("no internal error");
    let answer = answers.remove(0);
    assert_eq!(answer.stopped_by(), Some(Limit::Output));
    assert!(!answer.is_complete());
    let kept = answer.solutions();
    let count = answer.count().and_then(|c| c.to_u64()).expect("a count");
    assert_eq!(kept.len() as u64, count);
    // One digit per white cell: the kept digits are just under the limit.
    let white = kept[0]
        .grid()
        .expect("a grid")
        .iter()
        .flatten()
        .filter(|cell| matches!(cell, crypta_core::Cell::Digit(_)))
        .count();
    let digits = kept.len() * white;
    assert!(digits <= MAX_SHOWN_DIGITS && digits + white > MAX_SHOWN_DIGITS);
    assert!(answer.to_json().contains(r#""complete":false"#));
    // 170 MB of drawn grids: only the last line says why they stop.
    let (_dir, path) = script_file("many.crypta", &source);
    let path = path.to_str().expect("utf-8 path");
    let text = crate::support::run(&["run", path], b"");
    assert_eq!(text.status.code(), Some(3));
    let tail = String::from_utf8_lossy(&text.stdout[text.stdout.len().saturating_sub(400)..]);
    assert!(
        tail.trim_end()
            .lines()
            .last()
            .is_some_and(|line| line.contains("as many as one statement prints")),
        "{}",
        tail
    );
}

/// The open grid is a valid Kakuro with the planted solution.
#[test]
fn the_open_kakuro_grid_is_solvable() {
    let (statements, diagnostics) = check_script(&open_kakuro("first 1", 23));
    assert!(diagnostics.is_empty(), "{:?}", diagnostics);
    let result = run_statement(&statements[0], &RunOptions::default()).expect("runs");
    let ResultBody::Searched(search) = result.body else {
        panic!("no search")
    };
    assert_eq!(search.count, 1);
}

// ------------------------------------------- the interrupt flag, per strategy

/// When the interrupt flag goes up.
#[derive(Clone, Copy, Debug)]
enum Raise {
    /// From another thread, as the REPL's Ctrl-C handler raises it, once
    /// the search has demonstrably started: the live count of solutions
    /// found (the spinner's) has moved.
    OnceFound,
    /// Before the run, for a counter, which finds no solution one by one:
    /// it must stop at its first look at the limits. (That it looks during
    /// its search too is what its time-limit test shows: the deadline and
    /// the flag are looked at together.)
    Before,
}

/// Runs `script` in process as the REPL does, raises the interrupt flag,
/// and checks that the search stops and says why.
fn interrupted(script: String, strategy: &'static str, raise: Raise) {
    let what = format!("{} with the flag raised {:?}", strategy, raise);
    let search = within_ceiling(&what, move || {
        let (statements, diagnostics) = check_script(&script);
        assert!(diagnostics.is_empty(), "{:?}", diagnostics);
        let flag = Arc::new(AtomicBool::new(matches!(raise, Raise::Before)));
        let found = Arc::new(AtomicU64::new(0));
        let options = RunOptions {
            interrupt: Some(flag.clone()),
            found: Some(found.clone()),
            ..RunOptions::default()
        };
        let raiser = std::thread::spawn(move || {
            while !flag.load(Ordering::Relaxed) && found.load(Ordering::Relaxed) == 0 {
                std::thread::yield_now();
            }
            flag.store(true, Ordering::Relaxed);
        });
        let result = run_statement(&statements[0], &options).expect("runs");
        raiser.join().expect("the raiser thread");
        let ResultBody::Searched(search) = result.body else {
            panic!("no search")
        };
        search
    });
    assert_eq!(search.strategy, strategy);
    assert!(!search.complete, "{}", what);
    assert_eq!(search.stopped_by, Some(Limit::Interrupt), "{}", what);
    if matches!(raise, Raise::OnceFound) && search.query == Query::Solve {
        // What was found before the interrupt is kept (a count may have
        // gone on from its probe to a counter, which starts again).
        assert!(search.count != 0, "{}", what);
        assert!(search.count == search.solutions.len() as u64, "{}", what);
    }
}

#[test]
fn the_interrupt_flag_stops_every_strategy() {
    for (script, strategy, raise) in [
        (BIJECTIVE.to_string(), "bijective-radix", Raise::OnceFound),
        (WEIGHTED.to_string(), "weighted-sum", Raise::OnceFound),
        (COLUMN.to_string(), "column-addition", Raise::Before),
        (COLUMN_TAIL.to_string(), "column-addition", Raise::OnceFound),
        (MODULAR.to_string(), "modular-columns", Raise::OnceFound),
        (long_product(), "modular-columns", Raise::Before),
        (
            MULTIPLICATION.to_string(),
            "long-multiplication",
            Raise::OnceFound,
        ),
        (DIVISION.to_string(), "long-division", Raise::OnceFound),
        (open_kakuro("count", 256), "kakuro-regions", Raise::Before),
    ] {
        interrupted(script, strategy, raise);
    }
}

/// The brute-force oracles (the tests' references; the planner never picks
/// them) obey the limits too: a 0.1 s limit ends searches of hours.
#[test]
fn the_time_limit_stops_the_oracles() {
    for script in [
        COLUMN.to_string(),
        MULTIPLICATION.to_string(),
        DIVISION.to_string(),
        open_kakuro("count", 60),
    ] {
        let (name, outcome) = within_ceiling("an oracle", move || {
            let (statements, diagnostics) = check_script(&script);
            assert!(diagnostics.is_empty(), "{:?}", diagnostics);
            let Some(Action::Ask { puzzle, .. }) = statements.into_iter().next().map(|s| s.action)
            else {
                panic!("{}", script)
            };
            let oracle = crypta_engine::kinds::of(&puzzle).oracle();
            let limits = Limits {
                deadline: Some(Instant::now() + Duration::from_millis(100)),
                ..Limits::default()
            };
            let mut budget = Budget::new(&limits);
            let outcome = oracle.search(&mut budget, &mut |_| Flow::Continue);
            (oracle.name(), outcome)
        });
        assert_eq!(outcome, Outcome::Interrupted, "{}", name);
    }
}

/// Listing a lattice ball (`bijective-lattice` on a base-52 addition, on
/// one thread and on two) stops at the time limit like the carry search,
/// and at the interrupt flag. (Raised before the search: the only event
/// the listing shows, its one solution, comes seconds into it.)
#[test]
fn the_limits_stop_a_ball_listing() {
    for threads in [1, 2] {
        for interrupt in [false, true] {
            let outcome = within_ceiling("a ball listing", move || {
                let (script, _) = crate::letters::planted_radix_addition(52, 3);
                let letters = letters_of(&script);
                let strategies = letters.strategies();
                let lattice = strategies
                    .iter()
                    .find(|s| s.name() == "bijective-lattice")
                    .expect("bijective-lattice takes it");
                let limits = Limits {
                    // Past once the lattice is built, while the ball is
                    // listed (which takes seconds).
                    deadline: (!interrupt).then(|| Instant::now() + Duration::from_millis(30)),
                    interrupt: Some(Arc::new(AtomicBool::new(interrupt))),
                    threads,
                    ..Limits::default()
                };
                let mut budget = Budget::new(&limits);
                lattice.search(&mut budget, &mut |_| Flow::Continue)
            });
            assert_eq!(
                outcome,
                Outcome::Interrupted,
                "{} threads, interrupt {}",
                threads,
                interrupt
            );
        }
    }
}

/// Nodes that each take a millisecond: the budget looks at the clock
/// often enough to stop soon after the deadline, a few dozen nodes past
/// it rather than the thousands a fixed stride would allow. Counted in
/// nodes: a slower (busier) machine only makes each node take longer.
#[test]
fn the_budget_looks_at_the_clock_often_enough_for_slow_nodes() {
    let limits = Limits {
        deadline: Some(Instant::now() + Duration::from_millis(50)),
        ..Limits::default()
    };
    let mut budget = Budget::new(&limits);
    while !budget.tick() {
        // A slow node: it takes (at least) a millisecond.
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(budget.nodes() <= 100, "{} nodes", budget.nodes());
    // Fast nodes: the limits are looked at every few thousand nodes at
    // most, so a flag raised mid-search is seen within that many.
    let flag = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        interrupt: Some(flag.clone()),
        ..Limits::default()
    };
    let mut budget = Budget::new(&limits);
    let raised_at = 1_000_000;
    while !budget.tick() {
        if budget.nodes() == raised_at {
            flag.store(true, Ordering::Relaxed);
        }
    }
    let past = budget.nodes() - raised_at;
    assert!((1..=4096).contains(&past), "stopped {} nodes late", past);
}

// ----------------------------------------------------------- huge inputs

/// Checks `script` through the binary: accepted or refused with a message
/// containing `limit`.
fn accepted(name: &str, script: &str) {
    let (_dir, path) = script_file(name, script);
    let run = crypta(&["check", path.to_str().expect("path")], b"");
    assert_eq!(run.code, 0, "{}: {}", name, run.err);
}

fn refused(name: &str, script: &str, limit: &str) {
    let (_dir, path) = script_file(name, script);
    let run = crypta(&["check", path.to_str().expect("path")], b"");
    assert_eq!(run.code, 1, "{}: accepted", name);
    assert!(
        run.err.contains(limit),
        "{}: the message does not mention {}: {}",
        name,
        limit,
        run.err
    );
}

#[test]
fn scripts_up_to_the_byte_limit_are_read() {
    let statement = "count A + B = CD\n# ";
    let padding = "x".repeat(MAX_SCRIPT_BYTES - statement.len());
    let largest = format!("{}{}", statement, padding);
    assert_eq!(largest.len(), MAX_SCRIPT_BYTES);
    accepted("largest.crypta", &largest);
    let (_dir, path) = script_file("largest-run.crypta", &largest);
    let run = crypta(&["run", path.to_str().expect("path")], b"");
    assert!(run.out.contains("30 solutions"), "{}", run.out);
    refused("too-large.crypta", &format!("{}x", largest), "2 MiB");
    // Standard input and the library refuse it the same way.
    let piped = crypta(&[], format!("{}x", largest).as_bytes());
    assert_eq!(piped.code, 1);
    assert!(piped.err.contains("2 MiB"), "{}", piped.err);
    let (statements, diagnostics) = check_script(&format!("{}x", largest));
    assert!(statements.is_empty());
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].kind, ErrorKind::TooLarge);
    assert!(diagnostics[0].message.contains("2 MiB"));
}

#[test]
fn letter_statements_up_to_the_cell_and_word_limits() {
    // MAX_CELLS cells: a 2048-cell word equal to itself, nine solutions.
    let half = "A".repeat(MAX_CELLS / 2);
    let largest = format!("count {} = {}", half, half);
    accepted("cells.crypta", &largest);
    assert_eq!(count(&largest), 9);
    refused(
        "cells-over.crypta",
        &format!("count {}A = {}", half, half),
        &MAX_CELLS.to_string(),
    );
    // MAX_WORDS words.
    let sum = vec!["A"; MAX_WORDS - 1].join(" + ");
    let largest = format!("count {} = B with repeats", sum);
    accepted("words.crypta", &largest);
    assert_eq!(count(&largest), 1, "A = B = 0");
    refused(
        "words-over.crypta",
        &format!("count {} + A = B", sum),
        &MAX_WORDS.to_string(),
    );
    // Parentheses nested 64 deep.
    let nested = |n: usize| format!("count {}A{} = A", "(".repeat(n), ")".repeat(n));
    accepted("nested.crypta", &nested(64));
    refused("nested-over.crypta", &nested(65), "64");
}

/// A multiplication layout of `a × b` written out in `base` (digits over 9
/// shown as `*`), the `hide` last digits of the multiplicand hidden.
fn multiplication_layout(a: u128, b: u128, base: u128, hide: usize) -> String {
    let digits = |mut n: u128| {
        let mut s = Vec::new();
        loop {
            s.push(n % base);
            n /= base;
            if n == 0 {
                break;
            }
        }
        s.reverse();
        s
    };
    let show = |ds: &[u128]| -> String {
        ds.iter()
            .map(|&d| {
                if d < 10 {
                    char::from(b'0' + d as u8)
                } else {
                    '*'
                }
            })
            .collect()
    };
    let (da, db) = (digits(a), digits(b));
    let product = digits(a * b);
    let right = product.len().max(db.len() + 2) + 1;
    let at = |text: &str, end: usize| format!("{}{}", " ".repeat(end + 1 - text.len()), text);
    let mut shown_a = show(&da);
    let cut = shown_a.len() - hide;
    shown_a.replace_range(cut.., &"*".repeat(hide));
    let mut lines = vec![
        at(&shown_a, right),
        format!("x{}", &at(&show(&db), right)[1..]),
    ];
    if db.len() > 1 {
        for (i, &d) in db.iter().rev().enumerate() {
            if d != 0 {
                lines.push(at(&show(&digits(d * a)), right - i));
            }
        }
    }
    lines.push(at(&show(&product), right));
    format!(
        "unique multiplication {{\n{}\n}} with base {}",
        lines.join("\n"),
        base
    )
}

#[test]
fn layouts_up_to_the_128_bit_rows() {
    // Base 10: rows of up to 35 digits (35 + 2 digits of headroom fit in
    // 126 bits); a 35-digit product is solved exactly.
    let a = 987_654_321_987_654_321u128; // 18 digits
    let b = 98_765_432_198_765_437u128; // 17 digits
    assert_eq!((a * b).to_string().len(), 35);
    let largest = multiplication_layout(a, b, 10, 3);
    accepted("mul35.crypta", &largest);
    let (statements, _) = check_script(&largest);
    let result = run_statement(&statements[0], &RunOptions::default()).expect("runs");
    let ResultBody::Searched(search) = result.body else {
        panic!()
    };
    assert_eq!(search.count, 1, "unique");
    let Some(layout) = search.puzzle.downcast_ref::<crypta_engine::kinds::Layout>() else {
        panic!("not a layout")
    };
    let text = layout.row_texts(&search.solutions[0].values);
    assert_eq!(text[0], a.to_string());
    assert_eq!(text.last(), Some(&(a * b).to_string()));
    // One more digit is refused.
    let over = multiplication_layout(a * 10 + 1, b, 10, 3);
    refused("mul36.crypta", &over, "128-bit");
    // Base 2 (124 digits) and base 36 (22 digits) likewise, all stars.
    for (base, longest) in [(2u32, 124usize), (36, 22)] {
        let layout = |n: usize| {
            format!(
                "count multiplication {{\n  {}\nx {}1\n {}\n}} with base {}",
                "*".repeat(n - 1),
                " ".repeat(n - 2),
                "*".repeat(n),
                base
            )
        };
        accepted(&format!("mul-{}.crypta", base), &layout(longest));
        refused(
            &format!("mul-{}-over.crypta", base),
            &layout(longest + 1),
            "128-bit",
        );
    }
}

#[test]
fn divisions_up_to_the_128_bit_rows() {
    // An n-digit dividend of a 1-digit divisor with an n-digit quotient:
    // rows of up to 35 digits in base 10; all stars, so only checked.
    let layout = |n: usize| {
        let mut lines = vec![
            format!("    {}", "*".repeat(n)),
            format!("* ) {}", "*".repeat(n)),
        ];
        for j in 0..n {
            lines.push(format!("{}*", " ".repeat(4 + j)));
            if j + 1 < n {
                lines.push(format!("{}**", " ".repeat(4 + j)));
            }
        }
        format!("count division {{\n{}\n}}", lines.join("\n"))
    };
    accepted("div35.crypta", &layout(35));
    refused("div36.crypta", &layout(36), "128-bit");
}

#[test]
fn kakuro_grids_up_to_256_by_256() {
    let largest = open_kakuro("count", 256);
    accepted("kakuro256.crypta", &largest);
    // One more row of blocks is one row too many.
    let row = vec!["#"; 256].join(" ");
    let over = largest.replacen("kakuro {\n", &format!("kakuro {{\n{}\n", row), 1);
    refused("kakuro257.crypta", &over, "65536");
    // The KAKURO2 judge: N up to 256.
    let grid = |n: usize| {
        let mut input = format!("1\n{}\n", n);
        for r in 0..n {
            let row: Vec<&str> = (0..n)
                .map(|c| {
                    if r > 0 && c > 0 && r < 3 && c < 3 {
                        "1"
                    } else {
                        "0"
                    }
                })
                .collect();
            input.push_str(&row.join(" "));
            input.push('\n');
        }
        input.push_str("4\n1 2 1 3\n1 3 1 4\n2 1 0 3\n3 1 0 4\n");
        input
    };
    let run = crypta(&["judge", "kakuro2"], grid(256).as_bytes());
    assert_eq!(run.code, 0, "{}", run.err);
    assert_eq!(run.out.lines().count(), 256);
    assert!(run
        .out
        .lines()
        .nth(1)
        .is_some_and(|l| l.starts_with("0 2 1 0")));
    let run = crypta(&["judge", "kakuro2"], grid(257).as_bytes());
    assert_eq!(run.code, 1);
    assert!(run.err.contains("256"), "{}", run.err);
}

#[test]
fn judge_inputs_up_to_the_byte_limit() {
    let input = "5\nABCED\nBDACE\nEBBAA\n";
    let largest = format!("{}{}", input, " ".repeat(MAX_JUDGE_BYTES - input.len()));
    let run = crypta(&["judge", "p1092"], largest.as_bytes());
    assert_eq!(run.code, 0, "{}", run.err);
    assert_eq!(run.out, "1 0 3 4 2\n");
    let run = crypta(&["judge", "p1092"], format!("{} ", largest).as_bytes());
    assert_eq!(run.code, 1);
    assert!(run.err.contains("16 MiB"), "{}", run.err);
    // A dataset that claims a billion words is refused, not allocated.
    let run = crypta(&["judge", "icpc2009c"], b"1000000000\nA B\n0\n");
    assert_eq!(run.code, 1);
    assert!(run.err.contains("1024"), "{}", run.err);
}

#[test]
fn a_script_of_many_errors_reports_the_first_hundred() {
    let script = "A + = B\n".repeat(5000);
    let (_, diagnostics) = check_script(&script);
    assert_eq!(diagnostics.len(), MAX_DIAGNOSTICS + 1);
    let last = &diagnostics[MAX_DIAGNOSTICS];
    assert_eq!(last.kind, ErrorKind::TooManyErrors);
    assert!(
        last.message.starts_with("4900 more errors"),
        "{}",
        last.message
    );
    let run = crypta(&["eval", &script], b"");
    assert_eq!(run.code, 1);
    // A hundred thousand statements check in a full run (quadratic work
    // would not end), a sixth of them in a plain `cargo test`: the
    // hundred thousand took 5 s of CPU, and over the hang guard's two
    // minutes on a loaded machine.
    let statements = crate::support::scaled(100_000);
    let script = "explain A + B = C\n".repeat(statements as usize);
    let (_dir, path) = script_file("many.crypta", &script);
    let run = crypta(&["check", path.to_str().expect("path")], b"");
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(
        run.out.contains(&format!("({} statements)", statements)),
        "{}",
        run.out
    );
}
