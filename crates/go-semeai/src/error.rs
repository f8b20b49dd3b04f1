//! [`SemeaiError`]: why a race cannot be asked.

use go_board::Point;
use thiserror::Error;

/// Why the solver refused a question (the thesis's `solve_semeais`
/// validation: points on the board, not empty, of opposite colours; and
/// blocks in a race at all: adjacent, or with a liberty in common).
///
/// ```
/// use go_board::Board;
/// use go_semeai::{SemeaiError, solve};
/// let board = Board::from_diagram("X . O\n. . .\n. . .")?;
/// let b2 = "B2".parse()?;
/// assert_eq!(solve(&board, b2, "C3".parse()?), Err(SemeaiError::Empty(b2)));
/// // A3 and C3 share B3: a race. Far apart, two stones race nothing.
/// assert!(solve(&board, "A3".parse()?, "C3".parse()?).is_ok());
/// let far = Board::from_diagram("X . . .\n. . . .\n. . . .\n. . . O")?;
/// let (a4, d1) = ("A4".parse()?, "D1".parse()?);
/// assert_eq!(solve(&far, a4, d1), Err(SemeaiError::Unrelated(a4, d1)));
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
    /// The two blocks are not in contact and have no liberty in common, so
    /// no move touches both: they are in no race.
    #[error("the blocks at {0} and {1} are neither adjacent nor share a liberty")]
    Unrelated(Point, Point),
}
