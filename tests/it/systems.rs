//! Systems of layouts (`multiplication { ... }, division { ... }, A < B`):
//! random pairs of small layouts printed in full share letters (a letter
//! stands for one digit in both), digits are hidden at random, and the
//! planned strategy's solutions must equal the brute-force oracle's
//! (every assignment of the system's variables, verified), include the
//! planted filling, and agree with `count`, `unique` and `first N`. Also
//! conditions on a single layout's words, and the examples of the docs.

use proptest::prelude::*;

use crypta_engine::kinds::Kind;
use crypta_engine::kinds::System;
use crypta_engine::program::check_script;
use crypta_substrate::solve::Verdict;

use crate::crosscheck::{all_solutions, count, run_property, Tally};
use crate::layout::{division, multiplication};

/// The letter standing for digit `d`: one letter per digit, so a letter
/// means the same digit in every layout of the system.
fn letter(d: u32) -> char {
    char::from(b"ABCDFGHIJK"[d as usize])
}

/// One layout of a case: a multiplication (a, b) or a division (q, d, r).
#[derive(Clone, Debug)]
enum Shape {
    Multiplication(u64, u64),
    Division(u64, u64, u64),
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (2u64..40, 1u64..30).prop_map(|(a, b)| Shape::Multiplication(a, b)),
        (2u64..30, 2u64..9, 0u64..9).prop_map(|(q, d, r)| Shape::Division(q, d, r % d)),
    ]
}

/// The block of a shape with its digits hidden by `mask` (cycled: 0 keep,
/// 1 `*`, 2 the digit's letter), and how many unknown cells it has.
fn block(shape: &Shape, mask: &[u8], from: &mut usize) -> (String, usize) {
    let (keyword, lines) = match *shape {
        Shape::Multiplication(a, b) => ("multiplication", multiplication(a, b, 10)),
        Shape::Division(q, d, r) => ("division", division(q, d, r, false, 10)),
    };
    let mut body = String::new();
    let mut hidden = 0;
    for line in &lines {
        body.push_str("\n  ");
        for c in line.chars() {
            let Some(d) = c.to_digit(10) else {
                body.push(c);
                continue;
            };
            let how = mask[*from % mask.len()];
            *from += 1;
            body.push(match how {
                1 => {
                    hidden += 1;
                    '*'
                }
                2 => {
                    hidden += 1;
                    letter(d)
                }
                _ => char::from_digit(d, 10).unwrap_or('0'),
            });
        }
    }
    (format!("{} {{{}\n}}", keyword, body), hidden)
}

fn system_of(script: &str) -> Option<System> {
    let (statements, diagnostics) = check_script(script);
    if !diagnostics.is_empty() {
        return None;
    }
    crate::support::asked::<crypta_engine::kinds::System>(&statements.first()?.action)
}

/// A case: two layouts, a mask, and a condition between two letters
/// (`None`, or which two letters and which way).
type Case = (Shape, Shape, Vec<u8>, Option<(u8, u8, bool)>);

fn case() -> impl Strategy<Value = Case> {
    (
        shape(),
        shape(),
        proptest::collection::vec(
            prop_oneof![6 => Just(0u8), 1 => Just(1u8), 2 => Just(2u8)],
            5..13,
        ),
        proptest::option::weighted(0.4, (0u8..10, 0u8..10, any::<bool>())),
    )
}

fn cross_check(case: Case, tally: &Tally) -> Result<(), TestCaseError> {
    let (first, second, mask, condition) = case;
    let mut from = 0;
    let (a, hidden_a) = block(&first, &mask, &mut from);
    let (b, hidden_b) = block(&second, &mask, &mut from);
    // The oracle tries every digit of every unknown cell.
    if hidden_a + hidden_b > 6 {
        tally.add("skipped (too many unknown cells for the oracle)");
        return Ok(());
    }
    let mut script = format!("solve {},\n{}", a, b);
    let letters: Vec<char> = script
        .chars()
        .filter(|c| "ABCDFGHIJK".contains(*c))
        .collect();
    if let (Some((x, y, less)), false) = (condition, letters.is_empty()) {
        let x = letters[usize::from(x) % letters.len()];
        let y = letters[usize::from(y) % letters.len()];
        script.push_str(&format!(", {} {} {}", x, if less { "<" } else { ">=" }, y));
    }
    let Some(system) = system_of(&script) else {
        tally.add("rejected by the checker");
        return Ok(());
    };
    let expected = all_solutions(system.oracle().as_ref())?;
    let found = all_solutions(system.plan().as_ref())?;
    prop_assert_eq!(&found, &expected, "{}", script);
    let verify = system.verifier();
    for values in &found {
        prop_assert!(
            verify(values) == Verdict::Solution,
            "{}: {:?}",
            script,
            values
        );
    }
    if condition.is_none() {
        // The planted filling is a solution.
        prop_assert!(
            !expected.is_empty(),
            "{}: the planted filling is lost",
            script
        );
    }
    let n = expected.len();
    prop_assert_eq!(
        count(&script.replacen("solve", "count", 1)),
        n as u64,
        "{}",
        script
    );
    tally.add("part-by-part");
    tally.add(match n {
        0 => "no solution",
        1 => "one solution",
        _ => "several solutions",
    });
    Ok(())
}

