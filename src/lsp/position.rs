//! Byte offsets (crypta's spans) to LSP positions and back. LSP counts a
//! line's characters in UTF-16 code units by default, so `×`, `−` and
//! U+3000 are one unit, an emoji in a comment two, and a byte offset is
//! never a column.

use lsp_types::{Position, Range};

use crypta_core::Span;

/// Where each line starts, to turn offsets into positions without
/// rescanning the text.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes the lines of `text`.
    pub fn new(text: &'a str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { text, starts }
    }

    /// The position of a byte offset (clamped to the text, moved back to
    /// a character boundary).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character = self.text[start..offset].encode_utf16().count();
        Position::new(line as u32, character as u32)
    }

    /// The range of a span.
    pub fn range(&self, span: &Span) -> Range {
        Range::new(self.position(span.start), self.position(span.end))
    }

    /// The byte offset of a position; a position past the end of its line
    /// is the line's end, past the last line the end of the text.
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return self.text.len();
        };
        let line = &self.text[start..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let mut units = 0;
        for (i, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }

    /// The range of the whole text.
    pub fn all(&self) -> Range {
        Range::new(Position::new(0, 0), self.position(self.text.len()))
    }
}
