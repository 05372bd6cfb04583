//! Properties of long words (issue 43): a `square`, `cube` or
//! `triangular` word is listed from its values in the range its cells
//! allow, stored up to 4,096 of them and streamed from the formula past
//! that, so each count below is a walk of its list, within a node budget
//! a digit-by-digit search runs out of. The counts are worked out here
//! by integer roots; the streamed walk is also cross-checked against the
//! oracle on small puzzles (`conditions::listed_words_agree_with_the_oracle`
//! compares `ModularColumns::streaming` too).

use crypta_core::{Options, Script};

/// Nodes allowed: a list of 21,623 values takes about twice that many;
/// the digit-by-digit search of nine letters needs millions.
const NODES: u64 = 200_000;

/// How many `n`-digit numbers in base 10 are `k`-th powers.
fn powers_of_length(k: u32, n: u32) -> u64 {
    let below = |limit: u64| (0u64..).take_while(|r| r.pow(k) < limit).count() as u64;
    below(10u64.pow(n)) - below(10u64.pow(n - 1))
}

fn answer(source: &str) -> crypta_core::Answer {
    let script = Script::parse(source);
    assert!(
        script.is_ok(),
        "{}",
        script.render_diagnostics("test", false)
    );
    let options = Options::new().max_nodes(NODES).jobs(1);
    let mut answers = script.run_all(&options).expect("no internal error");
    assert_eq!(answers.len(), 1);
    answers.remove(0)
}

#[test]
fn long_words_are_counted_from_their_lists() {
    for (word, k) in [("ABCDEFGHIJK", 3), ("ABCDEFGHI", 2), ("ABCDEFGH", 2)] {
        let property = if k == 2 { "square" } else { "cube" };
        let source = format!("count {word} {property} with repeats");
        let got = answer(&source);
        assert!(got.is_complete(), "{source}: cut short\n{}", got.to_text());
        let expected = powers_of_length(k, word.len() as u32);
        assert!(
            got.to_text().contains(&format!(" {expected} solutions")),
            "{source}: expected {expected}\n{}",
            got.to_text()
        );
    }
}

#[test]
fn explain_says_how_a_long_word_is_listed_or_why_not() {
    let explain = |source: &str| answer(source).to_text();
    // 2,487 cubes of eleven digits: stored (the range starts at the
    // least eleven-digit value, not at 0).
    let cube = explain("explain ABCDEFGHIJK cube with repeats");
    assert!(
        cube.contains("its 2487 cubes of 11 digits listed: "),
        "{cube}"
    );
    // 21,623 squares of nine digits: streamed, leading letter first.
    let square = explain("explain ABCDEFGHI square with repeats");
    assert!(
        square.contains("its 21623 squares of 9 digits listed, streamed from their formula: A B C"),
        "{square}"
    );
    // Past the cap: said, with the number of values.
    let long = explain("explain ABCDEFGHIJKLMN square with repeats");
    assert!(
        long.contains("not listed: its 6837722 squares of 14 digits are more than the 4194304"),
        "{long}"
    );
}
