//! Diagnostics through ariadne: the message, the span underlined in the
//! source, secondary labels, and the hint.

use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};

use crate::diagnostic::Diagnostic;

/// The 1-based line and column (in characters) of a byte offset.
pub fn position(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..floor_boundary(source, offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

/// Renders diagnostics for `source` (named `name`) as ariadne reports.
pub fn render(diagnostics: &[Diagnostic], name: &str, source: &str, color: bool) -> String {
    let mut out = Vec::new();
    let config = Config::default()
        .with_color(color)
        .with_index_type(IndexType::Byte);
    for d in diagnostics {
        let clamp = |span: &std::ops::Range<usize>| (name.to_string(), visible(source, span));
        let mut report = Report::build(ReportKind::Error, clamp(&d.span))
            .with_config(config)
            .with_message(&d.message)
            .with_label(Label::new(clamp(&d.span)).with_message(label_for(d)));
        for (span, note) in &d.labels {
            report = report.with_label(Label::new(clamp(span)).with_message(note));
        }
        if let Some(hint) = &d.hint {
            report = report.with_help(hint);
        }
        let _ = report
            .finish()
            .write((name.to_string(), Source::from(source)), &mut out);
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A span inside the source that covers at least one visible character:
/// an empty span (the end of a statement) points at the character before.
fn visible(source: &str, span: &std::ops::Range<usize>) -> std::ops::Range<usize> {
    // ariadne slices the source at the span's ends, so they must fall on
    // character boundaries: widen a span that cuts a character.
    let start = floor_boundary(source, span.start);
    let end = ceil_boundary(source, span.end.max(start));
    if end > start {
        return start..end;
    }
    let before = source[..start].trim_end();
    match before.char_indices().next_back() {
        Some((i, c)) => i..i + c.len_utf8(),
        None => start..end,
    }
}

/// The last character boundary at or before `offset` (clamped to the end).
fn floor_boundary(source: &str, offset: usize) -> usize {
    let mut i = offset.min(source.len());
    while !source.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The first character boundary at or after `offset` (clamped to the end).
fn ceil_boundary(source: &str, offset: usize) -> usize {
    let mut i = offset.min(source.len());
    while !source.is_char_boundary(i) {
        i += 1;
    }
    i
}

fn label_for(d: &Diagnostic) -> &'static str {
    use crate::diagnostic::ErrorKind::*;
    match d.kind {
        Syntax => "here",
        EmptySide => "this side is empty",
        MissingEquals => "no `=` in this equation",
        ChainedEquals => "a second `=`",
        TooManySymbols => "one symbol too many",
        DigitNotInBase => "not a digit of the base",
        BaseOutOfRange => "out of range",
        UnknownOption => "not an option",
        UnusedSymbol => "not in the puzzle",
        Contradiction => "impossible",
        DuplicateOption => "given again",
        BadNumber => "not a digit",
        BadTarget => "not a symbol",
        UnknownName => "not defined",
        DuplicateName => "defined again",
        TooLarge => "too large",
        TooManyErrors => "the last error shown",
        OptionNotApplicable => "not an option of this kind",
        EmptyGrid => "no cells",
        RaggedRow => "this row",
        BadCell => "not a cell",
        ClueWithoutRun => "no run follows",
        RunWithoutClue => "no clue for this run",
        RunTooLong => "more than 9 cells",
        ImpossibleSum => "impossible sum",
        RepeatedGiven => "repeated",
        GivensBreakSum => "the givens break this sum",
        BadRow => "not a row of cells",
        MissingRow => "a row is missing here",
        Misaligned => "cannot line up",
        TooManyRows => "one row too many",
        RowLength => "impossible length",
    }
}
