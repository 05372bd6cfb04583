//! Bijective radix-n addition: `A + B = C` in base n with n distinct
//! symbols, so every digit is used exactly once (NOIP 2004 "虫食算").
//!
//! Plain column search is hopeless here beyond base 20: a wrong guess in
//! the units column is found out twenty columns later. This strategy
//! searches on the carries, and lists the rest from a lattice.
//!
//! **The carry search** ([`propagate`]) is a small constraint solver:
//! - *Carries are variables* (`{0,1}` each), so column i reads
//!   `a + b + k_i = c + n·k_{i+1}` and can be revised in any order. A
//!   revision keeps exactly the digits and carries the column alone can
//!   still use. Only columns whose cells or carries changed are revised
//!   again, oldest first.
//! - *The columns taken together* ([`rows`]): Gaussian elimination
//!   rewrites each symbol as a combination of the carries, and bounds
//!   reasoning on these rows sees the whole addition at once.
//! - *All different*, cheaply: a decided digit is struck from the others,
//!   and a digit only one symbol can still take goes to it.
//! - *Splits* on the carry that moves the tightest rows most; a symbol
//!   left with two digits first, symbols the rows cannot fix last.
//!
//! Alone it is fast to base 32 and slow beyond: a row's carry coefficients
//! are tens of times the base, so its bounds say nothing until nearly all
//! its carries are decided. At base 36 it took up to 1 s, at base 52 up
//! to 45 s, deciding twenty carries blindly and failing below them tens of
//! thousands of times.
//!
//! **The lattice** ([`lattice`], [`sphere`], [`enumerate`]) sees what the
//! rows miss. The integer points satisfying every column form an affine
//! lattice, and a solution is such a point whose symbols are the digits in
//! some order and whose carries are 0 or 1: every solution is therefore
//! at one and the same distance from the centre (each symbol at (n-1)/2,
//! each carry at 1/2), the sum of the digits' squared distances. With a
//! reduced basis (LLL), the points within that radius are few and are
//! listed by Schnorr–Euchner enumeration; only their carry vectors are
//! kept, and the carry search decides each and finds its symbols. Where
//! the lattice has more than [`BALL_DIMENSIONS`] dimensions (base 47 up),
//! the carry search splits first: its propagation prunes the top levels
//! well, the ball listing the bottom ones.
//!
//! Measured, 30 random additions a base (`benches/radix.py`, whole
//! process, 2 cores): base 36 from 1.02 s slowest (19 ms median) to 19 ms
//! (8.6 ms); base 52 from 39 s slowest (3.2 s median, 10 additions) to
//! 0.47 s (30 ms). 100 more at each: slowest 16 ms and 0.63 s.
//!
//! Measured and not kept, before the lattice: bounds on sums of sets of
//! symbols (10–25% fewer nodes, slower); meeting in the middle on the last
//! carries (fewer nodes on full-rank instances, slower on others); plain
//! right-to-left column search (6 s at base 20); splitting free symbols
//! first; SAT with clause learning (minisat 3.4 s for the first solution
//! of an instance counted here in 20 ms); an LP feasibility test at each
//! node (no end in 5 minutes: a free direction keeps every LP feasible);
//! probing every open carry (8× fewer nodes, 16× dearer nodes). And with
//! it: the lattice alone, from the first node, at base 52 (up to 2.9 s:
//! the carry search's pruning of the top levels is worth keeping); an
//! embedding that lists several layers of the affine lattice at once
//! (more nodes than aiming at the centre); projecting out every
//! symbol-only direction rather than the short ones (one long one left
//! 76k points per node).

pub mod enumerate;
pub mod lattice;
mod propagate;
mod rows;
mod sphere;

use super::column_sums;
use crate::ir::{Cell, Letters, VarKind};
use crate::solve::{pool, Budget, Flow, Outcome, Strategy};
use propagate::{bounds, term, Queue, Split, State};
use rows::{eliminate, Row};
use sphere::Sphere;
use std::cell::OnceCell;

