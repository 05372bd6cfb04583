//! The command line's parts: the clap definition, the output of runs and
//! exit statuses, the subcommands, pictures, editors' commands, the
//! terminal REPL, what stops a run from outside, and a query or puzzle
//! typed where a subcommand goes.

pub mod args;
pub mod commands;
pub mod draw;
pub mod editor;
pub mod generate;
pub mod interactive;
pub mod interchange;
pub mod output;
pub mod pdf;
pub mod sheet;
pub mod shortcut;
pub mod sink;
pub mod stops;
