//! The PDF's fonts: the standard ones every reader has (Helvetica and
//! Courier in WinAnsiEncoding for Latin text, Symbol for the few maths
//! signs and Greek letters puzzles use), so nothing is embedded. Text
//! becomes runs of one font's one-byte codes; a character none of them
//! encodes (kana, CJK, Cyrillic...) is reported, never dropped.

/// A face the sheet uses, by its resource name on every page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Sans,
    SansBold,
    SansOblique,
    Mono,
    MonoBold,
    Symbol,
}

impl Face {
    pub const ALL: [Face; 6] = [
        Face::Sans,
        Face::SansBold,
        Face::SansOblique,
        Face::Mono,
        Face::MonoBold,
        Face::Symbol,
    ];

    /// The name of the standard font.
    pub fn base_font(self) -> &'static [u8] {
        match self {
            Face::Sans => b"Helvetica",
            Face::SansBold => b"Helvetica-Bold",
            Face::SansOblique => b"Helvetica-Oblique",
            Face::Mono => b"Courier",
            Face::MonoBold => b"Courier-Bold",
            Face::Symbol => b"Symbol",
        }
    }

    /// The name pages use for it.
    pub fn resource(self) -> &'static [u8] {
        match self {
            Face::Sans => b"F1",
            Face::SansBold => b"F2",
            Face::SansOblique => b"F3",
            Face::Mono => b"F4",
            Face::MonoBold => b"F5",
            Face::Symbol => b"F6",
        }
    }

    /// Symbol has its own encoding; the others are given WinAnsi.
    pub fn is_symbol(self) -> bool {
        self == Face::Symbol
    }

    fn is_mono(self) -> bool {
        matches!(self, Face::Mono | Face::MonoBold)
    }
}

/// `text` in `face` as runs of (face, codes), the characters WinAnsi lacks
/// in Symbol; `Err` with the first character neither encodes.
pub fn runs(text: &str, face: Face) -> Result<Vec<(Face, Vec<u8>)>, char> {
    let mut out: Vec<(Face, Vec<u8>)> = Vec::new();
    for c in text.chars() {
        let (f, code) = match win_ansi(c) {
            Some(code) => (face, code),
            None => (Face::Symbol, symbol(c).ok_or(c)?),
        };
        match out.last_mut() {
            Some((last, codes)) if *last == f => codes.push(code),
            _ => out.push((f, vec![code])),
        }
    }
    Ok(out)
}

/// The width of `codes` in `face`, in ems.
pub fn width(face: Face, codes: &[u8]) -> f32 {
    codes.iter().map(|&c| advance(face, c)).sum::<f32>() / 1000.0
}

/// A character's code in WinAnsiEncoding: ASCII, Latin-1, and the
/// punctuation Windows put at 0x80 to 0x9F.
fn win_ansi(c: char) -> Option<u8> {
    let code = c as u32;
    if (0x20..0x7F).contains(&code) || (0xA0..=0xFF).contains(&code) {
        return u8::try_from(code).ok();
    }
    const HIGH: [(char, u8); 27] = [
        ('€', 0x80),
        ('‚', 0x82),
        ('ƒ', 0x83),
        ('„', 0x84),
        ('…', 0x85),
        ('†', 0x86),
        ('‡', 0x87),
        ('ˆ', 0x88),
        ('‰', 0x89),
        ('Š', 0x8A),
        ('‹', 0x8B),
        ('Œ', 0x8C),
        ('Ž', 0x8E),
        ('‘', 0x91),
        ('’', 0x92),
        ('“', 0x93),
        ('”', 0x94),
        ('•', 0x95),
        ('–', 0x96),
        ('—', 0x97),
        ('˜', 0x98),
        ('™', 0x99),
        ('š', 0x9A),
        ('›', 0x9B),
        ('œ', 0x9C),
        ('ž', 0x9E),
        ('Ÿ', 0x9F),
    ];
    HIGH.iter().find(|(h, _)| *h == c).map(|&(_, code)| code)
}

/// A character's code in the Symbol font: maths signs and Greek.
fn symbol(c: char) -> Option<u8> {
    const SIGNS: [(char, u8); 16] = [
        ('−', 0x2D),
        ('≠', 0xB9),
        ('≤', 0xA3),
        ('≥', 0xB3),
        ('÷', 0xB8),
        ('√', 0xD6),
        ('∞', 0xA5),
        ('≈', 0xBB),
        ('≡', 0xBA),
        ('∈', 0xCE),
        ('∉', 0xCF),
        ('⋅', 0xD7),
        ('→', 0xAE),
        ('←', 0xAC),
        ('∑', 0xE5),
        ('∏', 0xD5),
    ];
    if let Some(&(_, code)) = SIGNS.iter().find(|(s, _)| *s == c) {
        return Some(code);
    }
    // Greek in Symbol's order, which follows the Latin letters' sounds.
    const UPPER: &str = "ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ";
    const LOWER: &str = "αβχδεφγηιϕκλμνοπθρστυϖωξψζ";
    for (table, start) in [(UPPER, 0x41u8), (LOWER, 0x61u8)] {
        if let Some(k) = table.chars().position(|g| g == c) {
            return u8::try_from(k).ok().map(|k| start + k);
        }
    }
    None
}

/// A glyph's advance in thousandths of an em (the fonts' AFM metrics;
/// letters outside ASCII take an average, which only moves centred text
/// by a little).
fn advance(face: Face, code: u8) -> f32 {
    if face.is_mono() {
        return 600.0;
    }
    if face.is_symbol() {
        return match code {
            0x2D | 0xA3 | 0xB3 | 0xB8 | 0xB9 | 0xBA | 0xBB | 0xD6 | 0xD7 => 549.0,
            0xAC | 0xAE => 987.0,
            _ => 650.0,
        };
    }
    let bold = face == Face::SansBold;
    let Some(k) = code.checked_sub(0x20).map(usize::from) else {
        return 556.0;
    };
    let table: &[u16; 95] = if bold { &BOLD } else { &REGULAR };
    table.get(k).map_or(556.0, |&w| f32::from(w))
}

/// Helvetica's advances for the codes 0x20 to 0x7E.
const REGULAR: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/// Helvetica-Bold's advances for the codes 0x20 to 0x7E.
const BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
    611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
    278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
