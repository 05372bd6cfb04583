//! The stdio framing of LSP (`Content-Length` headers, a blank line, a
//! JSON body), read so that no input stops the server. lsp-server's reader
//! ends its thread, and so the server, on the first malformed message and
//! allocates whatever length a header announces; this one turns each bad
//! message into a JSON-RPC error to answer and reads on.
//!
//! Resynchronising: after a header that cannot be used (no length, a
//! length that is not a number or over [`MAX_MESSAGE_BYTES`], a line that
//! is not a header) the input is skipped up to the next `Content-Length:
//! N` line, not by the announced length: a length can be wrong or absurd
//! (`99999999999`), and skipping it would swallow every message after it.
//! Such a line never occurs inside a valid JSON body (the name would be
//! outside a string, and a string holds no raw line break), so the skip
//! cannot stop inside one. For the same reason a body cut short (its
//! length announced more bytes than were sent before the next message)
//! ends where the next header begins: it is answered as a parse error and
//! the next message is read whole.

use std::io::{self, Read};

use super::wire::{decode, parse_error, Frame};

use crypta_core::limits::MAX_SCRIPT_BYTES;

/// Bytes of one message's body. A `didOpen` or `didChange` carries a
/// whole script, and JSON may escape each of its bytes into six
/// (`\u0001`): a script at [`MAX_SCRIPT_BYTES`] (2 MiB) takes at most 12
/// MiB, its envelope a few hundred bytes more. A document over this is not
/// read at all: its message is answered with a parse error and skipped.
pub const MAX_MESSAGE_BYTES: usize = 6 * MAX_SCRIPT_BYTES + (4 << 20);

/// Bytes of one message's headers (`Content-Length` and perhaps
/// `Content-Type` take about 70).
const MAX_HEADER_BYTES: usize = 4096;

/// The longest `Content-Length: N` line the skip recognises, past its name.
const MAX_LENGTH_LINE: usize = 40;

/// Frames read from a byte stream, with memory in proportion to the
/// largest message accepted whatever the input.
pub struct Reader<R> {
    input: R,
    /// Bytes read and not yet used, from `used` on.
    buffer: Vec<u8>,
    used: usize,
    /// A bad header was answered: skip to the next header before reading.
    skip: bool,
    /// Bytes of the last line read, its line break included.
    line_bytes: usize,
}

impl<R: Read> Reader<R> {
    pub fn new(input: R) -> Self {
        Reader {
            input,
            buffer: Vec::new(),
            used: 0,
            skip: false,
            line_bytes: 0,
        }
    }

    /// The next frame; an error only when the input cannot be read.
    pub fn read(&mut self) -> io::Result<Frame> {
        if std::mem::take(&mut self.skip) {
            self.skip_to_header()?;
        }
        let length = match self.headers()? {
            Headers::End => return Ok(Frame::End),
            Headers::Bad(why) => {
                self.skip = true;
                return Ok(parse_error(why));
            }
            Headers::Length(length) => length,
        };
        if length > MAX_MESSAGE_BYTES as u64 {
            self.skip = true;
            return Ok(parse_error(format!(
                "a message of {} bytes is more than crypta reads ({} MiB): skipped",
                length,
                MAX_MESSAGE_BYTES >> 20
            )));
        }
        let length = length as usize;
        let (body, whole) = self.body(length)?;
        if !whole {
            return Ok(parse_error(format!(
                "the message ended after {} of its {} bytes",
                body.len(),
                length
            )));
        }
        Ok(decode(&body))
    }

