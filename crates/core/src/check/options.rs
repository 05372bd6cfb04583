//! Resolves the options after `with` into settings, reporting unknown,
//! repeated and out-of-range options.

use crate::diagnostic::{Diagnostic, ErrorKind, Span};
use crate::ir::Digits;
use crate::syntax::ast::{
    DigitSet, EquationAst, Flag, OptionItem, OptionValue, Relation, Spanned, Target,
};

/// The largest base: digits are written 0-9, A-Z, a-z.
pub const MAX_BASE: u64 = 62;

/// Options of a puzzle, resolved.
pub struct Settings {
    pub base: u32,
    pub base_span: Option<Span>,
    pub leading_zeros: bool,
    pub repeats: bool,
    /// The `digits` option, with its span, if given.
    pub digits: Option<(Digits, Span)>,
    /// Wild class letters with where they were declared.
    pub wild: Vec<(char, Span)>,
    /// Constraints in the order written.
    pub constraints: Vec<(Spanned<Target>, Spanned<Relation>)>,
    /// Conditions between expressions (`MONEY > 10600`), in the order written.
    pub conditions: Vec<EquationAst>,
}

impl Settings {
    /// The digits every cell may take before constraints.
    pub fn universe(&self) -> Digits {
        let all = Digits::below(self.base);
        match &self.digits {
            Some((set, _)) => set.intersect(all),
            None => all,
        }
    }
}

/// Reads the options; problems go into `errors`.
pub fn resolve(options: &[Spanned<OptionItem>], errors: &mut Vec<Diagnostic>) -> Settings {
    let mut settings = Settings {
        base: 10,
        base_span: None,
        leading_zeros: false,
        repeats: false,
        digits: None,
        wild: Vec::new(),
        constraints: Vec::new(),
        conditions: Vec::new(),
    };
    for option in options {
        let span = option.span.clone();
        match &option.node {
            OptionItem::Valued {
                word: "base",
                value: OptionValue::Number(n),
            } => {
                if let Some(previous) = &settings.base_span {
                    if n.node != u64::from(settings.base) {
                        errors.push(
                            Diagnostic::new(
                                ErrorKind::DuplicateOption,
                                span.clone(),
                                "the base is given twice",
                            )
                            .with_label(previous.clone(), "first given here"),
                        );
                    }
                } else if !(2..=MAX_BASE).contains(&n.node) {
                    errors.push(
                        Diagnostic::new(
                            ErrorKind::BaseOutOfRange,
                            n.span.clone(),
                            format!("base {} is out of range", n.node),
                        )
                        .with_hint(format!("a base is from 2 to {}", MAX_BASE)),
                    );
                    settings.base_span = Some(span);
                } else {
                    settings.base = n.node as u32;
                    settings.base_span = Some(span);
                }
            }
            OptionItem::Flag(Flag::LeadingZeros) => settings.leading_zeros = true,
            OptionItem::Flag(Flag::Repeats) => settings.repeats = true,
            OptionItem::Valued {
                word: "digits",
                value: OptionValue::Digits(set),
            } => {
                if let Some((_, previous)) = &settings.digits {
                    errors.push(
                        Diagnostic::new(
                            ErrorKind::DuplicateOption,
                            span.clone(),
                            "`digits` is given twice",
                        )
                        .with_label(previous.clone(), "first given here"),
                    );
                } else if let Some(digits) = digit_set(set, errors) {
                    if digits.is_empty() {
                        // One error here, rather than one for every
                        // symbol left without a digit.
                        errors.push(
                            Diagnostic::new(
                                ErrorKind::Contradiction,
                                span.clone(),
                                "`digits` allows no digit",
                            )
                            .with_hint("list the digits symbols may take: `digits 1..9`"),
                        );
                    } else {
                        settings.digits = Some((digits, span));
                    }
                }
            }
            OptionItem::Valued {
                word: "wild",
                value: OptionValue::Letters(names),
            } => {
                for name in names {
                    let mut chars = name.node.chars();
                    match (chars.next(), chars.next()) {
                        (Some(c), None) => settings.wild.push((c, name.span.clone())),
                        _ => errors.push(
                            Diagnostic::new(
                                ErrorKind::BadTarget,
                                name.span.clone(),
                                format!("`{}` is not a single letter", name.node),
                            )
                            .with_hint("wild classes are letters: `wild O E`"),
                        ),
                    }
                }
            }
            OptionItem::Constraint { target, relation } => {
                settings
                    .constraints
                    .push((target.clone(), relation.clone()));
            }
            OptionItem::Condition(condition) => settings.conditions.push(condition.clone()),
            // A word of the vocabulary this checker gives no meaning to.
            OptionItem::Valued { word, .. } => errors.push(Diagnostic::new(
                ErrorKind::UnknownOption,
                span,
                format!("unknown option `{}`", word),
            )),
            OptionItem::Unknown(text) => errors.push(unknown_option(text, span)),
        }
    }
    settings
}

