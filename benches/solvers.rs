//! Per-puzzle solver times (criterion): each puzzle is checked and planned
//! once, then its search is timed with the strategy the planner picks.

use criterion::{criterion_group, criterion_main, Criterion};

use crypta::check::check_script;
use crypta::ir::Action;
use crypta::plan::plan;
use crypta::solve::{Budget, Flow, Limits};

const PUZZLES: &[(&str, &str)] = &[
    ("send-more-money", "SEND + MORE = MONEY"),
    ("acm-ibm-icpc", "ACM + IBM = ICPC"),
    ("icpc-many-short-words", "EYH + VAX + EH + AAV + XYQ + YRE + SF + YY + VFH + FRY + EXR = AFRS"),
    ("eight-letters", "A + B + C + D + E + F + G + H = IJ"),
    ("forty-ten-ten", "FORTY + TEN + TEN = SIXTY"),
    ("product", "ABC * DE = FGHI"),
    ("system", "ABC + ABC = DEF, DEF + ABC = GHI"),
    ("radix-16", "MCPLICADAHGCLMHB + NOAIMNOOKINIJCIA = FKHDEMPAJNAENILK with base 16, leading zeros"),
    ("radix-20", "SHGFCQPLNBDFPAMIEOJK + FBQLJRDHKAGIBSTDEMCN = AKELNGHOFSRMQJPCDTIB with base 20, leading zeros"),
];

fn count(source: &str) -> u64 {
    let (statements, diagnostics) = check_script(source);
    assert!(diagnostics.is_empty(), "{}", source);
    let Action::Ask { puzzle, .. } = &statements[0].action else {
        panic!("{}", source)
    };
    let plan = plan(puzzle);
    let limits = Limits::default();
    let mut budget = Budget::new(&limits);
    let mut n = 0;
    plan.strategy.search(&mut budget, &mut |_| {
        n += 1;
        Flow::Continue
    });
    n
}

fn solvers(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(20);
    for (name, source) in PUZZLES {
        group.bench_function(*name, |b| b.iter(|| count(source)));
    }
    group.finish();
}

criterion_group!(benches, solvers);
criterion_main!(benches);
