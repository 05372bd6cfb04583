//! Puzzles drawn as standalone SVG documents, blank or filled in with a
//! solution, for `--format svg`: each kind draws its own
//! (`kinds::Kind::picture`, from `crypta_substrate::draw`'s primitives); this adds
//! the caption.

use crate::kinds::Puzzle;
use crate::run::Solution;

pub mod caption;

// The tests check escaping through the report layer, where it was.
pub use crypta_substrate::draw::escape;

/// `puzzle` as a standalone SVG document, blank or filled in with
/// `solution`, as its kind draws it ([`crate::kinds::Kind::picture`]).
pub fn svg(puzzle: &Puzzle, solution: Option<&Solution>) -> String {
    crate::kinds::of(puzzle).picture(solution.map(|s| s.values.as_slice()))
}

/// `puzzle` as [`svg`] draws it, with its caption: `options` (the text of
/// each option after `with`, as written) and, when solved, the key (each
/// letter's digit), so that the picture is the whole puzzle.
pub fn complete(puzzle: &Puzzle, solution: Option<&Solution>, options: &[String]) -> String {
    let doc = svg(puzzle, solution);
    let key: &[(char, u32)] = solution.map_or(&[], |s| s.symbols.as_slice());
    caption::add(&doc, &caption::lines(options, key, 48))
}
