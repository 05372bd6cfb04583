//! Exact arithmetic on long words: additions of 40, 60 and 100 digits in
//! bases 2, 10, 16 and 36, and products of long words, built from a planted
//! digit mapping whose values are computed here with big integers. Every
//! strategy that accepts the puzzle, and the whole run (planner and
//! verifier), must find the planted solution, and every solution any of
//! them reports must hold when checked here, independently of crypta's
//! arithmetic.

use num_bigint::BigUint;
use num_traits::Zero;

use crypta_engine::kinds::Kind;
use crypta_engine::kinds::Puzzle;
use crypta_engine::plan::Setup;
use crypta_engine::program::check_script;
use crypta_engine::run::{run_statement, ResultBody, RunOptions};
use crypta_substrate::ir::{Cell, Letters, Query};
use crypta_substrate::solve::{Budget, Flow, Limits, Outcome, Strategy};

use crate::support::letters_of;

const SYMBOLS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % u64::from(n)) as u32
    }
}

/// A planted puzzle: each digit of the base written as its own letter.
struct Planted {
    base: u32,
    /// `letter[d]`: the letter standing for digit d.
    letter: Vec<char>,
}

impl Planted {
    fn new(base: u32, rng: &mut Rng) -> Self {
        let mut letter: Vec<char> = SYMBOLS.chars().take(base as usize).collect();
        for i in (1..letter.len()).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            letter.swap(i, j);
        }
        Planted { base, letter }
    }

    fn random(&self, digits: usize, rng: &mut Rng) -> BigUint {
        let mut n = BigUint::from(1 + rng.below(self.base - 1));
        for _ in 1..digits {
            n = n * self.base + rng.below(self.base);
        }
        n
    }

    fn word(&self, n: &BigUint) -> String {
        if n.is_zero() {
            return self.letter[0].to_string();
        }
        n.to_radix_be(self.base)
            .iter()
            .map(|&d| self.letter[usize::from(d)])
            .collect()
    }

    /// `with leading zeros` and every letter of `words` pinned to its
    /// digit except those of the `free` lowest digits, which the search
    /// must find.
    fn options(&self, free: usize, words: &str) -> String {
        let mut list = vec![format!("base {}", self.base), "leading zeros".into()];
        for (d, c) in self.letter.iter().enumerate().skip(free) {
            if words.contains(*c) {
                list.push(format!("{} = {}", c, d));
            }
        }
        list.join(", ")
    }
}

/// Whether the planner computes in big integers: too long for 128 bits.
fn big_integers(script: &str) -> bool {
    let puzzle = Puzzle::new(letters_of(script));
    let explain =
        crypta_engine::plan::plan(&puzzle, Query::Explain, &Setup::default()).explain(&puzzle);
    explain.contains("arithmetic: big integers")
}

/// Every equation holds under `values`, computed here with big integers
/// (signed through a common offset: sides are sums, differences and
/// products of words).
fn holds(letters: &Letters, values: &[u8]) -> bool {
    use crypta_substrate::ir::Expr;
    use num_bigint::BigInt;
    fn eval(e: &Expr, letters: &Letters, values: &[u8]) -> BigInt {
        match e {
            Expr::Word(w) => {
                let mut n = BigInt::zero();
                for cell in &letters.words[*w].cells {
                    let d = match *cell {
                        Cell::Var(v) => u32::from(values[v]),
                        Cell::Digit(d) => d,
                    };
                    n = n * letters.base + d;
                }
                n
            }
            Expr::Add(a, b) => eval(a, letters, values) + eval(b, letters, values),
            Expr::Sub(a, b) => eval(a, letters, values) - eval(b, letters, values),
            Expr::Mul(a, b) => eval(a, letters, values) * eval(b, letters, values),
        }
    }
    letters
        .equations
        .iter()
        .all(|eq| eval(&eq.lhs, letters, values) == eval(&eq.rhs, letters, values))
}

fn solutions(strategy: &dyn Strategy) -> Vec<Vec<u8>> {
    let limits = Limits::default();
    let mut budget = Budget::new(&limits);
    let mut found = Vec::new();
    let outcome = strategy.search(&mut budget, &mut |values| {
        found.push(values.to_vec());
        Flow::Continue
    });
    assert_eq!(outcome, Outcome::Exhausted, "{}", strategy.name());
    found.sort();
    found
}

