//! `crypta generate` as an author uses it: every kind prints only puzzles
//! the solver proves unique unless asked otherwise, in the format asked
//! (text, JSON, pictures with `--out` and `--blank`); skeletons keep the
//! shapes a book prints; Kakuro symmetry holds for the printed grid and no
//! row or column is left empty.

use crypta_core::generate::{solutions, Solutions};

use crate::support::{repo, run};

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

/// The statements of a generated script: each starts at a line with no
/// indent and ends at the line `}` (or the line itself).
fn statements(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        match out.last_mut() {
            Some(last) if line.starts_with(' ') || line.starts_with('}') => {
                last.push('\n');
                last.push_str(line);
            }
            _ => out.push(line.to_string()),
        }
    }
    out
}

/// A Kakuro block's cells as tokens, row by row.
fn grid(statement: &str) -> Vec<Vec<String>> {
    statement
        .lines()
        .filter(|l| l.starts_with("  "))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

fn is_white(token: &str) -> bool {
    token == "." || token.chars().all(|c| c.is_ascii_digit())
}

#[test]
fn every_kind_is_proven_unique_by_default() {
    let words = repo("examples/words.txt").display().to_string();
    for kind in [
        &["kakuro", "--size", "7", "--count", "3"][..],
        &["kakuro", "--size", "6", "--symmetry", "rotational"],
        &["letters", "--words", &words, "--count", "2"],
        &["multiplication", "--count", "2"],
        &["division", "--digits", "4x2"],
    ] {
        let (code, out, err) = generate(kind);
        assert_eq!(code, 0, "{kind:?}: {err}");
        let all = statements(&out);
        assert!(!all.is_empty(), "{kind:?}");
        for statement in all {
            assert!(statement.starts_with("unique "), "{statement}");
            assert_eq!(
                solutions(&statement, None),
                Ok(Solutions::One),
                "{statement}"
            );
        }
    }
}

#[test]
fn not_unique_kakuro_says_count() {
    let (code, out, err) = generate(&["kakuro", "--size", "6", "--not-unique"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("count kakuro {"), "{out}");
    let (code, _, err) = generate(&["kakuro", "--unique", "--not-unique"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn json_gives_each_puzzle_with_its_proven_answer() {
    let (code, out, err) = generate(&[
        "kakuro", "--size", "6", "--count", "2", "--seed", "3", "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 2);
    let (_, text, _) = generate(&["kakuro", "--size", "6", "--count", "2", "--seed", "3"]);
    for (k, (line, statement)) in lines.iter().zip(statements(&text)).enumerate() {
        assert_eq!(line["puzzle"], k + 1);
        assert_eq!(line["seed"], 3 + k);
        assert_eq!(line["statement"], statement.as_str());
        assert_eq!(line["answer"]["unique"], true);
        assert!(line["answer"]["solutions"][0]["grid"].is_array());
    }
}

#[test]
fn pictures_go_to_standard_output_or_to_out() {
    let (code, out, err) = generate(&["multiplication", "--format", "svg"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("<?xml"), "{out}");
    let (code, _, err) = generate(&["multiplication", "--count", "2", "--format", "svg"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--out DIR"), "{err}");
    let scratch = crate::support::Scratch::new("generate-out");
    let dir = scratch.join("out");
    let dir_arg = dir.display().to_string();
    let (code, _, err) = generate(&[
        "kakuro", "--size", "6", "--count", "2", "--format", "svg", "--blank", "--out", &dir_arg,
    ]);
    assert_eq!(code, 0, "{err}");
    for n in [1, 2] {
        let svg = std::fs::read_to_string(dir.join(format!("statement-{n}.svg")))
            .expect("a picture per puzzle");
        assert!(svg.contains("<svg"), "{svg}");
    }
    // Blank: the solved picture has more text (the digits) than the blank one.
    let blank = std::fs::read_to_string(dir.join("statement-1.svg")).unwrap_or_default();
    let (_, solved, _) = generate(&["kakuro", "--size", "6", "--format", "svg"]);
    assert!(solved.matches("<text").count() > blank.matches("<text").count());
}

/// The lines between the rules of a multiplication: its partial products.
fn partial_products(statement: &str) -> usize {
    let lines: Vec<&str> = statement.lines().collect();
    let rules: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].trim().starts_with('-'))
        .collect();
    match rules[..] {
        [a, b] => b - a - 1,
        _ => 0,
    }
}

#[test]
fn skeletons_have_the_shapes_a_book_prints() {
    for seed in 1..=6 {
        let seed = seed.to_string();
        let (_, out, err) = generate(&["multiplication", "--digits", "3x2", "--seed", &seed]);
        assert_eq!(partial_products(&out), 2, "{out}{err}");
        let (_, out, err) = generate(&["multiplication", "--keep", "7", "--seed", &seed]);
        // No number is shown whole: every line of digits has a `*`.
        for line in out.lines().skip(1) {
            let t = line.trim();
            if t.starts_with('-') || t == "}" {
                continue;
            }
            assert!(t.contains('*'), "{out}{err}");
        }
        let (_, out, err) = generate(&["division", "--digits", "4x2", "--seed", &seed]);
        // Each product has its rule: a rule follows every other number
        // line from the first product on.
        let body: Vec<&str> = out.lines().skip(4).filter(|l| *l != "}").collect();
        let rules = body.iter().filter(|l| l.trim().starts_with('-')).count();
        assert!(rules >= 1, "{out}{err}");
        for pair in body.chunks(3) {
            if pair.len() == 3 {
                assert!(pair[1].trim().starts_with('-'), "{out}");
            }
        }
    }
    // Asked for: a multiplier with a 0 digit may come back.
    let any = (1..=30).any(|seed| {
        let seed = seed.to_string();
        let (_, out, _) = generate(&[
            "multiplication",
            "--digits",
            "3x2",
            "--any-shape",
            "--seed",
            &seed,
        ]);
        partial_products(&out) == 1
    });
    assert!(any, "--any-shape never gave a missing partial product");
}

#[test]
fn symmetric_grids_are_symmetric_as_printed() {
    for (symmetry, rotate) in [("rotational", true), ("mirror", false)] {
        for (size, seed) in [("7", "1"), ("9", "2"), ("12", "3")] {
            let (code, out, err) = generate(&[
                "kakuro",
                "--size",
                size,
                "--seed",
                seed,
                "--symmetry",
                symmetry,
            ]);
            assert_eq!(code, 0, "{err}");
            let cells = grid(&out);
            let (rows, cols) = (cells.len(), cells[0].len());
            for r in 0..rows {
                for c in 0..cols {
                    let (pr, pc) = if rotate {
                        (rows - 1 - r, cols - 1 - c)
                    } else {
                        (r, cols - 1 - c)
                    };
                    assert_eq!(
                        is_white(&cells[r][c]),
                        is_white(&cells[pr][pc]),
                        "{symmetry} r{r}c{c}:\n{out}"
                    );
                }
            }
        }
    }
}

#[test]
fn no_row_or_column_is_left_empty() {
    for seed in 1..=6 {
        let seed = seed.to_string();
        let (code, out, err) = generate(&[
            "kakuro",
            "--rows",
            "5",
            "--cols",
            "9",
            "--density",
            "0.6",
            "--seed",
            &seed,
        ]);
        assert_eq!(code, 0, "{err}");
        let cells = grid(&out);
        for (r, row) in cells.iter().enumerate().skip(1) {
            assert!(row.iter().any(|t| is_white(t)), "row {r}:\n{out}");
        }
        for c in 1..cells[0].len() {
            assert!(
                cells.iter().any(|row| is_white(&row[c])),
                "column {c}:\n{out}"
            );
        }
    }
}

#[test]
fn every_puzzle_printed_grades_at_the_difficulty_asked() {
    use crypta_core::Difficulty::{Easy, Hard, Medium};
    let words = repo("examples/words.txt").display().to_string();
    let cases: [(&[&str], _); 7] = [
        (&["kakuro", "--size", "8"], Easy),
        (&["kakuro", "--size", "10"], Medium),
        (&["kakuro", "--size", "12"], Hard),
        (&["multiplication"], Easy),
        (&["division", "--digits", "4x2"], Medium),
        (&["letters", "--words", &words], Medium),
        (&["letters", "--words", &words], Hard),
    ];
    for (kind, level) in cases {
        let mut args = kind.to_vec();
        args.extend(["--count", "2", "--difficulty", level.name()]);
        let (code, out, err) = generate(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let all = statements(&out);
        assert_eq!(all.len(), 2, "{args:?}: {out}");
        for statement in all {
            assert_eq!(
                crate::support::grade_of(&statement),
                level,
                "{args:?}: {statement}"
            );
        }
    }
    let (code, _, err) = generate(&["kakuro", "--difficulty", "hard", "--not-unique"]);
    assert_eq!(code, 2, "{err}");
}
