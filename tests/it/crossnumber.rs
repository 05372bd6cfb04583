//! Crossnumbers: `entry-lists` against the brute-force oracle on random
//! small grids and clues (fixed seed), the checker's diagnostics, and the
//! published puzzles of `tests/cases/crossnumber_*.crypta` checked by the
//! oracle too.

use crypta_engine::kinds::crossnumber::{oracle::BruteForce, solve::EntryLists, Crossnumber};
use crypta_engine::kinds::Kind;
use crypta_engine::program::check_script;
use crypta_substrate::diagnostic::ErrorKind;
use crypta_substrate::solve::{Budget, Flow, Limits, Outcome, Strategy, Verdict};

/// A fixed-seed generator (xorshift): the same cases every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn checked(script: &str) -> Result<Crossnumber, Vec<ErrorKind>> {
    let (statements, diagnostics) = check_script(script);
    if !diagnostics.is_empty() {
        return Err(diagnostics.iter().map(|d| d.kind).collect());
    }
    Ok(statements
        .first()
        .and_then(|s| crate::support::asked::<Crossnumber>(&s.action))
        .expect("a crossnumber query"))
}

/// Every solution within `nodes`, sorted; `None` when the budget ran out.
fn solutions(strategy: &dyn Strategy, nodes: Option<u64>) -> Option<Vec<Vec<u8>>> {
    let limits = Limits {
        max_nodes: nodes,
        ..Limits::default()
    };
    let mut budget = Budget::new(&limits);
    let mut found = Vec::new();
    let outcome = strategy.search(&mut budget, &mut |values| {
        found.push(values.to_vec());
        Flow::Continue
    });
    (outcome == Outcome::Exhausted).then(|| {
        found.sort();
        found
    })
}

/// A random grid of 3 or 4 rows and columns, and clues over its entries.
fn random_script(rng: &mut Rng) -> Option<String> {
    let (rows, cols) = (3 + rng.next(2) as usize, 3 + rng.next(2) as usize);
    let mut grid = String::new();
    for _ in 0..rows {
        let row: Vec<&str> = (0..cols)
            .map(|_| match rng.next(10) {
                0..=3 => "#",
                4 => ["A", "B", "7", "2"][rng.next(4) as usize],
                _ => ".",
            })
            .collect();
        grid.push_str(&format!("  {}\n", row.join(" ")));
    }
    // The grid's own entries, as the checker numbers them.
    let Ok(blank) = checked(&format!("solve crossnumber {{\n{}}}", grid)) else {
        return None;
    };
    let refs: Vec<String> = blank.entries.iter().map(|e| e.name.clone()).collect();
    if refs.is_empty() {
        return None;
    }
    let props = ["prime", "square", "odd", "even", "palindrome", "triangular"];
    let mut clues = String::new();
    for _ in 0..2 + rng.next(4) {
        let a = &refs[rng.next(refs.len() as u64) as usize];
        let b = &refs[rng.next(refs.len() as u64) as usize];
        let clue = match rng.next(6) {
            0 => format!("{}: {}", a, props[rng.next(6) as usize]),
            1 => format!(
                "{}: not {}, > {}",
                a,
                props[rng.next(6) as usize],
                rng.next(60)
            ),
            2 => format!("{} < {}", a, b),
            3 => format!("({} + {}) % {} = 0", a, b, 2 + rng.next(7)),
            4 => format!("exactly 1 of ({} prime, {} square)", a, b),
            _ => format!("{} * 2 > {} or {} = {}", a, b, a, b),
        };
        clues.push_str(&format!("  {}\n", clue));
    }
    let options = match rng.next(3) {
        0 => " with repeats",
        1 => " with leading zeros",
        _ => "",
    };
    Some(format!(
        "solve crossnumber {{\n{}{}}}{}",
        grid, clues, options
    ))
}

#[test]
fn entry_lists_agree_with_the_oracle() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut compared, mut with_solutions) = (0, 0);
    for _ in 0..240 {
        let Some(script) = random_script(&mut rng) else {
            continue;
        };
        // Grids with a lone cell, unknown entries or impossible clues are
        // refused by the checker; the rest are compared.
        let Ok(puzzle) = checked(&script) else {
            continue;
        };
        let Some(expected) = solutions(&BruteForce::new(&puzzle), Some(200_000)) else {
            continue;
        };
        let found = solutions(&EntryLists::new(&puzzle), Some(1_000_000)).expect("ends");
        assert_eq!(found, expected, "{}", script);
        let verify = puzzle.verifier();
        for s in &found {
            assert_eq!(verify(s), Verdict::Solution, "{}", script);
        }
        compared += 1;
        with_solutions += usize::from(!found.is_empty());
    }
    eprintln!("{} compared, {} with solutions", compared, with_solutions);
    assert!(compared >= 40, "only {} cases compared", compared);
    assert!(
        with_solutions >= 10,
        "only {} cases had solutions",
        with_solutions
    );
}

