//! Kakuro grids' pictures, plain and cryptic; their text and JSON are
//! their view's (`report/view.rs`).

use crate::ir::{CrypticKakuro, Kakuro};
use crate::run::Solution;

impl super::Show for Kakuro {
    fn svg(&self, solution: Option<&Solution>) -> String {
        super::svg::kakuro::kakuro(self, solution)
    }
}

impl super::Show for CrypticKakuro {
    fn svg(&self, solution: Option<&Solution>) -> String {
        super::svg::kakuro::cryptic(self, solution)
    }
}
