//! Tests of the library's parts from outside: public items of the crates
//! below crypta-core (`crypta_substrate`, `crypta_engine`) and of the
//! front end's library. Tests of private parts are unit tests beside
//! their code.

/// From `src/repl/editor.rs`.
mod editor {
    use crypta_cli::repl::editor::CryptaHelper;

    #[test]
    fn completes_keywords_commands_and_names() {
        let mut helper = CryptaHelper::new();
        helper.names.push("money".into());
        assert_eq!(helper.candidates("cou", 3), (0, vec!["count".to_string()]));
        assert_eq!(helper.candidates(":lo", 3), (0, vec![":load".to_string()]));
        assert_eq!(
            helper.candidates("count mo", 8),
            (6, vec!["money".to_string()])
        );
        assert_eq!(
            helper.candidates(":format j", 9),
            (8, vec!["json".to_string()])
        );
        let (_, found) = helper.candidates("SEND + MORE = MONEY with lea", 28);
        assert_eq!(found, vec!["leading zeros".to_string()]);
    }

    #[test]
    fn completes_by_context() {
        let mut helper = CryptaHelper::new();
        helper.names.push("money".into());
        let words = |line: &str| helper.candidates(line, line.len()).1;
        // After `with`: options, not queries or blocks.
        assert_eq!(words("A + B = C with le"), vec!["leading zeros"]);
        assert_eq!(words("A + B = C with base 16, re"), vec!["repeats"]);
        assert!(!words("A + B = C with ").contains(&"count".to_string()));
        // An empty word lists what fits there.
        let at_start = words("");
        for w in ["count", "kakuro", "let", "money"] {
            assert!(at_start.contains(&w.to_string()), "{:?}", at_start);
        }
        assert!(!at_start.contains(&"odd".to_string()), "{:?}", at_start);
        let options = words("SEND + MORE = MONEY with ");
        for w in ["base", "leading zeros", "repeats", "digits", "wild"] {
            assert!(options.contains(&w.to_string()), "{:?}", options);
        }
        // After a query: the vocabulary's blocks, then names.
        let mut expected: Vec<String> = crypta_core::vocab::BLOCKS
            .iter()
            .map(|b| b.word.text.to_string())
            .collect();
        assert!(expected.len() >= 3, "{:?}", expected);
        expected.push("money".to_string());
        assert_eq!(words("count "), expected);
        assert_eq!(words("first 2 k"), vec!["kakuro"]);
        // Inside an equation only `with` fits.
        assert_eq!(words("A + B = C w"), vec!["with"]);
    }
}

/// From `src/repl/mod.rs`.
mod blocks {
    use crypta_cli::repl::unfinished;

    #[test]
    fn blocks_stay_open_until_closed() {
        assert!(unfinished("kakuro {"));
        assert!(unfinished("kakuro {\n # 3\\\n"));
        assert!(!unfinished("kakuro {\n # 3\\\n}"));
        assert!(!unfinished("SEND + MORE = MONEY # {"));
        assert!(!unfinished("count A + B = C with digits {1,2}"));
    }
}

/// From `src/repl/session.rs`.
mod session {
    use std::sync::atomic::{AtomicBool, AtomicU64};
    use std::sync::Arc;

    use crypta_cli::repl::{Reply, Session, Settings};
    use crypta_engine::report::Format;

    fn session() -> Session {
        Session::new(Settings {
            format: Format::Text,
            timeout: None,
            show_time: false,
            color: false,
        })
    }

    fn say(s: &mut Session, input: &str) -> Reply {
        s.handle(
            input,
            &Arc::new(AtomicBool::new(false)),
            &Arc::new(AtomicU64::new(0)),
        )
    }

    #[test]
    fn names_persist_between_inputs() {
        let mut s = session();
        assert!(say(&mut s, "let money = SEND + MORE = MONEY")
            .err
            .is_empty());
        let reply = say(&mut s, "count money");
        assert!(reply.out.contains("1 solution"), "{:?}", reply);
        assert_eq!(s.names(), vec!["money".to_string()]);
    }

