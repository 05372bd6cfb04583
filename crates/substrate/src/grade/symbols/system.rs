//! The candidate grid both engines share: one bit mask per unknown digit
//! and per carry, the column relations between them, and the one place a
//! step is applied, after it is checked against the known solution.
//!
//! A carry is a variable like a letter: "carry into column k" has the
//! values `offset..offset + 64` as bits, so borrows (negative carries of a
//! subtraction) fit the same masks. A relation is an addition written
//! column by column: in column k, the terms (a coefficient times one digit,
//! or times the product of two digits for a row of a long multiplication)
//! plus a constant plus the carry in equal `base` times the carry out; the
//! leftmost column carries nothing out.

use std::collections::HashMap;
use std::fmt;

use crate::grade::{Difficulty, Step, Text};
use crate::ir::{Cell, Condition, Expr, Var, Word};

/// A step that removed a digit of the known solution: a bug in the rule,
/// never shown to a user as a deduction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepBug {
    /// The rule that made the step.
    pub rule: &'static str,
    /// The variable it wrongly narrowed, as named in steps.
    pub variable: String,
    /// The value of the known solution it removed.
    pub removed: i64,
    /// The step's own reason.
    pub why: String,
}

impl fmt::Display for StepBug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "grading rule `{}` removed {} from {}, the known solution's value ({})",
            self.rule, self.removed, self.variable, self.why
        )
    }
}

impl std::error::Error for StepBug {}

/// A coefficient times one digit, or times the product of two.
#[derive(Clone, Debug)]
pub struct Term {
    pub coef: i64,
    pub vars: Vec<usize>,
}

/// One column of a relation.
#[derive(Clone, Debug)]
pub struct Column {
    /// As printed in steps: "column 2", "column 3 of the partial product in row 4".
    pub name: String,
    pub terms: Vec<Term>,
    pub constant: i64,
    pub carry_in: Option<usize>,
    /// `None` in the leftmost column: nothing is carried out of it.
    pub carry_out: Option<usize>,
}

/// A number added in a relation: its cells (most significant first)
/// times `coef`, times `factor` when given (one digit of a multiplier),
/// shifted left by `shift` columns.
pub struct Part {
    pub coef: i64,
    pub cells: Vec<Cell>,
    pub shift: usize,
    pub factor: Option<Cell>,
}

/// `small < big`, both numbers of cells, most significant first.
#[derive(Clone, Debug)]
pub struct Less {
    pub name: String,
    pub small: Vec<Cell>,
    pub big: Vec<Cell>,
}

/// A fact read off the layout itself: `var` keeps only `allowed`.
#[derive(Clone, Debug)]
pub struct Unary {
    pub var: usize,
    pub allowed: u64,
    pub why: String,
}

/// Every variable's candidates and every relation between them.
pub struct System {
    pub base: u32,
    /// Each variable as a step's text writes it: a digit of the puzzle by
    /// its id ([`crate::grade::var`], named when shown), a carry in words.
    pub names: Vec<String>,
    pub cand: Vec<u64>,
    /// A variable's value is `offset + bit`: 0 for digits.
    pub offset: Vec<i64>,
    pub known: Vec<i64>,
    /// The puzzle's own digits come first; carries after them.
    pub digits: usize,
    pub distinct: Vec<usize>,
    pub columns: Vec<Column>,
    /// Each relation's columns, rightmost first (indices into `columns`).
    pub relations: Vec<Vec<usize>>,
    pub less: Vec<Less>,
    pub unary: Vec<Unary>,
    /// Every word of a letter puzzle, for the equations with products and
    /// the conditions.
    pub words: Vec<Word>,
    /// Equations with a product, graded by bounds and last digits only.
    pub products: Vec<(Expr, Expr)>,
    /// The puzzle's conditions, each with its text as written.
    pub conditions: Vec<(Condition, String)>,
    pub steps: Vec<Step>,
    /// The number of steps when each variable last lost a candidate.
    pub changed: Vec<usize>,
    /// (rule, what it looked at) -> the number of steps when it last found
    /// nothing there: it cannot find anything until a variable changes.
    pub quiet: HashMap<(&'static str, usize), usize>,
}

impl System {
    /// The system of a puzzle's variables, with their starting candidates
    /// and the all-different rule, checked against the known solution
    /// `values` (one digit per variable). Steps name them by id
    /// ([`crate::grade::var`]).
    pub fn of_vars(base: u32, vars: &[Var], values: &[u8]) -> Result<System, StepBug> {
        if values.len() != vars.len() {
            return Err(StepBug {
                rule: "known solution",
                variable: String::new(),
                removed: 0,
                why: "the known solution has the wrong number of values".into(),
            });
        }
        let names = (0..vars.len()).map(crate::grade::var).collect();
        let cand = vars.iter().map(|v| v.domain.0).collect();
        let known = values.iter().map(|&d| i64::from(d)).collect();
        let mut sys = System::new(base, names, cand, known);
        // The steps know one all-different rule; under distinct groups
        // they reason without it, which keeps every step sound (a person
        // may then need to guess).
        if crate::ir::vars::one_group(vars) {
            sys.distinct = (0..vars.len()).filter(|&v| vars[v].distinct()).collect();
        }
        Ok(sys)
    }

