//! Checks a filled Kakuro grid against the rules from scratch: the runs are
//! read again from the cells, not taken from the IR the search used. Every
//! reported solution goes through here before it is counted or shown.

use crate::{Kakuro, KakuroCell, Sum};
use crypta_substrate::solve::{Invalid, Verdict};

/// Every run with a clue, read from the cells: its sum (or `?`) and its
/// variables.
pub fn clue_runs(kakuro: &Kakuro) -> Vec<(Sum, Vec<usize>)> {
    let mut var_of = vec![usize::MAX; kakuro.cells.len()];
    for (v, &i) in kakuro.whites.iter().enumerate() {
        var_of[i] = v;
    }
    let mut runs = Vec::new();
    for r in 0..kakuro.rows {
        for c in 0..kakuro.cols {
            let KakuroCell::Clue { down, across } = kakuro.cell(r, c) else {
                continue;
            };
            if let Some(sum) = across {
                let vars = (c + 1..kakuro.cols)
                    .map(|x| var_of[r * kakuro.cols + x])
                    .take_while(|&v| v != usize::MAX)
                    .collect();
                runs.push((sum, vars));
            }
            if let Some(sum) = down {
                let vars = (r + 1..kakuro.rows)
                    .map(|y| var_of[y * kakuro.cols + c])
                    .take_while(|&v| v != usize::MAX)
                    .collect();
                runs.push((sum, vars));
            }
        }
    }
    runs
}

/// Verifies `values` (one digit per white cell, in the IR's order).
pub fn verify(kakuro: &Kakuro, values: &[u8]) -> Verdict {
    if values.len() != kakuro.whites.len() {
        return Verdict::Invalid(Invalid::Length);
    }
    for (v, (&d, &given)) in values.iter().zip(&kakuro.givens()).enumerate() {
        if !(1..=9).contains(&d) {
            return Verdict::Invalid(Invalid::CellDigit { cell: v, digit: d });
        }
        if given != 0 && given != d {
            return Verdict::Invalid(Invalid::GivenChanged { cell: v, given });
        }
    }
    for (sum, vars) in clue_runs(kakuro) {
        let mut seen = 0u16;
        let mut total = 0;
        for &v in &vars {
            let d = values[v];
            if seen >> d & 1 == 1 {
                return Verdict::Invalid(Invalid::RunRepeats(d));
            }
            seen |= 1 << d;
            total += u32::from(d);
        }
        if vars.is_empty() || !sum.allows(total) {
            return Verdict::Invalid(Invalid::RunSum {
                total,
                sum: sum.to_string(),
            });
        }
    }
    Verdict::Solution
}
