//! Errors of the board's operations.

use crate::color::Color;
use crate::point::Point;

/// Why a move is illegal. The board is left unchanged.
///
/// ```
/// use go_board::{Board, Color, PlayError, Point};
/// let mut board = Board::new(9)?;
/// let p = Point::new(4, 4);
/// board.play(Color::Black, p)?;
/// assert_eq!(board.play(Color::White, p), Err(PlayError::Occupied(p)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The point is not on this board.
    #[error("{0} is off the board")]
    OffBoard(Point),
    /// The point already holds a stone.
    #[error("{0} is occupied")]
    Occupied(Point),
    /// The move would retake a ko immediately.
    #[error("{0} retakes a ko")]
    Ko(Point),
    /// The move would leave its own block without liberties.
    #[error("{0} is suicide")]
    Suicide(Point),
    /// The move would repeat an earlier position (superko rules).
    #[error("{0} repeats an earlier position (superko)")]
    Superko(Point),
}

impl PlayError {
    /// The point of the attempted move.
    ///
    /// ```
    /// use go_board::{PlayError, Point};
    /// assert_eq!(PlayError::Ko(Point::new(1, 1)).point(), Point::new(1, 1));
    /// ```
    #[must_use]
    pub fn point(self) -> Point {
        match self {
            PlayError::OffBoard(p)
            | PlayError::Occupied(p)
            | PlayError::Ko(p)
            | PlayError::Suicide(p)
            | PlayError::Superko(p) => p,
        }
    }
}

/// Why a setup (adding or removing stones outside the move sequence) was
/// refused. The board is left unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A point is not on this board.
    #[error("{0} is off the board")]
    OffBoard(Point),
    /// The resulting position has a block without liberties.
    #[error("the {color} block at {point} would have no liberties")]
    NoLiberties {
        /// A stone of the block.
        point: Point,
        /// The block's colour.
        color: Color,
    },
}

/// An incremental structure disagrees with a recomputation from scratch.
/// Only a bug in this crate produces it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("board invariant broken: {0}")]
pub struct InvariantError(pub String);

/// Why handicap stones cannot be placed. The game is left unchanged.
///
/// ```
/// use go_board::{GameHistory, HandicapError, Point};
///
/// let mut game = GameHistory::new(9)?;
/// assert_eq!(game.set_handicap(&[Point::new(2, 2)]), Err(HandicapError::Count(1)));
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HandicapError {
    /// Stones are already on the board (or moves were played).
    #[error("board not empty")]
    BoardNotEmpty,
    /// The number of stones is impossible: fewer than 2, more than the
    /// board can take, or a fixed placement the size does not have.
    #[error("invalid number of handicap stones: {0}")]
    Count(u32),
    /// A point is not on the board.
    #[error("{0} is off the board")]
    OffBoard(Point),
    /// A point is given twice.
    #[error("{0} is given twice")]
    Repeated(Point),
}

/// A komi a game cannot use: not a finite number, or beyond
/// [`Rules::MAX_KOMI`](crate::Rules::MAX_KOMI) (1,000 points) in absolute
/// value. The game is left unchanged.
///
/// ```
/// use go_board::{GameHistory, KomiError};
///
/// let mut game = GameHistory::new(9)?;
/// assert_eq!(game.set_komi(f32::NAN).unwrap_err().to_string(),
///            "komi must be a finite number from -1000 to 1000, got NaN");
/// assert_eq!(game.rules().komi, 6.5);
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("komi must be a finite number from -{max} to {max}, got {0}", max = crate::Rules::MAX_KOMI)]
pub struct KomiError(pub f64);
