//! Messages in and out as JSON: a body read as a request, response or
//! notification, or as the JSON-RPC error it gets; and what the server
//! sends, framed as [`super::transport`] reads it.

use std::io::{self, Write};

use lsp_server::{ErrorCode, Message};
use serde_json::{json, Value};

/// What was read: a message, or what to answer for a bad one.
pub enum Frame {
    Message(Message),
    /// Not a message: a JSON-RPC error to send back, with the request's id
    /// when one could be read (`null` otherwise, as JSON-RPC says).
    Bad {
        id: Value,
        code: i32,
        message: String,
    },
    /// A response the server cannot read (the server sends no requests,
    /// so none is awaited): not answered, as JSON-RPC says of responses.
    Unread,
    /// The input ended.
    End,
}

pub fn parse_error(message: String) -> Frame {
    Frame::Bad {
        id: Value::Null,
        code: ErrorCode::ParseError as i32,
        message,
    }
}

/// A body as a message, or the error it gets: a parse error when it is
/// not JSON (nor UTF-8), an invalid request when it is JSON but not a
/// request, response or notification.
pub fn decode(body: &[u8]) -> Frame {
    let text = match std::str::from_utf8(body) {
        Ok(text) => text,
        Err(e) => {
            return parse_error(format!(
                "the message is not UTF-8 (invalid byte at offset {})",
                e.valid_up_to()
            ))
        }
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(value) => value,
        Err(e) => return parse_error(format!("the message is not JSON: {}", e)),
    };
    let Value::Object(fields) = &value else {
        return invalid(
            Value::Null,
            "a message is one JSON object (LSP has no batches)",
        );
    };
    // Read as what its fields say it is: an untagged read would take a
    // request whose id is not an integer or a string for a notification,
    // and never answer it.
    let id = fields.get("id").cloned().unwrap_or(Value::Null);
    let answer_to = match &id {
        Value::Number(_) | Value::String(_) => id.clone(),
        _ => Value::Null,
    };
    let response = !fields.contains_key("method")
        && (fields.contains_key("result") || fields.contains_key("error"));
    let read = if fields.contains_key("method") {
        if fields.contains_key("id") {
            serde_json::from_value(value).map(Message::Request)
        } else {
            serde_json::from_value(value).map(Message::Notification)
        }
    } else {
        serde_json::from_value(value).map(Message::Response)
    };
    match read {
        Ok(message) => Frame::Message(message),
        Err(_) if response => Frame::Unread,
        Err(e) => invalid(
            answer_to,
            &format!("not a request, response or notification: {}", e),
        ),
    }
}

fn invalid(id: Value, message: &str) -> Frame {
    Frame::Bad {
        id,
        code: ErrorCode::InvalidRequest as i32,
        message: message.to_string(),
    }
}

/// Sends `message`, framed.
pub fn send(out: &mut impl Write, message: &Message) -> io::Result<()> {
    message.write(out)
}

/// Sends an error that answers no readable request (lsp-server's
/// `Response` cannot hold a `null` id).
pub fn send_error(out: &mut impl Write, id: Value, code: i32, message: &str) -> io::Result<()> {
    let body = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
    let body = body.to_string();
    write!(out, "Content-Length: {}\r\n\r\n{}", body.len(), body)?;
    out.flush()
}
