//! The grading engines for letter equations and skeleton layouts, called
//! directly: known first steps on classic puzzles, each rule on a small
//! case, and random solvable sums, products and skeletons graded with
//! every solution crypta's solver finds. A step that removes a digit of a
//! solution is an error; a puzzle the steps solve has exactly one solution.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Instant;

use proptest::prelude::*;

use crypta_engine::kinds::Kind;
use crypta_engine::kinds::{Layout, Puzzle};
use crypta_engine::program::check_script;
use crypta_engine::program::Action;
use crypta_engine::report::grade::{shown, ShownStep};
use crypta_substrate::grade::{self, Difficulty, Grading};
use crypta_substrate::solve::{Budget, Flow, Limits, Strategy as Search};

use crate::crosscheck::run_property;
use crate::layout as skeletons;

/// Search nodes [`solutions`] may take: seconds at most (a few puzzles the
/// generators draw search far longer).
const SEARCH_NODES: u64 = 20_000_000;

/// Up to `max` solutions of a puzzle by its planned strategy, within a
/// node budget: an unfinished search still gives the ones it found, the
/// same ones on any machine (a time limit gave fewer on a busier one).
fn solutions(kind: &dyn Kind, max: usize) -> Vec<Vec<u8>> {
    let limits = Limits {
        max_nodes: Some(SEARCH_NODES),
        ..Limits::default()
    };
    let mut budget = Budget::new(&limits);
    let mut found = Vec::new();
    let plan: Box<dyn Search> = kind.plan();
    plan.search(&mut budget, &mut |values| {
        found.push(values.to_vec());
        if found.len() >= max {
            Flow::Stop
        } else {
            Flow::Continue
        }
    });
    found
}

/// Every puzzle asked in a script, in order.
fn puzzles(script: &str) -> Vec<Puzzle> {
    let (statements, diagnostics) = check_script(script);
    assert!(diagnostics.is_empty(), "{:?}\n{}", diagnostics, script);
    statements
        .into_iter()
        .filter_map(|s| match s.action {
            Action::Ask { puzzle, .. } => Some(puzzle),
            Action::Bind { .. } => None,
        })
        .collect()
}

/// Grades a puzzle with each of up to `max` of its solutions; every one
/// must pass, give the same grading, and a solved grading means one
/// solution. `None` when the puzzle has no solution.
fn grade_all(puzzle: &Puzzle, max: usize) -> Result<Option<Grading>, String> {
    let kind = crypta_engine::kinds::of(puzzle);
    let found = solutions(kind, max);
    let mut first: Option<Grading> = None;
    for values in &found {
        let graded = if let Some(l) = puzzle.downcast_ref::<crypta_substrate::ir::Letters>() {
            grade::symbols::grade(l, values)
        } else if let Some(l) = puzzle.downcast_ref::<crypta_engine::kinds::Layout>() {
            crypta_engine::kinds::layout::grade::grade(l, values)
        } else {
            return Err("not a letter puzzle or a layout".into());
        };
        let graded = graded.map_err(|bug| format!("{} (solution {:?})", bug, values))?;
        if graded.solved && found.len() > 1 {
            return Err(format!("solved by steps, but {} solutions", found.len()));
        }
        if graded.solved != (graded.difficulty != Difficulty::NeedsGuessing) {
            return Err("solved and NeedsGuessing disagree".into());
        }
        if graded.steps.iter().any(|s| s.removed.is_empty()) {
            return Err("a step removes nothing".into());
        }
        match &first {
            Some(g) if g != &graded => return Err("two solutions graded differently".into()),
            _ => first = Some(graded),
        }
    }
    Ok(first)
}

/// A grading's steps as `explain steps` shows them, variables named.
#[derive(Debug)]
struct Shown {
    steps: Vec<ShownStep>,
    solved: bool,
    difficulty: Difficulty,
}

fn graded(script: &str) -> Shown {
    let puzzle = puzzles(script).remove(0);
    let g = match grade_all(&puzzle, 3) {
        Ok(Some(g)) => g,
        Ok(None) => panic!("no solution: {}", script),
        Err(e) => panic!("{}: {}", script, e),
    };
    Shown {
        steps: g.steps.iter().map(|s| shown(&puzzle, s)).collect(),
        solved: g.solved,
        difficulty: g.difficulty,
    }
}

