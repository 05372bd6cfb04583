//! Alphametics in bases above 10: words that share their letters.
//!
//! An equation of k distinct letters whose widest side has L digits has
//! about P(B, k) / B^(L-1) solutions in base B (P the falling factorial:
//! the assignments, times the chance that one makes the sides equal).
//! Random words give k ≈ 2L, which in base 10 is near the one solution a
//! puzzle wants, but in base 14 means thousands: random candidates there
//! almost never have exactly one, and the solver spends its budget saying
//! "several". So here the last slot's word is drawn first, the other slots
//! only among the words whose letters keep the equation within a cap on k,
//! and a candidate goes to the solver only when its estimated number of
//! solutions is near 1 and no two of its letters can trade values.
//!
//! For a linear pattern (no `*`) the estimate is finer: the equation is
//! `Σ c_x · x = 0` over the letters x, each coefficient c_x the signed sum
//! of the place values where x stands. Two letters with one coefficient
//! (or a letter with none) can swap values (or take any), so such a
//! candidate never has one solution and is dropped unseen; otherwise the
//! sum of a random assignment is taken as normal, and the expected number
//! of solutions is P(B, k) times its density at 0 (times the gcd of the
//! coefficients, as the sum only takes multiples of it).

use super::{Pattern, Rng, Token};

/// Estimated solutions a candidate may have to go to the solver, for a
/// linear pattern (by the coefficient model) and for any other (by the
/// letter count alone, which over-counts products: hence its wider window).
const LINEAR: (f64, f64) = (0.5, 30.0);
const OTHER: (f64, f64) = (0.5, 300.0);

/// Each slot's sign in `left - right = 0` when the pattern is linear (no
/// `*`); a slot used twice adds up.
pub(super) fn signs(pattern: &Pattern) -> Option<Vec<i128>> {
    let mut signs = vec![0i128; pattern.slots.len()];
    let mut side = 1i128;
    let mut next = 1i128;
    let mut outer = vec![1i128];
    for t in &pattern.tokens {
        let sign = *outer.last()?;
        match t {
            Token::Op('=') => (side, next) = (-1, 1),
            Token::Op('-') => next = -1,
            Token::Op('+') => next = 1,
            Token::Op('(') => {
                outer.push(sign * next);
                next = 1;
            }
            Token::Op(')') => {
                outer.pop();
            }
            Token::Op(_) => return None,
            Token::Slot(s) => {
                signs[*s] += side * sign * next;
                next = 1;
            }
        }
    }
    Some(signs)
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// P(base, k) / base^(len - 1): the rough count of solutions.
fn rough(base: f64, k: u32, len: usize) -> f64 {
    let assignments: f64 = (0..k).map(|i| base - f64::from(i)).product();
    assignments / base.powi(len as i32 - 1)
}

/// The expected number of solutions of `words` in slots of these `signs`
/// by the coefficient model, or `None` when two letters can trade values
/// (or the place values overflow).
fn linear(words: &[&str], signs: &[i128], base: u32) -> Option<f64> {
    let b = i128::from(base);
    let mut coefficient = [0i128; 26];
    let (mut used, mut leading) = (0u32, 0u32);
    for (word, &sign) in words.iter().zip(signs) {
        let mut place = sign;
        for c in word.bytes().rev() {
            let x = usize::from(c - b'A');
            coefficient[x] = coefficient[x].checked_add(place)?;
            used |= 1 << x;
            place = place.checked_mul(b)?;
        }
        if word.len() > 1 {
            leading |= 1 << (word.as_bytes()[0] - b'A');
        }
    }
    let cs: Vec<i128> = (0..26)
        .filter(|x| used >> x & 1 == 1)
        .map(|x| coefficient[x])
        .collect();
    let k = cs.len();
    if cs.contains(&0) || (0..k).any(|i| cs[i + 1..].contains(&cs[i])) {
        return None;
    }
    let g = cs.iter().fold(0, |g, &c| gcd(g, c)) as f64;
    let bf = f64::from(base);
    let mean: f64 = cs.iter().map(|&c| c as f64).sum::<f64>() * (bf - 1.0) / 2.0;
    let variance: f64 =
        cs.iter().map(|&c| (c as f64).powi(2)).sum::<f64>() * (bf * bf - 1.0) / 12.0;
    let density =
        (-mean * mean / (2.0 * variance)).exp() / (2.0 * std::f64::consts::PI * variance).sqrt();
    let nonzero = ((bf - 1.0) / bf).powi(leading.count_ones() as i32);
    Some(rough(bf, k as u32, 1) * (g * density).min(1.0) * nonzero)
}

/// Draws candidates for one pattern: each slot's word (as indices into
/// the word list), or nothing this time.
pub(super) struct Drawer<'a> {
    words: &'a [String],
    masks: &'a [u32],
    base: u32,
    /// The window of estimates a candidate must fall in: [`LINEAR`] or
    /// [`OTHER`], one for all the patterns drawn for.
    window: (f64, f64),
    /// For each word as the last slot's, the words the other slots may
    /// take: made when first needed.
    pools: Vec<Option<Vec<usize>>>,
}

