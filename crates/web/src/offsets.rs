//! Byte offsets (the core's spans) to and from UTF-16 offsets (a
//! JavaScript string's indices), so that a squiggle lands on the exact
//! characters even after `×` or a non-Latin comment.

/// The UTF-16 offset of every byte offset of one text.
pub struct Offsets {
    utf16: Vec<u32>,
}

impl Offsets {
    /// The table for `text`.
    pub fn new(text: &str) -> Offsets {
        let mut utf16 = vec![0u32; text.len() + 1];
        let mut at = 0u32;
        for (i, c) in text.char_indices() {
            // Bytes inside a character map to its start.
            for slot in &mut utf16[i..i + c.len_utf8()] {
                *slot = at;
            }
            at += c.len_utf16() as u32;
        }
        utf16[text.len()] = at;
        Offsets { utf16 }
    }

    /// The UTF-16 offset of byte `byte` (clamped to the text).
    pub fn to_utf16(&self, byte: usize) -> usize {
        self.utf16[byte.min(self.utf16.len() - 1)] as usize
    }
}

/// The byte offset of UTF-16 offset `unit` in `text` (clamped, and moved
/// back to the start of the character it falls in).
pub fn to_byte(text: &str, unit: usize) -> usize {
    let mut at = 0;
    for (i, c) in text.char_indices() {
        if at + c.len_utf16() > unit {
            return i;
        }
        at += c.len_utf16();
    }
    text.len()
}
