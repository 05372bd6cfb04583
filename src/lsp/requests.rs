//! Requests about an open document, each answered from its one analysis
//! ([`super::documents`]) by a function of [`super::features`].

use lsp_server::{ErrorCode, Request};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    Request as RequestTrait, SemanticTokensFullRequest,
};
use lsp_types::Uri;
use serde_json::Value;

use super::documents::{Document, Documents, Script};
use super::features;

/// A result, or an error's code and message.
pub type Answer = Result<Value, (ErrorCode, String)>;

/// Answers one request about an open document.
pub fn respond(documents: &Documents, request: Request) -> Answer {
    match request.method.as_str() {
        HoverRequest::METHOD => answer::<HoverRequest>(documents, request, |s, p| {
            features::hover(s, p.text_document_position_params.position)
        }),
        Completion::METHOD => answer::<Completion>(documents, request, |s, p| {
            features::completion(s, p.text_document_position.position)
        }),
        GotoDefinition::METHOD => answer::<GotoDefinition>(documents, request, |s, p| {
            let at = &p.text_document_position_params;
            features::definition(s, &at.text_document.uri, at.position)
        }),
        DocumentSymbolRequest::METHOD => {
            answer::<DocumentSymbolRequest>(documents, request, |s, _| features::symbols(s))
        }
        SemanticTokensFullRequest::METHOD => {
            answer::<SemanticTokensFullRequest>(documents, request, |s, _| {
                features::semantic_tokens(s)
            })
        }
        Formatting::METHOD => answer::<Formatting>(documents, request, |s, _| features::format(s)),
        CodeActionRequest::METHOD => answer::<CodeActionRequest>(documents, request, |s, p| {
            features::code_actions(s, &p.text_document.uri, p.range)
        }),
        method => Err((
            ErrorCode::MethodNotFound,
            format!("crypta does not answer `{}`", crypta_core::excerpt(method)),
        )),
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

/// Reads a request's parameters, finds its document and turns the
/// feature's result into JSON. A document over the script limit gets
/// `null` (no hover, no colours, no edits): its diagnostic says why.
fn answer<R>(
    documents: &Documents,
    request: Request,
    feature: impl FnOnce(&Script, &R::Params) -> R::Result,
) -> Answer
where
    R: RequestTrait,
    R::Params: OnDocument,
{
    let params: R::Params = serde_json::from_value(request.params)
        .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))?;
    match documents.get(params.uri()) {
        None => Err((
            ErrorCode::InvalidParams,
            "this document was not opened".to_string(),
        )),
        Some(Document::TooLarge) => Ok(Value::Null),
        Some(Document::Script(script)) => serde_json::to_value(feature(script, &params))
            .map_err(|e| (ErrorCode::InternalError, e.to_string())),
    }
}
