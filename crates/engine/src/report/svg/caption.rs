//! What a picture prints under the puzzle so that it is complete on
//! paper: the options and conditions written after `with` (a base, givens
//! such as `D = 5`, digit sets, `wild` letters, conditions), in the
//! language's own notation so that a reader can type the puzzle back in,
//! and on a solved picture the key, each letter with its digit. Written
//! in the monospaced faces, whose zero is dotted or slashed (DejaVu Sans
//! Mono, Menlo, Consolas): in the sans faces `O = 0` reads as two of one.

use crypta_substrate::draw::{escape, MONO};

/// Pixels per caption line, and the font size.
const LINE: u32 = 22;
const SIZE: u32 = 15;
/// The width of one character of the caption font, in pixels (0.6 em).
const CHAR: u32 = 9;
const MARGIN: u32 = 12;

/// The caption lines of a picture: `with` and the options, wrapped at
/// about `columns` characters, then the key when `key` is not empty.
pub fn lines(
    options: &[String],
    key: &[(char, u32)],
    columns: usize,
) -> Vec<(String, &'static str)> {
    let mut out = Vec::new();
    if !options.is_empty() {
        let mut line = String::from("with");
        for (k, option) in options.iter().enumerate() {
            let piece = if k + 1 < options.len() {
                format!("{},", option)
            } else {
                option.clone()
            };
            if line.chars().count() + 1 + piece.chars().count() > columns && line != "with" {
                out.push((std::mem::take(&mut line), "caption"));
            } else if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&piece);
        }
        out.push((line, "caption"));
    }
    if !key.is_empty() {
        let last = key.len().saturating_sub(1);
        let pairs: Vec<String> = key
            .iter()
            .enumerate()
            .map(|(k, (c, d))| format!("{} = {}{}", c, d, if k < last { "," } else { "" }))
            .collect();
        let mut line = String::from("key:");
        for pair in pairs {
            if line.chars().count() + 2 + pair.len() > columns && line != "key:" {
                out.push((std::mem::take(&mut line), "key"));
            } else {
                line.push(' ');
            }
            line.push_str(&pair);
        }
        out.push((line, "key"));
    }
    out
}

/// `doc` (a document `crypta_substrate::draw::Svg::finish` wrote) with `lines` added
/// under the picture, the picture made tall and wide enough for them.
pub fn add(doc: &str, lines: &[(String, &'static str)]) -> String {
    if lines.is_empty() {
        return doc.to_string();
    }
    let Some((width, height)) = size(doc) else {
        return doc.to_string();
    };
    let longest = lines
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let new_width = width.max(
        u32::try_from(longest)
            .unwrap_or(u32::MAX)
            .saturating_mul(CHAR)
            .saturating_add(2 * MARGIN),
    );
    let added = u32::try_from(lines.len())
        .unwrap_or(u32::MAX)
        .saturating_mul(LINE)
        .saturating_add(MARGIN);
    let new_height = height.saturating_add(added);
    let old = format!(
        "width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\"",
        w = width,
        h = height
    );
    let new = format!(
        "width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\"",
        w = new_width,
        h = new_height
    );
    let mut body = String::new();
    // The white background under the caption (the picture's own covers
    // only its old size).
    body.push_str(&format!(
        "<rect x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n",
        height, new_width, added
    ));
    if new_width > width {
        body.push_str(&format!(
            "<rect x=\"{}\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n",
            width,
            new_width - width,
            height
        ));
    }
    for (k, (line, class)) in lines.iter().enumerate() {
        let y = height
            .saturating_add(u32::try_from(k).unwrap_or(u32::MAX).saturating_mul(LINE))
            .saturating_add(LINE - 6);
        body.push_str(&format!(
            "<text class=\"{}\" x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\" fill=\"#000000\">{}</text>\n",
            class,
            MARGIN,
            y,
            MONO,
            SIZE,
            escape(line)
        ));
    }
    let doc = doc.replacen(&old, &new, 1);
    match doc.rfind("</svg>") {
        Some(end) => format!("{}{}{}", &doc[..end], body, &doc[end..]),
        None => doc,
    }
}

/// The width and height a document of `crypta_substrate::draw::Svg::finish` gives.
fn size(doc: &str) -> Option<(u32, u32)> {
    let number = |name: &str| -> Option<u32> {
        let at = doc.find(&format!(" {}=\"", name))? + name.len() + 3;
        let end = doc[at..].find('"')? + at;
        doc[at..end].parse().ok()
    };
    Some((number("width")?, number("height")?))
}
