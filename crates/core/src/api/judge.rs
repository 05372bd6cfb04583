//! [`Problem::judge`]: the contest formats of [`crate::judge`] run under
//! [`Options`].

use super::Options;
use crate::judge::{self, JudgeError, Problem};

impl Problem {
    /// Reads this problem's whole `input`, solves every dataset in it under
    /// `options`, and returns exactly what the problem's judge expects;
    /// the error says what is wrong with the input (or that a limit
    /// stopped a search).
    pub fn judge(self, input: &str, options: &Options) -> Result<String, JudgeError> {
        judge::judge(self, input, &options.run_options())
    }
}