    #[test]
    fn errors_point_into_the_line_typed_and_the_session_goes_on() {
        let mut s = session();
        say(&mut s, "count A + B = C");
        let reply = say(&mut s, "SEND + MORE =");
        assert!(reply.err.contains("<repl>:2:"), "{}", reply.err);
        assert!(reply.err.contains("nothing on the right"), "{}", reply.err);
        let reply = say(&mut s, "SEND + MORE = MONEY");
        assert!(reply.out.contains("9567 + 1085 = 10652"));
    }

    #[test]
    fn commands() {
        let mut s = session();
        assert!(say(&mut s, ":help").out.contains(":load FILE"));
        assert!(say(&mut s, ":quit").quit);
        say(&mut s, ":format json");
        assert!(say(&mut s, "A + B = C").out.starts_with('{'));
        say(&mut s, ":format text");
        say(&mut s, ":time");
        assert!(say(&mut s, "A + B = C").out.contains(" s)"));
        assert!(!say(&mut s, ":timeout nonsense").err.is_empty());
        assert!(say(&mut s, ":timeout 2").out.contains("2 s"));
        assert!(!say(&mut s, ":frobnicate").err.is_empty());
        assert!(!say(&mut s, ":load /no/such/file").err.is_empty());
    }

    #[test]
    fn statements_are_numbered_across_inputs() {
        let mut s = session();
        say(&mut s, ":format json");
        say(&mut s, "A + B = C");
        let reply = say(&mut s, "A + B = C; count A + B = C");
        assert!(reply.out.contains("\"statement\":2"), "{}", reply.out);
        assert!(reply.out.contains("\"statement\":3"), "{}", reply.out);
        assert!(reply.out.contains("\"line\":2"), "{}", reply.out);
    }

    #[test]
    fn error_lines_go_up_by_one_per_line_typed() {
        // The loop passes each input with its line break.
        let mut s = session();
        for (input, line) in [("foo\n", 1), ("bar\n", 2), ("baz\n", 3)] {
            let reply = say(&mut s, input);
            assert!(
                reply.err.contains(&format!("<repl>:{}:1", line)),
                "{}",
                reply.err
            );
        }
        say(&mut s, ":format json");
        let reply = say(&mut s, "qux\n");
        assert!(reply.out.contains("\"line\":4"), "{}", reply.out);
    }

    #[test]
    fn commands_work_without_the_colon() {
        let mut s = session();
        assert!(say(&mut s, "help\n").out.contains(":load FILE"));
        assert!(say(&mut s, "clear\n").out.contains("\x1b[2J"));
        assert!(say(&mut s, "quit\n").quit);
        assert!(say(&mut s, "exit\n").quit);
    }

    #[test]
    fn help_names_the_blocks() {
        let help = say(&mut session(), ":help").out;
        for block in ["multiplication {", "division {", "kakuro {"] {
            assert!(help.contains(block), "{}", help);
        }
    }

    #[test]
    fn a_typed_statement_is_not_echoed_above_its_answer() {
        let mut s = session();
        let block = "kakuro {\n  #  4\\ 3\\\n  \\3 .  .\n  \\4 .  .\n}\n";
        let reply = say(&mut s, block);
        assert!(!reply.out.contains("kakuro {"), "{}", reply.out);
        assert!(reply.out.contains("1 solution"), "{}", reply.out);
        let reply = say(&mut s, "count A + B = C\n");
        assert_eq!(reply.out, "  32 solutions\n");
        // Several statements in one input keep their headers, to tell
        // their answers apart.
        let reply = say(&mut s, "count A + B = C; count A + B = CD\n");
        assert!(reply.out.contains("count A + B = CD\n"), "{}", reply.out);
    }
}

/// From `src/sums.rs`.
mod sums {
    use crypta_substrate::sums::{max_sum, min_sum, tables, ALL};

    #[test]
    fn known_combinations() {
        let t = tables();
        assert_eq!(t.combos(2, 3), &[0b110][..]);
        assert_eq!(t.combos(9, 45).len(), 1);
        assert_eq!(t.combos(3, 5).len(), 0);
        let most = (0..=9)
            .flat_map(|l| (0..=45).map(move |s| (l, s)))
            .map(|(l, s)| t.combos(l, s).len())
            .max();
        assert_eq!(most, Some(12));
        assert_eq!((min_sum(3), max_sum(2), max_sum(9)), (6, 17, 45));
    }

