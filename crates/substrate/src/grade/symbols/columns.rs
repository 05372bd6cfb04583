//! Rules on the columns of an addition: what one column, or two side by
//! side, allows each letter and carry (see the engine's table of rules).

use super::system::{each_assignment, StepBug, System};
use crate::grade::Difficulty;

/// Raw combinations a column rule may look at: a column of five unknown
/// letters, not a whole puzzle.
const COLUMN_CAP: u64 = 50_000;

/// The candidates of every variable of consecutive columns `cols` (of one
/// relation, rightmost first) that fit some choice of the others and of
/// the carries; `None` when the columns hold too many combinations.
pub fn support(sys: &System, cols: &[usize]) -> Option<Vec<(usize, u64)>> {
    let base = i64::from(sys.base);
    let mut vars: Vec<usize> = Vec::new();
    for &c in cols {
        for t in &sys.columns[c].terms {
            for &v in &t.vars {
                if !vars.contains(&v) {
                    vars.push(v);
                }
            }
        }
    }
    // Each column's terms as (coefficient, positions in `vars`).
    let terms: Vec<Vec<(i64, Vec<usize>)>> = cols
        .iter()
        .map(|&c| {
            let col = &sys.columns[c];
            col.terms
                .iter()
                .map(|t| {
                    let at = t
                        .vars
                        .iter()
                        .filter_map(|v| vars.iter().position(|w| w == v))
                        .collect();
                    (t.coef, at)
                })
                .collect()
        })
        .collect();
    let first_in = sys.columns[cols[0]].carry_in;
    let carries_in: Vec<i64> = match first_in {
        Some(c) => sys.values(c).collect(),
        None => vec![0],
    };
    let mut seen = vec![0u64; vars.len()];
    let mut carry_seen: Vec<(usize, u64)> = Vec::new();
    let mut path: Vec<(usize, u64)> = Vec::new();
    let ok = each_assignment(sys, &vars, COLUMN_CAP, &mut |values| {
        let sums: Vec<i64> = terms
            .iter()
            .zip(cols)
            .map(|(ts, &c)| {
                ts.iter().fold(sys.columns[c].constant, |acc, (coef, at)| {
                    acc + at.iter().fold(*coef, |p, &i| p * values[i])
                })
            })
            .collect();
        for &cin in &carries_in {
            path.clear();
            if let Some(c) = first_in {
                path.extend(sys.bit(c, cin).map(|b| (c, b)));
            }
            let mut carry = cin;
            let mut fits = true;
            for (i, &c) in cols.iter().enumerate() {
                let total = sums[i] + carry;
                if total.rem_euclid(base) != 0 {
                    fits = false;
                    break;
                }
                carry = total.div_euclid(base);
                match sys.columns[c].carry_out {
                    Some(out) => match sys.bit(out, carry).filter(|b| sys.cand[out] & b != 0) {
                        Some(b) => path.push((out, b)),
                        None => {
                            fits = false;
                            break;
                        }
                    },
                    None if carry != 0 => {
                        fits = false;
                        break;
                    }
                    None => {}
                }
            }
            if !fits {
                continue;
            }
            for (i, &value) in values.iter().enumerate() {
                seen[i] |= 1u64 << value;
            }
            for &(c, b) in &path {
                match carry_seen.iter_mut().find(|(v, _)| *v == c) {
                    Some(entry) => entry.1 |= b,
                    None => carry_seen.push((c, b)),
                }
            }
        }
    });
    if !ok {
        return None;
    }
    // A carry never reached by a fitting choice keeps nothing.
    let mut carries: Vec<usize> = first_in.into_iter().collect();
    carries.extend(cols.iter().filter_map(|&c| sys.columns[c].carry_out));
    let mut keep: Vec<(usize, u64)> = vars.into_iter().zip(seen).collect();
    for c in carries {
        let mask = carry_seen.iter().find(|(v, _)| *v == c).map_or(0, |e| e.1);
        keep.push((c, mask));
    }
    Some(keep)
}

/// "X = 1", "Y ∈ {2, 3}": the narrowed variables' candidates after `keep`.
pub fn narrowed_text(sys: &System, keep: &[(usize, u64)]) -> String {
    let parts: Vec<String> = keep
        .iter()
        .filter(|&&(v, m)| sys.cand[v] & !m != 0)
        .map(|&(v, m)| {
            let offset = sys.offset[v];
            let values: Vec<i64> = super::system::bits(sys.cand[v] & m)
                .map(|b| offset + i64::from(b))
                .collect();
            format!("{} {}", sys.names[v], one_of(&values))
        })
        .collect();
    parts.join(", ")
}

/// "= 4", "is 2 to 9", "is 2, 5 or 7": a few values in words.
pub fn one_of(values: &[i64]) -> String {
    match values {
        [] => "has no value".into(),
        [x] => format!("= {}", x),
        [first, .., last] if values.len() >= 3 && last - first + 1 == values.len() as i64 => {
            format!("is {} to {}", first, last)
        }
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(i64::to_string).collect();
            format!("is {} or {}", init.join(", "), last)
        }
    }
}

/// Applies the support of `cols` as one step, if it removes anything.
fn column_step(
    sys: &mut System,
    cols: &[usize],
    rule: &'static str,
    level: Difficulty,
    why: &dyn Fn(&System, &str) -> String,
) -> Result<bool, StepBug> {
    let key = cols[0] * 2 + cols.len() - 1;
    let vars = sys.column_vars(cols);
    if sys.quiet(rule, key, &vars) {
        return Ok(false);
    }
    let keep = support(sys, cols).unwrap_or_default();
    if sys.idle(&keep) {
        sys.hush(rule, key);
        return Ok(false);
    }
    let text = narrowed_text(sys, &keep);
    let why = why(sys, &text);
    let touched = cols.iter().map(|&c| sys.columns[c].name.clone()).collect();
    sys.apply(rule, level, touched, why, &keep)
}

