//! No input shape exhausts the stack (issue 42): long flat chains of every
//! operator, deep parentheses, `not`s, counted truths and long lists, each
//! at its limit and past it, go through parsing, checking, `explain`,
//! searches with a node budget, the formatter and the language server's
//! analysis (the fuzz targets' bodies) on a thread with a 512 KiB stack,
//! the stack of a Python thread under `threading.stack_size(512 * 1024)`
//! and less than the WebAssembly module's. A shape past a limit is refused
//! with a `TooLarge` diagnostic at the sign that goes past it, before
//! anything recurses; one within the limits is read. `depth_ends.rs`
//! tries the same through the binary, the REPL and the language server.

use crypta_core::limits::{MAX_EXPRESSION_DEPTH, MAX_NESTING, MAX_OPERATORS, MAX_SCRIPT_BYTES};
use crypta_core::Script;
use crypta_substrate::diagnostic::ErrorKind;

use crate::fuzz_regressions::harness::{self, shapes};

/// The smallest stack any front end gives the core.
pub const SMALL_STACK: usize = 512 * 1024;

/// Runs `work` on a thread with a [`SMALL_STACK`]: a stack overflow there
/// aborts the test binary, a failure no assertion could miss.
pub fn on_small_stack<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(work)
        .expect("a thread")
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Every front end's path through the core, on a small stack; returns the
/// kinds of the script's diagnostics.
fn through_everything(script: String) -> Vec<ErrorKind> {
    on_small_stack(move || {
        harness::front_end(script.as_bytes());
        harness::solve(script.as_bytes());
        let checked = Script::parse(&script);
        checked.diagnostics().iter().map(|d| d.kind).collect()
    })
}

fn refused(script: String, what: &str) {
    let kinds = through_everything(script);
    assert_eq!(kinds, vec![ErrorKind::TooLarge], "{}", what);
}

/// `count A = B + A + A + ...`: `n` operators of one kind.
fn flat(sign: &str, n: usize) -> String {
    format!("count A = B{}", format!(" {} A", sign).repeat(n))
}

#[test]
fn flat_chains_of_every_operator_at_the_limit_are_read() {
    for sign in ["+", "-", "*", "/", "%", "^", "×"] {
        let kinds = through_everything(flat(sign, MAX_OPERATORS));
        // More words than a statement takes: refused after parsing, by
        // the word limit, with the whole tree built and walked.
        assert_eq!(kinds, vec![ErrorKind::TooLarge], "{}", sign);
        refused(flat(sign, MAX_OPERATORS + 1), sign);
    }
    // The shapes of the issue, far past the limit and within 2 MiB.
    refused(flat("+", 30_000), "30,000 `+ A`");
    refused(format!("A != 1{}", " + 1".repeat(60_000)), "60,000 `+ 1`");
    refused(format!("A = B{}", " ^ 2".repeat(100_000)), "`^ 2`");
    let largest = flat("+", (MAX_SCRIPT_BYTES - 20) / 4);
    assert!(largest.len() <= MAX_SCRIPT_BYTES);
    refused(largest, "a chain as long as a script can be");
}

#[test]
fn a_chain_within_the_limits_checks_and_runs() {
    // 1023 words: the largest sum the word limit takes, solved; a sum,
    // difference or product equation is read into columns, not evaluated.
    let sum = format!("count A{} = B with repeats", " + A".repeat(1022));
    let kinds = through_everything(sum.clone());
    assert!(kinds.is_empty(), "{:?}", kinds);
    assert_eq!(crate::crosscheck::count(&sum), 1, "A = B = 0");
    for sign in ["-", "*"] {
        let chain = format!(
            "count A{} = B with repeats",
            format!(" {} A", sign).repeat(1022)
        );
        let kinds = through_everything(chain);
        assert!(kinds.is_empty(), "{}: {:?}", sign, kinds);
    }
    // Powers join from the right: 2 ^ 3 ^ 2 is 2 ^ 9.
    assert_eq!(crate::crosscheck::count("count ABC = 2 ^ 3 ^ 2"), 1);
}

/// `count A + B = CD with A < B op N op N ...`, `n` operators deep, N
/// one that leaves the condition possible (`- 0`, `* 1`, `% 7`).
fn condition(sign: &str, n: usize) -> String {
    let operand = match sign {
        "+" | "-" => "0",
        "%" => "7",
        _ => "1",
    };
    let chain = format!(" {} {}", sign, operand).repeat(n);
    format!("count A + B = CD with A < B{}", chain)
}

