//! `crypta generate letters|multiplication|division`: every generated
//! puzzle checks, has exactly one solution by the solver (`unique`) and by
//! the brute-force oracle, skeletons hide as much as uniqueness allows (no
//! shown digit can be hidden alone), `--keep 7` shows only sevens, and the
//! output depends on the seed alone; bad word lists and options are usage
//! errors with a clear message.

use crypta_core::generate::layout::{self, Operation};
use crypta_core::generate::letters::{self, Pattern, Shape};
use crypta_core::generate::{solutions, Solutions};
use crypta_engine::kinds::Puzzle;
use crypta_engine::program::check_script;
use crypta_engine::program::Action;

use crate::crosscheck::{all_solutions, ask};
use crate::support::{read, run};

fn words() -> Vec<String> {
    letters::read_words(&read("examples/words.txt"), "examples/words.txt").expect("word list")
}

/// The letter puzzle of `shape` in `base` that `seed` generates, which
/// must exist.
fn letter_puzzle(words: &[String], seed: u64, base: u32, shape: &Shape) -> String {
    let spec = letters::Spec {
        seed,
        base,
        shape: shape.clone(),
        condition: None,
        level: None,
    };
    letters::generate(words, &spec)
        .expect("no generator bug")
        .unwrap_or_else(|| panic!("no puzzle for {:?}", spec))
}

fn puzzle(statement: &str) -> Puzzle {
    let (statements, diagnostics) = check_script(statement);
    assert!(diagnostics.is_empty(), "{}: {:?}", statement, diagnostics);
    match statements.into_iter().next().map(|s| s.action) {
        Some(Action::Ask { puzzle, .. }) => puzzle,
        _ => panic!("{} is not a query", statement),
    }
}

/// Assignments the letters oracle visits at most (distinct digits): it
/// tries every one, so only small puzzles go to it.
fn permutations(puzzle: &Puzzle) -> f64 {
    match puzzle.downcast_ref::<crypta_substrate::ir::Letters>() {
        Some(l) => {
            let base = f64::from(l.base);
            (0..l.vars.len()).map(|i| base - i as f64).product()
        }
        None => 0.0,
    }
}

/// `unique` finds exactly one solution, and the oracle (when `oracle`)
/// finds that one and no other. Returns whether the oracle ran.
fn proven_unique(statement: &str, oracle: bool) -> bool {
    let search = ask(statement).unwrap_or_else(|e| panic!("{}: {}", statement, e));
    assert_eq!(search.count, 1, "{}", statement);
    assert_eq!(search.solutions.len(), 1, "{}", statement);
    if !oracle {
        return false;
    }
    let puzzle = puzzle(statement);
    let found = all_solutions(crypta_engine::kinds::of(&puzzle).oracle().as_ref())
        .unwrap_or_else(|e| panic!("{}: {}", statement, e));
    assert_eq!(
        found,
        vec![search.solutions[0].values.clone()],
        "{}",
        statement
    );
    true
}

#[test]
fn generated_alphametics_are_unique() {
    let words = words();
    let mut by_oracle = 0;
    let shapes = [
        (10, Shape::Sum(2, 2)),
        (10, Shape::Sum(2, 4)),
        (8, Shape::Sum(2, 2)),
        (7, Shape::Sum(2, 3)),
        (
            10,
            Shape::Pattern(Pattern::parse("A - B = C").expect("pattern")),
        ),
        (
            9,
            Shape::Pattern(Pattern::parse("A + B = C").expect("pattern")),
        ),
    ];
    for (base, shape) in shapes {
        for seed in 1..=8 {
            let statement = letter_puzzle(&words, seed, base, &shape);
            assert_eq!(statement.contains("with base"), base != 10, "{}", statement);
            let small = permutations(&puzzle(&statement)) <= 2e6;
            by_oracle += usize::from(proven_unique(&statement, small));
        }
    }
    // The small bases keep enough puzzles within the oracle's reach.
    assert!(
        by_oracle >= 16,
        "only {} puzzles checked by the oracle",
        by_oracle
    );
}

/// Above base 10 every seed finds a puzzle (the words that share their
/// letters), sums of two or more words and patterns alike.
#[test]
fn high_bases_find_a_puzzle_for_every_seed() {
    let words = words();
    let mut by_oracle = 0;
    let mut cases: Vec<(u32, Shape, u64)> = [12, 14, 16, 20, 36]
        .into_iter()
        .map(|base| (base, Shape::Sum(2, 2), 20))
        .collect();
    cases.extend([
        (16, Shape::Sum(2, 4), 10),
        (11, Shape::Sum(2, 3), 5),
        (
            14,
            Shape::Pattern(Pattern::parse("A - B = C").expect("pattern")),
            5,
        ),
        (
            16,
            Shape::Pattern(Pattern::parse("A * B = C").expect("pattern")),
            5,
        ),
    ]);
    for (base, shape, seeds) in cases {
        for seed in 1..=seeds {
            let statement = letter_puzzle(&words, seed, base, &shape);
            assert!(
                statement.ends_with(&format!(" with base {}", base)),
                "{}",
                statement
            );
            // A smaller reach than above: there are many more puzzles.
            let small = permutations(&puzzle(&statement)) <= 5e5;
            by_oracle += usize::from(proven_unique(&statement, small));
        }
    }
    assert!(
        by_oracle >= 30,
        "only {} puzzles checked by the oracle",
        by_oracle
    );
}

