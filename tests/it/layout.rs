//! Property tests for skeleton layouts: random multiplications and
//! divisions are written out in full as printed, digits are hidden at
//! random (as `*` or as a letter standing for the digit), and each
//! strategy's solutions must equal the brute-force oracle's, include the
//! original, and pass the verifier.

use proptest::prelude::*;

use crypta_engine::kinds::Kind;
use crypta_engine::kinds::Layout;
use crypta_engine::program::check_script;
use crypta_substrate::ir::Cell;
use crypta_substrate::solve::Verdict;

use crate::crosscheck::{self, all_solutions, queries_agree, run_property, Tally};

/// One line: `text` ending in column `end`.
fn at(text: &str, end: usize) -> String {
    format!("{}{}", " ".repeat(end + 1 - text.len()), text)
}

/// The digits of `value` in `base`, most significant first, as the
/// characters `0`-`9`, `a`-`z` (no leading zeros; `0` is one digit).
fn text(mut value: u64, base: u64) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(char::from_digit((value % base) as u32, 36).unwrap_or('?'));
        value /= base;
        if value == 0 {
            break;
        }
    }
    digits.into_iter().rev().collect()
}

/// A long multiplication in base `base`, printed in full.
pub(crate) fn multiplication(a: u64, b: u64, base: u64) -> Vec<String> {
    let (sa, sb, sp) = (text(a, base), text(b, base), text(a * b, base));
    let right = sp.len().max(sb.len() + 2) + 1;
    let mut lines = vec![at(&sa, right), format!("x{}", &at(&sb, right)[1..])];
    lines.push("-".repeat(right + 1));
    if sb.len() > 1 {
        for (i, c) in sb.chars().rev().enumerate() {
            let d = u64::from(c.to_digit(36).unwrap_or(0));
            if d != 0 {
                lines.push(at(&text(d * a, base), right - i));
            }
        }
        lines.push("-".repeat(right + 1));
    }
    lines.push(at(&sp, right));
    lines
}

/// A long division in base `base`, printed in full.
pub(crate) fn division(q: u64, d: u64, r: u64, show_zero: bool, base: u64) -> Vec<String> {
    let n = q * d + r;
    let (sq, sd, sn) = (text(q, base), text(d, base), text(n, base));
    let start = sd.len() + 3;
    let right = start + sn.len() - 1;
    let mut lines = vec![at(&sq, right), format!("{} ) {}", sd, sn)];
    let offset = sn.len() - sq.len();
    let mut cur = 0u64;
    let mut first = true;
    for (i, c) in sn.chars().enumerate() {
        cur = cur * base + u64::from(c.to_digit(36).unwrap_or(0));
        if i < offset || cur / d == 0 {
            continue;
        }
        if !first {
            lines.push(at(&text(cur, base), start + i));
        }
        first = false;
        let p = cur / d * d;
        lines.push(at(&text(p, base), start + i));
        cur -= p;
    }
    if cur != 0 || show_zero {
        lines.push(at(&text(cur, base), right));
    }
    lines
}

/// How a digit of the printed layout is shown.
pub(crate) const KEEP: u8 = 0;
pub(crate) const STAR: u8 = 1;
const LETTER: u8 = 2;
const WILD: u8 = 3;
const QUESTION: u8 = 4;

/// The letter standing for a digit (no `E`, `O` or `X`: `E` and `O` are
/// the wild classes).
fn letter(d: u32) -> char {
    char::from(b"ABCDFGHIJKLMNPQR"[d as usize])
}

/// Options on top of the base, drawn at random; those that name a cell
/// kind the puzzle lacks are left out (they would be errors).
#[derive(Clone, Debug)]
pub(crate) struct Extras {
    /// `digits {...}`: all planted digits plus random others, or a random set.
    digits: Option<(bool, u64)>,
    /// `* != k`, `* odd`, `* in lo..hi` (on `*` and `?` cells).
    star: Option<(u8, u32, u32)>,
    /// `A != k` on the first letter shown.
    letter_ne: Option<u32>,
    repeats: bool,
}

pub(crate) fn extras() -> impl Strategy<Value = Extras> {
    (
        proptest::option::weighted(0.3, (any::<bool>(), any::<u64>())),
        proptest::option::weighted(0.3, (0u8..3, 0u32..16, 0u32..16)),
        proptest::option::weighted(0.2, 0u32..16),
        proptest::bool::weighted(0.2),
    )
        .prop_map(|(digits, star, letter_ne, repeats)| Extras {
            digits,
            star,
            letter_ne,
            repeats,
        })
}

