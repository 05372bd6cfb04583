//! `crypta generate cryptic`: every cryptic Kakuro made from fixed seeds
//! has exactly one solution, letters and grid together, by the solver and
//! (on small grids) by the second oracle, and that solution is the plain
//! grid `generate kakuro` plants for the seed; no cell it shows can be
//! hidden alone; with `--difficulty` it grades at that level; text, JSON
//! and pictures; one small run's output is a golden file.

use crypta_core::generate::kakuro::{self, Spec};
use crypta_core::generate::{solutions, Generator, Kind, Limits, Request, Solutions};
use crypta_core::Difficulty;
use crypta_engine::kinds::CrypticKakuro;
use crypta_engine::kinds::Kind as _;
use crypta_engine::program::check_script;
use crypta_substrate::solve::Verdict;

use crate::crosscheck::all_solutions;
use crate::support::{assert_matches_file, run, scaled, transcript};

/// The statements `request` generates, each with its seed.
fn made(request: &Request) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    let outcome = Generator::new(request).expect("the request checks").run(
        &Limits::default(),
        |seed, puzzle| {
            let statement = puzzle
                .expect("no generator bug")
                .unwrap_or_else(|| panic!("no puzzle for seed {seed}"));
            out.push((seed, statement));
        },
    );
    assert_eq!(outcome.message(), None);
    out
}

fn cryptic(statement: &str) -> CrypticKakuro {
    let (statements, diagnostics) = check_script(statement);
    assert!(diagnostics.is_empty(), "{statement}: {diagnostics:?}");
    match statements
        .first()
        .and_then(|s| crate::support::asked::<crypta_engine::kinds::CrypticKakuro>(&s.action))
    {
        Some(kakuro) => kakuro,
        None => panic!("{statement} is not a cryptic Kakuro"),
    }
}

#[test]
fn cryptic_grids_have_one_solution_the_planted_grid() {
    let mut by_oracle = 0;
    let mut lettered = 0;
    for size in [4, 5, 6, 8] {
        let request = Request {
            kind: Kind::Cryptic,
            size,
            seed: 1,
            count: scaled(10),
            ..Request::default()
        };
        for (seed, statement) in made(&request) {
            assert!(statement.starts_with("unique kakuro {"), "{statement}");
            let kakuro = cryptic(&statement);
            // Every clue is a word of letters.
            assert!(kakuro.run_words.iter().all(|w| w.is_some()), "{statement}");
            let found = all_solutions(kakuro.plan().as_ref()).expect("solves");
            assert_eq!(found.len(), 1, "{statement}");
            assert_eq!(kakuro.verifier()(&found[0]), Verdict::Solution);
            // The plain grid of the seed, made unique as `generate kakuro`
            // makes it, is the solution's grid.
            let grid = kakuro::generate(&Spec {
                unique: true,
                ..Spec::new(size, seed)
            });
            let planted: Vec<u8> = grid.digits.iter().copied().filter(|&d| d != 0).collect();
            assert_eq!(&found[0][..planted.len()], &planted[..], "{statement}");
            lettered += usize::from(kakuro.cell_symbol.iter().any(Option::is_some));
            if kakuro.grid.whites.len() <= 12 {
                let oracle = all_solutions(kakuro.oracle().as_ref()).expect("oracle");
                assert_eq!(oracle, found, "{statement}");
                by_oracle += 1;
            }
        }
    }
    assert!(
        by_oracle >= scaled(10) as usize,
        "{by_oracle} by the oracle"
    );
    assert!(lettered > 0, "no grid needed a lettered cell");
}

/// The white cells of a statement's block that show a letter or a digit,
/// as (line, token) positions.
fn shown_cells(statement: &str) -> Vec<(usize, usize)> {
    let mut shown = Vec::new();
    for (l, line) in statement.lines().enumerate() {
        for (t, token) in line.split_whitespace().enumerate() {
            let cell = token.len() == 1 && token.chars().all(|c| c.is_ascii_alphanumeric());
            if cell && l > 0 && !line.starts_with('}') {
                shown.push((l, t));
            }
        }
    }
    shown
}