    /// A grid of the puzzle's digits with their starting candidates.
    pub fn new(base: u32, names: Vec<String>, cand: Vec<u64>, known: Vec<i64>) -> System {
        let digits = names.len();
        System {
            base,
            names,
            cand,
            offset: vec![0; digits],
            known,
            digits,
            distinct: Vec::new(),
            columns: Vec::new(),
            relations: Vec::new(),
            less: Vec::new(),
            unary: Vec::new(),
            words: Vec::new(),
            products: Vec::new(),
            conditions: Vec::new(),
            steps: Vec::new(),
            changed: Vec::new(),
            quiet: HashMap::new(),
        }
    }

    /// The values a variable may still take.
    pub fn values(&self, v: usize) -> impl Iterator<Item = i64> + '_ {
        let offset = self.offset[v];
        bits(self.cand[v]).map(move |b| offset + i64::from(b))
    }

    pub fn min(&self, v: usize) -> i64 {
        self.offset[v] + i64::from(self.cand[v].trailing_zeros())
    }

    pub fn max(&self, v: usize) -> i64 {
        self.offset[v] + 63 - i64::from(self.cand[v].leading_zeros())
    }

    pub fn fixed(&self, v: usize) -> bool {
        self.cand[v].count_ones() == 1
    }

    /// The bit of `value` in `v`'s mask, `None` when out of range.
    pub fn bit(&self, v: usize, value: i64) -> Option<u64> {
        let b = value - self.offset[v];
        (0..64).contains(&b).then(|| 1u64 << b)
    }

    /// For each of `vars`, a mask of the values it may still take that
    /// `fits` accepts: what a rule keeps.
    pub fn keep_fitting(
        &self,
        vars: impl IntoIterator<Item = usize>,
        mut fits: impl FnMut(usize, i64) -> bool,
    ) -> Vec<(usize, u64)> {
        vars.into_iter()
            .map(|v| {
                let mask = self
                    .values(v)
                    .filter(|&d| fits(v, d))
                    .fold(0u64, |m, d| m | self.bit(v, d).unwrap_or(0));
                (v, mask)
            })
            .collect()
    }

    /// Whether keeping `keep`'s masks would remove nothing.
    pub fn idle(&self, keep: &[(usize, u64)]) -> bool {
        keep.iter().all(|&(v, m)| self.cand[v] & !m == 0)
    }

    /// Every digit of the puzzle has one candidate left.
    pub fn solved(&self) -> bool {
        (0..self.digits).all(|v| self.fixed(v))
    }

