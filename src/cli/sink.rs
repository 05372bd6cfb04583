//! Where `crypta generate`'s puzzles go, in the format asked: statements
//! (text), one JSON object per puzzle with the answer that proves it
//! unique (json), or pictures (svg: one on standard output, several with
//! `--out DIR`, blank with `--blank`), drawn by the same path as
//! `crypta run --format svg`, or a PDF sheet (pdf, as `crypta sheet`).

use crate::outln;
use crypta_core::{Format, Options, Script};

use super::draw::{self, DrawOptions};
use super::output::{worse, Output, ERRORS, OK};
use super::sheet::SheetOptions;

/// Takes the puzzles in order and prints or draws them.
pub struct Sink<'o> {
    out: &'o Output,
    /// The puzzles kept for drawing, which needs all of them first.
    drawn: Vec<String>,
    /// Puzzles printed so far (JSON numbers them from 1).
    printed: usize,
    pub code: u8,
    /// `--format pdf`: the puzzles are kept for a sheet.
    pub sheet: Option<SheetOptions>,
}

impl<'o> Sink<'o> {
    pub fn new(out: &'o Output) -> Sink<'o> {
        Sink {
            out,
            drawn: Vec::new(),
            printed: 0,
            code: OK,
            sheet: None,
        }
    }

    /// One puzzle: `statement` is a whole crypta statement, made from seed `seed`.
    pub fn puzzle(&mut self, seed: u64, statement: &str) {
        self.printed += 1;
        if self.out.draw.is_some() || self.sheet.is_some() {
            self.drawn.push(statement.to_string());
            return;
        }
        match self.out.format {
            Format::Text => outln!("{}", statement),
            Format::Json => match answer_json(statement, &self.out.options) {
                Ok(answer) => outln!(
                    "{{\"puzzle\":{},\"seed\":{},\"statement\":{},\"answer\":{}}}",
                    self.printed,
                    seed,
                    serde_json::Value::from(statement),
                    answer
                ),
                Err(message) => {
                    self.out.error(&message);
                    self.code = worse(self.code, ERRORS);
                }
            },
        }
    }

    /// Draws what was kept; returns the exit status of the whole run.
    pub fn finish(self) -> u8 {
        if let Some(sheet) = self.sheet.as_ref().filter(|_| !self.drawn.is_empty()) {
            let script = self.drawn.join("\n\n");
            return worse(
                self.code,
                super::sheet::scripts(self.out, sheet, &[("generate".into(), script)]),
            );
        }
        match &self.out.draw {
            Some(options) if !self.drawn.is_empty() => {
                let script = self.drawn.join("\n\n");
                let options = DrawOptions {
                    blank: options.blank,
                    out: options.out.clone(),
                };
                worse(
                    self.code,
                    draw::scripts(self.out, &options, &[("generate".into(), script)]),
                )
            }
            _ => self.code,
        }
    }
}

/// The JSON answer of running `statement`, as `crypta run --format json`
/// prints it.
fn answer_json(statement: &str, options: &Options) -> Result<String, String> {
    let script = Script::parse(statement);
    let Some(first) = script.statements().first() else {
        return Err(format!(
            "generated `{}` holds no statement",
            statement.escape_debug()
        ));
    };
    first
        .run(options)
        .map(|answer| answer.to_json())
        .map_err(|e| e.to_string())
}
