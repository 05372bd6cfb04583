//! Bijective radix-n addition: `A + B = C` in base n with n distinct
//! symbols, so every digit is used exactly once (NOIP 2004 "虫食算").
//!
//! Plain column search is hopeless here beyond base 20: a wrong guess in
//! the units column is found out twenty columns later. This strategy is a
//! small constraint solver instead:
//! - **Carries are variables** (`{0,1}` each), so column i reads
//!   `a + b + k_i = c + n·k_{i+1}` and can be revised in any order. A
//!   revision keeps exactly the digits and carries the column alone can
//!   still use, with a symbol met twice in a column tied to one digit and
//!   different symbols to different ones. Only columns whose cells or
//!   carries changed are revised again.
//! - **The columns taken together.** Once the carries are known the columns
//!   are n linear equations in the n symbols, which (with "the digits sum
//!   to 0 + 1 + … + (n-1)" added) fix every symbol, or all but one or two.
//!   Gaussian elimination therefore rewrites each symbol as a combination
//!   of the carries; bounds reasoning on these rows sees the whole addition
//!   at once, which the columns one by one never do.
//! - **All different** is kept cheaply: a decided digit is struck from the
//!   others and a digit only one symbol can still take goes to it (valid
//!   because there are as many symbols as digits). Full matching-based
//!   filtering was measured and pruned no more here.
//! - **Branch on carries.** The carries are only n-1 binary choices and
//!   they decide everything, so the search splits on them, taking the one
//!   that moves the tightest rows most (largest coefficient relative to
//!   the row's remaining slack): that is the choice bounds reasoning profits
//!   from soonest. A symbol left with two digits is split first since that
//!   is as cheap and also narrows its columns. Symbols the rows cannot fix
//!   are split last, by halves of their digit set.
//! - **Where the time goes** from base 36 up: a row's carry coefficients
//!   are tens of times the base, so its range stays wide until nearly all
//!   its carries are decided. The slow instances decide about twenty
//!   carries with every symbol still open, then fail below them tens of
//!   thousands of times (about 10 µs a node). Measured and not kept: bounds
//!   on the sums of sets of symbols (all different as the permutohedron's
//!   facets; 10–25% fewer nodes, slower overall), and deciding the last 28
//!   carries at once by meeting in the middle (halves tabulated, paired
//!   through the most selective row: far fewer nodes when the rows fix
//!   every symbol, but slower on other instances and no better at base 52).
//!   Also measured and not kept (CPU time per instance, base 36 and 40):
//!   plain column search right to left with the carry known (up to 6 s
//!   at base 20, where this takes milliseconds); splitting the free
//!   symbols first (9 of 30 base-36 instances over 10 s); the meeting in
//!   the middle only after 2000–10000 nodes, or only when few pairings fit
//!   (mid-sized instances about twice as fast, others up to three times
//!   slower, the rank-deficient tail unchanged).
//! - **Third attempt, also measured and not kept** (base 36, CPU time, the
//!   strategy's complete count on seed 36018 taking 1.1 s and 107k nodes):
//!   - SAT with clause learning (digit booleans, exactly one per symbol and
//!     per digit, carry booleans, each column as 4-literal clauses in three
//!     directions, 505k clauses): minisat needed 3.4 s for the *first*
//!     solution of seed 36000 (counted here in 20 ms) and 10.6 s (99k
//!     conflicts) on seed 36018; with the columns in one direction only,
//!     133 s. Clause learning does not make up for the rows below.
//!   - Depth-first search on carries with an LP feasibility test at every
//!     node (all columns at once, carries in [0, 1]): no end within 5
//!     minutes on seed 36018, whose columns have rank 35, so a free
//!     direction keeps every LP feasible.
//!   - Probing: both values of every open carry propagated at every node,
//!     a value that fails struck and what both keep kept. 8x fewer nodes
//!     (106611 to 12551; 51021 to 6487 on seed 36012) but each node costs
//!     16 times as much: 1.27 s to 1.51 s, 0.44 s to 0.87 s. Probing only
//!     the 2-8 best-scored carries, or only the top 5 levels: no gain.
//!   - Cutting the search into parts by fixing symbols (for several
//!     cores): 17.8 s of CPU on seed 36018.
//!   - All-different before the columns in propagation (same fixpoint,
//!     same nodes): 25-35% slower.
//!
//!   Kept: columns revised oldest first (see `propagate`), and, outside
//!   this file, `count` no longer runs a probe of 65536 nodes first (this
//!   search has nothing to cut on, so it started again from scratch after
//!   it): 35-45% less CPU on the slowest base-36 instances (3.41 s to
//!   1.94 s), about 3 s less at base 52.
//!
//!   Where one node's 10 us go: column revision 51%, narrowing 25%, row
//!   bounds 13%. The slow instances are full-rank and rank-deficient alike
//!   (base 36: columns of rank 32 to 36, free directions with 33-36
//!   symbols in them, not only from repeated columns).

