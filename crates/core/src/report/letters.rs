//! Letter equations' pictures; their text and JSON are their view's
//! (`report/view.rs`).

use crate::ir::Letters;
use crate::run::Solution;

impl super::Show for Letters {
    fn svg(&self, solution: Option<&Solution>) -> String {
        super::svg::letters::letters(self, solution)
    }
}
