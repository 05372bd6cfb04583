//! `crypta generate letters|multiplication|division|kakuro|cryptic`: the clap
//! options made into the core's [`Request`], and its puzzles, which the
//! core makes on every core and hands out in seed order within
//! `--timeout`, printed or drawn by the [`Sink`].

use crate::{errln, outln};
use std::time::Duration;

use crypta_core::generate::{ConditionForm, Generator, Kind, Limits, Request, Symmetry, Words};
use crypta_core::{excerpt, Difficulty, Format};

use super::args::{ConditionArg, DifficultyArg, GenerateArgs, GenerateKind, SymmetryArg};
use super::output::{worse, Output, ERRORS, LIMIT, USAGE};
use super::sheet::SheetOptions;
use super::sink::Sink;

/// The word list of `generate letters` without `--words`: the 1,100
/// common English words of examples/words.txt, built into the binary.
pub const WORDS: &str = include_str!("../../examples/words.txt");
/// What messages call it.
pub const BUILT_IN_WORDS: &str = "the built-in word list";

/// The core's request for the options given.
pub fn request(args: &GenerateArgs) -> Request {
    Request {
        kind: match args.kind {
            GenerateKind::Kakuro => Kind::Kakuro,
            GenerateKind::Letters => Kind::Letters,
            GenerateKind::Multiplication => Kind::Multiplication,
            GenerateKind::Division => Kind::Division,
            GenerateKind::Cryptic => Kind::Cryptic,
        },
        count: args.count as u64,
        seed: args.seed,
        size: args.size,
        rows: args.rows,
        cols: args.cols,
        unique: args.unique,
        not_unique: args.not_unique,
        density: args.density,
        givens: args.givens,
        open_limit: args.open_limit,
        symmetry: match args.symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotational => Symmetry::Rotational,
            SymmetryArg::Mirror => Symmetry::Mirror,
        },
        kakuro2: args.kakuro2,
        query: args.query.clone(),
        words: match (&args.words, &args.kind) {
            (Some(path), _) => Some(Words::File(path.clone())),
            // The first try works without a list of one's own.
            (None, GenerateKind::Letters) => Some(Words::Text {
                name: BUILT_IN_WORDS.into(),
                text: WORDS.into(),
            }),
            (None, _) => None,
        },
        addends: args.addends,
        pattern: args.pattern.clone(),
        base: args.base,
        condition: args.condition.map(|form| match form {
            ConditionArg::Given => ConditionForm::Given,
            ConditionArg::Order => ConditionForm::Order,
            ConditionArg::Property => ConditionForm::Property,
            ConditionArg::Any => ConditionForm::Any,
        }),
        digits: args.digits,
        keep: args.keep,
        letters: args.letters,
        difficulty: args.difficulty.map(|level| match level {
            DifficultyArg::Easy => Difficulty::Easy,
            DifficultyArg::Medium => Difficulty::Medium,
            DifficultyArg::Hard => Difficulty::Hard,
        }),
        any_shape: args.any_shape,
    }
}

/// `crypta generate KIND`: makes `--count` puzzles on every core and
/// prints or draws them in seed order.
pub fn command(
    out: &Output,
    args: &GenerateArgs,
    timeout: Option<Duration>,
    sheet: Option<&SheetOptions>,
) -> u8 {
    let request = request(args);
    if let Err(problem) = request.check() {
        errln!("error: {}", excerpt(&problem.to_string()));
        return USAGE;
    }
    if args.kakuro2 && (out.draw.is_some() || sheet.is_some() || out.format != Format::Text) {
        errln!("error: --kakuro2 prints judge input, as text only");
        return USAGE;
    }
    let generator = match Generator::new(&request) {
        Ok(generator) => generator,
        Err(message) => {
            errln!("error: {}", excerpt(&message.to_string()));
            return USAGE;
        }
    };
    if args.kakuro2 {
        outln!("{}", args.count);
    }
    let mut sink = Sink::new(out);
    sink.sheet = sheet.cloned();
    let limits = Limits {
        jobs: out.options.threads(),
        timeout,
        interrupt: out.options.interrupt_flag().cloned(),
    };
    let outcome = generator.run(&limits, |seed, made| match made {
        Ok(Some(statement)) => sink.puzzle(seed, &statement),
        Ok(None) => {
            errln!("error: {}", request.no_puzzle(seed));
            sink.code = worse(sink.code, ERRORS);
        }
        Err(message) => {
            errln!("internal error: {}", excerpt(&message.to_string()));
            sink.code = worse(sink.code, ERRORS);
        }
    });
    // What was made is kept in every format: printed already, or drawn
    // now (pictures, a PDF sheet) with the run said to be cut short.
    match outcome.message() {
        Some(message) => {
            errln!("error: {}", message);
            worse(sink.finish(), LIMIT)
        }
        None => sink.finish(),
    }
}