use super::column_sums;
use crate::ir::{Cell, Letters, VarKind};
use crate::solve::{Budget, Flow, Outcome, Strategy};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Var(usize),
    Digit(u32),
}

/// Column i: the two addends' cells and the sum's cell.
type Column = [Slot; 3];

/// A linear consequence of the columns:
/// `Σ coef·symbol + Σ coef·carry + constant = 0`.
struct Row {
    symbols: Vec<(usize, i64)>,
    /// Largest coefficient first, so a scan can stop at the first small one.
    carries: Vec<(usize, i64)>,
    constant: i64,
}

pub struct BijectiveRadix {
    base: u32,
    domains: Vec<u64>,
    columns: Vec<Column>,
    rows: Vec<Row>,
    /// For each symbol: the columns it occurs in, and its rows.
    symbol_columns: Vec<Vec<usize>>,
    symbol_rows: Vec<Vec<(usize, i64)>>,
    carry_rows: Vec<Vec<(usize, i64)>>,
    /// Per row: the widest any single term can be; a row whose slack on
    /// both sides is at least this can narrow nothing.
    reach: Vec<i64>,
}

/// Digit sets of the symbols, carry sets (bit 0: carry 0 possible, bit 1:
/// carry 1 possible) of the column boundaries, and each row's range
/// `[low, high]` over the current domains.
#[derive(Clone)]
struct State {
    domains: Vec<u64>,
    carries: Vec<u8>,
    low: Vec<i64>,
    high: Vec<i64>,
}

/// Work waiting during propagation.
struct Queue {
    columns: Vec<usize>,
    rows: Vec<usize>,
    queued: Vec<bool>,
    /// Some domain narrowed since all-different last ran.
    distinct: bool,
}

impl Queue {
    fn push(&mut self, column: bool, i: usize, offset: usize) {
        if !self.queued[offset + i] {
            self.queued[offset + i] = true;
            if column {
                &mut self.columns
            } else {
                &mut self.rows
            }
            .push(i);
        }
    }
}

fn bit(d: u32) -> u64 {
    1u64.checked_shl(d).unwrap_or(0)
}

fn bounds(domain: u64) -> (i64, i64) {
    (
        i64::from(domain.trailing_zeros()),
        63 - i64::from(domain.leading_zeros()),
    )
}

