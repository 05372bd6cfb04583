//! A sheet of puzzles as a PDF (pdf-writer): A4 pages with a title, a grid
//! of numbered puzzles, then the solutions pages, each picture the one
//! `--format svg` draws, put on the page by [`picture`]. Text uses the
//! standard fonts ([`fonts`]): nothing is embedded, and a character they
//! cannot show is an error naming it, never a missing glyph.

pub mod fonts;
pub mod picture;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use fonts::Face;
use picture::{Picture, Problem};

/// A4 in points.
const PAGE: (f32, f32) = (595.28, 841.89);
const MARGIN: f32 = 36.0;
/// Where the grid of puzzles starts under the title.
const HEADER: f32 = 72.0;
/// Points per SVG pixel at most: a small puzzle is printed at the size a
/// browser shows it, not blown up to fill its box.
const MAX_SCALE: f32 = 1.0;

/// One box of the grid: its number, a note after the number (such as
/// "one of several solutions"), and the picture.
pub struct Entry {
    pub number: usize,
    pub note: Option<String>,
    pub svg: String,
}

/// The sheet: the puzzles' pages, then (unless `solutions` is empty) the
/// solutions' pages, `per_page` boxes a page.
pub fn sheet(
    title: &str,
    per_page: usize,
    puzzles: &[Entry],
    solutions: &[Entry],
) -> Result<Vec<u8>, String> {
    let per_page = per_page.max(1);
    let mut pages: Vec<Content> = Vec::new();
    let solutions_title = format!("{} \u{2014} solutions", title);
    for (entries, heading) in [(puzzles, title), (solutions, solutions_title.as_str())] {
        for chunk in entries.chunks(per_page) {
            let mut content = Content::new();
            heading_line(&mut content, heading)
                .map_err(|c| unprintable(c, "the title (--title)"))?;
            grid(&mut content, chunk, per_page)?;
            pages.push(content);
        }
    }
    let count = pages.len();
    for (k, content) in pages.iter_mut().enumerate() {
        let footer = format!("{} / {}", k + 1, count);
        let mut line = Line::new(PAGE.0 / 2.0, 20.0, 9.0, Face::Sans);
        line.centred = true;
        // Digits and a slash: always printable.
        let _ = line.draw(content, &footer);
    }
    Ok(write(title, pages))
}

/// The message for a character the fonts cannot show, found in `what`.
fn unprintable(c: char, what: &str) -> String {
    format!(
        "{} has the character {:?} (U+{:04X}), which the PDF's standard fonts cannot print \
         (they have Latin letters, Greek and the usual maths signs); \
         draw it with --format svg instead",
        what, c, c as u32
    )
}

/// The title at the top of a page, made smaller to fit its width.
fn heading_line(content: &mut Content, title: &str) -> Result<(), char> {
    let runs = fonts::runs(title, Face::SansBold)?;
    let em: f32 = runs.iter().map(|(f, c)| fonts::width(*f, c)).sum();
    let room = PAGE.0 - 2.0 * MARGIN;
    let size = if em * 18.0 > room {
        (room / em.max(0.01)).max(6.0)
    } else {
        18.0
    };
    let line = Line::new(MARGIN, PAGE.1 - 48.0, size, Face::SansBold);
    line.draw(content, title)
}