#[test]
fn patterns_are_read_or_refused() {
    for good in ["A + B = C", "A+B+C=D", "(A - B) * C = D", "AB * C = D"] {
        assert!(Pattern::parse(good).is_ok(), "{}", good);
    }
    for bad in [
        "A + B",
        "A = B = C",
        "A + = C",
        "A / B = C",
        "A",
        "(A + B = C",
        "",
    ] {
        assert!(Pattern::parse(bad).is_err(), "{}", bad);
    }
}

#[test]
fn word_lists_are_checked() {
    let read = |text: &str| letters::read_words(text, "list.txt");
    assert_eq!(
        read("send # a comment\n\n  More\nsend\n# only a comment\nMONEY").expect("fine"),
        vec!["SEND", "MORE", "MONEY"]
    );
    let error = read("send\nmore\nmo ney\n")
        .expect_err("a space")
        .to_string();
    assert!(error.starts_with("list.txt:3: `mo ney`"), "{}", error);
    let error = read("caf\u{e9}\n").expect_err("not A-Z").to_string();
    assert!(error.starts_with("list.txt:1:"), "{}", error);
    assert!(read(&"a".repeat(letters::MAX_WORD + 1)).is_err());
}

/// The shown cells of a skeleton statement: (line, column) of each digit
/// or letter in its block (the multiplier's `x` is not one).
fn shown_cells(statement: &str) -> Vec<(usize, usize)> {
    let lines: Vec<&str> = statement.lines().collect();
    let mut cells = Vec::new();
    for (l, line) in lines.iter().enumerate().take(lines.len() - 1).skip(1) {
        for (c, ch) in line.char_indices() {
            if ch.is_ascii_alphanumeric() && ch != 'x' {
                cells.push((l, c));
            }
        }
    }
    cells
}

/// The statement with one cell written `*`.
fn hidden(statement: &str, (line, column): (usize, usize)) -> String {
    let mut lines: Vec<String> = statement.lines().map(String::from).collect();
    lines[line].replace_range(column..column + 1, "*");
    lines.join("\n")
}

/// Unique by the solver and the oracle, and no shown cell can be hidden
/// without a second solution.
fn check_skeleton(statement: &str) {
    assert!(statement.starts_with("unique "), "{}", statement);
    proven_unique(statement, true);
    for cell in shown_cells(statement) {
        let less = hidden(statement, cell);
        assert_eq!(
            solutions(&less, None).expect("checks"),
            Solutions::Several,
            "{} shows a digit that could be hidden:\n{}",
            statement,
            less
        );
    }
}

/// The skeleton specs of each size with seeds 1 to `seeds`.
fn specs(
    sizes: &[(Operation, (usize, usize))],
    seeds: u64,
    keep: Option<u8>,
    letters: impl Fn(u64) -> bool,
) -> Vec<layout::Spec> {
    let mut all = Vec::new();
    for &(operation, digits) in sizes {
        all.extend((1..=seeds).map(|seed| layout::Spec {
            operation,
            digits,
            seed,
            keep,
            letters: letters(seed),
            any_shape: false,
        }));
    }
    all
}

/// The skeleton `spec` generates, which must exist.
fn skeleton(spec: &layout::Spec) -> String {
    layout::generate(spec)
        .expect("no generator bug")
        .unwrap_or_else(|| panic!("no skeleton for {:?}", spec))
}

#[test]
fn generated_skeletons_are_unique_and_hide_all_they_can() {
    let sizes = [
        (Operation::Multiplication, (3, 2)),
        (Operation::Multiplication, (2, 2)),
        (Operation::Multiplication, (3, 1)),
        (Operation::Division, (4, 2)),
        (Operation::Division, (4, 1)),
    ];
    for spec in specs(&sizes, 6, None, |seed| seed % 3 == 0) {
        check_skeleton(&skeleton(&spec));
    }
}

#[test]
fn keep_shows_only_that_digit() {
    let sizes = [
        (Operation::Multiplication, (3, 2)),
        (Operation::Division, (4, 2)),
    ];
    for spec in specs(&sizes, 6, Some(7), |_| false) {
        let Some(statement) = layout::generate(&spec).expect("no generator bug") else {
            continue;
        };
        let cells = shown_cells(&statement);
        let lines: Vec<&str> = statement.lines().collect();
        assert!(
            cells.iter().all(|&(l, c)| lines[l].as_bytes()[c] == b'7'),
            "{}",
            statement
        );
        check_skeleton(&statement);
    }
}

