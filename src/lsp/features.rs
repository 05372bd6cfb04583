//! Each answer the server gives, from a document's one [`Analysis`]
//! ([`Script`]): diagnostics, hover, completion, definition, outline,
//! semantic tokens, formatting and quick fixes. Each reads the analysis
//! and at most goes once through the text.

use std::collections::{HashMap, HashSet};

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CompletionItem, CompletionItemKind,
    CompletionResponse, DiagnosticRelatedInformation, DiagnosticSeverity, DocumentSymbol,
    DocumentSymbolResponse, GotoDefinitionResponse, Hover, HoverContents, Location, MarkupContent,
    MarkupKind, NumberOrString, Position, Range, SemanticToken, SemanticTokenType, SemanticTokens,
    SemanticTokensResult, SymbolKind, TextEdit, Uri, WorkspaceEdit,
};

use super::documents::Script;
use super::position::LineIndex;
#[cfg(doc)]
use crypta_core::analysis::Analysis;
use crypta_core::fmt::lex::{self, TokenKind};
use crypta_core::vocab;

/// The kinds of token the server colours, indexed by the tokens it sends.
pub const TOKEN_TYPES: &[SemanticTokenType] = &[
    SemanticTokenType::KEYWORD,
    SemanticTokenType::NUMBER,
    SemanticTokenType::VARIABLE,
    SemanticTokenType::FUNCTION,
    SemanticTokenType::OPERATOR,
    SemanticTokenType::COMMENT,
];
const KEYWORD: u32 = 0;
const NUMBER: u32 = 1;
const VARIABLE: u32 = 2;
const FUNCTION: u32 = 3;
const OPERATOR: u32 = 4;
const COMMENT: u32 = 5;

/// The checker's diagnostics as LSP diagnostics: same messages, the help
/// after the message, secondary labels as related information.
pub fn diagnostics(
    uri: &Uri,
    found: &[crypta_core::Diagnostic],
    index: &LineIndex,
) -> Vec<lsp_types::Diagnostic> {
    found.iter().map(|d| convert(d, uri, index)).collect()
}

fn convert(d: &crypta_core::Diagnostic, uri: &Uri, index: &LineIndex) -> lsp_types::Diagnostic {
    let message = match &d.hint {
        Some(hint) => format!("{}\nhelp: {}", d.message, hint),
        None => d.message.clone(),
    };
    let related: Vec<DiagnosticRelatedInformation> = d
        .labels
        .iter()
        .map(|(span, note)| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), index.range(span)),
            message: note.clone(),
        })
        .collect();
    lsp_types::Diagnostic {
        range: index.range(&d.span),
        severity: Some(if d.kind.is_warning() {
            DiagnosticSeverity::WARNING
        } else {
            DiagnosticSeverity::ERROR
        }),
        code: Some(NumberOrString::String(format!("{:?}", d.kind))),
        source: Some("crypta".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..lsp_types::Diagnostic::default()
    }
}

/// On a `let` name or its use: the definition. On a statement: its kind,
/// symbols and the strategy `explain` would pick (the plan is made, not
/// run).
pub fn hover(script: &Script, position: Position) -> Option<Hover> {
    let index = script.index();
    let (value, span) = script
        .analysis
        .hover(&script.text, index.offset(position))?;
    Some(Hover {
        contents: markdown(value),
        range: Some(index.range(&span)),
    })
}

fn markdown(value: String) -> HoverContents {
    HoverContents::Markup(MarkupContent {
        kind: MarkupKind::Markdown,
        value,
    })
}

/// What fits where the cursor is: queries, blocks and names at the start
/// of a statement, options after `with`, as in the REPL.
pub fn completion(script: &Script, position: Position) -> Option<CompletionResponse> {
    let text = &script.text;
    let offset = script.index().offset(position);
    let inside_block = script
        .blocks()
        .iter()
        .any(|block| block.start < offset && offset < block.end);
    if inside_block {
        return None;
    }
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..offset];
    let before = vocab::code(before);
    if before.len() < offset - line_start {
        return None; // in a comment
    }
    let names: Vec<&str> = script.analysis.names().collect();
    let (_, words) = crypta_core::complete::completions(before, names.iter().copied());
    let items = words
        .into_iter()
        .filter(|w| !w.starts_with(':'))
        .map(|word| {
            let (kind, detail) = if names.contains(&word.as_str()) {
                (CompletionItemKind::VARIABLE, None)
            } else {
                let detail = crypta_core::complete::detail(&word).map(String::from);
                (CompletionItemKind::KEYWORD, detail)
            };
            CompletionItem {
                detail,
                label: word,
                kind: Some(kind),
                ..CompletionItem::default()
            }
        })
        .collect();
    Some(CompletionResponse::Array(items))
}

