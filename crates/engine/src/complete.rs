//! What an editor asks of the language while the user types: the words
//! that fit where the cursor is, and whether input goes on on the next
//! line. Shared by the REPL, the language server and the playground; the
//! words come from [`crypta_substrate::vocab`].

use crypta_substrate::vocab;

/// Completions for the word that `before` ends with, given the names
/// defined: (where the word starts in `before`, the words that fit). Shared
/// by the REPL (which completes its `:` commands itself) and the language
/// server.
pub fn completions<'a>(before: &str, names: impl Iterator<Item = &'a str>) -> (usize, Vec<String>) {
    let start = word_start(before);
    let word = &before[start..];
    // The statement the word is in: after the last `;`.
    let statement = before[..start].rsplit(';').next().unwrap_or_default();
    let earlier: Vec<&str> = statement.split_whitespace().collect();
    // The words that combine conditions, once one is begun: offered on
    // nothing typed they would crowd out what usually comes next.
    let combining = vocab::combining().filter(|_| !word.is_empty());
    let pool: Vec<&str> = if earlier.contains(&vocab::WITH.text) {
        vocab::after_with().chain(combining).collect()
    } else if earlier.is_empty() {
        with_names(vocab::starts(), names)
    } else if earlier.iter().all(|w| is_query_word(w)) {
        with_names(blocks(), names)
    } else if earlier.first() == Some(&vocab::LET.text) && earlier.len() == 1 {
        // A new name: nothing to offer.
        Vec::new()
    } else {
        // Inside an equation: `with` may come next, or a word that
        // combines conditions.
        std::iter::once(vocab::WITH.text).chain(combining).collect()
    };
    (start, fitting(pool, word))
}

/// The words of `pool` that complete `word`: those it begins, not itself.
pub fn fitting<'a>(pool: impl IntoIterator<Item = &'a str>, word: &str) -> Vec<String> {
    pool.into_iter()
        .filter(|k| k.starts_with(word) && *k != word)
        .map(String::from)
        .collect()
}

/// Where the word that `before` ends with starts: after the last character
/// that is not part of a word, which may be several bytes long (`×`).
pub fn word_start(before: &str) -> usize {
    before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == ':' || c == '_'))
        .map_or(0, |(i, c)| i + c.len_utf8())
}

/// A word of a query (`explain steps` is two), or the number of `first N`.
fn is_query_word(word: &str) -> bool {
    vocab::QUERIES
        .iter()
        .any(|q| q.text.split_whitespace().any(|w| w == word))
        || word.chars().all(|c| c.is_ascii_digit())
}

/// `words`, then `names`.
fn with_names<'a>(
    words: impl Iterator<Item = &'static str>,
    names: impl Iterator<Item = &'a str>,
) -> Vec<&'a str> {
    let mut pool: Vec<&'a str> = words.collect::<Vec<&'static str>>();
    pool.extend(names);
    pool
}

fn blocks() -> impl Iterator<Item = &'static str> {
    vocab::BLOCKS.iter().map(|b| b.word.text)
}

/// What a completion offers, in a word: for a word of the language, what it
/// does; `None` for a name.
pub fn detail(word: &str) -> Option<&'static str> {
    vocab::about(word)
}

/// True while a `{` block or a `(` is still open, or the last line ends
/// with an operator, `,` or `\`: the input goes on on the next line.
/// Braces in comments do not count.
pub fn unfinished(input: &str) -> bool {
    vocab::open_brace(input).is_some() || vocab::continues(input)
}
