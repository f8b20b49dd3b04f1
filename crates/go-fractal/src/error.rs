//! Errors of the crate.

use go_patterns::database::LearnError;

/// What can go wrong in go-fractal.
///
/// ```
/// use go_fractal::{FractalError, Objective};
/// let e = "eyez".parse::<Objective>().unwrap_err();
/// assert!(matches!(e, FractalError::UnknownObjective(_)));
/// assert!(e.to_string().contains("eyez"));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum FractalError {
    /// An objective name that is not one of the five.
    #[error("unknown objective {0:?} (expected win, eyes, cohesion, points or get_eye)")]
    UnknownObjective(String),
    /// A level that is not 0 or 1.
    #[error("unknown level {0:?} (expected 0 or 1)")]
    BadLevel(String),
    /// A malformed line of a weights text.
    #[error("weights, line {line}: {reason}")]
    BadWeights {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A malformed line of a knowledge file.
    #[error("knowledge, line {line}: {reason}")]
    BadKnowledge {
        /// The line, from 1 (0: the file as a whole).
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A position or move that cannot be learned.
    #[error("cannot learn: {0}")]
    Learn(#[from] LearnError),
    /// A position that cannot be built.
    #[error("cannot load: {0}")]
    Load(String),
    /// A file could not be read or written.
    #[error("i/o: {0}")]
    Io(String),
}
