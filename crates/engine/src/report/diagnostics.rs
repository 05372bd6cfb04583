//! Diagnostics through ariadne: the message, the span underlined in the
//! source, secondary labels, and the hint.

use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};

use crypta_substrate::diagnostic::Diagnostic;
use crypta_substrate::escape::{ceil_boundary, escaped, floor_boundary, is_escaped};
pub use crypta_substrate::escape::{escape, excerpt, position, shortened};

/// Renders diagnostics for `source` (named `name`) as ariadne reports,
/// followed by a line that counts them when there are several.
///
/// Nothing of the input reaches the terminal as it is: control characters
/// are escaped (an ESC would drive the terminal), and a line longer than
/// [`LONG_LINE`] bytes is shown as excerpts around what the report points
/// at (a 2 MB one-line grid would otherwise be quoted whole, per label).
pub fn render(diagnostics: &[Diagnostic], name: &str, source: &str, color: bool) -> String {
    let mut out = Vec::new();
    let config = Config::default()
        .with_color(color)
        .with_index_type(IndexType::Byte);
    let name = escape(name);
    for d in diagnostics {
        let spans: Vec<&std::ops::Range<usize>> = std::iter::once(&d.span)
            .chain(d.labels.iter().map(|(span, _)| span))
            .collect();
        let shown = Shown::new(source, &spans);
        let clamp = |span: &std::ops::Range<usize>| {
            let span = visible(source, span);
            (name.clone(), shown.map(span.start)..shown.map_end(span.end))
        };
        let kind = if d.kind.is_warning() {
            ReportKind::Warning
        } else {
            ReportKind::Error
        };
        let mut report = Report::build(kind, clamp(&d.span))
            .with_config(config)
            .with_message(excerpt(&d.message))
            .with_label(Label::new(clamp(&d.span)).with_message(label_for(d)));
        for (span, note) in &d.labels {
            report = report.with_label(Label::new(clamp(span)).with_message(excerpt(note)));
        }
        if let Some(hint) = &d.hint {
            report = report.with_help(excerpt(hint));
        }
        if shown.cut {
            let (line, _) = position(source, d.span.start);
            report = report.with_note(format!("line {} is long: shown in part", line));
        }
        let mut one = Vec::new();
        let _ = report
            .finish()
            .write((name.clone(), Source::from(shown.text.as_str())), &mut one);
        let one = String::from_utf8_lossy(&one).into_owned();
        if shown.cut {
            let (line, column) = position(source, visible(source, &d.span).start);
            out.extend_from_slice(true_column(&one, line, column).as_bytes());
        } else {
            out.extend_from_slice(one.as_bytes());
        }
    }
    let mut text = String::from_utf8_lossy(&out).into_owned();
    // A report cut at the limit ends with its own count of the rest.
    let cut = diagnostics
        .last()
        .is_some_and(|d| d.kind == crypta_substrate::diagnostic::ErrorKind::TooManyErrors);
    let warnings = diagnostics.iter().filter(|d| d.kind.is_warning()).count();
    let errors = diagnostics.len() - warnings;
    if errors > 1 && !cut {
        text.push_str(&format!("{} errors\n", errors));
    }
    if warnings > 1 {
        text.push_str(&format!("{} warnings\n", warnings));
    }
    text
}

