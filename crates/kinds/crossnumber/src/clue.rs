//! A crossnumber's clues: conditions of the language over entries (`1a`,
//! `5D`), named cells (letters) and numbers, read from the block's text
//! with their byte offsets so that every diagnostic points at its word.
//! The tree is evaluated in exact fractions of 128-bit integers; the
//! checker bounds every value first ([`Expr::bits`]), so that no
//! evaluation can overflow.

use crypta_substrate::vocab::properties::{Property, TABLE};

/// Where an entry or a number stands in the script, in bytes.
pub type Span = std::ops::Range<usize>;

/// An arithmetic expression.
#[derive(Clone, Debug)]
pub enum Expr {
    Num(i128),
    /// An entry, by its index in the puzzle's entries.
    Entry(usize),
    /// A word of named cells, read as a number: variables, most
    /// significant first.
    Word(Vec<usize>),
    Bin(Op, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
}

/// A relation between two values: the language's own.
pub use crypta_substrate::ir::RelOp as Rel;

/// A condition.
#[derive(Clone, Debug)]
pub enum Cond {
    /// `a < b < c`: every neighbouring pair holds.
    Chain(Vec<Expr>, Vec<Rel>),
    Has(Expr, Property),
    Not(Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
    /// `exactly N of (...)` (`Some(Ordering::Equal)`), `at least`
    /// (`Greater`), `at most` (`Less`).
    Count(std::cmp::Ordering, usize, Vec<Cond>),
}

/// An exact fraction, its denominator positive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frac {
    pub n: i128,
    pub d: i128,
}

impl Frac {
    pub fn int(n: i128) -> Frac {
        Frac { n, d: 1 }
    }

    fn new(n: i128, d: i128) -> Option<Frac> {
        if d == 0 {
            return None;
        }
        let g = gcd(n.unsigned_abs(), d.unsigned_abs()).max(1) as i128;
        let sign = if d < 0 { -1 } else { 1 };
        Some(Frac {
            n: sign * n / g,
            d: sign * d / g,
        })
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The values an evaluation reads: each entry's value and each variable's
/// digit.
pub struct Values<'a> {
    pub entries: &'a [i128],
    pub digits: &'a [u8],
    pub base: u32,
}

impl Expr {
    /// Its exact value; `None` for a division by zero (the condition
    /// around it is false, as in every other kind of puzzle).
    pub fn eval(&self, at: &Values) -> Option<Frac> {
        Some(match self {
            Expr::Num(n) => Frac::int(*n),
            Expr::Entry(e) => Frac::int(at.entries[*e]),
            Expr::Word(vars) => Frac::int(vars.iter().fold(0i128, |acc, &v| {
                acc * i128::from(at.base) + i128::from(at.digits[v])
            })),
            Expr::Bin(op, a, b) => {
                let (a, b) = (a.eval(at)?, b.eval(at)?);
                match op {
                    Op::Add => Frac::new(a.n * b.d + b.n * a.d, a.d * b.d)?,
                    Op::Sub => Frac::new(a.n * b.d - b.n * a.d, a.d * b.d)?,
                    Op::Mul => Frac::new(a.n * b.n, a.d * b.d)?,
                    Op::Div => Frac::new(a.n * b.d, a.d * b.n)?,
                    Op::Rem => {
                        // a - b * floor(a / b), over the common denominator.
                        let (x, y) = (a.n * b.d, b.n * a.d);
                        if y == 0 {
                            return None;
                        }
                        Frac::new(x.rem_euclid(y.abs()), a.d * b.d)?
                    }
                    Op::Pow => {
                        if b.d != 1 {
                            return None;
                        }
                        let e = u32::try_from(b.n.unsigned_abs()).ok()?;
                        let p = Frac {
                            n: a.n.pow(e),
                            d: a.d.pow(e),
                        };
                        if b.n < 0 {
                            Frac::new(p.d, p.n)?
                        } else {
                            p
                        }
                    }
                }
            }
        })
    }

