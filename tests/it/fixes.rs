//! The givens `unique` suggests for a puzzle with several solutions: on
//! random small letter equations, multiplications and Kakuro grids, every
//! fix shown, applied, leaves exactly one solution by the brute-force
//! oracle, and when the fixes have two givens no single given would have
//! done (checked by the oracle over every variable and digit).

use crypta_core::generate::kakuro::{block, generate, Spec};
use crypta_engine::kinds::{KakuroCell, Puzzle};
use crypta_engine::program::check_script;
use crypta_engine::program::Action;
use crypta_engine::run::{run_statement, Fixes, ResultBody, RunOptions, Search};
use crypta_substrate::solve::{Budget, Flow, Limits, Outcome};

/// A small deterministic generator, so that a failure replays.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// The puzzle of `script`'s first statement, which must check.
pub(crate) fn checked(script: &str) -> Puzzle {
    let (statements, diagnostics) = check_script(script);
    assert!(diagnostics.is_empty(), "{}\n{:?}", script, diagnostics);
    match statements.first().map(|s| s.action.clone()) {
        Some(Action::Ask { puzzle, .. }) => puzzle,
        _ => panic!("{} is not a query", script),
    }
}

fn unique(script: &str) -> Search {
    let (statements, _) = check_script(script);
    let result = run_statement(&statements[0], &RunOptions::default()).expect("runs");
    match result.body {
        ResultBody::Searched(search) => search,
        _ => panic!("{} did not search", script),
    }
}

/// Solutions by the oracle, stopping at `stop`.
fn oracle_count(puzzle: &Puzzle, stop: usize) -> usize {
    let limits = Limits::default();
    let mut budget = Budget::new(&limits);
    let mut n = 0;
    // A cryptic Kakuro's oracle tries every digit of every letter, far
    // too slow here: its own cross-checks vouch for the planned strategy.
    let strategy = match puzzle.downcast_ref::<crypta_engine::kinds::CrypticKakuro>() {
        Some(_) => crypta_engine::kinds::of(puzzle).plan(),
        None => crypta_engine::kinds::of(puzzle).oracle(),
    };
    let outcome = strategy.search(&mut budget, &mut |_| {
        n += 1;
        if n >= stop {
            Flow::Stop
        } else {
            Flow::Continue
        }
    });
    assert_ne!(outcome, Outcome::Interrupted);
    n
}

fn given(puzzle: &Puzzle, givens: &[(usize, u8)]) -> Option<Puzzle> {
    let mut p = puzzle.clone();
    for &(v, d) in givens {
        p = crypta_engine::kinds::of(&p)
            .givens()
            .ok()?
            .with_given(v, d)?;
    }
    Some(p)
}

/// Checks what `unique` says about `script`; returns the size of the
/// fixes shown (0 when none).
fn check(script: &str) -> usize {
    let search = unique(script);
    assert!(search.complete, "{}", script);
    let Some(fixes) = &search.fixes else {
        assert!(
            search.count.to_u64() <= Some(1),
            "{}: no fixes for {}",
            script,
            search.count
        );
        return 0;
    };
    assert_eq!(search.count, 2, "{}", script);
    let puzzle = checked(script);
    let vars = search.solutions[0].values.len();
    let symbols: Vec<usize> = crypta_engine::kinds::of(&puzzle)
        .symbols()
        .into_iter()
        .map(|(v, _)| v)
        .collect();
    let single_works = || {
        (0..vars).any(|v| {
            (0..=36u8).any(|d| given(&puzzle, &[(v, d)]).is_some_and(|p| oracle_count(&p, 2) == 1))
        })
    };
    match fixes {
        Fixes::Found(sets) => {
            assert!(!sets.is_empty() && sets.len() <= 5, "{}", script);
            let size = sets[0].len();
            for set in sets {
                assert_eq!(set.len(), size, "{}: {:?}", script, sets);
                let givens: Vec<(usize, u8)> = set.iter().map(|g| (g.var, g.digit as u8)).collect();
                let p = given(&puzzle, &givens).expect("a fix can be given");
                assert_eq!(oracle_count(&p, 2), 1, "{}: {:?}", script, set);
            }
            // Named symbols come before cells.
            let cells: Vec<usize> = sets
                .iter()
                .map(|set| set.iter().filter(|g| !symbols.contains(&g.var)).count())
                .collect();
            assert!(
                cells.windows(2).all(|w| w[0] <= w[1]),
                "{}: {:?}",
                script,
                sets
            );
            if size > 1 {
                assert!(!single_works(), "{}: a single given works", script);
            }
            size
        }
        Fixes::Beyond => {
            assert!(!single_works(), "{}: a single given works", script);
            0
        }
        other => panic!("{}: {:?}", script, other),
    }
}

