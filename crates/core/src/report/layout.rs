//! Layouts' pictures; their text and JSON are their view's
//! (`report/view.rs`).

use crate::ir::Layout;
use crate::run::Solution;

impl super::Show for Layout {
    fn svg(&self, solution: Option<&Solution>) -> String {
        super::svg::layout::layout(self, solution)
    }
}