/// Solves `script` with every strategy that takes it and with the whole
/// run; all agree, every solution holds, and the planted mapping is among
/// them. Returns the names of the strategies that ran.
fn solve_everywhere(script: &str, planted: &Planted) -> Vec<&'static str> {
    let letters = letters_of(script);
    let strategies = letters.strategies();
    let want: Vec<u8> = letters
        .symbols()
        .map(|(_, c)| planted.letter.iter().position(|&l| l == c).unwrap_or(99) as u8)
        .collect();
    let reference = solutions(strategies[0].as_ref());
    assert!(
        reference.contains(&want),
        "{}: the planted solution",
        script
    );
    for values in &reference {
        assert!(holds(&letters, values), "{}: {:?} is wrong", script, values);
    }
    for s in &strategies[1..] {
        assert_eq!(solutions(s.as_ref()), reference, "{}: {}", script, s.name());
    }
    // The whole run: planner, strategy, verifier.
    let (statements, _) = check_script(script);
    let result = run_statement(&statements[0], &RunOptions::default()).expect("runs");
    let ResultBody::Searched(search) = result.body else {
        panic!("{}", script)
    };
    assert!(search.complete);
    assert_eq!(search.count, reference.len() as u64, "{}", script);
    let planted_shown = search.solutions.iter().any(|s| {
        s.symbols
            .iter()
            .all(|&(c, d)| planted.letter.get(d as usize) == Some(&c))
    });
    assert!(planted_shown, "{}", script);
    strategies.iter().map(|s| s.name()).collect()
}

#[test]
fn long_additions_in_bases_2_10_16_36() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut ran = std::collections::BTreeSet::new();
    let mut big = false;
    for base in [2u32, 10, 16, 36] {
        for len in [40usize, 60, 100] {
            let planted = Planted::new(base, &mut rng);
            let (x, y) = (planted.random(len, &mut rng), planted.random(len, &mut rng));
            let z = &x + &y;
            let (wx, wy, wz) = (planted.word(&x), planted.word(&y), planted.word(&z));
            let w3 = planted.word(&(&z + &x));
            let opts = |words: &str| planted.options(4.min(base as usize), words);
            for body in [
                format!("{} + {} = {}", wx, wy, wz),
                format!("{} - {} = {}", wz, wy, wx),
                format!("{} + {} + {} = {}", wx, wy, wx, w3),
            ] {
                let script = format!("solve {} with {}", body, opts(&body));
                big |= big_integers(&script);
                ran.extend(solve_everywhere(&script, &planted));
            }
        }
    }
    assert!(big, "some sums need big integers");
    // Every letter strategy met long words.
    for name in ["modular-columns", "column-addition", "bijective-radix"] {
        assert!(ran.contains(name), "{} never ran: {:?}", name, ran);
    }
}

#[test]
fn long_sums_of_many_short_words_keep_weighted_sum_exact() {
    // Many addends in base 36: weighted-sum takes them while its weights
    // fit in i64, and refuses (leaving column-addition) beyond.
    let mut rng = Rng(7);
    for (addends, len) in [(12usize, 2usize), (8, 6), (6, 14)] {
        let planted = Planted::new(36, &mut rng);
        let words: Vec<BigUint> = (0..addends)
            .map(|_| planted.random(len, &mut rng))
            .collect();
        let sum: BigUint = words.iter().sum();
        let text: Vec<String> = words.iter().map(|w| planted.word(w)).collect();
        let body = format!("{} = {}", text.join(" + "), planted.word(&sum));
        let script = format!("solve {} with {}", body, planted.options(3, &body));
        solve_everywhere(&script, &planted);
    }
}

#[test]
fn products_of_long_words() {
    let mut rng = Rng(42);
    for base in [10u32, 16, 36] {
        for (la, lb) in [(20usize, 20usize), (30, 25), (50, 50)] {
            let planted = Planted::new(base, &mut rng);
            let (x, y) = (planted.random(la, &mut rng), planted.random(lb, &mut rng));
            let z = &x * &y;
            let body = format!(
                "{} * {} = {}",
                planted.word(&x),
                planted.word(&y),
                planted.word(&z)
            );
            let script = format!("solve {} with {}", body, planted.options(3, &body));
            assert!(big_integers(&script));
            let ran = solve_everywhere(&script, &planted);
            assert_eq!(ran, vec!["modular-columns"]);
            // A wrong product has no solution at all.
            let body = format!(
                "{} * {} = {}",
                planted.word(&x),
                planted.word(&y),
                planted.word(&(&z + 1u32))
            );
            let wrong = format!("count {} with {}", body, planted.options(0, &body));
            let (statements, _) = check_script(&wrong);
            let result = run_statement(&statements[0], &RunOptions::default()).expect("runs");
            let ResultBody::Searched(search) = result.body else {
                panic!()
            };
            assert_eq!(search.count, 0, "{}", wrong);
        }
    }
}

/// 4096 cells, the most one statement holds, in base 62: still exact.
#[test]
fn the_longest_statement_is_exact() {
    let mut rng = Rng(3);
    let planted = Planted::new(52, &mut rng);
    let (x, y) = (
        planted.random(1365, &mut rng),
        planted.random(1365, &mut rng),
    );
    let z = &x + &y;
    let body = format!(
        "{} + {} = {}",
        planted.word(&x),
        planted.word(&y),
        planted.word(&z)
    );
    let script = format!("solve {} with {}", body, planted.options(5, &body));
    let cells: usize = letters_of(&script)
        .words
        .iter()
        .map(|w| w.cells.len())
        .sum();
    assert!(cells <= crypta_core::limits::MAX_CELLS && cells > 4000);
    solve_everywhere(&script, &planted);
}