    #[test]
    fn rest_is_what_the_sets_leave() {
        let t = tables();
        // 2 cells, sum 10, a 3 placed: only 7 remains.
        assert_eq!(t.rest(2, 10, 1 << 3), 1 << 7);
        // 2 cells, sum 10, nothing placed: 1,2,3,4,6,7,8,9 (not 5).
        assert_eq!(t.rest(2, 10, 0), ALL & !(1 << 5));
        assert!(!t.possible(2, 10, 1 << 5));
    }
}

/// From `src/report/view.rs`.
mod grid_drawing {
    use crypta_core::Cell;
    use crypta_engine::report::view::grid_text;

    #[test]
    fn clues_digits_and_blocks_line_up() {
        let layout = vec![
            vec![
                Cell::Block,
                Cell::Clue {
                    down: Some(4),
                    across: None,
                },
            ],
            vec![
                Cell::Clue {
                    down: None,
                    across: Some(17),
                },
                Cell::Digit(4),
            ],
        ];
        let text = grid_text(&layout, "");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "│░░░░░│ 4\\  │");
        assert_eq!(lines[3], "│  \\17│  4  │");
        assert!(lines.iter().all(|l| l.chars().count() == 13));
    }
}

/// From `src/report/diagnostics.rs`.
mod diagnostics {
    use crypta_engine::report::diagnostics::{position, render};
    use crypta_substrate::diagnostic::{Diagnostic, ErrorKind};

    #[test]
    fn spans_that_cut_a_character_or_overrun_render_without_panicking() {
        let source = "× 虫食算 = い\n\u{3000}é";
        for start in 0..=source.len() + 2 {
            for end in 0..=source.len() + 2 {
                let d = Diagnostic::new(ErrorKind::Syntax, start..end, "here")
                    .with_label(end..start, "there");
                let _ = render(&[d], "<test>", source, false);
                let _ = position(source, start);
            }
        }
        assert_eq!(position(source, 1), (1, 1));
    }
}

/// From `src/arith.rs`.
mod arithmetic {
    use num_bigint::BigUint;
    use num_traits::One;

    use crypta_substrate::vocab::properties::{is_prime, is_square};

    #[test]
    fn primes_agree_with_trial_division() {
        for n in 0u32..5000 {
            let slow = n >= 2 && (2..n).take_while(|k| k * k <= n).all(|k| n % k != 0);
            assert_eq!(is_prime(&BigUint::from(n)), slow, "{}", n);
        }
        // The Mersenne prime 2^127 - 1 (39 digits), and 2^127 + 1 = 3 * ...
        let p = (BigUint::one() << 127u32) - 1u32;
        assert!(is_prime(&p));
        assert!(!is_prime(&(p + 2u32)));
        // A product of two 20-digit primes is composite.
        let a: BigUint = "10000000000000000051".parse().unwrap();
        let b: BigUint = "10000000000000000087".parse().unwrap();
        assert!(is_prime(&a) && is_prime(&b));
        assert!(!is_prime(&(a * b)));
    }

    /// Miller-Rabin with fixed bases, the test crypta used before BPSW.
    fn passes_miller_rabin(n: &BigUint, bases: &[u32]) -> bool {
        let one = BigUint::one();
        let n_minus_1 = n - &one;
        let s = n_minus_1.trailing_zeros().unwrap_or(0);
        let d = &n_minus_1 >> s;
        bases.iter().all(|&a| {
            let mut x = BigUint::from(a).modpow(&d, n);
            if x == one || x == n_minus_1 {
                return true;
            }
            (1..s).any(|_| {
                x = x.modpow(&BigUint::from(2u32), n);
                x == n_minus_1
            })
        })
    }

