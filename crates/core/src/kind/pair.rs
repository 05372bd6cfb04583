//! The toy kind `pair`: checked by `check/pair.rs`, solved by
//! `solve/pair.rs`, shown by `report/pair.rs`.

use super::{Grader, Kind, Verifier};
use crate::grade::{Difficulty, Graded, Grading};
use crate::ir::Pair;
use crate::solve::pair::{self as solve, Pairs};
use crate::solve::Strategy;

impl Kind for Pair {
    fn plan(&self) -> Box<dyn Strategy> {
        Box::new(Pairs(self.sum))
    }

    fn strategies(&self) -> Vec<Box<dyn Strategy>> {
        vec![self.plan()]
    }

    /// No person's steps: a pair is a guess.
    fn grader(&self) -> Grader<'_> {
        Box::new(|_| {
            let grading = Grading {
                steps: Vec::new(),
                solved: false,
                difficulty: Difficulty::NeedsGuessing,
            };
            Ok(Graded {
                grading,
                fixed: 0,
                variables: 2,
            })
        })
    }

    fn oracle(&self) -> Box<dyn Strategy> {
        self.plan()
    }

    fn verifier(&self) -> Verifier<'_> {
        Box::new(move |values| solve::verify(self, values))
    }

    fn var_name(&self, v: usize) -> String {
        ["X", "Y"].get(v).copied().unwrap_or("?").to_string()
    }

    fn symbols(&self) -> Vec<(usize, char)> {
        vec![(0, 'X'), (1, 'Y')]
    }
}
