//! `crypta fmt`: the rules one line each, idempotence and unchanged meaning
//! over every script of the repository and over the same scripts with their
//! blanks scrambled, refusal of syntax errors, and `--check`.

use crypta_core::fmt::lex::{tokens, TokenKind};
use crypta_core::fmt::{format_script, Refusal};
use crypta_engine::plan::Setup;
use crypta_engine::program::check_script;
use crypta_engine::program::Action;
use crypta_substrate::ir::Query;
use proptest::prelude::*;

use crate::support::{crypta, files, read, run};

/// `fmt!(INPUT => OUTPUT)`: INPUT formats to exactly OUTPUT.
macro_rules! fmt {
    ($name:ident: $input:expr => $output:expr) => {
        #[test]
        fn $name() {
            let formatted = format_script($input).expect("formats");
            assert_eq!(formatted, $output, "\n{}", formatted);
        }
    };
}

fmt!(spaces_around_operators: "SEND+MORE=MONEY" => "SEND + MORE = MONEY\n");
fmt!(one_space_between_words: "first   2\tABC *DE= FGHI" => "first 2 ABC * DE = FGHI\n");
fmt!(continued_lines_are_indented: "count (SEND+MORE\n) = MONEY with \\\n D!=1,  # note\nE!=2\n"
    => "count (SEND + MORE\n    ) = MONEY with \\\n    D != 1, # note\n    E != 2\n");
fmt!(commas_and_brackets: "solve (AB+CD)*E=FGH ,GH+A=IJ with A!=1 ,B!=2"
    => "solve (AB + CD) * E = FGH, GH + A = IJ with A != 1, B != 2\n");
fmt!(digit_sets_and_ranges: "count 1??+??=2?? with ? in 1 .. 8,digits{1,2 ,3}"
    => "count 1?? + ?? = 2?? with ? in 1..8, digits {1, 2, 3}\n");
fmt!(semicolons_join_statements: "count A+B=C ;count A+B=C with repeats" => "count A + B = C; count A + B = C with repeats\n");
fmt!(statements_start_their_line: "   \tlet money = SEND+MORE=MONEY\n  explain money" => "let money = SEND + MORE = MONEY\nexplain money\n");
fmt!(comments_stay_in_their_column:
    "A+B=C          # sum\nAB+CD=EF     # longer\n   # alone\n"
    => "A + B = C      # sum\nAB + CD = EF # longer\n# alone\n");
fmt!(blank_lines_are_kept_and_the_end_is_one_newline:
    "\nA+B=C\n\n\nD+E=F   \n\n\n" => "\nA + B = C\n\n\nD + E = F\n");
fmt!(kakuro_columns_align:
    "unique kakuro {\n # 4\\ 3\\\n\\3 . .\n   \\4 . .   \n}"
    => "unique kakuro {\n  #  4\\ 3\\\n  \\3 .  .\n  \\4 .  .\n}\n");
fmt!(kakuro_rows_after_semicolons_get_lines:
    "kakuro {\n# 4\\ 3\\ ; \\3 . .\n\\4 . .}" => "kakuro {\n  #  4\\ 3\\\n  \\3 .  .\n  \\4 .  .\n}\n");
fmt!(a_one_line_kakuro_stays_on_one_line:
    "count kakuro {#  4\\ 3\\;\\3 . . ;  \\4 . .}" => "count kakuro { # 4\\ 3\\ ; \\3 . . ; \\4 . . }\n");
fmt!(layout_rows_keep_their_columns:
    "unique multiplication {\n  **3\nx  **\n-----\n *4**\n****\n-----\n2*45*}   with digits{2,3}"
    => "unique multiplication {\n      **3\n    x  **\n    -----\n     *4**\n    ****\n    -----\n    2*45*\n} with digits {2, 3}\n");
fmt!(layout_tabs_are_expanded_to_their_columns:
    "division {\n\t  3*\n\t------\n  ** )\t***\n}" => "division {\n            3*\n          ------\n    ** )  ***\n}\n");
fmt!(layout_comments_move_with_their_rows:
    "multiplication {  # Knuth\n      ***   # the multiplicand\n    x  **\n}"
    => "multiplication { # Knuth\n      ***   # the multiplicand\n    x  **\n}\n");
fmt!(a_layout_row_on_the_brace_line_is_left_alone:
    "multiplication {  12\n x 3\n  36\n}" => "multiplication {  12\n x 3\n  36\n}\n");
fmt!(fmt_off_leaves_a_script_as_it_is:
    "# fmt: off\nSEND+MORE=MONEY\nkakuro {\n#  3\\\n\\3 .\n}" => "# fmt: off\nSEND+MORE=MONEY\nkakuro {\n#  3\\\n\\3 .\n}");
fmt!(fmt_off_leaves_even_syntax_errors_alone: "# fmt: off\nA+ = B\n" => "# fmt: off\nA+ = B\n");
fmt!(an_empty_script_stays_empty: "  \n\n" => "");
fmt!(full_width_blanks_and_operators_are_kept: "A\u{3000}×\u{3000}B = CD, CD − A = EF" => "A × B = CD, CD − A = EF\n");

#[test]
fn syntax_errors_are_refused() {
    for script in [
        "SEND + MORE = MONEY +",
        "solve (AB + CD = EF",
        "kakuro {\n # 4\\",
    ] {
        let Refusal::Syntax(errors) = format_script(script).expect_err(script) else {
            panic!("{} was refused for another reason than its syntax", script);
        };
        assert!(!errors.is_empty());
        assert!(errors
            .iter()
            .all(|d| d.kind == crypta_core::ErrorKind::Syntax
                || d.kind == crypta_core::ErrorKind::TooLarge));
    }
    // Errors found later than the parser do not stop formatting.
    assert_eq!(
        format_script("ABCDEFGHIJK+A=B").expect("formats"),
        "ABCDEFGHIJK + A = B\n"
    );
}

