//! Rules on conditions (`A < B`, `MONEY prime`, `THREE % 3 = 0`) and on
//! the equations columns cannot read (products, powers): bounds of both
//! sides, the last digits a property allows, remainders read digit by
//! digit, and the few cases left when a condition's or an equation's open
//! letters have only a few ways to be filled.

use super::bounds::{cell_vars, expr_mod, expr_range, expr_words, LAST_CAP};
use super::columns::narrowed_text;
use super::system::{bits, each_assignment, StepBug, System};
use crate::arith::bounds::{can_hold, term_range, Range};
use crate::arith::condition::residues;
use crate::arith::condition_holds;
use crate::grade::Difficulty;
use crate::ir::{Cell, Expr, Op, Property, RelOp, Term, Test};

/// The most ways to fill a condition's open letters (all-different kept)
/// that "few cases" tries, and the most numbers it lists for a property
/// (the four-digit squares are 68): about what a person writes down in a
/// margin, and it keeps grading from turning into a search of the puzzle.
const FEW: usize = 100;

/// The largest modulus "remainder" works with: its table has one entry
/// per remainder and digit of each letter.
const MAX_MODULUS: i64 = 10_000;

/// Each variable's range, `fix` (a variable and its value) applied.
fn ranges(sys: &System, fix: Option<(usize, i64)>) -> impl Fn(usize) -> Range + '_ {
    move |v| match fix {
        Some((f, x)) if f == v => (i128::from(x), i128::from(x)),
        _ => (i128::from(sys.min(v)), i128::from(sys.max(v))),
    }
}

/// Whether `keep` removes nothing.
fn idle(sys: &System, keep: &[(usize, u64)]) -> bool {
    keep.iter().all(|&(v, m)| sys.cand[v] & !m == 0)
}

/// A single letter or digit: `A < B` is read at a glance.
fn is_cell(sys: &System, t: &Term) -> bool {
    matches!(t, Term::Word(w) if sys.words[*w].cells.len() == 1)
}

/// Easy: a relation between two letters (`A < B`) bounds each by the
/// other's smallest or largest digit.
pub fn letter_order(sys: &mut System) -> Result<bool, StepBug> {
    relation_bounds_where(sys, true)
}

/// Medium: a relation between expressions (`MONEY > 10600`, `I > 2 * U`)
/// keeps only the digits with which both sides' ranges can still meet it.
pub fn relation_bounds(sys: &mut System) -> Result<bool, StepBug> {
    relation_bounds_where(sys, false)
}

