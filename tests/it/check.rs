//! The checker, one line per case: `check!(SCRIPT => KIND @ LINE:COLUMN)`
//! asserts that the script gives exactly one diagnostic, of that kind,
//! starting there (columns count characters from 1); `=> ok` that it gives
//! none; `=> [KIND @ L:C, ...]` several, in order. And the error index:
//! every [`ErrorKind`]'s documented example gives exactly that kind.

use crypta_engine::program::{check_script, check_script_with, Checker};
use crypta_engine::report::diagnostics::position;
use crypta_substrate::diagnostic::ErrorKind::{self, *};

/// Each diagnostic of `script` (errors and warnings) as (kind, line,
/// column), in source order.
fn diagnose(script: &str) -> Vec<(ErrorKind, usize, usize)> {
    let mut checker = Checker::new();
    let (_, mut diagnostics) = check_script_with(&mut checker, script, 0);
    diagnostics.append(&mut checker.take_warnings());
    diagnostics.sort_by_key(|d| d.span.start);
    diagnostics
        .iter()
        .map(|d| {
            let (line, column) = position(script, d.span.start);
            (d.kind, line, column)
        })
        .collect()
}

macro_rules! check {
    ($script:expr => ok) => {
        assert_eq!(diagnose($script), vec![], "{}", $script)
    };
    ($script:expr => [$($kind:ident @ $line:literal : $column:literal),* $(,)?]) => {
        assert_eq!(
            diagnose($script),
            vec![$(($kind, $line, $column)),*],
            "{}",
            $script
        )
    };
    ($script:expr => $kind:ident @ $line:literal : $column:literal) => {
        check!($script => [$kind @ $line:$column])
    };
}

#[test]
fn every_error_kind_has_an_example_that_gives_exactly_it() {
    for &kind in ErrorKind::ALL {
        let example = kind.example();
        let kinds: Vec<ErrorKind> = diagnose(&example).into_iter().map(|d| d.0).collect();
        if kind == TooManyErrors {
            // The example is many errors of another kind, then this one.
            assert_eq!(kinds.last(), Some(&kind), "{:?}", kinds.last());
            assert_eq!(kinds.len(), crypta_core::limits::MAX_DIAGNOSTICS + 1);
        } else {
            assert_eq!(kinds, vec![kind], "{:?}: `{}`", kind, example);
        }
    }
}

#[test]
fn letter_equations() {
    check!("SEND + MORE = MONEY" => ok);
    check!("SEND + MORE = MONEY +" => Syntax @ 1:22);
    check!("SEND + MORE" => MissingEquals @ 1:1);
    check!("= MONEY" => EmptySide @ 1:1);
    check!("SEND + MORE =" => EmptySide @ 1:13);
    check!("A + B = C = D" => ChainedEquals @ 1:11);
    check!("ABCDEFGHIJ + K = KK" => TooManySymbols @ 1:14);
    check!("ABCDEFGHIJ + K = KK with repeats" => ok);
    check!("ABCDEFGHIJ + K = KK with base 11" => ok);
    check!("A8 + B = CC with base 8" => DigitNotInBase @ 1:2);
    check!("0AB + C = DE" => Contradiction @ 1:1);
    check!("0AB + C = DE with leading zeros" => ok);
    check!("count money" => UnknownName @ 1:7);
    check!("let m = A + B = C\nlet m = A + C = B" => DuplicateName @ 2:5);
    check!("let m = A + B = C\ncount m with A != 1" => ok);
}

#[test]
fn options() {
    check!("A + B = CD with base 1" => BaseOutOfRange @ 1:22);
    check!("A + B = CD with base 99" => BaseOutOfRange @ 1:22);
    check!("A + B = CD with base 8, base 9" => DuplicateOption @ 1:25);
    check!("A + B = CD with base 8, base 8" => ok);
    check!("A + B = CD with colour red" => UnknownOption @ 1:17);
    check!("SEND + MORE = MONEY with Q = 1" => UnusedSymbol @ 1:26);
    check!("SEND + MORE = MONEY with ? odd" => UnusedSymbol @ 1:26);
    check!("AB + CD = EF with wild X" => UnusedSymbol @ 1:24);
    check!("SEND + MORE = MONEY with E = 5, E = 6" => Contradiction @ 1:2);
    check!("SEND + MORE = MONEY with S = 0" => Contradiction @ 1:1);
    check!("SEND + MORE = MONEY with M = 1, S = 1" => Contradiction @ 1:8);
    check!("SEND + MORE = MONEY with digits 0..99" => BadNumber @ 1:36);
    check!("SEND + MORE = MONEY with E = 12" => BadNumber @ 1:28);
    check!("SEND + MORE = MONEY with SE in 1..4" => BadTarget @ 1:26);
    check!("SEND + MORE = MONEY with E in 1..4, D odd, MONEY prime" => ok);
    check!("kakuro {\n # 4\\ 3\\\n \\3 . .\n \\4 . .\n} with base 8" => OptionNotApplicable @ 5:8);
}