#[test]
fn the_language_example_has_its_one_solution() {
    let script = include_str!("../cases/crossnumbers.crypta");
    let puzzle = checked(script).expect("checks");
    let found = solutions(&EntryLists::new(&puzzle), None).expect("ends");
    assert_eq!(
        found,
        solutions(&BruteForce::new(&puzzle), None).expect("ends")
    );
    assert_eq!(found.len(), 1);
    let values = puzzle.values(&found[0]);
    let names: Vec<String> = puzzle
        .entries
        .iter()
        .zip(&values)
        .map(|(e, v)| format!("{}={}", e.name, v))
        .collect();
    assert_eq!(
        names.join(" "),
        "1a=596 1d=587 2d=6323 3a=33 4d=361 5a=7626 6d=63 7a=331"
    );
}

fn first_error(script: &str) -> (ErrorKind, String) {
    let (_, diagnostics) = check_script(script);
    let d = diagnostics.first().expect("an error");
    (
        d.kind,
        format!("{} / {}", d.message, d.hint.clone().unwrap_or_default()),
    )
}

#[test]
fn the_checker_explains_what_is_wrong() {
    let grid = "solve crossnumber {\n  . . . #\n  . # . .\n  . . . .\n  # . . .\n";
    let (kind, text) = first_error(&format!("{}  9a: prime\n}}", grid));
    assert_eq!(kind, ErrorKind::UnknownName);
    assert!(
        text.contains("no entry 9a") && text.contains("`7a`"),
        "{}",
        text
    );
    let (kind, text) = first_error(&format!("{}  1a > 999\n}}", grid));
    assert_eq!(kind, ErrorKind::ImpossibleCondition);
    assert!(text.contains("1a of 3 cells"), "{}", text);
    let (kind, _) = first_error("solve crossnumber {\n  . # .\n  # # .\n  . . .\n  1a: prime\n}");
    assert_eq!(kind, ErrorKind::BadCell);
    let (kind, _) = first_error(&format!("{}  1a = = 3\n}}", grid));
    assert_eq!(kind, ErrorKind::Syntax);
    let (kind, _) = first_error(&format!("{}  1a: prime\n}} with digits 1..9", grid));
    assert_eq!(kind, ErrorKind::OptionNotApplicable);
    let (kind, _) = first_error("solve crossnumber {\n  0 . .\n  . . .\n}");
    assert_eq!(kind, ErrorKind::ImpossibleCondition);
    let (kind, _) = first_error(&format!("{}  1a ^ 1d > 5\n}}", grid));
    assert_eq!(kind, ErrorKind::TooLarge);
    let (kind, _) = first_error(&format!("{}  Q > 1\n}}", grid));
    assert_eq!(kind, ErrorKind::UnknownName);
    // Past 32 by 32 cells: refused before any search (its depth and its
    // copies of the masks grow with the cells).
    let row = vec!["."; 33].join(" ");
    let big = format!(
        "solve crossnumber {{\n{}\n  1a > 1\n}}",
        vec![row.as_str(); 33].join("\n")
    );
    let (kind, text) = first_error(&big);
    assert_eq!(kind, ErrorKind::TooLarge);
    assert!(text.contains("at most 1024"), "{}", text);
    // 32 by 32 fits: rows of two-cell entries between rows of blocks.
    let white = [". . #"; 10].join(" ") + " . .";
    let black = vec!["#"; 32].join(" ");
    let rows: Vec<&str> = (0..32)
        .map(|r| {
            if r % 2 == 0 {
                white.as_str()
            } else {
                black.as_str()
            }
        })
        .collect();
    let fits = format!("solve crossnumber {{\n{}\n  1a > 1\n}}", rows.join("\n"));
    let (statements, diagnostics) = crypta_engine::program::check_script(&fits);
    assert!(diagnostics.is_empty(), "{:?}", diagnostics);
    assert_eq!(statements.len(), 1);
}
