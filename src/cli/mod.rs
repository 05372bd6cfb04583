//! The command line's parts: the clap definition, the output of runs and
//! exit statuses, the subcommands, pictures, editors' commands, the
//! terminal REPL, what stops a run from outside, a query or puzzle
//! typed where a subcommand goes, and the one writer of standard output
//! and standard error (`say`).

pub mod args;
pub mod commands;
pub mod draw;
pub mod editor;
pub mod generate;
pub mod interactive;
pub mod interchange;
pub mod output;
pub mod pdf;
pub mod say;
pub mod sheet;
pub mod shortcut;
pub mod sink;
pub mod stops;
