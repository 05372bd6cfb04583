//! The front end of crypta: the `crypta` command line ([`cli`]), the
//! REPL's session and line editor ([`repl`]) and the language server
//! ([`lsp`]). Each only translates between a terminal, an editor or the
//! command line and the language, which is all in `crypta-core`.
//!
//! This is a library only so that the integration tests reach the REPL's
//! session and the line editor's completion; it is not an API.

#![deny(unsafe_code)]

pub mod cli;
pub mod lsp;
pub mod repl;