    /// Reads more input into the buffer; 0 at its end.
    fn fill(&mut self) -> io::Result<usize> {
        if self.used == self.buffer.len() {
            self.buffer.clear();
            self.used = 0;
        } else if self.used >= 1 << 16 {
            self.buffer.drain(..self.used);
            self.used = 0;
        }
        let mut chunk = [0u8; 1 << 16];
        loop {
            match self.input.read(&mut chunk) {
                Ok(n) => {
                    self.buffer.extend_from_slice(&chunk[..n]);
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// One header line without its line break, `None` at the end of the
    /// input; `Some(Err)` for a line over `room` bytes (consumed whole).
    fn line(&mut self, room: usize) -> io::Result<Option<Result<Vec<u8>, ()>>> {
        let mut searched = 0;
        loop {
            let pending = &self.buffer[self.used..];
            if let Some(i) = pending[searched..].iter().position(|&b| b == b'\n') {
                let end = searched + i;
                let line = pending[..end]
                    .strip_suffix(b"\r")
                    .unwrap_or(&pending[..end]);
                let line = (line.len() <= room).then(|| line.to_vec()).ok_or(());
                self.used += end + 1;
                self.line_bytes = end + 1;
                return Ok(Some(line));
            }
            searched = pending.len();
            if searched > room {
                // Too long: drop what is held, the rest goes with the skip.
                self.used = self.buffer.len();
                return Ok(Some(Err(())));
            }
            if self.fill()? == 0 {
                let ended = self.buffer.len() > self.used;
                self.used = self.buffer.len();
                return Ok(ended.then_some(Err(())));
            }
        }
    }

    fn headers(&mut self) -> io::Result<Headers> {
        let mut length = None;
        let mut room = MAX_HEADER_BYTES;
        let mut seen = false;
        loop {
            let line = match self.line(room)? {
                None if seen => return Ok(Headers::Bad("the input ended in headers".into())),
                None => return Ok(Headers::End),
                Some(Err(())) => {
                    return Ok(Headers::Bad(format!(
                        "headers longer than {} bytes, or cut off by the end of the input",
                        MAX_HEADER_BYTES
                    )))
                }
                Some(Ok(line)) => line,
            };
            room = room.saturating_sub(line.len() + 2);
            if line.is_empty() {
                if !seen {
                    continue; // a stray line break between messages
                }
                return Ok(match length {
                    Some(length) => Headers::Length(length),
                    None => Headers::Bad("a message without a Content-Length header".into()),
                });
            }
            seen = true;
            let line = String::from_utf8_lossy(&line);
            let header = line.split_once(':').filter(|(name, _)| is_token(name));
            let Some((name, value)) = header else {
                // Perhaps a message sent without headers, the next one's
                // header after it on the line: the skip starts here.
                self.used -= self.line_bytes;
                return Ok(Headers::Bad(format!(
                    "not a header: {}",
                    crypta_core::excerpt(&line)
                )));
            };
            if name.trim().eq_ignore_ascii_case("content-length") {
                let value = value.trim();
                match value.parse::<u64>() {
                    Ok(n) if value.bytes().all(|b| b.is_ascii_digit()) => length = Some(n),
                    _ => {
                        return Ok(Headers::Bad(format!(
                            "Content-Length `{}` is not a number of bytes",
                            crypta_core::excerpt(value)
                        )))
                    }
                }
            }
        }
    }

    /// The body of `length` bytes, and whether it came whole: it is cut
    /// where the input ends or where the next message's header begins.
    fn body(&mut self, length: usize) -> io::Result<(Vec<u8>, bool)> {
        let mut searched: usize = 0;
        loop {
            let pending = &self.buffer[self.used..];
            let held = &pending[..pending.len().min(length)];
            let from = searched.saturating_sub(MAX_LENGTH_LINE + 16);
            if let Search::Found(at) = next_header(&held[from..]) {
                let body = held[..from + at].to_vec();
                self.used += from + at;
                return Ok((body, false));
            }
            if held.len() == length {
                let body = held.to_vec();
                self.used += length;
                return Ok((body, true));
            }
            searched = held.len();
            if self.fill()? == 0 {
                let body = self.buffer[self.used..].to_vec();
                self.used = self.buffer.len();
                return Ok((body, false));
            }
        }
    }

    /// Drops input up to the next `Content-Length: N` line (or the end),
    /// holding no more than one read's worth of it.
    fn skip_to_header(&mut self) -> io::Result<()> {
        loop {
            match next_header(&self.buffer[self.used..]) {
                Search::Found(at) => {
                    self.used += at;
                    return Ok(());
                }
                Search::Wait(keep) => self.used += keep,
            }
            if self.fill()? == 0 {
                self.used = self.buffer.len();
                return Ok(());
            }
        }
    }
}

/// Whether `name` can be a header's name (an HTTP token).
fn is_token(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

enum Headers {
    Length(u64),
    Bad(String),
    End,
}

enum Search {
    /// A `Content-Length: N` line starts here.
    Found(usize),
    /// None yet: the bytes from here on may begin one.
    Wait(usize),
}

/// Where the first `Content-Length: N` line ends with its line break in
/// `bytes` (its name in any case, blanks around N).
fn next_header(bytes: &[u8]) -> Search {
    const NAME: &[u8] = b"content-length";
    let mut from = 0;
    while let Some(i) = bytes[from..].iter().position(|&b| b == b':') {
        let colon = from + i;
        from = colon + 1;
        let Some(start) = colon.checked_sub(NAME.len()) else {
            continue;
        };
        if !bytes[start..colon].eq_ignore_ascii_case(NAME) {
            continue;
        }
        match length_line(&bytes[colon + 1..]) {
            Some(true) => return Search::Found(start),
            Some(false) => {}
            None => return Search::Wait(start),
        }
    }
    Search::Wait(bytes.len().saturating_sub(NAME.len()))
}

/// Whether `rest` (after `Content-Length:`) is blanks, digits, blanks and
/// a line break; `None` when it may be but has not come whole.
fn length_line(rest: &[u8]) -> Option<bool> {
    let blank = |b: &u8| *b == b' ' || *b == b'\t';
    let mut i = rest.iter().take_while(|b| blank(b)).count();
    let digits = rest[i..].iter().take_while(|b| b.is_ascii_digit()).count();
    i += digits;
    i += rest[i..].iter().take_while(|b| blank(b)).count();
    if rest[i..].starts_with(b"\r") {
        i += 1;
    }
    match rest.get(i) {
        None if i <= MAX_LENGTH_LINE => None,
        Some(b'\n') => Some(digits > 0 && i <= MAX_LENGTH_LINE),
        _ => Some(false),
    }
}