#[test]
fn layouts() {
    check!("multiplication {\n  1a!\n x  2\n ---\n ***\n}" => BadRow @ 2:5);
    // Wide and narrow cells mixed, once a row; a kanji symbol alone is fine.
    check!("multiplication {\n   ココ*\n x   ロ\n ----\n  カラダ\n}" => [BadRow @ 2:4, BadRow @ 3:6, BadRow @ 5:3]);
    check!("multiplication {\n  ココ\n x  ロ\n ----\nカラダ\n}" => ok);
    // Systems: a Kakuro grid, `wild`, a condition on a symbol no part has.
    check!("multiplication {\n  *\n x*\n --\n  *\n}, kakuro {\n \\3 . .\n}" => NotInSystem @ 6:4);
    check!("multiplication {\n  A\n x*\n --\n  *\n}, multiplication {\n  A\n x*\n --\n  *\n} with wild O" => NotInSystem @ 11:8);
    check!("multiplication {\n  A\n x*\n --\n  *\n} with B < 3" => UnusedSymbol @ 6:8);
    check!("multiplication {\n  AB\n x C\n ---\n  DE\n} with AB < DE, DE prime" => ok);
    check!("division {\n    **\n ** ***\n    **\n     *\n}" => MissingRow @ 3:2);
    check!("multiplication {\n   ***\n x  **\n  ***\n ***\n  ****\n}" => Misaligned @ 5:2);
    check!("multiplication {\n   **\n x **\n  ***\n ***\n***\n ****\n}" => TooManyRows @ 6:1);
    check!("multiplication {\n     **\nx    **\n    ***\n   ***\n*******\n}" => RowLength @ 6:1);
    check!("multiplication {\n  1*\nx  3\n  36\n}" => ok);
    check!("multiplication {\n  1*\nx\n  36\n}" => MissingRow @ 3:1);
}

#[test]
fn kakuro_grids() {
    check!("kakuro {\n # 4\\ 3\\\n \\3 . .\n \\4 . .\n}" => ok);
    check!("kakuro {\n}" => EmptyGrid @ 1:1);
    check!("kakuro {\n # 4\\ 3\\\n \\3 . .\n \\4 .\n}" => RaggedRow @ 4:2);
    check!("kakuro {\n # 4\\ 3/\n \\3 . .\n \\4 . .\n}" => BadCell @ 2:7);
    check!("kakuro {\n # 3\\\n}" => ClueWithoutRun @ 2:4);
    check!("kakuro {\n # 4\\ 3\\\n # . .\n \\4 . .\n}" => RunWithoutClue @ 3:4);
    check!("kakuro {\n \\55 . . . . . . . . . .\n}" => RunTooLong @ 2:6);
    check!("kakuro {\n \\3 . . .\n}" => ImpossibleSum @ 2:3);
    check!("kakuro {\n \\10 5 5\n}" => RepeatedGiven @ 2:8);
    check!("kakuro {\n \\10 . 5\n}" => GivensBreakSum @ 2:3);
}

