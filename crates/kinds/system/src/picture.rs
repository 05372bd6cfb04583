//! A system's picture stacks its layouts' pictures; its text and JSON are
//! its view's (`crypta_substrate::view`).

use super::System;
use crypta_kind_layout::picture;

/// The layouts' pictures one under the other, in one document.
pub(super) fn system(system: &System, values: Option<&[u8]>) -> String {
    let pictures: Vec<String> = system
        .layouts
        .iter()
        .map(|l| {
            let part = values.map(|v| l.values(v));
            picture::layout(&l.part, part.as_deref())
        })
        .collect();
    stack(&pictures, "System of layouts")
}

/// A number attribute of a picture's root element (`width="120"`).
fn attribute(svg: &str, name: &str) -> u32 {
    let key = format!(" {}=\"", name);
    svg.find(&key)
        .and_then(|at| {
            let rest = &svg[at + key.len()..];
            rest[..rest.find('"')?].parse().ok()
        })
        .unwrap_or(0)
}

/// Standalone pictures one under the other, as nested `<svg>` elements
/// of one document.
fn stack(pictures: &[String], title: &str) -> String {
    let width = pictures
        .iter()
        .map(|p| attribute(p, "width"))
        .max()
        .unwrap_or(1);
    let height: u32 = pictures.iter().map(|p| attribute(p, "height")).sum();
    let mut body = String::new();
    let mut y = 0u32;
    for picture in pictures {
        // The picture without its XML declaration, placed at `y`.
        let element = picture
            .split_once('\n')
            .map_or(picture.as_str(), |(_, rest)| rest);
        let placed = element.replacen("<svg ", &format!("<svg x=\"0\" y=\"{}\" ", y), 1);
        body.push_str(&placed);
        y = y.saturating_add(attribute(picture, "height"));
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
         <title>{}</title>\n\
         <rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n{}</svg>\n",
        title,
        body,
        w = width.max(1),
        h = height.max(1)
    )
}
