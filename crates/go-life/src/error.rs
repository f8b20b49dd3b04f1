//! [`LifeError`]: questions about groups that cannot be asked.

use go_board::Point;

/// Why a question about a group cannot be answered.
///
/// ```
/// use go_board::Board;
/// use go_life::{LifeError, LifeReader};
/// let board = Board::new(9)?;
/// let err = LifeReader::default().attack(&board, "E5".parse()?).unwrap_err();
/// assert_eq!(err, LifeError::EmptyPoint("E5".parse()?));
/// assert_eq!(err.to_string(), "vertex must not be empty: E5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LifeError {
    /// The point holds no stone.
    #[error("vertex must not be empty: {0}")]
    EmptyPoint(Point),
    /// The point is not on the board.
    #[error("vertex {0} is off the board")]
    OffBoard(Point),
    /// The move cannot be played.
    #[error("illegal move {0}: {1}")]
    Illegal(Point, String),
    /// The two points hold stones of different colours.
    #[error("{0} and {1} are not of one colour")]
    Colours(Point, Point),
}
