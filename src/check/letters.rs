//! Checks letter equations into [`Letters`]: builds the variables and words,
//! folds the options into digit domains, and reports everything that makes
//! the puzzle malformed or plainly impossible before any search.

use std::collections::HashMap;

use super::options::{self, Settings};
use crate::diagnostic::{Diagnostic, ErrorKind, Span};
use crate::ir::{Cell, Digits, Equation, Expr, Letters, Var, VarKind, Word, WordProperty};
use crate::syntax::ast::{
    self, CellAst, EquationAst, OptionItem, Property, Relation, Spanned, Target, WordAst,
};

/// The label of a span that narrowed a variable's digits.
const CONSTRAINED: &str = "constrained here";

/// Builds the IR while remembering where each variable came from.
struct Builder<'s> {
    settings: &'s Settings,
    vars: Vec<Var>,
    words: Vec<Word>,
    symbols: HashMap<char, usize>,
    /// Where each variable first appears.
    origin: Vec<Span>,
    /// Spans of the rules that narrowed each variable, for contradictions.
    reasons: Vec<Vec<(Span, String)>>,
    /// Occurrence variables of each wild class.
    wild_cells: HashMap<char, Vec<usize>>,
    errors: Vec<Diagnostic>,
}

/// The hint of a word that starts with 0; [`offer_leading_zeros`] adds
/// the edit that follows it.
const LEADING_ZEROS_HINT: &str = "add `with leading zeros` to allow it";

/// Gives each "cannot start with 0" the edit its hint describes: the option
/// added after the last one, or a `with` after the last equation.
fn offer_leading_zeros(
    errors: &mut [Diagnostic],
    equations: &[EquationAst],
    options: &[Spanned<OptionItem>],
) {
    let insert = match (options.last(), equations.last()) {
        (Some(last), _) => (last.span.end, ", leading zeros"),
        (None, Some(last)) => (last.span.end, " with leading zeros"),
        (None, None) => return,
    };
    for d in errors.iter_mut() {
        if d.hint.as_deref() == Some(LEADING_ZEROS_HINT) && d.fix.is_none() {
            d.fix = Some(Box::new(crate::diagnostic::Fix {
                span: insert.0..insert.0,
                replacement: insert.1.to_string(),
            }));
        }
    }
}

pub fn check_letters(
    equations: &[EquationAst],
    options: &[Spanned<OptionItem>],
) -> Result<Letters, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let settings = options::resolve(options, &mut errors);
    let mut b = Builder {
        settings: &settings,
        vars: Vec::new(),
        words: Vec::new(),
        symbols: HashMap::new(),
        origin: Vec::new(),
        reasons: Vec::new(),
        wild_cells: settings
            .wild
            .iter()
            .map(|(c, _)| (*c, Vec::new()))
            .collect(),
        errors,
    };
    if let Some(problem) = too_large(equations) {
        return Err(vec![problem]);
    }
    let mut built = Vec::new();
    for equation in equations {
        if let Some(eq) = b.equation(equation) {
            built.push(eq);
        }
    }
    for (class, span) in &settings.wild {
        if b.wild_cells.get(class).is_none_or(|cells| cells.is_empty()) {
            b.errors.push(Diagnostic::new(
                ErrorKind::UnusedSymbol,
                span.clone(),
                format!("the wild class `{}` does not occur in the puzzle", class),
            ));
        }
    }
    let properties = b.constraints();
    b.contradictions();
    offer_leading_zeros(&mut b.errors, equations, options);
    if b.errors.is_empty() {
        Ok(Letters {
            base: settings.base,
            vars: b.vars,
            words: b.words,
            equations: built,
            properties,
        })
    } else {
        Err(b.errors)
    }
}

/// Refuses statements beyond [`crate::limits`]: too many words or cells.
fn too_large(equations: &[EquationAst]) -> Option<Diagnostic> {
    fn count(e: &ast::Expr, words: &mut usize, cells: &mut usize) {
        match e {
            ast::Expr::Word(w) => {
                *words += 1;
                *cells += w.cells.len();
            }
            ast::Expr::Paren(inner, _) => count(inner, words, cells),
            ast::Expr::Binary { lhs, rhs, .. } => {
                count(lhs, words, cells);
                count(rhs, words, cells);
            }
        }
    }
    let (mut words, mut cells) = (0, 0);
    for eq in equations {
        for side in eq.sides.iter().flatten() {
            count(side, &mut words, &mut cells);
        }
    }
    let span = equations.first()?.span.start..equations.last()?.span.end;
    let problem = if words > crate::limits::MAX_WORDS {
        format!(
            "{} words in one statement; crypta takes at most {}",
            words,
            crate::limits::MAX_WORDS
        )
    } else if cells > crate::limits::MAX_CELLS {
        format!(
            "{} cells in one statement; crypta takes at most {}",
            cells,
            crate::limits::MAX_CELLS
        )
    } else {
        return None;
    };
    Some(
        Diagnostic::new(ErrorKind::TooLarge, span, problem)
            .with_hint("split the puzzle, or shorten its words"),
    )
}