/// What a script means, as far as formatting could change it: each
/// statement's query and typed puzzle with its strategy (`explain`), and the
/// messages of its errors.
fn meaning(source: &str) -> Vec<String> {
    let (statements, errors) = check_script(source);
    let mut meaning: Vec<String> = statements
        .iter()
        .map(|s| match &s.action {
            Action::Bind { name, kind } => format!("{} let {} {}", s.number, name, kind),
            Action::Ask { query, puzzle } => format!(
                "{} {:?}\n{}",
                s.number,
                query,
                crypta_engine::plan::plan(puzzle, Query::Explain, &Setup::default())
                    .explain(puzzle)
            ),
        })
        .collect();
    // A message may quote the text as typed: its blanks do not count.
    meaning.extend(errors.iter().map(|d| {
        let message: Vec<&str> = d.message.split_whitespace().collect();
        format!("{:?}: {}", d.kind, message.join(" "))
    }));
    meaning
}

fn scripts() -> Vec<String> {
    let mut all = files("examples", "crypta");
    all.extend(files("tests/cases", "crypta"));
    all
}

#[test]
fn formatting_is_idempotent_and_keeps_the_meaning_of_every_script() {
    let mut formatted_any = 0;
    for path in scripts() {
        let source = read(&path);
        let Ok(once) = format_script(&source) else {
            panic!("{} was refused", path);
        };
        formatted_any += 1;
        let twice = format_script(&once).expect("a formatted script formats");
        assert_eq!(once, twice, "{}: formatting twice changed it", path);
        assert_eq!(
            meaning(&source),
            meaning(&once),
            "{}: the meaning changed",
            path
        );
    }
    assert!(
        formatted_any >= 15,
        "only {} scripts formatted",
        formatted_any
    );
}

/// The script's tokens again, with each blank between two tokens on a
/// line replaced by a choice from `blanks` (comments dropped: their
/// column is the one thing the formatter keeps from the original).
fn respaced(source: &str, blanks: &[u8]) -> String {
    let choices = ["", " ", "  ", "\t", " \u{3000}"];
    let mut out = String::new();
    let mut previous: Option<TokenKind> = None;
    for (i, token) in tokens(source).iter().enumerate() {
        let text = &source[token.span.clone()];
        if token.kind == TokenKind::Comment {
            continue;
        }
        let pick = choices[blanks[i % blanks.len()] as usize % choices.len()];
        match (previous, token.kind) {
            (None | Some(TokenKind::Newline), _) | (_, TokenKind::Newline) => {}
            // Two words need a blank between them to stay two.
            (Some(TokenKind::Word), TokenKind::Word) if pick.is_empty() => out.push(' '),
            _ => out.push_str(pick),
        }
        out.push_str(text);
        previous = Some(token.kind);
    }
    out
}

proptest! {
    #![proptest_config(crate::support::proptest_config(192))]

    /// However the blanks between tokens are typed, the formatted script is
    /// the same, and means the same.
    #[test]
    fn the_blanks_typed_do_not_matter(
        which in 0usize..64,
        blanks in proptest::collection::vec(0u8..5, 1..40),
    ) {
        let all = scripts();
        let path = &all[which % all.len()];
        let source = read(path);
        let canonical = respaced(&source, &[1]);
        let Ok(expected) = format_script(&canonical) else { return Ok(()); };
        let scrambled = respaced(&source, &blanks);
        let formatted = format_script(&scrambled).expect("the scrambled script formats");
        prop_assert_eq!(&formatted, &expected, "{}", path);
        prop_assert_eq!(meaning(&scrambled), meaning(&expected));
    }
}

#[test]
fn check_names_the_files_that_are_not_formatted_and_fmt_rewrites_them() {
    let dir = crate::support::Scratch::new("fmt");
    let messy = dir.join("messy.crypta");
    let tidy = dir.join("tidy.crypta");
    let broken = dir.join("broken.crypta");
    std::fs::write(&messy, "count   A+B=C\nSEND+MORE=MONEY\n").expect("write");
    std::fs::write(&tidy, "count A + B = C\n").expect("write");
    std::fs::write(&broken, "SEND + MORE = MONEY +\n").expect("write");
    let path = |p: &std::path::Path| p.to_string_lossy().into_owned();

    let checked = crypta()
        .args(["fmt", "--check", &path(&messy), &path(&tidy)])
        .output()
        .expect("run crypta fmt --check");
    assert_eq!(checked.status.code(), Some(1));
    let said = String::from_utf8_lossy(&checked.stdout);
    assert_eq!(said, format!("{}:1: not formatted\n", path(&messy)));

    let formatted = crypta()
        .args(["fmt", &path(&messy), &path(&tidy)])
        .output()
        .expect("run crypta fmt");
    assert_eq!(formatted.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&messy).expect("read"),
        "count A + B = C\nSEND + MORE = MONEY\n"
    );

    let refused = crypta()
        .args(["fmt", &path(&broken)])
        .output()
        .expect("run crypta fmt");
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("fix its syntax first"));
    assert_eq!(
        std::fs::read_to_string(&broken).expect("read"),
        "SEND + MORE = MONEY +\n"
    );
}

#[test]
fn a_dash_formats_standard_input_to_standard_output() {
    let out = run(&["fmt", "-"], b"count ACM+IBM=ICPC");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "count ACM + IBM = ICPC\n"
    );
}

#[test]
fn the_repository_scripts_are_formatted() {
    for path in scripts() {
        let source = read(&path);
        if let Ok(formatted) = format_script(&source) {
            assert_eq!(formatted, source, "{}: run `crypta fmt {}`", path, path);
        }
    }
}
