//! Baillie-PSW on big integers, written out so that it can stop: a strong
//! base-2 test and a strong Lucas test (Selfridge's parameters), each
//! a loop of modular products that polls the search's limits
//! ([`crate::limits::watch::Ticker`]) between two. num-prime's test, which crypta
//! used before, is one call: `10^4000 + 1` took 96 s past any time limit
//! or Ctrl-C. Products are in Montgomery form, so that no step divides
//! (num-bigint divides in quadratic time, multiplies in less).

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use crate::limits::watch::Ticker;

/// The primes below 1000: trial division settles most composites first.
fn small_primes() -> &'static [u32] {
    static PRIMES: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    PRIMES.get_or_init(|| {
        (2u32..1000)
            .filter(|&p| (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0))
            .collect()
    })
}

/// Whether `n` is a probable prime by Baillie-PSW (no composite is known
/// to pass it); `None` when the search's limits stopped the test first.
/// Exact below 2^64, where no composite passes.
pub fn bpsw(n: &BigUint) -> Option<bool> {
    if n < &BigUint::from(2u32) {
        return Some(false);
    }
    for &p in small_primes() {
        if n == &BigUint::from(p) {
            return Some(true);
        }
        if (n % p).is_zero() {
            return Some(false);
        }
    }
    let mut ticker = Ticker::default();
    let ring = Montgomery::new(n);
    Some(strong_base_2(&ring, &mut ticker)? && strong_lucas(&ring, &mut ticker)?)
}

/// Arithmetic modulo an odd `n` on numbers held as `x R mod n`, with `R`
/// the power of 2 of whole machine words just above `n`.
struct Montgomery {
    n: BigUint,
    /// Bits of `R`.
    shift: u64,
    /// `R - 1`, to take a number modulo `R`.
    mask: BigUint,
    /// `-1 / n mod R`.
    minus_inverse: BigUint,
    /// Machine words of `n`, the cost of a product for [`Ticker::tick`].
    words: u64,
}

impl Montgomery {
    fn new(n: &BigUint) -> Self {
        let words = n.bits().div_ceil(64).max(1);
        let shift = words * 64;
        let r = BigUint::one() << shift;
        let mask = &r - 1u32;
        // 1/n mod 2^k by Newton's steps, each doubling the bits right:
        // n is its own inverse modulo 8.
        let mut inverse = n & &mask;
        let mut right = 3;
        while right < shift {
            let product = (n * &inverse) & &mask;
            let two_less = (BigUint::from(2u32) + &r - product) & &mask;
            inverse = (inverse * two_less) & &mask;
            right *= 2;
        }
        let minus_inverse = (&r - inverse) & &mask;
        Montgomery {
            n: n.clone(),
            shift,
            mask,
            minus_inverse,
            words,
        }
    }

    /// `x` in Montgomery form.
    fn to(&self, x: &BigUint) -> BigUint {
        (x << self.shift) % &self.n
    }

    /// `t / R mod n`, for `t < n R`.
    fn reduce(&self, t: BigUint) -> BigUint {
        let m = ((&t & &self.mask) * &self.minus_inverse) & &self.mask;
        let u = (t + m * &self.n) >> self.shift;
        if u >= self.n {
            u - &self.n
        } else {
            u
        }
    }

    /// The product of two numbers in Montgomery form; `None` when the
    /// limits stop the test.
    fn mul(&self, a: &BigUint, b: &BigUint, ticker: &mut Ticker) -> Option<BigUint> {
        if ticker.tick(self.words) {
            return None;
        }
        Some(self.reduce(a * b))
    }

    fn add(&self, a: &BigUint, b: &BigUint) -> BigUint {
        let s = a + b;
        if s >= self.n {
            s - &self.n
        } else {
            s
        }
    }

    fn sub(&self, a: &BigUint, b: &BigUint) -> BigUint {
        if a >= b {
            a - b
        } else {
            a + &self.n - b
        }
    }

    /// `a / 2 mod n` (n is odd): the same in Montgomery form.
    fn half(&self, a: &BigUint) -> BigUint {
        if a.is_even() {
            a >> 1u32
        } else {
            (a + &self.n) >> 1u32
        }
    }

