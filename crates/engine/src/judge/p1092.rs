//! NOIP 2004 / Luogu P1092 ("虫食算"): a radix-n addition of three words of
//! length n written with the first n capital letters, every letter a
//! different digit of base n, leading zeros allowed.
//!
//! Input: `n`, then the two addends and the sum. Output: the digits of A, B,
//! C, … on one line, separated by single spaces.

use super::{check_word, run_one, JudgeError};
use crate::run::RunOptions;

/// Solves the addition in `input` and prints the digits of A, B, C, … on
/// one line; the error says what is wrong with the input.
pub fn judge(input: &str, options: &RunOptions) -> Result<String, JudgeError> {
    let mut tokens = input.split_whitespace();
    let n: u32 = tokens
        .next()
        .ok_or(JudgeError::Empty)?
        .parse()
        .map_err(|_| JudgeError::NotABase)?;
    if !(2..=26).contains(&n) {
        return Err(JudgeError::BaseRange(n));
    }
    let mut words = Vec::new();
    for what in ["the first addend", "the second addend", "the sum"] {
        let word = tokens.next().ok_or(JudgeError::Missing(what))?;
        check_word(word, what)?;
        if word.len() != n as usize {
            return Err(JudgeError::WrongLength {
                what,
                word: word.to_string(),
                n,
            });
        }
        if let Some(c) = word.bytes().find(|&b| u32::from(b - b'A') >= n) {
            return Err(JudgeError::BeyondLetters {
                what,
                letter: c as char,
                n,
            });
        }
        words.push(word);
    }
    let source = format!(
        "first 1 {} + {} = {} with base {}, leading zeros",
        words[0], words[1], words[2], n
    );
    let search = run_one(&source, options)?;
    let solution = search.solutions.first().ok_or(JudgeError::NoSolution)?;
    // Letters that occur in no word still take the digits left over.
    let mut digits: Vec<Option<u32>> = (0..n)
        .map(|i| {
            let letter = char::from(b'A' + i as u8);
            solution
                .symbols
                .iter()
                .find(|(c, _)| *c == letter)
                .map(|&(_, d)| d)
        })
        .collect();
    let taken: Vec<u32> = digits.iter().flatten().copied().collect();
    let mut spare = (0..n).filter(|d| !taken.contains(d));
    for slot in digits.iter_mut().filter(|d| d.is_none()) {
        *slot = spare.next();
    }
    let line: Vec<String> = digits
        .iter()
        .map(|d| d.map_or_else(|| "0".to_string(), |d| d.to_string()))
        .collect();
    Ok(format!("{}\n", line.join(" ")))
}