    #[test]
    fn a_strong_pseudoprime_to_24_bases_is_composite() {
        // Arnault (1995): n = p1 (313 (p1 - 1) + 1) (353 (p1 - 1) + 1), 397 digits.
        let p1: BigUint = "29674495668685510550154174642905332730771991799853043350995075531276838753171770199594238596428121188033664754218345562493168782883".parse().unwrap();
        let p2 = (&p1 - 1u32) * 313u32 + 1u32;
        let p3 = (&p1 - 1u32) * 353u32 + 1u32;
        let n = &p1 * &p2 * &p3;
        assert_eq!(n.to_string().len(), 397);
        let bases = [
            2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83,
            89,
        ];
        assert!(
            passes_miller_rabin(&n, &bases),
            "the counterexample is real"
        );
        assert!(!is_prime(&n));
        assert!(is_prime(&p1) && is_prime(&p2) && is_prime(&p3));
    }

    #[test]
    fn machine_words_and_their_boundary() {
        // Strong pseudoprimes to base 2, and to the first nine prime bases.
        for n in [2047u64, 3215031751, 3825123056546413051] {
            assert!(passes_miller_rabin(&BigUint::from(n), &[2]));
            assert!(!is_prime(&BigUint::from(n)), "{n}");
        }
        // The largest prime below 2^64, and the first above it.
        let two_64 = BigUint::one() << 64u32;
        assert!(is_prime(&(&two_64 - 59u32)));
        assert!(!is_prime(&(&two_64 - 1u32)));
        assert!(!is_prime(&two_64));
        assert!(is_prime(&(&two_64 + 13u32)));
        assert!((1u32..13).all(|k| !is_prime(&(&two_64 + k))));
    }

    /// The machine-word tests of the properties (what the search asks)
    /// against the big-integer ones, near every cube, square and
    /// triangular number that fits, and on random values of every size.
    #[test]
    fn machine_word_properties_agree_with_big_integers() {
        use crypta_substrate::arith::condition::{has_property, has_property_i128};
        use crypta_substrate::ir::Property;
        use num_bigint::BigInt;
        let properties = [
            Property::Prime,
            Property::Square,
            Property::Cube,
            Property::Triangular,
            Property::Palindrome,
            Property::Odd,
            Property::Even,
        ];
        let mut values: Vec<i128> = (-50..5000).collect();
        for shift in 0..127u32 {
            let r = (1i128 << shift).isqrt();
            let c = (1i128 << shift) as f64;
            let k = c.cbrt() as i128;
            for x in [
                r * r,
                k * k * k,
                r * (r + 1) / 2,
                1i128 << shift,
                i128::MAX >> shift,
            ] {
                values.extend([x.saturating_sub(1), x, x.saturating_add(1)]);
            }
        }
        // SplitMix64 with a fixed seed: the same values on every run.
        let mut state = crate::support::seed();
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        for _ in 0..4000 {
            let wide = (i128::from(next()) << 64 | i128::from(next())) & i128::MAX;
            let x = wide >> (next() % 127);
            // A random cube and square too, which random values miss.
            let k = (x as f64).cbrt() as i128;
            values.extend([x, k * k * k, (x.isqrt()) * (x.isqrt())]);
        }
        for &x in &values {
            for p in properties {
                for base in [2, 10, 16] {
                    assert_eq!(
                        has_property_i128(x, p, base),
                        has_property(&BigInt::from(x), p, base),
                        "{x} {p:?} base {base}"
                    );
                }
            }
        }
    }

    #[test]
    fn squares() {
        for n in 0u32..2000 {
            let slow = (0..=n).any(|k| k * k == n);
            assert_eq!(is_square(&BigUint::from(n)), slow);
        }
        let big = BigUint::from(10u32).pow(40);
        assert!(is_square(&big));
        assert!(!is_square(&(big + 1u32)));
    }
}

/// From `src/limits.rs`.
mod reading {
    use crypta_core::limits::{read_text, Input};

