//! The properties of the language (`prime`, `square`, ...), one entry
//! each in [`TABLE`]: the word, the exact test on big and machine
//! integers, the residues its values can have modulo the base, how its
//! values are listed, what `explain` calls them, how the letter grading
//! reasons with it and whether the generators draw it. The vocabulary,
//! the checker, the arithmetic, the solvers, the grading and the
//! generators all read this table; none has a `match` of its own over the
//! properties, so a new property is one entry here (and its tests:
//! `tests/it/properties.rs` checks every entry's parts against each
//! other).

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::ToPrimitive;

use super::{word, Word};

/// A property of a value (of a word, an expression, or one cell's digit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    /// The value is odd.
    Odd,
    /// The value is even.
    Even,
    /// The value is a prime.
    Prime,
    /// The value is a perfect square.
    Square,
    /// The value is a perfect cube.
    Cube,
    /// The value is k(k+1)/2 for some k: 0, 1, 3, 6, 10, ...
    Triangular,
    /// The value's digits, in the puzzle's base, read the same both ways.
    Palindrome,
}

/// How the letter grading (`grade`, `explain steps`) reasons with a
/// property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grading {
    /// No rule of its own: only the search decides it.
    None,
    /// The last digit: only the residues of [`Entry::residues`] (and, for
    /// a listed property, the few values of a short word).
    LastDigit,
    /// The last digit, and past the base a prime shares no factor with it
    /// (in base 10 it ends in 1, 3, 7 or 9).
    LastDigitCoprime,
    /// A remainder: the value modulo `modulus` is `residue` (odd: 1 mod 2),
    /// read from the words' digits like `x % m = r`.
    Remainder {
        /// The modulus.
        modulus: i128,
        /// The remainder the value leaves.
        residue: i128,
    },
}

/// Whether `generate letters --condition property` draws a property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generate {
    /// Never drawn.
    Never,
    /// Drawn first: it tells a solution apart by more than a digit.
    Telling,
    /// Drawn only when no telling property does (odd, even: they say no
    /// more than a letter's parity).
    Fallback,
}

/// Everything the language knows of one property.
#[derive(Clone, Copy)]
pub struct Entry {
    /// Which property.
    pub property: Property,
    /// Its word, as written after a value: `SIX square`.
    pub word: Word,
    /// The exact test of a value that is not negative, with the base its
    /// digits are read in.
    pub natural: fn(&BigUint, u32) -> bool,
    /// The same test in machine words, for the search's hot loop.
    pub natural_u128: fn(u128, u32) -> bool,
    /// Whether a negative value can have it (odd and even: by its
    /// magnitude); no other property holds of a negative value.
    pub of_negative: bool,
    /// The residues modulo the base its values can have, bit r for
    /// residue r (base at most 62): what the last digit alone rules out.
    pub residues: fn(u32) -> u64,
    /// The k-th value with the property from k = 0, in increasing order,
    /// when the values are listed by a formula; `None` when they are not.
    pub nth: Option<fn(u64) -> Option<u64>>,
    /// What `explain` calls its values: "squares".
    pub plural: &'static str,
    /// How the letter grading reasons with it.
    pub grading: Grading,
    /// Whether the generators draw it.
    pub generate: Generate,
}