#[test]
fn send_more_money_starts_with_m_by_the_leftmost_carry() {
    let g = graded("solve SEND + MORE = MONEY");
    let first = &g.steps[0];
    assert_eq!(first.rule, "leftmost carry");
    assert_eq!(first.level, Difficulty::Easy);
    assert_eq!(
        first.removed,
        vec![
            ("M".to_string(), (2..=9).collect()),
            ("carry into column 5 from the right".to_string(), vec![0])
        ]
    );
    assert!(first.why.contains("M = 1"), "{}", first.why);
    assert!(first
        .touched
        .contains(&"column 5 from the right".to_string()));
    // Then M's 1 is taken from the other letters.
    assert_eq!(g.steps[1].rule, "taken digit");
    assert!(g.solved, "{:#?}", g);
    assert!(g.difficulty >= Difficulty::Medium);
}

#[test]
fn a_repeated_letter_column_is_zero() {
    let g = graded("solve A + A = A");
    assert_eq!(g.steps.len(), 1);
    assert_eq!(g.steps[0].rule, "simple column");
    assert_eq!(
        g.steps[0].removed,
        vec![("A".to_string(), (1..=9).collect())]
    );
    assert_eq!((g.solved, g.difficulty), (true, Difficulty::Easy));
}

#[test]
fn twice_a_number_ends_in_an_even_digit() {
    let g = graded("solve AB + AB = CD");
    let first = &g.steps[0];
    assert_eq!(first.rule, "column parity");
    assert_eq!(first.removed, vec![("D".to_string(), vec![1, 3, 5, 7, 9])]);
}

#[test]
fn the_last_digit_of_a_product() {
    // 7 * 3 ends in 1: with C and E given, I is 1.
    let g = graded("solve ABC * DE = FGHI with repeats, C = 7, E = 3");
    let first = &g.steps[0];
    assert_eq!(first.rule, "last digit");
    assert_eq!(
        first.removed,
        vec![("I".to_string(), (0..=9).filter(|&d| d != 1).collect())]
    );
}

#[test]
fn a_digit_only_one_letter_can_take_is_that_letters() {
    // Base 3, three letters: every digit is used, and A and B lead words.
    let g = graded("solve A + AB = BC with base 3");
    let first = &g.steps[0];
    assert_eq!(first.rule, "hidden single");
    assert_eq!(first.removed, vec![("C".to_string(), vec![1, 2])]);
    assert!(g.solved);
}

#[test]
fn a_letter_with_one_digit_left_takes_it_from_the_others() {
    let g = graded("solve A + AA = DCB with base 4");
    assert_eq!(g.steps[0].rule, "leftmost carry");
    let second = &g.steps[1];
    assert_eq!(second.rule, "taken digit");
    assert_eq!(second.removed.len(), 3);
    assert!(second.removed.iter().all(|(_, digits)| digits == &[1]));
    assert_eq!((g.solved, g.difficulty), (true, Difficulty::Medium));
}

#[test]
fn the_classics_are_graded_without_a_wrong_step() {
    let text = std::fs::read_to_string("examples/classics.crypta").expect("classics");
    let mut solved = 0;
    for puzzle in puzzles(&text) {
        if let Ok(Some(g)) = grade_all(&puzzle, 2).map_err(|e| panic!("{}", e)) {
            solved += usize::from(g.solved);
        }
    }
    // SEND + MORE = MONEY and its subtraction at least.
    assert!(solved >= 2, "{}", solved);
}

#[test]
fn the_classic_skeletons_are_graded_without_a_wrong_step() {
    let text = std::fs::read_to_string("examples/skeletons.crypta").expect("skeletons");
    let all = puzzles(&text);
    let mut solved = 0;
    for puzzle in &all {
        let g = grade_all(puzzle, 2)
            .unwrap_or_else(|e| panic!("{}", e))
            .expect("a published skeleton has a solution");
        solved += usize::from(g.solved);
    }
    // The first one: 733 x 32 = 23456, the partial rows' last digits.
    let Some(first) = all[0].downcast_ref::<crypta_engine::kinds::Layout>() else {
        panic!("not a layout")
    };
    let g = grade_all(&all[0], 1).ok().flatten().expect("graded");
    assert!(g
        .steps
        .iter()
        .any(|s| shown(&all[0], s).touched.iter().any(|t| t.starts_with('r'))));
    assert!(first.rows.len() >= 4);
    assert!(solved >= 3, "{} of {} solved", solved, all.len());
}

