//! Cryptic Kakuro (letters in cells and clues): random small grids from the
//! generator, encrypted with a random letter for each of a few digits,
//! solved by `cryptic-propagation` and by the second oracle (every
//! assignment of the letters, each plain grid by brute force); the brief's
//! example and Project Euler 424's first grid by their known answers.

use proptest::prelude::*;

use crypta_core::generate::kakuro::{generate, Spec};
use crypta_engine::kinds::Kind;
use crypta_engine::program::check_script;
use crypta_substrate::diagnostic::ErrorKind;
use crypta_substrate::solve::Verdict;

use crate::crosscheck::{self, queries_agree, run_property, Tally};
use crate::kakuro::small_spec;

/// How a grid is encrypted: which digit each letter `A`, `B`, ... stands
/// for, the coins that pick the cells and clue digits written as letters,
/// and the odd condition after `with`.
#[derive(Clone, Debug)]
pub(crate) struct Cipher {
    digits: Vec<u8>,
    coins: Vec<bool>,
    pub(crate) condition: Option<(usize, usize, usize)>,
}

pub(crate) fn cipher() -> impl Strategy<Value = Cipher> {
    (
        Just(()).prop_perturb(|_, mut rng| {
            let mut pool: Vec<u8> = (0..10).collect();
            let n = 2 + rng.random_range(0..3usize);
            let mut digits = Vec::new();
            for _ in 0..n {
                digits.push(pool.swap_remove(rng.random_range(0..pool.len())));
            }
            digits
        }),
        proptest::collection::vec(any::<bool>(), 64),
        proptest::option::of((0..3usize, 0..3usize, 0..4usize)),
    )
        .prop_map(|(digits, coins, condition)| Cipher {
            digits,
            coins,
            condition,
        })
}

/// The block's cells with some digits written as letters (in clues, and
/// in white cells by the planted digit); `None` when no letter made it in.
pub(crate) fn encrypt(body: &str, planted: &[u8], cipher: &Cipher) -> Option<String> {
    let letter = |d: u8| {
        cipher
            .digits
            .iter()
            .position(|&x| x == d)
            .map(|i| char::from(b'A' + i as u8))
    };
    let mut coin = cipher.coins.iter().cycle();
    let mut used = false;
    let mut out = String::new();
    let mut cell = 0;
    for line in body.lines() {
        let mut tokens = Vec::new();
        for token in line.split_whitespace() {
            let is_cell = !matches!(token, "kakuro" | "{" | "}");
            let changed: String = if token == "." {
                let d = planted.get(cell).copied().unwrap_or(0);
                match (letter(d), coin.next()) {
                    (Some(l), Some(true)) => {
                        used = true;
                        l.to_string()
                    }
                    _ => token.to_string(),
                }
            } else {
                token
                    .chars()
                    .map(
                        |c| match (c.to_digit(10).and_then(|d| letter(d as u8)), coin.next()) {
                            (Some(l), Some(true)) => {
                                used = true;
                                l
                            }
                            _ => c,
                        },
                    )
                    .collect()
            };
            cell += usize::from(is_cell);
            tokens.push(changed);
        }
        out.push_str(&tokens.join(" "));
        out.push('\n');
    }
    used.then_some(out)
}

/// `count` with a random grid of `spec` (sides 3 to `side`, at least
/// `density` white) in `cipher`; `None`, tallied, when no digit became a
/// letter.
pub(crate) fn count_script(
    mut spec: Spec,
    side: usize,
    density: f64,
    cipher: &Cipher,
    tally: &Tally,
) -> Option<String> {
    spec.rows = spec.rows.clamp(3, side);
    spec.cols = spec.cols.clamp(3, side);
    spec.density = spec.density.max(density);
    let grid = generate(&spec);
    let Some(body) = encrypt(&grid.block(), &grid.digits, cipher) else {
        tally.add("no letter");
        return None;
    };
    Some(format!("count {}", body.trim_end()))
}

