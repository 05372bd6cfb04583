//! The carry vectors worth trying below a node of the carry search: those
//! of the lattice points on or inside the sphere every solution lies on.
//!
//! At a node, the decided carries and symbols are imposed on the puzzle's
//! lattice ([`Affine::restrict`]), the result is reduced, and the points
//! within the radius are listed ([`Ball`]), on several threads when there
//! are many. A point is kept when its carries are 0 or 1 and its symbols
//! the digits in some order. Short directions that move symbols only (two
//! symbols that can trade places, say) are left out of the listing: they
//! would repeat each carry vector many times over. Along them a few points
//! are tried per carry vector, and the carry search below the node sorts
//! the symbols out once the carries are known.

use super::enumerate::Ball;
use super::lattice::{Affine, Overflow};
use super::{Column, Slot};
use crate::solve::{Budget, Flow};
use std::collections::HashSet;

/// A carry's weight against a symbol's in the norm, a whole number so that
/// every distance² is one. Measured at base 52 (whole listing of the
/// puzzle): 10 lists about a third fewer points than 1 or 25.
const CARRY_WEIGHT: i32 = 10;

/// Below this many levels a ball is listed on one thread: starting threads
/// would cost more than the listing.
const PARALLEL_MIN_LEVELS: usize = 24;
/// Parts per thread when a ball is shared out, so that threads finishing
/// early find more to take.
const PARTS_PER_THREAD: usize = 16;
/// Points tried along the short directions left out of a listing before
/// its carries are kept anyway, for the carry search to decide.
const SHORT_TRIES: usize = 64;

/// A point's carry vector, from its coefficients on the listed levels and
/// its distance², if it is worth trying.
type CarriesOf<'a> = dyn Fn(&[i64], f64) -> Option<Vec<u8>> + Sync + 'a;

/// What a node has decided: (coordinate, value) pairs, symbol s at
/// coordinate s and carry k (into column k) at `symbols + k - 1`.
pub type Fixed = [(usize, i64)];

/// The puzzle's lattice and the sphere its solutions lie on.
pub struct Sphere {
    /// Points `z = (symbols, carries 1..width)` satisfying every column and
    /// the digits' sum.
    root: Affine,
    symbols: usize,
    /// The squared distance of every solution from the centre.
    radius2: f64,
}

impl Sphere {
    /// The lattice of `columns` in `base` with `symbols` symbols (as many
    /// as the base), reduced; `None` when its numbers outgrow 64 bits or
    /// it has no point at all (the carry search finds that out too).
    pub fn of(columns: &[Column], symbols: usize, base: u32) -> Option<Sphere> {
        let w = columns.len();
        let n = i64::from(base);
        let carries = w.saturating_sub(1);
        // Symbols around (n-1)/2 and carries around 1/2, scaled so that a
        // solution's distance² is Σ (2·digit − (n−1))² + carries·weight².
        let mut scale = vec![2.0; symbols];
        scale.extend(std::iter::repeat_n(2.0 * f64::from(CARRY_WEIGHT), carries));
        let mut center = vec![(n - 1) as f64 / 2.0; symbols];
        center.extend(std::iter::repeat_n(0.5, carries));
        let mut root = Affine::whole(scale, center);
        let carry = |k: usize| symbols + k - 1;
        for (i, column) in columns.iter().enumerate() {
            let mut form = Vec::new();
            let mut value = 0i64;
            for (j, slot) in column.iter().enumerate() {
                let sign = if j == 2 { -1 } else { 1 };
                match *slot {
                    Slot::Var(v) => form.push((v, sign)),
                    Slot::Digit(d) => value -= sign * i64::from(d),
                }
            }
            if i >= 1 {
                form.push((carry(i), 1));
            }
            if i + 1 < w {
                form.push((carry(i + 1), -n));
            }
            if !root.restrict(&form, value).ok()? {
                return None;
            }
        }
        let all: Vec<(usize, i64)> = (0..symbols).map(|s| (s, 1)).collect();
        if !root.restrict(&all, n * (n - 1) / 2).ok()? {
            return None;
        }
        root.reduce(0).ok()?;
        let digits: f64 = (0..n).map(|d| ((2 * d - (n - 1)) as f64).powi(2)).sum();
        Some(Sphere {
            root,
            symbols,
            radius2: digits + carries as f64 * f64::from(CARRY_WEIGHT * CARRY_WEIGHT),
        })
    }