/// `?` sides: runs of any sum. A cell whose runs are all `?` runs is in a
/// run (not alone); a `?` still needs its run, a run of at most 9 cells
/// and givens that differ; it is a whole side, not part of a word.
#[test]
fn kakuro_any_sum_runs() {
    check!("kakuro {\n # ?\\ 3\\\n \\? . .\n \\4 . .\n}" => ok);
    check!("kakuro {\n # ?\\ ?\\\n \\? . .\n \\? . .\n}" => ok);
    check!("kakuro {\n # ?\\ #\n \\? . #\n}" => ok);
    check!("kakuro {\n \\? 5 6 7\n}" => ok);
    check!("kakuro {\n # ?\\\n}" => ClueWithoutRun @ 2:4);
    check!("kakuro {\n \\? . . . . . . . . . .\n}" => RunTooLong @ 2:5);
    check!("kakuro {\n \\? 5 5\n}" => RepeatedGiven @ 2:7);
    check!("kakuro {\n \\1? . .\n}" => BadCell @ 2:2);
    check!("kakuro {\n \\?? . .\n}" => BadCell @ 2:2);
    // Only the `?` side counts: the other side's run still needs a clue.
    check!("kakuro {\n # # #\n \\? . .\n \\? . .\n}" => [RunWithoutClue @ 3:5, RunWithoutClue @ 3:7]);
}

#[test]
fn limits() {
    let nested = format!("{}A{} = B", "(".repeat(65), ")".repeat(65));
    check!(&nested => TooLarge @ 1:65);
    let deep_enough = format!("{}A{} = B", "(".repeat(64), ")".repeat(64));
    check!(&deep_enough => ok);
    // Operators are counted before parsing: the 1025th is refused where
    // it is, 4 columns on per `+ A` after the 11 of `count A = B`.
    let chain = |n: usize| format!("count A = B{}", " + A".repeat(n));
    check!(&chain(1025) => TooLarge @ 1:4109);
    check!(&chain(30_000) => TooLarge @ 1:4109);
    let powers = |n: usize| format!("count A = A{}", " ^ 1".repeat(n));
    check!(&powers(1025) => TooLarge @ 1:4109);
    // An evaluated expression deeper than 128 operators is refused where
    // it starts, before it is built.
    let condition = |n: usize| format!("count A + B = C with A < B{}", " * 1".repeat(n));
    check!(&condition(128) => ok);
    check!(&condition(129) => TooLarge @ 1:26);
    check!(&powers(128) => ok);
    check!(&powers(129) => TooLarge @ 1:11);
}

/// The first diagnostic of `script`, whole.
fn first(script: &str) -> crypta_core::Diagnostic {
    let (_, diagnostics) = check_script(script);
    diagnostics.into_iter().next().expect("a diagnostic")
}

#[test]
fn unclosed_brackets_say_so_at_the_opener() {
    check!("multiplication {" => Syntax @ 1:16);
    check!("A + B = C\nkakuro {\n # 3\\\n \\3 . .\nA + B = C" => Syntax @ 2:8);
    check!("SEND + (MORE = MONEY" => Syntax @ 1:8);
    let d = first("SEND + (MORE = MONEY");
    assert_eq!(d.message, "unclosed `(`");
    // Where it should close: before the `=`.
    assert_eq!(d.labels[0].0.start, 13);
    let d = first("kakuro {\n # 3\\\n \\3 . .\n");
    assert_eq!(d.message, "unclosed `{`");
}

#[test]
fn typos_get_did_you_mean() {
    let hint = |script: &str| first(script).hint.unwrap_or_default();
    check!("solv A + B = C" => Syntax @ 1:1);
    assert_eq!(hint("solv A + B = C"), "did you mean `solve`?");
    assert_eq!(hint("cuont A+B=C"), "did you mean `count`?");
    assert_eq!(hint("A + B = C with bse 16"), "did you mean `base`?");
    assert_eq!(hint("A + B = C with repeat"), "did you mean `repeats`?");
    assert_eq!(
        hint("A + B = C with leadin zeros"),
        "did you mean `leading zeros`?"
    );
    check!("let money = SEND + MORE = MONEY\ncount mony" => UnknownName @ 2:7);
    assert_eq!(
        hint("let money = SEND + MORE = MONEY\ncount mony"),
        "did you mean `money`?"
    );
    // Nothing close: the general help.
    assert!(!hint("A + B = C with colour red").contains("did you mean"));
}

