//! A picture of `--format svg` drawn on a PDF page. The core writes its
//! pictures as hand-made SVG of a few elements (`rect`, `line`, `path` of
//! moves and curves, `text`, `title`), so the sheet reads that markup back
//! (roxmltree) and draws the same shapes with PDF operators, rather than
//! pulling in a whole SVG renderer and its font stack. Anything outside
//! that subset is an error, so a picture is never printed with a part
//! missing.

use pdf_writer::types::LineCapStyle;
use pdf_writer::{Content, Name, Str};
use roxmltree::Node;

use super::fonts::{self, Face};

/// Why a picture cannot be drawn.
#[derive(Debug)]
pub enum Problem {
    /// A character no standard PDF font encodes.
    Unprintable(char),
    /// Markup outside the subset (a bug of this module or of the core).
    Markup(String),
}

/// A picture parsed, with its size in SVG pixels.
pub struct Picture<'s> {
    doc: roxmltree::Document<'s>,
    pub width: f32,
    pub height: f32,
}

impl<'s> Picture<'s> {
    pub fn parse(svg: &'s str) -> Result<Picture<'s>, Problem> {
        let doc = roxmltree::Document::parse(svg)
            .map_err(|e| Problem::Markup(format!("the picture is not XML: {}", e)))?;
        let root = doc.root_element();
        let size = |name| -> Result<f32, Problem> {
            root.attribute(name)
                .and_then(|v| v.parse::<f32>().ok())
                .filter(|v| *v > 0.0)
                .ok_or_else(|| Problem::Markup(format!("the picture has no {}", name)))
        };
        let (width, height) = (size("width")?, size("height")?);
        Ok(Picture { doc, width, height })
    }

    /// Draws the picture with its top left corner at `(x, top)` on the
    /// page (PDF points, y up), `scale` points per pixel.
    pub fn draw(&self, content: &mut Content, x: f32, top: f32, scale: f32) -> Result<(), Problem> {
        content.save_state();
        // SVG's y grows downwards: the flip makes its coordinates usable
        // as they are (text is flipped back upright where it is drawn).
        content.transform([scale, 0.0, 0.0, -scale, x, top]);
        let drawn = self
            .doc
            .root_element()
            .children()
            .filter(|n| n.is_element())
            .try_for_each(|n| element(content, n));
        content.restore_state();
        drawn
    }
}

fn element(content: &mut Content, node: Node) -> Result<(), Problem> {
    let number = |name: &str| node.attribute(name).and_then(|v| v.parse::<f32>().ok());
    let must = |name: &str| {
        number(name).ok_or_else(|| {
            Problem::Markup(format!("<{}> without {}", node.tag_name().name(), name))
        })
    };
    match node.tag_name().name() {
        "title" => {}
        "rect" => {
            let (x, y, w, h) = (must("x")?, must("y")?, must("width")?, must("height")?);
            let fill = node.attribute("fill").and_then(colour);
            let stroke = node.attribute("stroke").and_then(colour);
            if let Some([r, g, b]) = fill {
                content
                    .set_fill_rgb(r, g, b)
                    .rect(x, y, w, h)
                    .fill_nonzero();
            }
            if let Some([r, g, b]) = stroke {
                content
                    .set_stroke_rgb(r, g, b)
                    .set_line_width(number("stroke-width").unwrap_or(1.0))
                    .rect(x, y, w, h)
                    .stroke();
            }
        }
        "line" => {
            stroke_style(content, node);
            content
                .move_to(must("x1")?, must("y1")?)
                .line_to(must("x2")?, must("y2")?)
                .stroke();
        }
        "path" => {
            stroke_style(content, node);
            path(content, node.attribute("d").unwrap_or(""))?;
            content.stroke();
        }
        "text" => text(content, node, (must("x")?, must("y")?))?,
        other => {
            return Err(Problem::Markup(format!(
                "the picture has a <{}>, which the PDF sheet does not draw",
                other
            )))
        }
    }
    Ok(())
}

/// The pen of a `line` or `path`: colour, width, cap.
fn stroke_style(content: &mut Content, node: Node) {
    let [r, g, b] = node
        .attribute("stroke")
        .and_then(colour)
        .unwrap_or([0.0; 3]);
    let width = node
        .attribute("stroke-width")
        .and_then(|v| v.parse::<f32>().ok())
        .unwrap_or(1.0);
    let cap = match node.attribute("stroke-linecap") {
        Some("round") => LineCapStyle::RoundCap,
        Some("square") => LineCapStyle::ProjectingSquareCap,
        _ => LineCapStyle::ButtCap,
    };
    content
        .set_stroke_rgb(r, g, b)
        .set_line_width(width)
        .set_line_cap(cap);
}

/// Path data of absolute moves, lines and curves (`M L H V Q C Z`, the
/// ones the core writes).
fn path(content: &mut Content, d: &str) -> Result<(), Problem> {
    let spaced = d.replace(',', " ");
    let mut tokens = spaced.split_whitespace().peekable();
    let mut at = (0.0f32, 0.0f32);
    let bad = || Problem::Markup(format!("path data `{}`", d));
    let mut command = None;
    while let Some(token) = tokens.peek().copied() {
        if token.chars().all(|c| c.is_ascii_alphabetic()) {
            command = token.chars().next();
            tokens.next();
            if command == Some('Z') {
                content.close_path();
            }
            continue;
        }
        let mut take = || -> Result<f32, Problem> {
            tokens
                .next()
                .and_then(|t| t.parse::<f32>().ok())
                .ok_or_else(bad)
        };
        match command {
            Some('M') => {
                at = (take()?, take()?);
                content.move_to(at.0, at.1);
            }
            Some('L') => {
                at = (take()?, take()?);
                content.line_to(at.0, at.1);
            }
            Some('H') => {
                at.0 = take()?;
                content.line_to(at.0, at.1);
            }
            Some('V') => {
                at.1 = take()?;
                content.line_to(at.0, at.1);
            }
            Some('C') => {
                let (a, b, c) = ((take()?, take()?), (take()?, take()?), (take()?, take()?));
                content.cubic_to(a.0, a.1, b.0, b.1, c.0, c.1);
                at = c;
            }
            Some('Q') => {
                // A quadratic curve is the cubic with its control point
                // two thirds of the way from each end.
                let (q, end) = ((take()?, take()?), (take()?, take()?));
                let third = |from: (f32, f32)| {
                    (
                        from.0 + 2.0 / 3.0 * (q.0 - from.0),
                        from.1 + 2.0 / 3.0 * (q.1 - from.1),
                    )
                };
                let (c1, c2) = (third(at), third(end));
                content.cubic_to(c1.0, c1.1, c2.0, c2.1, end.0, end.1);
                at = end;
            }
            _ => return Err(bad()),
        }
    }
    Ok(())
}

/// A `text` element: its characters in the standard font nearest its
/// family, weight and style, placed by its anchor. The caption and key
/// lines get a slash through every zero, as the picture cells' lone
/// zeros have: Courier's 0 and O are too alike.
fn text(content: &mut Content, node: Node, (x, y): (f32, f32)) -> Result<(), Problem> {
    let string: String = node
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    let size = node
        .attribute("font-size")
        .and_then(|v| v.parse::<f32>().ok())
        .unwrap_or(16.0);
    let family = node.attribute("font-family").unwrap_or("");
    let bold = node.attribute("font-weight") == Some("bold");
    let italic = node.attribute("font-style") == Some("italic");
    let face = match (
        family.contains("Mono") || family.contains("monospace"),
        bold,
    ) {
        (true, true) => Face::MonoBold,
        (true, false) => Face::Mono,
        (false, true) => Face::SansBold,
        (false, false) if italic => Face::SansOblique,
        (false, false) => Face::Sans,
    };
    let runs = fonts::runs(&string, face).map_err(Problem::Unprintable)?;
    let width: f32 = runs.iter().map(|(f, c)| fonts::width(*f, c)).sum::<f32>() * size;
    let start = match node.attribute("text-anchor") {
        Some("middle") => x - width / 2.0,
        Some("end") => x - width,
        _ => x,
    };
    let fill = node.attribute("fill").and_then(colour).unwrap_or([0.0; 3]);
    content.set_fill_rgb(fill[0], fill[1], fill[2]);
    content.begin_text();
    content.set_text_matrix([1.0, 0.0, 0.0, -1.0, start, y]);
    for (f, codes) in &runs {
        content.set_font(Name(f.resource()), size);
        content.show(Str(codes));
    }
    content.end_text();
    if matches!(node.attribute("class"), Some("caption" | "key")) {
        let mut pen = start;
        for (f, codes) in &runs {
            for &code in codes {
                let advance = fonts::width(*f, &[code]) * size;
                if code == b'0' && !f.is_symbol() {
                    let middle = pen + advance / 2.0;
                    content
                        .set_stroke_rgb(fill[0], fill[1], fill[2])
                        .set_line_width(size / 14.0)
                        .set_line_cap(LineCapStyle::ButtCap)
                        .move_to(middle - 0.17 * size, y - 0.04 * size)
                        .line_to(middle + 0.17 * size, y - 0.64 * size)
                        .stroke();
                }
                pen += advance;
            }
        }
    }
    Ok(())
}

/// An SVG colour as PDF's RGB, `None` for `none`; the core writes
/// `#rrggbb`, anything else is drawn black.
fn colour(value: &str) -> Option<[f32; 3]> {
    if value == "none" {
        return None;
    }
    let hex = value.strip_prefix('#').filter(|h| h.len() == 6);
    let channel = |k: usize| {
        hex.and_then(|h| h.get(k..k + 2))
            .and_then(|c| u8::from_str_radix(c, 16).ok())
            .map_or(0.0, |c| f32::from(c) / 255.0)
    };
    Some([channel(0), channel(2), channel(4)])
}