/// The boxes of one page: columns and rows for `per_page` (more rows than
/// columns, as a portrait page has room for), each numbered.
fn grid(content: &mut Content, entries: &[Entry], per_page: usize) -> Result<(), String> {
    let cols = ((per_page as f64).sqrt().floor() as usize).max(1);
    let rows = per_page.div_ceil(cols);
    let top = PAGE.1 - HEADER;
    let width = (PAGE.0 - 2.0 * MARGIN) / cols as f32;
    let height = (top - MARGIN) / rows as f32;
    for (k, entry) in entries.iter().enumerate() {
        let (col, row) = (k % cols, k / cols);
        let left = MARGIN + col as f32 * width;
        let cell_top = top - row as f32 * height;
        let what = || format!("puzzle {}", entry.number);
        let label = format!("{}.", entry.number);
        Line::new(left + 4.0, cell_top - 14.0, 12.0, Face::SansBold)
            .draw(content, &label)
            .map_err(|c| unprintable(c, &what()))?;
        if let Some(note) = &entry.note {
            // After the number, however many digits it has.
            let digits = fonts::width(Face::SansBold, label.as_bytes()) * 12.0;
            Line::new(
                left + 12.0 + digits,
                cell_top - 14.0,
                9.0,
                Face::SansOblique,
            )
            .draw(content, note)
            .map_err(|c| unprintable(c, &what()))?;
        }
        let picture = Picture::parse(&entry.svg).map_err(|p| problem(p, &what()))?;
        let (room_w, room_h) = (width - 12.0, height - 28.0);
        let scale = (room_w / picture.width)
            .min(room_h / picture.height)
            .min(MAX_SCALE);
        let x = left + 6.0 + (room_w - picture.width * scale) / 2.0;
        picture
            .draw(content, x, cell_top - 22.0, scale)
            .map_err(|p| problem(p, &what()))?;
    }
    Ok(())
}

fn problem(problem: Problem, what: &str) -> String {
    match problem {
        Problem::Unprintable(c) => unprintable(c, what),
        Problem::Markup(message) => format!("internal error: {}: {}", what, message),
    }
}

/// One line of text on the page (PDF coordinates, y up).
struct Line {
    x: f32,
    y: f32,
    size: f32,
    face: Face,
    centred: bool,
}

impl Line {
    fn new(x: f32, y: f32, size: f32, face: Face) -> Line {
        Line {
            x,
            y,
            size,
            face,
            centred: false,
        }
    }

    fn draw(&self, content: &mut Content, text: &str) -> Result<(), char> {
        let runs = fonts::runs(text, self.face)?;
        let width: f32 = runs.iter().map(|(f, c)| fonts::width(*f, c)).sum::<f32>() * self.size;
        let x = if self.centred {
            self.x - width / 2.0
        } else {
            self.x
        };
        content.set_fill_rgb(0.0, 0.0, 0.0).begin_text();
        content.next_line(x, self.y);
        for (face, codes) in &runs {
            content.set_font(Name(face.resource()), self.size);
            content.show(Str(codes));
        }
        content.end_text();
        Ok(())
    }
}

/// The document: catalog, pages sharing the fonts, the title in its
/// information dictionary (UTF-16 there, so any title is kept whole).
fn write(title: &str, pages: Vec<Content>) -> Vec<u8> {
    let mut next = 1;
    let mut id = || {
        let r = Ref::new(next);
        next += 1;
        r
    };
    let (catalog, tree, info) = (id(), id(), id());
    let fonts: Vec<(Face, Ref)> = Face::ALL.iter().map(|&f| (f, id())).collect();
    let ids: Vec<(Ref, Ref)> = pages.iter().map(|_| (id(), id())).collect();
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(ids.iter().map(|(page, _)| *page))
        .count(i32::try_from(ids.len()).unwrap_or(i32::MAX));
    pdf.document_info(info)
        .title(TextStr(title))
        .creator(TextStr("crypta"));
    for &(face, font) in &fonts {
        let mut writer = pdf.type1_font(font);
        writer.base_font(Name(face.base_font()));
        if !face.is_symbol() {
            writer.encoding_predefined(Name(b"WinAnsiEncoding"));
        }
    }
    for (content, &(page, stream)) in pages.into_iter().zip(&ids) {
        let mut writer = pdf.page(page);
        writer
            .parent(tree)
            .media_box(Rect::new(0.0, 0.0, PAGE.0, PAGE.1))
            .contents(stream);
        let mut resources = writer.resources();
        let mut named = resources.fonts();
        for &(face, font) in &fonts {
            named.pair(Name(face.resource()), font);
        }
        named.finish();
        resources.finish();
        writer.finish();
        pdf.stream(stream, &content.finish());
    }
    pdf.finish()
}
