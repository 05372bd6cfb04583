//! Resolves the options after `with` into settings, reporting unknown,
//! repeated and out-of-range options.

use crate::diagnostic::{Diagnostic, ErrorKind, Span};
use crate::ir::Digits;
use crate::syntax::ast::{
    CellAst, DigitSet, EquationAst, Expr, Flag, Logic, OptionItem, OptionValue, Relation, Spanned,
    Target, WordAst,
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
    /// The groups of `distinct`, in the order written (bit `g` of
    /// `Var::groups` is the `g`-th): each a run of letters with its span.
    pub distinct: Vec<Spanned<String>>,
    /// Constraints in the order written.
    pub constraints: Vec<(Spanned<Target>, Spanned<Relation>)>,
    /// Conditions between expressions (`MONEY > 10600`), in the order written.
    pub conditions: Vec<Logic>,
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

/// The symbols of `words`: an option's keyword whose letters are all
/// symbols of the puzzle (`base = 16` on `base + ball = games`) is a
/// condition on the puzzle's own word, not a mistyped option.
pub fn symbols<'a>(words: impl IntoIterator<Item = &'a WordAst>) -> Vec<char> {
    let mut symbols: Vec<char> = words
        .into_iter()
        .flat_map(|w| w.cells.iter())
        .filter_map(|c| match c.node {
            CellAst::Symbol(s) => Some(s),
            _ => None,
        })
        .collect();
    symbols.sort_unstable();
    symbols.dedup();
    symbols
}

/// The words of an expression, left to right.
pub fn words_of<'a>(e: &'a Expr, out: &mut Vec<&'a WordAst>) {
    match e {
        Expr::Word(w) => out.push(w),
        Expr::Binary { lhs, rhs, .. } => {
            words_of(lhs, out);
            words_of(rhs, out);
        }
        Expr::Paren(inner, _) => words_of(inner, out),
        Expr::Decimal(_) => {}
    }
}

/// Reads the options of a puzzle whose symbols are `symbols` (sorted);
/// problems go into `errors`.
pub fn resolve(
    options: &[Spanned<OptionItem>],
    symbols: &[char],
    errors: &mut Vec<Diagnostic>,
) -> Settings {
    let mut settings = Settings {
        base: 10,
        base_span: None,
        leading_zeros: false,
        repeats: false,
        digits: None,
        wild: Vec::new(),
        distinct: Vec::new(),
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
            OptionItem::Valued {
                word: "distinct",
                value: OptionValue::Letters(groups),
            } => settings.distinct.extend(groups.iter().cloned()),
            OptionItem::Constraint { target, relation } => {
                let mistaken = match (&target.node, &relation.node) {
                    (Target::Word(keyword), Relation::Equal(n)) => {
                        option_with_equals(keyword, Some(n.to_string()), symbols, span.clone())
                    }
                    _ => None,
                };
                match mistaken {
                    Some(error) => errors.push(error),
                    None => settings
                        .constraints
                        .push((target.clone(), relation.clone())),
                }
            }
            OptionItem::Condition(condition) => match condition
                .atom()
                .and_then(|c| condition_with_equals(c, symbols))
            {
                Some(error) => errors.push(error),
                None => settings.conditions.push(condition.clone()),
            },
            // A word of the vocabulary this checker gives no meaning to.
            OptionItem::Valued { word, .. } => errors.push(Diagnostic::new(
                ErrorKind::UnknownOption,
                span,
                format!("unknown option `{}`", word),
            )),
            OptionItem::Unknown(text) => errors.push(unknown_option(text, span)),
        }
    }
    distinct_groups(options, &mut settings, errors);
    settings
}

/// The most `distinct` groups a puzzle may have: one bit each in
/// `Var::groups`.
pub const MAX_GROUPS: usize = 64;