#[test]
fn cryptic_grids_agree_with_the_second_oracle() {
    let tally = Tally::default();
    run_property(file!(), 500, (small_spec(), cipher()), |(spec, cipher)| {
        let Some(mut script) = count_script(spec, 5, 0.75, &cipher, &tally) else {
            return Ok(());
        };
        if let Some((a, b, rel)) = cipher.condition {
            let n = cipher.digits.len();
            let (a, b) = (b'A' + (a % n) as u8, b'A' + (b % n) as u8);
            let rel = ["<", "!=", ">=", "="][rel];
            script.push_str(&format!(" with {} {} {}", a as char, rel, b as char));
        }
        let (statements, diagnostics) = check_script(&script);
        if !diagnostics.is_empty() {
            // A letter only a condition names, a letter twice in a run.
            tally.add("rejected by the checker");
            return Ok(());
        }
        let Some(kakuro) = statements
            .first()
            .and_then(|s| crate::support::asked::<crypta_engine::kinds::CrypticKakuro>(&s.action))
        else {
            panic!("{} is not a cryptic Kakuro", script);
        };
        if kakuro.grid.whites.len() > 12 {
            tally.add("skipped (too many white cells)");
            return Ok(());
        }
        let Some(expected) = crosscheck::oracle_solutions(kakuro.oracle().as_ref(), &tally)? else {
            return Ok(());
        };
        let got = crosscheck::all_solutions(kakuro.plan().as_ref())?;
        prop_assert_eq!(&got, &expected, "{}", script);
        tally.add("cryptic-propagation");
        match expected.len() {
            0 => tally.add("no solution"),
            1 => tally.add("one solution"),
            _ => tally.add("several solutions"),
        }
        let verify = kakuro.verifier();
        for values in &got {
            prop_assert_eq!(verify(values), Verdict::Solution, "{}", script);
        }
        let key = |values: &[u8]| format!("{:?}", values);
        let keys: Vec<String> = expected.iter().map(|v| key(v)).collect();
        let body = script.split_once(' ').map_or(script.as_str(), |(_, b)| b);
        queries_agree(
            body,
            &keys,
            1 + expected.len() as u64 % 3,
            |s| key(&s.values),
            &tally,
        )
    });
    tally.report(
        "cryptic kakuro",
        &[
            ("cryptic-propagation", 180),
            ("one solution", 60),
            ("several solutions", 70),
            ("no solution", 12),
        ],
    );
}

/// The brief's grid, Project Euler 424's example.
pub(crate) const EULER: &str = "kakuro {
  #    #    CC\\  I\\   #    #
  #    \\H   B    .    CA\\  JE\\
  #    D\\FE .    .    .    .
  \\A   .    I    B\\JC .    .
  \\JC  H    .    .    .    #
  #    #    \\JE  .    .    #
}";

