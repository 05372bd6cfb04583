//! The crypta playground's WebAssembly module: the core behind one
//! JSON-in, JSON-out call, for the page in `web/` (run in a Web Worker).
//! A request is an object with an `op`; [`handle`] answers it with one
//! JSON object, and hands out JSON lines as a search goes on (each
//! solution as it is found). Every answer comes from `crypta_core`'s API
//! and tool modules, the same calls as `crypta check` and `crypta run`;
//! this crate only translates (byte spans to the page's UTF-16 offsets,
//! data to JSON).
//!
//! | `op` | request fields | answer |
//! |---|---|---|
//! | `vocab` | | the language's words by group, each with what it does |
//! | `check` | `source` | diagnostics (spans, help, fix), statements, tokens |
//! | `complete` | `source`, `offset` | where the word starts, the words that fit |
//! | `run` | `source`, `line`?, `timeout_ms`?, `max_nodes`?, `pictures`? | each statement's output, picture, givens, steps |
//! | `apply` | `source`, `statement`, `givens` | the source with the givens written in |
//! | `generate` | `kind`, `seed`, and the kind's options | a new statement |

mod abi;
mod apply;
mod generate;
mod offsets;
mod requests;

pub use requests::handle;