/// How often each rule fired, over a property's cases; the minimums are a
/// full run's (see [`crate::support::scaled`]).
#[derive(Default)]
struct Rules(Mutex<BTreeMap<String, u64>>);

impl Rules {
    fn add(&self, g: &Grading) {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for s in &g.steps {
            *map.entry(s.rule.to_string()).or_default() += 1;
        }
        *map.entry(format!("grade {:?}", g.difficulty)).or_default() += 1;
    }

    fn at_least(&self, minimums: &[(&str, u64)]) {
        let map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for (rule, min) in minimums {
            let got = map.get(*rule).copied().unwrap_or(0);
            let min = &crate::support::scaled(*min);
            assert!(
                got >= *min,
                "{} fired {} times (want {}): {:?}",
                rule,
                got,
                min,
                map
            );
        }
    }
}

/// The digits of `value` in `base`, most significant first.
fn digits_of(mut value: u64, base: u64) -> Vec<u64> {
    let mut out = Vec::new();
    loop {
        out.push(value % base);
        value /= base;
        if value == 0 {
            break;
        }
    }
    out.reverse();
    out
}

/// A random solvable letter sum (or product): numbers in `base`, each
/// digit written as its letter under a random bijection.
fn letter_puzzle() -> impl Strategy<Value = String> {
    (
        2u32..=16,
        proptest::collection::vec(any::<u64>(), 1..=3),
        Just((0..16u8).collect::<Vec<u8>>()).prop_shuffle(),
        0..4u8,
        any::<bool>(),
    )
        .prop_map(|(base, raw, letters, shape, leading)| {
            let b = u64::from(base);
            let letter = |d: u64| char::from(b'A' + letters[d as usize]);
            let word = |x: u64| digits_of(x, b).into_iter().map(letter).collect::<String>();
            let top = b.pow(4.min(12 / base.ilog2().max(1)));
            let numbers: Vec<u64> = raw.iter().map(|x| x % top).collect();
            let (equation, product) = if shape == 0 && numbers.len() >= 2 {
                let (x, y) = (numbers[0] % b.pow(3), numbers[1] % b.pow(2));
                (format!("{} * {} = {}", word(x), word(y), word(x * y)), true)
            } else if shape == 1 && numbers.len() >= 2 {
                let (x, y) = (numbers[0].max(numbers[1]), numbers[0].min(numbers[1]));
                (
                    format!("{} - {} = {}", word(x), word(y), word(x - y)),
                    false,
                )
            } else {
                let sum: u64 = numbers.iter().sum();
                let words: Vec<String> = numbers.iter().map(|&x| word(x)).collect();
                (format!("{} = {}", words.join(" + "), word(sum)), false)
            };
            let _ = product;
            format!(
                "solve {} with base {}, repeats{}",
                equation,
                base,
                if leading { ", leading zeros" } else { "" }
            )
        })
}

/// Grades every puzzle of `script`, and of it without `repeats`, counting
/// the rules used: `repeats` makes any planted filling a solution; without
/// it the same letters must differ, which the planted one may break.
fn grade_with_and_without_repeats(rules: &Rules, script: &str) -> Result<(), TestCaseError> {
    for script in [script.to_string(), script.replace(", repeats", "")] {
        let (statements, diagnostics) = check_script(&script);
        if !diagnostics.is_empty() {
            continue;
        }
        for s in statements {
            if let Action::Ask { puzzle, .. } = s.action {
                match grade_all(&puzzle, 4) {
                    Ok(Some(g)) => rules.add(&g),
                    Ok(None) => {}
                    Err(e) => return Err(TestCaseError::fail(format!("{}\n{}", e, script))),
                }
            }
        }
    }
    Ok(())
}

#[test]
fn random_letter_equations_never_lose_a_solution() {
    let rules = Rules::default();
    run_property(file!(), 600, letter_puzzle(), |script| {
        grade_with_and_without_repeats(&rules, &script)
    });
    rules.at_least(&[
        ("leftmost carry", 20),
        ("taken digit", 50),
        ("simple column", 50),
        ("column arithmetic", 50),
        ("column parity", 10),
        ("last digit", 10),
        ("hidden single", 5),
        ("grade Easy", 10),
        ("grade NeedsGuessing", 10),
    ]);
}