    /// Adds a relation: the parts sum to 0, column by column. Carries get
    /// the range the starting candidates allow. False (and nothing added)
    /// when a carry would need more than 64 values.
    pub fn add_relation(&mut self, name: &dyn Fn(usize) -> String, parts: &[Part]) -> bool {
        let width = parts
            .iter()
            .map(|p| p.cells.len() + p.shift)
            .max()
            .unwrap_or(0);
        let base = i64::from(self.base);
        let mut columns = Vec::new();
        let mut carries: Vec<(String, i64, u64)> = Vec::new();
        // The carry into the column being built: its index and range.
        let mut carry_in: Option<(usize, i64, i64)> = None;
        let first_carry = self.names.len();
        for k in 0..width {
            let (terms, constant) = self.column_terms(parts, k);
            let (mut lo, mut hi) = (constant, constant);
            for t in &terms {
                let (a, b) = self.term_range(t);
                lo += a;
                hi += b;
            }
            if let Some((_, a, b)) = carry_in {
                lo += a;
                hi += b;
            }
            let carry_out = if k + 1 < width {
                // Carries the column's least and greatest sums allow.
                let clo = lo.div_euclid(base) + i64::from(lo.rem_euclid(base) != 0);
                let chi = hi.div_euclid(base);
                if chi - clo >= 64 || chi < clo {
                    return false;
                }
                let mask = if chi - clo == 63 {
                    u64::MAX
                } else {
                    (1u64 << (chi - clo + 1)) - 1
                };
                carries.push((format!("carry into {}", name(k + 1)), clo, mask));
                Some((first_carry + carries.len() - 1, clo, chi))
            } else {
                None
            };
            columns.push(Column {
                name: name(k),
                terms,
                constant,
                carry_in: carry_in.map(|c| c.0),
                carry_out: carry_out.map(|c| c.0),
            });
            carry_in = carry_out;
        }
        for (n, lo, mask) in carries {
            let shown = if lo < 0 {
                format!("{}, plus {}", n, -lo)
            } else {
                n
            };
            self.names.push(shown);
            self.offset.push(lo);
            self.cand.push(mask);
            self.known.push(0);
        }
        let start = self.columns.len();
        self.columns.extend(columns);
        self.relations.push((start..self.columns.len()).collect());
        true
    }

    /// Column `k`'s terms (equal single digits merged) and constant.
    fn column_terms(&self, parts: &[Part], k: usize) -> (Vec<Term>, i64) {
        let mut terms: Vec<Term> = Vec::new();
        let mut constant = 0i64;
        for p in parts {
            let Some(i) = k.checked_sub(p.shift).filter(|&i| i < p.cells.len()) else {
                continue;
            };
            let cell = p.cells[p.cells.len() - 1 - i];
            let mut coef = p.coef;
            let mut vars = Vec::new();
            for c in std::iter::once(cell).chain(p.factor) {
                match c {
                    Cell::Digit(d) => coef *= i64::from(d),
                    Cell::Var(v) => vars.push(v),
                }
            }
            if coef == 0 {
                continue;
            }
            if vars.is_empty() {
                constant += coef;
            } else if let Some(t) = terms.iter_mut().find(|t| vars.len() == 1 && t.vars == vars) {
                t.coef += coef;
            } else {
                terms.push(Term { coef, vars });
            }
        }
        terms.retain(|t| t.coef != 0);
        (terms, constant)
    }

    /// The least and greatest value of a term under the candidates.
    pub fn term_range(&self, t: &Term) -> (i64, i64) {
        let (mut lo, mut hi) = (t.coef, t.coef);
        for &v in &t.vars {
            let options = [
                lo * self.min(v),
                lo * self.max(v),
                hi * self.min(v),
                hi * self.max(v),
            ];
            lo = *options.iter().min().unwrap_or(&0);
            hi = *options.iter().max().unwrap_or(&0);
        }
        (lo, hi)
    }

    /// Whether `rule` already found nothing in `key` (one column, one
    /// bound) since the last change to any of `vars`.
    pub fn quiet(&self, rule: &'static str, key: usize, vars: &[usize]) -> bool {
        self.quiet
            .get(&(rule, key))
            .is_some_and(|&at| vars.iter().all(|&v| self.changed[v] <= at))
    }

    /// Records that `rule` found nothing in `key` now.
    pub fn hush(&mut self, rule: &'static str, key: usize) {
        self.quiet.insert((rule, key), self.steps.len());
    }

    /// Every variable of columns `cols`: letters and carries.
    pub fn column_vars(&self, cols: &[usize]) -> Vec<usize> {
        let mut vars = Vec::new();
        for &c in cols {
            let col = &self.columns[c];
            for t in &col.terms {
                vars.extend(&t.vars);
            }
            vars.extend(col.carry_in);
            vars.extend(col.carry_out);
        }
        vars.sort_unstable();
        vars.dedup();
        vars
    }

