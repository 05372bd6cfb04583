//! One interactive session: names and statement numbers persist from one
//! input to the next, and errors point into the line typed.
//!
//! Everything typed is appended to one session text. A new input is checked
//! against that text with the earlier inputs blanked out (every byte but
//! newlines replaced by a space), so spans and line numbers stay valid for
//! names defined earlier, and nothing is checked twice.

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::help::HELP;
use crypta_core::limits::{read_text, Input, MAX_SCRIPT_BYTES};
use crypta_core::{excerpt, Format, Options, Scope, Script};

/// What the user can change with commands.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Text or JSON, as `:format` sets it.
    pub format: Format,
    /// Time allowed per statement (`:timeout`); `None` for no limit.
    pub timeout: Option<Duration>,
    /// Show how long each statement took.
    pub show_time: bool,
    /// Colour in diagnostics.
    pub color: bool,
}

/// What to show after an input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// For standard output: results, help and command replies.
    pub out: String,
    /// For standard error: diagnostics and errors.
    pub err: String,
    /// The user asked to leave.
    pub quit: bool,
}

/// One REPL session: its settings, everything typed so far, and the names
/// and statement numbers that carry over from one input to the next.
pub struct Session {
    /// The current settings; commands change them.
    pub settings: Settings,
    source: String,
    scope: Scope,
}

impl Session {
    /// A session with nothing typed yet.
    pub fn new(settings: Settings) -> Self {
        Session {
            settings,
            source: String::new(),
            scope: Scope::new(),
        }
    }

    /// The names defined so far.
    pub fn names(&self) -> Vec<String> {
        self.scope.names().map(String::from).collect()
    }

    /// Handles one input: a command or statements. `interrupt` stops a
    /// running search when set; `found` follows its solution count.
    pub fn handle(
        &mut self,
        input: &str,
        interrupt: &Arc<AtomicBool>,
        found: &Arc<AtomicU64>,
    ) -> Reply {
        let trimmed = input.trim();
        if let Some(command) = trimmed.strip_prefix(':') {
            return self.command(command, interrupt, found);
        }
        // The commands a newcomer types without the colon. None of them can
        // be a statement: a lone lower-case word is a name, and these four
        // are never defined before they are typed.
        if matches!(trimmed, "help" | "quit" | "exit" | "clear")
            && !self.scope.names().any(|n| n == trimmed)
        {
            return self.command(trimmed, interrupt, found);
        }
        if trimmed.is_empty() {
            return Reply::default();
        }
        let start = self.source.len();
        // One line break per input line: the loop passes lines with their
        // `\n`, a caller may not.
        self.source.push_str(input);
        if !input.ends_with('\n') {
            self.source.push('\n');
        }
        let blanked: String = self.source[..start]
            .bytes()
            .map(|b| if b == b'\n' { '\n' } else { ' ' })
            .chain(self.source[start..].chars())
            .collect();
        let source = std::mem::take(&mut self.source);
        let reply = self.run("<repl>", &blanked, false, interrupt, found);
        self.source = source;
        reply
    }

