//! The cheap test before any search: a clue that compares one entry with
//! a number that its length (and its cells' digits) puts out of reach,
//! `1a > 999` on a three-cell entry, can never hold.

use crate::clue::{Cond, Expr, Rel};
use crate::ir::Entry;

/// The least and the greatest value of an entry, its cells' digits as
/// their domains allow (letters taken as free).
fn range(entry: &Entry, domains: &[u64], base: u32) -> (i128, i128) {
    entry.vars.iter().fold((0i128, 0i128), |(lo, hi), &v| {
        let d = domains[v];
        let min = d.trailing_zeros().min(63);
        let max = 63 - d.leading_zeros().min(63);
        (
            lo * i128::from(base) + i128::from(min),
            hi * i128::from(base) + i128::from(max),
        )
    })
}

/// Why `cond` can never hold, when it is a comparison of an entry with a
/// number (or all of them, as `REF: c1, c2` writes them) that its range
/// rules out.
pub fn never(cond: &Cond, entries: &[Entry], domains: &[u64], base: u32) -> Option<String> {
    match cond {
        Cond::And(all) => all.iter().find_map(|c| never(c, entries, domains, base)),
        Cond::Chain(exprs, rels) if rels.len() == 1 => {
            let (entry, n, rel) = match (&exprs[0], &exprs[1]) {
                (Expr::Entry(e), Expr::Num(n)) => (*e, *n, rels[0]),
                (Expr::Num(n), Expr::Entry(e)) => (*e, *n, flip(rels[0])),
                _ => return None,
            };
            let (lo, hi) = range(&entries[entry], domains, base);
            let possible = match rel {
                Rel::Eq => lo <= n && n <= hi,
                Rel::Ne => lo != hi || lo != n,
                Rel::Lt => lo < n,
                Rel::Le => lo <= n,
                Rel::Gt => hi > n,
                Rel::Ge => hi >= n,
            };
            (!possible).then(|| {
                format!(
                    "this clue can never hold: entry {} of {} cells is from {} to {}",
                    entries[entry].name,
                    entries[entry].vars.len(),
                    lo,
                    hi
                )
            })
        }
        _ => None,
    }
}

fn flip(rel: Rel) -> Rel {
    match rel {
        Rel::Lt => Rel::Gt,
        Rel::Le => Rel::Ge,
        Rel::Gt => Rel::Lt,
        Rel::Ge => Rel::Le,
        r => r,
    }
}
