//! A language-server client for the tests: runs `crypta lsp` and speaks
//! JSON-RPC to it over its standard input and output, framed with
//! `Content-Length` headers as editors do.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

/// How long any answer may take before the test fails (not a timing: a
/// guard against a server that never answers).
const PATIENCE: Duration = super::ends::CEILING;

/// A running `crypta lsp` and what it has sent and not yet been read.
pub struct Client {
    /// Taken by [`Client::shutdown`] to wait for it.
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    incoming: Receiver<Value>,
    /// Notifications read while waiting for a response.
    pub notifications: Vec<Value>,
    next_id: u64,
}

impl Client {
    /// Starts the server (not yet initialised).
    pub fn start() -> Client {
        let mut child = super::crypta()
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start crypta lsp");
        let stdout = child.stdout.take().expect("stdout");
        let (send, incoming) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if send.send(message).is_err() {
                    break;
                }
            }
        });
        Client {
            stdin: child.stdin.take(),
            child: Some(child),
            incoming,
            notifications: Vec::new(),
            next_id: 1,
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{}", body.len(), body).as_bytes());
    }

    /// Writes bytes as they are, framed or not.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("the server's input is open");
        stdin.write_all(bytes).expect("write");
        stdin.flush().expect("flush");
    }

    /// The next response with a `null` id (an error for a message that
    /// could not be read), notifications kept for later.
    pub fn unaddressed_response(&mut self) -> Value {
        loop {
            let message = self.receive();
            if message.get("id") == Some(&Value::Null) && message.get("method").is_none() {
                return message;
            }
            self.notifications.push(message);
        }
    }

    /// Closes the server's input.
    pub fn close_input(&mut self) {
        drop(self.stdin.take());
    }

    /// Sends a request and returns its response's `result` (panics on an
    /// error response).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let response = self.request_raw(method, params);
        if let Some(error) = response.get("error") {
            panic!("{} failed: {}", method, error);
        }
        response["result"].clone()
    }

    /// Sends a request and returns the whole response.
    pub fn request_raw(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.receive();
            if message.get("id") == Some(&json!(id)) && message.get("method").is_none() {
                return message;
            }
            self.notifications.push(message);
        }
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next notification with this method (read earlier or now).
    pub fn notification(&mut self, method: &str) -> Value {
        if let Some(i) = self
            .notifications
            .iter()
            .position(|n| n["method"] == method)
        {
            return self.notifications.remove(i)["params"].clone();
        }
        loop {
            let message = self.receive();
            if message["method"] == method {
                return message["params"].clone();
            }
            self.notifications.push(message);
        }
    }

    fn receive(&mut self) -> Value {
        self.incoming
            .recv_timeout(PATIENCE)
            .expect("the server answered in time")
    }

    /// `initialize` and `initialized`; returns the server's capabilities.
    pub fn initialize(&mut self) -> Value {
        self.initialize_with(json!({"processId": null, "rootUri": null, "capabilities": {}}))
    }

    /// `initialize` with these parameters, and `initialized`.
    pub fn initialize_with(&mut self, params: Value) -> Value {
        let result = self.request("initialize", params);
        self.notify("initialized", json!({}));
        result["capabilities"].clone()
    }

    /// `shutdown` and `exit`; returns the server's exit status.
    pub fn shutdown(mut self) -> Option<i32> {
        let result = self.request("shutdown", Value::Null);
        assert_eq!(result, Value::Null);
        self.exit()
    }

    /// `exit`; returns the server's exit status.
    pub fn exit(mut self) -> Option<i32> {
        self.notify("exit", Value::Null);
        self.wait()
    }

    /// Closes the server's input and returns its exit status.
    pub fn wait(mut self) -> Option<i32> {
        drop(self.stdin.take());
        let child = self.child.take().expect("a server not yet shut down");
        let (status, _) = super::ends::status(child);
        status.code()
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// One framed message, or `None` at the end of the stream.
fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).ok()? == 0 {
            return None;
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some(value) = header.strip_prefix("Content-Length:") {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}
