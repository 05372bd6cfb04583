//! `crypta lsp`: a language server for editors, on `lsp-server` and
//! `lsp-types` (as rust-analyzer is). The binary hands it a connection over
//! standard input and output; the tests hand it one in memory or run the
//! binary and speak to it over pipes.
//!
//! It publishes the checker's diagnostics when a script is opened and on
//! every change, and answers hover, completion, go to definition, semantic
//! tokens, formatting and quick fixes. It checks and never solves, so no
//! reply waits on a search.

mod features;
mod position;

use std::collections::HashMap;
use std::error::Error;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
    Notification as NotificationTrait, PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    Request as RequestTrait, SemanticTokensFullRequest,
};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, HoverProviderCapability, OneOf,
    PositionEncodingKind, PublishDiagnosticsParams, SemanticTokensFullOptions,
    SemanticTokensLegend, SemanticTokensOptions, SemanticTokensServerCapabilities,
    ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};

/// The open documents' texts, by URI (as text: `Uri` caches its parts
/// inside, so it makes a poor key).
type Documents = HashMap<String, String>;

/// What the server can do, as it tells the client at `initialize`.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into(), ",".into()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: SemanticTokensLegend {
                    token_types: features::TOKEN_TYPES.to_vec(),
                    token_modifiers: Vec::new(),
                },
                full: Some(SemanticTokensFullOptions::Bool(true)),
                ..SemanticTokensOptions::default()
            },
        )),
        ..ServerCapabilities::default()
    }
}

/// Serves one client on `connection` until it shuts down: the
/// `initialize` handshake, then requests and notifications in order.
pub fn serve(connection: &Connection) -> Result<(), Box<dyn Error + Send + Sync>> {
    connection.initialize(serde_json::to_value(capabilities())?)?;
    let mut documents = Documents::new();
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request)? {
                    return Ok(());
                }
                let response = respond(&documents, request);
                connection.sender.send(Message::Response(response))?;
            }
            Message::Notification(notification) => {
                if let Some(published) = notify(&mut documents, notification) {
                    connection.sender.send(Message::Notification(published))?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

/// Keeps the open documents up to date; returns the diagnostics to
/// publish for the one that changed.
fn notify(documents: &mut Documents, notification: Notification) -> Option<Notification> {
    let (uri, text) = match notification.method.as_str() {
        DidOpenTextDocument::METHOD => {
            let params: lsp_types::DidOpenTextDocumentParams =
                serde_json::from_value(notification.params).ok()?;
            (params.text_document.uri, Some(params.text_document.text))
        }
        DidChangeTextDocument::METHOD => {
            let params: lsp_types::DidChangeTextDocumentParams =
                serde_json::from_value(notification.params).ok()?;
            // Full synchronisation: the last change is the whole text.
            let text = params.content_changes.into_iter().last()?.text;
            (params.text_document.uri, Some(text))
        }
        DidCloseTextDocument::METHOD => {
            let params: lsp_types::DidCloseTextDocumentParams =
                serde_json::from_value(notification.params).ok()?;
            documents.remove(params.text_document.uri.as_str());
            (params.text_document.uri, None)
        }
        _ => return None,
    };
    let diagnostics = match &text {
        Some(text) => features::diagnostics(&uri, text),
        None => Vec::new(),
    };
    if let Some(text) = text {
        documents.insert(uri.as_str().to_string(), text);
    }
    let params = PublishDiagnosticsParams {
        uri,
        diagnostics,
        version: None,
    };
    Some(Notification::new(PublishDiagnostics::METHOD.into(), params))
}

/// Answers one request about an open document.
fn respond(documents: &Documents, request: Request) -> Response {
    let id = request.id.clone();
    let result = match request.method.as_str() {
        HoverRequest::METHOD => answer::<HoverRequest>(documents, request, |d, p| {
            features::hover(d, p.text_document_position_params.position)
        }),
        Completion::METHOD => answer::<Completion>(documents, request, |d, p| {
            features::completion(d, p.text_document_position.position)
        }),
        GotoDefinition::METHOD => answer::<GotoDefinition>(documents, request, |d, p| {
            let at = &p.text_document_position_params;
            features::definition(d, &at.text_document.uri, at.position)
        }),
        DocumentSymbolRequest::METHOD => {
            answer::<DocumentSymbolRequest>(documents, request, |d, _| features::symbols(d))
        }
        SemanticTokensFullRequest::METHOD => {
            answer::<SemanticTokensFullRequest>(documents, request, |d, _| {
                features::semantic_tokens(d)
            })
        }
        Formatting::METHOD => answer::<Formatting>(documents, request, |d, _| features::format(d)),
        CodeActionRequest::METHOD => answer::<CodeActionRequest>(documents, request, |d, p| {
            features::code_actions(d, &p.text_document.uri, p.range)
        }),
        method => Err((
            ErrorCode::MethodNotFound,
            format!("crypta does not answer `{}`", method),
        )),
    };
    match result {
        Ok(value) => Response::new_ok(id, value),
        Err((code, message)) => Response::new_err(id, code as i32, message),
    }
}

/// The document a request is about.
trait OnDocument {
    fn uri(&self) -> &Uri;
}

macro_rules! on_document {
    ($($params:ty => $($field:ident).+;)*) => {$(
        impl OnDocument for $params {
            fn uri(&self) -> &Uri {
                &self.$($field).+.uri
            }
        }
    )*};
}

on_document! {
    lsp_types::HoverParams => text_document_position_params.text_document;
    lsp_types::CompletionParams => text_document_position.text_document;
    lsp_types::GotoDefinitionParams => text_document_position_params.text_document;
    lsp_types::DocumentSymbolParams => text_document;
    lsp_types::SemanticTokensParams => text_document;
    lsp_types::DocumentFormattingParams => text_document;
    lsp_types::CodeActionParams => text_document;
}

type Answer = Result<serde_json::Value, (ErrorCode, String)>;

/// Reads a request's parameters, finds its document and turns the
/// feature's result into JSON.
fn answer<R>(
    documents: &Documents,
    request: Request,
    feature: impl FnOnce(&str, &R::Params) -> R::Result,
) -> Answer
where
    R: RequestTrait,
    R::Params: OnDocument,
{
    let params: R::Params = serde_json::from_value(request.params)
        .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))?;
    let text = documents.get(params.uri().as_str()).ok_or_else(|| {
        (
            ErrorCode::InvalidParams,
            "this document was not opened".to_string(),
        )
    })?;
    serde_json::to_value(feature(text, &params))
        .map_err(|e| (ErrorCode::InternalError, e.to_string()))
}
