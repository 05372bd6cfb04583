//! ICPC 2009 Japan domestic problem C ("覆面算", verbal arithmetic).
//!
//! Input: datasets of `N` then `N` words; the first `N-1` words add up to
//! the last. A line `0` ends the input. Output: for each dataset, the number
//! of ways to give the letters distinct digits so that the sum holds, no
//! word of two or more letters starting with 0.

use super::{check_word, run_one};
use crate::limits::MAX_WORDS;
use crate::run::RunOptions;

/// Counts the solutions of every dataset in `input`, one count per line;
/// the error says what is wrong with the input.
pub fn judge(input: &str, options: &RunOptions) -> Result<String, String> {
    let mut tokens = input.split_whitespace();
    let mut out = String::new();
    let mut dataset = 0;
    while let Some(token) = tokens.next() {
        let n: usize = token
            .parse()
            .map_err(|_| format!("expected the number of words, found `{}`", token))?;
        if n == 0 {
            break;
        }
        dataset += 1;
        if n < 2 {
            return Err(format!(
                "dataset {}: a sum needs at least two words",
                dataset
            ));
        }
        if n > MAX_WORDS {
            return Err(format!(
                "dataset {}: {} words; crypta takes at most {} in one sum",
                dataset, n, MAX_WORDS
            ));
        }
        // Only what the input holds is allocated, whatever N claims.
        let mut words = Vec::new();
        for i in 0..n {
            let word = tokens.next().ok_or_else(|| {
                format!("dataset {}: the input ends before word {}", dataset, i + 1)
            })?;
            check_word(word, "word")?;
            words.push(word);
        }
        let (sum, addends) = words.split_last().ok_or("empty dataset")?;
        let source = format!("count {} = {}", addends.join(" + "), sum);
        let search =
            run_one(&source, options).map_err(|e| format!("dataset {}: {}", dataset, e))?;
        out.push_str(&search.count.to_string());
        out.push('\n');
    }
    Ok(out)
}
