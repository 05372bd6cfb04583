//! The interactive session, without the terminal: a [`Session`] takes what
//! the user typed and returns what to show; [`editor`] gives rustyline its
//! completion, hints and the test for an unfinished `{ ... }` block. The
//! read-print loop itself lives in the binary.

pub mod editor;
mod help;
mod session;

pub use session::{Reply, Session, Settings};

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
