//! [`Statement::run_printed`]: a statement run as `crypta run` prints it,
//! its output handed out in [`Piece`]s as soon as each is ready, so that
//! millions of solutions print in the memory of one.

use super::{Answer, Error, InternalError, Options, Statement};
use crypta_engine::report::{json, text, Format};
use crypta_engine::run::{self, ResultBody, StreamEvent};

/// One piece of what `crypta run` prints of a statement. Joined in order,
/// the pieces are the statement's whole output: what
/// [`Answer::to_text`] (or [`Answer::to_json`] and a newline) gives for a
/// run that keeps its solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// What the statement's output starts with: a search's head (the
    /// statement as written, or the start of its JSON object), printed
    /// before the search starts; or the whole output of a statement that
    /// does not stream. A front end that separates statements (a blank
    /// line, a file's name) does so before this piece.
    Start(&'a str),
    /// One solution of `solve` or `first N`, just found.
    Solution(&'a str),
    /// What a streamed search's output ends with: its closing line; or,
    /// after an internal error, what closes its JSON object.
    End(&'a str),
}

impl Statement {
    /// Runs the statement as [`Statement::run_streaming`] does and hands
    /// its output to `print` piece by piece, in `format`, with `file`
    /// named in each JSON object when given: `solve` and `first N` print
    /// their head, each solution when it is found and their end; other
    /// queries print once, when they are done. The answer keeps no
    /// solution of a streamed search.
    ///
    /// After an internal error, the pieces printed stand complete (a JSON
    /// object is closed) and the error is returned for the caller to show.
    pub fn run_printed(
        &self,
        options: &Options,
        format: Format,
        file: Option<&str>,
        mut print: impl FnMut(Piece<'_>),
    ) -> Result<Answer, Error> {
        let mut open = false;
        let mut sink = |event: StreamEvent<'_>| match event {
            StreamEvent::Head(head) => {
                open = true;
                let start = match format {
                    Format::Text => text::head(&head),
                    Format::Json => json::head(&head, file),
                };
                print(Piece::Start(&start));
            }
            StreamEvent::Solution {
                head,
                solution,
                index,
            } => {
                let one = match format {
                    Format::Text => text::solution(&head, solution),
                    Format::Json => json::solution(&head, solution, index),
                };
                print(Piece::Solution(&one));
            }
        };
        let run = run::run_statement_streaming(&self.inner, &options.run_options(), &mut sink);
        match run {
            Ok(result) => {
                match (&result.body, format) {
                    (ResultBody::Searched(search), Format::Text) if search.streamed => {
                        print(Piece::End(&text::tail(search)))
                    }
                    (ResultBody::Searched(search), Format::Json) if search.streamed => {
                        print(Piece::End(&format!("{}\n", json::tail(search))))
                    }
                    (_, Format::Text) => print(Piece::Start(&text::render(&result))),
                    (_, Format::Json) => {
                        print(Piece::Start(&format!("{}\n", json::render(&result, file))))
                    }
                }
                Ok(Answer::of(result, &self.caption))
            }
            Err(message) => {
                // A JSON line left open would not parse.
                if open && format == Format::Json {
                    print(Piece::End(&format!("{}\n", json::abandoned())));
                }
                Err(InternalError::from(message).into())
            }
        }
    }
}