/// A puzzle made from a full layout: the script, the rows of the planted
/// filling (in the checker's row order) and whether that filling meets the
/// options (so must be among the solutions).
pub(crate) struct Made {
    pub(crate) script: String,
    /// The block's lines as shown (digits hidden).
    shown: Vec<String>,
    rules: Rules,
    planted: Vec<String>,
    planted_valid: bool,
}

/// A test on a `*` cell's digit, given the option's two numbers.
type StarTest = (fn(u32, u32, u32) -> bool, u32, u32);

/// The options of a made puzzle, as [`fits`] applies them to a filling.
#[derive(Clone, Copy)]
struct Rules {
    base: u32,
    /// `digits {...}` as a bitset.
    digits: Option<u64>,
    /// The test on `*` and `?` cells, with its two numbers.
    star: Option<StarTest>,
    /// `L != d`.
    letter_ne: Option<(char, u32)>,
    repeats: bool,
    /// A division: a printed remainder of one `*` or `?` is not 0.
    division: bool,
}

/// The rows of a printed layout, each as its digits (`0`-`9`, `A`-`Z`), in
/// the order written: the checker's row order.
fn rows_of(lines: &[String], base: u32) -> Vec<String> {
    let mut rows = Vec::new();
    for line in lines {
        let mut row = String::new();
        for c in line.chars() {
            match c.to_digit(base) {
                Some(d) => row.push(crypta_substrate::ir::digit_char(d)),
                None if !row.is_empty() => rows.push(std::mem::take(&mut row)),
                None => {}
            }
        }
        if !row.is_empty() {
            rows.push(row);
        }
    }
    rows
}

/// Whether a fully printed layout (`candidate`, digits as `0`-`9`,
/// `a`-`f`) is a filling of the shown puzzle: the same lines (rules
/// aside) with a digit exactly where the puzzle has a cell, fixed digits
/// equal, `*`/`?` cells meeting the star option, wild cells the class's
/// parity, letters one digit each (distinct unless `repeats`), every digit
/// in the `digits` set, a division's printed remainder of unknown cells
/// not 0. Read straight from the text, sharing nothing with crypta's
/// reading of the columns.
fn fits(shown: &[String], candidate: &[String], rules: &Rules) -> bool {
    let meaningful = |l: &&String| !l.chars().all(|c| c == '-');
    let p: Vec<&String> = shown.iter().filter(meaningful).collect();
    let c: Vec<&String> = candidate.iter().filter(meaningful).collect();
    if p.len() != c.len() {
        return false;
    }
    // After the quotient and the dividend come product and difference
    // pairs; an even count of rows there ends in a remainder.
    let remainder_shown = rules.division && p.len() > 2 && p.len().is_multiple_of(2);
    if remainder_shown && matches!(p[p.len() - 1].trim(), "*" | "?") && c[c.len() - 1].trim() == "0"
    {
        return false;
    }
    let mut letters = [None::<u32>; 128];
    let mut used = 0u64;
    for (pl, cl) in p.iter().zip(&c) {
        if pl.chars().count() != cl.chars().count() {
            return false;
        }
        for (pc, cc) in pl.chars().zip(cl.chars()) {
            let Some(d) = cc.to_digit(rules.base) else {
                if pc != cc {
                    return false;
                }
                continue;
            };
            if rules.digits.is_some_and(|set| set >> d & 1 == 0) {
                return false;
            }
            let ok = match pc {
                '*' | '?' => rules.star.is_none_or(|(f, a, b)| f(d, a, b)),
                'O' => d % 2 == 1,
                'E' => d % 2 == 0,
                '0'..='9' => pc.to_digit(10) == Some(d),
                'A'..='Z' if rules.letter_ne == Some((pc, d)) => false,
                'A'..='Z' => match letters[pc as usize] {
                    Some(e) => e == d,
                    None if !rules.repeats && used >> d & 1 == 1 => false,
                    None => {
                        letters[pc as usize] = Some(d);
                        used |= 1 << d;
                        true
                    }
                },
                _ => false,
            };
            if !ok {
                return false;
            }
        }
    }
    true
}

