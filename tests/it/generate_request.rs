//! `crypta_core::generate::Request` and `Generator::run`, the one place
//! the front ends make puzzles: its checks, its seed order for any number
//! of threads, and its stops between two puzzles; and the command line as
//! a thin layer over it (the same statements, the same messages).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crypta_core::generate::{
    ConditionForm, GenerateError, Generator, Kind, Limits, Outcome, Request, Words, WordsError,
};
use crypta_core::{Difficulty, Limit};

/// Every puzzle of `request`, run on `jobs` threads.
fn made(request: &Request, jobs: usize) -> Vec<(u64, Option<String>)> {
    let generator = Generator::new(request).expect("a request that checks");
    let mut all = Vec::new();
    let limits = Limits {
        jobs,
        ..Limits::default()
    };
    let outcome = generator.run(&limits, |seed, made| {
        all.push((seed, made.expect("no generator bug")))
    });
    assert_eq!(outcome, Outcome::Done);
    all
}

fn words() -> Option<Words> {
    Some(Words::File(crate::support::repo("examples/words.txt")))
}

#[test]
fn puzzles_come_in_seed_order_for_any_number_of_threads() {
    let requests = [
        Request {
            kind: Kind::Multiplication,
            count: 5,
            seed: 7,
            ..Request::default()
        },
        Request {
            kind: Kind::Letters,
            count: 4,
            words: words(),
            ..Request::default()
        },
        Request {
            size: 5,
            count: 3,
            seed: u64::MAX - 1,
            ..Request::default()
        },
    ];
    for request in requests {
        let one = made(&request, 1);
        let seeds: Vec<u64> = one.iter().map(|m| m.0).collect();
        let expected: Vec<u64> = (0..request.count)
            .map(|k| request.seed.wrapping_add(k))
            .collect();
        assert_eq!(seeds, expected);
        assert_eq!(one, made(&request, 3), "{:?}", request.kind);
        assert!(one.iter().all(|m| m.1.is_some()), "{:?}", one);
    }
}

#[test]
fn the_command_line_prints_what_the_core_makes() {
    let request = Request {
        kind: Kind::Division,
        count: 2,
        seed: 3,
        difficulty: Some(Difficulty::Easy),
        ..Request::default()
    };
    let statements: Vec<String> = made(&request, 2)
        .into_iter()
        .map(|m| m.1.expect("a puzzle") + "\n")
        .collect();
    let printed = crate::support::run(
        &[
            "generate",
            "division",
            "--count",
            "2",
            "--seed",
            "3",
            "--difficulty",
            "easy",
        ],
        b"",
    );
    assert_eq!(
        String::from_utf8_lossy(&printed.stdout),
        statements.concat()
    );
}

#[test]
fn checks_give_the_command_lines_messages() {
    let cases = [
        (
            Request {
                keep: Some(7),
                any_shape: true,
                ..Request::default()
            },
            "--keep, --any-shape are not for kakuro (letters: --words --addends --pattern --base --condition; \
             multiplication, division: --digits --keep --letters --any-shape)",
        ),
        (
            Request {
                kind: Kind::Letters,
                ..Request::default()
            },
            "generate letters needs a word list: --words FILE",
        ),
        (
            Request {
                kind: Kind::Division,
                digits: Some((2, 3)),
                ..Request::default()
            },
            "--digits 2x3: a dividend of 2 digits is shorter than a divisor of 3",
        ),
        (
            Request {
                kind: Kind::Multiplication,
                size: 5,
                not_unique: true,
                ..Request::default()
            },
            "--size, --not-unique are not for multiplication",
        ),
        (
            Request {
                rows: Some(4),
                kakuro2: true,
                ..Request::default()
            },
            "KAKURO2 grids are square and have no givens",
        ),
        (
            Request {
                kind: Kind::Cryptic,
                givens: 0.5,
                not_unique: true,
                ..Request::default()
            },
            "--givens, --not-unique are not for cryptic: its grids are proven unique and show \
             letters, not digits",
        ),
        (
            Request {
                kind: Kind::Division,
                condition: Some(ConditionForm::Order),
                ..Request::default()
            },
            "--condition is not for division",
        ),
        // What the command line's parser refuses before.
        (
            Request {
                size: 0,
                ..Request::default()
            },
            "invalid value '0' for '--size': a side of a grid goes from 1 to 256",
        ),
        (
            Request {
                not_unique: true,
                difficulty: Some(Difficulty::Hard),
                ..Request::default()
            },
            "--difficulty grades unique puzzles: not with --not-unique or --kakuro2",
        ),
    ];
    for (request, message) in cases {
        assert_eq!(
            request.check().map_err(|e| e.to_string()),
            Err(message.to_string())
        );
        assert_eq!(
            Generator::new(&request).err().map(|e| e.to_string()),
            Some(message.to_string()),
            "{:?}",
            request
        );
    }
    assert_eq!(Request::default().check(), Ok(()));
    let few = Request {
        kind: Kind::Letters,
        words: Some(Words::Text {
            name: "mine".into(),
            text: "SEND\nMORE\n".into(),
        }),
        ..Request::default()
    };
    let error = Generator::new(&few).err();
    assert_eq!(
        error.as_ref().map(|e| e.to_string()).as_deref(),
        Some("mine has 2 words: a puzzle needs at least 3")
    );
    // A value a front end can tell apart, not only a sentence.
    assert_eq!(
        error,
        Some(GenerateError::Words(WordsError::TooFew {
            name: "mine".into(),
            words: 2
        }))
    );
}

#[test]
fn a_limit_stops_the_run_between_two_puzzles() {
    let request = Request {
        kind: Kind::Multiplication,
        count: 6,
        ..Request::default()
    };
    for jobs in [1, 2] {
        // A time limit already past: nothing is handed out.
        let generator = Generator::new(&request).expect("checks");
        let limits = Limits {
            jobs,
            timeout: Some(Duration::ZERO),
            interrupt: None,
        };
        let mut handed = 0;
        let outcome = generator.run(&limits, |_, _| handed += 1);
        assert_eq!(handed, 0);
        assert_eq!(
            outcome,
            Outcome::Stopped {
                by: Limit::Time,
                made: 0,
                count: 6
            }
        );
        assert_eq!(
            outcome.message().as_deref(),
            Some("the time limit stopped generate after 0 of 6 puzzles: the rest were not made")
        );
        // An interrupt raised while the second puzzle is handed out.
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            jobs,
            timeout: None,
            interrupt: Some(flag.clone()),
        };
        let mut seeds = Vec::new();
        let outcome = Generator::new(&request)
            .expect("checks")
            .run(&limits, |seed, _| {
                seeds.push(seed);
                if seeds.len() == 2 {
                    flag.store(true, Ordering::Relaxed);
                }
            });
        assert_eq!(seeds, vec![1, 2]);
        assert_eq!(
            outcome,
            Outcome::Stopped {
                by: Limit::Interrupt,
                made: 2,
                count: 6
            }
        );
    }
}