    /// The carry vectors (one 0/1 per carry, in order) of the lattice points
    /// within the radius that agree with `fixed`, each once, in an order
    /// that does not depend on the threads; `Ok(None)` when the budget ran
    /// out.
    pub fn carry_vectors(
        &self,
        fixed: &Fixed,
        pool: Option<&rayon::ThreadPool>,
        budget: &mut Budget,
    ) -> Result<Option<Vec<Vec<u8>>>, Overflow> {
        let (symbols, radius2) = (self.symbols, self.radius2);
        let mut lattice = self.root.clone();
        for (i, &(coordinate, value)) in fixed.iter().enumerate() {
            if !lattice.restrict(&[(coordinate, 1)], value)? {
                return Ok(Some(Vec::new()));
            }
            // Each restriction mixes basis vectors; reducing now and then
            // keeps the numbers small.
            if i % 4 == 3 {
                lattice.reduce(0)?;
            }
        }
        lattice.reduce(0)?;
        let short = |b: &[i64]| {
            b[symbols..].iter().all(|&x| x == 0)
                && b.iter()
                    .zip(&lattice.scale)
                    .map(|(&x, s)| (x as f64 * s).powi(2))
                    .sum::<f64>()
                    * 16.0
                    < radius2
        };
        let (mut basis, rest): (Vec<Vec<i64>>, Vec<Vec<i64>>) =
            lattice.basis.iter().cloned().partition(|b| short(b));
        let first = basis.len();
        basis.extend(rest);
        lattice.basis = basis;
        lattice.reduce(first)?;
        let gso = lattice.gso();
        lattice.recenter(&gso)?;
        let target = lattice.target();
        let mut inside = 0.0;
        let star_target: Vec<f64> = (0..lattice.basis.len())
            .map(|i| {
                let t = target
                    .iter()
                    .zip(&gso.star[i])
                    .map(|(a, b)| a * b)
                    .sum::<f64>()
                    / gso.norm2[i];
                inside += t * t * gso.norm2[i];
                t
            })
            .collect();
        let outside = (target.iter().map(|x| x * x).sum::<f64>() - inside).max(0.0);
        let ball = Ball {
            gso: &gso,
            target: star_target,
            first,
            // Every point's distance² is a whole number (symbols scaled by 2
            // around (n-1)/2, carries by twice the weight around 1/2): half
            // a unit of room covers rounding and lets no farther point in.
            budget: radius2 + 0.5 - outside,
        };
        // The same ball with the short directions listed too.
        let whole = Ball {
            first: 0,
            target: ball.target.clone(),
            ..ball
        };
        // Coordinate `c` of the point with coefficients `y` on the last
        // levels (in 128 bits, so that no sum wraps).
        let coordinate = |y: &[i64], c: usize| -> i128 {
            let levels = &lattice.basis[lattice.basis.len() - y.len()..];
            y.iter()
                .zip(levels)
                .fold(i128::from(lattice.point[c]), |x, (&yi, b)| {
                    x + i128::from(yi) * i128::from(b[c])
                })
        };
        let digits = u32::try_from(symbols).unwrap_or(u32::MAX);
        // Whether a point's symbols are the digits in some order.
        let is_permutation = |y: &[i64]| {
            let mut taken = 0u64;
            (0..symbols).all(|s| {
                let fresh = u32::try_from(coordinate(y, s))
                    .ok()
                    .filter(|&d| d < digits && taken >> d & 1 == 0);
                fresh.inspect(|&d| taken |= 1 << d).is_some()
            })
        };
        // The carries of a point if they are all 0 or 1 and its symbols can
        // be the digits in some order: most points in the ball fail that,
        // and it is cheaper to see here than in the carry search. Where
        // short directions were left out, up to [`SHORT_TRIES`] points along
        // them are tried.
        let carries_of = |y: &[i64], dist: f64| -> Option<Vec<u8>> {
            let carries = (symbols..lattice.scale.len())
                .map(|c| u8::try_from(coordinate(y, c)).ok().filter(|&x| x <= 1))
                .collect::<Option<Vec<u8>>>()?;
            if first == 0 {
                return is_permutation(y).then_some(carries);
            }
            let mut tries = 0;
            let mut keep = false;
            whole.walk(
                y,
                dist,
                &mut |z, _| {
                    tries += 1;
                    keep = tries > SHORT_TRIES || is_permutation(z);
                    if keep {
                        Flow::Stop
                    } else {
                        Flow::Continue
                    }
                },
                &mut || false,
            );
            keep.then_some(carries)
        };
        let lists = match pool.filter(|_| ball.levels() >= PARALLEL_MIN_LEVELS) {
            Some(pool) => shared(&ball, &carries_of, pool, budget),
            None => carries_below(&ball, &[], 0.0, &carries_of, &mut || budget.tick())
                .map(|found| vec![found]),
        };
        let Some(lists) = lists else {
            return Ok(None);
        };
        let mut seen = HashSet::new();
        Ok(Some(
            lists
                .into_iter()
                .flatten()
                .filter(|k| seen.insert(k.clone()))
                .collect(),
        ))
    }
}

/// The carry vectors, 0/1 only, of the ball's points whose top
/// coefficients are `above` (see [`Ball::walk`]); `None` when `tick` said
/// stop.
fn carries_below(
    ball: &Ball,
    above: &[i64],
    above_dist: f64,
    carries_of: &CarriesOf,
    tick: &mut dyn FnMut() -> bool,
) -> Option<Vec<Vec<u8>>> {
    let mut found = Vec::new();
    let mut keep = |y: &[i64], dist| {
        found.extend(carries_of(y, dist));
        Flow::Continue
    };
    ball.walk(above, above_dist, &mut keep, tick)?;
    Some(found)
}

/// Lists the ball on the pool's threads: the top levels are listed here,
/// and the subtrees below them are shared out and their finds kept in the
/// order one thread would list them. `None` when a limit stopped it.
fn shared(
    ball: &Ball,
    carries_of: &CarriesOf,
    pool: &rayon::ThreadPool,
    budget: &mut Budget,
) -> Option<Vec<Vec<Vec<u8>>>> {
    use rayon::prelude::*;
    let wanted = pool.current_num_threads() * PARTS_PER_THREAD;
    // The shallowest cut with enough subtrees.
    let mut tops: Vec<(Vec<i64>, f64)> = vec![(Vec::new(), 0.0)];
    let mut depth = 0;
    while tops.len() < wanted && depth + 1 < ball.levels() {
        depth += 1;
        tops = ball.tops(depth, &mut || budget.tick())?;
    }
    let limits = budget.limits;
    let results: Vec<(Option<Vec<Vec<u8>>>, u64)> = pool.install(|| {
        tops.par_iter()
            .map(|(above, dist)| {
                let mut part = Budget::new(limits);
                let found = carries_below(ball, above, *dist, carries_of, &mut || part.tick());
                (found, part.nodes())
            })
            .collect()
    });
    let mut lists = Vec::with_capacity(results.len());
    for (found, nodes) in results {
        budget.add_nodes(nodes);
        lists.push(found?);
    }
    Some(lists)
}
