//! `count` of one relation `L = R` whose sides are sums and differences of
//! terms that fall into groups sharing no letter, over letters in no
//! all-different group: `ABCDEFG = A ^ 7 + ... + G ^ 7 with repeats`, or
//! `A / B + C / D + E / F + G / H = 1 with repeats`. A word written as a
//! term is split into its digits (ABCDEFG is A * 10^6 + ... + G), so the
//! relation reads `g1 + g2 + ... + c = 0`, each gi a function of its own
//! letters only. Each group's values are tabled (value, how many
//! assignments give it); the groups are cut into two halves, each half's
//! sums tabled by convolution, and the count is the matching pairs (meet
//! in the middle): 10^3 + 10^4 values for seven digit powers instead of
//! 10^7 assignments. Values are exact fractions, as the condition's.

use std::collections::HashMap;

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use crate::arith::condition::term_fraction;
use crate::ir::{Atom, Cell, Condition, Letters, Member, Op, RelOp, Term, Test, Word};
use crate::solve::count::{Count, Counted};
use crate::solve::{Budget, Outcome};

/// The most assignments of one group listed.
pub const MAX_GROUP: f64 = 65_536.0;
/// The most sums of one half tabled (the product of its groups' sizes).
pub const MAX_HALF: f64 = 262_144.0;

/// An exact value: numerator and positive denominator in lowest terms.
type Q = (BigInt, BigInt);

/// One term of `L - R`.
enum Piece {
    /// A term as written, added or (`neg`) taken away.
    Term { neg: bool, term: Term },
    /// One digit of a word written as a term: `weight * digit`.
    Digit { var: usize, weight: BigInt },
}

/// The letters of one group and the pieces that read them.
struct Group {
    vars: Vec<usize>,
    pieces: Vec<Piece>,
}

/// The counter.
pub struct TermSums {
    words: Vec<Word>,
    base: u32,
    domains: Vec<Vec<u8>>,
    groups: Vec<Group>,
    /// Indices into `groups`: the two halves.
    halves: [Vec<usize>; 2],
    /// The pieces without letters, summed; `None` when one is undefined
    /// (then nothing holds).
    constant: Option<Q>,
    /// Letters no term reads: each multiplies the count by its digits.
    free: Vec<usize>,
    /// For `explain`: each group's letters.
    names: Vec<String>,
}

fn add(a: &Q, b: &Q) -> Q {
    if a.1.is_one() && b.1.is_one() {
        return (&a.0 + &b.0, BigInt::one());
    }
    lowest(&a.0 * &b.1 + &b.0 * &a.1, &a.1 * &b.1)
}

fn lowest(n: BigInt, d: BigInt) -> Q {
    let g = n.gcd(&d);
    let (n, d) = (n / &g, d / g);
    if d.is_negative() {
        (-n, -d)
    } else {
        (n, d)
    }
}

/// The pieces of `term` (negated when `neg`) into `out`, words split into
/// digits; the written digits summed into `constant`.
fn flatten(
    term: &Term,
    neg: bool,
    words: &[Word],
    base: u32,
    out: &mut Vec<Piece>,
    constant: &mut BigInt,
) {
    match term {
        Term::Binary(Op::Add, a, b) => {
            flatten(a, neg, words, base, out, constant);
            flatten(b, neg, words, base, out, constant);
        }
        Term::Binary(Op::Sub, a, b) => {
            flatten(a, neg, words, base, out, constant);
            flatten(b, !neg, words, base, out, constant);
        }
        Term::Word(w) => {
            let mut weight = BigInt::one();
            for cell in words[*w].cells.iter().rev() {
                let signed = if neg { -&weight } else { weight.clone() };
                match *cell {
                    Cell::Var(var) => out.push(Piece::Digit {
                        var,
                        weight: signed,
                    }),
                    Cell::Digit(d) => *constant += signed * d,
                }
                weight *= base;
            }
        }
        _ => out.push(Piece::Term {
            neg,
            term: term.clone(),
        }),
    }
}

fn term_vars(term: &Term, words: &[Word], out: &mut Vec<usize>) {
    match term {
        Term::Word(w) => out.extend(words[*w].cells.iter().filter_map(|c| match c {
            Cell::Var(v) => Some(*v),
            Cell::Digit(_) => None,
        })),
        Term::Binary(_, a, b) => {
            term_vars(a, words, out);
            term_vars(b, words, out);
        }
    }
}

