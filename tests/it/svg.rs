//! `--format svg`: every picture is well-formed XML, renders (through
//! Debian's `rsvg-convert`) to a PNG of its declared size that shows what
//! it should where it should, escapes the puzzle's text, and goes where
//! the command-line rules send it.

use std::path::PathBuf;

use crate::support::picture::{is_blue, is_dark, parse, render};
use crate::support::{run, Scratch};

/// The one picture `crypta --format svg eval STATEMENTS [EXTRA]` writes.
fn picture(statements: &str, extra: &[&str]) -> String {
    let mut args = vec!["--format", "svg", "eval", statements];
    args.extend_from_slice(extra);
    let output = run(&args, b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{}: {}", statements, stderr);
    String::from_utf8(output.stdout).expect("UTF-8 picture")
}

/// The centre of cell (r, c) of a Kakuro picture (8 pixels of margin,
/// cells of 44).
fn centre(r: u32, c: u32) -> (u32, u32) {
    (8 + 44 * c + 22, 8 + 44 * r + 22)
}

const KAKURO: &str = r"unique kakuro { #  5\ 5\ ; \4 1 . ; \6 . . }";

#[test]
fn a_solved_kakuro_has_black_blocks_bold_givens_and_blue_digits() {
    let svg = picture(KAKURO, &[]);
    let (width, height, text) = parse(&svg);
    assert_eq!((width, height), (8 * 2 + 44 * 3, 8 * 2 + 44 * 3));
    // Clues (down before across), then the digits row by row.
    assert_eq!(text, "55413642");
    let Some(png) = render(&svg) else { return };
    let (x, y) = centre(0, 0);
    assert!(is_dark(png.at(x, y)), "the block is dark");
    let (x, y) = centre(1, 1);
    let given = png.darkest(x, y, 12);
    assert!(
        is_dark(given) && !is_blue(given),
        "the given 1 is black: {:?}",
        given
    );
    for (r, c) in [(1, 2), (2, 1), (2, 2)] {
        let (x, y) = centre(r, c);
        assert!(
            is_blue(png.darkest(x, y, 12)),
            "a solved digit at {} {}",
            r,
            c
        );
    }
}

#[test]
fn a_blank_kakuro_has_empty_white_cells() {
    let svg = picture(KAKURO, &["--blank"]);
    assert_eq!(parse(&svg).2, "55416");
    let Some(png) = render(&svg) else { return };
    let (x, y) = centre(2, 2);
    assert_eq!(png.darkest(x, y, 12), [255; 3]);
    let (x, y) = centre(0, 0);
    assert!(is_dark(png.at(x, y)));
}

#[test]
fn a_cryptic_kakuro_shows_its_letters_until_solved() {
    let grid = r"kakuro { # A\ B\ ; \A . . ; \B C . } with A = 4";
    let blank = picture(&format!("explain {}", grid), &[]);
    assert!(parse(&blank).2.contains('C'), "{}", blank);
    render(&blank);
    let solved = picture(&format!("solve {}", grid), &[]);
    assert!(!parse(&solved).2.contains('C'), "{}", solved);
    render(&solved);
}

const MULTIPLICATION: &str = "unique multiplication {
       **3
    x   **
    ------
      *4**
     ****
    ------
     2*45*
}";

#[test]
fn a_multiplication_is_drawn_as_printed() {
    let svg = picture(MULTIPLICATION, &[]);
    assert_eq!(parse(&svg).2, "733x321466219923456");
    assert_eq!(svg.matches("<line").count(), 2, "two rules");
    render(&svg);
    let blank = picture(MULTIPLICATION, &["--blank"]);
    assert_eq!(parse(&blank).2, "**3x***4******2*45*");
    render(&blank);
}

#[test]
fn a_division_is_drawn_as_printed() {
    let svg = picture(
        "unique division {
      3*
     ------
** ) ***
     *5
     --
      2*
      **
      --
       4
}",
        &[],
    );
    // The `)` is a curve joined to the bar, not a character.
    assert_eq!(parse(&svg).2, "31257797529254");
    assert_eq!(svg.matches("<path").count(), 1, "the bracket");
    render(&svg);
}

