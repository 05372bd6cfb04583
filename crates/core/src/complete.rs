//! What an editor asks of the language while the user types: the words
//! that fit where the cursor is, and whether input goes on on the next
//! line. Shared by the REPL, the language server and the playground.

/// Words worth completing, everywhere (all the lists below).
pub const KEYWORDS: &[&str] = &[
    "solve",
    "first",
    "count",
    "unique",
    "grade",
    "explain",
    "steps",
    "let",
    "with",
    "base",
    "leading zeros",
    "repeats",
    "digits",
    "wild",
    "in",
    "odd",
    "even",
    "prime",
    "square",
    "cube",
    "triangular",
    "palindrome",
    "multiplication",
    "division",
    "kakuro",
];

/// What starts a statement: a query, `let`, or a puzzle block.
pub const STARTS: &[&str] = &[
    "solve",
    "first",
    "count",
    "unique",
    "grade",
    "explain",
    "let",
    "multiplication",
    "division",
    "kakuro",
];

/// What follows a query: a puzzle block (or a name, or an equation).
pub const BLOCKS: &[&str] = &["multiplication", "division", "kakuro"];

/// What follows `with` or a `,` among options.
pub const OPTIONS: &[&str] = &[
    "base",
    "leading zeros",
    "repeats",
    "digits",
    "wild",
    "in",
    "odd",
    "even",
    "prime",
    "square",
    "cube",
    "triangular",
    "palindrome",
];

/// Completions for the word that `before` ends with, given the names
/// defined: (where the word starts in `before`, the words that fit). Shared
/// by the REPL (which completes its `:` commands itself) and the language
/// server.
pub fn completions<'a>(before: &str, names: impl Iterator<Item = &'a str>) -> (usize, Vec<String>) {
    let start = before
        .rfind(|c: char| !(c.is_alphanumeric() || c == ':' || c == '_'))
        .map_or(0, |i| i + 1);
    let word = &before[start..];
    // The statement the word is in: after the last `;`.
    let statement = before[..start].rsplit(';').next().unwrap_or_default();
    let earlier: Vec<&str> = statement.split_whitespace().collect();
    let pool: Vec<&str> = if earlier.contains(&"with") {
        OPTIONS.to_vec()
    } else if earlier.is_empty() {
        STARTS.iter().copied().chain(names).collect()
    } else if earlier.iter().all(|w| {
        matches!(
            *w,
            "solve" | "count" | "unique" | "grade" | "explain" | "steps" | "first"
        ) || w.chars().all(|c| c.is_ascii_digit())
    }) {
        BLOCKS.iter().copied().chain(names).collect()
    } else if earlier.first() == Some(&"let") && earlier.len() == 1 {
        // A new name: nothing to offer.
        Vec::new()
    } else {
        // Inside an equation: `with` is what may come next.
        vec!["with"]
    };
    let found = pool
        .into_iter()
        .filter(|k| k.starts_with(word) && *k != word)
        .map(String::from)
        .collect();
    (start, found)
}

/// True while `{` blocks are still open: the input goes on on the next
/// line. Braces in comments do not count.
pub fn unfinished(input: &str) -> bool {
    let mut depth = 0i64;
    for line in input.lines() {
        for c in line.chars() {
            match c {
                '#' if depth == 0 => break,
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
        }
    }
    depth > 0
}
