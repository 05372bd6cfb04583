//! Conditions on a layout's words (`with PUZZLE odd`, `ABC < DEF`): the
//! layout's strategy fills the layout, and each filled layout is kept only
//! when every condition holds. The strategies place a row's digits as
//! they go and report only whole layouts, so the conditions are tested
//! there; a layout has few solutions, which makes this cheap.

use crate::Layout;
use crypta_substrate::arith;
use crypta_substrate::solve::{Budget, Flow, Outcome, Strategy, Verdict};

/// `inner`, keeping only the assignments that meet the layout's
/// conditions; `inner` itself when there are none.
pub fn with_conditions(layout: &Layout, inner: Box<dyn Strategy>) -> Box<dyn Strategy> {
    if layout.conditions.is_empty() {
        return inner;
    }
    Box::new(WithConditions {
        layout: layout.clone(),
        inner,
    })
}

/// Whether every condition of the layout holds under `values`.
pub fn conditions_hold(layout: &Layout, values: &[u8]) -> bool {
    layout
        .conditions
        .iter()
        .all(|c| arith::condition_holds(c, &layout.words, values, layout.base))
}

/// `crate::solve::verify`, then the conditions.
pub fn verify_with_conditions(layout: &Layout, values: &[u8]) -> Verdict {
    match super::verify(layout, values) {
        Verdict::Solution if !conditions_hold(layout, values) => {
            Verdict::Invalid(crypta_substrate::solve::Invalid::LayoutCondition)
        }
        verdict => verdict,
    }
}

struct WithConditions {
    layout: Layout,
    inner: Box<dyn Strategy>,
}

impl Strategy for WithConditions {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn search(&self, budget: &mut Budget, emit: &mut dyn FnMut(&[u8]) -> Flow) -> Outcome {
        self.inner.search(budget, &mut |values| {
            if conditions_hold(&self.layout, values) {
                emit(values)
            } else {
                Flow::Continue
            }
        })
    }

    fn approach(&self) -> String {
        let mut approach = self.inner.approach();
        if !approach.is_empty() && !approach.ends_with('\n') {
            approach.push('\n');
        }
        approach.push_str("each filled layout is kept when its conditions hold");
        approach
    }

    fn order(&self) -> Vec<usize> {
        self.inner.order()
    }
}
