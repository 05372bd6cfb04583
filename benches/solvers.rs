//! Per-puzzle solver times (criterion): each puzzle is checked and planned
//! once, then its search is timed with the strategy the planner picks.
//! Kakuro grids come from the seeded generator, so every run times the same
//! grids.

use criterion::{criterion_group, criterion_main, Criterion};

use crypta_bench::count_all;
use crypta_core::generate::kakuro::{generate, Spec};
use crypta_engine::kinds::Kakuro;
use crypta_engine::kinds::Kind;
use crypta_engine::program::check_script;
use crypta_engine::program::Action;
use crypta_substrate::solve::Strategy;

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
    ("mul-seed-733x32", "multiplication {\n      **3\n   x   **\n   ------\n     *4**\n    ****\n   ------\n    2*45*\n}"),
    ("div-seed-779/25", "division {\n          3*\n    ** ) ***\n         *5\n          2*\n          **\n           4\n}"),
    ("mul-prime-775x33", "multiplication {\n        ***\n    x    **\n       ****\n      ****\n      *****\n} with digits {2,3,5,7}"),
    ("mul-odds-evens-285x39", "multiplication {\n        EEO\n    x    OO\n       EOEO\n       EOO\n      OOOOO\n} with wild O E, O odd, E even"),
    ("div-solitary-seven", "division {\n            *7***\n   *** ) ********\n         ****\n           ***\n           ***\n           ****\n            ***\n             ****\n             ****\n}"),
    ("mul-knuth-777777", "multiplication {\n       ***\nx     ****\n      ***7\n     ****\n    ****\n    ***\n    777777\n} with * != 7"),
    ("div-enigma-533", "division {\n          ****\n   AN ) ENIGMA\n         **\n         ***\n         ***\n          ***\n           **\n           ***\n           ***\n}"),
    ("div-dudeney-sevens-6-digit-divisor", "division {\n                 **7**\n   ****7* ) **7*******\n            ******\n            *****7*\n            *******\n              *7****\n              *7****\n              *******\n               ***7**\n                ******\n                ******\n}"),
];

fn count(source: &str) -> u64 {
    let (statements, diagnostics) = check_script(source);
    assert!(diagnostics.is_empty(), "{}", source);
    let Action::Ask { puzzle, .. } = &statements[0].action else {
        panic!("{}", source)
    };
    count_all(crypta_engine::kinds::of(puzzle).plan().as_ref())
}

fn solvers(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(20);
    for (name, source) in PUZZLES {
        group.bench_function(*name, |b| b.iter(|| count(source)));
    }
    group.finish();
}

/// The algospot KAKURO2 sample.
const KAKURO2_SAMPLE: &str = r"kakuro {
  #    23\  30\  #    #    27\  12\  16\
  \16  .    .    #    17\24 .   .    .
  \17  .    .    15\29 .   .    .    .
  \35  .    .    .    .    .    12\  #
  #    \7   .    .    7\8  .    .    7\
  #    11\  10\16 .   .    .    .    .
  \21  .    .    .    .    \5   .    .
  \6   .    .    .    #    \3   .    .
}";

fn kakuro(c: &mut Criterion) {
    let mut grids = Vec::new();
    let (statements, _) = check_script(KAKURO2_SAMPLE);
    if let Some(Action::Ask { puzzle, .. }) = statements.first().map(|s| &s.action) {
        if let Some(k) = puzzle.downcast_ref::<Kakuro>() {
            grids.push(("kakuro2-sample".to_string(), k.clone()));
        }
    }
    // Unique grids of the sizes the issue names. The 150×150 one tightens
    // large open regions while it is made (an open limit), which makes it
    // in seconds instead of many minutes.
    for (size, open_limit) in [(30, usize::MAX), (60, usize::MAX), (150, 1000)] {
        let spec = Spec {
            unique: true,
            open_limit,
            ..Spec::new(size, 1)
        };
        grids.push((format!("unique-{size}x{size}"), generate(&spec).kakuro()));
    }
    let mut group = c.benchmark_group("kakuro");
    group.sample_size(10);
    for (name, grid) in &grids {
        // Counted to the end: a unique grid is searched as `unique`
        // searches it.
        let search: Box<dyn Strategy> = grid.plan();
        assert_eq!(count_all(search.as_ref()), 1, "{name}");
        group.bench_function(name.as_str(), |b| b.iter(|| count_all(search.as_ref())));
    }
    group.finish();
}

criterion_group!(benches, solvers, kakuro);
criterion_main!(benches);
