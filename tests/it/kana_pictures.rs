//! Kana in pictures are drawn, not left as empty boxes: the pictures'
//! font list names the common CJK faces, so a renderer that only uses the
//! faces it is given finds one. Rendered by `rsvg-convert` under a font
//! set of our own (fontconfig): DejaVu Sans Mono, Noto Sans Mono CJK JP
//! (Debian's fonts-noto-cjk), and a face that claims every CJK character
//! but has no glyph for any (DejaVu Serif renamed "Tofu"), put after the
//! families a picture names, ahead of every other face. So a kana is drawn
//! by the CJK face only when the list names it, and is a missing-glyph
//! box otherwise, as in a renderer without fallback: the test checks both
//! (the old list, which names no CJK face, gives boxes).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::sheet::decode_png;
use crate::support::picture::Png;
use crate::support::{run, Scratch};

const ZOOM: u32 = 2;

/// The file of the installed face `family`, from the system's fontconfig;
/// `None` (or a panic in CI, where fonts-noto-cjk is installed) without it.
fn face(family: &str) -> Option<PathBuf> {
    let found = Command::new("fc-match")
        .args(["-f", "%{family}\n%{file}", family])
        .output();
    let text = match found {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).into_owned(),
        _ => String::new(),
    };
    let (families, file) = text.split_once('\n').unwrap_or(("", ""));
    if families.split(',').any(|f| f == family) && Path::new(file).is_file() {
        return Some(PathBuf::from(file));
    }
    if std::env::var_os("CI").is_some() {
        panic!("the font {family} is needed in CI (fonts-noto-cjk, fonts-dejavu-core)");
    }
    eprintln!("skipped: no font {family} (apt-get install fonts-noto-cjk)");
    None
}

/// A fontconfig file for the font set described at the top.
fn font_set(dir: &Scratch, faces: &[PathBuf]) -> PathBuf {
    let fonts = dir.join("fonts");
    std::fs::create_dir_all(&fonts).expect("a font directory");
    for (i, file) in faces.iter().enumerate() {
        let name = file.file_name().expect("a file name").to_string_lossy();
        std::os::unix::fs::symlink(file, fonts.join(format!("{i}-{name}"))).expect("link a face");
    }
    let conf = format!(
        r#"<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>{fonts}</dir>
  <cachedir>{cache}</cachedir>
  <match target="scan">
    <test name="family"><string>DejaVu Serif</string></test>
    <edit name="family" mode="assign" binding="strong"><string>Tofu</string></edit>
    <edit name="charset" mode="assign"><charset><range><int>0x3000</int><int>0x9fff</int></range></charset></edit>
  </match>
  <match target="pattern">
    <edit name="family" mode="append_last"><string>Tofu</string></edit>
  </match>
</fontconfig>
"#,
        fonts = fonts.display(),
        cache = dir.join("cache").display()
    );
    dir.file("fonts.conf", conf)
}

/// `svg` rendered at [`ZOOM`] with the font set of `conf`.
fn render(svg: &str, conf: &Path) -> Png {
    let mut child = Command::new("rsvg-convert")
        .args(["--format", "png", "--zoom", &ZOOM.to_string()])
        .env("FONTCONFIG_FILE", conf)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rsvg-convert is needed (librsvg2-bin)");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(svg.as_bytes())
        .expect("write to rsvg-convert");
    drop(stdin);
    let output = child.wait_with_output().expect("rsvg-convert");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    decode_png(&output.stdout)
}

fn ink(p: [u8; 3]) -> u32 {
    765 - p.iter().map(|&c| u32::from(c)).sum::<u32>()
}