/// The value range a term `coef·x` covers for `x` in `[min, max]`.
fn term(coef: i64, (min, max): (i64, i64)) -> (i64, i64) {
    if coef > 0 {
        (coef * min, coef * max)
    } else {
        (coef * max, coef * min)
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// Eliminates the symbols from the column equations and the digit-sum
/// equation; `None` if the numbers grow too large to be worth it.
fn eliminate(columns: &[Column], symbols: usize, base: u32) -> Option<Vec<Row>> {
    let carries = columns.len() + 1;
    let width = symbols + carries + 1;
    let mut m: Vec<Vec<i128>> = columns
        .iter()
        .enumerate()
        .map(|(i, column)| {
            let mut r = vec![0i128; width];
            for (j, &slot) in column.iter().enumerate() {
                let sign = if j == 2 { -1 } else { 1 };
                match slot {
                    Slot::Var(v) => r[v] += sign,
                    Slot::Digit(d) => r[width - 1] += sign * i128::from(d),
                }
            }
            r[symbols + i] += 1;
            r[symbols + i + 1] -= i128::from(base);
            r
        })
        .collect();
    let mut sum = vec![0i128; width];
    sum[..symbols].fill(1);
    sum[width - 1] = -((symbols * symbols.saturating_sub(1) / 2) as i128);
    m.push(sum);
    let mut used = vec![false; m.len()];
    for col in 0..symbols {
        let pivot = (0..m.len())
            .filter(|&r| !used[r] && m[r][col] != 0)
            .min_by_key(|&r| m[r][col].abs());
        let Some(p) = pivot else { continue };
        used[p] = true;
        let pivot_row = m[p].clone();
        for (_, row) in m
            .iter_mut()
            .enumerate()
            .filter(|(r, row)| *r != p && row[col] != 0)
        {
            let g = gcd(pivot_row[col], row[col]);
            let (fp, fr) = (row[col] / g, pivot_row[col] / g);
            let mut h = 0;
            for (x, &y) in row.iter_mut().zip(&pivot_row) {
                *x = x.checked_mul(fr)?.checked_sub(y.checked_mul(fp)?)?;
                h = gcd(h, *x);
            }
            for x in row.iter_mut() {
                *x /= h.max(1);
                if x.abs() > 1 << 40 {
                    return None;
                }
            }
        }
    }
    let terms = |r: &[i128], range: std::ops::Range<usize>, shift: usize| -> Vec<(usize, i64)> {
        range
            .filter(|&j| r[j] != 0)
            .map(|j| (j - shift, r[j] as i64))
            .collect()
    };
    Some(
        m.iter()
            .filter(|r| r.iter().any(|&x| x != 0))
            .map(|r| {
                let mut carries = terms(r, symbols..width - 1, symbols);
                carries.sort_by_key(|t| -t.1.abs());
                Row {
                    symbols: terms(r, 0..symbols, 0),
                    carries,
                    constant: r[width - 1] as i64,
                }
            })
            .collect(),
    )
}

impl BijectiveRadix {
    /// Prepares the search if the puzzle is one addition of two words with
    /// only distinct symbols and fixed digits, as many symbols as the base.
    pub fn new(letters: &Letters) -> Option<Self> {
        // Conditions prune inside the search: only modular columns tests them.
        let ([equation], true) = (letters.equations.as_slice(), letters.conditions.is_empty())
        else {
            return None;
        };
        let words = column_sums::signed_words(equation)?;
        let positive: Vec<usize> = words.iter().filter(|t| t.0 > 0).map(|t| t.1).collect();
        let negative: Vec<usize> = words.iter().filter(|t| t.0 < 0).map(|t| t.1).collect();
        let (addends, sum) = match (positive.as_slice(), negative.as_slice()) {
            ([a, b], [c]) | ([c], [a, b]) => ([*a, *b], *c),
            _ => return None,
        };
        let symbols = letters.vars.len();
        let all_symbols = letters
            .vars
            .iter()
            .all(|v| matches!(v.kind, VarKind::Symbol(_)) && v.distinct);
        if !all_symbols || symbols != letters.base as usize || symbols > 63 {
            return None;
        }
        let width = [addends[0], addends[1], sum]
            .iter()
            .map(|&w| letters.words[w].cells.len())
            .max()
            .unwrap_or(0);
        let slot = |w: usize, i: usize| -> Slot {
            let cells = &letters.words[w].cells;
            match cells.len().checked_sub(i + 1).map(|j| cells[j]) {
                Some(Cell::Var(v)) => Slot::Var(v),
                Some(Cell::Digit(d)) => Slot::Digit(d),
                None => Slot::Digit(0),
            }
        };
        let columns: Vec<Column> = (0..width)
            .map(|i| [slot(addends[0], i), slot(addends[1], i), slot(sum, i)])
            .collect();
        let mut symbol_columns = vec![Vec::new(); symbols];
        for (i, column) in columns.iter().enumerate() {
            for &s in column {
                if let Slot::Var(v) = s {
                    if symbol_columns[v].last() != Some(&i) {
                        symbol_columns[v].push(i);
                    }
                }
            }
        }
        // Without rows (numbers too large to eliminate) the columns and
        // all-different still decide every symbol, only more slowly.
        let rows = eliminate(&columns, symbols, letters.base).unwrap_or_default();
        let mut symbol_rows = vec![Vec::new(); symbols];
        let mut carry_rows = vec![Vec::new(); width + 1];
        for (r, row) in rows.iter().enumerate() {
            for &(v, a) in &row.symbols {
                symbol_rows[v].push((r, a));
            }
            for &(k, a) in &row.carries {
                carry_rows[k].push((r, a));
            }
        }
        Some(BijectiveRadix {
            base: letters.base,
            domains: letters.vars.iter().map(|v| v.domain.0).collect(),
            columns,
            symbol_columns,
            symbol_rows,
            carry_rows,
            reach: rows
                .iter()
                .map(|row| {
                    let s = row
                        .symbols
                        .iter()
                        .map(|t| t.1.abs() * (i64::from(letters.base) - 1));
                    let c = row.carries.iter().map(|t| t.1.abs());
                    s.chain(c).max().unwrap_or(0)
                })
                .collect(),
            rows,
        })
    }

    fn get(&self, state: &State, slot: Slot) -> u64 {
        match slot {
            Slot::Var(v) => state.domains[v],
            Slot::Digit(d) if d < self.base => bit(d),
            Slot::Digit(_) => 0,
        }
    }

    /// Narrows a symbol's digits, keeping its rows' ranges and queueing what
    /// may now narrow further; false if none are left.
    fn narrow(&self, state: &mut State, v: usize, allowed: u64, queue: &mut Queue) -> bool {
        let old = state.domains[v];
        let new = old & allowed;
        if new == old {
            return true;
        }
        state.domains[v] = new;
        if new == 0 {
            return false;
        }
        queue.distinct = true;
        for &i in &self.symbol_columns[v] {
            queue.push(true, i, 0);
        }
        let (before, after) = (bounds(old), bounds(new));
        if before != after {
            for &(r, a) in &self.symbol_rows[v] {
                let ((l0, h0), (l1, h1)) = (term(a, before), term(a, after));
                state.low[r] += l1 - l0;
                state.high[r] += h1 - h0;
                if state.high[r].min(-state.low[r]) < self.reach[r] {
                    queue.push(false, r, self.columns.len());
                }
            }
        }
        true
    }

    /// Narrows carry `k` the same way.
    fn narrow_carry(&self, state: &mut State, k: usize, allowed: u8, queue: &mut Queue) -> bool {
        let old = state.carries[k];
        let new = old & allowed;
        if new == old {
            return true;
        }
        state.carries[k] = new;
        if new == 0 {
            return false;
        }
        for i in [k.wrapping_sub(1), k] {
            if i < self.columns.len() {
                queue.push(true, i, 0);
            }
        }
        let value = i64::from(new >> 1);
        for &(r, a) in &self.carry_rows[k] {
            let (l0, h0) = term(a, (0, 1));
            state.low[r] += a * value - l0;
            state.high[r] += a * value - h0;
            if state.high[r].min(-state.low[r]) < self.reach[r] {
                queue.push(false, r, self.columns.len());
            }
        }
        true
    }

    /// Revises column `i`: keeps exactly the digits and carries that are
    /// part of some solution of the column alone; false on a dead end.
    #[inline(never)]
    fn revise(&self, state: &mut State, i: usize, queue: &mut Queue) -> bool {
        let n = self.base;
        let [mut sa, mut sb, sc] = self.columns[i];
        let (mut a, mut b, c) = (
            self.get(state, sa),
            self.get(state, sb),
            self.get(state, sc),
        );
        if b.count_ones() < a.count_ones() {
            (sa, sb, a, b) = (sb, sa, b, a);
        }
        let (k_in, k_out) = (state.carries[i], state.carries[i + 1]);
        // How two cells relate: 0 unrelated, 1 the same symbol, 2 distinct
        // symbols.
        let tie = |s: Slot, t: Slot| match (s, t) {
            (Slot::Var(u), Slot::Var(v)) => 1 + usize::from(u != v),
            _ => 0,
        };
        let (tie_ab, tie_ac, tie_bc) = (tie(sa, sb), tie(sa, sc), tie(sb, sc));
        // b's digit equals c's exactly when x + carry-in wraps around.
        let fits = |s: u32| match tie_bc {
            0 => true,
            1 => s == 0 || s == n,
            _ => s != 0 && s != n,
        };
        let on = |bit: u8| if bit != 0 { u64::MAX } else { 0 };
        let (stay, wrap) = (c & on(k_out & 1), c & on(k_out & 2));
        let [mut na, mut nb, mut in0, mut in1, mut out0, mut out1] = [0u64; 6];
        let mut rest = a;
        while rest != 0 {
            let xb = rest & rest.wrapping_neg();
            rest ^= xb;
            let x = xb.trailing_zeros();
            let with = |tie: usize, d: u64| match tie {
                0 => d,
                1 => d & xb,
                _ => d & !xb,
            };
            let bx = with(tie_ab, b);
            let (stay, wrap) = (with(tie_ac, stay), with(tie_ac, wrap));
            // c = b + s (no carry out) or c = b + s - n (carry out).
            let mut step = |s: u32| {
                let (up, down) = (bx << s & stay, bx >> (n - s) & wrap);
                nb |= up >> s | down << (n - s);
                (out0, out1) = (out0 | up, out1 | down);
                up | down
            };
            let hit0 = if k_in & 1 != 0 && fits(x) { step(x) } else { 0 };
            let hit1 = if k_in & 2 != 0 && fits(x + 1) {
                step(x + 1)
            } else {
                0
            };
            (in0, in1) = (in0 | hit0, in1 | hit1);
            if hit0 | hit1 != 0 {
                na |= xb;
            }
        }
        let nc = in0 | in1;
        let n_in = u8::from(in0 != 0) | u8::from(in1 != 0) << 1;
        let n_out = u8::from(out0 != 0) | u8::from(out1 != 0) << 1;
        if na == 0 {
            return false;
        }
        for (s, new) in [(sa, na), (sb, nb), (sc, nc)] {
            if let Slot::Var(v) = s {
                self.narrow(state, v, new, queue);
            }
        }
        self.narrow_carry(state, i, n_in, queue) && self.narrow_carry(state, i + 1, n_out, queue)
    }

    /// Bounds reasoning on row `r`: every term must fit in what the others
    /// leave; false on a dead end.
    #[inline(never)]
    fn bound(&self, state: &mut State, r: usize, queue: &mut Queue) -> bool {
        let row = &self.rows[r];
        if state.low[r] > 0 || state.high[r] < 0 {
            return false;
        }
        for &(v, a) in &row.symbols {
            let (min, max) = bounds(state.domains[v]);
            let (tl, th) = term(a, (min, max));
            if th - tl <= state.high[r].min(-state.low[r]) {
                continue;
            }
            // a·x must lie in [th - high, tl - low].
            let (l, u) = (th - state.high[r], tl - state.low[r]);
            let (l, u) = if a > 0 { (l, u) } else { (-u, -l) };
            let (lo, hi) = (-(-l).div_euclid(a.abs()), u.div_euclid(a.abs()));
            if lo > min || hi < max {
                let (lo, hi) = (lo.max(0), hi.min(63));
                let mask = if lo > hi {
                    0
                } else {
                    (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
                };
                if !self.narrow(state, v, mask, queue) {
                    return false;
                }
            }
        }
        for &(k, a) in &row.carries {
            let (up, down) = (state.high[r], -state.low[r]);
            if a.abs() <= up.min(down) {
                break;
            }
            if state.carries[k] != 0b11 {
                continue;
            }
            // Carry 1 moves the sum by a, which must fit in the slack.
            let (one, zero) = if a > 0 {
                (a <= down, a <= up)
            } else {
                (-a <= up, -a <= down)
            };
            if !self.narrow_carry(state, k, u8::from(zero) | u8::from(one) << 1, queue) {
                return false;
            }
        }
        true
    }

    /// All different: decided digits are struck from the other symbols, and
    /// a digit only one symbol can take goes to it; false on a dead end.
    #[inline(never)]
    fn distinct(&self, state: &mut State, queue: &mut Queue) -> bool {
        let (mut once, mut twice, mut decided) = (0u64, 0u64, 0u64);
        for &d in &state.domains {
            twice |= once & d;
            once |= d;
            if d.count_ones() == 1 {
                if decided & d != 0 {
                    return false;
                }
                decided |= d;
            }
        }
        if once.count_ones() < state.domains.len() as u32 {
            return false;
        }
        for v in 0..state.domains.len() {
            let d = state.domains[v];
            if d.count_ones() > 1 {
                let only_here = d & !twice;
                let keep = if only_here != 0 { only_here } else { !decided };
                if only_here.count_ones() > 1 || !self.narrow(state, v, keep, queue) {
                    return false;
                }
            }
        }
        true
    }

    fn propagate(&self, state: &mut State, queue: &mut Queue) -> bool {
        let w = self.columns.len();
        let ok = loop {
            let step = if !queue.rows.is_empty() {
                1
            } else if !queue.columns.is_empty() {
                0
            } else if queue.distinct {
                2
            } else {
                3
            };
            match step {
                0 => {
                    // Oldest first: a column queued early is revised once
                    // for all the narrowing queued after it (measured: 15-40%
                    // less CPU than newest first, same nodes).
                    let i = queue.columns.remove(0);
                    let ok = self.revise(state, i, queue);
                    queue.queued[i] = false;
                    if !ok {
                        break false;
                    }
                }
                1 => {
                    let r = queue.rows.pop().unwrap_or(0);
                    queue.queued[w + r] = false;
                    if !self.bound(state, r, queue) {
                        break false;
                    }
                }
                2 => {
                    queue.distinct = false;
                    if !self.distinct(state, queue) {
                        break false;
                    }
                }
                _ => break true,
            }
        };
        if !ok {
            for i in queue.columns.drain(..) {
                queue.queued[i] = false;
            }
            for r in queue.rows.drain(..) {
                queue.queued[w + r] = false;
            }
            queue.distinct = false;
        }
        ok
    }

    /// The split to search next (see the module docs), `None` when every
    /// symbol is decided.
    #[inline(never)]
    fn choose(&self, state: &State) -> Option<Split> {
        let halve = |v: usize| {
            let d = state.domains[v];
            let mut low = d;
            for _ in 0..d.count_ones() / 2 {
                low &= low - 1;
            }
            Split::Symbol(v, d & !low, low)
        };
        let open = |v: &usize| state.domains[*v].count_ones() > 1;
        if let Some(v) = (0..state.domains.len()).find(|&v| state.domains[v].count_ones() == 2) {
            return Some(halve(v));
        }
        let slack: Vec<f64> = (0..self.rows.len())
            .map(|r| 1.0 / (state.high[r] - state.low[r]).max(1) as f64)
            .collect();
        let score = |k: usize| -> f64 {
            self.carry_rows[k]
                .iter()
                .map(|&(r, a)| a.abs() as f64 * slack[r])
                .sum()
        };
        let carry = (0..state.carries.len())
            .filter(|&k| state.carries[k] == 0b11)
            .map(|k| (k, score(k)))
            .max_by(|x, y| x.1.total_cmp(&y.1));
        if let Some((k, _)) = carry {
            return Some(Split::Carry(k));
        }
        (0..state.domains.len())
            .filter(open)
            .min_by_key(|&v| state.domains[v].count_ones())
            .map(halve)
    }

    fn walk(
        &self,
        mut state: State,
        queue: &mut Queue,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Option<Outcome> {
        if budget.tick() {
            return Some(Outcome::Interrupted);
        }
        if !self.propagate(&mut state, queue) {
            return None;
        }
        let Some(split) = self.choose(&state) else {
            let values: Vec<u8> = state
                .domains
                .iter()
                .map(|d| d.trailing_zeros() as u8)
                .collect();
            return (emit(&values) == Flow::Stop).then_some(Outcome::Stopped);
        };
        for side in 0..2 {
            let mut child = state.clone();
            match split {
                Split::Symbol(v, low, high) => {
                    self.narrow(&mut child, v, [low, high][side], queue);
                }
                Split::Carry(k) => {
                    self.narrow_carry(&mut child, k, [0b01, 0b10][side], queue);
                }
            }
            if let Some(stop) = self.walk(child, queue, budget, emit) {
                return Some(stop);
            }
        }
        None
    }
}

#[derive(Clone, Copy)]
enum Split {
    /// A symbol, with its digits cut in two.
    Symbol(usize, u64, u64),
    Carry(usize),
}

impl Strategy for BijectiveRadix {
    fn name(&self) -> &'static str {
        "bijective-radix"
    }

    fn approach(&self) -> String {
        format!(
            "an addition using every digit once: carries are the variables, each column\n\
             is revised to a fixpoint, {} rows eliminated from the columns bound the\n\
             symbols by the carries, a digit only one symbol can take goes to it, and\n\
             the search splits on the carry that moves the tightest rows most",
            self.rows.len()
        )
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        let w = self.columns.len();
        let mut carries = vec![0b11u8; w + 1];
        carries[0] = 0b01;
        carries[w] = 0b01;
        let (mut low, mut high) = (Vec::new(), Vec::new());
        for row in &self.rows {
            let (mut l, mut h) = (row.constant, row.constant);
            let symbols = row
                .symbols
                .iter()
                .map(|&(v, a)| term(a, bounds(self.domains[v])));
            let carries = row
                .carries
                .iter()
                .map(|&(k, a)| term(a, bounds(u64::from(carries[k]))));
            for (tl, th) in symbols.chain(carries) {
                l += tl;
                h += th;
            }
            low.push(l);
            high.push(h);
        }
        let state = State {
            domains: self.domains.clone(),
            carries,
            low,
            high,
        };
        let mut queue = Queue {
            columns: (0..w).collect(),
            rows: (0..self.rows.len()).collect(),
            queued: vec![true; w + self.rows.len()],
            distinct: true,
        };
        self.walk(state, &mut queue, budget, emit)
            .unwrap_or(Outcome::Exhausted)
    }
}