    /// Checks and runs `source` (statements numbered after the earlier
    /// ones); diagnostics are rendered against `source` named `name`.
    /// Unless `echo`, a lone statement's text is not repeated above its
    /// answer: the user has just typed it (a block would show twice).
    fn run(
        &mut self,
        name: &str,
        source: &str,
        echo: bool,
        interrupt: &Arc<AtomicBool>,
        found: &Arc<AtomicU64>,
    ) -> Reply {
        let mut reply = Reply::default();
        let script = Script::parse_in(source, &mut self.scope);
        // Errors stop the input; warnings alone are shown and it runs.
        match self.settings.format {
            Format::Json => reply.out = script.diagnostics_json(None),
            Format::Text => reply.err = script.render_diagnostics(name, self.settings.color),
        }
        if !script.is_ok() {
            return reply;
        }
        let mut options = Options::new()
            .interrupt(interrupt.clone())
            .progress(found.clone());
        if let Some(limit) = self.settings.timeout {
            options = options.timeout(limit);
        }
        let statements = script.statements();
        for statement in statements {
            interrupt.store(false, std::sync::atomic::Ordering::Relaxed);
            found.store(0, std::sync::atomic::Ordering::Relaxed);
            let started = Instant::now();
            match statement.run(&options) {
                Ok(answer) => match self.settings.format {
                    Format::Json => {
                        reply.out.push_str(&answer.to_json());
                        reply.out.push('\n');
                    }
                    Format::Text if echo || statements.len() > 1 => {
                        reply.out.push_str(&answer.to_text())
                    }
                    Format::Text => reply.out.push_str(&answer.answer_text()),
                },
                Err(e) => {
                    reply.err.push_str(&excerpt(&e.to_string()));
                    reply.err.push('\n');
                }
            }
            if self.settings.show_time {
                reply
                    .out
                    .push_str(&format!("  ({:.3} s)\n", started.elapsed().as_secs_f64()));
            }
        }
        reply
    }

    fn command(
        &mut self,
        command: &str,
        interrupt: &Arc<AtomicBool>,
        found: &Arc<AtomicU64>,
    ) -> Reply {
        let mut words = command.split_whitespace();
        let name = words.next().unwrap_or_default();
        let argument = command[name.len()..].trim();
        let say = |out: String| Reply {
            out,
            ..Reply::default()
        };
        let complain = |err: String| Reply {
            err,
            ..Reply::default()
        };
        match name {
            "help" | "h" | "?" => say(HELP.to_string()),
            "quit" | "q" | "exit" => Reply {
                quit: true,
                ..Reply::default()
            },
            // ANSI: clear the screen and put the cursor home, as `clear` does.
            "clear" => say("\x1b[H\x1b[2J".into()),
            "time" => {
                self.settings.show_time = !self.settings.show_time;
                say(format!(
                    "timing {}\n",
                    if self.settings.show_time { "on" } else { "off" }
                ))
            }
            "format" => match argument {
                "text" => {
                    self.settings.format = Format::Text;
                    say("format text\n".into())
                }
                "json" => {
                    self.settings.format = Format::Json;
                    say("format json\n".into())
                }
                _ => complain("usage: :format text|json\n".into()),
            },
            "timeout" => match argument {
                "off" | "none" => {
                    self.settings.timeout = None;
                    say("no time limit\n".into())
                }
                _ => match argument
                    .parse::<f64>()
                    .ok()
                    .and_then(crypta_core::limits::timeout)
                {
                    Some(t) => {
                        self.settings.timeout = Some(t);
                        say(format!("time limit {} s per statement\n", t.as_secs_f64()))
                    }
                    None => complain("usage: :timeout SECONDS (or :timeout off)\n".into()),
                },
            },
            "load" if !argument.is_empty() => {
                let read = std::fs::File::open(argument)
                    .and_then(|file| read_text(file, MAX_SCRIPT_BYTES));
                // The name as typed may hold ESC or bidi controls: shown
                // escaped, as the command line shows it.
                let shown = excerpt(argument);
                match read {
                    Ok(Input::Text(script)) => self.run(argument, &script, true, interrupt, found),
                    Ok(Input::TooLarge) => complain(format!(
                        "{} is larger than {} MiB, more than crypta reads as a script\n",
                        shown,
                        MAX_SCRIPT_BYTES >> 20
                    )),
                    Ok(Input::NotUtf8(at)) => complain(format!(
                        "{} is not UTF-8 text (invalid byte at offset {})\n",
                        shown, at
                    )),
                    Err(e) => complain(format!("cannot read {}: {}\n", shown, e)),
                }
            }
            "load" => complain("usage: :load FILE\n".into()),
            _ => complain(format!(
                "unknown command `:{}`; :help lists the commands\n",
                excerpt(name)
            )),
        }
    }
}
