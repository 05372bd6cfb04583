//! [`Statement::asking`]: a statement's puzzle under another query, so
//! that a front end given a bare puzzle (a Python `count(...)`, a button)
//! asks what it needs without editing the statement's text.

use super::Statement;
use crypta_engine::program::Action;
use crypta_substrate::ir::Query;

impl Statement {
    /// The same puzzle asked with `query` instead: `count`, `unique`,
    /// `grade`, `first N`... Its [`Statement::text`] stays as written.
    /// `None` for a `let`, which asks nothing, and for `first 0`, which the
    /// checker rejects in a script.
    ///
    /// ```
    /// use crypta_core::{Options, Query, Script};
    /// let script = Script::parse("AB + BA = CDC");
    /// let count = script.statements()[0].asking(Query::Count).expect("a puzzle");
    /// let answer = count.run(&Options::new())?;
    /// assert_eq!(answer.query(), Some(Query::Count));
    /// assert!(answer.count().is_some_and(|c| c.to_u64() > Some(0)));
    /// assert!(script.statements()[0].asking(Query::First(0)).is_none());
    ///
    /// let named = Script::parse("let p = AB + BA = CDC\ncount p");
    /// assert!(named.statements()[0].asking(Query::Count).is_none());
    /// # Ok::<(), crypta_core::Error>(())
    /// ```
    pub fn asking(&self, query: Query) -> Option<Statement> {
        let Action::Ask { puzzle, .. } = &self.inner.action else {
            return None;
        };
        if query == Query::First(0) {
            return None;
        }
        Some(Statement {
            inner: crypta_engine::program::Statement {
                action: Action::Ask {
                    query,
                    puzzle: puzzle.clone(),
                },
                ..self.inner.clone()
            },
            caption: self.caption.clone(),
        })
    }
}