#[test]
fn evaluated_expressions_up_to_their_depth_are_solved() {
    // Conditions, powers and `answer` are evaluated by walks that recurse
    // once per operator: up to MAX_EXPRESSION_DEPTH, searched in full.
    for sign in ["+", "-", "*", "/", "%", "^"] {
        let kinds = through_everything(condition(sign, MAX_EXPRESSION_DEPTH));
        assert!(kinds.is_empty(), "{}: {:?}", sign, kinds);
        refused(condition(sign, MAX_EXPRESSION_DEPTH + 1), sign);
    }
    let depth = MAX_EXPRESSION_DEPTH;
    let power = |n: usize| format!("count A = A{}", " ^ 1".repeat(n));
    assert!(through_everything(power(depth)).is_empty());
    refused(power(depth + 1), "a member");
    let answer = |n: usize| format!("answer A{}: A + B = CD", " * 1".repeat(n));
    assert!(through_everything(answer(depth)).is_empty());
    refused(answer(depth + 1), "an answer");
    // Grouped, a longer chain is shallow enough.
    let group = vec!["B"; depth / 2].join(" + ");
    let grouped = format!("count A + B = CD with A < ({}) + ({})", group, group);
    assert!(through_everything(grouped).is_empty());
}

#[test]
fn nesting_at_the_limit_is_read_and_past_it_refused() {
    let parens = |n: usize| format!("count {}A{} = B", "(".repeat(n), ")".repeat(n));
    assert!(through_everything(parens(MAX_NESTING)).is_empty());
    refused(parens(MAX_NESTING + 1), "parentheses");
    refused(
        parens(MAX_SCRIPT_BYTES / 2 - 20),
        "parentheses to the size limit",
    );
    let nots = |n: usize| format!("count A + B = C with {}A < B", "not ".repeat(n));
    assert!(through_everything(nots(MAX_NESTING)).is_empty());
    refused(nots(MAX_NESTING + 1), "nots");
    let counted = |n: usize| {
        format!(
            "count A + B = C with {}A < B{}",
            "exactly 1 of (A = B, ".repeat(n),
            ")".repeat(n)
        )
    };
    let kinds = through_everything(counted(MAX_NESTING));
    assert!(!kinds.contains(&ErrorKind::TooLarge), "{:?}", kinds);
    refused(counted(MAX_NESTING + 1), "counted truths");
}

#[test]
fn the_deepest_tree_within_the_limits_is_walked() {
    // Every level a parenthesis and a chain whose first operand is the
    // level below: the tree is as deep as the operators and parentheses
    // together, as many of both as the limits take in an equation.
    let per_level = MAX_OPERATORS / MAX_NESTING - 2;
    let mut expr = String::from("A");
    for _ in 0..MAX_NESTING {
        expr = format!("({}{})", expr, " - A".repeat(per_level));
    }
    let kinds = through_everything(format!("count {} + B = CD with repeats", expr));
    assert!(kinds.is_empty(), "{:?}", kinds);
    let right = format!(
        "count A = {}B{}",
        "A - (".repeat(MAX_NESTING),
        ")".repeat(MAX_NESTING)
    );
    assert!(through_everything(right).is_empty());
    // In a condition the same tree is refused, before it is built.
    refused(format!("count A + B = CD with {} < B", expr), "a condition");
}

#[test]
fn long_lists_are_flat() {
    // `and`, `or`, `,` and relation signs make lists, not deeper trees: a
    // list of 20,000 (a fold of them into a tree would overflow the small
    // stack many times over) is read, and refused by the word limit.
    let list = |part: &str, sep: &str| vec![part; 20_000].join(sep);
    for sep in [" and ", " or "] {
        let script = format!("count A + B = C with {}", list("A < B", sep));
        let kinds = through_everything(script);
        assert_eq!(kinds, vec![ErrorKind::TooLarge], "{}", sep);
    }
    let members = format!("count {}", list("A + B = C", ", "));
    assert_eq!(through_everything(members), vec![ErrorKind::TooLarge]);
    let relations = format!("count {}", list("A", " = "));
    assert!(!through_everything(relations).is_empty());
}

#[test]
fn generated_hostile_shapes_never_overflow() {
    // A fixed sample of the fuzz run's generator (`fuzz/ci.sh` runs many
    // more): whatever the shape, a diagnostic or an answer, no crash.
    let mut rng = shapes::Rng::new(42);
    for _ in 0..crate::support::scaled(24) {
        through_everything(shapes::hostile(&mut rng));
    }
}
