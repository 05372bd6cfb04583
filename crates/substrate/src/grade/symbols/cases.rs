//! Trying the few cases left: a condition or an equation the columns
//! cannot read, whose open letters have only a few ways left to be filled
//! (or, for a square, cube, triangular or prime word, only a few numbers
//! of its size with the property), is tried on each, alone or joined with
//! another condition on the letters they share.

use super::bounds::{cell_vars, expr_words, number_range};
use super::columns::narrowed_text;
use super::system::{StepBug, System};
use crate::arith::condition_holds;
use crate::grade::Difficulty;
use crate::ir::{Cell, Expr, Property, Term, Test};

/// The most ways to fill a condition's open letters (all-different kept)
/// that "few cases" tries, and the most numbers it lists for a property
/// (the four-digit squares are 68): about what a person writes down in a
/// margin.
const FEW: usize = 100;

/// The same for "many cases" and "two conditions", the hard rules: a
/// table a person reads down (the five-digit triangular numbers are 306),
/// ten times the margin's list, and still far from a search of the puzzle
/// (each case is one test of one condition).
const MANY: usize = 1000;

/// Up to `cap` ways to fill `vars` from their candidates, all-different
/// kept; `None` when there are more.
fn few_ways(sys: &System, vars: &[usize], cap: usize) -> Option<Vec<Vec<i64>>> {
    fn go(
        sys: &System,
        vars: &[usize],
        used: u64,
        now: &mut Vec<i64>,
        out: &mut Vec<Vec<i64>>,
        cap: usize,
    ) -> bool {
        let Some(&v) = vars.get(now.len()) else {
            out.push(now.clone());
            return out.len() <= cap;
        };
        let distinct = sys.distinct.contains(&v);
        for d in sys.values(v) {
            let bit = if distinct { 1u64 << d } else { 0 };
            if used & bit != 0 {
                continue;
            }
            now.push(d);
            let more = go(sys, vars, used | bit, now, out, cap);
            now.pop();
            if !more {
                return false;
            }
        }
        true
    }
    let used = sys
        .distinct
        .iter()
        .filter(|&&v| sys.fixed(v) && !vars.contains(&v))
        .fold(0u64, |m, &v| m | sys.cand[v]);
    let mut out = Vec::new();
    go(sys, vars, used, &mut Vec::new(), &mut out, cap).then_some(out)
}

/// The puzzle's digits with the fixed ones filled in and `vars` set to
/// `way`; the others 0 (a rule reads only its own letters).
fn filled(sys: &System, vars: &[usize], way: &[i64]) -> Vec<u8> {
    let mut values: Vec<u8> = (0..sys.digits)
        .map(|v| if sys.fixed(v) { sys.min(v) as u8 } else { 0 })
        .collect();
    for (&v, &d) in vars.iter().zip(way) {
        values[v] = d as u8;
    }
    values
}

/// The keep masks of the ways that pass.
fn support_of(sys: &System, vars: &[usize], ways: &[Vec<i64>]) -> Vec<(usize, u64)> {
    vars.iter()
        .enumerate()
        .map(|(i, &v)| {
            let mask = ways
                .iter()
                .fold(0u64, |m, w| m | sys.bit(v, w[i]).unwrap_or(0));
            (v, mask)
        })
        .collect()
}

/// The numbers with `property` between `lo` and `hi`, when there are at
/// most [`FEW`] and they are listed by a root (squares, cubes, triangular
/// numbers); `None` otherwise.
fn listed(property: Property, lo: i128, hi: i128, cap: usize) -> Option<Vec<i128>> {
    property.entry().nth?;
    // Past a u64 the value is past any bound here (`hi` is at most 2^60).
    let f = |k: i128| property.nth(k as u64).map_or(i128::MAX, i128::from);
    if hi > 1 << 60 {
        return None;
    }
    let mut k = 0i128;
    // The root of lo, from below, in a few halvings.
    // Roots up to 2^32: past any square, cube or triangular number up to
    // 2^60.
    let mut step = 1i128 << 31;
    while step > 0 {
        if f(k + step) < lo {
            k += step;
        }
        step /= 2;
    }
    let mut out = Vec::new();
    while f(k) <= hi {
        if f(k) >= lo {
            out.push(f(k));
            if out.len() > cap {
                return None;
            }
        }
        k += 1;
    }
    Some(out)
}