#[test]
fn conditions() {
    check!("SEND + MORE = MONEY with S < E, MONEY > 10600" => ok);
    check!("count AB ^ 2 = CDE, (A + B) % 3 = 0" => ok);
    check!("count A ≤ B, B ≠ C, C ≥ A" => ok);
    check!("SEND + MORE = MONEY with S > 9" => ImpossibleCondition @ 1:26);
    check!("count A + B > 18" => ImpossibleCondition @ 1:7);
    check!("count A < B < C" => ChainedEquals @ 1:13);
    check!("count A <" => EmptySide @ 1:9);
    check!("count A ^ BCDE = FGH" => TooLarge @ 1:7);
    check!("SEND + MORE = MONEY with X < S" => UnusedSymbol @ 1:26);
    check!("SEND + MORE = MONEY with S < ?" => BadTarget @ 1:30);
    check!("SEND + MORE = MONEY with SM < 05" => Contradiction @ 1:31);
    check!("SEND + MORE = MONEY with MONEY = 1A" => UnusedSymbol @ 1:35);
    // A layout's conditions read its own symbols (issue 30).
    check!("multiplication {\n  **\n x *\n ***\n} with A < B" => [UnusedSymbol @ 5:8, UnusedSymbol @ 5:12]);
    check!("count AB + C = DE with (A + B) prime, D palindrome" => ok);
}

#[test]
fn cryptic_kakuro() {
    check!("kakuro {\n \\AB A A\n}" => RepeatedSymbol @ 2:8);
    check!("kakuro {\n \\ABC . .\n}" => ImpossibleSum @ 2:3);
    check!("kakuro {\n \\A . . . .\n}" => ImpossibleSum @ 2:3);
    check!("kakuro {\n \\A . .\n} with A > 9" => ImpossibleCondition @ 3:8);
    check!("kakuro {\n \\A . .\n} with base 8" => OptionNotApplicable @ 3:8);
    check!("kakuro {\n \\A B .\n} with B = 0" => Contradiction @ 2:5);
    check!("kakuro {\n # A\\ B\\\n \\C . .\n \\D . .\n} with A < B, repeats" => ok);
}

#[test]
fn one_mistake_one_error() {
    check!("A + B = C with digits {}" => Contradiction @ 1:16);
    check!("ABCDEFG + B = C with digits 5..3" => Contradiction @ 1:22);
    check!("SEND + MORE == MONEY" => ChainedEquals @ 1:13);
    assert!(!first("SEND + MORE == MONEY")
        .hint
        .unwrap_or_default()
        .contains(','));
    check!("SEND + MORE = MONEY with MONEY = 10652" => ok);
    check!("SEND + MORE = MONEY with MONEY = 5" => ImpossibleCondition @ 1:26);
    check!("first 0 A + B = C" => FirstZero @ 1:7);
}

#[test]
fn both_sides_of_a_conflict_are_labelled() {
    for script in [
        "SEND + MORE = MONEY with E = 5, E = 6",
        "SEND + MORE = MONEY with E = 5, E != 5",
    ] {
        let d = first(script);
        let labelled: Vec<usize> = d.labels.iter().map(|(span, _)| span.start).collect();
        assert_eq!(labelled, vec![25, 32], "{}", script);
    }
    let d = first("let m = A + B = C\nlet m = A + C = B");
    assert_eq!(d.labels, vec![(4..5, "first defined here".to_string())]);
}

#[test]
fn statements_continue_on_the_next_line() {
    check!("count (SEND + MORE\n  ) = MONEY" => ok);
    check!("count SEND + MORE =\n  MONEY" => ok);
    check!("count SEND + MORE = MONEY with D != 1,\n  E != 2" => ok);
    check!("count SEND + MORE = MONEY \\\n  with D != 1" => ok);
    check!("count SEND + MORE = \\\r\n  MONEY\r\ncount A + B = C" => ok);
    check!("count SEND + # the words\n# and a note\n  MORE = MONEY" => ok);
    // Blocks keep their own lines: a `\` in a Kakuro grid is a clue.
    check!("kakuro {\n # A\\ B\\\n \\C . .\n \\D . .\n} with A < B,\n repeats" => ok);
    // A blank line ends a statement, whatever its last line left open.
    check!("count SEND +\n\nMORE = MONEY" => Syntax @ 1:13);
    assert!(first("count SEND +\n\nMORE = MONEY")
        .hint
        .unwrap_or_default()
        .contains("a blank line"));
    check!("count (SEND + MORE\n\n) = MONEY" => [Syntax @ 1:7, Syntax @ 3:1]);
}

