//! The open documents, each analysed once per version. An editor sends
//! the whole text on each change; that text is checked then (its
//! diagnostics are published at once) and every request until the next
//! change reads the same [`Analysis`], line index and, when first asked,
//! the same lexed blocks and formatting. A document over the script limit
//! is not analysed: it gets the checker's one diagnostic saying so, and
//! requests about it get empty answers.
//!
//! [`Analysis::new`] is called here and nowhere else in the server, and
//! each call is reported by [`Opened::trace`], which the server sends as
//! `$/logTrace` when the client asked for traces: that is how the tests
//! see that a hover does not analyse again.

use std::cell::OnceCell;
use std::collections::HashMap;

use crypta_core::analysis::Analysis;
use crypta_core::fmt::lex::{self, TokenKind};
use crypta_core::limits::MAX_SCRIPT_BYTES;
use crypta_core::Span;
use lsp_types::Uri;

use super::features;
use super::position::{LineIndex, Lines};

/// A document within the script limit, analysed.
pub struct Script {
    pub text: String,
    pub analysis: Analysis,
    lines: Lines,
    blocks: OnceCell<Vec<Span>>,
    formatted: OnceCell<Option<String>>,
}

impl Script {
    fn new(text: String) -> Self {
        Script {
            analysis: Analysis::new(&text),
            lines: Lines::new(&text),
            text,
            blocks: OnceCell::new(),
            formatted: OnceCell::new(),
        }
    }

    /// Offsets to positions and back.
    pub fn index(&self) -> LineIndex<'_> {
        self.lines.of(&self.text)
    }

    /// The bytes of each `{ }` block (lexed when first asked).
    pub fn blocks(&self) -> &[Span] {
        self.blocks.get_or_init(|| {
            lex::tokens(&self.text)
                .into_iter()
                .filter(|t| t.kind == TokenKind::Block)
                .map(|t| t.span)
                .collect()
        })
    }

    /// What `crypta fmt` makes of the text, `None` when it refuses
    /// (formatted when first asked).
    pub fn formatted(&self) -> Option<&str> {
        self.formatted
            .get_or_init(|| crypta_core::fmt::format_script(&self.text).ok())
            .as_deref()
    }
}

/// One open document.
pub enum Document {
    Script(Script),
    /// Over the script limit: not kept, not analysed.
    TooLarge,
}

/// A document just opened or changed.
pub struct Opened {
    /// Its diagnostics, to publish.
    pub diagnostics: Vec<lsp_types::Diagnostic>,
    /// What was done with it, for `$/logTrace`.
    pub trace: String,
}

/// The open documents, by URI (as text: `Uri` caches its parts inside,
/// so it makes a poor key).
#[derive(Default)]
pub struct Documents(HashMap<String, Document>);

impl Documents {
    /// Opens `uri` with `text`, or replaces its text: the one analysis of
    /// this version.
    pub fn update(&mut self, uri: &Uri, version: i32, text: String) -> Opened {
        let bytes = text.len();
        if bytes > MAX_SCRIPT_BYTES {
            // The checker refuses it without parsing: its one diagnostic,
            // placed on the first character (no index of all the lines).
            let refused = Analysis::new(&text).diagnostics;
            let first = text.chars().next().map_or(0, char::len_utf8);
            let head = &text[..first];
            let lines = Lines::new(head);
            let diagnostics = features::diagnostics(uri, &refused, &lines.of(head));
            self.0.insert(uri.as_str().to_string(), Document::TooLarge);
            return Opened {
                diagnostics,
                trace: format!(
                    "not analysed: {} version {}, {} bytes, over the {} MiB script limit",
                    uri.as_str(),
                    version,
                    bytes,
                    MAX_SCRIPT_BYTES >> 20
                ),
            };
        }
        let script = Script::new(text);
        let diagnostics = features::diagnostics(uri, &script.analysis.diagnostics, &script.index());
        self.0
            .insert(uri.as_str().to_string(), Document::Script(script));
        Opened {
            diagnostics,
            trace: format!(
                "analysed {} version {}, {} bytes",
                uri.as_str(),
                version,
                bytes
            ),
        }
    }

    /// Forgets `uri`.
    pub fn close(&mut self, uri: &Uri) {
        self.0.remove(uri.as_str());
    }

    pub fn get(&self, uri: &Uri) -> Option<&Document> {
        self.0.get(uri.as_str())
    }
}
