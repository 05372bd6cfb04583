//! Rendering: results as text a person enjoys reading or as JSON lines,
//! and diagnostics through ariadne (or as JSON). Everything returns
//! strings; the binary decides where they go. No kind has a file here: text
//! and JSON render a solution's view ([`view`]), pictures are each kind's
//! (`Kind::picture`).

pub mod diagnostics;
pub mod grade;
pub mod json;
pub mod svg;
pub mod text;
pub mod view;

/// The output format chosen with `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// Text for a person to read; diagnostics drawn with their source.
    #[default]
    Text,
    /// One JSON object per line, for programs.
    Json,
}
