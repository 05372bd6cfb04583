//! The tokens of a script as an editor sees them: words, punctuation,
//! comments, line ends and whole blocks. The formatter re-spaces them and the
//! language server colours them; neither needs pest's tree, so a token
//! stream that any new operator or keyword passes through unchanged is more
//! robust than a printer per grammar rule.

use crypta_substrate::diagnostic::Span;
use crypta_substrate::vocab;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// Letters, digits, `?` and `_`: a word, a name, a number or a keyword.
    Word,
    /// An operator or a bracket: `+`, `!=`, `..`, `(`, `,`, ...
    Punct,
    /// `;` between statements.
    Semicolon,
    /// `#` to the end of the line.
    Comment,
    /// The end of a line.
    Newline,
    /// A whole `{ ... }` block after a block keyword ([`vocab::BLOCKS`]),
    /// braces included; its body is read by the block's own rules.
    Block,
}

/// One token and where it is in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Its bytes in the source.
    pub span: Span,
}

/// Operators of two characters, read as one token.
const PAIRS: &[&str] = &["!=", "..", "<=", ">=", "=="];

/// True for a character of a word or name: any letter is a symbol
/// (`ココロ`, `ΑΒΓ`).
pub(crate) fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c.is_alphabetic() || c == '?' || c == '_'
}

/// Splits `source` into tokens. Blanks (spaces, tabs, `\r`, U+3000) are
/// dropped; every other byte belongs to exactly one token.
pub fn tokens(source: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut chars = source.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        let kind = match c {
            '\n' => TokenKind::Newline,
            c if c.is_whitespace() => continue,
            vocab::COMMENT => {
                let end = vocab::comment_at(source, start).map_or(source.len(), |s| s.end);
                while chars.peek().is_some_and(|&(i, _)| i < end) {
                    chars.next();
                }
                TokenKind::Comment
            }
            ';' => TokenKind::Semicolon,
            '{' if opens_block(source, &out) => {
                // The body runs to the first `}`, as the grammar reads it.
                for (_, c) in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
                TokenKind::Block
            }
            c if is_word_char(c) => {
                while chars.peek().is_some_and(|&(_, c)| is_word_char(c)) {
                    chars.next();
                }
                TokenKind::Word
            }
            _ => {
                if let Some(&(next, d)) = chars.peek() {
                    let pair = &source[start..next + d.len_utf8()];
                    if PAIRS.contains(&pair) {
                        chars.next();
                    }
                }
                TokenKind::Punct
            }
        };
        let end = chars.peek().map_or(source.len(), |&(i, _)| i);
        out.push(Token {
            kind,
            span: start..end,
        });
    }
    out
}

/// A `{` opens a block when the token before it is a block keyword.
fn opens_block(source: &str, before: &[Token]) -> bool {
    before.last().is_some_and(|t| {
        t.kind == TokenKind::Word && vocab::block(&source[t.span.clone()]).is_some()
    })
}
