//! Checks letter equations into [`Letters`], the symbol substrate that
//! letter puzzles, layouts' letter rows, cryptic Kakuro and systems
//! share: builds the variables and words,
//! folds the options into digit domains, and reports everything that makes
//! the puzzle malformed or plainly impossible before any search. Conditions
//! (relations, properties, `/ % ^`) are read in `conditions`.

mod conditions;

use std::collections::HashMap;

use super::options::{self, Settings};
use crate::diagnostic::{Diagnostic, ErrorKind, Span};
use crate::ir::{Cell, Condition, Digits, Letters, Member, Term, Var, VarKind, Word};
use crate::syntax::ast::{
    self, CellAst, EquationAst, Flag, Logic, OptionItem, Relation, Spanned, Target, WordAst,
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
    /// The exponents of powers, with the power's span, to bound once the
    /// options are in.
    exponents: Vec<(Term, Span)>,
    errors: Vec<Diagnostic>,
}

/// The hint of a word that starts with 0; [`offer_leading_zeros`] adds
/// the edit that follows it.
const LEADING_ZEROS_HINT: &str = "add `with leading zeros` to allow it";

/// Gives each "cannot start with 0" the edit its hint describes: the option
/// added after the last one, or a `with` after the last equation.
fn offer_leading_zeros(
    errors: &mut [Diagnostic],
    equations: &[Logic],
    options: &[Spanned<OptionItem>],
) {
    let insert = match (options.last(), equations.last()) {
        (Some(last), _) => (last.span.end, ", leading zeros"),
        (None, Some(last)) => (last.span().end, " with leading zeros"),
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

/// Checks a letter puzzle; `answer` is the expression of an `answer`
/// query, read as a condition's expression over the puzzle's symbols.
pub fn check_letters(
    equations: &[Logic],
    options: &[Spanned<OptionItem>],
    answer: Option<&ast::Expr>,
) -> Result<Letters, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut words = Vec::new();
    let atoms: Vec<&EquationAst> = equations.iter().flat_map(Logic::atoms).collect();
    for e in atoms.iter().flat_map(|e| e.sides.iter().flatten()) {
        options::words_of(e, &mut words);
    }
    let settings = options::resolve(options, &options::symbols(words), &mut errors);
    let mut b = Builder::new(&settings, errors);
    let in_options = settings.conditions.iter().flat_map(Logic::atoms);
    if let Some(problem) = too_large(atoms.iter().copied().chain(in_options)) {
        return Err(vec![problem]);
    }
    let (mut built, mut conditions, mut members) = (Vec::new(), Vec::new(), Vec::new());
    for equation in equations {
        match b.member(equation) {
            Some(conditions::Built::Equation(eq)) => {
                members.push(Member::Equation(built.len()));
                built.push(eq);
            }
            Some(conditions::Built::Condition(c)) => {
                members.push(Member::Condition(conditions.len()));
                conditions.push(c);
            }
            None => {}
        }
    }
    b.unused_wild_classes();
    let answer = answer.and_then(|e| b.answer(e));
    b.option_conditions(&mut conditions);
    // Not members: they help the search and are not shown in solutions.
    built.extend(
        conditions
            .iter()
            .filter_map(|(c, _)| conditions::implied_equation(c)),
    );
    offer_leading_zeros(&mut b.errors, equations, options);
    if b.errors.is_empty() {
        Ok(Letters {
            base: settings.base,
            vars: b.vars,
            words: b.words,
            equations: built,
            conditions: conditions.into_iter().map(|(c, _)| c).collect(),
            members,
            answer,
        })
    } else {
        Err(b.errors)
    }
}

/// Refuses statements beyond [`crate::limits`]: too many words or cells.
fn too_large<'a>(equations: impl Iterator<Item = &'a EquationAst>) -> Option<Diagnostic> {
    fn count(e: &ast::Expr, words: &mut usize, cells: &mut usize) {
        match e {
            ast::Expr::Word(w) => {
                *words += 1;
                *cells += w.cells.len();
            }
            ast::Expr::Decimal(d) => {
                *words += 1;
                *cells += d.node.len();
            }
            ast::Expr::Paren(inner, _) => count(inner, words, cells),
            ast::Expr::Binary { lhs, rhs, .. } => {
                count(lhs, words, cells);
                count(rhs, words, cells);
            }
        }
    }
    let (mut words, mut cells) = (0, 0);
    let mut span: Option<Span> = None;
    for eq in equations {
        for side in eq.sides.iter().flatten() {
            count(side, &mut words, &mut cells);
        }
        span = Some(span.map_or(eq.span.clone(), |s| {
            s.start.min(eq.span.start)..s.end.max(eq.span.end)
        }));
    }
    let span = span?;
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

impl<'s> Builder<'s> {
    fn new(settings: &'s Settings, errors: Vec<Diagnostic>) -> Self {
        Builder {
            settings,
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
            exponents: Vec::new(),
            errors,
        }
    }

    /// Reports each `wild` class that no cell uses.
    fn unused_wild_classes(&mut self) {
        for (class, span) in &self.settings.wild {
            if self
                .wild_cells
                .get(class)
                .is_none_or(|cells| cells.is_empty())
            {
                self.errors.push(Diagnostic::new(
                    ErrorKind::UnusedSymbol,
                    span.clone(),
                    format!("the wild class `{}` does not occur in the puzzle", class),
                ));
            }
        }
    }

    /// A kind's own rules on cells of the words built from `rows`:
    /// (word, cell, allowed digits, why).
    fn apply_narrowings(&mut self, rows: &[WordAst], narrowings: &[(usize, usize, Digits, &str)]) {
        for &(row, cell, allowed, why) in narrowings {
            let span = rows[row].cells[cell].span.clone();
            match self.words[row].cells[cell] {
                Cell::Var(v) => self.narrow(v, allowed, span, why),
                Cell::Digit(d) if !allowed.contains(d) => self.errors.push(
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
    }

    /// Adds the constraints on words and the conditions after `with` to
    /// `conditions`, then reports contradictions and, if there are none,
    /// the conditions no digits can meet.
    fn option_conditions(&mut self, conditions: &mut Vec<(Condition, Span)>) {
        conditions.extend(self.constraints());
        let settings = self.settings;
        for condition in &settings.conditions {
            if let Some(c) = self.option_condition(condition) {
                conditions.push(c);
            }
        }
        self.unbounded_exponents(conditions);
        self.contradictions();
        if self.errors.is_empty() {
            self.impossible(conditions);
        }
    }

    fn new_var(&mut self, kind: VarKind, span: Span, groups: u64) -> usize {
        self.vars.push(Var {
            kind,
            domain: self.settings.universe(),
            groups,
        });
        self.origin.push(span);
        self.reasons.push(Vec::new());
        self.vars.len() - 1
    }

    fn word(&mut self, w: &WordAst) -> usize {
        self.cells_of(w, false)
    }

    /// A word of an equation: one written only in digits is a number, as
    /// in a condition, so `digits` (which says what cells may hold) does
    /// not restrict it: `A + B = 10` with `digits 1..9`.
    fn member_word(&mut self, w: &WordAst) -> usize {
        let number = w.cells.iter().all(|c| matches!(c.node, CellAst::Digit(_)));
        self.cells_of(w, number)
    }

    fn cells_of(&mut self, w: &WordAst, number: bool) -> usize {
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
                    } else if !number && !self.settings.universe().contains(d) {
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
                CellAst::Free => Cell::Var(self.new_var(VarKind::Free, span.clone(), 0)),
                CellAst::Symbol(c) if self.wild_cells.contains_key(&c) => {
                    let v = self.new_var(VarKind::Wild(c), span.clone(), 0);
                    self.wild_cells.entry(c).or_default().push(v);
                    Cell::Var(v)
                }
                CellAst::Symbol(c) => Cell::Var(match self.symbols.get(&c) {
                    Some(&v) => v,
                    None => {
                        let v = self.new_var(VarKind::Symbol(c), span.clone(), self.groups_of(c));
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

    /// The all-different groups of symbol `c` (`Var::groups`): the one
    /// group of every symbol by default, none with `repeats`, the groups
    /// that list it with `distinct`.
    fn groups_of(&self, c: char) -> u64 {
        if self.settings.repeats {
            return 0;
        }
        if self.settings.distinct.is_empty() {
            return 1;
        }
        self.settings
            .distinct
            .iter()
            .enumerate()
            .filter(|(_, group)| group.node.contains(c))
            .fold(0, |acc, (g, _)| acc | 1 << g)
    }

    /// Reports each letter of a `distinct` group that is not a symbol of
    /// the puzzle, as a constraint on an unused symbol is.
    fn unused_group_symbols(&mut self) {
        for group in &self.settings.distinct {
            for (at, c) in group.node.char_indices() {
                if !self.symbols.contains_key(&c) {
                    let start = group.span.start + at;
                    self.errors.push(
                        Diagnostic::new(
                            ErrorKind::UnusedSymbol,
                            start..start + c.len_utf8(),
                            format!("`{}` is not a symbol of the puzzle", c),
                        )
                        .with_hint("symbols are case-sensitive; check the spelling"),
                    );
                }
            }
        }
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

    /// Applies the constraints on symbols and `?` cells; returns those on
    /// words (`MONEY = 10652`, `SEVEN prime`) as conditions, with their spans.
    fn constraints(&mut self) -> Vec<(Condition, Span)> {
        let mut conditions = Vec::new();
        let constraints = self.settings.constraints.clone();
        for (target, relation) in &constraints {
            let whole = target.span.start..relation.span.end;
            let allowed = match &target.node {
                Target::Word(w) if w.cells.len() > 1 => Some(Digits::EMPTY),
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
                    if let Some(c) = self.word_constraint(w, relation) {
                        conditions.push((c, whole));
                    }
                }
            }
        }
        conditions
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
                    .filter(|&d| p.holds_i128(i128::from(d), base))
                    .fold(0, |acc, d| acc | 1u64 << d),
            )),
        }
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
        self.unused_group_symbols();
        for g in 0..crate::ir::vars::group_count(&self.vars) {
            let group: Vec<usize> = (0..self.vars.len())
                .filter(|&v| self.vars[v].groups >> g & 1 == 1)
                .collect();
            self.group_contradictions(&group);
        }
    }

    /// Too many symbols for the digits in one all-different group, and
    /// two of its symbols forced onto the same digit.
    fn group_contradictions(&mut self, distinct: &[usize]) {
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
        for &v in distinct {
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

/// What [`check_rows`] gives: the base, the variables, the words (the
/// rows', then the conditions'), and the conditions.
pub type CheckedRows = (u32, Vec<Var>, Vec<Word>, Vec<Condition>);

/// The cells of a layout's rows, checked exactly as words of a letter
/// equation are (symbols, `?`/`*`, wild classes, the options, no row
/// starting with 0), with the layout's own rules added as `narrowings`:
/// (row, cell, allowed digits, why). Conditions after `with` read the
/// rows' symbols (`with PUZZLE odd`). Returns the base, the variables,
/// one [`Word`] per row followed by the words the conditions read, and
/// the conditions.
pub fn check_rows(
    rows: &[WordAst],
    narrowings: &[(usize, usize, Digits, &str)],
    options: &[Spanned<OptionItem>],
    errors: &mut Vec<Diagnostic>,
) -> Option<CheckedRows> {
    let mut own = Vec::new();
    let settings = options::resolve(options, &options::symbols(rows), &mut own);
    for option in options {
        if option.node == OptionItem::Flag(Flag::LeadingZeros) {
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
    let mut b = Builder::new(&settings, own);
    for row in rows {
        b.word(row);
    }
    b.apply_narrowings(rows, narrowings);
    b.unused_wild_classes();
    // Conditions read the layout's symbols (`with PUZZLE odd` when a row
    // is written `PUZZLE`); their words follow the rows'.
    let mut conditions = Vec::new();
    b.option_conditions(&mut conditions);
    let failed = !b.errors.is_empty();
    errors.append(&mut b.errors);
    (!failed).then(|| {
        let conditions = conditions.into_iter().map(|(c, _)| c).collect();
        (settings.base, b.vars, b.words, conditions)
    })
}

/// The letters of a cryptic Kakuro, checked as the words of a letter
/// equation are: `words` are its letter cells (one cell each) and its clue
/// words, `narrowings` (word, cell, allowed digits, why) its own rules
/// (a letter in a white cell is 1 to 9). The options of letter equations
/// apply, except those that change the digits (`base`, `digits`, `wild`,
/// `leading zeros`): a Kakuro is in base 10. Returns the variables, the
/// words (the given ones first, then those of conditions) and the
/// conditions.
pub fn check_symbol_words(
    words: &[WordAst],
    narrowings: &[(usize, usize, Digits, &str)],
    options: &[Spanned<OptionItem>],
    errors: &mut Vec<Diagnostic>,
) -> Option<(Vec<Var>, Vec<Word>, Vec<Condition>)> {
    let mut own = Vec::new();
    let fixed = |o: &OptionItem| {
        // `distinct` groups letters, it does not change the digits.
        matches!(
            o,
            OptionItem::Valued { word, .. } if *word != "distinct"
        ) || matches!(o, OptionItem::Flag(Flag::LeadingZeros))
    };
    let (refused, kept): (Vec<_>, Vec<_>) = options.iter().cloned().partition(|o| fixed(&o.node));
    for option in refused {
        own.push(
            Diagnostic::new(
                ErrorKind::OptionNotApplicable,
                option.span,
                "a Kakuro's digits are fixed: 1 to 9 in its cells, base 10 in its clues",
            )
            .with_hint(
                "options on a cryptic Kakuro constrain its letters: `A = 8`, `B < C`, `repeats`",
            ),
        );
    }
    let settings = options::resolve(&kept, &options::symbols(words), &mut own);
    let mut b = Builder::new(&settings, own);
    for word in words {
        b.word(word);
    }
    b.apply_narrowings(words, narrowings);
    let mut conditions = Vec::new();
    b.option_conditions(&mut conditions);
    let failed = !b.errors.is_empty();
    errors.append(&mut b.errors);
    (!failed).then(|| {
        (
            b.vars,
            b.words,
            conditions.into_iter().map(|(c, _)| c).collect(),
        )
    })
}