/// Every property, in the order help and completion list them.
pub const TABLE: &[Entry] = &[
    Entry {
        property: Property::Odd,
        word: word("odd", "X odd", "the value is odd"),
        natural: |n, _| n.is_odd(),
        natural_u128: |n, _| n & 1 == 1,
        of_negative: true,
        residues: |base| parity(base, 1),
        nth: None,
        plural: "odd values",
        grading: Grading::Remainder {
            modulus: 2,
            residue: 1,
        },
        generate: Generate::Fallback,
    },
    Entry {
        property: Property::Even,
        word: word("even", "X even", "the value is even"),
        natural: |n, _| n.is_even(),
        natural_u128: |n, _| n & 1 == 0,
        of_negative: true,
        residues: |base| parity(base, 0),
        nth: None,
        plural: "even values",
        grading: Grading::Remainder {
            modulus: 2,
            residue: 0,
        },
        generate: Generate::Fallback,
    },
    Entry {
        property: Property::Prime,
        word: word("prime", "X prime", "the value is a prime"),
        natural: |n, _| is_prime(n),
        natural_u128: |n, _| match u64::try_from(n) {
            Ok(n) => num_prime::nt_funcs::is_prime64(n),
            Err(_) => is_prime(&BigUint::from(n)),
        },
        of_negative: false,
        residues: prime_residues,
        nth: None,
        plural: "primes",
        grading: Grading::LastDigitCoprime,
        generate: Generate::Telling,
    },
    Entry {
        property: Property::Square,
        word: word("square", "X square", "the value is a perfect square"),
        natural: |n, _| is_square(n),
        natural_u128: |n, _| {
            let r = n.isqrt();
            r * r == n
        },
        of_negative: false,
        residues: |base| hits(base, u64::from(base), |k| k * k),
        nth: Some(|k| k.checked_mul(k)),
        plural: "squares",
        grading: Grading::LastDigit,
        generate: Generate::Telling,
    },
    Entry {
        property: Property::Cube,
        word: word("cube", "X cube", "the value is a perfect cube"),
        natural: |n, _| is_cube(n),
        natural_u128: |n, _| {
            let r = icbrt(n);
            r * r * r == n
        },
        of_negative: false,
        residues: |base| hits(base, u64::from(base), |k| k * k * k),
        nth: Some(|k| k.checked_mul(k)?.checked_mul(k)),
        plural: "cubes",
        grading: Grading::LastDigit,
        generate: Generate::Telling,
    },
    Entry {
        property: Property::Triangular,
        word: word(
            "triangular",
            "X triangular",
            "the value is 0, 1, 3, 6, 10, ...",
        ),
        natural: |n, _| is_square(&(n * 8u32 + 1u32)),
        // 8n + 1 fits below 2^125; past it, exactly in big integers.
        natural_u128: |n, _| match n.checked_mul(8) {
            Some(m) => {
                let r = (m + 1).isqrt();
                r * r == m + 1
            }
            None => is_square(&(BigUint::from(n) * 8u32 + 1u32)),
        },
        of_negative: false,
        // k(k+1)/2 modulo b repeats with period 2b.
        residues: |base| hits(base, 2 * u64::from(base), |k| k * (k + 1) / 2),
        nth: Some(|k| k.checked_mul(k.checked_add(1)?).map(|t| t / 2)),
        plural: "triangular numbers",
        grading: Grading::LastDigit,
        generate: Generate::Telling,
    },
    Entry {
        property: Property::Palindrome,
        word: word(
            "palindrome",
            "X palindrome",
            "the digits read the same both ways",
        ),
        natural: |n, base| {
            let digits = n.to_radix_le(base);
            digits.iter().eq(digits.iter().rev())
        },
        natural_u128: |n, base| {
            let (mut rest, mut reversed) = (n, 0u128);
            let base = u128::from(base);
            while rest > 0 {
                match reversed.checked_mul(base) {
                    Some(r) => reversed = r + rest % base,
                    // A reversal past 128 bits cannot equal the value.
                    None => return false,
                }
                rest /= base;
            }
            reversed == n
        },
        of_negative: false,
        residues: every,
        nth: None,
        plural: "palindromes",
        grading: Grading::None,
        generate: Generate::Never,
    },
];