/// Reports `distinct` with `repeats`, and more groups than
/// [`MAX_GROUPS`]; either way the groups are dropped.
fn distinct_groups(
    options: &[Spanned<OptionItem>],
    settings: &mut Settings,
    errors: &mut Vec<Diagnostic>,
) {
    let Some(first) = settings.distinct.first() else {
        return;
    };
    let repeats = options
        .iter()
        .find(|o| o.node == OptionItem::Flag(Flag::Repeats));
    if let Some(repeats) = repeats {
        errors.push(
            Diagnostic::new(
                ErrorKind::ConflictingOptions,
                repeats.span.clone(),
                "`repeats` and `distinct` say different things about which symbols differ",
            )
            .with_label(first.span.clone(), "distinct groups given here")
            .with_hint(
                "`distinct` alone lets symbols of different groups share a digit; remove `repeats`",
            ),
        );
        settings.distinct.clear();
    } else if settings.distinct.len() > MAX_GROUPS {
        errors.push(
            Diagnostic::new(
                ErrorKind::TooLarge,
                settings.distinct[MAX_GROUPS].span.clone(),
                format!(
                    "{} distinct groups; crypta takes at most {}",
                    settings.distinct.len(),
                    MAX_GROUPS
                ),
            )
            .with_hint("join groups, or state the rest as conditions (`A != B`)"),
        );
        settings.distinct.clear();
    }
}

/// `base=16`: an option's keyword read as a word of lowercase symbols and
/// given a value; one error that says how the option is written, not one
/// per letter that is not in the puzzle. `value` is what follows the `=`.
fn option_with_equals(
    keyword: &WordAst,
    value: Option<String>,
    symbols: &[char],
    span: Span,
) -> Option<Diagnostic> {
    let text = keyword.text();
    if text.chars().all(|c| symbols.binary_search(&c).is_ok()) {
        return None;
    }
    let option = crate::vocab::OPTIONS
        .iter()
        .find(|o| !matches!(o.takes, crate::vocab::Takes::Nothing(_)) && o.word.text == text)?;
    let diagnostic = Diagnostic::new(
        ErrorKind::UnknownOption,
        span.clone(),
        format!("`{}` takes no `=`", text),
    );
    Some(match value {
        Some(value) => {
            let written = format!("{} {}", text, value);
            diagnostic
                .with_hint(format!("write `{}`", written))
                .with_fix(span, written)
        }
        None => diagnostic.with_hint(format!("write `{}`", option.word.usage)),
    })
}

/// [`option_with_equals`] for a condition `base = B16`.
fn condition_with_equals(condition: &EquationAst, symbols: &[char]) -> Option<Diagnostic> {
    use crate::syntax::ast::RelOp;
    let ([Some(Expr::Word(keyword)), value], [RelOp::Eq]) =
        (condition.sides.as_slice(), condition.relations.as_slice())
    else {
        return None;
    };
    let value = match value {
        Some(Expr::Word(value)) => Some(value.text()),
        _ => None,
    };
    option_with_equals(keyword, value, symbols, condition.span.clone())
}

/// An option that did not parse: say what its keyword needs, if it starts
/// with one, or list the options.
fn unknown_option(text: &str, span: Span) -> Diagnostic {
    if let Some(at) = text.find(crate::vocab::CONTINUE) {
        // The parser took a `\` that continues nothing into an option: a
        // `\` at the end of a line with a line after it would continue.
        let message = if text[at + 1..].trim().is_empty() {
            "nothing follows this `\\`"
        } else {
            "`\\` continues a statement only at the end of a line"
        };
        let at = span.start + at;
        return Diagnostic::new(ErrorKind::Syntax, at..at + 1, message).with_hint(
            "a statement goes on on the next line after a trailing `\\`, a trailing \
             operator or `,`, or while a `(` is open",
        );
    }
    let keyword = text.split_whitespace().next().unwrap_or_default();
    let needs = match keyword {
        "base" => Some("`base` takes a number: `base 16`"),
        "digits" => Some("`digits` takes a range or a set: `digits 1..9`, `digits {2,3,5,7}`"),
        "leading" => Some("the option is `leading zeros`"),
        "wild" => Some("`wild` takes letters: `wild O E`"),
        "distinct" => Some("`distinct` takes groups of symbols: `distinct ABC, XYZ`"),
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
        // A keyword's typo (`bse`), or a whole option's (`leading_zeros`).
        None => match crate::diagnostic::did_you_mean(keyword, crate::vocab::option_heads())
            .or_else(|| {
                crate::diagnostic::did_you_mean(
                    text.trim(),
                    crate::vocab::OPTIONS.iter().map(|o| o.word.text),
                )
            }) {
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
