//! The letter O and the digit 0 look different in a picture's key and
//! caption, not only in its cells: rendered by `rsvg-convert`, the key
//! `O = 0` has ink in the middle of its zero (a dot or a slash) and none
//! in the middle of its O.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::sheet::decode_png;
use crate::support::picture::Png;
use crate::support::run;

/// `svg` rendered four times its size; `None` when rsvg-convert is
/// missing outside CI.
fn render_zoomed(svg: &str) -> Option<Png> {
    let child = Command::new("rsvg-convert")
        .args(["--format", "png", "--zoom", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: rsvg-convert cannot run ({e}); apt-get install librsvg2-bin");
            return None;
        }
        Err(e) => panic!("rsvg-convert is needed in CI (librsvg2-bin): {e}"),
    };
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(svg.as_bytes())
        .expect("write to rsvg-convert");
    drop(stdin);
    let output = child.wait_with_output().expect("rsvg-convert");
    assert!(output.status.success());
    Some(decode_png(&output.stdout))
}

fn dark(p: [u8; 3]) -> bool {
    p.iter().all(|&c| c < 140)
}

#[test]
fn the_key_tells_the_letter_o_from_the_digit_zero() {
    let output = run(
        &["--format", "svg", "eval", "solve SEND + MORE = MONEY"],
        b"",
    );
    assert!(output.status.success());
    let svg = String::from_utf8(output.stdout).expect("UTF-8");
    let doc = roxmltree::Document::parse(&svg).expect("SVG");
    let line = doc
        .descendants()
        .find(|n| {
            n.attribute("class") == Some("key") && n.text().is_some_and(|t| t.contains("O = 0"))
        })
        .expect("the key line with O = 0");
    let text = line.text().expect("text");
    let number = |name| -> u32 {
        line.attribute(name)
            .and_then(|v| v.parse().ok())
            .expect("a number")
    };
    let (baseline, size) = (number("y") * 4, number("font-size") * 4);
    let Some(png) = render_zoomed(&svg) else {
        return;
    };
    // The glyphs of the line, left to right: runs of columns with ink in
    // the band between the baseline and a cap height above it.
    let band = baseline - size * 3 / 4..baseline;
    let inked = |x: u32| band.clone().any(|y| dark(png.at(x, y)));
    let mut glyphs = Vec::new();
    let mut start = None;
    for x in 0..png.width {
        match (inked(x), start) {
            (true, None) => start = Some(x),
            (false, Some(s)) => {
                glyphs.push((s, x));
                start = None;
            }
            _ => {}
        }
    }
    // Each character but spaces is one glyph (a monospaced face keeps
    // them apart).
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(glyphs.len(), chars.len(), "{text}: glyphs {glyphs:?}");
    let at = |c: char, after: usize| {
        let k = chars
            .iter()
            .skip(after)
            .position(|&d| d == c)
            .expect("in the key")
            + after;
        (glyphs[k], k)
    };
    let ((o0, o1), o) = at('O', 0);
    let ((z0, z1), _) = at('0', o);
    // The middle of each glyph's box: rows where it has ink, then the
    // centre (and the pixels next to it) of that box.
    let middle = |(x0, x1): (u32, u32)| {
        let rows: Vec<u32> = band
            .clone()
            .filter(|&y| (x0..x1).any(|x| dark(png.at(x, y))))
            .collect();
        let (cx, cy) = ((x0 + x1) / 2, (rows[0] + rows[rows.len() - 1]) / 2);
        (cx - 1..=cx + 1).any(|x| (cy - 1..=cy + 1).any(|y| dark(png.at(x, y))))
    };
    assert!(!middle((o0, o1)), "the letter O has ink in its middle");
    assert!(
        middle((z0, z1)),
        "the digit 0 is an O: no dot or slash in its middle"
    );
}
