//! Byte offsets (crypta's spans) to LSP positions and back. LSP counts a
//! line's characters in UTF-16 code units by default, so `×`, `−` and
//! U+3000 are one unit, an emoji in a comment two, and a byte offset is
//! never a column.

use lsp_types::{Position, Range};

use crypta_core::Span;

/// Bytes between two marks on a long line: a position counts at most
/// these (an unoptimised build counts about 10 MB a second).
const STRIDE: usize = 64;

/// Where each line of a text starts, and marks along its long lines, kept
/// with the text's analysis: a position is then found without rescanning
/// the text, nor more than [`STRIDE`] bytes of a line (a 2 MiB script on
/// one line has its many tokens and names positioned in one pass, not one
/// pass each).
pub struct Lines {
    starts: Vec<usize>,
    /// (offset, UTF-16 units from its line's start to it), in order.
    marks: Vec<(usize, usize)>,
}

impl Lines {
    /// Indexes the lines of `text`.
    pub fn new(text: &str) -> Self {
        let starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let mut marks = Vec::new();
        for (line, &start) in starts.iter().enumerate() {
            let end = starts.get(line + 1).map_or(text.len(), |&next| next - 1);
            let (mut at, mut units) = (start, 0);
            while end - at > STRIDE {
                let mut next = at + STRIDE;
                while !text.is_char_boundary(next) {
                    next -= 1;
                }
                units += text[at..next].encode_utf16().count();
                marks.push((next, units));
                at = next;
            }
        }
        Lines { starts, marks }
    }

    /// The index of `text`, the text these lines were made from.
    pub fn of<'a>(&'a self, text: &'a str) -> LineIndex<'a> {
        LineIndex { text, lines: self }
    }
}

/// A text with its [`Lines`], to turn offsets into positions and back.
pub struct LineIndex<'a> {
    text: &'a str,
    lines: &'a Lines,
}

impl<'a> LineIndex<'a> {
    /// The position of a byte offset (clamped to the text, moved back to
    /// a character boundary).
    pub fn position(&self, offset: usize) -> Position {
        let (offset, line) = self.line_of(offset);
        let start = self.lines.starts[line];
        let marks = &self.lines.marks;
        let (from, units) = match marks.partition_point(|&(at, _)| at <= offset) {
            0 => (start, 0),
            i if marks[i - 1].0 < start => (start, 0),
            i => marks[i - 1],
        };
        let character = units + self.text[from..offset].encode_utf16().count();
        Position::new(line as u32, character as u32)
    }

    /// The offset clamped to the text and moved back to a character
    /// boundary, and its line.
    fn line_of(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.lines.starts.partition_point(|&s| s <= offset) - 1;
        (offset, line)
    }

    /// The range of a span.
    pub fn range(&self, span: &Span) -> Range {
        Range::new(self.position(span.start), self.position(span.end))
    }

    /// The byte offset of a position; a position past the end of its line
    /// is the line's end, past the last line the end of the text.
    pub fn offset(&self, position: Position) -> usize {
        let line = position.line as usize;
        let Some(&start) = self.lines.starts.get(line) else {
            return self.text.len();
        };
        let end = self
            .lines
            .starts
            .get(line + 1)
            .map_or(self.text.len(), |&next| next - 1);
        let marks = &self.lines.marks;
        let on_line = &marks[marks.partition_point(|&(at, _)| at < start)
            ..marks.partition_point(|&(at, _)| at <= end)];
        let wanted = position.character as usize;
        let (from, mut units) = match on_line.partition_point(|&(_, units)| units <= wanted) {
            0 => (start, 0),
            i => on_line[i - 1],
        };
        for (i, c) in self.text[from..end].char_indices() {
            if units >= wanted {
                return from + i;
            }
            units += c.len_utf16();
        }
        end
    }

    /// The range of the whole text.
    pub fn all(&self) -> Range {
        Range::new(Position::new(0, 0), self.position(self.text.len()))
    }
}
