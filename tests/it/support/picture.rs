//! Pictures of `--format svg` for the tests: parsed as XML (roxmltree)
//! and rendered by Debian's `rsvg-convert` to pixels (decoded by png).

use std::io::Write;
use std::process::{Command, Stdio};

/// Parses a picture: an `svg` root with a width and a height in pixels,
/// returned with the text the puzzle shows, its text elements in document
/// order (the caption and the key under it left out).
pub fn parse(svg: &str) -> (u32, u32, String) {
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
        .filter(|n| !matches!(n.attribute("class"), Some("caption" | "key")))
        .filter_map(|n| n.text())
        .collect();
    (size("width"), size("height"), text)
}

/// A rendered picture: RGB pixels row by row.
pub struct Png {
    pub width: u32,
    pub rgb: Vec<[u8; 3]>,
}

impl Png {
    pub fn at(&self, x: u32, y: u32) -> [u8; 3] {
        self.rgb[(y * self.width + x) as usize]
    }

    /// The darkest pixel of the square of side `2r + 1` round `(x, y)`,
    /// by the sum of its channels.
    pub fn darkest(&self, x: u32, y: u32, r: u32) -> [u8; 3] {
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
pub fn render(svg: &str) -> Option<Png> {
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

pub fn is_dark(p: [u8; 3]) -> bool {
    p.iter().all(|&c| c < 80)
}

/// Mostly blue: the colour of the digits a solution filled in.
pub fn is_blue(p: [u8; 3]) -> bool {
    p[2] > 120 && p[2] > p[0].saturating_add(60)
}