#[test]
fn a_continuation_that_cannot_continue_says_so() {
    check!("count SEND + MORE = MONEY \\" => Syntax @ 1:27);
    assert_eq!(
        first("count SEND + MORE = MONEY \\\n").message,
        "nothing follows this `\\`"
    );
    check!("count SEND + MORE = MONEY with D != 1 \\" => Syntax @ 1:39);
    assert_eq!(
        first("count SEND + MORE = MONEY with D != 1 \\").message,
        "nothing follows this `\\`"
    );
    check!("count SEND + \\ MORE = MONEY" => Syntax @ 1:14);
    check!("count SEND + MORE = MONEY with \\ D != 1" => Syntax @ 1:32);
    assert_eq!(
        first("count SEND + \\ MORE = MONEY").message,
        "`\\` continues a statement only at the end of a line"
    );
}

#[test]
fn an_option_written_with_equals_is_one_error_with_the_fix() {
    check!("count SEND + MORE = MONEY with base=16" => UnknownOption @ 1:32);
    let d = first("count SEND + MORE = MONEY with base=16");
    assert_eq!(d.hint.as_deref(), Some("write `base 16`"));
    assert_eq!(d.fix.map(|f| f.replacement), Some("base 16".to_string()));
    check!("count A + B = C with digits = 5" => UnknownOption @ 1:22);
    // The puzzle's own word `base`: a condition, as before.
    check!("count base + ball = games with base = 16" => ImpossibleCondition @ 1:32);
}

#[test]
fn the_options_bound_an_exponent() {
    check!("count A ^ BCDE = FG with B = 1" => ok);
    check!("count A ^ BCDE = FG with B in 1..3" => ok);
    check!("count A ^ BCDE = FG with BCDE < 4000" => ok);
    check!("count A ^ BCDE = FG with 4096 >= BCDE" => ok);
    check!("count A ^ BCDE = FG with BCDE < 5000" => TooLarge @ 1:7);
    check!("count A ^ BCDE = FG with B != 1" => TooLarge @ 1:7);
}

#[test]
fn a_chain_of_relations_is_labelled_as_relations() {
    let script = "count A < B < C";
    let shown = |script: &str| {
        let (_, diagnostics) = check_script(script);
        crypta_engine::report::diagnostics::render(&diagnostics, "<test>", script, false)
    };
    check!(script => ChainedEquals @ 1:13);
    let text = shown(script);
    assert!(text.contains("a second relation"), "{}", text);
    assert!(!text.contains("a second `=`"), "{}", text);
    // A chain of `=` keeps its words.
    assert!(shown("A + B = C = D").contains("a second `=`"));
}

#[test]
fn look_alike_operators_and_spellings_get_a_hint() {
    let hint = |script: &str| first(script).hint.unwrap_or_default();
    let fix = |script: &str| first(script).fix.map(|f| f.replacement);
    check!("SEND x MORE = MONEY" => Syntax @ 1:6);
    assert_eq!(hint("SEND x MORE = MONEY"), "to multiply, write `*` or `×`");
    assert_eq!(fix("SEND x MORE = MONEY").as_deref(), Some("*"));
    assert_eq!(
        first("SEND x MORE = MONEY").message,
        "unexpected `x` where an operator goes"
    );
    check!("SEND ＋ MORE = MONEY" => Syntax @ 1:6);
    assert_eq!(fix("SEND ＋ MORE = MONEY").as_deref(), Some("+"));
    assert!(hint("SEND ＋ MORE = MONEY").contains("write `+`"));
    check!("SEND + MORE = MONEY with leading_zeros" => UnknownOption @ 1:26);
    assert_eq!(
        hint("SEND + MORE = MONEY with leading_zeros"),
        "did you mean `leading zeros`?"
    );
    assert_eq!(
        fix("SEND + MORE = MONEY with leading_zeros").as_deref(),
        Some("leading zeros")
    );
}

