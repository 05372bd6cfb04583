//! [`Error`]: what can go wrong when a script runs, as types a caller can
//! match on rather than strings.

use std::fmt;

use crypta_substrate::diagnostic::Diagnostic;

/// Why a script or statement gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The script has errors ([`crate::Script::diagnostics`]): nothing of
    /// it was run. [`crate::Script::render_diagnostics`] draws them with
    /// their source.
    Script(Vec<Diagnostic>),
    /// A bug in crypta: a strategy reported an assignment that fails
    /// verification. Nothing of that statement's answer is shown.
    Internal(InternalError),
}

/// A bug in crypta found while running a statement: a search reported a
/// solution that its own check rejects. Worth reporting with the script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InternalError {
    message: String,
}

impl InternalError {
    /// What failed, in a sentence that starts "internal error:".
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<String> for InternalError {
    fn from(message: String) -> Self {
        InternalError { message }
    }
}

impl From<crypta_engine::run::RunError> for InternalError {
    fn from(error: crypta_engine::run::RunError) -> Self {
        InternalError {
            message: error.to_string(),
        }
    }
}

impl fmt::Display for InternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for InternalError {}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Script(diagnostics) => match diagnostics.as_slice() {
                [] => write!(f, "the script has errors"),
                [one] => write!(f, "the script has an error: {}", one.message),
                [first, rest @ ..] => write!(
                    f,
                    "the script has {} errors, the first: {}",
                    rest.len() + 1,
                    first.message
                ),
            },
            Error::Internal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Script(_) => None,
            Error::Internal(e) => Some(e),
        }
    }
}

impl From<InternalError> for Error {
    fn from(e: InternalError) -> Self {
        Error::Internal(e)
    }
}