/// The brief's grid has one solution, its letters 8426039571 for A-J (G
/// is the digit no letter of the grid uses).
#[test]
fn the_euler_example_has_its_known_solution() {
    let script = format!("unique {}", EULER);
    let output = crate::support::run(&["--format", "json", "run", "-"], script.as_bytes());
    let json = String::from_utf8_lossy(&output.stdout);
    assert!(json.contains("\"unique\":true"), "{}", json);
    assert!(
        json.contains(r#""symbols":{"B":4,"I":7,"H":5,"F":3,"E":0,"A":8,"J":1,"C":2,"D":6}"#),
        "{}",
        json
    );
    assert!(
        json.contains("[0,0,0,0,0,0],[0,0,4,1,0,0],[0,0,9,6,8,7]"),
        "{}",
        json
    );
}

/// Diagnostics before any search, each its exact kind.
#[test]
fn cryptic_grids_refused_before_search() {
    let kind = |script: &str| check_script(script).1.first().map(|d| d.kind);
    assert_eq!(
        kind("kakuro {\n \\AB A A\n}"),
        Some(ErrorKind::RepeatedSymbol)
    );
    // A three-cell word is at least 100; a run of two sums to 17 at most.
    assert_eq!(
        kind("kakuro {\n \\ABC . .\n}"),
        Some(ErrorKind::ImpossibleSum)
    );
    assert_eq!(
        kind("kakuro {\n \\A . .\n} with A > 9"),
        Some(ErrorKind::ImpossibleCondition)
    );
    assert_eq!(
        kind("kakuro {\n \\A . .\n} with B = 1"),
        Some(ErrorKind::UnusedSymbol)
    );
    assert_eq!(
        kind("kakuro {\n \\A . .\n} with base 8"),
        Some(ErrorKind::OptionNotApplicable)
    );
    assert_eq!(
        kind("kakuro {\n \\A B .\n} with B = 0"),
        Some(ErrorKind::Contradiction)
    );
    assert_eq!(
        kind("let k = kakuro {\n \\A B .\n}\ncount k with A = 9"),
        None
    );
}

/// Project Euler 424: each of the 200 grids has exactly one solution, and
/// the answer the problem asks for (the sum, over the grids, of the ten
/// digits of A to J read as one number; a letter a grid leaves out takes
/// the one digit left) is the published one.
#[test]
fn project_euler_424() {
    use crypta_engine::run::{run_statement, ResultBody, RunOptions};
    let script = crate::support::read("benches/pe424/kakuro200.crypta");
    let (statements, diagnostics) = check_script(&script);
    assert!(diagnostics.is_empty(), "{:?}", diagnostics);
    assert_eq!(statements.len(), 200);
    let mut total = 0u64;
    for statement in &statements {
        let result = run_statement(statement, &RunOptions::default()).expect("runs");
        let ResultBody::Searched(search) = result.body else {
            panic!("no search")
        };
        assert_eq!(
            (search.count.to_u64(), search.complete),
            (Some(1), true),
            "{}",
            statement.text
        );
        let symbols = &search.solutions[0].symbols;
        let mut digits = [None; 10];
        for &(c, d) in symbols {
            digits[(c as u8 - b'A') as usize] = Some(d as u64);
        }
        let mut left = (0..10u64).filter(|d| !digits.contains(&Some(*d)));
        let number = digits
            .iter()
            .map(|d| d.or_else(|| left.next()).expect("a digit for every letter"))
            .fold(0, |acc, d| acc * 10 + d);
        total += number;
    }
    assert_eq!(total, 1_059_760_019_628);
}

/// Latin capitals to Greek (A→Α ...) or kana (A→ア ...), letter for letter.
fn relettered(script: &str, kana: bool) -> String {
    const GREEK: &str = "ΑΒΓΔΕΖΗΘΙΚ";
    const KANA: &str = "アイウエオカキクケコ";
    let to: Vec<char> = if kana { KANA } else { GREEK }.chars().collect();
    script
        .chars()
        .map(|c| match c {
            'A'..='J' => to[(c as u8 - b'A') as usize],
            _ => c,
        })
        .collect()
}

/// Any letter works in a cryptic grid as in an equation: the Euler grid
/// and random cryptic grids written in Greek or in kana have exactly the
/// solutions of their Latin form (itself checked against the oracle
/// above), and the oracle agrees on the small ones.
#[test]
fn greek_and_kana_grids_solve_as_latin_ones() {
    for kana in [false, true] {
        let script = relettered(&format!("count {}", EULER), kana);
        assert_eq!(crosscheck::count(&script), 1, "{}", script);
    }
    let tally = Tally::default();
    let mut compared = 0;
    for seed in 0..60u64 {
        let cipher = Cipher {
            digits: vec![
                (seed % 10) as u8,
                ((seed + 3) % 10) as u8,
                ((seed + 7) % 10) as u8,
            ],
            coins: (0..64)
                .map(|i| (i * 7 + seed as usize).is_multiple_of(3))
                .collect(),
            condition: None,
        };
        let Some(latin) = count_script(Spec::new(4, seed), 4, 0.6, &cipher, &tally) else {
            continue;
        };
        if !check_script(&latin).1.is_empty() {
            continue;
        }
        let n = crosscheck::count(&latin);
        for kana in [false, true] {
            let script = relettered(&latin, kana);
            assert_eq!(crosscheck::count(&script), n, "{}\n{}", latin, script);
            let (statements, diagnostics) = check_script(&script);
            assert!(diagnostics.is_empty(), "{}", script);
            let Some(puzzle) = statements.first().and_then(|s| {
                crate::support::asked::<crypta_engine::kinds::CrypticKakuro>(&s.action)
            }) else {
                panic!("{} is not a cryptic Kakuro", script);
            };
            if n <= 50 && puzzle.grid.whites.len() <= 12 {
                let Some(expected) = crosscheck::oracle_solutions(puzzle.oracle().as_ref(), &tally)
                    .expect("the oracle runs")
                else {
                    continue;
                };
                let got = crosscheck::all_solutions(puzzle.plan().as_ref()).expect("solves");
                assert_eq!(got, expected, "{}", script);
            }
        }
        compared += 1;
    }
    assert!(compared >= 20, "only {} grids compared", compared);
}

/// Kana take two terminal columns: `fmt` lines a kana grid up by display
/// width, the solved text keys its letters, and the picture draws a
/// two-kana clue word in the small type of a wide clue.
#[test]
fn kana_grids_line_up() {
    let script = relettered(&format!("solve {}", EULER), true);
    let formatted = crypta_core::fmt::format_script(&script).expect("formats");
    let lines: Vec<&str> = formatted.lines().collect();
    // Katakana take two columns; everything else in the grid one.
    let width = |c: char| {
        if ('\u{30a0}'..='\u{30ff}').contains(&c) {
            2
        } else {
            1
        }
    };
    // Every cell of a row starts in the same display column as the cell
    // above it.
    let starts = |line: &str| {
        let mut out = Vec::new();
        let mut column = 0;
        let mut blank = true;
        for c in line.chars() {
            if !c.is_whitespace() && blank {
                out.push(column);
            }
            blank = c.is_whitespace();
            column += width(c);
        }
        out
    };
    let grid: Vec<Vec<usize>> = lines[1..lines.len() - 1]
        .iter()
        .map(|l| starts(l))
        .collect();
    assert!(grid.windows(2).all(|w| w[0] == w[1]), "{}", formatted);
    let out = crate::support::run(&["run", "-"], script.as_bytes());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("イ=4 ケ=7 ク=5"), "{}", text);
    let svg = crate::support::run(
        &["--format", "svg", "--blank", "run", "-"],
        script.as_bytes(),
    );
    let svg = String::from_utf8_lossy(&svg.stdout);
    let wide = r##"font-size="10" fill="#000000" text-anchor="middle">ウウ</text>"##;
    assert!(svg.contains(wide), "{}", svg);
}
