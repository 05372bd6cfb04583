//! Checks a system of layouts and equations sharing symbols
//! (`division { ... }, division { ... }, ABC < DEF`) into a [`System`].
//! Each layout is checked by the layout checker with the options that
//! shape its cells (`base`, `digits`, `* != 7`); the symbols of every
//! layout, the members written and every option are checked together as
//! one letter system, so that options and conditions may name any
//! symbol of any part; then each part's variables are mapped to the
//! system's, a symbol being one variable wherever it is written.

use std::collections::HashMap;

use crate::{Mapped, System};
use crypta_kind_layout::check::{check_layout, Operation};
use crypta_kind_layout::Layout;
use crypta_substrate::check::symbols::check_letters;
use crypta_substrate::diagnostic::{Diagnostic, ErrorKind, Span};
use crypta_substrate::ir::{Letters, Member, VarKind};
use crypta_substrate::kinds::Puzzle;
use crypta_substrate::syntax::ast::{
    BlockKind, CellAst, EquationAst, Expr, Logic, OptionItem, Part, PuzzleBody, PuzzleDef, RelOp,
    Spanned, Target, WordAst,
};

/// The registry's entry (crypta-engine's `kinds::KINDS`): a system, or `None` for
/// another kind's puzzle.
pub(super) fn check(def: &PuzzleDef) -> Option<Result<Puzzle, Vec<Diagnostic>>> {
    let PuzzleBody::System(parts) = &def.body else {
        return None;
    };
    Some(check_system(parts, &def.options).map(Puzzle::new))
}

/// Whether an option shapes a layout's cells: the base, the digits, the
/// flags, and constraints on every unknown cell (`* != 7`). The others
/// (constraints on symbols, conditions, `distinct`, `wild`) are the
/// letter system's.
fn shapes_cells(option: &OptionItem) -> bool {
    match option {
        OptionItem::Valued { word, .. } => matches!(*word, "base" | "digits"),
        OptionItem::Flag(_) => true,
        OptionItem::Constraint { target, .. } => matches!(target.node, Target::Unknown),
        OptionItem::Condition(_) | OptionItem::Unknown(_) => false,
    }
}

/// `S = S`: a member that only makes `S` a symbol of the letter system.
fn mention(symbol: char, span: &Span) -> Logic {
    let word = || {
        Expr::Word(WordAst {
            cells: vec![Spanned::new(CellAst::Symbol(symbol), span.clone())],
            span: span.clone(),
        })
    };
    Logic::Atom(EquationAst {
        sides: vec![Some(word()), Some(word())],
        equals: vec![span.clone()],
        relations: vec![RelOp::Eq],
        property: None,
        span: span.clone(),
    })
}

fn check_system(
    parts: &[Part],
    options: &[Spanned<OptionItem>],
) -> Result<System, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for option in options {
        if let OptionItem::Valued { word: "wild", .. } = option.node {
            errors.push(
                Diagnostic::new(
                    ErrorKind::NotInSystem,
                    option.span.clone(),
                    "wild classes apply to one layout or one letter puzzle, not yet to a system",
                )
                .with_hint("solve the layout with `wild` on its own"),
            );
        }
    }
    let cell_options: Vec<Spanned<OptionItem>> = options
        .iter()
        .filter(|o| shapes_cells(&o.node))
        .cloned()
        .collect();
    let mut layouts: Vec<Layout> = Vec::new();
    let mut members: Vec<Logic> = Vec::new();
    let mut mentions: Vec<Logic> = Vec::new();
    for part in parts {
        match part {
            Part::Block { kind, body } => {
                // Only layouts join a system: any other block (a Kakuro
                // grid, or a kind added later) is refused by name, with no
                // arm per kind here.
                let Some(operation) = Operation::of(kind.node) else {
                    let what = match kind.node {
                        BlockKind::Kakuro => "a Kakuro grid".to_string(),
                        other => format!("a `{}` block", other.keyword()),
                    };
                    errors.push(
                        Diagnostic::new(
                            ErrorKind::NotInSystem,
                            kind.span.clone(),
                            format!("{} cannot be part of a system of layouts", what),
                        )
                        .with_hint("a system joins multiplications, divisions and equations"),
                    );
                    continue;
                };
                match check_layout(operation, body, &cell_options) {
                    Ok(layout) => {
                        for (_, c) in layout.symbols() {
                            mentions.push(mention(c, &body.span));
                        }
                        layouts.push(layout);
                    }
                    Err(mut e) => errors.append(&mut e),
                }
            }
            Part::Member(logic) => members.push(logic.clone()),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mentioned = mentions.len();
    mentions.extend(members);
    let letters = check_letters(&mentions, options, None)?;
    Ok(join(layouts, letters, mentioned))
}

/// The system's variables: the letter system's (every symbol, with the
/// options' domains and groups, and its `?` cells), then each layout's
/// unknown cells; a layout's symbol is the letter system's.
fn join(layouts: Vec<Layout>, mut letters: Letters, mentioned: usize) -> System {
    // The `S = S` members were only there to name the symbols.
    letters
        .equations
        .drain(..mentioned.min(letters.equations.len()));
    letters.members = letters
        .members
        .iter()
        .filter_map(|m| match *m {
            Member::Equation(e) => e.checked_sub(mentioned).map(Member::Equation),
            other => Some(other),
        })
        .collect();
    let mut vars = letters.vars.clone();
    let by_symbol: HashMap<char, usize> = letters.symbols().map(|(v, c)| (c, v)).collect();
    let mut mapped = Vec::new();
    for layout in layouts {
        let mut map = Vec::with_capacity(layout.vars.len());
        for var in &layout.vars {
            let global = match var.kind {
                VarKind::Symbol(c) => by_symbol.get(&c).copied(),
                _ => None,
            };
            match global {
                Some(g) => {
                    // The layout's own rules (no row starts with 0).
                    vars[g].domain = vars[g].domain.intersect(var.domain);
                    map.push(g);
                }
                None => {
                    vars.push(var.clone());
                    map.push(vars.len() - 1);
                }
            }
        }
        mapped.push(Mapped { part: layout, map });
    }
    let needed = !letters.equations.is_empty()
        || !letters.conditions.is_empty()
        || letters
            .vars
            .iter()
            .any(|v| !matches!(v.kind, VarKind::Symbol(_)));
    let letters = needed.then(|| {
        Box::new(Mapped {
            map: (0..letters.vars.len()).collect(),
            part: letters,
        })
    });
    System {
        base: mapped.first().map_or(10, |l: &Mapped<Layout>| l.part.base),
        vars,
        layouts: mapped,
        letters,
    }
}
