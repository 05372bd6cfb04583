//! Pictures are whole puzzles: what a solver needs besides the grid or the
//! sum (a base, givens, digit sets, `wild` letters, conditions) is printed
//! under it, so a puzzle typed back in from its picture's caption has the
//! same solutions; a solved picture carries its key; a lone zero is
//! slashed; a division's `)` meets the bar over the dividend. Checked on
//! the SVG text and by rendering through `rsvg-convert`.

use crypta_core::{Options, Script};

use crate::support::picture::{is_dark, render};
use crate::support::run;

fn picture(statement: &str, blank: bool) -> String {
    let mut args = vec!["--format", "svg"];
    if blank {
        args.push("--blank");
    }
    args.extend(["eval", statement]);
    let output = run(&args, b"");
    assert!(
        output.status.success(),
        "{statement}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 picture")
}

/// The text of the picture's elements of class `class`, in order, XML
/// entities read back.
fn texts(svg: &str, class: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some(class))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

/// Every solution's digits of a one-statement script, sorted.
fn solutions(statement: &str) -> Vec<Vec<(char, u32)>> {
    let script = Script::parse(statement);
    assert!(script.is_ok(), "{statement}: {:?}", script.diagnostics());
    let answer = script.statements()[0].run(&Options::new()).expect("runs");
    let mut all: Vec<Vec<(char, u32)>> = answer
        .solutions()
        .iter()
        .map(|s| {
            let mut symbols = s.symbols().to_vec();
            symbols.sort_unstable();
            if symbols.is_empty() {
                // A grid: its digits, numbered.
                let grid = s.grid().unwrap_or(&[]);
                let digits = grid
                    .iter()
                    .flatten()
                    .map(|c| format!("{c:?}"))
                    .collect::<String>();
                return vec![('#', digits.len() as u32)]
                    .into_iter()
                    .chain(digits.bytes().map(|b| ('d', u32::from(b))))
                    .collect();
            }
            symbols
        })
        .collect();
    all.sort();
    all
}

/// Puzzles whose options matter: without them each has other solutions
/// or none.
const PUZZLES: [(&str, &str); 6] = [
    ("solve SEND + MORE = MONEY", " with D = 7"),
    ("solve ABCED + BDACE = EBBAA", " with base 5, leading zeros"),
    ("solve OE * O = EOE", " with wild O E, O odd, E even"),
    ("first 5 SEND + MORE = MONEY", " with repeats, MONEY prime"),
    ("count AB + CD = EF", " with digits {1, 2, 3, 4, 5, 6, 7, 8}"),
    (
        "solve multiplication {\n        ***\n    x    **\n    -------\n       ****\n      ****\n    -------\n      *****\n}",
        " with digits {2, 3, 5, 7}",
    ),
];

#[test]
fn a_puzzle_typed_back_from_its_caption_has_the_same_solutions() {
    for (body, options) in PUZZLES {
        let statement = format!("{body}{options}");
        for blank in [false, true] {
            let svg = picture(&statement, blank);
            let caption = texts(&svg, "caption").join(" ");
            assert!(caption.starts_with("with "), "{statement}: {caption}");
            let again = format!("{body} {caption}");
            assert_eq!(solutions(&again), solutions(&statement), "{again}");
            // The caption is drawn: the rendered picture has ink under the
            // puzzle's own height.
            if let Some(png) = render(&svg) {
                let doc = roxmltree::Document::parse(&svg).expect("SVG");
                let y: u32 = doc
                    .descendants()
                    .find(|n| n.attribute("class") == Some("caption"))
                    .and_then(|n| n.attribute("y"))
                    .and_then(|y| y.parse().ok())
                    .expect("a caption line");
                let inked = (12..png.width.min(200)).any(|x| is_dark(png.at(x, y - 5)));
                assert!(inked, "{statement}: no caption drawn");
            }
        }
    }
}

#[test]
fn a_query_on_a_name_prints_the_options_of_its_let() {
    let svg = picture(
        "let p = SEND + MORE = MONEY with D = 7\nunique p with M = 1",
        true,
    );
    assert_eq!(texts(&svg, "caption"), ["with D = 7, M = 1"]);
}

#[test]
fn solved_pictures_carry_the_key_and_blank_ones_do_not() {
    let svg = picture("unique SEND + MORE = MONEY", false);
    let key = texts(&svg, "key").join(" ");
    assert_eq!(
        key,
        "key: S = 9, E = 5, N = 6, D = 7, M = 1, O = 0, R = 8, Y = 2"
    );
    assert!(texts(&picture("unique SEND + MORE = MONEY", true), "key").is_empty());
    // A cryptic Kakuro's letters get their digits too.
    let cryptic = "unique kakuro {\n  #    #    CC\\  I\\   #    #\n  #    \\H   B    .    CA\\  JE\\\n  #    D\\FE .    .    .    .\n  \\A   .    I    B\\JC .    .\n  \\JC  H    .    .    .    #\n  #    #    \\JE  .    .    #\n}";
    let key = texts(&picture(cryptic, false), "key").join(" ");
    for letter in "ABCDEFHIJ".chars() {
        assert!(key.contains(&format!("{letter} = ")), "{letter}: {key}");
    }
}

#[test]
fn a_zero_drawn_alone_is_slashed() {
    // 9567 + 1085 = 10652: two zeros, no letter O left once solved.
    let svg = picture("unique SEND + MORE = MONEY", false);
    assert_eq!(svg.matches("class=\"zero\"").count(), 2);
    // The letter O is not slashed.
    assert_eq!(
        picture("unique SEND + MORE = MONEY", true)
            .matches("class=\"zero\"")
            .count(),
        0
    );
}

#[test]
fn a_division_bracket_meets_the_bar() {
    let division = "unique division {\n          3*\n         ------\n    ** ) ***\n         *5\n         --\n          2*\n          **\n          --\n           4\n}";
    let svg = picture(division, true);
    assert!(!svg.contains(">)</text>"), "the ) is drawn, not typed");
    let doc = roxmltree::Document::parse(&svg).expect("SVG");
    let path = doc
        .descendants()
        .find(|n| n.has_tag_name("path"))
        .expect("the bracket");
    let d: Vec<u32> = path
        .attribute("d")
        .unwrap_or("")
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    let (x, top) = (d[0], d[1]);
    // The bar over the dividend ends where the bracket starts.
    let joined = doc
        .descendants()
        .filter(|n| n.has_tag_name("line"))
        .any(|n| {
            n.attribute("x1") == Some(&x.to_string()) && n.attribute("y1") == Some(&top.to_string())
        });
    assert!(joined, "{svg}");
    if let Some(png) = render(&svg) {
        assert!(is_dark(png.darkest(x, top + 1, 2)));
    }
}