    /// Fills in the known carries from the known digits, column by column;
    /// an error when the known solution does not add up (a modelling bug).
    pub fn settle_known(&mut self) -> Result<(), StepBug> {
        self.changed = vec![0; self.names.len()];
        let base = i64::from(self.base);
        for c in 0..self.columns.len() {
            let col = &self.columns[c];
            let mut s = col.constant + col.carry_in.map_or(0, |v| self.known[v]);
            for t in &col.terms {
                s += t.vars.iter().fold(t.coef, |acc, &v| acc * self.known[v]);
            }
            let bug = |what: &str| StepBug {
                rule: "model",
                variable: col.name.clone(),
                removed: s,
                why: format!("the known solution {}", what),
            };
            if s.rem_euclid(base) != 0 {
                return Err(bug("does not add up in this column"));
            }
            match col.carry_out {
                Some(v) => self.known[v] = s.div_euclid(base),
                None if s != 0 => return Err(bug("carries out of the leftmost column")),
                None => {}
            }
        }
        for v in 0..self.names.len() {
            let inside = self
                .bit(v, self.known[v])
                .is_some_and(|b| self.cand[v] & b != 0);
            if !inside {
                return Err(StepBug {
                    rule: "starting candidates",
                    variable: self.names[v].clone(),
                    removed: self.known[v],
                    why: "the known solution is outside the starting candidates".into(),
                });
            }
        }
        Ok(())
    }

    /// Applies a step: `keep` is each narrowed variable's new mask. Checked
    /// first: a step that removes a known value is returned as a bug.
    /// False when it removes nothing.
    pub fn apply(
        &mut self,
        rule: &'static str,
        level: Difficulty,
        touched: Vec<String>,
        why: String,
        keep: &[(usize, u64)],
    ) -> Result<bool, StepBug> {
        let mut touched: Vec<Text> = touched.into_iter().map(Text::from).collect();
        let mut removed = Vec::new();
        for &(v, mask) in keep {
            let gone = self.cand[v] & !mask;
            if gone == 0 {
                continue;
            }
            if self.bit(v, self.known[v]).is_some_and(|b| gone & b != 0) {
                return Err(StepBug {
                    rule,
                    variable: self.names[v].clone(),
                    removed: self.known[v],
                    why,
                });
            }
            // A borrow is shown shifted, as its name says ("plus 1").
            let shift = u32::try_from(self.offset[v]).unwrap_or(0);
            let shown: Vec<u32> = bits(gone).map(|b| b + shift).collect();
            let name = Text::from(self.names[v].as_str());
            if !touched.contains(&name) {
                touched.push(name.clone());
            }
            removed.push((name, shown));
            self.cand[v] &= mask;
            self.changed[v] = self.steps.len() + 1;
        }
        if removed.is_empty() {
            return Ok(false);
        }
        self.steps.push(Step {
            rule,
            level,
            touched,
            why: Text::from(why),
            removed,
        });
        Ok(true)
    }
}

/// Calls `visit` with every assignment of `vars` from their candidates in
/// which the all-different ones differ. False, and nothing visited, when
/// there are more than `cap` raw combinations: the rules look at a column
/// or two, never search the puzzle.
pub fn each_assignment(
    sys: &System,
    vars: &[usize],
    cap: u64,
    visit: &mut dyn FnMut(&[i64]),
) -> bool {
    let mut size = 1u64;
    for &v in vars {
        size = size.saturating_mul(u64::from(sys.cand[v].count_ones()));
    }
    if size > cap {
        return false;
    }
    let distinct: Vec<bool> = vars.iter().map(|v| sys.distinct.contains(v)).collect();
    let mut values = vec![0i64; vars.len()];
    fn go(
        sys: &System,
        vars: &[usize],
        distinct: &[bool],
        i: usize,
        used: u64,
        values: &mut Vec<i64>,
        visit: &mut dyn FnMut(&[i64]),
    ) {
        if i == vars.len() {
            visit(values);
            return;
        }
        for value in sys.values(vars[i]) {
            let bit = if distinct[i] { 1u64 << value } else { 0 };
            if used & bit != 0 {
                continue;
            }
            values[i] = value;
            go(sys, vars, distinct, i + 1, used | bit, values, visit);
        }
    }
    go(sys, vars, &distinct, 0, 0, &mut values, visit);
    true
}

/// The set bits of a mask, lowest first.
pub fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros();
            mask &= mask - 1;
            b
        })
    })
}
