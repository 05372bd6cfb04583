//! Strategy choice. The planner looks at the shape of a checked puzzle and
//! picks the search that fits it best; `explain` prints the typed puzzle
//! and that choice without solving anything.
//!
//! | shape | strategy |
//! | --- | --- |
//! | `A + B = C` with as many distinct symbols as the base | `bijective-radix` |
//! | one sum of distinct letters, 4+ new letters in one column | `weighted-sum` |
//! | one equation of sums and differences of words | `column-addition` |
//! | products, or several equations | `modular-columns` |
//! | `multiplication { ... }` | `long-multiplication` |
//! | `division { ... }` | `long-division` |
//! | a Kakuro grid | `kakuro-propagation` |

use std::fmt::Write;

use crate::arith;
use crate::ir::{Cell, Direction, Kakuro, KakuroCell, Letters, Puzzle, Shape, Skeleton, VarKind};
use crate::report::letters::{equation_text, word_text};
use crate::solve::bijective::BijectiveRadix;
use crate::solve::column::ColumnAddition;
use crate::solve::division::LongDivision;
use crate::solve::kakuro::KakuroSearch;
use crate::solve::modular::ModularColumns;
use crate::solve::multiplication::LongMultiplication;
use crate::solve::skeleton::LayoutOracle;
use crate::solve::weighted::WeightedSum;
use crate::solve::Strategy;

/// A sum whose busiest column brings in at least this many new letters is
/// searched as one weighted equation: column search would branch on all of
/// them before its first test. Measured: many short words (the ICPC 2009
/// sums) run 10-40 times faster weighted, while long words with two or
/// three letters a column run up to 4 times faster column by column.
pub const WEIGHTED_MIN_COLUMN_LETTERS: usize = 4;

/// A strategy ready to run, and what `explain` says about it.
pub struct Plan {
    pub strategy: Box<dyn Strategy>,
    /// The typed IR and the choice, for `explain`.
    pub explain: String,
}

pub fn plan(puzzle: &Puzzle) -> Plan {
    match puzzle {
        Puzzle::Letters(letters) => plan_letters(letters),
        Puzzle::Kakuro(kakuro) => plan_kakuro(kakuro),
        Puzzle::Multiplication(sk) | Puzzle::Division(sk) => plan_layout(sk),
    }
}

/// Multiplication and division layouts: each has one strategy.
fn plan_kakuro(k: &Kakuro) -> Plan {
    let mut out = String::new();
    let given = k
        .cells
        .iter()
        .filter(|c| matches!(c, KakuroCell::White { given: Some(_) }))
        .count();
    let across = k
        .runs
        .iter()
        .filter(|r| r.direction == Direction::Across)
        .count();
    let lengths = k.runs.iter().map(|r| r.vars.len());
    let (shortest, longest) = (lengths.clone().min(), lengths.max());
    let _ = writeln!(
        out,
        "kakuro, {}×{} grid, {} white cell{} ({} given), {} run{} ({} across, {} down)",
        k.rows,
        k.cols,
        k.whites.len(),
        plural(k.whites.len()),
        given,
        k.runs.len(),
        plural(k.runs.len()),
        across,
        k.runs.len() - across,
    );
    if let (Some(lo), Some(hi)) = (shortest, longest) {
        if lo == hi {
            let _ = writeln!(out, "  runs of {} cells", lo);
        } else {
            let _ = writeln!(out, "  runs of {} to {} cells", lo, hi);
        }
    }
    let _ = writeln!(out, "strategy: kakuro-propagation");
    for line in [
        "  a run's digit sets from tables by length, sum and digits used; a cell keeps",
        "  the digits both of its runs allow; singles, and a digit with one place left",
        "  in a run, are placed at once; independent regions are solved apart, their",
        "  first two fillings by randomised restarts; then depth first, fewest",
        "  candidates (per failure) first",
    ] {
        let _ = writeln!(out, "{}", line);
    }
    Plan {
        strategy: Box::new(KakuroSearch::new(k)),
        explain: out,
    }
}

