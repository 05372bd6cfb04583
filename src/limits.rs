//! Limits on what one statement may hold. Searches and the tree builders
//! recurse once per variable or nesting level; these bounds keep that far
//! inside the stack, and turn a pathological script into a diagnostic
//! instead of a crash.

/// Parentheses nested deeper than this are refused.
pub const MAX_NESTING: usize = 64;

/// Cells in all the words of one statement.
pub const MAX_CELLS: usize = 4096;

/// Words in one statement.
pub const MAX_WORDS: usize = 1024;

/// Cells of one Kakuro grid (256×256; the brief asks for 150×150).
pub const MAX_GRID_CELLS: usize = 65536;
