//! Diagnostics and messages as the command line shows them: drawn with
//! their source (ariadne), as JSON lines, and long or odd messages cut
//! and escaped.

use crypta_engine::report::{diagnostics, json};
use crypta_substrate::diagnostic::Diagnostic;

/// `diagnostics` of `source` drawn as the command line draws them: each
/// with its lines of source, underlined, and a count at the end when there
/// are several. `name` is the file name shown; `color` adds terminal
/// colours. [`crate::Script::render_diagnostics`] draws a script's own.
pub fn render_diagnostics(
    diagnostics: &[Diagnostic],
    name: &str,
    source: &str,
    color: bool,
) -> String {
    diagnostics::render(diagnostics, name, source, color)
}

/// A message as crypta shows it: control characters escaped (`\x1b`),
/// and a message longer than 300 characters cut in the middle.
pub fn excerpt(message: &str) -> String {
    diagnostics::excerpt(message)
}

/// An error that has no place in a script (an unreadable file, an
/// internal error) as `--format json` prints it: `{"error":
/// {"message": ...}}`, one line, without the newline.
pub fn error_json(message: &str) -> String {
    json::render_plain_error(message)
}
