//! `generate` stopped by `--timeout` keeps what it made in every format:
//! the text and JSON printed so far, the pictures of `--format svg --out
//! DIR`, and a PDF sheet of `--format pdf` (which used to be dropped),
//! says that it was stopped and how far it got, and exits with status 3.

use crate::support::{run, Scratch};

/// Puzzles asked for: far more than are made before the limit.
const COUNT: &str = "100000";

/// `generate kakuro` of many small grids stopped by a short limit, with
/// `format` options (the last ones `generate`'s own); returns how many it
/// says it made and its standard output.
fn stopped(format: &[&str], own: &[&str]) -> (usize, String) {
    let args = [
        &["--timeout", "1"][..],
        format,
        &[
            "generate", "kakuro", "--size", "7", "--unique", "--count", COUNT,
        ][..],
        own,
    ]
    .concat();
    let out = run(&args, b"");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(3), "{:?}: {}", format, err);
    let said = "the time limit stopped generate after ";
    let at = err.find(said).unwrap_or_else(|| panic!("{}", err)) + said.len();
    let made: usize = err[at..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{}", err));
    assert!(
        err[at..].contains(&format!("of {} puzzles", COUNT)),
        "{}",
        err
    );
    (made, String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn a_stopped_pdf_keeps_the_puzzles_made() {
    let dir = Scratch::new("stopped-pdf");
    let pdf = dir.join("made.pdf");
    let path = pdf.to_str().expect("UTF-8");
    let (made, _) = stopped(
        &["--format", "pdf", "--out", path, "--blank"],
        &["--per-page", "1"],
    );
    if made == 0 {
        // Nothing made on a machine this slow: nothing to keep.
        assert!(!pdf.exists());
        return;
    }
    let bytes = std::fs::read(&pdf).expect("the PDF was written");
    assert!(bytes.starts_with(b"%PDF"));
    // One puzzle a page, no solutions pages: a page per puzzle made.
    let text = String::from_utf8_lossy(&bytes);
    let pages = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
    assert_eq!(pages, made);
}

#[test]
fn stopped_pictures_and_json_keep_the_puzzles_made() {
    let dir = Scratch::new("stopped-svg");
    let pictures = dir.join("pictures");
    let (made, _) = stopped(
        &[
            "--format",
            "svg",
            "--out",
            pictures.to_str().expect("UTF-8"),
        ],
        &[],
    );
    let drawn = std::fs::read_dir(&pictures).map_or(0, |d| d.count());
    assert_eq!(drawn, made);
    let (made, printed) = stopped(&["--format", "json"], &[]);
    assert_eq!(printed.lines().count(), made, "{}", printed);
    for line in printed.lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
        assert!(value["statement"].is_string(), "{}", line);
    }
}
