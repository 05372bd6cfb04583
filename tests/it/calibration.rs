//! Kakuro grades against a publisher's: Gecode's ten Nikoli Kakuros
//! (`tests/calibration/nikoli.crypta`, each headed by Nikoli's grade)
//! grade as Nikoli grades them, at least 8 of 10 exactly and every hard
//! one hard or above.

use crypta_core::{Difficulty, Options, Script};

use crate::support::read;

#[test]
fn nikoli_grades_agree() {
    let text = read("tests/calibration/nikoli.crypta");
    let published: Vec<Difficulty> = text
        .lines()
        .filter_map(|l| l.strip_prefix("# k"))
        .map(|l| {
            if l.contains(": easy") {
                Difficulty::Easy
            } else if l.contains(": medium") {
                Difficulty::Medium
            } else {
                Difficulty::Hard
            }
        })
        .collect();
    assert_eq!(published.len(), 10);
    let script = Script::parse(&text);
    assert!(script.is_ok(), "{:?}", script.diagnostics());
    let answers = script.run_all(&Options::new()).expect("runs");
    let graded: Vec<Difficulty> = answers
        .iter()
        .map(|a| {
            a.grading()
                .and_then(|g| g.rating())
                .map(|r| r.difficulty())
                .expect("a rating")
        })
        .collect();
    let agree = published
        .iter()
        .zip(&graded)
        .filter(|(p, g)| p == g)
        .count();
    assert!(agree >= 8, "published {published:?}, graded {graded:?}");
    for (p, g) in published.iter().zip(&graded) {
        if *p == Difficulty::Hard {
            assert!(
                *g >= Difficulty::Hard,
                "published {published:?}, graded {graded:?}"
            );
        }
    }
}