/// Hides digits: `mask` decides per digit (cycled), see [`KEEP`] etc.; a
/// digit above 9 cannot be written, so a kept one becomes `*`.
pub(crate) fn make(kind: &str, lines: &[String], mask: &[u8], base: u32, extras: &Extras) -> Made {
    let mut k = 0;
    let mut body = String::new();
    let mut all_digits = 0u64;
    let (mut stars, mut wild_o, mut wild_e) = (Vec::new(), false, false);
    let mut first_letter: Option<char> = None;
    for line in lines {
        for c in line.chars() {
            let Some(d) = c.to_digit(base) else {
                body.push(c);
                continue;
            };
            all_digits |= 1 << d;
            let mut how = mask[k % mask.len().max(1)];
            k += 1;
            if how == KEEP && d > 9 {
                how = STAR;
            }
            let shown = match how {
                KEEP => char::from(b'0' + d as u8),
                LETTER => {
                    first_letter.get_or_insert(letter(d));
                    letter(d)
                }
                WILD if d % 2 == 1 => {
                    wild_o = true;
                    'O'
                }
                WILD => {
                    wild_e = true;
                    'E'
                }
                QUESTION => {
                    stars.push(d);
                    '?'
                }
                _ => {
                    stars.push(d);
                    '*'
                }
            };
            body.push(shown);
        }
        body.push('\n');
    }
    let mut options = vec![format!("base {}", base)];
    let mut rules = Rules {
        base,
        digits: None,
        star: None,
        letter_ne: None,
        repeats: false,
        division: kind == "division",
    };
    match (wild_o, wild_e) {
        (true, true) => options.push("wild O E, O odd, E even".into()),
        (true, false) => options.push("wild O, O odd".into()),
        (false, true) => options.push("wild E, E even".into()),
        (false, false) => {}
    }
    if let Some((superset, bits)) = extras.digits {
        let below = (1u64 << base) - 1;
        let set = if superset {
            all_digits | (bits & below)
        } else {
            bits & below
        };
        if set != 0 {
            let list: Vec<String> = (0..base)
                .filter(|d| set >> d & 1 == 1)
                .map(|d| d.to_string())
                .collect();
            options.push(format!("digits {{{}}}", list.join(",")));
            rules.digits = Some(set);
        }
    }
    if let (Some((how, x, y)), false) = (extras.star, stars.is_empty()) {
        let (x, y) = (x % base, y % base);
        let (lo, hi) = (x.min(y), x.max(y));
        let (option, ok): (String, fn(u32, u32, u32) -> bool) = match how {
            0 => (format!("* != {}", x), |d, x, _| d != x),
            1 => ("* odd".into(), |d, _, _| d % 2 == 1),
            _ => (format!("* in {}..{}", lo, hi), |d, lo, hi| {
                (lo..=hi).contains(&d)
            }),
        };
        options.push(option);
        let (a, b) = if how == 2 { (lo, hi) } else { (x, 0) };
        rules.star = Some((ok, a, b));
    }
    if let (Some(ne), Some(c)) = (extras.letter_ne, first_letter) {
        let ne = ne % base;
        options.push(format!("{} != {}", c, ne));
        rules.letter_ne = Some((c, ne));
    }
    if extras.repeats && first_letter.is_some() {
        options.push("repeats".into());
        rules.repeats = true;
    }
    let shown: Vec<String> = body.lines().map(String::from).collect();
    Made {
        script: format!("{} {{\n{}}} with {}", kind, body, options.join(", ")),
        planted_valid: fits(&shown, lines, &rules),
        planted: rows_of(lines, base),
        shown,
        rules,
    }
}

/// The checked skeleton, or `None` when the checker rejects the script
/// (random options can contradict each other or the layout).
pub(crate) fn checked_layout(script: &str) -> Option<Layout> {
    let (statements, diagnostics) = check_script(script);
    if !diagnostics.is_empty() {
        return None;
    }
    match crate::support::asked::<crypta_engine::kinds::Layout>(&statements[0].action) {
        Some(layout) => Some(layout),
        None => panic!("{}", script),
    }
}

/// The oracle enumerates the cells of the rows that determine the rest:
/// layouts with more assignments of them than this are skipped.
const ORACLE_SPACE: f64 = 300_000.0;

/// An upper bound on the oracle's assignments: each free cell's digits.
fn oracle_space(layout: &Layout) -> f64 {
    let mut seen = Vec::new();
    let mut space = 1.0;
    for r in layout.determining_rows() {
        for &cell in &layout.rows[r].cells {
            if let Cell::Var(v) = cell {
                if !seen.contains(&v) {
                    seen.push(v);
                    space *= f64::from(layout.vars[v].domain.len());
                }
            }
        }
    }
    space
}

/// Layouts the text oracle may print: more than this and it is not run.
const TEXT_ORACLE_SPACE: u64 = 4_000;