    #[test]
    fn reading_stops_one_byte_past_the_limit() {
        let read = |text: &[u8]| read_text(text, 4).ok();
        assert_eq!(read(b"abcd"), Some(Input::Text("abcd".into())));
        assert_eq!(read(b"abcde"), Some(Input::TooLarge));
        assert_eq!(read(b"ab\xffd"), Some(Input::NotUtf8(2)));
        // An endless reader is refused after limit + 1 bytes.
        assert_eq!(
            read_text(std::io::repeat(b'A'), 1000).ok(),
            Some(Input::TooLarge)
        );
    }
}

/// From `src/run.rs`.
mod found {
    use crypta_engine::kinds::Puzzle;
    use crypta_engine::program::check_script;
    use crypta_engine::program::Action;
    use crypta_engine::run::Found;
    use crypta_substrate::solve::{Budget, Flow, Limits};

    fn puzzle(script: &str) -> Puzzle {
        let (statements, diagnostics) = check_script(script);
        assert!(diagnostics.is_empty(), "{:?}", diagnostics);
        match statements.into_iter().next().map(|s| s.action) {
            Some(Action::Ask { puzzle, .. }) => puzzle,
            _ => panic!("{}", script),
        }
    }

    /// A wrong assignment offered by a strategy is never counted or kept:
    /// the search is stopped and the statement reports an internal error.
    /// This is the release-build check every printed solution passes.
    #[test]
    fn a_wrong_solution_is_never_kept() {
        // Puzzles with exactly one solution: any other assignment is wrong.
        for script in [
            "SEND + MORE = MONEY",
            "kakuro {\n # 4\\ 3\\\n \\3 . .\n \\4 . .\n}",
            "multiplication {\n  1*\nx  3\n  36\n}",
            "division {\n     *\n3 ) 21\n    21\n}",
        ] {
            let puzzle = puzzle(script);
            let limits = Limits::default();
            let mut budget = Budget::new(&limits);
            let mut right = Vec::new();
            crypta_engine::kinds::of(&puzzle)
                .plan()
                .search(&mut budget, &mut |v| {
                    right = v.to_vec();
                    Flow::Stop
                });
            assert!(!right.is_empty(), "{}", script);
            let mut found = Found::new(&puzzle, u64::MAX, u64::MAX);
            assert_eq!(found.offer(&right), Flow::Continue, "{}", script);
            assert_eq!((found.count(), found.kept()), (1, 1), "{}", script);
            assert!(found.bug().is_none(), "{}: {:?}", script, found.bug());
            for v in 0..right.len() {
                let mut wrong = right.clone();
                wrong[v] = (wrong[v] + 1) % 10;
                let mut found = Found::new(&puzzle, u64::MAX, u64::MAX);
                assert_eq!(found.offer(&wrong), Flow::Stop, "{}: {:?}", script, wrong);
                assert_eq!(found.count(), 0, "{}: {:?} was counted", script, wrong);
                assert!(found.kept() == 0 && found.bug().is_some());
            }
            // Too few values, or a digit outside the base, are caught too.
            let mut found = Found::new(&puzzle, u64::MAX, u64::MAX);
            assert_eq!(found.offer(&right[1..]), Flow::Stop, "{}", script);
            let mut outside = right.clone();
            outside[0] = 60;
            assert_eq!(found.offer(&outside), Flow::Stop, "{}", script);
            assert_eq!(found.count(), 0);
        }
    }

    /// An assignment that meets the equations but not a condition is a
    /// bug: every strategy that accepts conditions tests them.
    #[test]
    fn a_solution_failing_a_condition_is_a_bug() {
        let puzzle = puzzle("A + B = CD with repeats, CD prime");
        let mut found = Found::new(&puzzle, u64::MAX, u64::MAX);
        assert_eq!(found.offer(&[9, 8, 1, 7]), Flow::Continue);
        assert_eq!(found.offer(&[9, 9, 1, 8]), Flow::Stop);
        assert_eq!(found.count(), 1);
        assert!(found
            .bug()
            .is_some_and(|why| why.to_string().contains("18 prime")));
    }
}

/// From `src/solve/symbols/column_sums.rs`.
mod inverses {
    use crypta_substrate::solve::symbols::column_sums::inverse_mod;