    /// A bound, in bits, on the magnitude of the numerator and of the
    /// denominator of every value this expression and its parts can take,
    /// with each entry below `entry_bits[e]` bits and each word of `n`
    /// letters below `n * digit_bits`. `None` when it is not bounded (a
    /// power whose exponent is not a number written out).
    pub fn bits(&self, entry_bits: &[f64], digit_bits: f64) -> Option<(f64, f64)> {
        Some(match self {
            Expr::Num(n) => ((n.unsigned_abs() as f64 + 1.0).log2(), 0.0),
            Expr::Entry(e) => (entry_bits[*e], 0.0),
            Expr::Word(vars) => (vars.len() as f64 * digit_bits, 0.0),
            Expr::Bin(op, a, b) => {
                let (an, ad) = a.bits(entry_bits, digit_bits)?;
                let (bn, bd) = b.bits(entry_bits, digit_bits)?;
                match op {
                    Op::Add | Op::Sub | Op::Rem => ((an + bd).max(bn + ad) + 1.0, ad + bd),
                    Op::Mul => (an + bn, ad + bd),
                    Op::Div => (an + bd, ad + bn),
                    Op::Pow => {
                        let Expr::Num(e) = **b else { return None };
                        let e = e.unsigned_abs() as f64;
                        (an.max(ad) * e, an.max(ad) * e)
                    }
                }
            }
        })
    }

    /// The entries and the variables of words it reads, added to the lists.
    pub fn reads(&self, entries: &mut Vec<usize>, vars: &mut Vec<usize>) {
        match self {
            Expr::Num(_) => {}
            Expr::Entry(e) => entries.push(*e),
            Expr::Word(v) => vars.extend(v),
            Expr::Bin(_, a, b) => {
                a.reads(entries, vars);
                b.reads(entries, vars);
            }
        }
    }
}

impl Cond {
    /// Whether it holds.
    pub fn holds(&self, at: &Values) -> bool {
        match self {
            Cond::Chain(exprs, rels) => {
                let mut values = Vec::with_capacity(exprs.len());
                for e in exprs {
                    match e.eval(at) {
                        Some(v) => values.push(v),
                        None => return false,
                    }
                }
                rels.iter().enumerate().all(|(i, rel)| {
                    let (a, b) = (values[i], values[i + 1]);
                    rel.holds((a.n * b.d).cmp(&(b.n * a.d)))
                })
            }
            Cond::Has(e, property) => match e.eval(at) {
                Some(v) if v.d == 1 => property.holds_i128(v.n, at.base),
                _ => false,
            },
            Cond::Not(c) => !c.holds(at),
            Cond::And(cs) => cs.iter().all(|c| c.holds(at)),
            Cond::Or(cs) => cs.iter().any(|c| c.holds(at)),
            Cond::Count(how, n, cs) => {
                let true_ones = cs.iter().filter(|c| c.holds(at)).count();
                true_ones.cmp(n) == *how || (*how != std::cmp::Ordering::Equal && true_ones == *n)
            }
        }
    }

    /// Every expression in it.
    pub fn exprs(&self) -> Vec<&Expr> {
        match self {
            Cond::Chain(exprs, _) => exprs.iter().collect(),
            Cond::Has(e, _) => vec![e],
            Cond::Not(c) => c.exprs(),
            Cond::And(cs) | Cond::Or(cs) | Cond::Count(_, _, cs) => {
                cs.iter().flat_map(|c| c.exprs()).collect()
            }
        }
    }
}

/// A property by its word.
pub fn property(word: &str) -> Option<Property> {
    TABLE
        .iter()
        .find(|e| e.word.text == word)
        .map(|e| e.property)
}

/// Every property word, for hints.
pub fn property_words() -> Vec<&'static str> {
    TABLE.iter().map(|e| e.word.text).collect()
}