/// An option that did not parse: say what its keyword needs, if it starts
/// with one, or list the options.
fn unknown_option(text: &str, span: Span) -> Diagnostic {
    let keyword = text.split_whitespace().next().unwrap_or_default();
    let needs = match keyword {
        "base" => Some("`base` takes a number: `base 16`"),
        "digits" => Some("`digits` takes a range or a set: `digits 1..9`, `digits {2,3,5,7}`"),
        "leading" => Some("the option is `leading zeros`"),
        "wild" => Some("`wild` takes letters: `wild O E`"),
        _ => None,
    };
    // The keyword's bytes: the option's text starts with it.
    let lead = text.len() - text.trim_start().len();
    let keyword_span = span.start + lead..span.start + lead + keyword.len();
    match needs {
        Some(hint) => {
            let diagnostic = Diagnostic::new(
                ErrorKind::UnknownOption,
                span.clone(),
                format!("`{}` is not written right", text),
            )
            .with_hint(hint);
            if keyword == "leading" {
                diagnostic.with_fix(span, "leading zeros")
            } else {
                diagnostic
            }
        }
        None => match crate::diagnostic::did_you_mean(keyword, crate::vocab::option_heads()) {
            Some(meant) => {
                // An option of two words is replaced whole.
                let whole = crate::vocab::OPTIONS
                    .iter()
                    .map(|o| o.word.text)
                    .find(|o| o.split_whitespace().next() == Some(meant))
                    .filter(|o| o.contains(' '));
                let (fix_span, replacement) = match whole {
                    Some(option) => (span.clone(), option),
                    None => (keyword_span, meant),
                };
                Diagnostic::new(
                    ErrorKind::UnknownOption,
                    span,
                    format!("unknown option `{}`", text),
                )
                .with_hint(format!("did you mean `{}`?", replacement))
                .with_fix(fix_span, replacement)
            }
            None => Diagnostic::new(
                ErrorKind::UnknownOption,
                span,
                format!("unknown option `{}`", text),
            )
            .with_hint(
                "options are: base N, leading zeros, repeats, digits 1..9, digits {2,3,5,7}, \
             wild O E, and constraints such as E = 5, A != 0, B in 1..4, D odd, \
             * != 7, SEVEN prime",
            ),
        },
    }
}

/// A digit set as written, checked to hold digits of some base (0..=61).
pub fn digit_set(set: &DigitSet, errors: &mut Vec<Diagnostic>) -> Option<Digits> {
    let check = |n: &Spanned<u64>, errors: &mut Vec<Diagnostic>| -> Option<u32> {
        if n.node < MAX_BASE {
            Some(n.node as u32)
        } else {
            errors.push(
                Diagnostic::new(
                    ErrorKind::BadNumber,
                    n.span.clone(),
                    format!("{} is not a digit", n.node),
                )
                .with_hint("digits go from 0 to the base minus one"),
            );
            None
        }
    };
    match set {
        DigitSet::Range(lo, hi) => {
            let (lo, hi) = (check(lo, errors)?, check(hi, errors)?);
            Some(Digits(
                (lo..=hi).fold(0u64, |acc, d| acc | Digits::single(d).0),
            ))
        }
        DigitSet::List(items) => {
            let mut acc = Digits::EMPTY;
            let mut ok = true;
            for item in items {
                match check(item, errors) {
                    Some(d) => acc = Digits(acc.0 | Digits::single(d).0),
                    None => ok = false,
                }
            }
            ok.then_some(acc)
        }
    }
}