    /// `k a mod n` for a small signed `k`.
    fn scale(&self, a: &BigUint, k: i64) -> BigUint {
        let s = (a * k.unsigned_abs()) % &self.n;
        if k < 0 {
            self.sub(&BigUint::zero(), &s)
        } else {
            s
        }
    }

    /// A small signed number in Montgomery form.
    fn small(&self, k: i64) -> BigUint {
        self.scale(&self.to(&BigUint::one()), k)
    }
}

/// The strong probable-prime test to base 2: with `n - 1 = d 2^s`, `d`
/// odd, `2^d = 1` or `2^(d 2^r) = -1 (mod n)` for some `r < s`.
fn strong_base_2(ring: &Montgomery, ticker: &mut Ticker) -> Option<bool> {
    let n_less_1 = &ring.n - 1u32;
    let s = n_less_1.trailing_zeros().unwrap_or(0);
    let d = &n_less_1 >> s;
    let one = ring.to(&BigUint::one());
    let minus_one = ring.sub(&BigUint::zero(), &one);
    // 2^d, left to right; multiplying by 2 is a doubling.
    let mut x = one.clone();
    for bit in (0..d.bits()).rev() {
        x = ring.mul(&x, &x, ticker)?;
        if d.bit(bit) {
            x = ring.add(&x, &x);
        }
    }
    if x == one || x == minus_one {
        return Some(true);
    }
    for _ in 1..s {
        x = ring.mul(&x, &x, ticker)?;
        if x == minus_one {
            return Some(true);
        }
        if x == one {
            return Some(false);
        }
    }
    Some(false)
}

/// The Jacobi symbol `(a / n)` for an odd `n`.
fn jacobi(a: &BigUint, n: &BigUint) -> i32 {
    let (mut a, mut n) = (a % n, n.clone());
    let mut t = 1;
    while !a.is_zero() {
        let twos = a.trailing_zeros().unwrap_or(0);
        a >>= twos;
        let n8 = (&n % 8u32).to_u32().unwrap_or(0);
        if twos % 2 == 1 && (n8 == 3 || n8 == 5) {
            t = -t;
        }
        std::mem::swap(&mut a, &mut n);
        if (&a % 4u32).to_u32() == Some(3) && (&n % 4u32).to_u32() == Some(3) {
            t = -t;
        }
        a %= &n;
    }
    if n.is_one() {
        t
    } else {
        0
    }
}

/// The strong Lucas probable-prime test with Selfridge's parameters: the
/// first `D` of 5, -7, 9, -11, ... with `(D / n) = -1`, `P = 1`, `Q = (1 -
/// D) / 4`; with `n + 1 = d 2^s`, `U_d = 0` or `V_(d 2^r) = 0 (mod n)`
/// for some `r < s`.
fn strong_lucas(ring: &Montgomery, ticker: &mut Ticker) -> Option<bool> {
    let n = &ring.n;
    // A square has no such D.
    if super::properties::is_square(n) {
        return Some(false);
    }
    let mut d: i64 = 5;
    loop {
        let a = if d > 0 {
            BigUint::from(d as u64)
        } else {
            n - (d.unsigned_abs() % n)
        };
        match jacobi(&a, n) {
            -1 => break,
            // D shares a factor with n, which is not D itself (n is past
            // the small primes).
            0 => return Some(false),
            _ => d = if d > 0 { -(d + 2) } else { -d + 2 },
        }
    }
    let q = (1 - d) / 4;
    let (q_m, d_m) = (ring.small(q), ring.small(d));
    let n_plus_1 = n + 1u32;
    let s = n_plus_1.trailing_zeros().unwrap_or(0);
    let k = &n_plus_1 >> s;
    // U_1 = 1, V_1 = P = 1, Q^1.
    let one = ring.to(&BigUint::one());
    let (mut u, mut v, mut qk) = (one.clone(), one, q_m.clone());
    for bit in (0..k.bits().saturating_sub(1)).rev() {
        // From k to 2k.
        u = ring.mul(&u, &v, ticker)?;
        let vv = ring.mul(&v, &v, ticker)?;
        v = ring.sub(&vv, &ring.add(&qk, &qk));
        qk = ring.mul(&qk, &qk, ticker)?;
        if k.bit(bit) {
            // From k to k + 1, with P = 1.
            let du = ring.mul(&d_m, &u, ticker)?;
            u = ring.half(&ring.add(&u, &v));
            v = ring.half(&ring.add(&du, &v));
            qk = ring.mul(&qk, &q_m, ticker)?;
        }
    }
    if u.is_zero() || v.is_zero() {
        return Some(true);
    }
    for _ in 1..s {
        let vv = ring.mul(&v, &v, ticker)?;
        v = ring.sub(&vv, &ring.add(&qk, &qk));
        if v.is_zero() {
            return Some(true);
        }
        qk = ring.mul(&qk, &qk, ticker)?;
    }
    Some(false)
}

