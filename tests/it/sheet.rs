//! `crypta sheet` and `generate --format pdf`: the PDF is checked by
//! rendering it with poppler's `pdftoppm` (Debian's poppler-utils) and
//! looking at the pixels: one page per `--per-page` puzzles, ink in each
//! puzzle's box and none where no puzzle is, solutions pages after the
//! puzzles with the solved digits in their colour. Also what a sheet
//! does with puzzles of several solutions or none, characters the PDF's
//! fonts lack, and a title with PDF's special characters.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::picture::{is_blue, Png};
use crate::support::{files, read, run, Scratch};

/// A fresh directory for one test's files.
fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("sheet-{}", name))
}

/// The pages of `pdf` rendered at 40 dots an inch; `None` (with a
/// message) when pdftoppm is missing outside CI, where it must be there.
fn render(pdf: &Path) -> Option<Vec<Png>> {
    let dir = pdf.with_extension("pages");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("pages directory");
    let status = Command::new("pdftoppm")
        .args(["-r", "40", "-png"])
        .arg(pdf)
        .arg(dir.join("page"))
        .status();
    match status {
        Ok(status) => assert!(status.success(), "pdftoppm failed on {}", pdf.display()),
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: pdftoppm cannot run ({e}); apt-get install poppler-utils");
            return None;
        }
        Err(e) => panic!("pdftoppm is needed in CI (poppler-utils): {e}"),
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("rendered pages")
        .map(|e| e.expect("entry").path())
        .collect();
    // page-1.png or page-01.png...: the same width for every page.
    files.sort();
    Some(
        files
            .iter()
            .map(|f| decode_png(&std::fs::read(f).expect("a rendered page")))
            .collect(),
    )
}

/// A PNG's pixels as RGB.
pub fn decode_png(bytes: &[u8]) -> Png {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("PNG size")];
    let info = reader.next_frame(&mut buffer).expect("PNG pixels");
    let channels = info.color_type.samples();
    let rgb = buffer[..info.buffer_size()]
        .chunks(channels)
        .map(|p| match p {
            [g] | [g, _] => [*g; 3],
            [r, g, b, ..] => [*r, *g, *b],
            _ => [255; 3],
        })
        .collect();
    Png {
        width: info.width,
        rgb,
    }
}

fn height(page: &Png) -> u32 {
    (page.rgb.len() / page.width as usize) as u32
}

/// Pixels of the page's quarter `(column, row)` below the title band
/// (the boxes of a page of four) that are not white, and of them blue.
fn ink(page: &Png, (column, row): (u32, u32)) -> (usize, usize) {
    let (w, h) = (page.width, height(page));
    // The title takes the top 72 of 842 points, the footer the bottom 36.
    let (top, bottom) = (h * 72 / 842, h - h * 36 / 842);
    let (x0, x1) = (w * column / 2, w * (column + 1) / 2);
    let middle = (top + bottom) / 2;
    let (y0, y1) = if row == 0 {
        (top, middle)
    } else {
        (middle, bottom)
    };
    let (mut dark, mut blue) = (0, 0);
    for y in y0..y1 {
        for x in x0..x1 {
            let p = page.at(x, y);
            if p.iter().any(|&c| c < 200) {
                dark += 1;
                blue += usize::from(is_blue(p));
            }
        }
    }
    (dark, blue)
}

const SIX: &str = "solve SEND + MORE = MONEY\n\
    unique ABC + ABC = BCD with A = 1, C = 4\n\
    count TWO + TWO = FOUR\n\
    solve kakuro {\n  #   4\\  3\\\n  \\3  .   .\n  \\4  .   .\n}\n\
    solve multiplication {\n    ***\n x   **\n -------\n   ****\n  ****\n -------\n  *****\n} with digits {2, 3, 5, 7}\n\
    grade ODD + ODD = EVEN\n";

