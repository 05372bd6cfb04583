//! Reading a word off a value (`derive`): a condition `EXPR = WORD` whose
//! expression is not a ring expression (a power with a letter exponent,
//! `/`, `%`) is tested by the product strategy only on bounds until its
//! last letter is assigned. When the expression has few letters, it is
//! cheaper to try every digit of those letters, compute the expression
//! exactly and read the word's digits off the value: its length, its
//! written digits, letters it shares with the expression, repeated letters
//! and distinctness must agree. The letters left over are then tried one by
//! one, each equation and condition tested as soon as its letters are
//! known. `MA ^ D = ENIGMA` tries M, A and D (at most 900 ways) instead of
//! searching E, N, I, G on bounds.

use num_bigint::{BigInt, Sign};

use crate::arith::{self, condition, Exact};
use crate::digits::Digits;
use crate::ir::{Cell, Letters, Member, RelOp, Term, Test};
use crate::solve::{Budget, Flow, Outcome, Strategy, Taken};

/// The most assignments of the expression's letters tried.
pub const MAX_TRIED: f64 = 1e5;

/// The most work allowed: the expression's assignments times those of the
/// letters left over (a bound that holds whatever the values read).
pub const MAX_WORK: f64 = 1e6;

/// The strategy: a condition `EXPR = WORD` read as above.
pub struct Derive {
    letters: Letters,
    /// The condition read, an index into the puzzle's conditions.
    condition: usize,
    expr: Term,
    word: usize,
    /// The expression's letters, tried in this order.
    front: Vec<usize>,
    /// The letters neither in the expression nor in the word.
    rest: Vec<usize>,
    /// `checks[0]`: what is tested once the word is read; `checks[k]`:
    /// once `rest[k - 1]` is assigned.
    checks: Vec<Vec<Member>>,
    exact_in_i128: bool,
}

/// Assignments of `vars`, their domains multiplied (distinctness ignored).
fn size(letters: &Letters, vars: &[usize]) -> f64 {
    vars.iter()
        .map(|&v| f64::from(letters.vars[v].domain.len()))
        .product()
}

fn term_vars(letters: &Letters, term: &Term) -> Vec<usize> {
    let mut words = Vec::new();
    term.words(&mut words);
    crate::ir::vars::vars_in(words.iter().map(|&w| &letters.words[w]))
}

impl Derive {
    /// `None` unless some condition `EXPR = WORD` (either way round) has a
    /// non-ring expression whose letters are few enough (see
    /// [`MAX_TRIED`], [`MAX_WORK`]); the cheapest such one otherwise.
    pub fn new(letters: &Letters) -> Option<Self> {
        let mut best: Option<(f64, Derive)> = None;
        for (i, c) in letters.conditions.iter().enumerate() {
            let Some(atom) = c.atom() else {
                continue;
            };
            let Test::Relation(RelOp::Eq, rhs) = &atom.test else {
                continue;
            };
            let (expr, word) = match (&atom.lhs, rhs) {
                (Term::Word(_), Term::Word(_)) => continue,
                (e, Term::Word(w)) | (Term::Word(w), e) => (e, *w),
                _ => continue,
            };
            // A ring expression is the product strategy's: it tests the
            // low digits column by column.
            if expr.as_ring().is_some() {
                continue;
            }
            let front = term_vars(letters, expr);
            let in_word = crate::ir::vars::vars_in([&letters.words[word]]);
            if in_word.iter().all(|v| front.contains(v)) {
                continue;
            }
            let rest: Vec<usize> = (0..letters.vars.len())
                .filter(|v| !front.contains(v) && !in_word.contains(v))
                .collect();
            let tried = size(letters, &front);
            let work = tried * size(letters, &rest).max(1.0);
            if tried > MAX_TRIED || work > MAX_WORK || best.as_ref().is_some_and(|b| b.0 <= work) {
                continue;
            }
            let derive = Derive::build(letters, i, expr.clone(), word, front, rest);
            best = Some((work, derive));
        }
        best.map(|(_, d)| d)
    }

    fn build(
        letters: &Letters,
        condition: usize,
        expr: Term,
        word: usize,
        front: Vec<usize>,
        rest: Vec<usize>,
    ) -> Self {
        // The level at which a member's letters are all known.
        let level = |vars: &[usize]| {
            vars.iter()
                .map(|v| rest.iter().position(|r| r == v).map_or(0, |k| k + 1))
                .max()
                .unwrap_or(0)
        };
        let mut checks = vec![Vec::new(); rest.len() + 1];
        for (e, eq) in letters.equations.iter().enumerate() {
            let mut words = Vec::new();
            super::pins::words_of(&eq.lhs, &mut words);
            super::pins::words_of(&eq.rhs, &mut words);
            let vars = crate::ir::vars::vars_in(words.iter().map(|&w| &letters.words[w]));
            checks[level(&vars)].push(Member::Equation(e));
        }
        for (c, cond) in letters.conditions.iter().enumerate() {
            if c != condition {
                checks[level(&cond.vars(&letters.words))].push(Member::Condition(c));
            }
        }
        Derive {
            exact_in_i128: letters.fits_i128(),
            letters: letters.clone(),
            condition,
            expr,
            word,
            front,
            rest,
            checks,
        }
    }

    fn holds<N: Exact>(&self, member: Member, values: &[u8]) -> bool {
        let letters = &self.letters;
        match member {
            Member::Equation(e) => {
                let base = N::from_u32(letters.base);
                let eq = &letters.equations[e];
                let l: N = arith::eval(&eq.lhs, &letters.words, values, &base, usize::MAX);
                let r: N = arith::eval(&eq.rhs, &letters.words, values, &base, usize::MAX);
                l == r
            }
            Member::Condition(c) => {
                arith::condition_holds(&letters.conditions[c], &letters.words, values, letters.base)
            }
        }
    }