impl Builder<'_> {
    fn equation(&mut self, eq: &EquationAst) -> Option<Equation> {
        if eq.equals.is_empty() {
            self.errors.push(
                Diagnostic::new(
                    ErrorKind::MissingEquals,
                    eq.span.clone(),
                    "this equation has no `=`",
                )
                .with_hint(
                    "write what it equals, as in `SEND + MORE = MONEY`; \
                     a lone word is read as the name of a puzzle",
                ),
            );
            return None;
        }
        if let [first, second, ..] = &eq.equals[..] {
            if first.end == second.start && eq.sides.get(1).is_some_and(Option::is_none) {
                // `==`: a habit from programming, one mistake, one error.
                self.errors.push(
                    Diagnostic::new(
                        ErrorKind::ChainedEquals,
                        first.start..second.end,
                        "`==` is written `=` in crypta",
                    )
                    .with_hint("an equation has one `=`: `SEND + MORE = MONEY`"),
                );
                return None;
            }
        }
        if eq.equals.len() > 1 {
            self.errors.push(
                Diagnostic::new(
                    ErrorKind::ChainedEquals,
                    eq.equals[1].clone(),
                    "an equation has one `=`",
                )
                .with_label(eq.equals[0].clone(), "the first `=`")
                .with_hint("write two equations separated by `,`: `A + B = C, C = D`"),
            );
        }
        for (i, side) in eq.sides.iter().enumerate() {
            if side.is_none() {
                let at = eq.equals[i.min(eq.equals.len() - 1)].clone();
                let which = if i == 0 { "left" } else { "right" };
                self.errors.push(
                    Diagnostic::new(
                        ErrorKind::EmptySide,
                        at,
                        format!("nothing on the {} of `=`", which),
                    )
                    .with_hint("each side of `=` needs a word or an expression"),
                );
            }
        }
        let mut sides = eq
            .sides
            .iter()
            .map(|side| side.as_ref().map(|e| self.expr(e)));
        match (sides.next(), sides.next()) {
            (Some(Some(lhs)), Some(Some(rhs))) if eq.equals.len() == 1 => {
                Some(Equation { lhs, rhs })
            }
            _ => None,
        }
    }

    fn expr(&mut self, e: &ast::Expr) -> Expr {
        match e {
            ast::Expr::Word(w) => Expr::Word(self.word(w)),
            ast::Expr::Paren(inner, _) => self.expr(inner),
            ast::Expr::Binary { op, lhs, rhs, .. } => {
                let (l, r) = (Box::new(self.expr(lhs)), Box::new(self.expr(rhs)));
                match op {
                    ast::BinaryOp::Add => Expr::Add(l, r),
                    ast::BinaryOp::Sub => Expr::Sub(l, r),
                    ast::BinaryOp::Mul => Expr::Mul(l, r),
                }
            }
        }
    }

    fn new_var(&mut self, kind: VarKind, span: Span, distinct: bool) -> usize {
        self.vars.push(Var {
            kind,
            domain: self.settings.universe(),
            distinct,
        });
        self.origin.push(span);
        self.reasons.push(Vec::new());
        self.vars.len() - 1
    }

    fn word(&mut self, w: &WordAst) -> usize {
        let base = self.settings.base;
        let leading = w.cells.len() >= 2 && !self.settings.leading_zeros;
        let mut cells = Vec::with_capacity(w.cells.len());
        for (i, cell) in w.cells.iter().enumerate() {
            let span = cell.span.clone();
            let built = match cell.node {
                CellAst::Digit(d) => {
                    let d = u32::from(d);
                    if d >= base {
                        self.errors.push(
                            Diagnostic::new(
                                ErrorKind::DigitNotInBase,
                                span.clone(),
                                format!("{} is not a digit in base {}", d, base),
                            )
                            .with_hint(format!(
                                "digits of base {} go from 0 to {}",
                                base,
                                base - 1
                            )),
                        );
                    } else if !self.settings.universe().contains(d) {
                        let mut diag = Diagnostic::new(
                            ErrorKind::Contradiction,
                            span.clone(),
                            format!("the digit {} is not allowed by `digits`", d),
                        );
                        if let Some((_, at)) = &self.settings.digits {
                            diag = diag.with_label(at.clone(), "the allowed digits");
                        }
                        self.errors.push(diag);
                    } else if d == 0 && i == 0 && leading {
                        self.errors.push(
                            Diagnostic::new(
                                ErrorKind::Contradiction,
                                span.clone(),
                                "a word of two or more cells cannot start with 0",
                            )
                            .with_hint(LEADING_ZEROS_HINT),
                        );
                    }
                    Cell::Digit(d)
                }
                CellAst::Free => Cell::Var(self.new_var(VarKind::Free, span.clone(), false)),
                CellAst::Symbol(c) if self.wild_cells.contains_key(&c) => {
                    let v = self.new_var(VarKind::Wild(c), span.clone(), false);
                    self.wild_cells.entry(c).or_default().push(v);
                    Cell::Var(v)
                }
                CellAst::Symbol(c) => Cell::Var(match self.symbols.get(&c) {
                    Some(&v) => v,
                    None => {
                        let v =
                            self.new_var(VarKind::Symbol(c), span.clone(), !self.settings.repeats);
                        self.symbols.insert(c, v);
                        v
                    }
                }),
            };
            if let (Cell::Var(v), true) = (built, i == 0 && leading) {
                self.narrow(
                    v,
                    Digits::below(base).without(0),
                    span,
                    "leads a word, so it is not 0",
                );
            }
            cells.push(built);
        }
        self.words.push(Word { cells });
        self.words.len() - 1
    }

    fn narrow(&mut self, v: usize, allowed: Digits, why: Span, note: &str) {
        self.vars[v].domain = self.vars[v].domain.intersect(allowed);
        // Every constraint on the symbol is labelled (both sides of a
        // conflict); other reasons once each ("leads a word" may come from
        // many words).
        if !self.reasons[v]
            .iter()
            .any(|(s, n)| *s == why || (n == note && note != CONSTRAINED))
        {
            self.reasons[v].push((why, note.to_string()));
        }
    }

    /// Applies the constraints; returns the word properties to check on
    /// each solution.
    fn constraints(&mut self) -> Vec<WordProperty> {
        let mut properties = Vec::new();
        let constraints = self.settings.constraints.clone();
        for (target, relation) in &constraints {
            let whole = target.span.start..relation.span.end;
            // A word with a digit relation is the mistake to report, not
            // the number it was compared with (`MONEY = 10652`).
            let digit_relation = !matches!(relation.node, Relation::Property(_));
            let allowed = match &target.node {
                Target::Word(w) if w.cells.len() > 1 && digit_relation => Some(Digits::EMPTY),
                _ => self.allowed_by(relation),
            };
            let Some(allowed) = allowed else {
                continue;
            };
            match &target.node {
                Target::Unknown => {
                    let free: Vec<usize> = (0..self.vars.len())
                        .filter(|&v| self.vars[v].kind == VarKind::Free)
                        .collect();
                    if free.is_empty() {
                        self.errors.push(Diagnostic::new(
                            ErrorKind::UnusedSymbol,
                            target.span.clone(),
                            "the puzzle has no unknown-digit cell (`?`) for this constraint",
                        ));
                    }
                    for v in free {
                        self.narrow(v, allowed, whole.clone(), CONSTRAINED);
                    }
                }
                Target::Word(w) if w.cells.len() == 1 => match w.cells[0].node {
                    CellAst::Symbol(c) => {
                        let vars: Vec<usize> = match (self.symbols.get(&c), self.wild_cells.get(&c))
                        {
                            (Some(&v), _) => vec![v],
                            (None, Some(cells)) => cells.clone(),
                            (None, None) => {
                                self.errors.push(
                                    Diagnostic::new(
                                        ErrorKind::UnusedSymbol,
                                        target.span.clone(),
                                        format!("`{}` does not occur in the puzzle", c),
                                    )
                                    .with_hint("symbols are case-sensitive; check the spelling"),
                                );
                                continue;
                            }
                        };
                        for v in vars {
                            self.narrow(v, allowed, whole.clone(), CONSTRAINED);
                        }
                    }
                    _ => self.errors.push(Diagnostic::new(
                        ErrorKind::BadTarget,
                        target.span.clone(),
                        "a constraint applies to a symbol, a word, `*` or `?`",
                    )),
                },
                Target::Word(w) => {
                    let Relation::Property(property) = relation.node else {
                        self.errors.push(
                            Diagnostic::new(
                                ErrorKind::BadTarget,
                                target.span.clone(),
                                format!(
                                    "`{}` is a word: digit constraints apply to one symbol",
                                    w.text()
                                ),
                            )
                            .with_hint(format!(
                                "to fix a word's value, add an equation: `, {} = ...`",
                                w.text()
                            )),
                        );
                        continue;
                    };
                    if let Some(word) = self.property_word(w) {
                        properties.push(WordProperty { word, property });
                    }
                }
            }
        }
        properties
    }

    /// The digits a relation allows, in this puzzle's base.
    fn allowed_by(&mut self, relation: &Spanned<Relation>) -> Option<Digits> {
        let base = self.settings.base;
        let all = Digits::below(base);
        let digit = |n: u64, errors: &mut Vec<Diagnostic>| -> Option<u32> {
            if n < u64::from(base) {
                Some(n as u32)
            } else {
                errors.push(
                    Diagnostic::new(
                        ErrorKind::BadNumber,
                        relation.span.clone(),
                        format!("{} is not a digit in base {}", n, base),
                    )
                    .with_hint(format!(
                        "digits of base {} go from 0 to {}",
                        base,
                        base - 1
                    )),
                );
                None
            }
        };
        match &relation.node {
            Relation::Equal(n) => digit(*n, &mut self.errors).map(Digits::single),
            Relation::NotEqual(n) => digit(*n, &mut self.errors).map(|d| all.without(d)),
            Relation::In(set) => {
                options::digit_set(set, &mut self.errors).map(|s| s.intersect(all))
            }
            Relation::Property(p) => Some(Digits(
                (0..base)
                    .filter(|&d| digit_has(*p, d))
                    .fold(0, |acc, d| acc | 1u64 << d),
            )),
        }
    }

    /// A word named in a property, built from the puzzle's symbols.
    fn property_word(&mut self, w: &WordAst) -> Option<usize> {
        let mut ok = true;
        for cell in &w.cells {
            match cell.node {
                CellAst::Symbol(c) if self.symbols.contains_key(&c) => {}
                CellAst::Digit(d) if u32::from(d) < self.settings.base => {}
                CellAst::Symbol(c) => {
                    ok = false;
                    self.errors.push(Diagnostic::new(
                        ErrorKind::UnusedSymbol,
                        cell.span.clone(),
                        format!("`{}` is not a symbol of the puzzle", c),
                    ));
                }
                _ => {
                    ok = false;
                    self.errors.push(Diagnostic::new(
                        ErrorKind::BadTarget,
                        cell.span.clone(),
                        "a word with a property is made of the puzzle's symbols and digits",
                    ));
                }
            }
        }
        if !ok {
            return None;
        }
        let cells = w
            .cells
            .iter()
            .map(|cell| match cell.node {
                CellAst::Symbol(c) => Cell::Var(self.symbols[&c]),
                CellAst::Digit(d) => Cell::Digit(u32::from(d)),
                CellAst::Free => Cell::Digit(0),
            })
            .collect();
        self.words.push(Word { cells });
        Some(self.words.len() - 1)
    }

    /// Empty domains, too many symbols for the digits, and symbols forced
    /// onto the same digit.
    fn contradictions(&mut self) {
        for v in 0..self.vars.len() {
            if self.vars[v].domain.is_empty() {
                let name = match self.vars[v].kind {
                    VarKind::Symbol(c) | VarKind::Wild(c) => format!("`{}`", c),
                    VarKind::Free => "this `?`".to_string(),
                };
                let mut diag = Diagnostic::new(
                    ErrorKind::Contradiction,
                    self.origin[v].clone(),
                    format!(
                        "no digit is left for {}: its constraints contradict each other",
                        name
                    ),
                );
                for (span, note) in &self.reasons[v] {
                    diag = diag.with_label(span.clone(), note.clone());
                }
                if let Some((_, at)) = &self.settings.digits {
                    diag = diag.with_label(at.clone(), "the allowed digits");
                }
                self.errors.push(diag);
            }
        }
        if self.settings.repeats {
            return;
        }
        let distinct: Vec<usize> = (0..self.vars.len())
            .filter(|&v| self.vars[v].distinct)
            .collect();
        let universe = self.settings.universe();
        if distinct.len() > universe.len() as usize {
            let extra = distinct[universe.len() as usize];
            let mut diag = Diagnostic::new(
                ErrorKind::TooManySymbols,
                self.origin[extra].clone(),
                format!(
                    "{} distinct symbols but only {} digits to give them",
                    distinct.len(),
                    universe.len()
                ),
            )
            .with_hint("different symbols take different digits; use a larger base, or `repeats`");
            if let Some(span) = &self.settings.base_span {
                diag = diag.with_label(span.clone(), "the base");
            }
            self.errors.push(diag);
            return;
        }
        let mut fixed: HashMap<u32, usize> = HashMap::new();
        for &v in &distinct {
            let domain = self.vars[v].domain;
            if domain.len() != 1 {
                continue;
            }
            let Some(d) = domain.min() else { continue };
            if let Some(&other) = fixed.get(&d) {
                let (a, b) = (self.vars[other].kind, self.vars[v].kind);
                let name = |k: VarKind| match k {
                    VarKind::Symbol(c) | VarKind::Wild(c) => c,
                    VarKind::Free => '?',
                };
                let mut diag = Diagnostic::new(
                    ErrorKind::Contradiction,
                    self.origin[v].clone(),
                    format!(
                        "`{}` and `{}` are both forced to {}, but different symbols take different digits",
                        name(a),
                        name(b),
                        d
                    ),
                )
                .with_hint("add `repeats` if symbols may share a digit");
                // Only the constraints that fix the digit matter here.
                for (span, note) in self.reasons[v].iter().chain(&self.reasons[other]) {
                    if note == CONSTRAINED {
                        diag = diag.with_label(span.clone(), note.clone());
                    }
                }
                self.errors.push(diag);
            } else {
                fixed.insert(d, v);
            }
        }
    }
}

