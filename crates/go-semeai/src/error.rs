//! [`SemeaiError`]: why a race cannot be asked.

use go_board::Point;
use thiserror::Error;

/// Why the solver refused a question (the thesis's `solve_semeais`
/// validation: points on the board, not empty, of opposite colours).
///
/// ```
/// use go_board::Board;
/// use go_semeai::{SemeaiError, solve};
/// let board = Board::from_diagram("X . O\n. . .\n. . .")?;
/// let b2 = "B2".parse()?;
/// assert_eq!(solve(&board, b2, "C3".parse()?), Err(SemeaiError::Empty(b2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SemeaiError {
    /// The point is not on the board.
    #[error("{0} is not on the board")]
    OffBoard(Point),
    /// The point holds no stone.
    #[error("{0} is empty")]
    Empty(Point),
    /// The two points hold stones of the same colour.
    #[error("{0} and {1} are stones of the same colour")]
    SameColor(Point, Point),
}
