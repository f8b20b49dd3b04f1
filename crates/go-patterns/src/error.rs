//! Errors of pattern construction and parsing.

use crate::cell::Cell;
use crate::symmetry::Offset;

/// A pattern or shape that cannot be built, naming what is wrong.
///
/// ```
/// use go_patterns::{Pattern, PatternError};
/// assert_eq!("X!".parse::<Pattern>(), Err(PatternError::UnknownChar('!')));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PatternError {
    /// A diagram character that is not a cell.
    #[error("unexpected character `{0}` in pattern diagram")]
    UnknownChar(char),
    /// Rows of different lengths.
    #[error("pattern row {row} has {found} cells, expected {expected}")]
    RaggedRow {
        /// The row, counted from the top from 1.
        row: usize,
        /// Cells in the first row.
        expected: usize,
        /// Cells in this row.
        found: usize,
    },
    /// No cells at all.
    #[error("the pattern has no cells")]
    Empty,
    /// More than one anchor mark (`*` or `(…)`).
    #[error("the pattern diagram marks more than one anchor")]
    MultipleAnchors,
    /// An anchor mark `(` not followed by a cell and `)`.
    #[error("unclosed anchor mark `(` in pattern diagram")]
    UnclosedAnchor,
    /// The same offset given twice.
    #[error("offset {0} appears twice")]
    DuplicateOffset(Offset),
    /// An offset further from the origin than any board allows.
    #[error("offset {0} is too far from the origin")]
    OffsetOutOfRange(Offset),
    /// A square side or radius outside the supported range.
    #[error("unsupported shape extent {0}")]
    BadExtent(usize),
    /// A cell the operation cannot represent (for example `x` in a trie
    /// key, whose symbols are single states).
    #[error("cell `{cell}` at {offset} is not supported here")]
    UnsupportedCell {
        /// Where the cell is.
        offset: Offset,
        /// The cell.
        cell: Cell,
    },
    /// A pattern that is not 3×3 around its origin where one is needed.
    #[error("the pattern is not a 3×3 pattern centred on its anchor")]
    Not3x3,
}