/// Easy: a column that holds one letter and the carry into it (a sum's
/// extra leftmost digit): the letter is that carry.
pub fn leftmost_carry(sys: &mut System) -> Result<bool, StepBug> {
    for c in 0..sys.columns.len() {
        let col = &sys.columns[c];
        let lone = col.carry_out.is_none()
            && col.carry_in.is_some()
            && col.constant == 0
            && col.terms.len() == 1
            && col.terms[0].vars.len() == 1
            && col.terms[0].coef.abs() == 1;
        if !lone {
            continue;
        }
        let letter = sys.names[col.terms[0].vars[0]].clone();
        let name = col.name.clone();
        let why = move |_: &System, text: &str| {
            format!(
                "{} holds only {}, so {} is the carry into it: {}",
                name, letter, letter, text
            )
        };
        if column_step(sys, &[c], "leftmost carry", Difficulty::Easy, &why)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The variables of a column with more than one candidate left.
fn open_vars(sys: &System, c: usize) -> usize {
    sys.column_vars(&[c])
        .into_iter()
        .filter(|&v| !sys.fixed(v))
        .count()
}

/// Easy: a column with at most two unknowns left (letters or carries).
pub fn simple_column(sys: &mut System) -> Result<bool, StepBug> {
    columns_where(sys, "simple column", Difficulty::Easy, &|sys, c| {
        open_vars(sys, c) <= 2
    })
}

/// Medium: any column, its letters and both carries at once.
pub fn column_arithmetic(sys: &mut System) -> Result<bool, StepBug> {
    columns_where(sys, "column arithmetic", Difficulty::Medium, &|_, _| true)
}

fn columns_where(
    sys: &mut System,
    rule: &'static str,
    level: Difficulty,
    pick: &dyn Fn(&System, usize) -> bool,
) -> Result<bool, StepBug> {
    for c in 0..sys.columns.len() {
        if !pick(sys, c) {
            continue;
        }
        let name = sys.columns[c].name.clone();
        let why = move |_: &System, text: &str| {
            format!(
                "only these digits add up in {} with some choice of the others and the carries: {}",
                name, text
            )
        };
        if column_step(sys, &[c], rule, level, &why)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Hard: two neighbouring columns at once, through the carry between them.
pub fn two_columns(sys: &mut System) -> Result<bool, StepBug> {
    for r in 0..sys.relations.len() {
        for k in 1..sys.relations[r].len() {
            let cols = [sys.relations[r][k - 1], sys.relations[r][k]];
            let names = (
                sys.columns[cols[0]].name.clone(),
                sys.columns[cols[1]].name.clone(),
            );
            let why = move |_: &System, text: &str| {
                format!(
                    "{} and {} together, through the carry between them, leave {}",
                    names.0, names.1, text
                )
            };
            if column_step(sys, &cols, "two columns", Difficulty::Hard, &why)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Medium, even bases: a column's sum is a multiple of the base, so even;
/// when every other term's parity is known, the last one's is too.
pub fn column_parity(sys: &mut System) -> Result<bool, StepBug> {
    if !sys.base.is_multiple_of(2) {
        return Ok(false);
    }
    const EVEN: u64 = 0x5555_5555_5555_5555;
    for c in 0..sys.columns.len() {
        let col = sys.columns[c].clone();
        // Each odd term's possible parities: bit 0 even, bit 1 odd.
        let parity_of = |v: usize| -> u8 {
            let shifted = if sys.offset[v].rem_euclid(2) == 0 {
                sys.cand[v]
            } else {
                sys.cand[v] << 1
            };
            u8::from(shifted & EVEN != 0) | (u8::from(shifted & !EVEN != 0) << 1)
        };
        let mut items: Vec<(Option<usize>, u8)> = Vec::new();
        for t in col.terms.iter().filter(|t| t.coef % 2 != 0) {
            let p = match t.vars.as_slice() {
                [v] => parity_of(*v),
                // A product is odd only when both factors are.
                [a, b] => {
                    let (pa, pb) = (parity_of(*a), parity_of(*b));
                    let odd = pa & pb & 2;
                    let even = u8::from(pa & 1 != 0 || pb & 1 != 0);
                    odd | even
                }
                _ => 3,
            };
            let single = match t.vars.as_slice() {
                [v] if col.terms.iter().filter(|u| u.vars.contains(v)).count() == 1 => Some(*v),
                _ => None,
            };
            items.push((single, p));
        }
        if let Some(cin) = col.carry_in {
            items.push((Some(cin), parity_of(cin)));
        }
        for i in 0..items.len() {
            let Some(v) = items[i].0 else { continue };
            let mut sum = (col.constant.rem_euclid(2)) as u8;
            let mut known = true;
            for (j, &(_, p)) in items.iter().enumerate() {
                if j == i {
                    continue;
                }
                match p {
                    1 => {}
                    2 => sum ^= 1,
                    _ => known = false,
                }
            }
            if !known {
                continue;
            }
            // v's parity must make the column even: equal to `sum`.
            let want_even = sum == 0;
            let offset_odd = sys.offset[v].rem_euclid(2) == 1;
            let even_bits = if offset_odd { !EVEN } else { EVEN };
            let keep = if want_even { even_bits } else { !even_bits };
            let name = sys.names[v].clone();
            let why = format!(
                "{}: the base is even, so the column's sum is even, and the other terms' parities are known: {} is {}",
                col.name,
                name,
                if want_even { "even" } else { "odd" }
            );
            if sys.apply(
                "column parity",
                Difficulty::Medium,
                vec![col.name.clone()],
                why,
                &[(v, keep)],
            )? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}
