//! The search machinery every kind shares: [`Strategy`], [`Budget`],
//! [`count`], and the strategies for a system of conditions over symbols
//! ([`symbols`]: letter equations, radix sums, listings, and their
//! choice), which letter puzzles and systems run. Each kind's own
//! strategies are in its crate (`crates/kinds/NAME`). Each strategy is a [`Strategy`]: a search that hands every
//! assignment it finds to a callback and stops when the callback, the time
//! limit or an interrupt says so, counting its nodes in a [`Budget`].
//! Strategies enforce domains, distinctness and the arithmetic; each kind's
//! verifier re-checks every reported assignment from scratch (its
//! [`Verdict`]), and each kind's brute-force oracle is what the clever
//! strategies are tested against.

pub mod count;
mod invalid;
pub mod symbols;

use crate::limits::clock::{Duration, Instant};
pub use invalid::Invalid;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What the callback tells the search after each solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on looking for solutions.
    Continue,
    /// Enough: end the search now.
    Stop,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The whole search space was explored.
    Exhausted,
    /// The callback asked to stop (enough solutions).
    Stopped,
    /// The time limit, the node limit or an interrupt stopped it: results
    /// are partial.
    Interrupted,
}

/// Limits that stop a search early.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// When the time limit runs out.
    pub deadline: Option<Instant>,
    /// Set from outside (Ctrl-C in the REPL) to stop the search.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Set by whoever split the search when this part is no longer needed
    /// (the parts before it found enough): stops it like an interrupt.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Search nodes allowed: a limit that does not depend on the machine's
    /// speed, so fuzzing and tests stop at the same place every run.
    pub max_nodes: Option<u64>,
    /// Threads a strategy may share one search out to, 0 for every core
    /// (as `--jobs`); one under `max_nodes`, which must stop at the same
    /// place every run.
    pub threads: usize,
}

/// Counts search nodes and looks at the limits every so many of them, so
/// checking costs nothing measurable. How many is adapted to what a node
/// costs: a node of a Kakuro probe on a 256×256 grid scans the whole
/// region, one of a big-integer product evaluates long words, and a fixed
/// stride of thousands of such nodes would let a search run on for
/// seconds past its limit.
pub struct Budget<'a> {
    limits: &'a Limits,
    nodes: u64,
    /// `limits.max_nodes`, or `u64::MAX`: one comparison per node.
    max_nodes: u64,
    exceeded: bool,
    /// The node count at which the limits are looked at next.
    next_check: u64,
    /// Nodes between two looks.
    stride: u64,
    /// When the limits were last looked at.
    last_check: Instant,
    /// The limits installed for long arithmetic steps to poll, while the
    /// budget lives ([`crate::limits::watch`]).
    watch: crate::limits::watch::Guard,
}

impl<'a> Budget<'a> {
    /// The most nodes between two looks at the limits.
    const MAX_STRIDE: u64 = 4096;
    /// The time aimed at between two looks.
    const CHECK_PERIOD: Duration = Duration::from_millis(1);

    /// A budget with no nodes counted yet, watching `limits`.
    pub fn new(limits: &'a Limits) -> Self {
        let limited =
            limits.deadline.is_some() || limits.interrupt.is_some() || limits.cancel.is_some();
        Budget {
            limits,
            nodes: 0,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            exceeded: false,
            // Without a limit there is nothing to look at.
            next_check: if limited { 1 } else { u64::MAX },
            stride: 1,
            last_check: Instant::now(),
            watch: crate::limits::watch::Guard::install(
                limits.deadline,
                limits.interrupt.iter().chain(&limits.cancel).cloned(),
            ),
        }
    }

    /// Counts one node; true when the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.exceeded = true;
        } else if self.nodes >= self.next_check {
            self.check();
        }
        self.exceeded
    }

    /// Looks at the clock and the interrupt flag, and sets the stride so
    /// that the next look comes about [`Self::CHECK_PERIOD`] from now.
    #[cold]
    fn check(&mut self) {
        let now = Instant::now();
        let raised = |flag: &Option<Arc<AtomicBool>>| {
            flag.as_ref()
                .is_some_and(|flag| flag.load(Ordering::Relaxed))
        };
        self.exceeded = self.limits.deadline.is_some_and(|d| now >= d)
            || raised(&self.limits.interrupt)
            || raised(&self.limits.cancel);
        let spent = now.duration_since(self.last_check);
        self.stride = if spent > Self::CHECK_PERIOD {
            // Nodes are slower than the stride assumed: cut it in proportion.
            let scaled =
                u128::from(self.stride) * Self::CHECK_PERIOD.as_nanos() / spent.as_nanos().max(1);
            (scaled as u64).max(1)
        } else {
            (self.stride * 2).min(Self::MAX_STRIDE)
        };
        self.last_check = now;
        self.next_check = self.nodes.saturating_add(self.stride);
    }

    /// Nodes counted so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// True once a limit has stopped this budget, or an arithmetic step
    /// under it: what ticked it did not finish.
    pub fn spent(&self) -> bool {
        self.exceeded || self.watch.tripped()
    }

    /// How a search under this budget ended, as its strategy says, unless
    /// the limits stopped one of its arithmetic steps: then a condition it
    /// took for false may be true, and it was [`Outcome::Interrupted`].
    pub fn settle(&self, outcome: Outcome) -> Outcome {
        if self.watch.tripped() {
            Outcome::Interrupted
        } else {
            outcome
        }
    }

    /// Counts nodes searched elsewhere (on other threads) for this search.
    pub fn add_nodes(&mut self, nodes: u64) {
        self.nodes = self.nodes.saturating_add(nodes);
    }

    /// The threads this search may use (see [`Limits::threads`]).
    pub fn threads(&self) -> usize {
        match self.limits.threads {
            _ if self.limits.max_nodes.is_some() => 1,
            jobs => threads_for(jobs),
        }
    }
}

