//! A toy kind, to show what a new kind touches: `pair { N }` asks for two
//! different digits X and Y with X + Y = N.

/// Two different digits X, Y (variables 0 and 1) that add up to `sum`.
#[derive(Clone, Debug)]
pub struct Pair {
    /// N of `pair { N }`.
    pub sum: u32,
}

impl super::Describe for Pair {
    fn kind_name(&self) -> &'static str {
        "pair"
    }

    fn describe(&self) -> String {
        format!("pair: X + Y = {}, X != Y\n", self.sum)
    }
}
