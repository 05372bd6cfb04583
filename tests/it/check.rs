//! The checker, one line per case: `check!(SCRIPT => KIND @ LINE:COLUMN)`
//! asserts that the script gives exactly one diagnostic, of that kind,
//! starting there (columns count characters from 1); `=> ok` that it gives
//! none; `=> [KIND @ L:C, ...]` several, in order. And the error index:
//! every [`ErrorKind`]'s documented example gives exactly that kind.

use crypta::check::check_script;
use crypta::diagnostic::ErrorKind::{self, *};
use crypta::report::diagnostics::position;

/// Each diagnostic of `script` as (kind, line, column).
fn diagnose(script: &str) -> Vec<(ErrorKind, usize, usize)> {
    let (_, diagnostics) = check_script(script);
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
            assert_eq!(kinds.len(), crypta::limits::MAX_DIAGNOSTICS + 1);
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
    check!("SEND + MORE = MONEY with SE = 5" => BadTarget @ 1:26);
    check!("SEND + MORE = MONEY with E in 1..4, D odd, MONEY prime" => ok);
    check!("kakuro {\n # 4\\ 3\\\n \\3 . .\n \\4 . .\n} with base 8" => OptionNotApplicable @ 5:8);
}

#[test]
fn layouts() {
    check!("multiplication {\n  1a!\n x  2\n ---\n ***\n}" => BadRow @ 2:5);
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

#[test]
fn limits() {
    let nested = format!("{}A{} = B", "(".repeat(65), ")".repeat(65));
    check!(&nested => TooLarge @ 1:65);
    let deep_enough = format!("{}A{} = B", "(".repeat(64), ")".repeat(64));
    check!(&deep_enough => ok);
}
