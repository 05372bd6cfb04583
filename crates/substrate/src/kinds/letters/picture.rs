//! Letter equations as pictures. A single sum or difference of words is
//! set as columns, the way it is printed in puzzle books: addends stacked
//! and right-aligned, the operator before the last one, a rule, the
//! result. Anything else (products, systems, conditions) is its members
//! as lines of text. Solved digits are coloured where letters were.

use crate::draw::{px, Svg, TextStyle, MONO, SOLVED};
use crate::ir::{Expr, Letters, Member};

/// A character's box, and the margin round the text, in pixels.
const WIDTH: u32 = 18;
const HEIGHT: u32 = 32;
const MARGIN: u32 = 16;

/// The puzzle, blank or with a solution's digits.
pub fn letters(letters: &Letters, values: Option<&[u8]>) -> String {
    match column_sum(letters) {
        Some((terms, result)) => {
            let word = |w: usize, values| {
                letters
                    .words
                    .get(w)
                    .map_or(String::new(), |word| letters.word_text(word, values))
            };
            let all_plus = terms.iter().all(|(op, _)| *op == '+');
            let mut lines = Vec::new();
            for (k, (op, w)) in terms.iter().enumerate() {
                let sign = k > 0 && (!all_plus || k + 1 == terms.len());
                let sign = if sign { *op } else { ' ' };
                lines.push((sign, word(*w, None), word(*w, values)));
            }
            let width = lines
                .iter()
                .map(|(_, w, _)| w.chars().count())
                .chain([word(result, None).chars().count()])
                .max()
                .unwrap_or(0);
            let pad = |sign: char, text: &str| format!("{}{:>w$}", sign, text, w = width + 1);
            let mut blank: Vec<String> = lines.iter().map(|(s, w, _)| pad(*s, w)).collect();
            let mut filled: Vec<String> = lines.iter().map(|(s, _, f)| pad(*s, f)).collect();
            blank.push(String::new());
            filled.push(String::new());
            blank.push(pad(' ', &word(result, None)));
            filled.push(pad(' ', &word(result, values)));
            let rule = (terms.len(), 1, width + 2);
            draw(&blank, values.map(|_| filled.as_slice()), Some(rule))
        }
        None => {
            let text = |values| -> Vec<String> {
                letters
                    .members
                    .iter()
                    .filter_map(|m| match *m {
                        Member::Equation(e) => letters
                            .equations
                            .get(e)
                            .map(|eq| letters.equation_text(eq, values)),
                        Member::Condition(c) => letters
                            .conditions
                            .get(c)
                            .map(|cond| letters.condition_text(cond, values)),
                    })
                    .collect()
            };
            let filled = values.map(|v| text(Some(v)));
            draw(&text(None), filled.as_deref(), None)
        }
    }
}

/// The addends (with the operator before each) and the result's word,
/// when the puzzle is one equation between a word and a sum or
/// difference of at least two words.
fn column_sum(letters: &Letters) -> Option<(Vec<(char, usize)>, usize)> {
    let [Member::Equation(e)] = letters.members.as_slice() else {
        return None;
    };
    let eq = letters.equations.get(*e)?;
    let (sum, result) = match (&eq.lhs, &eq.rhs) {
        (sum, Expr::Word(w)) if !matches!(sum, Expr::Word(_)) => (sum, *w),
        (Expr::Word(w), sum) if !matches!(sum, Expr::Word(_)) => (sum, *w),
        _ => return None,
    };
    let mut terms = Vec::new();
    flatten(sum, &mut terms)?;
    Some((terms, result))
}

/// A left-leaning chain of `+` and `-` over words, first word first.
fn flatten(expr: &Expr, terms: &mut Vec<(char, usize)>) -> Option<()> {
    match expr {
        Expr::Word(w) => terms.push(('+', *w)),
        Expr::Add(a, b) | Expr::Sub(a, b) => {
            let Expr::Word(w) = **b else { return None };
            flatten(a, terms)?;
            terms.push((
                if matches!(expr, Expr::Add(..)) {
                    '+'
                } else {
                    '-'
                },
                w,
            ));
        }
        Expr::Mul(..) => return None,
    }
    Some(())
}

/// Lines of monospace text on a fixed grid; where `filled` differs from
/// `blank` the solution wrote a digit, drawn in colour. `rule` is a line
/// drawn under text line `.0` from column `.1` to `.2`.
fn draw(
    blank: &[String],
    filled: Option<&[String]>,
    rule: Option<(usize, usize, usize)>,
) -> String {
    let shown = filled.unwrap_or(blank);
    let columns = shown.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    // One cell per digit position, as wide as the widest letter written
    // there: a kana or kanji takes two monospace columns, and its digit
    // is centred in the same cell.
    let wide = blank
        .iter()
        .flat_map(|l| l.chars())
        .map(|c| {
            unicode_width::UnicodeWidthChar::width(c)
                .unwrap_or(1)
                .max(1)
        })
        .max()
        .unwrap_or(1)
        .min(2) as u32;
    let width = WIDTH * wide;
    let mut svg = Svg::new(
        px(columns, width).saturating_add(2 * MARGIN),
        px(shown.len(), HEIGHT).saturating_add(2 * MARGIN),
    );
    for (l, line) in shown.iter().enumerate() {
        let mut before = blank.get(l).map(|b| b.chars()).into_iter().flatten();
        let y = MARGIN
            .saturating_add(px(l, HEIGHT))
            .saturating_add(HEIGHT - 9);
        for (c, ch) in line.chars().enumerate() {
            let was = before.next();
            if ch.is_whitespace() {
                continue;
            }
            let mut style = TextStyle::new(MONO, 26);
            if filled.is_some() && was != Some(ch) {
                style.fill = SOLVED;
            }
            let x = MARGIN
                .saturating_add(px(c, width))
                .saturating_add(width / 2);
            svg.text((x, y), &ch.to_string(), &style);
        }
    }
    if let Some((line, from, to)) = rule {
        let y = MARGIN
            .saturating_add(px(line, HEIGHT))
            .saturating_add(HEIGHT / 2);
        let x = |c: usize| MARGIN.saturating_add(px(c, width));
        svg.line((x(from), y), (x(to), y), 2.0);
    }
    svg.finish("Letter equation")
}