/// The ways a word's cells can spell `value` (leading zeros as digits):
/// its open variables' digits, when they fit the candidates and the
/// all-different rule.
fn spells(sys: &System, cells: &[Cell], vars: &[usize], mut value: i128) -> Option<Vec<i64>> {
    let base = i128::from(sys.base);
    if value < 0 {
        return None;
    }
    let mut way = vec![-1i64; vars.len()];
    let mut digits = vec![0i64; cells.len()];
    for slot in digits.iter_mut().rev() {
        *slot = (value % base) as i64;
        value /= base;
    }
    if value != 0 {
        return None;
    }
    for (cell, &d) in cells.iter().zip(&digits) {
        match *cell {
            Cell::Digit(x) if i64::from(x) != d => return None,
            Cell::Digit(_) => {}
            Cell::Var(v) => {
                if sys.bit(v, d).is_none_or(|b| sys.cand[v] & b == 0) {
                    return None;
                }
                if let Some(i) = vars.iter().position(|&u| u == v) {
                    if way[i] >= 0 && way[i] != d {
                        return None;
                    }
                    way[i] = d;
                }
            }
        }
    }
    let mut used = sys
        .distinct
        .iter()
        .filter(|&&v| sys.fixed(v) && !vars.contains(&v))
        .fold(0u64, |m, &v| m | sys.cand[v]);
    for (i, &v) in vars.iter().enumerate() {
        if way[i] < 0 {
            return None;
        }
        if sys.distinct.contains(&v) {
            if used >> way[i] & 1 == 1 {
                return None;
            }
            used |= 1u64 << way[i];
        }
    }
    Some(way)
}

/// "1296, 1764 or 2916", or "12 numbers": what fits, as a person lists it.
fn fits_text(fits: &[String]) -> String {
    match fits {
        [] => "none".into(),
        [one] => one.clone(),
        [init @ .., last] if fits.len() <= 6 => format!("{} or {}", init.join(", "), last),
        _ => format!("{} of them", fits.len()),
    }
}

/// Medium: a condition whose open letters have few ways left to be filled
/// is tried on each: the letters keep the digits of the ways that make it
/// true. A square, cube or triangular word is tried by listing the few
/// numbers of its size with the property ("TEN is a square of three
/// digits: 169, 196, 256, ...").
pub fn few_cases(sys: &mut System) -> Result<bool, StepBug> {
    cases(sys, "few cases", FEW, Difficulty::Medium)
}

/// Hard: the same with up to [`MANY`] cases, a table rather than a list.
pub fn many_cases(sys: &mut System) -> Result<bool, StepBug> {
    cases(sys, "many cases", MANY, Difficulty::Hard)
}