fn relation_bounds_where(sys: &mut System, letters: bool) -> Result<bool, StepBug> {
    const RULE: &str = "relation bounds";
    for i in 0..sys.conditions.len() {
        let (cond, text) = &sys.conditions[i];
        let Test::Relation(rel, rhs) = &cond.test else {
            continue;
        };
        if letters != (is_cell(sys, &cond.lhs) && is_cell(sys, rhs)) {
            continue;
        }
        let vars = cond.vars(&sys.words);
        if sys.quiet(RULE, i, &vars) {
            continue;
        }
        let mut keep = Vec::new();
        for &v in vars.iter().filter(|&&v| !sys.fixed(v)) {
            let mut mask = 0u64;
            for d in sys.values(v) {
                let digits = ranges(sys, Some((v, d)));
                let fits = match (
                    term_range(&cond.lhs, &sys.words, &digits, sys.base),
                    term_range(rhs, &sys.words, &digits, sys.base),
                ) {
                    (Some(l), Some(r)) => can_hold(*rel, l, r),
                    _ => true,
                };
                if fits {
                    mask |= sys.bit(v, d).unwrap_or(0);
                }
            }
            keep.push((v, mask));
        }
        if idle(sys, &keep) {
            sys.hush(RULE, i);
            continue;
        }
        let level = if letters {
            Difficulty::Easy
        } else {
            Difficulty::Medium
        };
        let why = format!(
            "from the digits left, {} can hold only when {}",
            text,
            narrowed_text(sys, &keep)
        );
        if sys.apply(RULE, level, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The residues modulo the base a value with `property` may have, when
/// the value is above `least - 1`: a prime above the base shares no factor
/// with it (in base 10 it ends in 1, 3, 7 or 9).
fn last_digits_of(property: Property, base: u32, least: Option<i128>) -> u64 {
    let mut allowed = residues(property, base);
    if property == Property::Prime && least.is_some_and(|lo| lo > i128::from(base)) {
        let b = u64::from(base);
        allowed &= (0..b)
            .filter(|&r| num_integer::gcd(r, b) == 1)
            .fold(0u64, |m, r| m | 1 << r);
    }
    allowed
}

/// Medium: a square, cube, triangular number, prime, odd or even number
/// can only end in some digits (a square in 0, 1, 4, 5, 6 or 9 in base
/// 10): the last digits of the words keep the ones that give such an end.
pub fn property_last_digit(sys: &mut System) -> Result<bool, StepBug> {
    const RULE: &str = "last digit of a property";
    let base = i64::from(sys.base);
    for i in 0..sys.conditions.len() {
        let (cond, text) = &sys.conditions[i];
        let (Test::Property(p), Some(e)) = (&cond.test, cond.lhs.as_ring()) else {
            continue;
        };
        let least = expr_range(sys, &e, None).map(|r| r.0);
        let allowed = last_digits_of(*p, sys.base, least);
        let all = (1u64 << sys.base.min(63)) - 1;
        let mut words = Vec::new();
        expr_words(&e, &mut words);
        let mut vars = Vec::new();
        for &w in &words {
            let cells = &sys.words[w].cells;
            cell_vars(&cells[cells.len().saturating_sub(1)..], &mut vars);
        }
        if allowed & all == all || sys.quiet(RULE, i, &vars) {
            continue;
        }
        let mut seen = vec![0u64; vars.len()];
        let ok = each_assignment(sys, &vars, LAST_CAP, &mut |values| {
            let value = |cell: Cell| match cell {
                Cell::Digit(d) => i64::from(d),
                Cell::Var(v) => vars.iter().position(|&w| w == v).map_or(0, |i| values[i]),
            };
            if allowed >> expr_mod(sys, &e, base, &value) & 1 == 1 {
                for (i, &x) in values.iter().enumerate() {
                    seen[i] |= 1u64 << x;
                }
            }
        });
        let keep: Vec<(usize, u64)> = vars.into_iter().zip(seen).collect();
        if !ok || idle(sys, &keep) {
            sys.hush(RULE, i);
            continue;
        }
        let ends: Vec<String> = bits(allowed).map(|d| d.to_string()).collect();
        let why = format!(
            "{}: such a number ends in {} only, so {}",
            text,
            ends.join(", "),
            narrowed_text(sys, &keep)
        );
        if sys.apply(RULE, Difficulty::Medium, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The words a sum or difference adds, with their signs; false when the
/// term does anything else.
fn signed_words(t: &Term, sign: i64, out: &mut Vec<(i64, usize)>) -> bool {
    match t {
        Term::Word(w) => {
            out.push((sign, *w));
            true
        }
        Term::Binary(Op::Add, a, b) => signed_words(a, sign, out) && signed_words(b, sign, out),
        Term::Binary(Op::Sub, a, b) => signed_words(a, sign, out) && signed_words(b, -sign, out),
        Term::Binary(..) => false,
    }
}

/// A term's value when the candidates leave it one.
fn constant(sys: &System, t: &Term) -> Option<i128> {
    term_range(t, &sys.words, &ranges(sys, None), sys.base).and_then(|(lo, hi)| (lo == hi).then_some(lo))
}

/// `x % m rel c` (either way round) or `x odd`/`x even`, with `x` a sum
/// or difference of words and `m`, `c` numbers: `x`'s words, `m`, and
/// the remainders modulo `m` that meet the condition.
fn remainder_form(sys: &System, i: usize) -> Option<(Vec<(i64, usize)>, i64, Vec<bool>)> {
    let (cond, _) = &sys.conditions[i];
    let (x, m, test): (&Term, i128, Box<dyn Fn(i128) -> bool>) = match &cond.test {
        Test::Property(Property::Odd) => (&cond.lhs, 2, Box::new(|r| r == 1)),
        Test::Property(Property::Even) => (&cond.lhs, 2, Box::new(|r| r == 0)),
        Test::Property(_) => return None,
        Test::Relation(rel, rhs) => {
            let (modded, other, rel) = match (&cond.lhs, rhs) {
                (Term::Binary(Op::Mod, ..), other) => (&cond.lhs, other, *rel),
                (other, Term::Binary(Op::Mod, ..)) => (rhs, other, mirror(*rel)),
                _ => return None,
            };
            let Term::Binary(Op::Mod, x, m) = modded else {
                return None;
            };
            let c = constant(sys, other)?;
            (x, constant(sys, m)?, Box::new(move |r| rel.holds(r.cmp(&c))))
        }
    };
    if !(2..=i128::from(MAX_MODULUS)).contains(&m) {
        return None;
    }
    let mut words = Vec::new();
    if !signed_words(x, 1, &mut words) {
        return None;
    }
    let allowed = (0..m).map(&test).collect();
    Some((words, m as i64, allowed))
}

/// `a rel b` read as `b rel' a`.
fn mirror(rel: RelOp) -> RelOp {
    match rel {
        RelOp::Lt => RelOp::Gt,
        RelOp::Le => RelOp::Ge,
        RelOp::Gt => RelOp::Lt,
        RelOp::Ge => RelOp::Le,
        other => other,
    }
}

/// Medium: a remainder is read digit by digit: modulo m each digit counts
/// by its place's remainder (modulo 3 or 9 in base 10 every place counts
/// 1, the digit sum; modulo 2, 4 or 8 only the last digits count), so the
/// condition is a sum of letters modulo m, which keeps a letter's digit
/// only if the other letters can make up the rest.
pub fn remainder(sys: &mut System) -> Result<bool, StepBug> {
    const RULE: &str = "remainder";
    for i in 0..sys.conditions.len() {
        let Some((words, m, allowed)) = remainder_form(sys, i) else {
            continue;
        };
        // Each letter's weight modulo m, and the digits' sum.
        let mut weights: Vec<(usize, i64)> = Vec::new();
        let mut fixed = 0i64;
        for &(sign, w) in &words {
            let mut place = 1i64;
            for cell in sys.words[w].cells.iter().rev() {
                match *cell {
                    Cell::Digit(d) => fixed = (fixed + sign * place * i64::from(d)).rem_euclid(m),
                    Cell::Var(v) => match weights.iter_mut().find(|(u, _)| *u == v) {
                        Some(e) => e.1 = (e.1 + sign * place).rem_euclid(m),
                        None => weights.push((v, (sign * place).rem_euclid(m))),
                    },
                }
                place = place * i64::from(sys.base) % m;
            }
        }
        weights.retain(|&(_, c)| c != 0);
        let vars: Vec<usize> = weights.iter().map(|&(v, _)| v).collect();
        if sys.quiet(RULE, i, &vars) {
            continue;
        }
        let keep = remainder_support(sys, &weights, fixed, m, &allowed);
        if idle(sys, &keep) {
            sys.hush(RULE, i);
            continue;
        }
        let mut sum: Vec<String> = weights
            .iter()
            .map(|&(v, c)| match c {
                1 => sys.names[v].clone(),
                _ => format!("{}{}", c, sys.names[v]),
            })
            .collect();
        if fixed != 0 || sum.is_empty() {
            sum.push(fixed.to_string());
        }
        let why = format!(
            "{} depends only on {} modulo {}, so {}",
            sys.conditions[i].1,
            sum.join(" + "),
            m,
            narrowed_text(sys, &keep)
        );
        if sys.apply(RULE, Difficulty::Medium, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Each letter's digits that some choice of the others (all-different
/// aside) completes to an allowed remainder: the remainders reachable
/// from the left, and those that can still be completed from the right.
fn remainder_support(
    sys: &System,
    weights: &[(usize, i64)],
    fixed: i64,
    m: i64,
    allowed: &[bool],
) -> Vec<(usize, u64)> {
    let size = m as usize;
    let step = |r: usize, c: i64, d: i64| (r as i64 + c * d).rem_euclid(m) as usize;
    let mut before = vec![vec![false; size]];
    before[0][fixed as usize] = true;
    for &(v, c) in weights {
        let last = before.last().map_or_else(Vec::new, Clone::clone);
        let mut next = vec![false; size];
        for r in (0..size).filter(|&r| last[r]) {
            for d in sys.values(v) {
                next[step(r, c, d)] = true;
            }
        }
        before.push(next);
    }
    let mut after = allowed.to_vec();
    let mut keep = vec![0u64; weights.len()];
    for (i, &(v, c)) in weights.iter().enumerate().rev() {
        let mut prev = vec![false; size];
        for d in sys.values(v) {
            for r in 0..size {
                if after[step(r, c, d)] {
                    prev[r] = true;
                    if before[i][r] {
                        keep[i] |= sys.bit(v, d).unwrap_or(0);
                    }
                }
            }
        }
        after = prev;
    }
    weights.iter().map(|&(v, _)| v).zip(keep).collect()
}

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
fn support_of(sys: &System, vars: &[usize], ways: &[&Vec<i64>]) -> Vec<(usize, u64)> {
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
fn listed(property: Property, lo: i128, hi: i128) -> Option<Vec<i128>> {
    let f: fn(i128) -> i128 = match property {
        Property::Square => |k| k * k,
        Property::Cube => |k| k * k * k,
        Property::Triangular => |k| k * (k + 1) / 2,
        _ => return None,
    };
    if hi > 1 << 60 {
        return None;
    }
    let mut k = 0i128;
    // The root of lo, from below, in a few halvings.
    let mut step = 1i128 << 20;
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
            if out.len() > FEW {
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
    const RULE: &str = "few cases";
    for i in 0..sys.conditions.len() {
        let vars = sys.conditions[i].0.vars(&sys.words);
        if sys.quiet(RULE, i, &vars) {
            continue;
        }
        let open: Vec<usize> = vars.iter().copied().filter(|&v| !sys.fixed(v)).collect();
        let Some((keep, what)) = try_cases(sys, i, &open) else {
            sys.hush(RULE, i);
            continue;
        };
        if open.is_empty() || idle(sys, &keep) {
            sys.hush(RULE, i);
            continue;
        }
        let why = format!("{}, so {}", what, narrowed_text(sys, &keep));
        if sys.apply(RULE, Difficulty::Medium, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The support of condition `i` over its open letters `open`, and what was
/// tried, in words; `None` when there are too many cases.
fn try_cases(sys: &System, i: usize, open: &[usize]) -> Option<(Vec<(usize, u64)>, String)> {
    let (cond, text) = &sys.conditions[i];
    if let Some(ways) = few_ways(sys, open, FEW) {
        let values: Vec<Vec<u8>> = ways.iter().map(|w| filled(sys, open, w)).collect();
        let good: Vec<&Vec<i64>> = ways
            .iter()
            .zip(&values)
            .filter(|(_, v)| condition_holds(cond, &sys.words, v, sys.base))
            .map(|(w, _)| w)
            .collect();
        let what = format!(
            "{} holds in {} of the {} ways left to fill {}",
            text,
            good.len(),
            ways.len(),
            names(sys, open)
        );
        return Some((support_of(sys, open, &good), what));
    }
    // A property of one word: list the numbers that have it.
    let (Term::Word(w), Test::Property(p)) = (&cond.lhs, &cond.test) else {
        return None;
    };
    let cells = &sys.words[*w].cells;
    let (lo, hi) = super::bounds::number_range(sys, cells, None)?;
    let list = listed(*p, lo, hi)?;
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
    let refs: Vec<&Vec<i64>> = good.iter().collect();
    Some((support_of(sys, open, &refs), what))
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
                Cell::Digit(d) => char::from_digit(d, 36).map_or('?', |c| c.to_ascii_uppercase()).to_string(),
                Cell::Var(v) => sys.names[v].clone(),
            })
            .collect()
    })
}

/// Hard: an equation the columns cannot read (a product, a power) whose
/// open letters have few ways left to be filled is tried on each.
pub fn few_values(sys: &mut System) -> Result<bool, StepBug> {
    const RULE: &str = "few values";
    for e in 0..sys.products.len() {
        let (lhs, rhs) = sys.products[e].clone();
        let mut words = Vec::new();
        expr_words(&lhs, &mut words);
        expr_words(&rhs, &mut words);
        let mut vars = Vec::new();
        for &w in &words {
            cell_vars(&sys.words[w].cells, &mut vars);
        }
        if sys.quiet(RULE, e, &vars) {
            continue;
        }
        let open: Vec<usize> = vars.iter().copied().filter(|&v| !sys.fixed(v)).collect();
        let Some(ways) = few_ways(sys, &open, FEW).filter(|_| !open.is_empty()) else {
            sys.hush(RULE, e);
            continue;
        };
        let good: Vec<&Vec<i64>> = ways
            .iter()
            .filter(|w| {
                let values = filled(sys, &open, w);
                match (eval(sys, &lhs, &values), eval(sys, &rhs, &values)) {
                    (Some(l), Some(r)) => l == r,
                    _ => true,
                }
            })
            .collect();
        let keep = support_of(sys, &open, &good);
        if idle(sys, &keep) {
            sys.hush(RULE, e);
            continue;
        }
        let why = format!(
            "{} = {} holds in {} of the {} ways left to fill {}, so {}",
            expr_text(sys, &lhs),
            expr_text(sys, &rhs),
            good.len(),
            ways.len(),
            names(sys, &open),
            narrowed_text(sys, &keep)
        );
        if sys.apply(RULE, Difficulty::Hard, Vec::new(), why, &keep)? {
            return Ok(true);
        }
    }
    Ok(false)
}
