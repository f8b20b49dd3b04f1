//! [`TacticsError`]: questions that cannot be asked.

use go_board::Point;

/// Why a tactical question could not be asked.
///
/// ```
/// use go_board::Board;
/// use go_search::tactics::{Reader, TacticsError};
/// let board = Board::new(9)?;
/// let e5 = "E5".parse()?;
/// assert_eq!(Reader::default().attack(&board, e5), Err(TacticsError::EmptyPoint(e5)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum TacticsError {
    /// The point holds no stone, so there is no block to attack or defend.
    #[error("vertex must not be empty: {0}")]
    EmptyPoint(Point),
    /// The point is not on the board.
    #[error("vertex {0} is off the board")]
    OffBoard(Point),
}