impl Property {
    /// Its entry in [`TABLE`].
    pub fn entry(self) -> &'static Entry {
        // Every variant has exactly one entry: `tests/it/properties.rs`.
        TABLE
            .iter()
            .find(|e| e.property == self)
            .unwrap_or(&TABLE[0])
    }

    /// The keyword as written.
    pub fn keyword(self) -> &'static str {
        self.entry().word.text
    }

    /// Whether an exact value has the property, its digits read in `base`.
    pub fn holds(self, value: &BigInt, base: u32) -> bool {
        let entry = self.entry();
        match value.sign() {
            Sign::Minus => entry.of_negative && (entry.natural)(value.magnitude(), base),
            _ => (entry.natural)(value.magnitude(), base),
        }
    }

    /// [`Property::holds`] in machine words, without allocating.
    pub fn holds_i128(self, value: i128, base: u32) -> bool {
        let entry = self.entry();
        if value < 0 && !entry.of_negative {
            return false;
        }
        (entry.natural_u128)(value.unsigned_abs(), base)
    }

    /// The residues modulo `base` its values can have (bit r for residue
    /// r): every bit when the last digit rules nothing out.
    pub fn residues(self, base: u32) -> u64 {
        (self.entry().residues)(base)
    }

    /// The k-th value with the property (from k = 0), when its values are
    /// listed by a formula and the value fits.
    pub fn nth(self, k: u64) -> Option<u64> {
        self.entry().nth?(k)
    }
}

/// Every residue modulo `base`.
fn every(base: u32) -> u64 {
    if base >= 64 {
        u64::MAX
    } else {
        (1u64 << base) - 1
    }
}

/// The residues of one parity: a parity the last digit shows only in an
/// even base.
fn parity(base: u32, of: u64) -> u64 {
    if !base.is_multiple_of(2) {
        return every(base);
    }
    (0..u64::from(base))
        .filter(|r| r % 2 == of)
        .fold(0, |m, r| m | 1 << r)
}

/// The residues modulo `base` of `f(k)` for k below `period`.
fn hits(base: u32, period: u64, f: fn(u64) -> u64) -> u64 {
    let b = u64::from(base);
    (0..period).fold(0u64, |m, k| m | 1 << (f(k) % b))
}

/// A prime is coprime to the base, or one of its prime factors.
fn prime_residues(base: u32) -> u64 {
    let b = u64::from(base);
    let divides = |p: u64| b.is_multiple_of(p) && (2..p).all(|q| !p.is_multiple_of(q));
    (0..b)
        .filter(|&r| {
            num_integer::gcd(r, b) == 1 || (r >= 2 && divides(r)) || (r == 0 && divides(b))
        })
        .fold(0u64, |m, r| m | 1 << r)
}

/// Primality, exact at every size the grammar allows: a deterministic
/// test for values that fit a machine word, and above that Baillie-PSW
/// (a strong base-2 test and a strong Lucas test, `vocab/prime.rs`), which
/// has no known counterexample. Miller-Rabin on fixed bases is not enough:
/// Arnault's 397-digit composite passes it for the first 24 prime bases.
/// The test polls the running search's limits (`limits::watch`): when
/// they stop it, the answer is false and the watch is tripped, so that the
/// search reports itself interrupted rather than the number composite.
pub fn is_prime(n: &BigUint) -> bool {
    if let Some(word) = n.to_u64() {
        return num_prime::nt_funcs::is_prime64(word);
    }
    super::prime::bpsw(n).unwrap_or(false)
}

/// Whether a value is a perfect square.
pub fn is_square(n: &BigUint) -> bool {
    let r = n.sqrt();
    &r * &r == *n
}

/// Whether a value is a perfect cube.
pub fn is_cube(n: &BigUint) -> bool {
    let r = n.cbrt();
    &r * &r * &r == *n
}

/// The integer cube root of `n` (the greatest r with r^3 <= n), without
/// leaving machine words: the conditions of the search test cubes often.
fn icbrt(n: u128) -> u128 {
    // A floating start within a few units of the root; then exact steps.
    let mut r = (n as f64).cbrt() as u128;
    let cube = |r: u128| r.checked_mul(r).and_then(|s| s.checked_mul(r));
    while cube(r).is_none_or(|c| c > n) {
        r -= 1;
    }
    while cube(r + 1).is_some_and(|c| c <= n) {
        r += 1;
    }
    r
}
