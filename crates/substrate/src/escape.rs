//! What of the input may reach a terminal or a JSON line: text with its
//! control and invisible characters escaped, long messages cut in the
//! middle, and byte offsets as lines and columns. Every renderer (the
//! diagnostics, JSON, SVG) goes through here, so nothing from the input
//! is shown as it is.

/// The 1-based line and column (in characters) of a byte offset.
pub fn position(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..floor_boundary(source, offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

/// Characters of a message (or label, or hint) shown at most.
const LONG_MESSAGE: usize = 300;

/// `text` with control characters escaped (`\x1b`, `\u{85}`), and the
/// invisible ones that change how a terminal shows the rest (see
/// [`is_invisible`]); tabs and line breaks stay.
pub fn escape(text: &str) -> String {
    if !text.chars().any(is_escaped) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_escaped(c) {
            out.push_str(&escaped(c));
        } else {
            out.push(c);
        }
    }
    out
}

pub fn is_escaped(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || is_invisible(c)
}

/// The characters of Unicode's general category Cf (format: the
/// bidirectional controls U+202A–U+202E, U+2066–U+2069, U+200E, U+200F
/// and U+061C, zero-width spaces and joiners, U+2060, the byte-order mark
/// U+FEFF, ...) and the line and paragraph separators U+2028 and U+2029.
/// Shown raw, they reorder or hide what follows them on a terminal (a
/// diagnostic that reads differently from the bytes it points at), so
/// they are escaped like ESC. The table is Unicode 15.1's Cf, whole.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c as u32,
        0xAD | 0x600..=0x605
            | 0x61C
            | 0x6DD
            | 0x70F
            | 0x890..=0x891
            | 0x8E2
            | 0x180E
            | 0x200B..=0x200F
            | 0x2028..=0x202E
            | 0x2060..=0x2064
            | 0x2066..=0x206F
            | 0xFEFF
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0001
            | 0xE0020..=0xE007F
    )
}

pub fn escaped(c: char) -> String {
    if (c as u32) < 0x80 {
        format!("\\x{:02x}", c as u32)
    } else {
        format!("\\u{{{:x}}}", c as u32)
    }
}

/// A message escaped and, past `LONG_MESSAGE` characters, cut in the
/// middle.
pub fn excerpt(text: &str) -> String {
    shortened(text, LONG_MESSAGE)
}

/// `text` escaped and, past `keep` characters, cut in the middle, saying
/// how many characters were left out (a piece of input quoted in a
/// message, such as a word of a word list).
pub fn shortened(text: &str, keep: usize) -> String {
    let text = escape(text);
    let count = text.chars().count();
    if count <= keep {
        return text;
    }
    let head: String = text.chars().take(keep / 2).collect();
    let tail: String = text.chars().skip(count - keep / 2).collect();
    format!("{}…[{} characters]…{}", head, count - keep, tail)
}

/// The last character boundary at or before `offset` (clamped to the end).
pub fn floor_boundary(source: &str, offset: usize) -> usize {
    let mut i = offset.min(source.len());
    while !source.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The first character boundary at or after `offset` (clamped to the end).
pub fn ceil_boundary(source: &str, offset: usize) -> usize {
    let mut i = offset.min(source.len());
    while !source.is_char_boundary(i) {
        i += 1;
    }
    i
}
