//! The integration tests, built as one test binary (one link of the
//! library and its dependencies, not one per file): golden scripts and
//! contest inputs through the built binary, the documentation's examples,
//! one-line checker cases, cross-checks of every strategy against the
//! brute-force oracles, limits, the fuzzers' regression inputs, and the
//! REPL in a pseudo-terminal.

mod answers;
mod api;
mod arithmetic;
mod authoring;
mod calibration;
mod capabilities;
mod check;
mod cli;
mod conditions;
mod corners;
mod counting;
mod crosscheck;
mod crossnumber;
mod cryptic;
mod cut_short;
mod depth;
mod depth_ends;
mod docs;
mod exponents;
mod fixes;
mod fmt;
mod fuzz_regressions;
mod fuzz_run;
mod generate;
mod generate_conditions;
mod generate_cryptic;
mod generate_kakuro;
mod generate_request;
mod generate_stopped;
mod golden;
mod grade;
mod grade_cryptic;
mod grade_letters;
mod groups;
mod interchange;
mod internals;
mod kakuro;
mod kana_pictures;
mod kinds;
mod layers;
mod layout;
mod letters;
mod limits;
mod logic;
mod long_words;
mod lsp;
mod lsp_robust;
mod parallel;
mod pictures;
mod product_count;
mod properties;
mod repl;
mod rough;
mod rough_front;
mod rough_limits;
mod rough_output;
mod sheet;
mod stream;
mod support;
mod svg;
mod systems;
mod term_sums;
mod threads;
mod vocab;
mod writes;
mod zero;