/// The numbers of `len` digits in `base` (a lone digit may be 0: a row
/// `0` has no leading 0 to lose).
fn numbers(len: usize, base: u64) -> std::ops::Range<u64> {
    let lo = if len == 1 {
        0
    } else {
        base.pow(len as u32 - 1)
    };
    lo..base.pow(len as u32)
}

/// A second oracle, independent of the checker's reading of the columns:
/// prints every layout with the planted rows' lengths in full (as a
/// schoolchild would, by [`multiplication`] and [`division`]) and keeps
/// those that [`fits`] the puzzle's text. The rows of each, sorted; `None`
/// when there are too many layouts to print.
fn text_oracle(kind: &str, made: &Made) -> Option<Vec<String>> {
    let base = u64::from(made.rules.base);
    let len = |r: usize| made.planted[r].len();
    let mut found = Vec::new();
    let mut keep = |lines: Vec<String>| {
        if fits(&made.shown, &lines, &made.rules) {
            found.push(rows_key(&rows_of(&lines, made.rules.base)));
        }
    };
    if kind == "multiplication" {
        let (a, b) = (numbers(len(0), base), numbers(len(1), base));
        if (a.end - a.start) * (b.end - b.start) > TEXT_ORACLE_SPACE {
            return None;
        }
        let product = len(made.planted.len() - 1);
        for a in a {
            for b in b.clone() {
                if text(a * b, base).len() == product {
                    keep(multiplication(a, b, base));
                }
            }
        }
    } else {
        // A quotient 0 would print its remainder where the puzzle has its
        // one product (the checker reads a lone row under the dividend as
        // a product: the division is exact), so the text is ambiguous
        // there; every generated division has a quotient digit.
        let q = numbers(len(0), base).start.max(1)..numbers(len(0), base).end;
        let d = numbers(len(1), base).start.max(1)..numbers(len(1), base).end;
        if (q.end - q.start) * (d.end - d.start) * d.end > TEXT_ORACLE_SPACE {
            return None;
        }
        let dividend = len(2);
        for q in q {
            for d in d.clone() {
                if text(q * d, base).len() > dividend {
                    continue;
                }
                keep(division(q, d, 0, false, base));
                for r in 0..d {
                    keep(division(q, d, r, true, base));
                }
            }
        }
    }
    found.sort();
    Some(found)
}

fn rows_key(rows: &[String]) -> String {
    rows.join(" ")
}

pub(crate) fn cross_check(
    kind: &str,
    lines: &[String],
    mask: &[u8],
    base: u32,
    extras: &Extras,
    tally: &Tally,
) -> Result<(), TestCaseError> {
    let made = make(kind, lines, mask, base, extras);
    let script = &made.script;
    let Some(layout) = checked_layout(script) else {
        tally.add("rejected by the checker");
        return Ok(());
    };
    if oracle_space(&layout) > ORACLE_SPACE {
        tally.add("skipped (oracle space)");
        return Ok(());
    }
    let Some(expected) = crosscheck::oracle_solutions(layout.oracle().as_ref(), tally)? else {
        return Ok(());
    };
    for values in &expected {
        prop_assert_eq!(
            layout.verifier()(values),
            Verdict::Solution,
            "oracle solution fails verification on\n{}",
            script
        );
    }
    // Every strategy that accepts the layout, and the planner's choice.
    let strategies = layout.strategies();
    let planned = layout.plan();
    prop_assert!(
        strategies.iter().any(|s| s.name() == planned.name()),
        "the planner chose {} for\n{}",
        planned.name(),
        script
    );
    for strategy in &strategies {
        let got = all_solutions(strategy.as_ref())?;
        prop_assert_eq!(
            &got,
            &expected,
            "{} and the oracle disagree on\n{}",
            strategy.name(),
            script
        );
        tally.add(strategy.name());
    }
    tally.add(&format!("base {}", if base == 10 { "10" } else { "other" }));
    if expected.is_empty() {
        tally.add("compared, no solution");
    } else if expected.len() > 1 {
        tally.add("compared, several solutions");
    }
    let keys: Vec<String> = expected
        .iter()
        .map(|v| rows_key(&layout.row_texts(v)))
        .collect();
    if let Some(mut printed) = text_oracle(kind, &made) {
        let mut sorted = keys.clone();
        sorted.sort();
        printed.dedup();
        prop_assert_eq!(
            &printed,
            &sorted,
            "the text oracle and the layout oracle disagree on\n{}",
            script
        );
        tally.add("text oracle");
    }
    if made.planted_valid {
        prop_assert!(
            keys.contains(&rows_key(&made.planted)),
            "the original {:?} is missing:\n{}",
            made.planted,
            script
        );
        tally.add("planted found");
    }
    let body = script.as_str();
    queries_agree(
        body,
        &keys,
        1 + expected.len() as u64 % 3,
        |s| rows_key(&layout.row_texts(&s.values)),
        tally,
    )
}