/// The statement with the cell at `(line, token)` blank.
fn hidden(statement: &str, (line, token): (usize, usize)) -> String {
    let lines: Vec<String> = statement
        .lines()
        .enumerate()
        .map(|(l, text)| {
            if l != line {
                return text.to_string();
            }
            let tokens: Vec<&str> = text
                .split_whitespace()
                .enumerate()
                .map(|(t, x)| if t == token { "." } else { x })
                .collect();
            format!("  {}", tokens.join(" "))
        })
        .collect();
    lines.join("\n")
}

#[test]
fn no_shown_cell_can_be_hidden_alone() {
    let request = Request {
        kind: Kind::Cryptic,
        size: 7,
        // Two grids at least: one may show no cell.
        count: scaled(6).max(2),
        ..Request::default()
    };
    let mut tried = 0;
    for (_, statement) in made(&request) {
        for cell in shown_cells(&statement) {
            let less = hidden(&statement, cell);
            assert_eq!(
                solutions(&less, None),
                Ok(Solutions::Several),
                "{statement}\nwithout {cell:?}:\n{less}"
            );
            tried += 1;
        }
    }
    assert!(tried > 0, "no grid showed a cell");
}

#[test]
fn cryptic_grids_grade_at_the_level_asked() {
    for level in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
        for size in [6, 8] {
            let request = Request {
                kind: Kind::Cryptic,
                size,
                seed: 3,
                count: scaled(3),
                difficulty: Some(level),
                ..Request::default()
            };
            for (_, statement) in made(&request) {
                assert_eq!(crate::support::grade_of(&statement), level, "{statement}");
                assert_eq!(solutions(&statement, None), Ok(Solutions::One));
            }
        }
    }
}

#[test]
fn a_small_run_is_golden() {
    let args = [
        "generate", "cryptic", "--size", "6", "--count", "3", "--seed", "1",
    ];
    assert_matches_file("tests/generate/cryptic.out", &transcript(&run(&args, b"")));
    let args = [
        "generate",
        "cryptic",
        "--size",
        "7",
        "--symmetry",
        "rotational",
        "--difficulty",
        "medium",
        "--seed",
        "5",
    ];
    assert_matches_file(
        "tests/generate/cryptic-medium.out",
        &transcript(&run(&args, b"")),
    );
}

#[test]
fn json_and_pictures_carry_the_letters() {
    let output = run(
        &["generate", "cryptic", "--size", "6", "--format", "json"],
        b"",
    );
    assert_eq!(output.status.code(), Some(0));
    let line: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(line["answer"]["unique"], true);
    let symbols = &line["answer"]["solutions"][0]["symbols"];
    assert!(symbols.as_object().is_some_and(|s| !s.is_empty()), "{line}");
    let blank = run(
        &[
            "generate", "cryptic", "--size", "6", "--format", "svg", "--blank",
        ],
        b"",
    );
    let svg = String::from_utf8_lossy(&blank.stdout);
    assert!(svg.starts_with("<?xml"), "{svg}");
    // The blank picture shows the clue words, not their sums.
    let statement = line["statement"].as_str().expect("a statement");
    let word = statement
        .split_whitespace()
        .find_map(|t| t.strip_prefix('\\').filter(|w| !w.is_empty()))
        .expect("an across clue");
    assert!(svg.contains(&format!(">{word}<")), "{word} not in {svg}");
}

#[test]
fn plain_grid_options_are_refused() {
    for flag in [&["--givens", "0.5"][..], &["--not-unique"], &["--kakuro2"]] {
        let mut args = vec!["generate", "cryptic"];
        args.extend_from_slice(flag);
        let output = run(&args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains("not for cryptic"), "{err}");
    }
    let output = run(&["generate", "cryptic", "--size", "2"], b"");
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("no white cell"), "{err}");
}
