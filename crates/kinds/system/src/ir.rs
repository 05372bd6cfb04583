//! Several layouts and letter equations in one system sharing symbols
//! (`division { ... }, division { ... }, ABC < DEF`): each part keeps its
//! own IR and variables, and a map from them to the system's variables,
//! where a symbol is one variable wherever it is written.

use std::fmt::Write;

use crypta_kind_layout::Layout;
use crypta_substrate::ir::letters::Letters;
use crypta_substrate::ir::vars::{self, plural, Var};

/// A system of layouts and letter equations, checked.
#[derive(Clone, Debug)]
pub struct System {
    /// Digits go from 0 to base - 1, in every part.
    pub base: u32,
    /// The system's variables: its symbols (domains and all-different
    /// groups from every part and the options), then each part's other
    /// variables (unknown cells, `?`).
    pub vars: Vec<Var>,
    /// The layouts, in the order written.
    pub layouts: Vec<Mapped<Layout>>,
    /// The equations and conditions over the symbols, when there are any:
    /// members of the system and conditions after `with`.
    pub letters: Option<Box<Mapped<Letters>>>,
}

/// A part of a system, and where its variables are among the system's.
#[derive(Clone, Debug)]
pub struct Mapped<T> {
    /// The part, with its own variables.
    pub part: T,
    /// For each variable of the part, the system's variable.
    pub map: Vec<usize>,
}

impl<T> Mapped<T> {
    /// The part's values, read from the system's `values`.
    pub fn values(&self, values: &[u8]) -> Vec<u8> {
        self.map
            .iter()
            .map(|&g| values.get(g).copied().unwrap_or(0))
            .collect()
    }
}

impl System {
    /// Indices of the named symbols, in order of first appearance.
    pub fn symbols(&self) -> impl Iterator<Item = (usize, char)> + '_ {
        vars::symbols(&self.vars)
    }

    /// The typed puzzle for `explain`: each layout, the equations and
    /// conditions, and the symbols with their digits.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        let symbols = self.symbols().count();
        let (equations, conditions) = self.letters.as_ref().map_or((0, 0), |l| {
            (
                l.part
                    .members
                    .iter()
                    .filter(|m| matches!(m, crypta_substrate::ir::letters::Member::Equation(_)))
                    .count(),
                l.part.conditions.len(),
            )
        });
        let _ = writeln!(
            out,
            "system, base {}, {} layout{}, {} equation{}, {} condition{}, {} symbol{}",
            self.base,
            self.layouts.len(),
            plural(self.layouts.len()),
            equations,
            plural(equations),
            conditions,
            plural(conditions),
            symbols,
            plural(symbols),
        );
        for (i, layout) in self.layouts.iter().enumerate() {
            let _ = writeln!(out, "  layout {}:", i + 1);
            for line in layout.part.describe().lines() {
                let _ = writeln!(out, "  {}", line);
            }
        }
        if let Some(letters) = &self.letters {
            let _ = writeln!(out, "  equations and conditions:");
            for line in letters.part.describe().lines() {
                let _ = writeln!(out, "  {}", line);
            }
        }
        let _ = writeln!(out, "  symbols of the system:");
        vars::describe_symbols(&self.vars, self.base, &mut out);
        out
    }

    /// The letters' text of a solution (`12 + 34 = 46, ...`), when the
    /// system has members beyond its layouts.
    pub fn members_text(&self, values: &[u8]) -> Option<String> {
        let letters = self.letters.as_ref()?;
        if letters.part.members.is_empty() {
            return None;
        }
        Some(letters.part.solution_text(&letters.values(values)))
    }
}

impl crypta_substrate::ir::Describe for System {
    fn kind_name(&self) -> &'static str {
        "system"
    }

    fn describe(&self) -> String {
        System::describe(self)
    }
}
