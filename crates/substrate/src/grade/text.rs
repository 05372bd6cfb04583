//! What a step says, with the puzzle's variables left as ids: the engines
//! write a step's reason and the things it touched as text in which each
//! variable is a placeholder ([`var`]), and the names (`S`, `r3c4`) are
//! filled in only when the step is shown, by the kind's naming
//! ([`Text::show`]). A grading is then data about variables, not about
//! how they are spelled.

/// Where a variable's name goes in a template.
const HOLE: char = '\u{E000}';

/// Ends a variable's id in the text an engine writes: [`var`] is
/// `HOLE`, the id in decimal, `END`. Both are private-use characters,
/// which no name, clue or condition of a script holds.
const END: char = '\u{E001}';

/// Variable `v` in a step's text, its name filled in when shown: engines
/// write it where they would write the name, and [`Text::show`] reads the
/// ids back. Written by hand: it is called for every variable of every
/// step a grading engine finds, and `format!` costs more than the digits.
pub fn var(v: usize) -> String {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = v;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let mut out = String::with_capacity(2 * HOLE.len_utf8() + digits.len() - at);
    out.push(HOLE);
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
    out.push(END);
    out
}

/// A step's text, its variables named by id. Kept as the engine wrote
/// it and read only when shown: most steps an engine finds are never
/// printed, so taking the ids out at once (a template and a list per
/// step) cost more than the grading itself.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Text(Repr);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    /// One variable's name and nothing else (a removal names one).
    Var(usize),
    /// Words, each variable in them as [`var`] wrote it; never exactly
    /// one variable's name alone (that is a `Var`, so that equal texts
    /// are equal values).
    Written(String),
}

impl Default for Text {
    fn default() -> Text {
        Text(Repr::Written(String::new()))
    }
}

impl Text {
    /// Variable `v` alone.
    pub fn var(v: usize) -> Text {
        Text(Repr::Var(v))
    }

    /// The variables the text names, in order (with repeats).
    pub fn vars(&self) -> Vec<usize> {
        let mut vars = Vec::new();
        self.each_piece(|piece| {
            if let Piece::Var(v) = piece {
                vars.push(v);
            }
        });
        vars
    }

    /// The variable, when the text is one variable's name and nothing
    /// else (a removal names one; a carry or a column is named in words).
    pub fn as_var(&self) -> Option<usize> {
        match self.0 {
            Repr::Var(v) => Some(v),
            Repr::Written(_) => None,
        }
    }

    /// The text with each variable's name, as `name` spells it.
    pub fn show(&self, name: &dyn Fn(usize) -> String) -> String {
        let mut out = String::new();
        self.show_into(&mut out, &mut |v, out| out.push_str(&name(v)));
        out
    }

    /// [`Text::show`], appended to `out`, with `name` writing each
    /// variable's name there: a step shown names the same cells again and
    /// again, and a caller that keeps the names need not copy them.
    pub fn show_into(&self, out: &mut String, name: &mut dyn FnMut(usize, &mut String)) {
        if let Repr::Written(written) = &self.0 {
            out.reserve(written.len());
        }
        self.each_piece(|piece| match piece {
            Piece::Words(words) => out.push_str(words),
            Piece::Var(v) => name(v, out),
        });
    }

    /// Hands out the text's words and variables in order.
    fn each_piece<'a>(&'a self, mut each: impl FnMut(Piece<'a>)) {
        let mut rest = match &self.0 {
            Repr::Var(v) => return each(Piece::Var(*v)),
            Repr::Written(written) => written.as_str(),
        };
        while let Some(at) = rest.find(HOLE) {
            if at > 0 {
                each(Piece::Words(&rest[..at]));
            }
            let after = &rest[at + HOLE.len_utf8()..];
            let end = after.find(END).unwrap_or(after.len());
            each(Piece::Var(after[..end].parse().unwrap_or(usize::MAX)));
            rest = after.get(end + END.len_utf8()..).unwrap_or("");
        }
        if !rest.is_empty() {
            each(Piece::Words(rest));
        }
    }
}

/// A part of a [`Text`]: words as written, or a variable to name.
enum Piece<'a> {
    Words(&'a str),
    Var(usize),
}

/// The variable `written` names, when it is one variable's name alone
/// (as [`var`] writes it).
fn alone(written: &str) -> Option<usize> {
    let id = written.strip_prefix(HOLE)?.strip_suffix(END)?;
    if id.bytes().all(|b| b.is_ascii_digit()) {
        id.parse().ok()
    } else {
        None
    }
}

impl From<String> for Text {
    /// Keeps what the engine wrote (the ids [`var`] wrote are read back
    /// when shown); one variable's name alone is [`Text::var`].
    fn from(written: String) -> Text {
        match alone(&written) {
            Some(v) => Text::var(v),
            None => Text(Repr::Written(written)),
        }
    }
}

impl From<&str> for Text {
    fn from(written: &str) -> Text {
        match alone(written) {
            Some(v) => Text::var(v),
            None => Text(Repr::Written(written.to_string())),
        }
    }
}

/// Unit tests, run by `cargo test`.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_filled_in_where_the_ids_were() {
        let text = Text::from(format!(
            "{} is the carry, so {} = 1 in column 5",
            var(3),
            var(3)
        ));
        assert_eq!(text.vars(), &[3, 3]);
        assert_eq!(text.as_var(), None);
        let name = |v: usize| ["S", "E", "N", "M"][v].to_string();
        assert_eq!(text.show(&name), "M is the carry, so M = 1 in column 5");
        assert_eq!(Text::from(var(12)), Text::var(12));
        assert_eq!(Text::var(1).as_var(), Some(1));
        assert_eq!(Text::from("column 5").show(&name), "column 5");
        assert_eq!(Text::from("column 5").as_var(), None);
        // Ids of any length, read back from borrowed text too.
        for v in [0, 9, 10, 4096, usize::MAX - 1] {
            assert_eq!(Text::from(var(v).as_str()), Text::var(v));
            assert_eq!(Text::from(format!("a {} b", var(v))).vars(), vec![v]);
        }
        let name = |v: usize| format!("x{}", v);
        let mut out = String::from("> ");
        let mut names = |v: usize, out: &mut String| out.push_str(&name(v));
        Text::from(format!("{} + {}", var(0), var(4096))).show_into(&mut out, &mut names);
        assert_eq!(out, "> x0 + x4096");
    }

    #[test]
    fn a_step_knows_the_variables_it_names() {
        let step = crate::grade::Step {
            rule: "leftmost carry",
            level: crate::grade::Difficulty::Easy,
            touched: vec![Text::from("column 5"), Text::var(3)],
            why: Text::from(format!("{} is the carry", var(3))),
            removed: vec![(Text::var(3), vec![0, 2]), (Text::var(1), vec![4])],
        };
        assert_eq!(step.vars(), vec![3, 1]);
    }
}