impl<'a> Drawer<'a> {
    /// A drawer for patterns that are all linear or all not.
    pub(super) fn new(
        words: &'a [String],
        masks: &'a [u32],
        base: u32,
        linear: bool,
    ) -> Drawer<'a> {
        Drawer {
            words,
            masks,
            base,
            window: if linear { LINEAR } else { OTHER },
            pools: vec![None; words.len()],
        }
    }

    /// The most distinct letters with a last word of `len` letters: the
    /// rough count stays within a few times the window's top (it over- or
    /// under-counts by that much).
    fn cap(&self, len: usize) -> u32 {
        let top = 4.0 * self.window.1;
        (1..=self.base)
            .take_while(|&k| rough(f64::from(self.base), k, len) <= top)
            .last()
            .unwrap_or(0)
    }

    /// One candidate for `pattern`, if this draw gives one worth the
    /// solver's time.
    pub(super) fn draw(&mut self, pattern: &Pattern, rng: &mut Rng) -> Option<Vec<usize>> {
        let n = pattern.slots();
        let last = rng.below(self.words.len());
        let len = self.words[last].len();
        let cap = self.cap(len);
        let (words, masks) = (self.words, self.masks);
        if masks[last].count_ones() > cap {
            return None;
        }
        let pool = self.pools[last].get_or_insert_with(|| {
            (0..words.len())
                .filter(|&w| w != last && (masks[last] | masks[w]).count_ones() <= cap)
                .collect()
        });
        if pool.len() + 1 < n {
            return None;
        }
        let mut chosen = Vec::with_capacity(n);
        let mut mask = masks[last];
        // A few draws per slot: a word that breaks the cap is skipped.
        for _ in 0..4 * n {
            if chosen.len() + 1 == n {
                break;
            }
            let w = pool[rng.below(pool.len())];
            if !chosen.contains(&w) && (mask | masks[w]).count_ones() <= cap {
                mask |= masks[w];
                chosen.push(w);
            }
        }
        chosen.push(last);
        let sizes: Vec<usize> = chosen.iter().map(|&w| words[w].len()).collect();
        if chosen.len() != n || !pattern.sizes_fit(&sizes, self.base) {
            return None;
        }
        let estimate = match signs(pattern) {
            Some(signs) => {
                let filled: Vec<&str> = chosen.iter().map(|&w| words[w].as_str()).collect();
                linear(&filled, &signs, self.base)?
            }
            None => {
                let widest = sizes.iter().copied().max().unwrap_or(1);
                rough(f64::from(self.base), mask.count_ones(), widest)
            }
        };
        (self.window.0..=self.window.1)
            .contains(&estimate)
            .then_some(chosen)
    }
}

/// Unit tests of private parts, run by `cargo test`.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_follow_the_sides_and_parentheses() {
        let signs = |text: &str| signs(&Pattern::parse(text).expect("pattern"));
        assert_eq!(signs("A + B = C"), Some(vec![1, 1, -1]));
        assert_eq!(signs("A - (B - C) = D"), Some(vec![1, -1, 1, -1]));
        assert_eq!(signs("A + A = B"), Some(vec![2, -1]));
        assert_eq!(signs("A * B = C"), None);
    }

    #[test]
    fn letters_that_can_trade_values_are_dropped() {
        // T and S both stand in the units of an addend only.
        assert_eq!(linear(&["CAT", "DOS", "ZZZZ"], &[1, 1, -1], 16), None);
        // E cancels: it stands in the sixteens on both sides.
        assert_eq!(linear(&["EA", "BB", "EC"], &[1, 1, -1], 16), None);
        // SEND + MORE = MONEY: about one solution in base 10.
        let send = linear(&["SEND", "MORE", "MONEY"], &[1, 1, -1], 10).expect("no trade");
        assert!((0.1..100.0).contains(&send), "{}", send);
    }
}