#[test]
fn systems_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(file!(), 600, case(), |case| cross_check(case, &tally));
    tally.report(
        "systems",
        &[
            ("part-by-part", 300),
            ("no solution", 5),
            ("one solution", 20),
            ("several solutions", 12),
        ],
    );
}

/// A condition on a layout's words keeps exactly the fillings that meet
/// it: the count with `NOPQR odd` is the count of the odd products.
#[test]
fn conditions_on_layout_words() {
    let layout = "multiplication {\n    ABC\n  x  DE\n  ----\n   FGHI\n  JKLM\n  -----\n  NOPQR\n}";
    let all = count(&format!("count {} with repeats, A = 9, D = 9", layout));
    let odd = count(&format!(
        "count {} with repeats, A = 9, D = 9, NOPQR odd",
        layout
    ));
    let even = count(&format!(
        "count {} with repeats, A = 9, D = 9, NOPQR even",
        layout
    ));
    assert!(odd > 0 && even > 0);
    assert_eq!(odd + even, all);
    let less = count(&format!(
        "count {} with repeats, A = 9, D = 9, C < E",
        layout
    ));
    let not_less = count(&format!(
        "count {} with repeats, A = 9, D = 9, C >= E",
        layout
    ));
    assert_eq!(less + not_less, all);
}

/// Names bound with `let` join one system: `solve a, b`.
#[test]
fn named_layouts_join_a_system() {
    let a = "let a = multiplication {\n    AB\n  x  C\n  ---\n    DF\n}";
    let b = "let b = multiplication {\n    DF\n  x  G\n  ---\n    H6\n}";
    let inline = "count multiplication {\n    AB\n  x  C\n  ---\n    DF\n},\nmultiplication {\n    DF\n  x  G\n  ---\n    H6\n}";
    let script = format!("{}\n{}\ncount a, b\n", a, b);
    let (statements, diagnostics) = check_script(&script);
    assert!(diagnostics.is_empty(), "{:?}", diagnostics);
    assert!(crate::support::asked::<crypta_engine::kinds::System>(&statements[2].action).is_some());
    let named =
        crypta_engine::run::run_statement(&statements[2], &Default::default()).expect("runs");
    let crypta_engine::run::ResultBody::Searched(named) = named.body else {
        panic!("no search")
    };
    assert_eq!(named.count.to_u64(), Some(count(inline)));
    assert!(count(inline) > 0);
}

/// A system's picture stacks its layouts' pictures; a wide layout's
/// picture gives each wide cell two boxes.
#[test]
fn pictures_of_systems_and_wide_layouts() {
    let system = "solve multiplication {\n    AB\n  x  C\n  ---\n    DF\n},\nmultiplication {\n    DF\n  x  G\n  ---\n    H6\n}";
    let out = crate::support::run(&["eval", "--format", "svg", system], b"");
    assert!(out.status.success(), "{:?}", out);
    let svg = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        svg.matches("<title>Long multiplication</title>").count(),
        2,
        "{}",
        svg
    );
    assert_eq!(svg.matches("<?xml").count(), 1, "{}", svg);
    let wide = "solve multiplication {\n      ココ\n  x     ロ\n  ------\n    カラダ\n} with カ = 1, ラ = 5";
    let out = crate::support::run(&["eval", "--format", "svg", wide], b"");
    assert!(out.status.success(), "{:?}", out);
    let svg = String::from_utf8_lossy(&out.stdout);
    // The product's three digits are drawn two boxes (36 px) apart.
    let xs: Vec<u32> = ["1", "5", "4"]
        .iter()
        .filter_map(|d| {
            let end = svg.find(&format!(">{}</text>", d))?;
            let start = svg[..end].rfind("<text x=\"")? + "<text x=\"".len();
            svg[start..].split('"').next()?.parse().ok()
        })
        .collect();
    assert_eq!(xs.len(), 3, "{}", svg);
    assert_eq!(xs[1] - xs[0], 36, "{}", svg);
    assert_eq!(xs[2] - xs[1], 36, "{}", svg);
}

#[test]
fn grade_says_it_has_no_rules_for_a_system_and_still_solves() {
    let unique = "grade multiplication {\n   AB\n x  C\n ----\n  DDD\n}, A + C = E";
    let out = crate::support::run(&["eval", unique], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{:?}", out);
    assert!(
        text.contains("no grade: no rules grade this kind of puzzle yet"),
        "{}",
        text
    );
    let out = crate::support::run(&["eval", "--format", "json", unique], b"");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(json["ungraded"], "no rules");
    // Several solutions: said as for any puzzle.
    let several = "grade multiplication {\n   AB\n x  C\n ----\n  DDD\n}";
    let out = crate::support::run(&["eval", several], b"");
    assert!(String::from_utf8_lossy(&out.stdout).contains("not unique"));
}