    #[test]
    fn inverses() {
        assert_eq!(inverse_mod(3, 10), Some(7));
        assert_eq!(inverse_mod(-1, 10), Some(9));
        assert_eq!(inverse_mod(2, 10), None);
        assert_eq!(inverse_mod(1, 2), Some(1));
        for m in 2..40 {
            for a in -50..50 {
                if let Some(i) = inverse_mod(a, m) {
                    assert_eq!((a * i).rem_euclid(m), 1 % m);
                }
            }
        }
    }
}

/// From `src/solve/mod.rs`.
mod budget {
    use crypta_engine::program::check_script;
    use crypta_engine::run::{run_statement, Limit, ResultBody, RunOptions};
    use crypta_substrate::solve::{Budget, Limits};

    #[test]
    fn the_node_limit_stops_the_budget_after_that_many_nodes() {
        let limits = Limits {
            max_nodes: Some(3),
            ..Limits::default()
        };
        let mut budget = Budget::new(&limits);
        assert!(!budget.tick() && !budget.tick() && !budget.tick());
        assert!(budget.tick());
        assert!(budget.tick(), "once exceeded, always exceeded");
        let unlimited = Limits::default();
        let mut budget = Budget::new(&unlimited);
        assert!((0..100_000).all(|_| !budget.tick()));
    }

    #[test]
    fn a_search_over_its_node_limit_is_interrupted_and_says_why() {
        let (statements, diagnostics) = check_script("count SEND + MORE = MONEY");
        assert!(diagnostics.is_empty());
        let options = RunOptions {
            max_nodes: Some(10),
            ..RunOptions::default()
        };
        let result = run_statement(&statements[0], &options).expect("runs");
        let ResultBody::Searched(search) = result.body else {
            panic!("not a search");
        };
        assert!(!search.complete);
        assert_eq!(search.stopped_by, Some(Limit::Nodes));
        let search = match run_statement(&statements[0], &RunOptions::default())
            .expect("runs")
            .body
        {
            ResultBody::Searched(search) => search,
            _ => panic!("not a search"),
        };
        assert!(search.complete);
        assert_eq!(search.count, 1);
    }
}

/// From `src/program/checker.rs`.
mod checker {
    use crypta_engine::program::check_script;
    use crypta_substrate::diagnostic::ErrorKind;

    #[test]
    fn limits_are_diagnostics_not_crashes() {
        let sum = vec!["A"; crypta_core::limits::MAX_WORDS + 1].join(" + ");
        let long = "A".repeat(crypta_core::limits::MAX_CELLS + 1);
        for script in [
            format!("{} = B", sum),
            format!("{} = B", long),
            format!("{}A{} = B", "(".repeat(5000), ")".repeat(5000)),
        ] {
            let (_, diagnostics) = check_script(&script);
            assert_eq!(diagnostics.len(), 1);
            assert_eq!(diagnostics[0].kind, ErrorKind::TooLarge);
        }
        // At the limits, fine.
        let nested = format!("{}A{} = B", "(".repeat(64), ")".repeat(64));
        assert!(check_script(&nested).1.is_empty());
    }

    #[test]
    fn all_errors_of_a_script_are_reported() {
        // The blank line ends `SEND + MORE =`, which would go on otherwise.
        let script = "A + B = C with base 1\nSEND + MORE =\n\nABCDEFGHIJ + K = KK\nA + + B = C\n";
        let (_, diagnostics) = check_script(script);
        let kinds: Vec<ErrorKind> = diagnostics.iter().map(|d| d.kind).collect();
        assert_eq!(
            kinds,
            vec![
                ErrorKind::BaseOutOfRange,
                ErrorKind::EmptySide,
                ErrorKind::TooManySymbols,
                ErrorKind::Syntax
            ]
        );
    }

    #[test]
    fn lines_and_names() {
        let (statements, diagnostics) = check_script(
            "# a comment\nlet m = SEND + MORE = MONEY\n\ncount m with E != 5; unique m",
        );
        assert!(diagnostics.is_empty(), "{:?}", diagnostics);
        let lines: Vec<usize> = statements.iter().map(|s| s.line).collect();
        assert_eq!(lines, vec![2, 4, 4]);
    }
}
