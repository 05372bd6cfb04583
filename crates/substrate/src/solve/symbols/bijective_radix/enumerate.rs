//! Listing every lattice point within a radius of a target
//! (Schnorr–Euchner enumeration).
//!
//! With a Gram–Schmidt basis `b*`, a point `Σ y_i b_i` is at distance²
//! `Σ_i ‖b*_i‖² (y_i − c_i)²` from the target, where the centre `c_i`
//! depends only on the coefficients above `i`. So the coefficients are
//! chosen from the last level down, each level keeping only the values
//! whose partial distance still fits, tried outward from the centre
//! (zigzag), which ends a level at the first value that does not fit. The
//! centres are kept as running sums, brought up to date only from the
//! highest level whose coefficient moved since, so a node costs a few
//! operations.

use super::lattice::Gso;
use crate::solve::Flow;

/// `x` rounded to the nearest integer (ties to even below 2^51: adding
/// 1.5·2^52 leaves no bits below the units). `f64::round` is a call into
/// libm, and was an eighth of the search's time.
#[inline(always)]
fn round(x: f64) -> f64 {
    const MAGIC: f64 = 6_755_399_441_055_744.0;
    if x.abs() < 2_251_799_813_685_248.0 {
        (x + MAGIC) - MAGIC
    } else {
        x.round()
    }
}

/// The search of one ball: levels `first..d` of a basis (the levels below
/// `first` are left to the caller), within `budget`, the squared radius.
pub struct Ball<'a> {
    pub gso: &'a Gso,
    /// The target in Gram–Schmidt coordinates: `⟨t, b*_i⟩ / ‖b*_i‖²`.
    pub target: Vec<f64>,
    pub first: usize,
    pub budget: f64,
}

/// A point's coefficients on levels `first..d` (index 0 is level `first`)
/// and its squared distance over those levels.
pub type Leaf<'a> = dyn FnMut(&[i64], f64) -> Flow + 'a;

/// One level's state in the listing.
#[derive(Clone, Copy, Default)]
struct Level {
    norm2: f64,
    center: f64,
    /// The distance² of the levels above this one, once entered.
    partial: f64,
    /// The zigzag's next step and its direction.
    dx: i64,
    ddx: i64,
    /// The highest level whose coefficient may have moved since the row of
    /// the level below was last summed: it is summed afresh from there.
    stale: usize,
}

impl Ball<'_> {
    /// The levels searched.
    pub fn levels(&self) -> usize {
        self.gso.norm2.len() - self.first
    }

    /// The points of the ball's top `depth` levels alone, with their
    /// squared distances: walking below each ([`Ball::walk`]'s `above`)
    /// lists the whole ball, in the order one walk would. `None` when
    /// `tick` said stop.
    pub fn tops(
        &self,
        depth: usize,
        tick: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<(Vec<i64>, f64)>> {
        let cut = Ball {
            gso: self.gso,
            target: self.target.clone(),
            first: self.gso.norm2.len() - depth,
            budget: self.budget,
        };
        let mut tops = Vec::new();
        cut.walk(
            &[],
            0.0,
            &mut |y, dist| {
                tops.push((y.to_vec(), dist));
                Flow::Continue
            },
            tick,
        )?;
        Some(tops)
    }

    /// Calls `leaf` for each point of the ball whose top coefficients are
    /// `above` (the last `above.len()` levels, at squared distance
    /// `above_dist`); `tick` is called every 64 nodes and ends the listing
    /// when it says so (`None`).
    pub fn walk(
        &self,
        above: &[i64],
        above_dist: f64,
        leaf: &mut Leaf,
        tick: &mut dyn FnMut() -> bool,
    ) -> Option<Flow> {
        let d = self.gso.norm2.len();
        let first = self.first;
        if above.len() >= d - first {
            return Some(leaf(above, above_dist));
        }
        let top = d - 1 - above.len();
        // mu_t[i * d + j] = mu[j][i]: the row a level's centre reads.
        let mut mu_t = vec![0.0f64; d * d];
        for (j, row) in self.gso.mu.iter().enumerate() {
            for i in 0..j {
                mu_t[i * d + j] = row[i];
            }
        }
        let mut y = vec![0i64; d];
        y[top + 1..].copy_from_slice(above);
        let mut yf: Vec<f64> = y.iter().map(|&v| v as f64).collect();
        // sums[i * (d + 1) + j] = target_i − Σ_{k ≥ j} y_k mu[k][i], so the
        // centre of level i is sums[i][i + 1]; row i is summed afresh from
        // level `levels[i + 1].stale` down (the highest level whose
        // coefficient may have moved since it last was).
        let mut sums = vec![0.0f64; d * (d + 1)];
        for i in 0..d {
            sums[i * (d + 1) + d] = self.target[i];
        }
        let mut levels: Vec<Level> = (0..=d)
            .map(|i| Level {
                norm2: self.gso.norm2.get(i).copied().unwrap_or(0.0),
                stale: d - 1,
                ..Level::default()
            })
            .collect();
        levels[top + 1].partial = above_dist;
        let mut level = top;
        // Enters `level`: its row brought up to date from the highest
        // moved coefficient down to the level above, its centre, and the
        // first value tried.
        let enter =
            |level: usize, levels: &mut [Level], sums: &mut [f64], yf: &[f64], y: &mut [i64]| {
                let row = &mut sums[level * (d + 1)..(level + 1) * (d + 1)];
                let mu_row = &mu_t[level * d..(level + 1) * d];
                let stale = levels[level + 1].stale;
                let mut acc = row[stale + 1];
                for j in (level + 1..=stale).rev() {
                    acc -= yf[j] * mu_row[j];
                    row[j] = acc;
                }
                levels[level + 1].stale = level + 1;
                let here = &mut levels[level];
                if stale > here.stale {
                    here.stale = stale;
                }
                let c = row[level + 1];
                here.center = c;
                let r = round(c);
                y[level] = r as i64;
                let step = if c >= r { 1 } else { -1 };
                here.dx = step;
                here.ddx = step;
                r
            };
        let r = if top + 1 < d {
            enter(level, &mut levels, &mut sums, &yf, &mut y)
        } else {
            let here = &mut levels[level];
            here.center = self.target[level];
            let r = round(here.center);
            y[level] = r as i64;
            let step = if here.center >= r { 1 } else { -1 };
            here.dx = step;
            here.ddx = step;
            r
        };
        yf[level] = r;
        let mut nodes = 0u32;
        loop {
            nodes = nodes.wrapping_add(1);
            if nodes & 63 == 0 && tick() {
                return None;
            }
            let above = levels[level + 1].partial;
            let here = &mut levels[level];
            let diff = yf[level] - here.center;
            let dist = above + diff * diff * here.norm2;
            if dist <= self.budget {
                if level == first {
                    if leaf(&y[first..], dist) == Flow::Stop {
                        return Some(Flow::Stop);
                    }
                } else {
                    here.partial = dist;
                    level -= 1;
                    yf[level] = enter(level, &mut levels, &mut sums, &yf, &mut y);
                    continue;
                }
            } else {
                // Zigzag order: every later value at this level is farther.
                level += 1;
                if level > top {
                    return Some(Flow::Continue);
                }
            }
            let here = &mut levels[level];
            y[level] += here.dx;
            yf[level] = y[level] as f64;
            here.ddx = -here.ddx;
            here.dx = here.ddx - here.dx;
        }
    }
}

