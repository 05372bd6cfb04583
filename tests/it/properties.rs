//! The property table (`crypta_core::vocab::properties::TABLE`): every
//! property has one entry, and each entry's parts agree with each other
//! and with a slow definition written here: the machine-word test with
//! the big-integer test, the residues with the values that have the
//! property, the listed values with the test, the grading remainder with
//! the test. A new property is one entry; these tests check it whole.

use crypta_core::vocab::properties::{Generate, Grading, TABLE};
use crypta_substrate::ir::Property;
use num_bigint::BigInt;

/// Every variant, written out: the compiler fails this list when a
/// variant is added, and the test below then fails until it has an entry.
fn every_variant() -> Vec<Property> {
    let all = [
        Property::Odd,
        Property::Even,
        Property::Prime,
        Property::Square,
        Property::Cube,
        Property::Triangular,
        Property::Palindrome,
    ];
    // Exhaustive: a new variant is a compile error here.
    for p in all {
        match p {
            Property::Odd
            | Property::Even
            | Property::Prime
            | Property::Square
            | Property::Cube
            | Property::Triangular
            | Property::Palindrome => {}
        }
    }
    all.to_vec()
}

/// The definitions, slowly and obviously.
fn slow(property: Property, n: i128, base: u32) -> bool {
    let natural = n >= 0;
    let m = n.unsigned_abs();
    match property {
        Property::Odd => m % 2 == 1,
        Property::Even => m.is_multiple_of(2),
        Property::Prime => {
            natural
                && m >= 2
                && (2..)
                    .take_while(|k| k * k <= m)
                    .all(|k| !m.is_multiple_of(k))
        }
        Property::Square => natural && (0..=m).take_while(|k| k * k <= m).any(|k| k * k == m),
        Property::Cube => {
            natural
                && (0..=m)
                    .take_while(|k| k * k * k <= m)
                    .any(|k| k * k * k == m)
        }
        Property::Triangular => {
            natural
                && (0..=m)
                    .take_while(|k| k * (k + 1) / 2 <= m)
                    .any(|k| k * (k + 1) / 2 == m)
        }
        Property::Palindrome => {
            let mut digits = Vec::new();
            let mut rest = m;
            while rest > 0 {
                digits.push(rest % u128::from(base));
                rest /= u128::from(base);
            }
            natural && digits.iter().eq(digits.iter().rev())
        }
    }
}

#[test]
fn every_property_has_exactly_one_entry_and_its_word() {
    for p in every_variant() {
        let entries: Vec<_> = TABLE.iter().filter(|e| e.property == p).collect();
        assert_eq!(entries.len(), 1, "{:?}", p);
        assert_eq!(p.entry().property, p);
        assert_eq!(p.keyword(), entries[0].word.text);
        assert!(!entries[0].plural.is_empty());
    }
    assert_eq!(TABLE.len(), every_variant().len());
}

#[test]
fn the_tests_agree_with_the_definitions_in_every_base() {
    for p in every_variant() {
        for base in [2u32, 3, 7, 10, 16, 36] {
            for n in -300i128..3000 {
                let want = slow(p, n, base);
                assert_eq!(p.holds_i128(n, base), want, "{:?} {} base {}", p, n, base);
                assert_eq!(
                    p.holds(&BigInt::from(n), base),
                    want,
                    "{:?} {} base {}",
                    p,
                    n,
                    base
                );
            }
        }
    }
}

#[test]
fn machine_words_and_big_integers_agree_past_64_bits() {
    let probes: Vec<u128> = [
        (1u128 << 64) - 59,
        (1 << 64) + 13,
        (1 << 64) - 1,
        (1u128 << 62).pow(2) / (1 << 60),
        u128::from(u64::MAX).pow(2) / 4,
        (1u128 << 42).pow(3) / (1 << 64),
        4_294_967_296u128 * 4_294_967_297 / 2,
        12_345_678_987_654_321,
        (1u128 << 126) + 1,
        i128::MAX as u128,
    ]
    .to_vec();
    for p in every_variant() {
        for &n in &probes {
            for base in [10u32, 16] {
                let n = n as i128;
                assert_eq!(
                    p.holds_i128(n, base),
                    p.holds(&BigInt::from(n), base),
                    "{:?} {} base {}",
                    p,
                    n,
                    base
                );
            }
        }
    }
}

#[test]
fn residues_allow_every_value_with_the_property() {
    for p in every_variant() {
        for base in 2..=36u32 {
            let bits = p.residues(base);
            for n in 0i128..5000 {
                if p.holds_i128(n, base) {
                    let r = (n % i128::from(base)) as u32;
                    assert_eq!(bits >> r & 1, 1, "{:?} {} base {}", p, n, base);
                }
            }
        }
    }
}

#[test]
fn listed_values_are_exactly_the_values_with_the_property() {
    for p in every_variant() {
        let Some(nth) = p.entry().nth else {
            continue;
        };
        let mut listed = Vec::new();
        let mut k = 0;
        while let Some(v) = nth(k).filter(|&v| v < 100_000) {
            listed.push(v);
            k += 1;
        }
        let tested: Vec<u64> = (0..100_000u64)
            .filter(|&n| p.holds(&BigInt::from(n), 10))
            .collect();
        // Listed in increasing order, without repeats (a triangular
        // number's k(k+1)/2 for k = 0 and its list's first value is 0).
        let mut sorted = listed.clone();
        sorted.dedup();
        assert_eq!(sorted, tested, "{:?}", p);
        assert!(listed.windows(2).all(|w| w[0] < w[1]), "{:?}", p);
        // Past a u64 the list stops rather than wrapping.
        assert_eq!(nth(u64::MAX), None, "{:?}", p);
    }
}

#[test]
fn a_grading_remainder_is_the_test_itself() {
    for p in every_variant() {
        if let Grading::Remainder { modulus, residue } = p.entry().grading {
            for n in -200i128..2000 {
                assert_eq!(
                    n.rem_euclid(modulus) == residue,
                    p.holds_i128(n, 10),
                    "{:?} {}",
                    p,
                    n
                );
            }
        }
    }
}

#[test]
fn the_generators_draw_telling_properties_before_the_fallbacks() {
    let drawn: Vec<(Property, Generate)> = TABLE
        .iter()
        .filter(|e| e.generate != Generate::Never)
        .map(|e| (e.property, e.generate))
        .collect();
    // What `generate letters --condition property` has always drawn.
    let telling: Vec<Property> = drawn
        .iter()
        .filter(|(_, g)| *g == Generate::Telling)
        .map(|(p, _)| *p)
        .collect();
    assert_eq!(
        telling,
        [
            Property::Prime,
            Property::Square,
            Property::Cube,
            Property::Triangular
        ]
    );
    assert!(drawn
        .iter()
        .any(|&(p, g)| p == Property::Odd && g == Generate::Fallback));
}
