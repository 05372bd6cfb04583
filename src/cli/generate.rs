//! `crypta generate letters|multiplication|division|kakuro|cryptic`: the clap
//! options made into the core's [`Request`], and its puzzles, which the
//! core makes on every core and hands out in seed order within
//! `--timeout`, printed or drawn by the [`Sink`].

use std::time::Duration;

use crypta_core::generate::{ConditionForm, Generator, Kind, Limits, Request, Symmetry, Words};
use crypta_core::{Difficulty, Format};

use super::args::{ConditionArg, DifficultyArg, GenerateArgs, GenerateKind, SymmetryArg};
use super::output::{worse, Output, ERRORS, LIMIT, USAGE};
use super::sheet::SheetOptions;
use super::sink::Sink;

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
        words: args.words.clone().map(Words::File),
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
        eprintln!("error: {}", problem);
        return USAGE;
    }
    if args.kakuro2 && (out.draw.is_some() || sheet.is_some() || out.format != Format::Text) {
        eprintln!("error: --kakuro2 prints judge input, as text only");
        return USAGE;
    }
    let generator = match Generator::new(&request) {
        Ok(generator) => generator,
        Err(message) => {
            eprintln!("error: {}", message);
            return USAGE;
        }
    };
    if args.kakuro2 {
        println!("{}", args.count);
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
            eprintln!("error: {}", request.no_puzzle(seed));
            sink.code = worse(sink.code, ERRORS);
        }
        Err(message) => {
            eprintln!("internal error: {}", message);
            sink.code = worse(sink.code, ERRORS);
        }
    });
    match outcome.message() {
        // What was printed stays; nothing kept for drawing is drawn.
        Some(message) => {
            eprintln!("error: {}", message);
            LIMIT
        }
        None => sink.finish(),
    }
}