#[test]
fn random_skeletons_never_lose_a_solution() {
    let rules = Rules::default();
    let check =
        |kind: &str, lines: Vec<String>, mask: &[u8], base: u32, extras: &skeletons::Extras| {
            let made = skeletons::make(kind, &lines, mask, base, extras);
            let Some(layout): Option<Layout> = skeletons::checked_layout(&made.script) else {
                return Ok(());
            };
            match grade_all(&Puzzle::new(layout), 4) {
                Ok(Some(g)) => rules.add(&g),
                Ok(None) => {}
                Err(e) => return Err(TestCaseError::fail(format!("{}\n{}", e, made.script))),
            }
            Ok(())
        };
    run_property(
        file!(),
        400,
        skeletons::multiplication_case(),
        |(a, b, base, mask, extras)| {
            let lines = skeletons::multiplication(a, b, u64::from(base));
            check("multiplication", lines, &mask, base, &extras)
        },
    );
    run_property(
        file!(),
        400,
        skeletons::division_case(),
        |(q, d, r, show_zero, base, mask, extras)| {
            let lines = skeletons::division(q, d, r, show_zero, u64::from(base));
            check("division", lines, &mask, base, &extras)
        },
    );
    rules.at_least(&[
        ("simple column", 500),
        ("column arithmetic", 200),
        ("leftmost carry", 100),
        ("column parity", 20),
        ("below the divisor", 20),
        ("grade Easy", 20),
        ("grade NeedsGuessing", 20),
    ]);
}

/// The Enigma and Teaser puzzles of `benches/enigma/puzzles.py`, as crypta
/// statements (read with Python, which that file is).
fn enigma_puzzles() -> Vec<(String, String)> {
    let code = "import json, sys; sys.path.insert(0, 'benches/enigma'); \
                from puzzles import PUZZLES; \
                print(json.dumps([[p['name'], p['crypta']] for p in PUZZLES]))";
    let out = std::process::Command::new("python3")
        .args(["-c", code])
        .output()
        .expect("python3 runs");
    serde_json::from_slice(&out.stdout).expect("the puzzles as JSON")
}

/// Not a test: the survey the report quotes. Grades the Enigma/Teaser
/// puzzles and every letter puzzle and layout of `examples/*.crypta`,
/// and prints how many the steps solve, the grades, and the time each
/// grading took (in process, the solver's time apart). Run with
/// `cargo test --release --test it grade_survey -- --ignored --nocapture`.
#[test]
#[ignore]
fn grade_survey() {
    let mut sets: Vec<(String, Vec<(String, Puzzle)>)> = Vec::new();
    let enigma = enigma_puzzles()
        .into_iter()
        .map(|(name, text)| {
            let p = puzzles(&format!("solve {}", text)).remove(0);
            (name, p)
        })
        .collect();
    sets.push(("benches/enigma".into(), enigma));
    let mut files: Vec<_> = std::fs::read_dir("examples")
        .expect("examples")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "crypta"))
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("example");
        let (statements, _) = check_script(&text);
        let list = statements
            .into_iter()
            .filter_map(|s| match s.action {
                Action::Ask { puzzle, .. }
                    if puzzle
                        .downcast_ref::<crypta_substrate::ir::Letters>()
                        .is_some()
                        || puzzle
                            .downcast_ref::<crypta_engine::kinds::Layout>()
                            .is_some() =>
                {
                    Some((s.text.lines().next().unwrap_or("").to_string(), puzzle))
                }
                _ => None,
            })
            .collect();
        sets.push((file.display().to_string(), list));
    }
    for (set, list) in sets {
        let mut grades: BTreeMap<String, usize> = BTreeMap::new();
        let (mut solved, mut total, mut times) = (0, 0, Vec::new());
        for (name, puzzle) in &list {
            let Some(values) = solutions(crypta_engine::kinds::of(puzzle), 1).pop() else {
                *grades.entry("no solution".into()).or_default() += 1;
                continue;
            };
            let start = Instant::now();
            let g = if let Some(l) = puzzle.downcast_ref::<crypta_substrate::ir::Letters>() {
                grade::symbols::grade(l, &values)
            } else if let Some(l) = puzzle.downcast_ref::<crypta_engine::kinds::Layout>() {
                crypta_engine::kinds::layout::grade::grade(l, &values)
            } else {
                continue;
            };
            let took = start.elapsed();
            let g = g.unwrap_or_else(|bug| panic!("{}: {}", name, bug));
            times.push((took, name.clone()));
            total += 1;
            solved += usize::from(g.solved);
            *grades.entry(format!("{:?}", g.difficulty)).or_default() += 1;
            eprintln!(
                "  {:?} {:>3} steps {:>8.3} ms  {}",
                g.difficulty,
                g.steps.len(),
                took.as_secs_f64() * 1e3,
                name
            );
        }
        times.sort();
        let median = times
            .get(times.len() / 2)
            .map_or(0.0, |t| t.0.as_secs_f64() * 1e3);
        let max = times.last().map_or(0.0, |t| t.0.as_secs_f64() * 1e3);
        eprintln!(
            "{}: {} of {} solved by steps; {:?}; grading median {:.3} ms, max {:.3} ms",
            set, solved, total, grades, median, max
        );
    }
}