#[test]
fn a_long_line_is_headed_with_its_true_column() {
    let script = format!("count {} = CD with E = 1", vec!["AB"; 150].join(" + "));
    let (_, diagnostics) = check_script(&script);
    let column = script.find("E = 1").map(|i| i + 1).unwrap_or_default();
    check!(&script => UnusedSymbol @ 1:765);
    assert_eq!(column, 765);
    for color in [false, true] {
        let text = crypta_engine::report::diagnostics::render(&diagnostics, "long", &script, color);
        assert!(text.contains("long:1:765 "), "{}", text);
        assert!(text.contains("shown in part"), "{}", text);
    }
}

#[test]
fn a_star_for_the_multiplier_sign_is_one_error() {
    check!("multiplication {\n  **\n* **\n ***\n}" => MissingRow @ 3:1);
    let d = first("multiplication {\n  **\n* **\n ***\n}");
    assert_eq!(d.fix.map(|f| f.replacement).as_deref(), Some("x"));
    // A star that is a cell of the multiplier, as before.
    check!("multiplication {\n  **\n***\n ***\n}" => MissingRow @ 3:1);
}

#[test]
fn a_division_is_a_fraction_and_checks() {
    // v3: `/` is exact rational division, so a quotient that is never
    // whole is no error: the fractions add up.
    check!("count A / BC + D / EF + G / HI = 1 with digits 1..9" => ok);
    // Bounds on a fraction still refuse what can never hold: A / BC < 1.
    check!("count A / BC > 1 with digits 1..9" => ImpossibleCondition @ 1:7);
}

#[test]
fn numbers_are_not_cells() {
    // `digits` says what cells hold; a number in an equation is no cell.
    check!("count A + B = 10 with digits 1..9" => ok);
    check!("count ABC + DEF = GHI with digits 1..9, GHI > 500" => ok);
    // A digit in a word with symbols is a cell, as before.
    check!("count A + B = 1? with digits 2..9" => Contradiction @ 1:15);
    // `leading zeros` lifts the rule for numbers in conditions too.
    check!("solve YO = YO with base 16, leading zeros, 06 != O9" => ok);
    check!("solve YO = YO with base 16, 06 != O9" => Contradiction @ 1:29);
}

#[test]
fn a_divisor_that_is_always_zero_is_a_warning() {
    // At the divisor, wherever it is: in a member, inside `or`, after
    // `with`, in an answer's expression.
    check!("count A / (B - B) = C" => ZeroDivisor @ 1:11);
    check!("count AB % ((C - C) * D) = E" => ZeroDivisor @ 1:12);
    check!("count AB / (C - C) prime" => ZeroDivisor @ 1:12);
    check!("count A / 0 = B" => ZeroDivisor @ 1:11);
    check!("count A / 00d = B" => ZeroDivisor @ 1:11);
    check!("count A / (B - B) = C or A = 1" => ZeroDivisor @ 1:11);
    check!("count A + B = C with A / (C - (C)) = 1 or A < B" => ZeroDivisor @ 1:26);
    check!("answer A / (0 / B): A + B = C" => ZeroDivisor @ 1:12);
    check!("count multiplication {\n   AB\n x  C\n ----\n  DDD\n}, A % (B - B) = 1" => ZeroDivisor @ 6:8);
    check!("count A / (B - C) = D" => ok);
    // `?` is a digit of its own each time it is written.
    check!("count A / (? - ?) = 1 with repeats" => ok);
    check!("count A / (B + B) = C" => ok);
    check!("count A / B ^ (C - C) = D" => ok);
    // Made 0 by the options: asked for, as before.
    check!("count A / B = C with repeats, B = 0" => ok);
}

#[test]
fn a_warning_does_not_stop_the_statement() {
    use crypta_core::{Options, Script};
    let script = Script::parse("count A / (B - B) = C or A = 1");
    assert!(script.is_ok() && script.diagnostics().is_empty());
    assert_eq!(script.warnings().len(), 1);
    assert!(script.warnings()[0].kind.is_warning());
    let answer = script.statements()[0].run(&Options::new()).unwrap();
    // A = 1, B, C any other two different digits.
    assert_eq!(answer.count().map(|c| c.to_string()), Some("72".into()));
    let json = script.diagnostics_json(None);
    assert!(json.starts_with("{\"warning\":{"), "{}", json);
    assert!(json.contains("\"kind\":\"ZeroDivisor\""), "{}", json);
    let text = script.render_diagnostics("w", false);
    assert!(text.starts_with("Warning:"), "{}", text);
}
