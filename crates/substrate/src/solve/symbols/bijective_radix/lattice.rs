//! The columns of a bijective addition as an affine integer lattice, and
//! the lattice's reduction (LLL) and restriction to decided values.
//!
//! The integer points `z = (symbols, carries)` that satisfy every column
//! equation and "the digits sum to 0 + 1 + … + (n-1)" form an affine
//! lattice: one point plus the integer combinations of a basis. Every
//! solution of the puzzle is such a point, and every one lies at the same
//! distance from one centre (see [`super::sphere`]), because its symbols
//! are the digits in some order and its carries are 0 or 1. So the
//! solutions are among the lattice points in one ball, which
//! [`super::enumerate`] lists. A reduced basis (short, nearly orthogonal
//! vectors) is what makes that listing short.

/// A number grew past what 64 bits hold (or the reduction lost its
/// precision): the lattice is given up there and the carry search goes on
/// without it.
#[derive(Debug)]
pub struct Overflow;

/// An affine integer lattice `point + Σ y·basis` in the coordinates `z`,
/// measured by a weighted norm around a centre.
#[derive(Clone)]
pub struct Affine {
    /// Per coordinate, its factor in the norm.
    pub scale: Vec<f64>,
    /// The centre every solution is the same distance from.
    pub center: Vec<f64>,
    /// A basis of the lattice's directions.
    pub basis: Vec<Vec<i64>>,
    /// One point of the lattice.
    pub point: Vec<i64>,
}

/// Gram–Schmidt data of a basis under the weighted norm.
pub struct Gso {
    /// `mu[i][j]` for `j < i`: the share of `b*_j` in `b_i`.
    pub mu: Vec<Vec<f64>>,
    /// `‖b*_i‖²`.
    pub norm2: Vec<f64>,
    /// The orthogonal vectors `b*_i`, already weighted.
    pub star: Vec<Vec<f64>>,
}

