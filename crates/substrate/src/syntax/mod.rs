//! From source text to a spanned AST: the pest grammar in
//! `grammar/crypta.pest`, the tree builder in `parser`, and the translation
//! of pest's errors into words a puzzle author knows in `errors`.

pub mod ast;
mod errors;
mod parser;
mod shape;

pub use parser::parse_script;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/crypta.pest"]
pub struct CryptaParser;
