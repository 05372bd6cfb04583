//! The layouts' brute-force oracle: every digit of the rows that determine
//! the rest, the other rows computed the plain way and compared. Slow and
//! obviously right; the cross-checks trust it.

use super::partial::State;
use crate::{DivisionRows, Layout, MultiplicationRows, Shape};
use crypta_substrate::ir::Cell;
use crypta_substrate::solve::{Budget, Flow, Outcome, Strategy};

/// The brute-force oracle: every digit of the rows that determine the rest
/// (multiplicand and multiplier; quotient, divisor and remainder), then the
/// other rows computed the plain way and compared. Exponential: tests only.
// The cross-checks' oracles: used by the integration tests only.
pub struct LayoutOracle {
    layout: Layout,
}

// The cross-checks' oracles: used by the integration tests only.
impl LayoutOracle {
    pub fn new(layout: &Layout) -> Self {
        LayoutOracle {
            layout: layout.clone(),
        }
    }

    fn free_cells(&self) -> Vec<Cell> {
        self.layout
            .determining_rows()
            .into_iter()
            .flat_map(|r| self.layout.rows[r].cells.iter().copied())
            .collect()
    }

    fn walk(
        &self,
        st: &mut State,
        cells: &[Cell],
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Option<Outcome> {
        let Some((&first, rest)) = cells.split_first() else {
            let mark = st.mark();
            let ok = self.derive(st);
            let stop = ok && emit(&st.values) == Flow::Stop;
            st.undo(mark);
            return stop.then_some(Outcome::Stopped);
        };
        let mut options = st.options(first);
        while options != 0 {
            let d = options.trailing_zeros();
            options &= options - 1;
            if budget.tick() {
                return Some(Outcome::Interrupted);
            }
            let mark = st.mark();
            if st.place(first, d) {
                if let Some(stop) = self.walk(st, rest, budget, emit) {
                    return Some(stop);
                }
            }
            st.undo(mark);
        }
        None
    }

    /// Computes and places every other row, as a schoolchild would.
    fn derive(&self, st: &mut State) -> bool {
        let b = st.base();
        match &self.layout.shape {
            Shape::Multiplication(MultiplicationRows {
                multiplicand,
                multiplier,
                partials,
                product,
            }) => {
                let (a, m) = (st.value(*multiplicand), st.value(*multiplier));
                let mut digits = m;
                for p in partials {
                    let d = digits % b;
                    digits /= b;
                    let ok = match p {
                        Some(row) => d != 0 && st.place_row(*row, d * a),
                        None => d == 0,
                    };
                    if !ok {
                        return false;
                    }
                }
                st.place_row(*product, a * m)
            }
            Shape::Division(DivisionRows {
                quotient,
                divisor,
                dividend,
                steps,
                differences,
                remainder,
            }) => {
                let (q, d) = (st.value(*quotient), st.value(*divisor));
                let r = remainder.map_or(0, |row| st.value(row));
                if d == 0 || r >= d || !st.place_row(*dividend, q * d + r) {
                    return false;
                }
                let n = st.value(*dividend);
                let (ld, lq) = (
                    self.layout.rows[*dividend].cells.len(),
                    self.layout.rows[*quotient].cells.len(),
                );
                let mut cur = 0u128;
                let mut step = 0;
                for i in 0..ld {
                    cur = cur * b + n / st.pw[ld - 1 - i] % b;
                    let Some(j) = (i + lq).checked_sub(ld) else {
                        continue;
                    };
                    let qd = cur / d;
                    if qd == 0 {
                        continue;
                    }
                    if steps.get(step).is_none_or(|&(sj, _)| sj != j) {
                        return false;
                    }
                    if step > 0 && !st.place_row(differences[step - 1], cur) {
                        return false;
                    }
                    if !st.place_row(steps[step].1, qd * d) {
                        return false;
                    }
                    cur -= qd * d;
                    step += 1;
                }
                step == steps.len() && cur == r
            }
        }
    }
}

impl Strategy for LayoutOracle {
    fn name(&self) -> &'static str {
        "brute-force"
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let mut st = State::new(&self.layout);
        let cells = self.free_cells();
        self.walk(&mut st, &cells, budget, emit)
            .unwrap_or(Outcome::Exhausted)
    }
}