/// The first step of `rule` in a grading.
fn first_step<'a>(g: &'a Shown, rule: &str) -> &'a ShownStep {
    g.steps
        .iter()
        .find(|s| s.rule == rule)
        .unwrap_or_else(|| panic!("no {} step: {:#?}", rule, g.steps))
}

#[test]
fn a_relation_between_two_letters_is_an_easy_bound() {
    // In base 3, A < B < C leaves A = 0, B = 1, C = 2.
    let g = graded("solve A < B, B < C with base 3");
    let first = &g.steps[0];
    assert_eq!(
        (first.rule, first.level),
        ("relation bounds", Difficulty::Easy)
    );
    assert_eq!(
        first.removed,
        vec![("A".to_string(), vec![2]), ("B".to_string(), vec![0])]
    );
    assert_eq!((g.solved, g.difficulty), (true, Difficulty::Easy));
}

#[test]
fn a_relation_between_numbers_bounds_each_digit() {
    // AB > 95: A is 9, and B is 6 at least even then.
    let g = graded("solve AB > 95");
    let first = &g.steps[0];
    assert_eq!(
        (first.rule, first.level),
        ("relation bounds", Difficulty::Medium)
    );
    assert_eq!(
        first.removed,
        vec![
            ("A".to_string(), (1..=8).collect()),
            ("B".to_string(), (0..=5).collect())
        ]
    );
    assert!(!g.solved);
}

#[test]
fn a_square_ends_in_a_square_digit() {
    let g = graded("solve AB square");
    let first = &g.steps[0];
    assert_eq!(first.rule, "last digit of a property");
    assert_eq!(first.removed, vec![("B".to_string(), vec![2, 3, 7, 8])]);
    // In base 5 squares end in 0, 1 or 4.
    let g = graded("solve AB square with base 5");
    assert_eq!(g.steps[0].removed, vec![("B".to_string(), vec![2, 3])]);
    // A prime above the base ends in 1, 3, 7 or 9.
    let g = graded("solve AB prime");
    let step = first_step(&g, "last digit of a property");
    assert_eq!(
        step.removed,
        vec![("B".to_string(), vec![0, 2, 4, 5, 6, 8])]
    );
}

#[test]
fn a_remainder_is_read_from_the_digit_sum() {
    // 1 + 2 + C is a multiple of 9 only for C = 6.
    let g = graded("solve ABC % 9 = 0 with A = 1, B = 2");
    let step = first_step(&g, "remainder");
    assert_eq!(
        step.removed,
        vec![("C".to_string(), vec![0, 3, 4, 5, 7, 8, 9])]
    );
    assert!(step.why.contains("A + B + C modulo 9"), "{}", step.why);
    assert!(g.solved);
    // Modulo 4 only the last two digits count: 10B + C.
    let g = graded("solve ABC % 4 = 1 with B = 3");
    let step = first_step(&g, "remainder");
    assert_eq!(
        step.removed,
        vec![("C".to_string(), vec![0, 1, 2, 4, 5, 6, 8, 9])]
    );
    // In an odd base a number is odd when its digit sum is.
    let g = graded("solve AB odd with base 3, A = 2");
    assert_eq!(
        first_step(&g, "remainder").removed,
        vec![("B".to_string(), vec![0])]
    );
}

