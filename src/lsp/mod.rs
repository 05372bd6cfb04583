//! `crypta lsp`: a language server for editors, on `lsp-server`'s and
//! `lsp-types`' messages (as rust-analyzer is) over a stdio framing of its
//! own (`transport.rs`, `wire.rs`), which answers a malformed message with an error
//! and reads on. The binary hands it standard input and output; the tests
//! run the binary and speak to it over pipes.
//!
//! It publishes the checker's diagnostics when a script is opened and on
//! every change, and answers hover, completion, go to definition, semantic
//! tokens, formatting and quick fixes. It checks and never solves, so no
//! reply waits on a search; each document is analysed once per version
//! (`documents.rs`), and one over the script limit is not analysed at all,
//! so every request is bounded by the text of a script within the limit.

mod documents;
mod features;
mod position;
mod requests;
mod transport;
mod wire;

use std::io::{self, Read, Write};

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Exit, LogTrace,
    Notification as NotificationTrait, PublishDiagnostics, SetTrace,
};
use lsp_types::request::{Initialize, Request as RequestTrait, Shutdown};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, HoverProviderCapability, LogTraceParams,
    OneOf, PositionEncodingKind, PublishDiagnosticsParams, SemanticTokensFullOptions,
    SemanticTokensLegend, SemanticTokensOptions, SemanticTokensServerCapabilities,
    ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind, TraceValue,
};
use serde_json::{json, Value};

use documents::Documents;
use transport::Reader;
use wire::Frame;

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

/// How serving ended.
pub enum Ending {
    /// `exit`: after `shutdown` (LSP asks for exit status 0) or not (1).
    Exit { shut_down: bool },
    /// The input ended.
    End,
}

/// Where the client is in the protocol's life.
#[derive(PartialEq)]
enum Phase {
    /// Before `initialize`.
    Starting,
    Running,
    /// After `shutdown`: every request is refused, `exit` awaited.
    ShutDown,
}

struct Server<W> {
    out: W,
    documents: Documents,
    phase: Phase,
    /// The client asked for `$/logTrace` (`trace` at `initialize`, or
    /// `$/setTrace`).
    trace: bool,
}

/// Serves one client from `input` to `output` until `exit` or the end of
/// the input. Each message is answered in turn, a malformed one with an
/// error; only an input or output that fails ends it early.
pub fn serve(input: impl Read, output: impl Write) -> io::Result<Ending> {
    let mut reader = Reader::new(input);
    let mut server = Server {
        out: output,
        documents: Documents::default(),
        phase: Phase::Starting,
        trace: false,
    };
    loop {
        match reader.read()? {
            Frame::End => return Ok(Ending::End),
            Frame::Bad { id, code, message } => {
                wire::send_error(&mut server.out, id, code, &message)?
            }
            Frame::Message(Message::Request(request)) => server.request(request)?,
            Frame::Message(Message::Notification(notification)) => {
                if let Some(ending) = server.notification(notification)? {
                    return Ok(ending);
                }
            }
            Frame::Message(Message::Response(_)) | Frame::Unread => {}
        }
    }
}

use requests::Answer;

impl<W: Write> Server<W> {
    fn send(&mut self, message: impl Into<Message>) -> io::Result<()> {
        wire::send(&mut self.out, &message.into())
    }

    fn request(&mut self, request: Request) -> io::Result<()> {
        let id = request.id.clone();
        let answer: Answer = match (&self.phase, request.method.as_str()) {
            (Phase::Starting, Initialize::METHOD) => {
                self.trace = traces(request.params.get("trace"));
                self.phase = Phase::Running;
                Ok(json!({
                    "capabilities": capabilities(),
                    "serverInfo": {"name": "crypta", "version": env!("CARGO_PKG_VERSION")},
                }))
            }
            (Phase::Starting, _) => Err((
                ErrorCode::ServerNotInitialized,
                "the first request must be `initialize`".into(),
            )),
            (Phase::ShutDown, _) => Err((
                ErrorCode::InvalidRequest,
                "the server is shut down: only `exit` is expected".into(),
            )),
            (Phase::Running, Initialize::METHOD) => Err((
                ErrorCode::InvalidRequest,
                "the server is initialised already".into(),
            )),
            (Phase::Running, Shutdown::METHOD) => {
                self.phase = Phase::ShutDown;
                Ok(Value::Null)
            }
            (Phase::Running, _) => {
                let documents = &self.documents;
                // A bug in one answer is that answer's error, not the end
                // of the session (the panic's message goes to stderr, the
                // editor's log).
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    requests::respond(documents, request)
                }))
                .unwrap_or_else(|_| {
                    Err((
                        ErrorCode::InternalError,
                        "crypta failed on this request (a bug: please report it)".into(),
                    ))
                })
            }
        };
        let response = match answer {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(response)
    }

    /// Keeps the open documents up to date and publishes the diagnostics
    /// of the one that changed; `Some` on `exit`.
    fn notification(&mut self, notification: Notification) -> io::Result<Option<Ending>> {
        if notification.method == Exit::METHOD {
            let shut_down = self.phase == Phase::ShutDown;
            return Ok(Some(Ending::Exit { shut_down }));
        }
        // LSP: dropped before `initialize`; nothing to do after `shutdown`.
        if self.phase != Phase::Running {
            return Ok(None);
        }
        let params = notification.params;
        let (uri, version, text) = match notification.method.as_str() {
            SetTrace::METHOD => {
                self.trace = traces(params.get("value"));
                return Ok(None);
            }
            DidOpenTextDocument::METHOD => {
                let Ok(params) =
                    serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(params)
                else {
                    return Ok(None);
                };
                let document = params.text_document;
                (document.uri, Some(document.version), Some(document.text))
            }
            DidChangeTextDocument::METHOD => {
                let Ok(params) =
                    serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(params)
                else {
                    return Ok(None);
                };
                // Full synchronisation: the last change is the whole text.
                let Some(change) = params.content_changes.into_iter().last() else {
                    return Ok(None);
                };
                let document = params.text_document;
                (document.uri, Some(document.version), Some(change.text))
            }
            DidCloseTextDocument::METHOD => {
                let Ok(params) =
                    serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(params)
                else {
                    return Ok(None);
                };
                self.documents.close(&params.text_document.uri);
                (params.text_document.uri, None, None)
            }
            _ => return Ok(None),
        };
        let diagnostics = match (version, text) {
            (Some(version), Some(text)) => {
                let opened = self.documents.update(&uri, version, text);
                if self.trace {
                    let trace = LogTraceParams {
                        message: opened.trace,
                        verbose: None,
                    };
                    self.send(Notification::new(LogTrace::METHOD.into(), trace))?;
                }
                opened.diagnostics
            }
            _ => Vec::new(),
        };
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        self.send(Notification::new(PublishDiagnostics::METHOD.into(), params))
            .map(|()| None)
    }
}

/// Whether a `trace` setting (`off`, `messages` or `verbose`) asks for
/// traces.
fn traces(setting: Option<&Value>) -> bool {
    setting
        .and_then(|value| serde_json::from_value::<TraceValue>(value.clone()).ok())
        .is_some_and(|value| value != TraceValue::Off)
}