/// Unit tests of private parts, run by `cargo test`.
#[cfg(test)]
mod tests {
    use super::super::lattice::Affine;
    use super::*;
    use crate::rng::Rng;

    /// Every lattice point within the radius, by trying every coefficient
    /// vector in a box wide enough to hold them.
    fn brute_force(lattice: &Affine, radius2: f64, span: i64) -> Vec<Vec<i64>> {
        let d = lattice.basis.len();
        let target = lattice.target();
        let mut found = Vec::new();
        let mut y = vec![-span; d];
        loop {
            let dist: f64 = (0..target.len())
                .map(|c| {
                    let x: i64 = (0..d).map(|i| y[i] * lattice.basis[i][c]).sum();
                    (x as f64 * lattice.scale[c] - target[c]).powi(2)
                })
                .sum();
            if dist <= radius2 {
                found.push(y.clone());
            }
            let Some(i) = (0..d).find(|&i| y[i] < span) else {
                break;
            };
            y[i] += 1;
            y[..i].fill(-span);
        }
        found.sort();
        found
    }

    #[test]
    fn the_ball_holds_exactly_the_points_brute_force_finds() {
        let mut rng = Rng::new(7);
        let mut checked = 0;
        for case in 0..300 {
            let d = 1 + rng.below(4);
            let width = d + rng.below(2);
            let scale: Vec<f64> = (0..width).map(|_| 1.0 + rng.below(3) as f64).collect();
            let center: Vec<f64> = (0..width)
                .map(|_| rng.below(9) as f64 / 2.0 - 2.0)
                .collect();
            let mut lattice = Affine::whole(scale, center);
            lattice.basis = (0..d)
                .map(|i| {
                    (0..width)
                        .map(|c| {
                            let spread = rng.below(5) as i64 - 2;
                            if c == i {
                                1 + rng.below(3) as i64
                            } else {
                                spread
                            }
                        })
                        .collect()
                })
                .collect();
            lattice.reduce(0).unwrap();
            let gso = lattice.gso();
            if gso.norm2.iter().any(|&n| n < 1e-9) {
                continue; // dependent vectors: not a basis
            }
            let radius2 = 1.0 + rng.below(30) as f64;
            let target = lattice.target();
            let star: Vec<f64> = (0..d)
                .map(|i| {
                    target
                        .iter()
                        .zip(&gso.star[i])
                        .map(|(a, b)| a * b)
                        .sum::<f64>()
                        / gso.norm2[i]
                })
                .collect();
            let inside: f64 = (0..d).map(|i| star[i] * star[i] * gso.norm2[i]).sum();
            let outside = target.iter().map(|x| x * x).sum::<f64>() - inside;
            let ball = Ball {
                gso: &gso,
                target: star,
                first: 0,
                budget: radius2 - outside + 1e-9,
            };
            let mut listed = Vec::new();
            let flow = ball.walk(
                &[],
                0.0,
                &mut |y, _| {
                    listed.push(y.to_vec());
                    Flow::Continue
                },
                &mut || false,
            );
            assert_eq!(flow, Some(Flow::Continue));
            let count = listed.len();
            listed.sort();
            listed.dedup();
            assert_eq!(listed.len(), count, "case {case}: a point listed twice");
            assert_eq!(
                listed,
                brute_force(&lattice, radius2 + 1e-9, 12),
                "case {case}"
            );
            // Shared out below a cut at the top level, as on several
            // threads: the same points.
            let tops = ball.tops(1, &mut || false).expect("nothing stops it");
            let mut shared = Vec::new();
            for (above, dist) in &tops {
                ball.walk(
                    above,
                    *dist,
                    &mut |y, _| {
                        shared.push(y.to_vec());
                        Flow::Continue
                    },
                    &mut || false,
                );
            }
            shared.sort();
            assert_eq!(shared, listed, "case {case}: shared out");
            checked += 1;
        }
        assert!(checked > 200, "{checked} bases");
    }
}