    fn all_hold(&self, level: usize, values: &[u8]) -> bool {
        self.checks[level].iter().all(|&m| {
            if self.exact_in_i128 {
                self.holds::<i128>(m, values)
            } else {
                self.holds::<BigInt>(m, values)
            }
        })
    }

    /// The expression's value as the word's digits, most significant
    /// first, into `digits`; false when it is undefined, not whole,
    /// negative or too long for the word.
    fn read(&self, values: &[u8], digits: &mut [u8]) -> bool {
        let base = self.letters.base;
        let words = &self.letters.words;
        match condition::term_whole_i128(&self.expr, words, values, base) {
            Some(None) => false,
            Some(Some(mut n)) => {
                if n < 0 {
                    return false;
                }
                for d in digits.iter_mut().rev() {
                    *d = (n % i128::from(base)) as u8;
                    n /= i128::from(base);
                }
                n == 0
            }
            None => {
                let Some(n) = condition::term_value(&self.expr, words, values, base) else {
                    return false;
                };
                if n.sign() == Sign::Minus {
                    return false;
                }
                let low = n.magnitude().to_radix_le(base);
                let zero = low.len() == 1 && low[0] == 0;
                if low.len() > digits.len() && !zero {
                    return false;
                }
                digits.fill(0);
                for (d, &l) in digits.iter_mut().rev().zip(&low) {
                    *d = l;
                }
                true
            }
        }
    }
}

/// The search's mutable state.
struct Walk<'s, 'b, 'l, 'e> {
    s: &'s Derive,
    budget: &'b mut Budget<'l>,
    emit: &'e mut dyn FnMut(&[u8]) -> Flow,
    values: Vec<u8>,
    known: Vec<bool>,
    taken: Taken,
    digits: Vec<u8>,
}

impl Walk<'_, '_, '_, '_> {
    /// The digits `v` may take now.
    fn free(&self, v: usize) -> Digits {
        let var = &self.s.letters.vars[v];
        Digits(self.taken.free(var.domain.0, var.groups))
    }

    fn set(&mut self, v: usize, d: u32) {
        self.values[v] = d as u8;
        self.known[v] = true;
        self.taken.take(self.s.letters.vars[v].groups, d);
    }

    fn unset(&mut self, v: usize) {
        self.known[v] = false;
        self.taken
            .give(self.s.letters.vars[v].groups, u32::from(self.values[v]));
    }

    fn front(&mut self, i: usize) -> Option<Outcome> {
        let Some(&v) = self.s.front.get(i) else {
            return self.derive();
        };
        for d in self.free(v).iter() {
            if self.budget.tick() {
                return Some(Outcome::Interrupted);
            }
            self.set(v, d);
            let stop = self.front(i + 1);
            self.unset(v);
            if stop.is_some() {
                return stop;
            }
        }
        None
    }

    /// Reads the word off the expression's value, then tries the rest.
    fn derive(&mut self) -> Option<Outcome> {
        let mut digits = std::mem::take(&mut self.digits);
        let ok = self.s.read(&self.values, &mut digits);
        let mut newly = Vec::new();
        let mut fits = ok;
        if ok {
            for (cell, &d) in self.s.letters.words[self.s.word].cells.iter().zip(&digits) {
                let d = u32::from(d);
                let agrees = match *cell {
                    Cell::Digit(c) => c == d,
                    Cell::Var(v) if self.known[v] => u32::from(self.values[v]) == d,
                    Cell::Var(v) => {
                        let free = self.free(v).contains(d);
                        if free {
                            self.set(v, d);
                            newly.push(v);
                        }
                        free
                    }
                };
                if !agrees {
                    fits = false;
                    break;
                }
            }
        }
        self.digits = digits;
        let stop = if fits && self.s.all_hold(0, &self.values) {
            self.rest(0)
        } else {
            None
        };
        for &v in newly.iter().rev() {
            self.unset(v);
        }
        stop
    }

    fn rest(&mut self, k: usize) -> Option<Outcome> {
        let Some(&v) = self.s.rest.get(k) else {
            return ((self.emit)(&self.values) == Flow::Stop).then_some(Outcome::Stopped);
        };
        for d in self.free(v).iter() {
            if self.budget.tick() {
                return Some(Outcome::Interrupted);
            }
            self.set(v, d);
            let stop = if self.s.all_hold(k + 1, &self.values) {
                self.rest(k + 1)
            } else {
                None
            };
            self.unset(v);
            if stop.is_some() {
                return stop;
            }
        }
        None
    }
}

impl Strategy for Derive {
    fn name(&self) -> &'static str {
        "derive"
    }

    fn approach(&self) -> String {
        let l = &self.letters;
        let names = |vars: &[usize]| {
            vars.iter()
                .map(|&v| l.var_name(v))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut text = format!(
            "the letters of one side of {} tried, at most {} ways: {};\n\
             the other side's digits read off its exact value",
            l.condition_text(&l.conditions[self.condition], None),
            size(l, &self.front),
            names(&self.front),
        );
        if !self.rest.is_empty() {
            text.push_str(&format!(
                ";\nthen the letters left, each test as soon as its letters are known: {}",
                names(&self.rest)
            ));
        }
        text
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let n = self.letters.vars.len();
        let mut walk = Walk {
            s: self,
            budget,
            emit,
            values: vec![0; n],
            known: vec![false; n],
            taken: Taken::new(&self.letters.vars),
            digits: vec![0; self.letters.words[self.word].cells.len()],
        };
        walk.front(0).unwrap_or(Outcome::Exhausted)
    }
}