#[test]
fn a_property_is_tried_on_the_few_cases_left() {
    // EEN square: 225 or 441.
    let g = graded("solve EEN square");
    let step = first_step(&g, "few cases");
    assert_eq!(step.level, Difficulty::Medium);
    assert!(step.why.contains("holds in 2 of the"), "{}", step.why);
    // VIER square: the 68 four-digit squares, listed.
    let g = graded("solve VIER square");
    let step = first_step(&g, "few cases");
    assert!(step.why.contains("of the 68 such numbers"), "{}", step.why);
    // THREE triangular: 306 five-digit triangular numbers, a table.
    let g = graded("solve THREE triangular");
    assert_eq!(first_step(&g, "many cases").level, Difficulty::Hard);
}

#[test]
fn two_conditions_are_tried_together() {
    // Enigma 1300: UM and DEZ share no letter, but no digit either.
    let g = graded("solve UM triangular, TRES triangular, SEIS triangular, DEZ triangular");
    first_step(&g, "two conditions");
    assert!(g.solved, "{:#?}", g.steps);
}

#[test]
fn a_power_is_a_product() {
    // AB ^ 2 = CDE is AB * AB = CDE: 3 * 3 ends in 9.
    let g = graded("solve AB ^ 2 = CDE with repeats, B = 3");
    let step = first_step(&g, "last digit");
    assert_eq!(step.removed, vec![("E".to_string(), (0..=8).collect())]);
}

#[test]
fn an_equation_with_few_values_left_is_tried() {
    // With A, B and C given, only D and E are open: 12 * 7 = 84.
    let g = graded("solve AB * C = DE with A = 1, B = 2, C = 7");
    assert!(g.solved, "{:#?}", g.steps);
    let g = graded("solve AB * C = DEF with A = 9");
    let step = first_step(&g, "few values");
    assert!(
        step.why.contains("give a value DEF can spell"),
        "{}",
        step.why
    );
}

/// A condition that holds for the planted numbers `values` (the words
/// `words`, the same numbers as written): a relation, a remainder, a
/// property, a power, or an order of two letters, picked by `pick`.
fn planted_condition(pick: u64, values: &[u64], words: &[String], base: u64) -> Option<String> {
    let n = values.len();
    let (i, j) = ((pick / 16) as usize % n, (pick / 256) as usize % n);
    let (x, y) = (values[i], values[j]);
    let (wx, wy) = (&words[i], &words[j]);
    let m = 2 + (pick / 4096) % 12;
    let is_square = |v: u64| v.isqrt() * v.isqrt() == v;
    let is_prime = |v: u64| {
        v >= 2
            && (2..)
                .take_while(|d| d * d <= v)
                .all(|d| !v.is_multiple_of(d))
    };
    match pick % 9 {
        0 if i != j => Some(match x.cmp(&y) {
            std::cmp::Ordering::Less => format!("{} < {}", wx, wy),
            std::cmp::Ordering::Equal => format!("{} >= {}", wx, wy),
            std::cmp::Ordering::Greater => format!("{} > {}", wx, wy),
        }),
        1 => Some(format!("{} % {} = {}", wx, m, x % m)),
        2 => Some(format!(
            "{} {}",
            wx,
            if x % 2 == 1 { "odd" } else { "even" }
        )),
        3 if is_square(x) => Some(format!("{} square", wx)),
        4 if is_prime(x) => Some(format!("{} prime", wx)),
        5 if i != j => Some(format!("({} + {}) % {} = {}", wx, wy, m, (x + y) % m)),
        6 => {
            // The last letter of a word against its first.
            let (first, last) = (wx.chars().next()?, wx.chars().last()?);
            let (a, b) = (x / base.pow(wx.len() as u32 - 1), x % base);
            (first != last).then(|| {
                let rel = if a < b {
                    "<"
                } else if a > b {
                    ">"
                } else {
                    "="
                };
                format!("{} {} {}", first, rel, last)
            })
        }
        7 if x < 1 << 20 => {
            let digits = digits_of(x * x, base);
            let square: Option<String> = digits
                .iter()
                .map(|&d| words_letter(words, values, d, base))
                .collect();
            square.map(|sq| format!("{} ^ 2 = {}", wx, sq))
        }
        8 if i != j => Some(format!(
            "{} + {} > {}",
            wx,
            wy,
            (x + y).saturating_sub(1 + pick % 5)
        )),
        _ => None,
    }
}

