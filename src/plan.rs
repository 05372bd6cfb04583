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
//! | a Kakuro grid | `kakuro-propagation` |

use std::fmt::Write;

use crate::arith;
use crate::ir::{Direction, Kakuro, KakuroCell, Letters, Puzzle, VarKind};
use crate::report::letters::{equation_text, word_text};
use crate::solve::bijective::BijectiveRadix;
use crate::solve::column::ColumnAddition;
use crate::solve::kakuro::KakuroSearch;
use crate::solve::modular::ModularColumns;
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
    }
}

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

fn plan_letters(letters: &Letters) -> Plan {
    let mut out = describe_letters(letters);
    let name = |v: usize| var_name(letters, v);
    if let Some(radix) = BijectiveRadix::new(letters) {
        let _ = writeln!(out, "strategy: bijective-radix");
        let _ = writeln!(
            out,
            "  an addition using every digit once: carries are variables, columns are"
        );
        let _ = writeln!(
            out,
            "  revised to a fixpoint with digit bitsets, a digit only one symbol can take"
        );
        let _ = writeln!(
            out,
            "  goes to it, and the symbol with the fewest digits left is tried first"
        );
        return Plan {
            strategy: Box::new(radix),
            explain: out,
        };
    }
    let column = ColumnAddition::new(letters);
    let crowded = column
        .as_ref()
        .is_some_and(|c| c.widest_column() >= WEIGHTED_MIN_COLUMN_LETTERS);
    if crowded {
        if let Some(weighted) = WeightedSum::new(letters) {
            let order: Vec<String> = weighted.order().into_iter().map(name).collect();
            let _ = writeln!(out, "strategy: weighted-sum");
            let _ = writeln!(
                out,
                "  one sum of distinct letters as one weighted equation: heaviest letter first,"
            );
            let _ = writeln!(
                out,
                "  bounded by pairing the free digits with the remaining weights, last letter derived"
            );
            let _ = writeln!(out, "  order: {}", order.join(" "));
            return Plan {
                strategy: Box::new(weighted),
                explain: out,
            };
        }
    }
    if let Some(column) = column {
        let order: Vec<String> = column.order().into_iter().map(name).collect();
        let _ = writeln!(out, "strategy: column-addition");
        let _ = writeln!(
            out,
            "  one sum of words: column by column from the right with exact carries;"
        );
        let _ = writeln!(
            out,
            "  the last new letter of a column is derived from the column sum;"
        );
        let _ = writeln!(
            out,
            "  later columns with one unknown left are checked ahead (lookahead)"
        );
        let _ = writeln!(
            out,
            "  exact bounds on the whole sum: {}",
            if column.uses_bounds() {
                "on"
            } else {
                "off (words too long for i128)"
            }
        );
        let _ = writeln!(out, "  order: {}", order.join(" "));
        return Plan {
            strategy: Box::new(column),
            explain: out,
        };
    }
    let modular = ModularColumns::new(letters);
    let order: Vec<String> = modular.order().iter().map(|&v| name(v)).collect();
    let _ = writeln!(out, "strategy: modular-columns");
    let _ = writeln!(
        out,
        "  letters assigned least significant column first; each equation is checked"
    );
    let _ = writeln!(
        out,
        "  modulo base^k as soon as its low k digits are known, exactly once complete"
    );
    let _ = writeln!(
        out,
        "  arithmetic: {}",
        if modular.in_i128() {
            "i128 (bounded)"
        } else {
            "big integers"
        }
    );
    let _ = writeln!(out, "  order: {}", order.join(" "));
    Plan {
        strategy: Box::new(modular),
        explain: out,
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