impl Gso {
    fn empty(d: usize, width: usize) -> Self {
        Gso {
            mu: vec![vec![0.0; d]; d],
            norm2: vec![0.0; d],
            star: vec![vec![0.0; width]; d],
        }
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// `target -= q · source`, refusing to overflow.
fn checked_axpy(target: &mut [i64], q: i64, source: &[i64]) -> Result<(), Overflow> {
    for (t, &s) in target.iter_mut().zip(source) {
        *t = q
            .checked_mul(s)
            .and_then(|p| t.checked_sub(p))
            .ok_or(Overflow)?;
    }
    Ok(())
}

/// `a / b` rounded to the nearest integer, so that at most |b|/2 is left
/// over; `None` when that overflows (or `b` is 0).
fn div_round(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div_euclid(b)?;
    let r = a.checked_rem_euclid(b)?.unsigned_abs();
    if r > b.unsigned_abs() - r {
        q.checked_add(b.signum())
    } else {
        Some(q)
    }
}

impl Affine {
    /// The whole integer lattice of `scale.len()` coordinates.
    pub fn whole(scale: Vec<f64>, center: Vec<f64>) -> Self {
        let n = scale.len();
        Affine {
            basis: (0..n)
                .map(|i| {
                    let mut b = vec![0; n];
                    b[i] = 1;
                    b
                })
                .collect(),
            point: vec![0; n],
            scale,
            center,
        }
    }

    /// Keeps the points where `Σ form·z = value`; false if there are none.
    pub fn restrict(&mut self, form: &[(usize, i64)], value: i64) -> Result<bool, Overflow> {
        let apply = |z: &[i64]| -> Result<i64, Overflow> {
            form.iter().try_fold(0i64, |acc, &(i, a)| {
                a.checked_mul(z[i])
                    .and_then(|p| acc.checked_add(p))
                    .ok_or(Overflow)
            })
        };
        let mut values = self
            .basis
            .iter()
            .map(|b| apply(b))
            .collect::<Result<Vec<i64>, Overflow>>()?;
        // Euclid across the basis: in the end one vector alone moves the
        // form, by the gcd of all, and the others keep it fixed.
        let pivot = loop {
            let Some(p) = (0..values.len())
                .filter(|&i| values[i] != 0)
                .min_by_key(|&i| values[i].unsigned_abs())
            else {
                break None;
            };
            let mut rest = false;
            for j in 0..values.len() {
                if j == p || values[j] == 0 {
                    continue;
                }
                let q = div_round(values[j], values[p]).ok_or(Overflow)?;
                let (source, target) = if j < p {
                    let (a, b) = self.basis.split_at_mut(p);
                    (&b[0], &mut a[j])
                } else {
                    let (a, b) = self.basis.split_at_mut(j);
                    (&a[p], &mut b[0])
                };
                checked_axpy(target, q, source)?;
                values[j] = q
                    .checked_mul(values[p])
                    .and_then(|m| values[j].checked_sub(m))
                    .ok_or(Overflow)?;
                rest |= values[j] != 0;
            }
            if !rest {
                break Some(p);
            }
        };
        let missing = value.checked_sub(apply(&self.point)?).ok_or(Overflow)?;
        match pivot {
            None => Ok(missing == 0),
            Some(p) => {
                if missing % values[p] != 0 {
                    return Ok(false);
                }
                let step = missing
                    .checked_div(values[p])
                    .and_then(i64::checked_neg)
                    .ok_or(Overflow)?;
                let b = self.basis.remove(p);
                checked_axpy(&mut self.point, step, &b)?;
                Ok(true)
            }
        }
    }

    fn weighted(&self, z: &[i64]) -> Vec<f64> {
        z.iter()
            .zip(&self.scale)
            .map(|(&x, s)| x as f64 * s)
            .collect()
    }

    /// Row `k` of the Gram–Schmidt data, from basis vector `k` and the rows
    /// before it.
    fn orthogonalize(&self, gso: &mut Gso, k: usize) {
        let b = self.weighted(&self.basis[k]);
        let mut star = b.clone();
        for j in 0..k {
            let m = if gso.norm2[j] > 0.0 {
                dot(&b, &gso.star[j]) / gso.norm2[j]
            } else {
                0.0
            };
            gso.mu[k][j] = m;
            for (x, y) in star.iter_mut().zip(&gso.star[j]) {
                *x -= m * y;
            }
        }
        gso.norm2[k] = dot(&star, &star);
        gso.star[k] = star;
    }

    /// LLL-reduces the basis from `start` on (δ = 0.99), keeping the
    /// vectors before `start` where they are: the rest is reduced as
    /// projected away from them.
    pub fn reduce(&mut self, start: usize) -> Result<(), Overflow> {
        const DELTA: f64 = 0.99;
        // Far more swaps than LLL makes on these bases (hundreds): a run
        // this long has lost its precision.
        const MOST_STEPS: u64 = 1_000_000;
        let d = self.basis.len();
        let mut gso = Gso::empty(d, self.scale.len());
        let mut k = 0;
        let mut steps = 0u64;
        while k < d {
            steps += 1;
            if steps > MOST_STEPS {
                return Err(Overflow);
            }
            // Size reduction, again while rounding a large coefficient may
            // have cost precision.
            loop {
                self.orthogonalize(&mut gso, k);
                let mut large = false;
                for j in (0..k).rev() {
                    let q = gso.mu[k][j].round();
                    if q == 0.0 {
                        continue;
                    }
                    large |= q.abs() > 1.0e6;
                    let (before, rest) = self.basis.split_at_mut(k);
                    checked_axpy(&mut rest[0], q as i64, &before[j])?;
                    let (above, row) = gso.mu.split_at_mut(k);
                    for (m, mj) in row[0][..j].iter_mut().zip(&above[j][..j]) {
                        *m -= q * mj;
                    }
                    row[0][j] -= q;
                }
                if !large {
                    break;
                }
            }
            let m = if k > 0 { gso.mu[k][k - 1] } else { 0.0 };
            if k > start && gso.norm2[k] < (DELTA - m * m) * gso.norm2[k - 1] {
                self.basis.swap(k, k - 1);
                k -= 1;
            } else {
                k += 1;
            }
        }
        Ok(())
    }

    /// The Gram–Schmidt data of the basis as it is.
    pub fn gso(&self) -> Gso {
        let d = self.basis.len();
        let mut gso = Gso::empty(d, self.scale.len());
        for k in 0..d {
            self.orthogonalize(&mut gso, k);
        }
        gso
    }

    /// Moves the point to the lattice point nearest the centre by rounding
    /// plane by plane (Babai), so the search starts from small numbers.
    pub fn recenter(&mut self, gso: &Gso) -> Result<(), Overflow> {
        let mut offset: Vec<f64> = self
            .center
            .iter()
            .zip(&self.point)
            .zip(&self.scale)
            .map(|((c, &p), s)| (c - p as f64) * s)
            .collect();
        for i in (0..self.basis.len()).rev() {
            let q = (dot(&offset, &gso.star[i]) / gso.norm2[i]).round();
            if q != 0.0 {
                checked_axpy(&mut self.point, -(q as i64), &self.basis[i])?;
                let b = self.weighted(&self.basis[i]);
                for (o, x) in offset.iter_mut().zip(&b) {
                    *o -= q * x;
                }
            }
        }
        Ok(())
    }

    /// The weighted offset from the point to the centre, which the search
    /// aims at.
    pub fn target(&self) -> Vec<f64> {
        self.center
            .iter()
            .zip(&self.point)
            .zip(&self.scale)
            .map(|((c, &p), s)| (c - p as f64) * s)
            .collect()
    }
}

/// Unit tests of private parts, run by `cargo test`.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restriction_keeps_exactly_the_points_on_the_hyperplane() {
        // x + 2y + 3z = 7 over Z^3.
        let mut lattice = Affine::whole(vec![1.0; 3], vec![0.0; 3]);
        assert!(lattice.restrict(&[(0, 1), (1, 2), (2, 3)], 7).unwrap());
        assert_eq!(lattice.basis.len(), 2);
        let value = |z: &[i64]| z[0] + 2 * z[1] + 3 * z[2];
        assert_eq!(value(&lattice.point), 7);
        for b in &lattice.basis {
            assert_eq!(value(b), 0);
        }
        // 2x = 3 has no integer point.
        let mut odd = Affine::whole(vec![1.0; 1], vec![0.0]);
        assert!(!odd.restrict(&[(0, 2)], 3).unwrap());
    }

