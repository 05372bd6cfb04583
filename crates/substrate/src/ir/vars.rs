//! Unknown digits and the cells that hold them, shared by letter equations
//! and layouts: a word of a letter equation and a row of a layout are both
//! runs of cells, each a fixed digit or a variable.

use crate::digits::Digits;

/// An unknown digit.
#[derive(Clone, Debug)]
pub struct Var {
    /// What the variable stands for in the text: a symbol, a `?` cell or one
    /// occurrence of a wild class.
    pub kind: VarKind,
    /// The digits this variable may take: base, `digits`, constraints and
    /// the leading-digit rule already applied.
    pub domain: Digits,
    /// The all-different groups the variable takes part in, one bit per
    /// group: bit 0 for every named symbol by default, none with
    /// `repeats` or for `?` and wild cells, the groups that list it with
    /// `distinct`. Two variables that share a bit take different digits.
    pub groups: u64,
}

impl Var {
    /// Takes part in some all-different group.
    pub fn distinct(&self) -> bool {
        self.groups != 0
    }
}

/// Whether every all-different variable of `vars` is in the same groups:
/// then all-different is one rule over all of them, which is what the
/// strategies that are not group-aware assume (see `crate::solve`).
pub fn one_group(vars: &[Var]) -> bool {
    let mut groups = vars.iter().map(|v| v.groups).filter(|&g| g != 0);
    match groups.next() {
        Some(first) => groups.all(|g| g == first),
        None => true,
    }
}

/// How many all-different groups `vars` use (the highest bit + 1).
pub fn group_count(vars: &[Var]) -> usize {
    let all = vars.iter().fold(0u64, |acc, v| acc | v.groups);
    64 - all.leading_zeros() as usize
}

/// Where an unknown digit comes from in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarKind {
    /// A named symbol: every occurrence is the same digit.
    Symbol(char),
    /// A `?` cell: its own digit.
    Free,
    /// One occurrence of a wild class letter: its own digit.
    Wild(char),
}

/// One digit position of a word or a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// An unknown digit: an index into the puzzle's variables.
    Var(usize),
    /// A digit written as such.
    Digit(u32),
}

/// A number written as cells, most significant first.
#[derive(Clone, Debug)]
pub struct Word {
    /// The word's digits and unknowns, most significant first.
    pub cells: Vec<Cell>,
}

/// The variables in `words`, each once, in index order.
pub fn vars_in<'a>(words: impl IntoIterator<Item = &'a Word>) -> Vec<usize> {
    let mut vars: Vec<usize> = words
        .into_iter()
        .flat_map(|w| &w.cells)
        .filter_map(|cell| match *cell {
            Cell::Var(v) => Some(v),
            Cell::Digit(_) => None,
        })
        .collect();
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// Indices of the named symbols among `vars`, in order of first
/// appearance.
pub fn symbols(vars: &[Var]) -> impl Iterator<Item = (usize, char)> + '_ {
    vars.iter().enumerate().filter_map(|(i, v)| match v.kind {
        VarKind::Symbol(c) => Some((i, c)),
        _ => None,
    })
}

/// A variable's name in `explain`: the symbol, or `?`/class with the
/// occurrence number.
pub fn var_name(vars: &[Var], v: usize) -> String {
    let kind = vars[v].kind;
    let occurrence = || vars[..v].iter().filter(|w| w.kind == kind).count() + 1;
    match kind {
        VarKind::Symbol(c) => c.to_string(),
        VarKind::Free => format!("?{}", occurrence()),
        VarKind::Wild(c) => format!("{}{}", c, occurrence()),
    }
}

/// One line per named symbol for `explain`: the symbol, whether it takes
/// part in all-different, and its digits.
pub fn describe_symbols(vars: &[Var], base: u32, out: &mut String) {
    describe_vars(vars, base, symbols(vars).map(|(v, _)| v), out);
}

/// As [`describe_symbols`], for the variables `which`.
pub fn describe_vars(
    vars: &[Var],
    base: u32,
    which: impl Iterator<Item = usize>,
    out: &mut String,
) {
    use std::fmt::Write;
    let all = Digits::below(base);
    let one = one_group(vars);
    for v in which {
        let var = &vars[v];
        let tag = match (var.distinct(), one) {
            (false, _) => "free".to_string(),
            (true, true) => "distinct".to_string(),
            // Distinct groups: which, numbered as written from 1.
            (true, false) => {
                let numbers: Vec<String> = (0..64)
                    .filter(|g| var.groups >> g & 1 == 1)
                    .map(|g| (g + 1).to_string())
                    .collect();
                format!("group {}", numbers.join(","))
            }
        };
        let digits = if var.domain == all {
            "any digit".to_string()
        } else {
            var.domain.to_string()
        };
        let _ = writeln!(out, "  {:<4} {:<9} {}", var_name(vars, v), tag, digits);
    }
}

/// `s` when `n` is not 1.
pub fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `vars` with `var` fixed to each digit it may take, in increasing order;
/// a fixed digit of an all-different variable is struck from the others.
/// Each assignment of `vars` satisfies exactly one of them: what cutting a
/// search into parts needs ([`crate::kinds::split`]). A digit that
/// leaves another variable no digit has no part.
pub fn narrowed(vars: &[Var], var: usize) -> Vec<(u8, Vec<Var>)> {
    vars[var]
        .domain
        .iter()
        .filter_map(|d| {
            let mut part = vars.to_vec();
            strike(&mut part, var, d);
            part[var].domain = Digits::single(d);
            part.iter()
                .all(|v| !v.domain.is_empty())
                .then_some((d as u8, part))
        })
        .collect()
}

/// `vars` with `var` given the digit `d`, struck from the other
/// all-different variables as [`narrowed`] does: `None` when `var` may not
/// take `d` or when that leaves another variable no digit.
pub fn given(vars: &[Var], var: usize, d: u32) -> Option<Vec<Var>> {
    if !vars.get(var)?.domain.contains(d) {
        return None;
    }
    let mut part = vars.to_vec();
    strike(&mut part, var, d);
    part[var].domain = Digits::single(d);
    part.iter().all(|v| !v.domain.is_empty()).then_some(part)
}

/// Strikes `d` from every variable that shares an all-different group
/// with `var` (and from `var`, which the caller then fixes to `d`).
fn strike(vars: &mut [Var], var: usize, d: u32) {
    let groups = vars[var].groups;
    for other in vars.iter_mut().filter(|v| v.groups & groups != 0) {
        other.domain = other.domain.without(d);
    }
}
