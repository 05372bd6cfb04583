//! Unit tests of the cancelled-letters count (`linear_count::Linear`),
//! run by `cargo test`: every count checked against a brute-force count of
//! the same equation.

use super::{Linear, Scratch, Term};
use crate::rng::Rng;
use crate::solve::{Budget, Limits};

/// A random equation as the sums of words make them: signed words of
/// random letters (a shared prefix now and then, so that letters cancel),
/// digits now and then (the constant), random domains and distinctness.
fn equation(rng: &mut Rng) -> (u32, i128, Vec<Term>) {
    let base = 2 + rng.below(11) as u32;
    let b = i128::from(base);
    let letters = 1 + rng.below(7);
    let mut coef = vec![0i128; letters];
    let mut constant = 0i128;
    let prefix: Vec<usize> = (0..rng.below(4)).map(|_| rng.below(letters)).collect();
    let words = 2 + rng.below(3);
    for w in 0..words {
        let sign = if w + 1 == words { -1 } else { 1 };
        let mut cells: Vec<Option<usize>> = Vec::new();
        // The prefix on the first word and the sum: the same places.
        let shared = !prefix.is_empty() && (w == 0 || w + 1 == words);
        let tail = 1 + rng.below(4);
        if shared {
            cells.extend(prefix.iter().map(|&l| Some(l)));
        }
        for _ in 0..tail {
            cells.push(if rng.chance(0.1) {
                None
            } else {
                Some(rng.below(letters))
            });
        }
        let mut place = sign;
        for cell in cells.iter().rev() {
            match cell {
                Some(l) => coef[*l] += place,
                None => constant += place * rng.below(base as usize) as i128,
            }
            place *= b;
        }
        if shared && tail > 1 && rng.chance(0.3) {
            // A longer sum: the prefix one place up on this side only.
            coef[prefix[0]] += place;
        }
    }
    let all = (1u64 << base) - 1;
    let terms = coef
        .into_iter()
        .map(|coef| {
            let domain = match rng.below(6) {
                0 => all & !1,
                1 => all & rng.next_u64(),
                _ => all,
            };
            Term {
                coef,
                domain,
                distinct: !rng.chance(0.15),
            }
        })
        .collect();
    (base, constant, terms)
}

/// The solutions of `Σ coef·digit + constant = 0`, every assignment tried.
fn brute(base: u32, constant: i128, terms: &[Term]) -> u128 {
    fn go(terms: &[Term], sum: i128, used: u64, base: u32) -> u128 {
        let Some((t, rest)) = terms.split_first() else {
            return u128::from(sum == 0);
        };
        (0..base)
            .filter(|&d| t.domain >> d & 1 == 1 && !(t.distinct && used >> d & 1 == 1))
            .map(|d| {
                let used = if t.distinct { used | 1 << d } else { used };
                go(rest, sum + t.coef * i128::from(d), used, base)
            })
            .sum()
    }
    go(terms, constant, 0, base)
}

#[test]
fn counts_as_every_assignment_counts() {
    let mut rng = Rng::new(31);
    // One scratch for every count: what a count leaves must not leak.
    let mut scratch = Scratch::default();
    let limits = Limits::default();
    let (mut checked, mut cancelled, mut whole) = (0, 0, 0);
    for case in 0..4000 {
        let (base, constant, terms) = equation(&mut rng);
        let assignments: f64 = terms
            .iter()
            .map(|t| f64::from(t.domain.count_ones()))
            .product();
        if assignments > 2e5 {
            continue;
        }
        let Some(linear) = Linear::new(base, constant, &terms) else {
            continue;
        };
        let counted = linear
            .count_in(&mut scratch, &mut Budget::new(&limits))
            .expect("no limit")
            .expect("fits u128");
        assert_eq!(
            counted,
            brute(base, constant, &terms),
            "case {}: base {}, constant {}, {:?}",
            case,
            base,
            constant,
            terms
        );
        checked += 1;
        if terms.iter().any(|t| t.coef == 0) {
            cancelled += 1;
        } else {
            whole += 1;
        }
    }
    assert!(checked >= 3000, "{} checked", checked);
    assert!(
        cancelled >= 500 && whole >= 500,
        "{} cancelled, {} whole",
        cancelled,
        whole
    );
}

#[test]
fn a_node_budget_interrupts_the_count() {
    // A + B = CD in base 10, with two letters whose coefficients cancel.
    let terms: Vec<Term> = [1i128, 1, -10, -1, 0, 0]
        .iter()
        .map(|&coef| Term {
            coef,
            domain: 0x3ff,
            distinct: true,
        })
        .collect();
    let linear = Linear::new(10, 0, &terms).expect("small");
    let limits = Limits {
        max_nodes: Some(5),
        ..Limits::default()
    };
    assert_eq!(
        linear.count(&mut Budget::new(&limits)),
        Err(super::Interrupted)
    );
    let whole = linear.count(&mut Budget::new(&Limits::default()));
    let expected = brute(10, 0, &terms);
    assert!(expected > 0);
    assert_eq!(whole, Ok(Some(expected)));
}