    #[test]
    fn reduction_keeps_the_lattice_and_leaves_it_reduced() {
        let mut rng = crate::rng::Rng::new(11);
        for case in 0..200 {
            let d = 2 + rng.below(6);
            let mut lattice = Affine::whole(vec![1.0; d], vec![0.0; d]);
            lattice.scale = (0..d).map(|_| 1.0 + rng.below(4) as f64).collect();
            // A random unimodular mix of a diagonal basis: same lattice.
            for i in 0..d {
                lattice.basis[i][i] = 1 + rng.below(5) as i64;
            }
            for _ in 0..3 * d {
                let (i, j) = (rng.below(d), rng.below(d));
                if i != j {
                    let q = rng.below(7) as i64 - 3;
                    let source = lattice.basis[j].clone();
                    checked_axpy(&mut lattice.basis[i], q, &source).unwrap();
                }
            }
            let volume = |l: &Affine| l.gso().norm2.iter().product::<f64>();
            let before = volume(&lattice);
            lattice.reduce(0).unwrap();
            let gso = lattice.gso();
            let after: f64 = gso.norm2.iter().product();
            assert!((after / before - 1.0).abs() < 1e-6, "case {case}: volume");
            for k in 1..d {
                for j in 0..k {
                    assert!(gso.mu[k][j].abs() <= 0.5 + 1e-9, "case {case}: size");
                }
                let m = gso.mu[k][k - 1];
                assert!(
                    gso.norm2[k] >= (0.99 - m * m) * gso.norm2[k - 1] - 1e-9,
                    "case {case}: Lovász"
                );
            }
        }
    }

    #[test]
    fn reduction_finds_the_short_vectors() {
        let mut lattice = Affine::whole(vec![1.0; 3], vec![0.0; 3]);
        lattice.basis = vec![vec![1, 0, 0], vec![1000, 1, 0], vec![7919, 31, 1]];
        lattice.reduce(0).unwrap();
        for b in &lattice.basis {
            assert!(b.iter().all(|x| x.abs() <= 1), "{b:?}");
        }
    }
}
