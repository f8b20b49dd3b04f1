//! What is on a point as a pattern or a 3×3 code sees it
//! ([`PointState`]): empty, a stone, or off the board.

use crate::color::Color;
use crate::point::Point;
use crate::position::Position;

/// What is on a point as a pattern or a [`Code3x3`](crate::Code3x3) sees
/// it: empty, a stone, or off the board.
///
/// The discriminants are the two-bit codes of a `Code3x3`
/// (0 empty, 1 Black, 2 White, 3 edge).
///
/// ```
/// use go_board::{Board, Point, PointState};
/// let board = Board::from_diagram("X .\n. O")?;
/// assert_eq!(PointState::at(&board, "A2".parse()?), PointState::Black);
/// assert_eq!(PointState::at(&board, "B1".parse()?), PointState::White);
/// assert_eq!(PointState::at(&board, Point::new(5, 0)), PointState::Edge);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PointState {
    /// An empty point on the board.
    Empty = 0,
    /// A Black stone.
    Black = 1,
    /// A White stone.
    White = 2,
    /// Off the board.
    Edge = 3,
}

impl PointState {
    /// All four states, in code order.
    pub const ALL: [PointState; 4] = [
        PointState::Empty,
        PointState::Black,
        PointState::White,
        PointState::Edge,
    ];

    /// The state of `p` on `pos` (off the board is [`PointState::Edge`]).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_board::PointState;
    /// let board = Board::new(9)?;
    /// assert_eq!(PointState::at(&board, "E5".parse()?), PointState::Empty);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn at<P: Position + ?Sized>(pos: &P, p: Point) -> PointState {
        if !pos.geometry().contains(p) {
            return PointState::Edge;
        }
        PointState::of(pos.color_at(p))
    }

    /// The state of a stone or an empty point.
    ///
    /// ```
    /// use go_board::Color;
    /// use go_board::PointState;
    /// assert_eq!(PointState::of(Some(Color::White)), PointState::White);
    /// assert_eq!(PointState::of(None), PointState::Empty);
    /// ```
    #[inline]
    #[must_use]
    pub const fn of(stone: Option<Color>) -> PointState {
        match stone {
            None => PointState::Empty,
            Some(Color::Black) => PointState::Black,
            Some(Color::White) => PointState::White,
        }
    }

    /// The two-bit code (0 empty, 1 Black, 2 White, 3 edge).
    ///
    /// ```
    /// use go_board::PointState;
    /// assert_eq!(PointState::Edge.code(), 3);
    /// ```
    #[inline]
    #[must_use]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The state with two-bit code `code & 3`.
    ///
    /// ```
    /// use go_board::PointState;
    /// assert_eq!(PointState::from_code(2), PointState::White);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_code(code: u8) -> PointState {
        match code & 3 {
            0 => PointState::Empty,
            1 => PointState::Black,
            2 => PointState::White,
            _ => PointState::Edge,
        }
    }

    /// Black and White exchanged; empty and edge unchanged.
    ///
    /// ```
    /// use go_board::PointState;
    /// assert_eq!(PointState::Black.swap_colors(), PointState::White);
    /// assert_eq!(PointState::Edge.swap_colors(), PointState::Edge);
    /// ```
    #[inline]
    #[must_use]
    pub const fn swap_colors(self) -> PointState {
        match self {
            PointState::Black => PointState::White,
            PointState::White => PointState::Black,
            other => other,
        }
    }

    /// The stone's colour, if any.
    ///
    /// ```
    /// use go_board::Color;
    /// use go_board::PointState;
    /// assert_eq!(PointState::Black.color(), Some(Color::Black));
    /// assert_eq!(PointState::Edge.color(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn color(self) -> Option<Color> {
        match self {
            PointState::Black => Some(Color::Black),
            PointState::White => Some(Color::White),
            _ => None,
        }
    }
}