fn find(parent: &mut [usize], v: usize) -> usize {
    let mut r = v;
    while parent[r] != r {
        r = parent[r];
    }
    parent[v] = r;
    r
}

impl TermSums {
    /// `None` unless the puzzle is one `=` condition (any equations only
    /// implied by it), no letter takes part in all-different, the terms
    /// fall into at least two groups, and the tables stay small.
    pub fn new(letters: &Letters) -> Option<Self> {
        let [Condition::Atom(Atom {
            lhs,
            test: Test::Relation(RelOp::Eq, rhs),
        })] = letters.conditions.as_slice()
        else {
            return None;
        };
        let implied_only =
            (0..letters.equations.len()).all(|e| !letters.members.contains(&Member::Equation(e)));
        if !implied_only || letters.answer.is_some() || letters.vars.iter().any(|v| v.distinct()) {
            return None;
        }
        let (words, base) = (&letters.words, letters.base);
        let mut pieces = Vec::new();
        let mut constant = BigInt::zero();
        flatten(lhs, false, words, base, &mut pieces, &mut constant);
        flatten(rhs, true, words, base, &mut pieces, &mut constant);
        let n = letters.vars.len();
        let mut parent: Vec<usize> = (0..n).collect();
        let mut used = vec![false; n];
        let mut constant: Option<Q> = Some((constant, BigInt::one()));
        let mut kept = Vec::new();
        for piece in pieces {
            let mut vars = Vec::new();
            match &piece {
                Piece::Term { term, .. } => term_vars(term, words, &mut vars),
                Piece::Digit { var, .. } => vars.push(*var),
            }
            let Some(&first) = vars.first() else {
                // No letter: its value once (any digits will do).
                let zeros = vec![0u8; n];
                let value = piece_value(&piece, words, &zeros, base);
                constant = constant.zip(value).map(|(c, v)| add(&c, &v));
                continue;
            };
            for &v in &vars {
                used[v] = true;
                let (a, b) = (find(&mut parent, first), find(&mut parent, v));
                parent[a] = b;
            }
            kept.push((first, piece));
        }
        let mut groups: Vec<Group> = Vec::new();
        let mut root_group: HashMap<usize, usize> = HashMap::new();
        for v in (0..n).filter(|&v| used[v]) {
            let r = find(&mut parent, v);
            let g = *root_group.entry(r).or_insert_with(|| {
                groups.push(Group {
                    vars: Vec::new(),
                    pieces: Vec::new(),
                });
                groups.len() - 1
            });
            groups[g].vars.push(v);
        }
        for (first, piece) in kept {
            let r = find(&mut parent, first);
            groups[root_group[&r]].pieces.push(piece);
        }
        if groups.len() < 2 {
            return None;
        }
        let domains: Vec<Vec<u8>> = letters
            .vars
            .iter()
            .map(|v| {
                v.domain
                    .iter()
                    .filter_map(|d| u8::try_from(d).ok())
                    .collect()
            })
            .collect();
        let size = |g: &Group| -> f64 { g.vars.iter().map(|&v| domains[v].len() as f64).product() };
        if groups.iter().any(|g| size(g) > MAX_GROUP) {
            return None;
        }
        // Largest first, each to the half with the fewer sums so far.
        let mut order: Vec<usize> = (0..groups.len()).collect();
        order.sort_by(|&a, &b| size(&groups[b]).total_cmp(&size(&groups[a])));
        let mut halves: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        let mut sizes = [1.0f64; 2];
        for g in order {
            let h = usize::from(sizes[1] < sizes[0]);
            halves[h].push(g);
            sizes[h] *= size(&groups[g]);
        }
        if sizes.iter().any(|&s| s > MAX_HALF) {
            return None;
        }
        let names = groups
            .iter()
            .map(|g| {
                g.vars
                    .iter()
                    .map(|&v| crate::ir::vars::var_name(&letters.vars, v))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Some(TermSums {
            words: words.clone(),
            base,
            free: (0..n).filter(|&v| !used[v]).collect(),
            domains,
            groups,
            halves,
            constant,
            names,
        })
    }

    /// For `explain`.
    pub fn approach(&self) -> String {
        let mut text = format!(
            "a relation whose sides are sums of terms in {} groups that share no letter,\n\
             counted by convolution: each group's values tabled ({}),\n\
             the sums of {} groups matched against those of the other {} (meet in the middle),\n\
             no solution listed",
            self.groups.len(),
            self.names.join(" | "),
            self.halves[0].len(),
            self.halves[1].len()
        );
        if !self.free.is_empty() {
            text.push_str("; the letters in no term multiply the count by their digits");
        }
        text
    }

    /// The count.
    pub fn count(&self, budget: &mut Budget) -> Counted {
        let counted = self.tally(budget);
        let outcome = budget.settle(match counted {
            Some(_) => Outcome::Exhausted,
            None => Outcome::Interrupted,
        });
        Counted {
            count: match counted {
                Some(n) if outcome == Outcome::Exhausted => Count::from_big(n),
                _ => Count::default(),
            },
            outcome,
            bug: None,
        }
    }

    /// `None` when the budget stopped it.
    fn tally(&self, budget: &mut Budget) -> Option<BigUint> {
        let Some(constant) = &self.constant else {
            return Some(BigUint::zero());
        };
        let mut tables = Vec::with_capacity(2);
        for half in &self.halves {
            let mut sums: HashMap<Q, u128> = HashMap::from([((BigInt::zero(), BigInt::one()), 1)]);
            for &g in half {
                let table = self.table(&self.groups[g], budget)?;
                let mut next: HashMap<Q, u128> =
                    HashMap::with_capacity((sums.len() * table.len()).min(1 << 16));
                for (s, a) in &sums {
                    for (v, b) in &table {
                        if budget.tick() {
                            return None;
                        }
                        *next.entry(add(s, v)).or_default() += a * b;
                    }
                }
                sums = next;
            }
            tables.push(sums);
        }
        // left + right + constant = 0.
        let (left, right) = (&tables[0], &tables[1]);
        let mut total = BigUint::zero();
        for (v, a) in left {
            if budget.tick() {
                return None;
            }
            let want = add(v, constant);
            if let Some(b) = right.get(&(-want.0, want.1)) {
                total += BigUint::from(*a) * BigUint::from(*b);
            }
        }
        for &v in &self.free {
            total *= BigUint::from(self.domains[v].len());
        }
        Some(total)
    }

    /// Each value of the group's pieces and how many of its assignments
    /// give it; an assignment with an undefined piece gives none.
    fn table(&self, group: &Group, budget: &mut Budget) -> Option<HashMap<Q, u128>> {
        let mut table: HashMap<Q, u128> = HashMap::new();
        let mut values = vec![0u8; self.domains.len()];
        let doms: Vec<&[u8]> = group
            .vars
            .iter()
            .map(|&v| self.domains[v].as_slice())
            .collect();
        if doms.iter().any(|d| d.is_empty()) {
            return Some(table);
        }
        let mut at = vec![0usize; doms.len()];
        loop {
            if budget.tick() {
                return None;
            }
            for (i, &v) in group.vars.iter().enumerate() {
                values[v] = doms[i][at[i]];
            }
            let sum = group
                .pieces
                .iter()
                .try_fold((BigInt::zero(), BigInt::one()), |s, p| {
                    piece_value(p, &self.words, &values, self.base).map(|v| add(&s, &v))
                });
            if let Some(sum) = sum {
                *table.entry(sum).or_default() += 1;
            }
            // The next assignment, the last letter fastest.
            let mut i = doms.len();
            loop {
                if i == 0 {
                    return Some(table);
                }
                i -= 1;
                at[i] += 1;
                if at[i] < doms[i].len() {
                    break;
                }
                at[i] = 0;
            }
        }
    }
}

/// A piece's value under `values`; `None` when undefined.
fn piece_value(piece: &Piece, words: &[Word], values: &[u8], base: u32) -> Option<Q> {
    match piece {
        Piece::Digit { var, weight } => Some((weight * values[*var], BigInt::one())),
        Piece::Term { neg, term } => {
            let (n, d) = term_fraction(term, words, values, base)?;
            Some(if *neg { (-n, d) } else { (n, d) })
        }
    }
}