fn cases(
    sys: &mut System,
    rule: &'static str,
    cap: usize,
    level: Difficulty,
) -> Result<bool, StepBug> {
    for i in 0..sys.conditions.len() {
        let vars = sys.conditions[i].0.vars(&sys.words);
        if sys.quiet(rule, i, &vars) {
            continue;
        }
        let open = open_vars(sys, &vars);
        let Some((good, what)) = fits(sys, i, &open, cap) else {
            sys.hush(rule, i);
            continue;
        };
        let keep = support_of(sys, &open, &good);
        if open.is_empty() || sys.idle(&keep) {
            sys.hush(rule, i);
            continue;
        }
        let why = format!("{}, so {}", what, narrowed_text(sys, &keep));
        if sys.apply(rule, level, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The variables of `vars` not yet fixed.
fn open_vars(sys: &System, vars: &[usize]) -> Vec<usize> {
    vars.iter().copied().filter(|&v| !sys.fixed(v)).collect()
}

/// The ways to fill condition `i`'s open letters `open` that make it true,
/// and what was tried, in words; `None` when there are too many cases.
fn fits(sys: &System, i: usize, open: &[usize], cap: usize) -> Option<(Vec<Vec<i64>>, String)> {
    let (cond, text) = &sys.conditions[i];
    if let Some(ways) = few_ways(sys, open, cap) {
        let total = ways.len();
        let good: Vec<Vec<i64>> = ways
            .into_iter()
            .filter(|w| condition_holds(cond, &sys.words, &filled(sys, open, w), sys.base))
            .collect();
        let what = format!(
            "{} holds in {} of the {} ways left to fill {}",
            text,
            good.len(),
            total,
            names(sys, open)
        );
        return Some((good, what));
    }
    // A property of one word: list the numbers that have it.
    let cond = cond.atom()?;
    let (Term::Word(w), Test::Property(p)) = (&cond.lhs, &cond.test) else {
        return None;
    };
    let cells = &sys.words[*w].cells;
    let (lo, hi) = number_range(sys, cells, None)?;
    let list = listed(*p, lo, hi, cap)?;
    let mut good = Vec::new();
    let mut shown = Vec::new();
    for value in &list {
        if let Some(way) = spells(sys, cells, open, *value) {
            good.push(way);
            shown.push(value.to_string());
        }
    }
    let what = format!(
        "{}: of the {} such numbers from {} to {}, only {} fit",
        text,
        list.len(),
        lo,
        hi,
        fits_text(&shown)
    );
    Some((good, what))
}

/// Hard: two conditions (or equations with a product), each with few ways
/// left to hold, are tried together: a way of one stays only if some way
/// of the other agrees with it on the letters they share and takes no
/// digit it uses.
pub fn two_conditions(sys: &mut System) -> Result<bool, StepBug> {
    const RULE: &str = "two conditions";
    let n = sys.conditions.len() + sys.products.len();
    for i in 0..n {
        for j in i + 1..n {
            let mut vars = part_vars(sys, i);
            let other = part_vars(sys, j);
            // Letters in common, or digits both may take.
            let digits = |vars: &[usize]| {
                vars.iter()
                    .filter(|v| !sys.fixed(**v) && sys.distinct.contains(v))
                    .fold(0u64, |m, &v| m | sys.cand[v])
            };
            let shared = other.iter().any(|v| vars.contains(v) && !sys.fixed(*v));
            if !shared && digits(&vars) & digits(&other) == 0 {
                continue;
            }
            vars.extend(
                other
                    .iter()
                    .filter(|v| !vars.contains(v))
                    .collect::<Vec<_>>(),
            );
            if sys.quiet(RULE, i * n + j, &vars) {
                continue;
            }
            let (Some((a, fa)), Some((b, fb))) = (part_fits(sys, i), part_fits(sys, j)) else {
                sys.hush(RULE, i * n + j);
                continue;
            };
            let open = open_vars(sys, &vars);
            let joined = join(sys, &open, (&a, &fa), (&b, &fb));
            let keep = support_of(sys, &open, &joined);
            if sys.idle(&keep) {
                sys.hush(RULE, i * n + j);
                continue;
            }
            let why = format!(
                "{} and {} hold together in {} ways, so {}",
                part_text(sys, i),
                part_text(sys, j),
                joined.len(),
                narrowed_text(sys, &keep)
            );
            if sys.apply(RULE, Difficulty::Hard, Vec::new(), why, &keep)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Condition `k`, or past the conditions an equation with a product: its
/// variables.
fn part_vars(sys: &System, k: usize) -> Vec<usize> {
    match sys.conditions.get(k) {
        Some((c, _)) => c.vars(&sys.words),
        None => {
            let (lhs, rhs) = &sys.products[k - sys.conditions.len()];
            open_of(sys, &[lhs, rhs]).0
        }
    }
}

/// Condition or equation `k` as written.
fn part_text(sys: &System, k: usize) -> String {
    match sys.conditions.get(k) {
        Some((_, text)) => text.clone(),
        None => {
            let (lhs, rhs) = &sys.products[k - sys.conditions.len()];
            format!("{} = {}", expr_text(sys, lhs), expr_text(sys, rhs))
        }
    }
}

/// Condition or equation `k`'s open letters and the ways to fill them
/// that make it hold, up to [`MANY`] tried.
fn part_fits(sys: &System, k: usize) -> Option<(Vec<usize>, Vec<Vec<i64>>)> {
    if k < sys.conditions.len() {
        let open = open_vars(sys, &part_vars(sys, k));
        return fits(sys, k, &open, MANY).map(|(ways, _)| (open, ways));
    }
    let (lhs, rhs) = &sys.products[k - sys.conditions.len()];
    let open = open_of(sys, &[lhs, rhs]).1;
    spelled(sys, lhs, rhs)
        .or_else(|| spelled(sys, rhs, lhs))
        .or_else(|| every_way(sys, lhs, rhs, &open))
        .map(|(open, ways, _)| (open, ways))
}

/// The ways over `open` that extend one way of each side, agree on the
/// letters they share and keep the all-different rule.
fn join(
    sys: &System,
    open: &[usize],
    (a, fa): (&[usize], &[Vec<i64>]),
    (b, fb): (&[usize], &[Vec<i64>]),
) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    for x in fa {
        'next: for y in fb {
            let mut way = vec![-1i64; open.len()];
            for (vars, vals) in [(a, x), (b, y)] {
                for (&v, &d) in vars.iter().zip(vals) {
                    let Some(k) = open.iter().position(|&u| u == v) else {
                        continue;
                    };
                    if way[k] >= 0 && way[k] != d {
                        continue 'next;
                    }
                    way[k] = d;
                }
            }
            let mut used = 0u64;
            for (k, &v) in open.iter().enumerate() {
                if sys.distinct.contains(&v) && way[k] >= 0 {
                    if used >> way[k] & 1 == 1 {
                        continue 'next;
                    }
                    used |= 1 << way[k];
                }
            }
            out.push(way);
        }
    }
    out
}

/// "E, N": letters as named in steps.
fn names(sys: &System, vars: &[usize]) -> String {
    let names: Vec<&str> = vars.iter().map(|&v| sys.names[v].as_str()).collect();
    names.join(", ")
}

/// An expression's exact value with the puzzle's digits `values`; `None`
/// past 128 bits.
fn eval(sys: &System, e: &Expr, values: &[u8]) -> Option<i128> {
    let base = i128::from(sys.base);
    match e {
        Expr::Word(w) => sys.words[*w].cells.iter().try_fold(0i128, |acc, cell| {
            let d = match *cell {
                Cell::Digit(d) => i128::from(d),
                Cell::Var(v) => i128::from(values[v]),
            };
            acc.checked_mul(base)?.checked_add(d)
        }),
        Expr::Add(a, b) => eval(sys, a, values)?.checked_add(eval(sys, b, values)?),
        Expr::Sub(a, b) => eval(sys, a, values)?.checked_sub(eval(sys, b, values)?),
        Expr::Mul(a, b) => eval(sys, a, values)?.checked_mul(eval(sys, b, values)?),
    }
}

/// An expression with each word spelled by its letters' names.
fn expr_text(sys: &System, e: &Expr) -> String {
    e.render(&|w| {
        sys.words[w]
            .cells
            .iter()
            .map(|cell| match *cell {
                Cell::Digit(d) => char::from_digit(d, 36)
                    .map_or('?', |c| c.to_ascii_uppercase())
                    .to_string(),
                Cell::Var(v) => sys.names[v].clone(),
            })
            .collect()
    })
}

/// Hard: an equation the columns cannot read (a product, a power) is
/// tried on the few ways left to fill one side's open letters, the other
/// side, when it is one word, spelling out the value ("of the 12 ways to
/// fill ABC * D, only 3 give a product EFGH can spell"); when neither side
/// is one word, on the few ways to fill every open letter.
pub fn few_values(sys: &mut System) -> Result<bool, StepBug> {
    const RULE: &str = "few values";
    for e in 0..sys.products.len() {
        let (lhs, rhs) = sys.products[e].clone();
        let all = open_of(sys, &[&lhs, &rhs]);
        if sys.quiet(RULE, e, &all.0) {
            continue;
        }
        let tried = [(&lhs, &rhs), (&rhs, &lhs)]
            .into_iter()
            .find_map(|(from, to)| spelled(sys, from, to))
            .or_else(|| every_way(sys, &lhs, &rhs, &all.1));
        let Some((open, good, what)) = tried else {
            sys.hush(RULE, e);
            continue;
        };
        let keep = support_of(sys, &open, &good);
        if sys.idle(&keep) {
            sys.hush(RULE, e);
            continue;
        }
        let why = format!(
            "{} = {}: {}, so {}",
            expr_text(sys, &lhs),
            expr_text(sys, &rhs),
            what,
            narrowed_text(sys, &keep)
        );
        if sys.apply(RULE, Difficulty::Hard, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The variables of expressions, and those of them not yet fixed.
fn open_of(sys: &System, exprs: &[&Expr]) -> (Vec<usize>, Vec<usize>) {
    let mut words = Vec::new();
    for e in exprs {
        expr_words(e, &mut words);
    }
    let mut vars = Vec::new();
    for &w in &words {
        cell_vars(&sys.words[w].cells, &mut vars);
    }
    let open = open_vars(sys, &vars);
    (vars, open)
}

/// The equation tried on the ways to fill `from`'s open letters, `to`'s
/// one word with open letters spelling the value it must then take: the
/// open letters of both, the ways that hold, and what was tried; `None`
/// when `to` is not of that form or there are too many ways.
type Tried = (Vec<usize>, Vec<Vec<i64>>, String);

fn spelled(sys: &System, from: &Expr, to: &Expr) -> Option<Tried> {
    let (_, a) = open_of(sys, &[from]);
    let (_, b) = open_of(sys, &[to]);
    let known = filled(sys, &[], &[]);
    let w = word_value(sys, to, 0, &known)?.0;
    let ways = few_ways(sys, &a, MANY)?;
    let mut open = a.clone();
    open.extend(b.iter().filter(|v| !a.contains(v)));
    let mut good = Vec::new();
    for way in &ways {
        let values = filled(sys, &a, way);
        // Past 128 bits, or a side that cannot be read back: not this rule.
        let value = eval(sys, from, &values)?;
        let Some(value) = word_value(sys, to, value, &values)?.1 else {
            continue;
        };
        if let Some(spelt) = spells(sys, &sys.words[w].cells, &b, value) {
            good.extend(join(
                sys,
                &open,
                (&a, std::slice::from_ref(way)),
                (&b, &[spelt]),
            ));
        }
    }
    let what = format!(
        "of the {} ways left to fill {} in {}, {} give a value {} can spell",
        ways.len(),
        names(sys, &a),
        expr_text(sys, from),
        good.len(),
        expr_text(sys, to)
    );
    Some((open, good, what))
}

/// The one word of `e` with open letters, and the value it must take for
/// `e` to be `value` when the rest of `e` is known (`values`): `None` in
/// the value when no value fits (a division that is not exact), `None`
/// altogether when `e` is not of that form.
fn word_value(sys: &System, e: &Expr, value: i128, values: &[u8]) -> Option<(usize, Option<i128>)> {
    let known = |x: &Expr| open_of(sys, &[x]).1.is_empty();
    match e {
        Expr::Word(w) => Some((*w, Some(value))),
        Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
            let (unknown, other, left) = match (known(a), known(b)) {
                (false, true) => (a, b, true),
                (true, false) => (b, a, false),
                _ => return None,
            };
            let k = eval(sys, other, values)?;
            let inner = match e {
                Expr::Add(..) => value.checked_sub(k)?,
                // a - k = value, or k - b = value.
                Expr::Sub(..) if left => value.checked_add(k)?,
                Expr::Sub(..) => k.checked_sub(value)?,
                // 0 times anything is 0: no one value to spell.
                _ if k == 0 => return None,
                _ if value % k != 0 => {
                    return word_value(sys, unknown, 0, values).map(|(w, _)| (w, None))
                }
                _ => value / k,
            };
            word_value(sys, unknown, inner, values)
        }
    }
}

/// The equation tried on every way to fill its open letters `open`.
fn every_way(sys: &System, lhs: &Expr, rhs: &Expr, open: &[usize]) -> Option<Tried> {
    let ways = few_ways(sys, open, MANY).filter(|_| !open.is_empty())?;
    let total = ways.len();
    let good: Vec<Vec<i64>> = ways
        .into_iter()
        .filter(|w| {
            let values = filled(sys, open, w);
            match (eval(sys, lhs, &values), eval(sys, rhs, &values)) {
                (Some(l), Some(r)) => l == r,
                _ => true,
            }
        })
        .collect();
    let what = format!(
        "it holds in {} of the {} ways left to fill {}",
        good.len(),
        total,
        names(sys, open)
    );
    Some((open.to_vec(), good, what))
}
