//! Long multiplication and division layouts: one strategy per shape, the
//! verifier and the brute-force oracle.
//!
//! | shape | strategy |
//! | --- | --- |
//! | `multiplication { ... }` | `long_multiplication`; `product_divisors` when the product row can show far fewer numbers than the multiplier row (`product_divisors::pays`) |
//! | `division { ... }` | `long_division` |
//!
//! Both search only the rows that determine the rest and place every other
//! row's digits as they become known; `partial` is the partial
//! assignment they share.

mod conditions;
mod long_division;
mod long_multiplication;
mod oracle;
mod partial;
mod product_divisors;
mod verify;

pub use conditions::{verify_with_conditions, with_conditions};
pub use oracle::LayoutOracle;
pub use verify::verify;

use long_division::LongDivision;
use long_multiplication::LongMultiplication;
use product_divisors::ProductDivisors;

use crate::{Layout, Shape};
use crypta_substrate::solve::Strategy;

/// The strategy for the layout's shape.
pub fn choose(layout: &Layout) -> Box<dyn Strategy> {
    match &layout.shape {
        Shape::Multiplication(rows) if product_divisors::pays(layout, rows) => {
            Box::new(ProductDivisors::new(layout, rows))
        }
        Shape::Multiplication(rows) => Box::new(LongMultiplication::new(layout, rows)),
        Shape::Division(rows) => Box::new(LongDivision::new(layout, rows)),
    }
}

/// Every strategy the planner could take for the layout, for the
/// cross-checks: the digit search always, the product's divisors when the
/// product row shows few enough numbers to be listed, whether or not it
/// pays (listing a product row of millions of numbers, each factored, is
/// a search the planner never makes).
pub fn strategies(layout: &Layout) -> Vec<Box<dyn Strategy>> {
    match &layout.shape {
        Shape::Multiplication(rows) if product_divisors::within_reach(layout, rows) => vec![
            Box::new(LongMultiplication::new(layout, rows)),
            Box::new(ProductDivisors::new(layout, rows)),
        ],
        _ => vec![choose(layout)],
    }
}
