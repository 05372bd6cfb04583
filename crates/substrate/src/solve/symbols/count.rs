//! `count` for letter equations: the independent parts of the system
//! ([`super::parts`]) counted apart and multiplied, each part by columns
//! and carries ([`super::column_count`]) when it is a sum of words whose
//! states stay few, and by the planned strategy's enumeration otherwise.

use super::column_count::{ColumnCount, Stopped};
use super::free::Free;
use super::product_count::ProductCount;
use super::term_sums::TermSums;
use crate::ir::Letters;
use crate::solve::count::{self, Count, Counted, Counter};
use crate::solve::{Budget, Outcome};

/// One independent part and how it is counted.
struct Part {
    letters: Letters,
    columns: Option<ColumnCount>,
    /// Letters whose coefficients cancel, counted by arithmetic: taken
    /// before `columns`.
    free: Option<Free>,
    /// A product of independent words counted by division: taken first.
    product: Option<ProductCount>,
    /// A relation of sums of independent terms, counted by convolution.
    terms: Option<TermSums>,
}

/// The counter for a letter system with several parts or a part that
/// columns can count.
pub struct LettersCount {
    parts: Vec<Part>,
}

impl LettersCount {
    /// `None` when counting would only enumerate the whole puzzle, as
    /// `count` does without a counter.
    pub fn new(letters: &Letters) -> Option<Self> {
        // A power with a constant exponent (`ABCD ^ 2 = EFGHIJK`) is a
        // product once lowered.
        let lowered = super::powers::lower(letters).map(|(l, _)| l);
        if let Some(product) = ProductCount::new(lowered.as_ref().unwrap_or(letters)) {
            return Some(LettersCount {
                parts: vec![Part {
                    letters: letters.clone(),
                    columns: None,
                    free: None,
                    product: Some(product),
                    terms: None,
                }],
            });
        }
        if let Some(terms) = TermSums::new(letters) {
            return Some(LettersCount {
                parts: vec![Part {
                    letters: letters.clone(),
                    columns: None,
                    free: None,
                    product: None,
                    terms: Some(terms),
                }],
            });
        }
        // Columns and cancelled letters count no system with a condition:
        // then only several parts are worth a counter, and one part is not
        // copied to find that out.
        if !letters.conditions.is_empty() && !super::parts::several(letters) {
            return None;
        }
        let parts: Vec<Part> = super::parts::split(letters)?
            .into_iter()
            .map(|letters| {
                let free = Free::new(&letters);
                Part {
                    columns: free.is_none().then(|| ColumnCount::new(&letters)).flatten(),
                    free,
                    product: None,
                    terms: None,
                    letters,
                }
            })
            .collect();
        (parts.len() > 1
            || parts
                .iter()
                .any(|p| p.columns.is_some() || p.free.is_some()))
        .then_some(LettersCount { parts })
    }
}

impl Part {
    fn count(&self, budget: &mut Budget) -> Counted {
        if let Some(product) = &self.product {
            return product.count(budget);
        }
        if let Some(terms) = &self.terms {
            return terms.count(budget);
        }
        if let Some(free) = &self.free {
            return free.count(budget);
        }
        match &self.columns {
            Some(columns) => match columns.count(budget) {
                Ok(n) => Counted {
                    count: Count::from_big(n),
                    outcome: Outcome::Exhausted,
                    bug: None,
                },
                Err(Stopped::Interrupted) => Counted {
                    count: Count::default(),
                    outcome: Outcome::Interrupted,
                    bug: None,
                },
            },
            None => count::enumerate(
                super::choose(&self.letters).as_ref(),
                &super::verifier(&self.letters),
                budget,
            ),
        }
    }
}

impl Counter for LettersCount {
    fn name(&self) -> &'static str {
        match self.parts.as_slice() {
            [part] if part.product.is_some() => "product-ranges",
            [part] if part.terms.is_some() => "term-sums",
            [part] if part.free.is_some() => "cancelled-letters",
            [part] if part.columns.is_some() => "column-count",
            _ => "count-by-parts",
        }
    }

    fn approach(&self) -> String {
        let mut out = String::new();
        if self.parts.len() > 1 {
            out.push_str(&format!(
                "{} independent parts (no shared letter, cell or all-different), counted apart and multiplied\n",
                self.parts.len()
            ));
        }
        for (i, part) in self.parts.iter().enumerate() {
            let how = match (&part.free, &part.columns) {
                _ if part.product.is_some() => part
                    .product
                    .as_ref()
                    .map(|p| p.approach())
                    .unwrap_or_default(),
                _ if part.terms.is_some() => part
                    .terms
                    .as_ref()
                    .map(|t| t.approach())
                    .unwrap_or_default(),
                (Some(free), _) => free.approach(),
                (None, Some(columns)) => columns.approach(),
                (None, None) => format!("enumerated by {}", super::choose(&part.letters).name()),
            };
            if self.parts.len() > 1 {
                let equations: Vec<String> = part
                    .letters
                    .equations
                    .iter()
                    .map(|eq| part.letters.equation_text(eq, None))
                    .chain(
                        part.letters
                            .conditions
                            .iter()
                            .map(|c| part.letters.condition_text(c, None)),
                    )
                    .collect();
                out.push_str(&format!("part {}: {}\n", i + 1, equations.join(", ")));
                for line in how.lines() {
                    out.push_str(&format!("  {}\n", line));
                }
            } else {
                out.push_str(&how);
                out.push('\n');
            }
        }
        out
    }

    /// Listing the whole puzzle first would list every way to fill the
    /// cancelled letters, which the count multiplies in at once.
    fn at_once(&self) -> bool {
        self.parts
            .iter()
            .any(|p| p.free.is_some() || p.product.is_some() || p.terms.is_some())
    }

    fn count(&self, budget: &mut Budget) -> Counted {
        count::product(self.parts.iter().map(|p| p.count(budget)))
    }
}