/// A mask of how digits are shown: mostly kept or `*`, with letters, wild
/// classes and `?` now and then.
pub(crate) fn mask() -> impl Strategy<Value = Vec<u8>> {
    let how = prop_oneof![
        4 => Just(KEEP),
        4 => Just(STAR),
        2 => Just(LETTER),
        1 => Just(WILD),
        1 => Just(QUESTION),
    ];
    proptest::collection::vec(how, 1..12)
}

/// A number of `len` digits in `base` from a random draw.
fn number(x: u64, len: u32, base: u64) -> u64 {
    let lo = if len == 1 { 1 } else { base.pow(len - 1) };
    let hi = base.pow(len);
    lo + x % (hi - lo)
}

/// A base: 10 a third of the time, else 2 to 16.
fn base() -> impl Strategy<Value = u32> {
    prop_oneof![1 => Just(10u32), 2 => 2u32..=16]
}

pub(crate) fn multiplication_case() -> impl Strategy<Value = (u64, u64, u32, Vec<u8>, Extras)> {
    (
        base(),
        1u32..=3,
        1u32..=3,
        any::<u64>(),
        any::<u64>(),
        mask(),
        extras(),
    )
        .prop_map(|(base, la, lb, x, y, mask, extras)| {
            let b = u64::from(base);
            (number(x, la, b), number(y, lb, b), base, mask, extras)
        })
}

#[allow(clippy::type_complexity)]
pub(crate) fn division_case() -> impl Strategy<Value = (u64, u64, u64, bool, u32, Vec<u8>, Extras)>
{
    (
        base(),
        1u32..=3,
        1u32..=2,
        any::<(u64, u64, u64)>(),
        any::<bool>(),
        mask(),
        extras(),
    )
        .prop_map(|(base, lq, ld, (x, y, z), show_zero, mask, extras)| {
            let b = u64::from(base);
            let d = number(y, ld, b);
            (number(x, lq, b), d, z % d, show_zero, base, mask, extras)
        })
}

#[test]
fn multiplications_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(
        file!(),
        3000,
        multiplication_case(),
        |(a, b, base, mask, extras)| {
            let lines = multiplication(a, b, u64::from(base));
            cross_check("multiplication", &lines, &mask, base, &extras, &tally)
        },
    );
    tally.report(
        "multiplications",
        &[
            ("long-multiplication", 2300),
            ("product-divisors", 1500),
            ("base other", 1300),
            ("compared, several solutions", 700),
            ("planted found", 1600),
            ("text oracle", 600),
        ],
    );
}

#[test]
fn divisions_agree_with_the_oracle() {
    let tally = Tally::default();
    run_property(
        file!(),
        3000,
        division_case(),
        |(q, d, r, show_zero, base, mask, extras)| {
            let lines = division(q, d, r, show_zero, u64::from(base));
            cross_check("division", &lines, &mask, base, &extras, &tally)
        },
    );
    tally.report(
        "divisions",
        &[
            ("long-division", 2200),
            ("base other", 1300),
            ("compared, several solutions", 700),
            ("planted found", 1600),
            ("text oracle", 600),
        ],
    );
}

#[test]
fn the_seed_examples_render_as_expected() {
    let m = multiplication(733, 32, 10).join("\n");
    assert!(m.contains("1466") && m.contains("2199") && m.contains("23456"));
    let d = division(31, 25, 4, false, 10).join("\n");
    assert!(d.contains("25 ) 779") && d.contains("29"));
}

/// Brief §3: a printed remainder is not zero when it is only `*` cells
/// (an exact division prints none); a shown `0` is a zero remainder.
#[test]
fn a_starred_remainder_is_not_zero() {
    let count = |remainder: &str| {
        let script = format!(
            "count division {{\n        70*\n   * ) ****\n       4*\n          {}\n}}\n",
            remainder
        );
        let output = crate::support::run(&["run", "-"], script.as_bytes());
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    assert!(count("*").contains("11 solutions"), "{}", count("*"));
    assert!(count("?").contains("11 solutions"), "{}", count("?"));
    assert!(count("0").contains("2 solutions"), "{}", count("0"));
}
