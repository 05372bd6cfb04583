//! Property tests for skeleton layouts: random multiplications and
//! divisions are written out in full as printed, digits are hidden at
//! random (as `*` or as a letter standing for the digit), and each
//! strategy's solutions must equal the brute-force oracle's, include the
//! original, and pass the verifier.

use proptest::prelude::*;

use crypta::check::check_script;
use crypta::ir::{Action, Puzzle, Skeleton};
use crypta::plan::plan;
use crypta::solve::layout_verify::verify_skeleton;
use crypta::solve::skeleton::LayoutOracle;
use crypta::solve::verify::Verdict;
use crypta::solve::{Budget, Flow, Limits, Outcome, Strategy};

fn solutions(strategy: &dyn Strategy) -> Vec<Vec<u8>> {
    let limits = Limits::default();
    let mut budget = Budget::new(&limits);
    let mut found = Vec::new();
    let outcome = strategy.search(&mut budget, &mut |v| {
        found.push(v.to_vec());
        Flow::Continue
    });
    assert_eq!(outcome, Outcome::Exhausted);
    found.sort();
    found
}

/// One line: `text` ending in column `end`.
fn at(text: &str, end: usize) -> String {
    format!("{}{}", " ".repeat(end + 1 - text.len()), text)
}

fn multiplication(a: u64, b: u64) -> Vec<String> {
    let (sa, sb, sp) = (a.to_string(), b.to_string(), (a * b).to_string());
    let right = sp.len().max(sb.len() + 2) + 1;
    let mut lines = vec![at(&sa, right), format!("x{}", &at(&sb, right)[1..])];
    lines.push("-".repeat(right + 1));
    if sb.len() > 1 {
        for (i, c) in sb.chars().rev().enumerate() {
            let d = u64::from(c.to_digit(10).unwrap_or(0));
            if d != 0 {
                lines.push(at(&(d * a).to_string(), right - i));
            }
        }
        lines.push("-".repeat(right + 1));
    }
    lines.push(at(&sp, right));
    lines
}

fn division(q: u64, d: u64, r: u64, show_zero: bool) -> Vec<String> {
    let n = q * d + r;
    let (sq, sd, sn) = (q.to_string(), d.to_string(), n.to_string());
    let start = sd.len() + 3;
    let right = start + sn.len() - 1;
    let mut lines = vec![at(&sq, right), format!("{} ) {}", sd, sn)];
    let offset = sn.len() - sq.len();
    let mut cur = 0u64;
    let mut first = true;
    for (i, c) in sn.chars().enumerate() {
        cur = cur * 10 + u64::from(c.to_digit(10).unwrap_or(0));
        if i < offset || cur / d == 0 {
            continue;
        }
        if !first {
            lines.push(at(&cur.to_string(), start + i));
        }
        first = false;
        let p = cur / d * d;
        lines.push(at(&p.to_string(), start + i));
        cur -= p;
    }
    if cur != 0 || show_zero {
        lines.push(at(&cur.to_string(), right));
    }
    lines
}

/// Hides digits: `mask` decides per cell (0 keep, 1 `*`, 2 the letter of
/// the digit). Only the cells of rows, never `x`, `)` or spaces.
fn hide(lines: &[String], mask: &[u8]) -> String {
    let mut k = 0;
    let mut out = String::new();
    for line in lines {
        for c in line.chars() {
            let shown = match (c.to_digit(10), mask.get(k % mask.len().max(1))) {
                (Some(_), Some(1)) => '*',
                (Some(d), Some(2)) => char::from(b'A' + d as u8),
                _ => c,
            };
            if c.is_ascii_digit() {
                k += 1;
            }
            out.push(shown);
        }
        out.push('\n');
    }
    out
}

fn skeleton(script: &str) -> Skeleton {
    let (statements, diagnostics) = check_script(script);
    assert!(diagnostics.is_empty(), "{}\n{:?}", script, diagnostics);
    match &statements[0].action {
        Action::Ask {
            puzzle: Puzzle::Multiplication(sk) | Puzzle::Division(sk),
            ..
        } => sk.clone(),
        _ => panic!("{}", script),
    }
}

fn cross_check(kind: &str, lines: &[String], mask: &[u8]) -> Result<(), TestCaseError> {
    let full = format!("{} {{\n{}}}", kind, hide(lines, &[0]));
    let script = format!("{} {{\n{}}}", kind, hide(lines, mask));
    let sk = skeleton(&script);
    let expected = solutions(&LayoutOracle::new(&sk));
    let got = solutions(plan(&Puzzle::Multiplication(sk.clone())).strategy.as_ref());
    prop_assert_eq!(
        &got,
        &expected,
        "strategy and oracle disagree on\n{}",
        script
    );
    for values in &got {
        prop_assert_eq!(
            verify_skeleton(&sk, values),
            Verdict::Solution,
            "{}",
            script
        );
    }
    // The original layout is one of the solutions.
    let original = skeleton(&full);
    let rows = crypta::report::layout::rows(&original, &[]);
    prop_assert!(
        got.iter()
            .any(|v| crypta::report::layout::rows(&sk, v) == rows),
        "the original is missing:\n{}",
        script
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn multiplications_agree_with_the_oracle(
        a in 1u64..1000,
        b in 1u64..100,
        mask in proptest::collection::vec(0u8..3, 1..12),
    ) {
        cross_check("multiplication", &multiplication(a, b), &mask)?;
    }

    #[test]
    fn divisions_agree_with_the_oracle(
        q in 1u64..400,
        d in 1u64..60,
        r in 0u64..60,
        show_zero in any::<bool>(),
        mask in proptest::collection::vec(0u8..3, 1..12),
    ) {
        cross_check("division", &division(q, d, r % d, show_zero), &mask)?;
    }
}

#[test]
fn the_seed_examples_render_as_expected() {
    let m = multiplication(733, 32).join("\n");
    assert!(m.contains("1466") && m.contains("2199") && m.contains("23456"));
    let d = division(31, 25, 4, false).join("\n");
    assert!(d.contains("25 ) 779") && d.contains("29"));
}