#[test]
fn a_letter_sum_is_set_in_columns() {
    let svg = picture("solve SEND + MORE = MONEY", &[]);
    assert_eq!(parse(&svg).2, "9567+108510652");
    // The rule, and a slash through each of the two zeros.
    assert_eq!(svg.matches("<line").count(), 3, "the rule and two slashes");
    assert_eq!(svg.matches("<line class=\"zero\"").count(), 2);
    let Some(png) = render(&svg) else { return };
    assert!(
        png.rgb.iter().any(|&p| is_blue(p)),
        "solved digits in colour"
    );
    let blank = picture("explain SEND + MORE = MONEY", &[]);
    assert_eq!(parse(&blank).2, "SEND+MOREMONEY");
    // A difference shows its sign; a product is a line of text.
    assert_eq!(parse(&picture("explain ABC - DE = FG", &[])).2, "ABC-DEFG");
    assert_eq!(parse(&picture("explain AB * C = DE", &[])).2, "AB*C=DE");
    render(&picture("first 1 AB * C = DE", &[]));
}

#[test]
fn the_puzzle_text_is_escaped() {
    let svg = picture("solve AB + BA = CC, A < B", &[]);
    assert!(svg.contains("&lt;"), "{}", svg);
    assert_eq!(parse(&svg).2, "12+21=331<2");
    render(&svg);
    assert_eq!(
        crypta_engine::report::svg::escape("<a & \"b\" 'c'>\u{1}"),
        "&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;\u{fffd}"
    );
}

/// A directory for `--out` to make, inside a scratch directory that goes
/// when the first value is dropped.
fn out_dir(tag: &str) -> (Scratch, PathBuf) {
    let scratch = Scratch::new(&format!("svg-{}", tag));
    let dir = scratch.join("out");
    (scratch, dir)
}

#[test]
fn several_pictures_need_out() {
    let script = "let money = SEND + MORE = MONEY\nsolve money\ncount money";
    let output = run(&["--format", "svg", "eval", script], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--out DIR"));
    let (_scratch, dir) = out_dir("several");
    let dir_arg = dir.to_string_lossy().into_owned();
    let output = run(&["--format", "svg", "--out", &dir_arg, "eval", script], b"");
    assert!(output.status.success(), "{:?}", output);
    assert!(output.stdout.is_empty());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the --out directory")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    assert_eq!(names, ["statement-2.svg", "statement-3.svg"]);
    let solved = std::fs::read_to_string(dir.join("statement-2.svg")).expect("a picture");
    assert_eq!(parse(&solved).2, "9567+108510652");
    let counted = std::fs::read_to_string(dir.join("statement-3.svg")).expect("a picture");
    assert_eq!(parse(&counted).2, "SEND+MOREMONEY");
}

#[test]
fn several_scripts_name_their_pictures_after_the_files() {
    let (_scratch, dir) = out_dir("files");
    let dir_arg = dir.to_string_lossy().into_owned();
    let args = ["--format", "svg", "--blank", "--out", &dir_arg, "run"];
    let files = ["examples/kakuro.crypta", "examples/skeletons.crypta"];
    let output = run(&[&args[..], &files[..]].concat(), b"");
    assert!(output.status.success(), "{:?}", output);
    for name in ["kakuro-statement-1.svg", "skeletons-statement-1.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).expect(name);
        parse(&svg);
    }
}

#[test]
fn misuse_is_a_usage_error() {
    for args in [
        &["--out", "x", "eval", "solve A + B = C"][..],
        &["--blank", "eval", "solve A + B = C"],
        &["--format", "svg", "eval", "let x = A + B = C"],
    ] {
        let output = run(args, b"");
        assert_eq!(output.status.code(), Some(2), "{:?}", args);
        assert!(output.stdout.is_empty());
    }
    // A script with an error draws nothing.
    let output = run(&["--format", "svg", "eval", "solve A + = C"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
}

/// A `?` side is drawn blank, in the picture and the text grid alike; the
/// solution still fills the run's cells.
#[test]
fn any_sum_sides_are_drawn_blank() {
    let grid = "solve kakuro { # ?\\ 16\\ ; \\? . . ; \\17 . . }";
    let svg = run(&["--format", "svg", "eval", grid], b"");
    let svg = String::from_utf8_lossy(&svg.stdout);
    assert!(
        svg.contains(">16</text>") && svg.contains(">17</text>"),
        "{}",
        svg
    );
    assert!(!svg.contains(">?</text>"), "{}", svg);
    // The first solution's four digits, each drawn.
    assert_eq!(
        svg.split("</svg>")
            .next()
            .map(|s| s.matches("font-size=\"24\"").count()),
        Some(4)
    );
    let text = run(&["eval", grid], b"");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("│░░░░░│  \\  │16\\  │"), "{}", text);
    let drawn = text.lines().filter(|l| l.contains('│'));
    assert!(
        drawn.clone().count() > 0 && drawn.clone().all(|l| !l.contains('?')),
        "{}",
        text
    );
}