/// The threads `jobs` asks for, as `--jobs` reads it: 0 for every core,
/// and at most every core ([`crate::limits::threads`]).
pub fn threads_for(jobs: usize) -> usize {
    crate::limits::threads(jobs)
}

/// A pool of `threads` threads, or `None` to work on the calling thread
/// (one thread, or a pool that could not be started).
pub fn pool(threads: usize) -> Option<rayon::ThreadPool> {
    if threads <= 1 {
        return None;
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .ok()
}

/// What a verifier thinks of an assignment.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It satisfies every rule of the puzzle.
    Solution,
    /// It breaks a rule a strategy must enforce: a bug if a strategy says so.
    Invalid(Invalid),
}

/// Checks an assignment from scratch, with exact arithmetic: every
/// reported assignment passes it before it is counted or shown. Each kind
/// builds its own once per search (`crate::kinds::Kind::verifier`).
pub type Verifier<'a> = Box<dyn Fn(&[u8]) -> Verdict + Sync + 'a>;

/// One solution, as plain data: the report layer shows it with its puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// One digit per variable of the puzzle's IR, in its order.
    pub values: Vec<u8>,
    /// Named symbols with their digits, in order of first appearance.
    pub symbols: Vec<(char, u32)>,
}

/// A search strategy for one puzzle, built by the planner. It describes
/// itself for `explain`: its name, how it searches, and its order.
pub trait Strategy {
    /// The name `explain` and the JSON output show.
    fn name(&self) -> &'static str;

    /// Runs the search, calling `emit` with one digit per variable for each
    /// assignment found.
    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome;

    /// How the strategy searches, a few lines for `explain`.
    fn approach(&self) -> String {
        String::new()
    }

    /// The variables in the order the search decides them, when that order
    /// is fixed in advance (for `explain`).
    fn order(&self) -> Vec<usize> {
        Vec::new()
    }
}

/// Digit candidates of a variable: its domain less the digits taken when it
/// takes part in all-different.
#[inline]
pub fn candidates(domain: u64, distinct: bool, used: u64) -> u64 {
    if distinct {
        domain & !used
    } else {
        domain
    }
}

/// The digits taken so far in each all-different group
/// ([`crate::ir::Var::groups`]): what a group-aware search keeps instead
/// of one mask of used digits. A variable's free digits are its domain
/// less the digits taken in every group it is in; without `distinct`
/// there is one group, and this is one mask.
#[derive(Clone, Debug)]
pub struct Taken(Vec<u64>);

impl Taken {
    /// No digit taken, in each of the groups of `vars`.
    pub fn new(vars: &[crate::ir::Var]) -> Self {
        Taken(vec![0; crate::ir::vars::group_count(vars)])
    }

    /// No digit taken, for variables whose groups are `masks`.
    pub fn for_masks(masks: &[u64]) -> Self {
        let all = masks.iter().fold(0u64, |acc, g| acc | g);
        Taken(vec![0; 64 - all.leading_zeros() as usize])
    }

    /// The digits of `domain` that a variable of `groups` may still take.
    #[inline]
    pub fn free(&self, domain: u64, mut groups: u64) -> u64 {
        let mut free = domain;
        while groups != 0 {
            free &= !self.0[groups.trailing_zeros() as usize];
            groups &= groups - 1;
        }
        free
    }

    /// A variable of `groups` takes `d`.
    #[inline]
    pub fn take(&mut self, mut groups: u64, d: u32) {
        while groups != 0 {
            self.0[groups.trailing_zeros() as usize] |= 1 << d;
            groups &= groups - 1;
        }
    }

    /// A variable of `groups` gives `d` back.
    #[inline]
    pub fn give(&mut self, mut groups: u64, d: u32) {
        while groups != 0 {
            self.0[groups.trailing_zeros() as usize] &= !(1 << d);
            groups &= groups - 1;
        }
    }
}

/// Why `values` (one digit per variable of `vars`) break the variables'
/// own rules: a digit outside its domain, or a digit used twice in one
/// all-different group. `None` when they keep them. Every verifier starts
/// here.
pub fn digits_invalid(vars: &[crate::ir::Var], values: &[u8]) -> Option<Invalid> {
    let mut used = Taken::new(vars);
    for (v, var) in vars.iter().enumerate() {
        let d = u32::from(*values.get(v)?);
        if !var.domain.contains(d) {
            return Some(Invalid::OutsideDigits { var: v, digit: d });
        }
        if used.free(1 << d, var.groups) == 0 {
            return Some(Invalid::UsedTwice(d));
        }
        used.take(var.groups, d);
    }
    None
}

/// Whether variable `v`'s digit in `values` is that of an earlier
/// variable it shares an all-different group with: the oracles' test,
/// pair by pair, kept plain so that it checks [`Taken`].
pub fn repeats_earlier(vars: &[crate::ir::Var], values: &[u8], v: usize) -> bool {
    (0..v).any(|w| vars[w].groups & vars[v].groups != 0 && values[w] == values[v])
}
