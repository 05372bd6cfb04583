//! SVG drawing primitives every kind's picture is made of: a document of
//! fixed size, rectangles, lines, text in the printed fonts, and escaping
//! (puzzle text is the user's). Plain markup written by hand; no kind here.

use std::fmt::Write;

/// The colour of digits a solution filled in, so that they stand apart
/// from what the puzzle printed.
pub const SOLVED: &str = "#1f4fa8";

/// Fonts named for the printed look; the generic family is the fallback
/// every renderer has. The Latin faces come first (their zero is dotted
/// or slashed); the CJK faces after them draw kana and kanji letters,
/// since a renderer that does not fall back on the system's fonts (or
/// whose fallback has no CJK face) would otherwise draw empty boxes.
macro_rules! cjk {
    () => {
        "Noto Sans Mono CJK JP, Noto Sans CJK JP, Source Han Sans JP, Source Han Sans, \
         Hiragino Sans, Hiragino Kaku Gothic ProN, Yu Gothic, Meiryo, MS Gothic, \
         Droid Sans Fallback"
    };
}
pub const MONO: &str = concat!("DejaVu Sans Mono, Menlo, Consolas, ", cjk!(), ", monospace");
pub const SANS: &str = concat!("DejaVu Sans, Helvetica, Arial, ", cjk!(), ", sans-serif");

/// `text` with the characters XML gives a meaning replaced by entities;
/// characters XML 1.0 forbids (control characters) become U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// An SVG document being written: its size is fixed first, so that the
/// picture prints at a known scale.
pub struct Svg {
    body: String,
    width: u32,
    height: u32,
}

impl Svg {
    /// A picture `width` by `height` pixels with a white background (a
    /// transparent one prints as nothing and renders as black in some
    /// viewers).
    pub fn new(width: u32, height: u32) -> Svg {
        let mut svg = Svg {
            body: String::new(),
            width: width.max(1),
            height: height.max(1),
        };
        let (w, h) = (svg.width, svg.height);
        svg.rect(0, 0, w, h, "#ffffff", None);
        svg
    }

    /// A rectangle, filled, with an optional outline colour.
    pub fn rect(&mut self, x: u32, y: u32, w: u32, h: u32, fill: &str, stroke: Option<&str>) {
        let stroke = stroke.map_or(String::new(), |s| format!(r#" stroke="{}""#, s));
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"{}/>"#,
            x, y, w, h, fill, stroke
        );
    }

    /// A straight line.
    pub fn line(&mut self, from: (u32, u32), to: (u32, u32), width: f32) {
        let _ = writeln!(
            self.body,
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#000000" stroke-width="{}" stroke-linecap="square"/>"##,
            from.0, from.1, to.0, to.1, width
        );
    }

    /// A black curve or polyline given as SVG path data, not filled.
    pub fn path(&mut self, d: &str, width: f32) {
        let _ = writeln!(
            self.body,
            r##"<path d="{}" fill="none" stroke="#000000" stroke-width="{}" stroke-linecap="round"/>"##,
            d, width
        );
    }

    /// Text whose baseline starts, ends or is centred (`anchor`: `start`,
    /// `end`, `middle`) at `(x, y)`.
    pub fn text(&mut self, at: (u32, u32), text: &str, style: &TextStyle) {
        let weight = if style.bold {
            r#" font-weight="bold""#
        } else {
            ""
        };
        let italic = if style.italic {
            r#" font-style="italic""#
        } else {
            ""
        };
        if text == "0" && style.anchor == "middle" {
            self.slash(at, style);
        }
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-family="{}" font-size="{}" fill="{}" text-anchor="{}"{}{}>{}</text>"#,
            at.0,
            at.1,
            style.family,
            style.size,
            style.fill,
            style.anchor,
            weight,
            italic,
            escape(text)
        );
    }

    /// The slash through a zero drawn alone, centred at `at`: the digit 0
    /// and the letter O look alike in most fonts, and puzzles mix them.
    fn slash(&mut self, at: (u32, u32), style: &TextStyle) {
        let size = style.size as f32;
        let (x, y) = (at.0 as f32, at.1 as f32);
        let _ = writeln!(
            self.body,
            r#"<line class="zero" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="{:.1}"/>"#,
            x - 0.2 * size,
            y - 0.08 * size,
            x + 0.2 * size,
            y - 0.66 * size,
            style.fill,
            size / 14.0
        );
    }

    /// The whole document, with `title` as its accessible name.
    pub fn finish(self, title: &str) -> String {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
             <title>{}</title>\n{}</svg>\n",
            escape(title),
            self.body,
            w = self.width,
            h = self.height
        )
    }
}

/// How a piece of text is drawn.
#[derive(Clone, Copy)]
pub struct TextStyle {
    pub family: &'static str,
    pub size: u32,
    pub fill: &'static str,
    pub anchor: &'static str,
    pub bold: bool,
    pub italic: bool,
}

impl TextStyle {
    /// Black, regular, centred.
    pub fn new(family: &'static str, size: u32) -> TextStyle {
        TextStyle {
            family,
            size,
            fill: "#000000",
            anchor: "middle",
            bold: false,
            italic: false,
        }
    }
}

/// A pixel size from a count of cells, saturating instead of overflowing
/// for absurd inputs.
pub fn px(cells: usize, size: u32) -> u32 {
    u32::try_from(cells)
        .unwrap_or(u32::MAX)
        .saturating_mul(size)
}
