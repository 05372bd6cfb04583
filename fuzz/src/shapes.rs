//! Inputs of the shapes that exhaust a stack or a limit: long flat chains
//! of every operator, deep parentheses, `not`s and counted truths, long
//! `and`/`or`/relation/member lists, each just under, at and past the
//! limits of `crypta_core::limits`, up to the script size limit; and
//! mutations of any input (bytes, dictionary words, a slice repeated
//! thousands of times, splices) by a fixed-seed generator, so a run is the
//! same on every machine. Used by the stable fuzz run (`fuzz/ci.sh`,
//! `tests/it/fuzz_run.rs`) and the depth tests (`tests/it/depth.rs`).

use crypta_core::limits::{
    MAX_EXPRESSION_DEPTH, MAX_NESTING, MAX_OPERATORS, MAX_SCRIPT_BYTES, MAX_WORDS,
};

/// SplitMix64: small, fast, and the same sequence everywhere.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// How many of a repeated part: mostly small or around a limit; now and
/// then as many as the script size limit holds (`unit` bytes each), rarely
/// enough that a run goes through many inputs.
pub fn count(rng: &mut Rng, unit: usize) -> usize {
    let most = MAX_SCRIPT_BYTES / unit.max(1);
    match rng.below(40) {
        0..=13 => rng.below(40),
        14..=17 => MAX_NESTING - 1 + rng.below(3),
        18..=21 => MAX_EXPRESSION_DEPTH - 1 + rng.below(3),
        22..=29 => MAX_OPERATORS - 2 + rng.below(4),
        30..=33 => MAX_WORDS / 2 + rng.below(MAX_WORDS),
        34..=37 => 2 * MAX_OPERATORS + rng.below(4 * MAX_OPERATORS),
        38 => most / 16 + rng.below(most / 16),
        _ => most - rng.below(most / 8 + 1),
    }
}

const OPERANDS: &[&str] = &["A", "B", "AB", "1", "2", "45d", "?", "(A)", "SEND", "ココ"];
const OPERATORS: &[&str] = &["+", "-", "*", "/", "%", "^", "−", "×", "÷"];
const RELATIONS: &[&str] = &["=", "!=", "<", "<=", ">", ">=", "≠"];

/// `A op A op ...` with `n` operators: one operator throughout, or mixed.
pub fn chain(rng: &mut Rng, n: usize) -> String {
    let mixed = rng.below(2) == 0;
    let op = *rng.pick(OPERATORS);
    let operand = *rng.pick(OPERANDS);
    let mut out = String::from(operand);
    for _ in 0..n {
        out.push(' ');
        let sign = if mixed { *rng.pick(OPERATORS) } else { op };
        out.push_str(sign);
        out.push(' ');
        let next = if mixed { *rng.pick(OPERANDS) } else { operand };
        out.push_str(next);
    }
    out
}

/// An expression nested `depth` parentheses deep, a chain at each level
/// (`((A + B) + B) + B`, or `A + (B + (B ...))`).
pub fn nested(rng: &mut Rng, depth: usize, per_level: usize) -> String {
    let mut out = String::from("A");
    let left = rng.below(2) == 0;
    for _ in 0..depth {
        let rest = chain(rng, per_level);
        out = if left {
            format!("({}) + {}", out, rest)
        } else {
            format!("{} ^ ({})", rest, out)
        };
    }
    out
}

/// `part sep part sep ...`, `n` separators.
fn list(part: &str, sep: &str, n: usize) -> String {
    let mut out = String::with_capacity((part.len() + sep.len()) * (n + 1));
    out.push_str(part);
    for _ in 0..n {
        out.push_str(sep);
        out.push_str(part);
    }
    out
}

/// One hostile script, its shape and sizes drawn from `rng`.
pub fn hostile(rng: &mut Rng) -> String {
    let expr = match rng.below(9) {
        0..=2 => {
            let n = count(rng, 4);
            chain(rng, n)
        }
        3 => {
            let depth = count(rng, 2).min(4 * MAX_NESTING);
            let per_level = rng.below(4);
            nested(rng, depth, per_level)
        }
        4 => format!(
            "{}A{}",
            "(".repeat(count(rng, 2)),
            ")".repeat(count(rng, 2))
        ),
        5 => format!("{}A < B", "not ".repeat(count(rng, 4))),
        6 => {
            let sep = *rng.pick(&[" and ", " or ", ", "]);
            list("A < B", sep, count(rng, 8))
        }
        7 => {
            let depth = count(rng, 16).min(4 * MAX_NESTING);
            format!(
                "{}A < B{}",
                "exactly 1 of (A = B, ".repeat(depth),
                ")".repeat(depth)
            )
        }
        _ => list("A", &format!(" {} ", rng.pick(RELATIONS)), count(rng, 4)),
    };
    let script = match rng.below(12) {
        0 => format!("count A = B + {}", expr),
        1 => format!("solve {} = AB", expr),
        2 => format!("count A + B = C with {} > A", expr),
        3 => format!("answer {}: A + B = C", expr),
        4 => format!("let p = A = {}\ncount p", expr),
        5 => format!("explain A != {}", expr),
        6 => format!("count ({}) prime", expr),
        7 => format!("count A = {}", expr.replace(" + ", " +\n")),
        8 => format!("count A = ({}", expr),
        9 => format!("grade A + B = C with {}", expr),
        10 => format!("count {} = A; count A = {}", expr, expr),
        _ => format!("count A = {} +", expr),
    };
    cut(script.into_bytes())
}

/// Keeps an input within a few bytes past the script size limit, so the
/// limit itself is tried and nothing grows without bound.
fn cut(mut bytes: Vec<u8>) -> String {
    bytes.truncate(MAX_SCRIPT_BYTES + 8);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// `input` changed in one to four ways: bytes flipped, a dictionary word
/// or an operator inserted, a range deleted, a slice repeated (up to the
/// size limit: a seed's `+ B` becomes a long chain), or a splice of `other`.
pub fn mutate(rng: &mut Rng, input: &[u8], other: &[u8], words: &[Vec<u8>]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(6) {
            0 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] ^= 1 << rng.below(8);
            }
            1 if !words.is_empty() => {
                let word = rng.pick(words).clone();
                out.splice(at..at, word);
            }
            2 => {
                let sign = format!(" {} ", rng.pick(OPERATORS));
                out.splice(at..at, sign.into_bytes());
            }
            3 if !out.is_empty() => {
                let end = (at + rng.below(16)).min(out.len());
                out.drain(at.min(end)..end);
            }
            4 if !out.is_empty() => {
                let start = rng.below(out.len());
                let end = (start + 1 + rng.below(12)).min(out.len());
                let slice = out[start..end].to_vec();
                let times = count(rng, slice.len()).min(MAX_SCRIPT_BYTES / slice.len() + 1);
                let repeated: Vec<u8> = slice.repeat(times);
                out.splice(end..end, repeated);
            }
            _ => {
                let from = rng.below(other.len() + 1);
                out.truncate(at);
                out.extend_from_slice(&other[from..]);
            }
        }
        out.truncate(MAX_SCRIPT_BYTES + 8);
    }
    out
}