/// Where the `let` name under the cursor is defined.
pub fn definition(
    script: &Script,
    uri: &Uri,
    position: Position,
) -> Option<GotoDefinitionResponse> {
    let index = script.index();
    let analysis = &script.analysis;
    let (name, _) = analysis.name_at(index.offset(position))?;
    let (_, at) = analysis.definition(name)?.defines.as_ref()?;
    Some(GotoDefinitionResponse::Scalar(Location::new(
        uri.clone(),
        index.range(at),
    )))
}

/// The outline: each `let` name, with the puzzle it names.
pub fn symbols(script: &Script) -> Option<DocumentSymbolResponse> {
    let index = script.index();
    #[allow(deprecated)] // `deprecated` is a field every literal must name.
    let symbols = script
        .analysis
        .entries
        .iter()
        .filter_map(|e| {
            let (name, at) = e.defines.as_ref()?;
            Some(DocumentSymbol {
                name: name.clone(),
                detail: e.bound_kind().map(String::from),
                kind: SymbolKind::VARIABLE,
                tags: None,
                deprecated: None,
                range: index.range(&e.span),
                selection_range: index.range(at),
                children: None,
            })
        })
        .collect();
    Some(DocumentSymbolResponse::Nested(symbols))
}

/// Colours: keywords, numbers, the words of puzzles, `let` names,
/// operators and comments. Block bodies are left to the editor. One pass
/// over the tokens, each looked up in a set (a list of the names' spans
/// made this quadratic).
pub fn semantic_tokens(script: &Script) -> Option<SemanticTokensResult> {
    let text = &script.text;
    let index = script.index();
    let name_spans: HashSet<(usize, usize)> = script
        .analysis
        .entries
        .iter()
        .flat_map(|e| e.defines.iter().chain(e.uses.iter()))
        .map(|(_, span)| (span.start, span.end))
        .collect();
    let keywords = vocab::keywords();
    let mut data = Vec::new();
    let mut last = Position::new(0, 0);
    for token in lex::tokens(text) {
        let word = &text[token.span.clone()];
        let kind = match token.kind {
            TokenKind::Word if name_spans.contains(&(token.span.start, token.span.end)) => FUNCTION,
            TokenKind::Word if keywords.contains(&word) => KEYWORD,
            TokenKind::Word if word.bytes().all(|b| b.is_ascii_digit()) => NUMBER,
            TokenKind::Word => VARIABLE,
            TokenKind::Punct => OPERATOR,
            TokenKind::Comment => COMMENT,
            TokenKind::Semicolon | TokenKind::Newline | TokenKind::Block => continue,
        };
        let start = index.position(token.span.start);
        let length = word.encode_utf16().count() as u32;
        let delta_line = start.line - last.line;
        let delta_start = if delta_line == 0 {
            start.character - last.character
        } else {
            start.character
        };
        data.push(SemanticToken {
            delta_line,
            delta_start,
            length,
            token_type: kind,
            token_modifiers_bitset: 0,
        });
        last = start;
    }
    Some(SemanticTokensResult::Tokens(SemanticTokens {
        result_id: None,
        data,
    }))
}

/// `crypta fmt` as one edit of the whole text; nothing for a script that
/// is formatted already or has syntax errors (those are in the
/// diagnostics).
pub fn format(script: &Script) -> Option<Vec<TextEdit>> {
    let formatted = script.formatted()?;
    if formatted == script.text {
        return Some(Vec::new());
    }
    Some(vec![TextEdit::new(
        script.index().all(),
        formatted.to_string(),
    )])
}

/// A quick fix for each diagnostic in `range` that carries one.
pub fn code_actions(script: &Script, uri: &Uri, range: Range) -> Option<Vec<CodeActionOrCommand>> {
    let index = script.index();
    let (from, to) = (index.offset(range.start), index.offset(range.end));
    let actions = script
        .analysis
        .diagnostics
        .iter()
        .filter(|d| d.span.start <= to && from <= d.span.end)
        .filter_map(|d| {
            let fix = d.fix.as_ref()?;
            let title = if fix.span.is_empty() {
                format!("Add `{}`", fix.replacement.trim_start_matches([',', ' ']))
            } else {
                format!("Replace with `{}`", fix.replacement)
            };
            let edit = TextEdit::new(index.range(&fix.span), fix.replacement.clone());
            Some(CodeActionOrCommand::CodeAction(CodeAction {
                title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![convert(d, uri, &index)]),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(true),
                ..CodeAction::default()
            }))
        })
        .collect();
    Some(actions)
}
