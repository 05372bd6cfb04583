//! Golden tests, one per file: every script in `examples/` and
//! `tests/cases/` runs through the built binary as text and as JSON, and
//! every contest input in `tests/judge/PROBLEM/` through `crypta judge
//! PROBLEM`; the output must equal the expected file beside it (`.out`,
//! `.json`), or the test fails with a diff.
//!
//! Expected files hold standard output, then `--- stderr` and standard
//! error if any, then `--- exit N`. `CRYPTA_BLESS=1 cargo test golden`
//! rewrites them after a deliberate change: review the diff.

use crate::support::{assert_matches_file, files, run, transcript};

/// Runs a script as text and as JSON against its expected files.
fn script(path: &str) {
    let stem = path.trim_end_matches(".crypta");
    for (format, extension) in [("text", "out"), ("json", "json")] {
        let output = run(&["--format", format, "run", path], b"");
        assert_matches_file(&format!("{}.{}", stem, extension), &transcript(&output));
    }
}

/// Feeds a contest input to its judge against the expected file.
fn judge(path: &str) {
    let problem = path.split('/').nth(2).expect("tests/judge/PROBLEM/FILE.in");
    let input = std::fs::read(crate::support::repo(path)).expect("read the input");
    let output = run(&["judge", problem], &input);
    assert_matches_file(&path.replace(".in", ".out"), &transcript(&output));
}

/// One test per file, and the list of files, so that a file added without
/// a test is caught by [`every_file_has_its_test`].
macro_rules! golden {
    ($runner:ident, $list:ident: $($name:ident => $path:literal,)*) => {
        $(
            #[test]
            fn $name() {
                $runner($path);
            }
        )*
        const $list: &[&str] = &[$($path),*];
    };
}

golden! { script, SCRIPTS:
    examples_classics => "examples/classics.crypta",
    examples_grade => "examples/grade.crypta",
    examples_grade_cryptic => "examples/grade_cryptic.crypta",
    examples_kakuro => "examples/kakuro.crypta",
    examples_options => "examples/options.crypta",
    examples_radix => "examples/radix.crypta",
    examples_skeletons => "examples/skeletons.crypta",
    examples_tour => "examples/tour.crypta",
    cases_bases => "tests/cases/bases.crypta",
    cases_conditions_v3 => "tests/cases/conditions-v3.crypta",
    cases_constraints => "tests/cases/constraints.crypta",
    cases_crossnumbers => "tests/cases/crossnumbers.crypta",
    cases_errors_check => "tests/cases/errors-check.crypta",
    cases_errors_syntax => "tests/cases/errors-syntax.crypta",
    cases_kakuro_errors => "tests/cases/kakuro-errors.crypta",
    cases_layout_systems => "tests/cases/layout-systems.crypta",
    cases_layout => "tests/cases/layout.crypta",
    cases_long_words => "tests/cases/long-words.crypta",
    cases_queries => "tests/cases/queries.crypta",
    cases_skeleton_errors => "tests/cases/skeleton-errors.crypta",
    cases_skeleton_queries => "tests/cases/skeleton-queries.crypta",
    cases_v3_errors => "tests/cases/v3-errors.crypta",
    cases_v3_groups_answers => "tests/cases/v3-groups-answers.crypta",
    cases_v3_published => "tests/cases/v3-published.crypta",
}

golden! { judge, JUDGE_INPUTS:
    icpc2009c_generated => "tests/judge/icpc2009c/generated.in",
    icpc2009c_lowercase => "tests/judge/icpc2009c/lowercase.in",
    icpc2009c_sample => "tests/judge/icpc2009c/sample.in",
    icpc2009c_truncated => "tests/judge/icpc2009c/truncated.in",
    kakuro2_generated_12 => "tests/judge/kakuro2/generated-12.in",
    kakuro2_generated_20 => "tests/judge/kakuro2/generated-20.in",
    kakuro2_hint_on_white => "tests/judge/kakuro2/hint-on-white.in",
    kakuro2_impossible_sum => "tests/judge/kakuro2/impossible-sum.in",
    kakuro2_sample => "tests/judge/kakuro2/sample.in",
    kakuro2_small => "tests/judge/kakuro2/small.in",
    kakuro2_truncated => "tests/judge/kakuro2/truncated.in",
    p1092_missing_sum => "tests/judge/p1092/missing-sum.in",
    p1092_n16 => "tests/judge/p1092/n16.in",
    p1092_n20 => "tests/judge/p1092/n20.in",
    p1092_sample => "tests/judge/p1092/sample.in",
    p1092_wrong_length => "tests/judge/p1092/wrong-length.in",
}

#[test]
fn every_file_has_its_test() {
    let mut scripts = files("examples", "crypta");
    scripts.extend(files("tests/cases", "crypta"));
    assert_eq!(scripts, SCRIPTS, "add a line to `golden!` for each script");
    let mut inputs = Vec::new();
    for problem in ["icpc2009c", "kakuro2", "p1092"] {
        inputs.extend(files(&format!("tests/judge/{}", problem), "in"));
    }
    assert_eq!(
        inputs, JUDGE_INPUTS,
        "add a line to `golden!` for each input"
    );
}