/// The kana of `svg` that `rendered` draws as `tofu` (the same picture in
/// the missing-glyph face) does, as "glyph at (x, y)"; none drawn without
/// ink counts too.
fn boxes(svg: &str, rendered: &Png, tofu: &Png) -> (usize, Vec<String>) {
    assert_eq!(rendered.rgb.len(), tofu.rgb.len());
    let doc = roxmltree::Document::parse(svg).expect("SVG");
    let mut kana = 0;
    let mut boxed = Vec::new();
    for text in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let Some(glyph) = text
            .text()
            .filter(|t| t.chars().all(|c| ('\u{3040}'..='\u{30ff}').contains(&c)))
        else {
            continue;
        };
        let number = |name| -> u32 {
            text.attribute(name)
                .and_then(|v| v.parse::<f64>().ok())
                .expect("a number") as u32
                * ZOOM
        };
        assert_eq!(text.attribute("text-anchor"), Some("middle"));
        let (x, y, size) = (number("x"), number("y"), number("font-size"));
        // The glyph's em box, centred on x, from its baseline up.
        let (mut inked, mut changed) = (0u32, 0u32);
        for yy in y - size..y + size / 4 {
            for xx in x - size / 2..x + size / 2 {
                let (a, b) = (rendered.at(xx, yy), tofu.at(xx, yy));
                inked += u32::from(ink(a) > 300);
                changed += u32::from(ink(a).abs_diff(ink(b)) > 300);
            }
        }
        if inked == 0 || changed * 4 <= inked {
            boxed.push(format!(
                "{glyph} at ({x}, {y}): {changed} of {inked} inked pixels differ"
            ));
        }
        kana += 1;
    }
    (kana, boxed)
}

#[test]
fn kana_in_a_picture_are_drawn_by_a_cjk_face_it_names() {
    let Some(cjk) = face("Noto Sans Mono CJK JP") else {
        return;
    };
    let (Some(mono), Some(serif)) = (face("DejaVu Sans Mono"), face("DejaVu Serif")) else {
        return;
    };
    let output = run(
        &[
            "--format",
            "svg",
            "--blank",
            "eval",
            "ココロ + カラダ = ニンゲン",
        ],
        b"",
    );
    assert!(output.status.success());
    let svg = String::from_utf8(output.stdout).expect("UTF-8");
    let dir = Scratch::new("kana");
    let conf = font_set(&dir, &[mono, cjk, serif]);
    let drawn = render(&svg, &conf);
    // The same picture with the kana in the missing-glyph face: what a
    // renderer shows when no face it is given has them.
    let tofu = render(
        &svg.replace("font-family=\"", "font-family=\"Tofu, "),
        &conf,
    );
    let (kana, boxed) = boxes(&svg, &drawn, &tofu);
    assert_eq!(kana, 10, "{svg}");
    assert!(boxed.is_empty(), "drawn as missing glyphs: {boxed:?}");
    // The check can fail: with the list pictures had before, which names
    // no CJK face, every kana is the missing-glyph box.
    let family = font_list(&svg);
    let old = svg.replace(&family, "DejaVu Sans Mono, Menlo, Consolas, monospace");
    let (_, boxed) = boxes(&old, &render(&old, &conf), &tofu);
    assert_eq!(boxed.len(), 10, "{boxed:?}");
    if std::env::var_os("CRYPTA_KEEP_PNG").is_some() {
        keep("crypta-kana-drawn.png", &drawn);
        keep("crypta-kana-tofu.png", &tofu);
    }
}

/// The font list of the picture's first text.
fn font_list(svg: &str) -> String {
    let at = svg.find("font-family=\"").expect("a font list") + "font-family=\"".len();
    svg[at..]
        .split('"')
        .next()
        .expect("a closing quote")
        .to_string()
}

/// Writes `png` to the temporary directory, for a look.
fn keep(name: &str, png: &Png) {
    let path = std::env::temp_dir().join(name);
    let mut out = std::fs::File::create(&path).expect("a PNG");
    let height = png.rgb.len() as u32 / png.width;
    let mut encoder = png::Encoder::new(&mut out, png.width, height);
    encoder.set_color(png::ColorType::Rgb);
    let mut writer = encoder.write_header().expect("PNG header");
    writer
        .write_image_data(&png.rgb.concat())
        .expect("PNG data");
    eprintln!("kept {}", path.display());
}