/// `report` with the column in its header (`name:1:62`, counted in the
/// excerpt ariadne was given) replaced by `column`, the column in the line
/// as typed.
fn true_column(report: &str, line: usize, column: usize) -> String {
    // The header is the report's second line (the message is the first,
    // and carries no line breaks: they are escaped).
    let mut lines = report.split_inclusive('\n');
    let header_start = lines.next().map_or(0, str::len);
    let header = lines.next().unwrap_or_default();
    let marker = format!(":{}:", line);
    let Some(at) = header.rfind(&marker) else {
        return report.to_string();
    };
    let from = header_start + at + marker.len();
    let digits = report[from..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(report.len() - from);
    format!("{}{}{}", &report[..from], column, &report[from + digits..])
}

/// Lines longer than this many bytes are shown as excerpts.
pub const LONG_LINE: usize = 400;
/// Bytes kept on each side of a span's end in a long line.
const CONTEXT: usize = 60;

/// The source as a report shows it: control characters escaped and long
/// lines cut to excerpts, with where each original offset went.
struct Shown {
    text: String,
    /// Replaced pieces: (original start, original end, shown start, shown
    /// end), in order.
    pieces: Vec<Piece>,
    /// A long line was cut: ariadne's columns count the shown text.
    cut: bool,
}

/// (original start, original end, shown start, shown end).
type Piece = (usize, usize, usize, usize);

impl Shown {
    fn new(source: &str, spans: &[&std::ops::Range<usize>]) -> Shown {
        let long = source.split('\n').any(|line| line.len() > LONG_LINE);
        if !long && !source.chars().any(is_escaped) {
            return Shown {
                text: source.to_string(),
                pieces: Vec::new(),
                cut: false,
            };
        }
        let mut text = String::with_capacity(source.len().min(1 << 16));
        let mut pieces = Vec::new();
        let mut line_start = 0;
        for line in source.split_inclusive('\n') {
            let line_end = line_start + line.len();
            // The parts of a long line to keep: around each span's ends.
            let keep: Vec<(usize, usize)> = if line.len() > LONG_LINE {
                let mut keep: Vec<(usize, usize)> = spans
                    .iter()
                    .flat_map(|s| [s.start, s.end])
                    .filter(|&p| p >= line_start && p <= line_end)
                    .map(|p| {
                        (
                            floor_boundary(source, p.saturating_sub(CONTEXT).max(line_start)),
                            ceil_boundary(source, (p + CONTEXT).min(line_end)),
                        )
                    })
                    .collect();
                keep.sort_unstable();
                keep
            } else {
                vec![(line_start, line_end)]
            };
            let mut at = line_start;
            fn elide(from: usize, to: usize, text: &mut String, pieces: &mut Vec<Piece>) {
                if to > from {
                    let shown = text.len();
                    text.push('…');
                    pieces.push((from, to, shown, text.len()));
                }
            }
            for (from, to) in keep {
                let from = from.max(at);
                if to <= from {
                    continue;
                }
                elide(at, from, &mut text, &mut pieces);
                for (i, c) in source[from..to].char_indices() {
                    if is_escaped(c) && !(c == '\r' && source[from + i..].starts_with("\r\n")) {
                        let shown = text.len();
                        text.push_str(&escaped(c));
                        let o = from + i;
                        pieces.push((o, o + c.len_utf8(), shown, text.len()));
                    } else {
                        text.push(c);
                    }
                }
                at = to;
            }
            // What is left of a long line, short of its line break.
            let rest_end = if line.ends_with('\n') {
                line_end - 1
            } else {
                line_end
            };
            if at < rest_end {
                elide(at, rest_end, &mut text, &mut pieces);
                at = rest_end;
            }
            if at < line_end {
                text.push_str(&source[at..line_end]);
            }
            line_start = line_end;
        }
        Shown {
            text,
            pieces,
            cut: long,
        }
    }

    /// Where an original offset is shown (the start of a replaced piece it
    /// falls in).
    fn map(&self, offset: usize) -> usize {
        let i = self.pieces.partition_point(|p| p.0 <= offset);
        match i.checked_sub(1).map(|i| self.pieces[i]) {
            None => offset,
            Some((_, to, shown_from, _)) if offset < to => shown_from,
            Some((_, to, _, shown_to)) => offset - to + shown_to,
        }
    }

    /// As [`Shown::map`], for the end of a span: a piece it falls inside is
    /// shown whole.
    fn map_end(&self, offset: usize) -> usize {
        let i = self.pieces.partition_point(|p| p.0 < offset);
        match i.checked_sub(1).map(|i| self.pieces[i]) {
            None => offset,
            Some((_, to, _, shown_to)) if offset <= to => shown_to,
            Some((_, to, _, shown_to)) => offset - to + shown_to,
        }
    }
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

fn label_for(d: &Diagnostic) -> &'static str {
    use crypta_substrate::diagnostic::ErrorKind::*;
    match d.kind {
        Syntax => "here",
        EmptySide => "this side is empty",
        MissingEquals => "no `=` in this equation",
        // `A < B < C` chains relations, not `=`: the checker's label on
        // the first one says which.
        ChainedEquals
            if d.labels
                .iter()
                .any(|(_, note)| note == "the first relation") =>
        {
            "a second relation"
        }
        ChainedEquals => "a second `=`",
        TooManySymbols => "one symbol too many",
        DigitNotInBase => "not a digit of the base",
        BaseOutOfRange => "out of range",
        UnknownOption => "not an option",
        UnusedSymbol => "not in the puzzle",
        Contradiction => "impossible",
        DuplicateOption => "given again",
        BadNumber => "not a digit",
        FirstZero => "asks for none",
        BadTarget => "not a symbol",
        UnknownName => "not defined",
        DuplicateName => "defined again",
        TooLarge => "too large",
        TooManyErrors => "the last error shown",
        OptionNotApplicable => "not an option of this kind",
        NotInSystem => "not a part of a system",
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
        ImpossibleCondition => "can never hold",
        RepeatedSymbol => "the letter again",
        ConflictingOptions => "conflicts with another option",
        ZeroDivisor => "always 0",
    }
}