fn word(rng: &mut Lcg, letters: &[char], len: usize) -> String {
    (0..len)
        .map(|_| letters[rng.below(letters.len() as u64) as usize])
        .collect()
}

#[test]
fn letter_fixes_leave_one_solution() {
    let mut rng = Lcg(7);
    let (mut found, mut pairs) = (0, 0);
    for _ in 0..60 {
        let n = 3 + rng.below(3) as usize;
        let letters: Vec<char> = "ABCDEFG".chars().take(n).collect();
        let (a, b) = (1 + rng.below(2) as usize, 1 + rng.below(2) as usize);
        let c = a.max(b) + rng.below(2) as usize;
        let mut script = format!(
            "unique {} + {} = {}",
            word(&mut rng, &letters, a),
            word(&mut rng, &letters, b),
            word(&mut rng, &letters, c)
        );
        if rng.below(3) == 0 {
            script = script.replacen('A', "?", 1);
        }
        if rng.below(2) == 0 {
            script.push_str(" with base 7");
        }
        let size = check(&script);
        found += usize::from(size > 0);
        pairs += usize::from(size == 2);
    }
    assert!(found >= 10, "only {} cases had fixes", found);
    assert!(pairs >= 1, "no case had pairs ({} had fixes)", found);
}

#[test]
fn multiplication_fixes_leave_one_solution() {
    let shapes = [
        " **\nx *\n---\n **",
        " *4*\nx  *\n----\n ***",
        "  **\n x *\n----\n **3",
    ];
    let mut found = 0;
    for shape in shapes {
        found += usize::from(check(&format!("unique multiplication {{\n{}\n}}", shape)) > 0);
        found += usize::from(
            check(&format!(
                "unique multiplication {{\n{}\n}} with base 6",
                shape
            )) > 0,
        );
    }
    assert!(found >= 3);
}

#[test]
fn kakuro_fixes_leave_one_solution() {
    let mut found = 0;
    for seed in 0..40u64 {
        let grid = generate(&Spec {
            rows: 3 + (seed % 3) as usize,
            cols: 3 + (seed / 3 % 3) as usize,
            ..Spec::new(3, seed)
        });
        let cells: Vec<KakuroCell> = grid
            .cells()
            .into_iter()
            .map(|c| match c {
                KakuroCell::White { .. } => KakuroCell::White { given: None },
                other => other,
            })
            .collect();
        let script = format!("unique {}", block(&cells, grid.cols));
        found += usize::from(check(&script) > 0);
    }
    assert!(found >= 5, "only {} grids had fixes", found);
}

#[test]
fn cryptic_kakuro_fixes_leave_one_solution() {
    let script = "unique kakuro {\n  #    #    CC\\  I\\   #    #\n  #    \\H   B    .    CA\\  JE\\\n  #    D\\FE .    .    .    .\n  \\A   .    I    B\\JC .    .\n  \\JC  H    .    .    .    #\n  #    #    \\JE  .    .    #\n} with repeats";
    assert_eq!(check(script), 1);
}

#[test]
fn three_free_letters_need_more_than_two_givens() {
    let script = "unique A + B + C = C + B + A with repeats, A in 1..2, B in 1..2, C in 1..2";
    assert_eq!(check(script), 0);
    assert_eq!(unique(script).fixes, Some(Fixes::Beyond));
}

#[test]
fn only_unique_that_is_not_unique_has_fixes() {
    for script in [
        "count ACM + IBM = ICPC",
        "solve ACM + IBM = ICPC",
        "unique SEND + MORE = MONEY",
        "unique SEND + MORE = MONEY with E != 5",
    ] {
        assert!(unique(script).fixes.is_none(), "{}", script);
    }
    let Some(Fixes::Found(sets)) = unique("unique ACM + IBM = ICPC").fixes else {
        panic!("no fixes");
    };
    assert_eq!(sets[0][0].name, "B");
    assert_eq!(sets[0][0].digit, 2);
}