#[test]
fn a_sheet_has_numbered_puzzles_then_their_solutions() {
    let dir = scratch("six");
    let script = dir.join("six.crypta");
    std::fs::write(&script, SIX).expect("script");
    let pdf = dir.join("six.pdf");
    let path = |p: &Path| p.to_str().expect("UTF-8 path").to_string();
    let output = run(
        &[
            "sheet",
            &path(&script),
            "--out",
            &path(&pdf),
            "--per-page",
            "4",
        ],
        b"",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(output.stdout.is_empty());
    // count TWO + TWO = FOUR has several solutions: marked, not failed.
    assert!(
        stderr.contains("puzzle 3 (statement 3, line 3) has several solutions"),
        "{stderr}"
    );
    assert!(std::fs::read(&pdf).expect("the PDF").starts_with(b"%PDF-"));
    let Some(pages) = render(&pdf) else { return };
    // Six puzzles four a page: two pages of puzzles, two of solutions.
    assert_eq!(pages.len(), 4);
    let boxes = [(0, 0), (1, 0), (0, 1), (1, 1)];
    for (k, page) in pages.iter().enumerate() {
        let solutions = k >= 2;
        let filled = if k % 2 == 0 { 4 } else { 2 };
        for (b, &quarter) in boxes.iter().enumerate() {
            let (dark, blue) = ink(page, quarter);
            if b < filled {
                assert!(dark > 200, "page {}, box {}: no puzzle drawn", k + 1, b + 1);
                // Solved digits are blue; a blank puzzle has none, and
                // every puzzle here has a solution to show.
                assert_eq!(
                    blue > 20,
                    solutions,
                    "page {}, box {}: {} blue",
                    k + 1,
                    b + 1,
                    blue
                );
            } else {
                assert!(
                    dark < 20,
                    "page {}, box {}: ink where no puzzle is",
                    k + 1,
                    b + 1
                );
            }
        }
    }
}

#[test]
fn generated_puzzles_make_a_sheet_and_blank_leaves_out_the_solutions() {
    let dir = scratch("generated");
    let pdf = dir.join("kakuro.pdf");
    let out = pdf.to_str().expect("UTF-8 path");
    let args = [
        "generate",
        "kakuro",
        "--size",
        "6",
        "--count",
        "5",
        "--format",
        "pdf",
        "--out",
        out,
        "--per-page",
        "4",
        "--title",
        "Kakuro (set 1) \\ <b>",
    ];
    let output = run(&args, b"");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let Some(pages) = render(&pdf) else { return };
    assert_eq!(pages.len(), 4);
    assert!(
        ink(&pages[2], (0, 0)).1 > 20,
        "the solutions come after the puzzles"
    );
    // The title's parentheses and backslash are PDF string syntax: read
    // back whole from the document's information.
    let info = Command::new("pdfinfo").arg(&pdf).output().expect("pdfinfo");
    let info = String::from_utf8_lossy(&info.stdout);
    assert!(
        info.contains("Title:           Kakuro (set 1) \\ <b>"),
        "{info}"
    );
    assert!(info.contains("Pages:           4"), "{info}");

    let mut blank = args.to_vec();
    blank.push("--blank");
    let output = run(&blank, b"");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let pages = render(&pdf).expect("rendered above");
    assert_eq!(pages.len(), 2);
    assert!(pages.iter().all(|p| (0..2).all(|c| ink(p, (c, 0)).1 == 0)));
}

#[test]
fn a_puzzle_without_solution_is_marked_and_fails_the_run() {
    let dir = scratch("none");
    let pdf = dir.join("none.pdf");
    let out = pdf.to_str().expect("UTF-8 path");
    let output = run(
        &["sheet", "-", "--out", out],
        b"solve A + B = CDE\nsolve SEND + MORE = MONEY\n",
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("warning: puzzle 1 (statement 1, line 1) has no solution"),
        "{stderr}"
    );
    // The sheet is still written, with both puzzles.
    let Some(pages) = render(&pdf) else { return };
    assert_eq!(pages.len(), 2);
}

#[test]
fn characters_the_pdf_fonts_lack_are_an_error_not_a_broken_file() {
    let dir = scratch("kana");
    let pdf = dir.join("kana.pdf");
    let out = pdf.to_str().expect("UTF-8 path");
    let output = run(
        &["sheet", "-", "--out", out],
        "solve あ + い = うえ\n".as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("puzzle 1 has the character 'あ' (U+3042)"),
        "{stderr}"
    );
    assert!(stderr.contains("--format svg"), "{stderr}");
    assert!(!pdf.exists(), "no file is written");
    // Greek letters and maths signs are in the standard Symbol font.
    let output = run(
        &["sheet", "-", "--out", out],
        "solve α + β = γδ\n".as_bytes(),
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let output = run(
        &["sheet", "-", "--out", out, "--title", "かな"],
        b"solve A + B = C\n",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("the title (--title)"));
}

#[test]
fn a_pdf_goes_to_a_file_and_with_generate_or_sheet_only() {
    let output = run(&["sheet", "-"], b"solve A + B = C\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("give --out FILE"));
    let output = run(&["--format", "pdf", "eval", "solve A + B = C"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("crypta sheet"));
    let output = run(&["sheet", "-", "--out", "x.pdf", "--per-page", "0"], b"");
    assert_eq!(output.status.code(), Some(2));
}

/// Every element of every picture is one the PDF writer draws: each
/// example solved and each test case blank makes a sheet (or, for a
/// script whose letters are kana, says so), never an internal error.
#[test]
fn every_example_and_case_prints_on_a_sheet() {
    let dir = scratch("all");
    let pdf = dir.join("all.pdf");
    let out = pdf.to_str().expect("UTF-8 path");
    let scripts = files("examples", "crypta")
        .into_iter()
        .map(|f| (f, false))
        .chain(
            files("tests/cases", "crypta")
                .into_iter()
                .map(|f| (f, true)),
        );
    for (file, blank) in scripts {
        if !crypta_core::Script::parse(&read(&file)).is_ok() {
            // A case with errors in it on purpose: nothing to print.
            continue;
        }
        let _ = std::fs::remove_file(&pdf);
        let mut args = vec!["sheet", file.as_str(), "--out", out];
        if blank {
            args.push("--blank");
        }
        let output = run(&args, b"");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("internal error"), "{file}: {stderr}");
        if stderr.contains("which the PDF's standard fonts cannot print") {
            assert!(!pdf.exists(), "{file}");
            continue;
        }
        let bytes = std::fs::read(&pdf).unwrap_or_else(|e| panic!("{file}: {e}: {stderr}"));
        assert!(bytes.starts_with(b"%PDF-"), "{file}");
    }
}

/// Text on a sheet: Latin in WinAnsi codes, maths signs and Greek in the
/// Symbol font, anything else refused with the character.
#[test]
fn sheet_text_is_encoded_in_the_standard_fonts() {
    use crypta_cli::cli::pdf::fonts::{runs, width, Face};
    assert_eq!(
        runs("O = 0", Face::Mono),
        Ok(vec![(Face::Mono, b"O = 0".to_vec())])
    );
    assert_eq!(
        runs("é€ ≠ α", Face::Sans),
        Ok(vec![
            (Face::Sans, vec![0xE9, 0x80, b' ']),
            (Face::Symbol, vec![0xB9]),
            (Face::Sans, vec![b' ']),
            (Face::Symbol, vec![b'a']),
        ])
    );
    assert_eq!(runs("AあB", Face::Sans), Err('あ'));
    assert_eq!(runs("\u{7}", Face::Sans), Err('\u{7}'));
    // Courier is monospaced; Helvetica's O is wider than its 0.
    assert_eq!(width(Face::Mono, b"O0"), 1.2);
    assert!(width(Face::Sans, b"O") > width(Face::Sans, b"0"));
}

/// On the PDF too the key's 0 is not its O: Courier draws them alike, so
/// the sheet slashes the zeros of captions and keys. Found by poppler's
/// word boxes (`pdftotext -bbox`), looked at in a rendering four times
/// the size: ink across the 0's counter a quarter of the way along the
/// slash each side of its middle (where neither a plain nor a dotted zero,
/// which poppler's stand-in for Courier may draw, has any), none in the O.
#[test]
fn a_sheet_key_tells_the_letter_o_from_the_digit_zero() {
    let dir = scratch("zero");
    let pdf = dir.join("zero.pdf");
    let out = pdf.to_str().expect("UTF-8 path");
    let output = run(
        &["sheet", "-", "--out", out, "--per-page", "1"],
        b"solve SEND + MORE = MONEY\n",
    );
    assert!(output.status.success());
    // Page 2: the solution, with its key.
    let words = Command::new("pdftotext")
        .args(["-f", "2", "-l", "2", "-bbox"])
        .arg(&pdf)
        .arg("-")
        .output();
    let words = match words {
        Ok(words) => String::from_utf8_lossy(&words.stdout).into_owned(),
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: pdftotext cannot run ({e}); apt-get install poppler-utils");
            return;
        }
        Err(e) => panic!("pdftotext is needed in CI (poppler-utils): {e}"),
    };
    let bbox = |word: &str| -> [f32; 4] {
        let line = words
            .lines()
            .find(|l| l.trim_end().ends_with(&format!(">{word}</word>")))
            .unwrap_or_else(|| panic!("no word {word} in\n{words}"));
        let number = |name: &str| -> f32 {
            let from = line.find(&format!("{name}=\"")).expect(name) + name.len() + 2;
            let to = line[from..].find('"').expect("quote") + from;
            line[from..to].parse().expect("a number")
        };
        [
            number("xMin"),
            number("yMin"),
            number("xMax"),
            number("yMax"),
        ]
    };
    let letter = bbox("O");
    let mut digit = bbox("0,");
    // "0," is two characters of Courier: the zero is the first half.
    digit[2] = (digit[0] + digit[2]) / 2.0;
    let rendered = Command::new("pdftoppm")
        .args(["-f", "2", "-l", "2", "-r", "288", "-png"])
        .arg(&pdf)
        .output()
        .expect("pdftoppm");
    let png = decode_png(&rendered.stdout);
    let dark = |x: u32, y: u32| png.at(x, y).iter().all(|&c| c < 140);
    let slashed = |[x0, y0, x1, y1]: [f32; 4]| {
        let (x0, x1) = ((x0 * 4.0) as u32, (x1 * 4.0) as u32);
        // The font size in pixels: a Courier character is 0.6 em wide.
        let size = (x1 - x0) as f32 / 0.6;
        let rows: Vec<u32> = ((y0 * 4.0) as u32..(y1 * 4.0) as u32)
            .filter(|&y| (x0..x1).any(|x| dark(x, y)))
            .collect();
        let (cx, cy) = (
            (x0 + x1) as f32 / 2.0,
            (rows[0] + rows[rows.len() - 1]) as f32 / 2.0,
        );
        let inked = |x: f32, y: f32| {
            let (x, y) = (x as u32, y as u32);
            (x - 2..=x + 2).any(|x| (y - 2..=y + 2).any(|y| dark(x, y)))
        };
        let (dx, dy) = (0.085 * size, 0.15 * size);
        inked(cx - dx, cy + dy) && inked(cx + dx, cy - dy)
    };
    assert!(!slashed(letter), "the letter O is drawn slashed");
    assert!(slashed(digit), "the digit 0 is not slashed");
}