/// A node whose lattice has at most this many dimensions is searched by
/// listing its ball ([`sphere`]) instead of splitting carries further.
/// Measured on 30 random base-52 additions, slowest (median): 40: 1.63 s
/// (34 ms), 44: 0.48 s (32 ms), 48: 0.65 s (27 ms), 50, the whole puzzle:
/// 1.31 s (74 ms). Up to base 46 the whole puzzle is listed at once.
const BALL_DIMENSIONS: usize = 44;

/// Below this many symbols the carry search goes alone: it ends in a few
/// milliseconds, and additions with many solutions (ICPC 2009 C: ten
/// letters, 10^5 solutions) lost a fifth of their time to listings.
const LATTICE_FROM: usize = 20;
/// Up to [`LATTICE_AT_ONCE`] symbols the lattice is built only after
/// [`LATTICE_AFTER`] nodes of carry search, in which most additions end
/// (building it costs 0.5–1 ms); from there at once (base 32: 24 ms
/// slowest after 256 nodes, 9 ms at once).
const LATTICE_AT_ONCE: usize = 30;
const LATTICE_AFTER: u64 = 256;

/// When a search turns to the lattice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Listing {
    /// Never: the carry search alone (`bijective-carries`, and small
    /// additions), the plain second search the others are checked against.
    Never,
    /// Once this many nodes have been searched.
    After(u64),
}

/// The lattice side of one search, made on first use.
struct Below {
    sphere: OnceCell<Option<Sphere>>,
    /// Threads to list balls on; `None` for one.
    pool: OnceCell<Option<rayon::ThreadPool>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Var(usize),
    Digit(u32),
}

/// Column i: the two addends' cells and the sum's cell.
type Column = [Slot; 3];