/// `--keep 7 --letters`: one letter shown, and the puzzle proves it is 7
/// (it is unique, and the letter written as any other digit has no
/// solution), unique by the solver and the oracle, hiding all it can.
#[test]
fn keep_with_letters_shows_one_letter_that_must_be_the_kept_digit() {
    let sizes = [
        (Operation::Multiplication, (3, 2)),
        (Operation::Division, (5, 2)),
    ];
    for spec in specs(&sizes, 10, Some(7), |_| true) {
        let statement = skeleton(&spec);
        let lines: Vec<&str> = statement.lines().collect();
        let mut shown: Vec<u8> = shown_cells(&statement)
            .iter()
            .map(|&(l, c)| lines[l].as_bytes()[c])
            .collect();
        shown.dedup();
        assert!(
            shown.len() == 1 && shown[0].is_ascii_uppercase(),
            "{}",
            statement
        );
        let letter = char::from(shown[0]);
        check_skeleton(&statement);
        let body = statement.split_once('\n').map_or("", |(_, b)| b);
        for digit in (0..=9).filter(|&d| d != 7) {
            let written = format!("{}\n{}", lines[0], body.replace(letter, &digit.to_string()));
            // A 0 that starts a number, or stands in a multiplier
            // digit with a partial product, does not even check.
            let none = match solutions(&written, None) {
                Ok(found) => found == Solutions::None,
                Err(e) => {
                    let e = e.to_string();
                    digit == 0 && (e.contains("cannot start with 0") || e.contains("cannot be 0"))
                }
            };
            assert!(none, "{} as {} is a solution:\n{}", letter, digit, written);
        }
        let as_seven = format!("{}\n{}", lines[0], body.replace(letter, "7"));
        assert_eq!(solutions(&as_seven, None).expect("checks"), Solutions::One);
    }
}

fn generate(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let output = run(&all, b"");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn output_depends_on_the_seed_only() {
    for kind in [
        &[
            "letters",
            "--words",
            "examples/words.txt",
            "--addends",
            "2..3",
        ][..],
        &["multiplication", "--digits", "3x2"],
        &["division", "--digits", "4x2"],
    ] {
        let with = |extra: &[&str]| {
            let mut args = kind.to_vec();
            args.extend_from_slice(extra);
            generate(&args)
        };
        let one = with(&["--seed", "5", "--count", "4", "--jobs", "1"]);
        assert_eq!(one.0, 0, "{:?}: {}", kind, one.2);
        assert_eq!(one, with(&["--seed", "5", "--count", "4", "--jobs", "2"]));
        // `--cases` is the old name of `--count`. (Three jobs on a machine
        // of two say so on standard error: only the puzzles are compared.)
        let three = with(&["--seed", "5", "--cases", "4", "--jobs", "3"]);
        assert_eq!((one.0, &one.1), (three.0, &three.1));
        let other = with(&["--seed", "6", "--count", "4", "--jobs", "1"]);
        assert_ne!(one.1, other.1, "{:?}", kind);
        // Puzzle k of seed s is puzzle 1 of seed s + k.
        let later = with(&["--seed", "6", "--count", "3", "--jobs", "1"]);
        assert!(one.1.ends_with(&later.1), "{:?}", kind);
    }
}

#[test]
fn bad_options_and_word_lists_are_usage_errors() {
    let dir = crate::support::Scratch::new("generate");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "send\nmore\nmo1ney\n").expect("write");
    let binary = dir.join("binary.txt");
    std::fs::write(&binary, b"send\n\xff\xfe\n").expect("write");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# nothing\n").expect("write");
    let (bad, binary, empty) = (
        bad.display().to_string(),
        binary.display().to_string(),
        empty.display().to_string(),
    );
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec!["letters", "--words", &bad],
            format!("{}:3: `mo1ney`", bad),
        ),
        (vec!["letters", "--words", &binary], "not UTF-8".into()),
        (vec!["letters", "--words", &empty], "at least 3".into()),
        (
            vec!["letters", "--words", "no/such/file"],
            "cannot read".into(),
        ),
        (
            vec!["kakuro", "--words", "examples/words.txt"],
            "--words is not for kakuro".into(),
        ),
        (
            vec![
                "letters",
                "--words",
                "examples/words.txt",
                "--digits",
                "3x2",
            ],
            "--digits is not for letters".into(),
        ),
        (
            vec!["multiplication", "--base", "8"],
            "--base is not for multiplication".into(),
        ),
        (
            vec!["division", "--size", "5"],
            "--size is not for division".into(),
        ),
        (
            vec![
                "letters",
                "--words",
                "examples/words.txt",
                "--symmetry",
                "mirror",
            ],
            "--symmetry is not for letters".into(),
        ),
        (
            vec!["division", "--digits", "2x3"],
            "shorter than a divisor".into(),
        ),
        (
            vec![
                "letters",
                "--words",
                "examples/words.txt",
                "--pattern",
                "A + B",
            ],
            "needs one `=`".into(),
        ),
        (
            vec![
                "letters",
                "--words",
                "examples/words.txt",
                "--pattern",
                "A+B=C",
                "--addends",
                "3",
            ],
            "do not go together".into(),
        ),
    ];
    for (args, message) in cases {
        let (code, out, err) = generate(&args);
        assert_eq!(code, 2, "{:?}: {}", args, err);
        assert!(out.is_empty(), "{:?}: {}", args, out);
        assert!(err.contains(&message), "{:?}: {}", args, err);
    }
}
