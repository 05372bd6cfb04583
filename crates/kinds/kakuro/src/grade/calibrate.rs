//! A Kakuro's grade as a solver feels it: the hardest step sets the
//! floor, and the amount of work beyond the two steps a beginner sees
//! (`unique sum`, `naked single`) raises it. A grid solved by easy steps
//! alone but needing a hundred crossings of runs is not easy, and one that
//! needs a medium step again and again is hard.
//!
//! The limits were set against Gecode's ten Nikoli Kakuros
//! (`tests/calibration/nikoli.crypta`: 4 easy, 2 medium, 4 hard by their
//! publisher), which the hardest step alone graded 4 of 10 right; with
//! them all 10 agree (`tests/it/calibration.rs`).

use crypta_substrate::grade::{Difficulty, Grading};

/// Easy steps beyond the beginner's two that make a grid medium, and hard.
const EASY_WORK_MEDIUM: usize = 40;
const EASY_WORK_HARD: usize = 95;

/// Medium (or harder) steps that make a grid hard.
const MEDIUM_STEPS_HARD: usize = 5;

/// The rules a beginner applies first, which add no work to the grade.
const BEGINNER: [&str; 2] = ["unique sum", "naked single"];

/// `grading` with its difficulty raised by the work its steps took (a
/// grid the steps did not solve still needs guessing).
pub(super) fn felt(mut grading: Grading) -> Grading {
    if grading.difficulty == Difficulty::NeedsGuessing {
        return grading;
    }
    let easy_work = grading
        .steps
        .iter()
        .filter(|s| s.level == Difficulty::Easy && !BEGINNER.contains(&s.rule))
        .count();
    let medium_or_more = grading
        .steps
        .iter()
        .filter(|s| s.level >= Difficulty::Medium)
        .count();
    let by_work = if easy_work >= EASY_WORK_HARD || medium_or_more >= MEDIUM_STEPS_HARD {
        Difficulty::Hard
    } else if easy_work >= EASY_WORK_MEDIUM {
        Difficulty::Medium
    } else {
        Difficulty::Easy
    };
    grading.difficulty = grading.difficulty.max(by_work);
    grading
}