/// Checks of the two halves on their known pseudoprimes, and of the whole
/// against num-prime's Baillie-PSW.
#[cfg(test)]
mod tests {
    use super::*;

    fn ring(n: u64) -> Montgomery {
        Montgomery::new(&BigUint::from(n))
    }

    /// Strong pseudoprimes to base 2 pass the base-2 test and fail Lucas.
    #[test]
    fn strong_pseudoprimes_to_base_2_pass_it_alone() {
        // OEIS A001262.
        for n in [2047u64, 3277, 4033, 4681, 8321, 15841, 29341, 42799] {
            let r = ring(n);
            let mut t = Ticker::default();
            assert_eq!(strong_base_2(&r, &mut t), Some(true), "{n}");
            assert_eq!(strong_lucas(&r, &mut t), Some(false), "{n}");
        }
    }

    /// Strong Lucas pseudoprimes pass Lucas and fail the base-2 test.
    #[test]
    fn strong_lucas_pseudoprimes_pass_it_alone() {
        // OEIS A217255.
        for n in [5459u64, 5777, 10877, 16109, 18971, 22499, 24569, 25199] {
            let r = ring(n);
            let mut t = Ticker::default();
            assert_eq!(strong_lucas(&r, &mut t), Some(true), "{n}");
            assert_eq!(strong_base_2(&r, &mut t), Some(false), "{n}");
        }
    }

    /// The whole test against num-prime's below 20,000.
    #[test]
    fn agrees_with_num_prime_on_machine_words() {
        let is_prime64 = num_prime::nt_funcs::is_prime64;
        for n in 0u64..20_000 {
            assert_eq!(bpsw(&BigUint::from(n)), Some(is_prime64(n)), "{n}");
        }
    }

    // The big numbers in three tests, which the harness runs side by side.
    #[test]
    fn agrees_with_num_prime_on_big_numbers_first_third() {
        agrees_on_big_numbers(0..200);
    }

    #[test]
    fn agrees_with_num_prime_on_big_numbers_second_third() {
        agrees_on_big_numbers(200..400);
    }

    #[test]
    fn agrees_with_num_prime_on_big_numbers_last_third() {
        agrees_on_big_numbers(400..600);
    }

    /// Numbers of 65 to 700 bits from a fixed generator, and their
    /// neighbours, half of them odd (primes among them too): the draws
    /// numbered `draws` of the one sequence.
    fn agrees_on_big_numbers(draws: std::ops::Range<u32>) {
        let mut rng = crate::rng::Rng::new(42);
        for i in 0..draws.end {
            let bits = 65 + (i * 7) % 640;
            let mut n = BigUint::one();
            while n.bits() < u64::from(bits) {
                n = (n << 64u32) + rng.next_u64();
            }
            if i < draws.start {
                continue;
            }
            for k in 0..40u32 {
                let m = &n + k;
                let theirs =
                    num_prime::nt_funcs::is_prime(&m, Some(num_prime::PrimalityTestConfig::bpsw()))
                        .probably();
                assert_eq!(bpsw(&m), Some(theirs), "{m}");
            }
        }
    }
}
