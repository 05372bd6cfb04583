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
/// write it where they would write the name, and [`Text::from`] takes the
/// ids out.
pub fn var(v: usize) -> String {
    format!("{}{}{}", HOLE, v, END)
}

/// A step's text: a template with a hole for each variable it names, and
/// the variables, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Text {
    /// The text with [`HOLE`] where each name goes.
    template: String,
    /// The variable named at each hole, in order.
    vars: Vec<usize>,
}

impl Text {
    /// Variable `v` alone.
    pub fn var(v: usize) -> Text {
        Text {
            template: HOLE.to_string(),
            vars: vec![v],
        }
    }

    /// The variables the text names, in order (with repeats).
    #[cfg(feature = "internals")]
    pub fn vars(&self) -> &[usize] {
        &self.vars
    }

    /// The variable, when the text is one variable's name and nothing
    /// else (a removal names one; a carry or a column is named in words).
    pub fn as_var(&self) -> Option<usize> {
        match self.vars[..] {
            [v] if self.template.len() == HOLE.len_utf8() => Some(v),
            _ => None,
        }
    }

    /// The text with each variable's name, as `name` spells it.
    pub fn show(&self, name: &dyn Fn(usize) -> String) -> String {
        let mut out = String::with_capacity(self.template.len());
        let mut vars = self.vars.iter();
        for c in self.template.chars() {
            if c != HOLE {
                out.push(c);
            } else if let Some(&v) = vars.next() {
                out.push_str(&name(v));
            }
        }
        out
    }
}

impl From<String> for Text {
    /// Takes the ids [`var`] wrote out of `written`.
    fn from(written: String) -> Text {
        if !written.contains(HOLE) {
            return Text {
                template: written,
                vars: Vec::new(),
            };
        }
        let mut template = String::with_capacity(written.len());
        let mut vars = Vec::new();
        let mut rest = written.as_str();
        while let Some(at) = rest.find(HOLE) {
            template.push_str(&rest[..at]);
            let after = &rest[at + HOLE.len_utf8()..];
            let end = after.find(END).unwrap_or(after.len());
            vars.push(after[..end].parse().unwrap_or(usize::MAX));
            template.push(HOLE);
            rest = after.get(end + END.len_utf8()..).unwrap_or("");
        }
        template.push_str(rest);
        Text { template, vars }
    }
}

impl From<&str> for Text {
    fn from(written: &str) -> Text {
        Text::from(written.to_string())
    }
}

/// Unit tests, run by `tests/it/units.rs` (compiled with `internals`).
#[cfg(feature = "internals")]
#[allow(missing_docs)]
pub mod tests {
    use super::*;

    pub fn names_are_filled_in_where_the_ids_were() {
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
    }

    pub fn a_step_knows_the_variables_it_names() {
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