/// The letter that stands for digit `d` in the planted words, if any.
fn words_letter(words: &[String], values: &[u64], d: u64, base: u64) -> Option<char> {
    for (w, &v) in words.iter().zip(values) {
        for (c, digit) in w.chars().zip(digits_of(v, base)) {
            if digit == d {
                return Some(c);
            }
        }
    }
    None
}

/// A random solvable letter sum or product with conditions that hold for
/// its planted numbers, or conditions alone.
fn condition_puzzle() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just(10u32), 2u32..=16],
        proptest::collection::vec(any::<u64>(), 2..=3),
        Just((0..16u8).collect::<Vec<u8>>()).prop_shuffle(),
        0..3u8,
        proptest::collection::vec(any::<u64>(), 1..=3),
    )
        .prop_map(|(base, raw, letters, shape, picks)| {
            let b = u64::from(base);
            let letter = |d: u64| char::from(b'A' + letters[d as usize]);
            let word = |x: u64| digits_of(x, b).into_iter().map(letter).collect::<String>();
            let top = b.pow(4.min(12 / base.ilog2().max(1)));
            let mut values: Vec<u64> = raw.iter().map(|x| x % top).collect();
            let mut members = Vec::new();
            match shape {
                0 => {
                    let (x, y) = (values[0] % b.pow(3), values[1] % b.pow(2));
                    values = vec![x, y, x * y];
                    members.push(format!("{} * {} = {}", word(x), word(y), word(x * y)));
                }
                1 => {
                    let sum = values.iter().sum();
                    let words: Vec<String> = values.iter().map(|&x| word(x)).collect();
                    members.push(format!("{} = {}", words.join(" + "), word(sum)));
                    values.push(sum);
                }
                _ => {}
            }
            let words: Vec<String> = values.iter().map(|&x| word(x)).collect();
            members.extend(
                picks
                    .iter()
                    .filter_map(|&p| planted_condition(p, &values, &words, b)),
            );
            if members.is_empty() {
                members.push(format!("{} >= 0", words[0]));
            }
            format!("solve {} with base {}, repeats", members.join(", "), base)
        })
}

#[test]
fn random_conditions_never_lose_a_solution() {
    let rules = Rules::default();
    run_property(file!(), 500, condition_puzzle(), |script| {
        grade_with_and_without_repeats(&rules, &script)
    });
    rules.at_least(&[
        ("relation bounds", 20),
        ("last digit of a property", 10),
        ("remainder", 20),
        ("few cases", 4),
        // Fires 5 to 15 times in 500 cases (seen 3): at least once in a
        // full run; a plain run's sixth of the cases may miss it.
        ("many cases", u64::from(crate::support::is_full_run())),
        ("two conditions", 2),
        ("few values", 20),
        ("grade Medium", 5),
        ("grade NeedsGuessing", 10),
    ]);
}

#[test]
fn a_number_times_one_letter_is_multiplied_column_by_column() {
    // Enigma 1000: ENIGMA = M * TIMES, multiplied out like a skeleton.
    let g = graded("solve ENIGMA / M = TIMES");
    assert!(g.solved, "{:#?}", g.steps);
    assert!(first_step(&g, "column arithmetic").touched[0].starts_with("column"));
}

#[test]
fn the_enigma_puzzles_are_graded_without_a_wrong_step() {
    let mut solved = Vec::new();
    for (name, text) in enigma_puzzles() {
        let puzzle = puzzles(&format!("solve {}", text)).remove(0);
        let g = grade_all(&puzzle, 3)
            .unwrap_or_else(|e| panic!("{}: {}", name, e))
            .expect("a published puzzle has a solution");
        if g.solved {
            solved.push(name);
        }
    }
    // 15 of the 22 with one solution when this was written.
    assert!(solved.len() >= 15, "{:?}", solved);
}