pub struct BijectiveRadix {
    name: &'static str,
    listing: Listing,
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
            .all(|v| matches!(v.kind, VarKind::Symbol(_)) && v.distinct())
            && crate::ir::vars::one_group(&letters.vars);
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
        let listing = match symbols {
            _ if symbols < LATTICE_FROM => Listing::Never,
            _ if symbols < LATTICE_AT_ONCE => Listing::After(LATTICE_AFTER),
            _ => Listing::After(0),
        };
        Some(BijectiveRadix {
            name: "bijective-radix",
            listing,
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

    /// The same search turning to the lattice at its first node
    /// (`bijective-lattice`), for the cross-checks.
    // Used by the cross-checks (the integration tests) only.
    pub fn lattice_first(letters: &Letters) -> Option<Self> {
        Some(BijectiveRadix {
            name: "bijective-lattice",
            listing: Listing::After(0),
            ..Self::new(letters)?
        })
    }

    /// The carry search alone (`bijective-carries`), for the cross-checks.
    // Used by the cross-checks (the integration tests) only.
    pub fn carries_only(letters: &Letters) -> Option<Self> {
        Some(BijectiveRadix {
            name: "bijective-carries",
            listing: Listing::Never,
            ..Self::new(letters)?
        })
    }

    /// The dimension of a node's lattice: its open variables less the
    /// equations between them.
    fn dimension(&self, state: &State) -> usize {
        let open = state.carries.iter().filter(|&&c| c == 0b11).count()
            + state.domains.iter().filter(|d| d.count_ones() > 1).count();
        open.saturating_sub(self.columns.len() + 1)
    }

    /// Searches below `state` by the lattice when it is due: each carry
    /// vector of a point in the node's ball is decided in turn and searched
    /// on by the carry search alone. `None` when it is not due or cannot be
    /// used here (numbers past 64 bits), and the carries are split as
    /// usual.
    fn below_ball(
        &self,
        below: &Below,
        state: &State,
        queue: &mut Queue,
        budget: &mut Budget,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Option<Option<Outcome>> {
        let due = match self.listing {
            Listing::Never => false,
            Listing::After(nodes) => budget.nodes() >= nodes,
        };
        if !due || self.dimension(state) > BALL_DIMENSIONS {
            return None;
        }
        let sphere = below
            .sphere
            .get_or_init(|| Sphere::of(&self.columns, self.domains.len(), self.base))
            .as_ref()?;
        let symbols = self.domains.len();
        let carries = (1..self.columns.len())
            .filter(|&k| state.carries[k] != 0b11)
            .map(|k| (symbols + k - 1, i64::from(state.carries[k] >> 1)));
        let digits = (0..symbols)
            .filter(|&v| state.domains[v].count_ones() == 1)
            .map(|v| (v, i64::from(state.domains[v].trailing_zeros())));
        let fixed: Vec<(usize, i64)> = carries.chain(digits).collect();
        let pool = below.pool.get_or_init(|| pool(budget.threads()));
        let vectors = match sphere.carry_vectors(&fixed, pool.as_ref(), budget) {
            Ok(Some(vectors)) => vectors,
            Ok(None) => return Some(Some(Outcome::Interrupted)),
            Err(_) => return None,
        };
        for carries in vectors {
            let mut child = state.clone();
            let fits = carries
                .iter()
                .enumerate()
                .all(|(k, &c)| self.narrow_carry(&mut child, k + 1, 1 << c, queue));
            if !fits {
                queue.clear();
                continue;
            }
            if let Some(stop) = self.walk(child, None, queue, budget, emit) {
                return Some(Some(stop));
            }
        }
        Some(None)
    }

    fn walk(
        &self,
        mut state: State,
        below: Option<&Below>,
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
        if let Some(below) = below {
            if let Some(done) = self.below_ball(below, &state, queue, budget, emit) {
                return done;
            }
        }
        let Some(split) = self.choose(&state) else {
            let values: Vec<u8> = state
                .domains
                .iter()
                .map(|d| d.trailing_zeros() as u8)
                .collect();
            return (emit(&values) == Flow::Stop).then_some(Outcome::Stopped);
        };
        // The second side takes the node's own state: one copy a node.
        let mut second = Some(state);
        for side in 0..2 {
            let mut child = match side {
                0 => second.clone(),
                _ => second.take(),
            }?;
            match split {
                Split::Symbol(v, low, high) => {
                    self.narrow(&mut child, v, [low, high][side], queue);
                }
                Split::Carry(k) => {
                    self.narrow_carry(&mut child, k, [0b01, 0b10][side], queue);
                }
            }
            if let Some(stop) = self.walk(child, below, queue, budget, emit) {
                return Some(stop);
            }
        }
        None
    }
}

impl Strategy for BijectiveRadix {
    fn name(&self) -> &'static str {
        self.name
    }

    fn approach(&self) -> String {
        let carries = format!(
            "an addition using every digit once: carries are the variables, each column\n\
             is revised to a fixpoint, {} rows eliminated from the columns bound the\n\
             symbols by the carries, a digit only one symbol can take goes to it, and\n\
             the search splits on the carry that moves the tightest rows most",
            self.rows.len()
        );
        let when = match self.listing {
            Listing::Never => return carries,
            Listing::After(0) => "from the first node".to_string(),
            Listing::After(nodes) => format!("after {nodes} nodes"),
        };
        format!(
            "{carries};\n\
             {when}, a node with at most {BALL_DIMENSIONS} open dimensions lists the points of the\n\
             columns' integer lattice inside the sphere all solutions lie on (LLL, then\n\
             Schnorr-Euchner enumeration) and tries their carries"
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
        let below = Below {
            sphere: OnceCell::new(),
            pool: OnceCell::new(),
        };
        self.walk(state, Some(&below), &mut queue, budget, emit)
            .unwrap_or(Outcome::Exhausted)
    }
}