/// Whether a one-digit number has a property.
pub fn digit_has(property: Property, d: u32) -> bool {
    match property {
        Property::Odd => d % 2 == 1,
        Property::Even => d.is_multiple_of(2),
        Property::Prime => d >= 2 && (2..d).all(|k| !d.is_multiple_of(k)),
        Property::Square => (0..=d).any(|k| k * k == d),
    }
}

/// The cells of a layout's rows, checked exactly as words of a letter
/// equation are (symbols, `?`/`*`, wild classes, the options, no row
/// starting with 0), with the layout's own rules added as `narrowings`:
/// (row, cell, allowed digits, why). Returns the base, the variables and
/// one [`Word`] per row.
pub(in crate::check) fn check_rows(
    rows: &[WordAst],
    narrowings: &[(usize, usize, Digits, &str)],
    options: &[Spanned<OptionItem>],
    errors: &mut Vec<Diagnostic>,
) -> Option<(u32, Vec<Var>, Vec<Word>)> {
    let mut own = Vec::new();
    let settings = options::resolve(options, &mut own);
    for option in options {
        if option.node == OptionItem::LeadingZeros {
            own.push(
                Diagnostic::new(
                    ErrorKind::UnknownOption,
                    option.span.clone(),
                    "`leading zeros` does not apply to a layout: where a row starts is part of the puzzle",
                )
                .with_hint("remove it; no row of a long multiplication or division starts with 0"),
            );
        }
    }
    let mut b = Builder {
        settings: &settings,
        vars: Vec::new(),
        words: Vec::new(),
        symbols: HashMap::new(),
        origin: Vec::new(),
        reasons: Vec::new(),
        wild_cells: settings
            .wild
            .iter()
            .map(|(c, _)| (*c, Vec::new()))
            .collect(),
        errors: own,
    };
    for row in rows {
        b.word(row);
    }
    for &(row, cell, allowed, why) in narrowings {
        let span = rows[row].cells[cell].span.clone();
        match b.words[row].cells[cell] {
            Cell::Var(v) => b.narrow(v, allowed, span, why),
            Cell::Digit(d) if !allowed.contains(d) => b.errors.push(
                Diagnostic::new(
                    ErrorKind::Contradiction,
                    span,
                    format!("this digit cannot be {}: it {}", d, why),
                )
                .with_hint("check the columns: crypta reads which rows are printed where"),
            ),
            Cell::Digit(_) => {}
        }
    }
    for (class, span) in &settings.wild {
        if b.wild_cells.get(class).is_none_or(|cells| cells.is_empty()) {
            b.errors.push(Diagnostic::new(
                ErrorKind::UnusedSymbol,
                span.clone(),
                format!("the wild class `{}` does not occur in the puzzle", class),
            ));
        }
    }
    let properties = b.constraints();
    if !properties.is_empty() {
        for (target, relation) in &settings.constraints {
            if let (Target::Word(w), Relation::Property(_)) = (&target.node, &relation.node) {
                if w.cells.len() > 1 {
                    b.errors.push(
                        Diagnostic::new(
                            ErrorKind::BadTarget,
                            target.span.clone(),
                            "word properties apply to letter equations, not to layouts",
                        )
                        .with_hint("constrain single symbols: `A odd`, `* != 7`"),
                    );
                }
            }
        }
    }
    b.contradictions();
    let failed = !b.errors.is_empty();
    errors.append(&mut b.errors);
    (!failed).then_some((settings.base, b.vars, b.words))
}