fn plan_layout(sk: &Skeleton) -> Plan {
    let mut out = String::new();
    let (kind, names): (&str, Vec<String>) = match &sk.shape {
        Shape::Multiplication { partials, .. } => {
            let mut names = vec!["multiplicand".to_string(), "multiplier".to_string()];
            for (i, p) in partials.iter().enumerate() {
                if p.is_some() {
                    names.push(format!(
                        "partial (multiplier digit {} from the right)",
                        i + 1
                    ));
                }
            }
            names.push("product".into());
            ("multiplication", names)
        }
        Shape::Division {
            steps,
            differences,
            remainder,
            ..
        } => {
            let mut names = vec!["quotient".into(), "divisor".into(), "dividend".into()];
            for (k, (j, _)) in steps.iter().enumerate() {
                names.push(format!("product (quotient digit {})", j + 1));
                if k < differences.len() {
                    names.push("difference, digits brought down".into());
                }
            }
            if remainder.is_some() {
                names.push("remainder".into());
            }
            ("division", names)
        }
    };
    let symbols = sk.symbols().count();
    let _ = writeln!(
        out,
        "{}, base {}, {} rows, {} symbol{}, {} anonymous cell{}",
        kind,
        sk.base,
        sk.rows.len(),
        symbols,
        plural(symbols),
        sk.vars.len() - symbols,
        plural(sk.vars.len() - symbols)
    );
    for (r, name) in names.iter().enumerate() {
        let cells: String = sk.rows[r]
            .cells
            .iter()
            .map(|c| match *c {
                Cell::Digit(d) => crate::ir::digit_char(d),
                Cell::Var(v) => match sk.vars[v].kind {
                    VarKind::Symbol(c) | VarKind::Wild(c) => c,
                    VarKind::Free if sk.vars[v].domain == crate::ir::Digits::single(0) => '0',
                    VarKind::Free => '*',
                },
            })
            .collect();
        let _ = writeln!(out, "  {:>12}  {}", cells, name);
    }
    let all = crate::ir::Digits::below(sk.base);
    for (v, c) in sk.symbols() {
        let domain = sk.vars[v].domain;
        let digits = if domain == all {
            "any digit".to_string()
        } else {
            domain.to_string()
        };
        let tag = if sk.vars[v].distinct {
            "distinct"
        } else {
            "free"
        };
        let _ = writeln!(out, "  {:<4} {:<9} {}", c, tag, digits);
    }
    let strategy: Box<dyn Strategy> = match (LongMultiplication::new(sk), LongDivision::new(sk)) {
        (Some(m), _) => {
            let _ = writeln!(out, "strategy: long-multiplication");
            let _ = writeln!(
                out,
                "  searched: the multiplier right to left, each digit bounding the multiplicand"
            );
            let _ = writeln!(
                out,
                "  through its partial product's length and known cells; then the multiplicand"
            );
            let _ = writeln!(
                out,
                "  from its last digit, one more column of every partial product and of the"
            );
            let _ = writeln!(
                out,
                "  product checked per digit, bounds recomputed from every row"
            );
            Box::new(m)
        }
        (None, Some(d)) => {
            let _ = writeln!(out, "strategy: long-division");
            let _ = writeln!(
                out,
                "  searched: the quotient, each digit bounding the divisor through its product"
            );
            let _ = writeln!(
                out,
                "  row; then divisor and remainder together from their last digit, one more"
            );
            let _ = writeln!(
                out,
                "  column of every product, difference and of the dividend checked per digit,"
            );
            let _ = writeln!(
                out,
                "  bounds on divisor and remainder recomputed from every row"
            );
            Box::new(d)
        }
        (None, None) => Box::new(LayoutOracle::new(sk)),
    };
    let _ = writeln!(out, "  arithmetic: 128-bit (rows checked to fit)");
    Plan {
        strategy,
        explain: out,
    }
}

fn plan_letters(letters: &Letters) -> Plan {
    let strategy = choose(letters);
    let mut out = describe_letters(letters);
    let _ = writeln!(out, "strategy: {}", strategy.name());
    for line in strategy.approach().lines() {
        let _ = writeln!(out, "  {}", line);
    }
    let order: Vec<String> = strategy
        .order()
        .into_iter()
        .map(|v| var_name(letters, v))
        .collect();
    if !order.is_empty() {
        let _ = writeln!(out, "  order: {}", order.join(" "));
    }
    Plan {
        strategy,
        explain: out,
    }
}

/// The strategy for a letter puzzle, by its shape (see the table above).
fn choose(letters: &Letters) -> Box<dyn Strategy> {
    if let Some(radix) = BijectiveRadix::new(letters) {
        return Box::new(radix);
    }
    let column = ColumnAddition::new(letters);
    let crowded = column
        .as_ref()
        .is_some_and(|c| c.widest_column() >= WEIGHTED_MIN_COLUMN_LETTERS);
    if crowded {
        if let Some(weighted) = WeightedSum::new(letters) {
            return Box::new(weighted);
        }
    }
    match column {
        Some(column) => Box::new(column),
        None => Box::new(ModularColumns::new(letters)),
    }
}

/// A variable's name in `explain`: the symbol, or `?`/class with the
/// occurrence number.
fn var_name(letters: &Letters, v: usize) -> String {
    match letters.vars[v].kind {
        VarKind::Symbol(c) => c.to_string(),
        VarKind::Free => format!("?{}", occurrence(letters, v)),
        VarKind::Wild(c) => format!("{}{}", c, occurrence(letters, v)),
    }
}

fn occurrence(letters: &Letters, v: usize) -> usize {
    let kind = letters.vars[v].kind;
    letters.vars[..v].iter().filter(|w| w.kind == kind).count() + 1
}

/// The typed puzzle: base, variables with their digits, equations.
fn describe_letters(letters: &Letters) -> String {
    let mut out = String::new();
    let symbols = letters.symbols().count();
    let _ = writeln!(
        out,
        "letters, base {}, {} equation{}, {} symbol{}, {} anonymous cell{}",
        letters.base,
        letters.equations.len(),
        plural(letters.equations.len()),
        symbols,
        plural(symbols),
        letters.vars.len() - symbols,
        plural(letters.vars.len() - symbols),
    );
    for eq in &letters.equations {
        let _ = writeln!(out, "  equation: {}", equation_text(letters, eq, None));
    }
    let all = crate::ir::Digits::below(letters.base);
    for (v, var) in letters.vars.iter().enumerate() {
        let tag = if var.distinct { "distinct" } else { "free" };
        let digits = if var.domain == all {
            "any digit".to_string()
        } else {
            var.domain.to_string()
        };
        let _ = writeln!(out, "  {:<4} {:<9} {}", var_name(letters, v), tag, digits);
    }
    for p in &letters.properties {
        let _ = writeln!(
            out,
            "  property: {} is {} (checked on each solution)",
            word_text(letters, &letters.words[p.word], None),
            p.property.keyword()
        );
    }
    let _ = writeln!(
        out,
        "  arithmetic: {}",
        if arith::fits_i128(letters) {
            "fits in 128 bits"
        } else {
            "big integers"
        }
    );
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
