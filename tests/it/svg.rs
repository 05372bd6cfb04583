//! `--format svg`: every picture is well-formed XML, renders (through
//! Debian's `rsvg-convert`) to a PNG of its declared size that shows what
//! it should where it should, escapes the puzzle's text, and goes where
//! the command-line rules send it.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::support::run;

/// The one picture `crypta --format svg eval STATEMENTS [EXTRA]` writes.
fn picture(statements: &str, extra: &[&str]) -> String {
    let mut args = vec!["--format", "svg", "eval", statements];
    args.extend_from_slice(extra);
    let output = run(&args, b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{}: {}", statements, stderr);
    String::from_utf8(output.stdout).expect("UTF-8 picture")
}

/// Parses a picture: an `svg` root with a width and a height in pixels,
/// returned with the text it shows, its text elements in document order.
fn parse(svg: &str) -> (u32, u32, String) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{}\n{}", e, svg));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let size = |name| -> u32 {
        root.attribute(name)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{} of {}", name, svg))
    };
    let text = root
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    (size("width"), size("height"), text)
}

/// A rendered picture: RGB pixels row by row.
struct Png {
    width: u32,
    rgb: Vec<[u8; 3]>,
}

impl Png {
    fn at(&self, x: u32, y: u32) -> [u8; 3] {
        self.rgb[(y * self.width + x) as usize]
    }

    /// The darkest pixel of the square of side `2r + 1` round `(x, y)`,
    /// by the sum of its channels.
    fn darkest(&self, x: u32, y: u32, r: u32) -> [u8; 3] {
        let mut dark = [255; 3];
        for yy in y - r..=y + r {
            for xx in x - r..=x + r {
                let p = self.at(xx, yy);
                if p.iter().map(|&c| u32::from(c)).sum::<u32>()
                    < dark.iter().map(|&c| u32::from(c)).sum::<u32>()
                {
                    dark = p;
                }
            }
        }
        dark
    }
}

/// The picture rendered by `rsvg-convert`, checked to have the size the
/// SVG declares and not to be blank; `None` (with a message) when the
/// tool is missing outside CI, where it must be there.
fn render(svg: &str) -> Option<Png> {
    let (width, height, _) = parse(svg);
    let child = Command::new("rsvg-convert")
        .args(["--format", "png"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!(
                "skipped: rsvg-convert cannot run ({}); apt-get install librsvg2-bin",
                e
            );
            return None;
        }
        Err(e) => panic!("rsvg-convert is needed in CI (librsvg2-bin): {}", e),
    };
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(svg.as_bytes())
        .expect("write to rsvg-convert");
    let output = child.wait_with_output().expect("rsvg-convert");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut decoder = png::Decoder::new(std::io::Cursor::new(output.stdout));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("PNG size")];
    let info = reader.next_frame(&mut buffer).expect("PNG pixels");
    assert_eq!((info.width, info.height), (width, height));
    let channels = info.color_type.samples();
    let rgb: Vec<[u8; 3]> = buffer[..info.buffer_size()]
        .chunks(channels)
        .map(|p| match p {
            [g] | [g, _] => [*g; 3],
            [r, g, b, ..] => [*r, *g, *b],
            _ => [255; 3],
        })
        .collect();
    assert_eq!(rgb.len(), (width * height) as usize);
    let png = Png { width, rgb };
    let dark = png
        .rgb
        .iter()
        .filter(|p| p.iter().all(|&c| c < 128))
        .count();
    assert!(dark > 0, "a blank picture:\n{}", svg);
    Some(png)
}

fn is_dark(p: [u8; 3]) -> bool {
    p.iter().all(|&c| c < 80)
}

/// Mostly blue: the colour of the digits a solution filled in.
fn is_blue(p: [u8; 3]) -> bool {
    p[2] > 120 && p[2] > p[0].saturating_add(60)
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
    assert_eq!(parse(&svg).2, "3125)7797529254");
    render(&svg);
}

#[test]
fn a_letter_sum_is_set_in_columns() {
    let svg = picture("solve SEND + MORE = MONEY", &[]);
    assert_eq!(parse(&svg).2, "9567+108510652");
    assert_eq!(svg.matches("<line").count(), 1, "the rule");
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
        crypta::report::svg::escape("<a & \"b\" 'c'>\u{1}"),
        "&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;\u{fffd}"
    );
}

/// A fresh directory for `--out`.
fn out_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crypta-svg-{}-{}", tag, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn several_pictures_need_out() {
    let script = "let money = SEND + MORE = MONEY\nsolve money\ncount money";
    let output = run(&["--format", "svg", "eval", script], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--out DIR"));
    let dir = out_dir("several");
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
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn several_scripts_name_their_pictures_after_the_files() {
    let dir = out_dir("files");
    let dir_arg = dir.to_string_lossy().into_owned();
    let args = ["--format", "svg", "--blank", "--out", &dir_arg, "run"];
    let files = ["examples/kakuro.crypta", "examples/skeletons.crypta"];
    let output = run(&[&args[..], &files[..]].concat(), b"");
    assert!(output.status.success(), "{:?}", output);
    for name in ["kakuro-statement-1.svg", "skeletons-statement-1.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).expect(name);
        parse(&svg);
    }
    let _ = std::fs::remove_dir_all(&dir);
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
