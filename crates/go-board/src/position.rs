//! What any board can answer: its geometry and the stone on each point —
//! and the tests built only on that (eye-likeness, true and false eyes).
//!
//! [`Position`] is the small trait the search [`Board`] and
//! the lean [`PlayoutBoard`] share, so point-local helpers are written once
//! and work on either.
//!
//! ```
//! use go_board::{Board, Color, Position};
//!
//! // A true eye at A1, and a false eye at F1: White holds E2, a diagonal
//! // of this edge point.
//! let board = Board::from_diagram(
//!     ". X . . . X .
//!      X X . . O X X
//!      . X . X X . X",
//! )?;
//! assert!(board.is_true_eye(Color::Black, "A1".parse()?));
//! assert!(board.is_eye_like(Color::Black, "F1".parse()?));
//! assert!(board.is_false_eye(Color::Black, "F1".parse()?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::Board;
use crate::color::Color;
use crate::geometry::Geometry;
use crate::playout::PlayoutBoard;
use crate::point::Point;

/// A position: a geometry and the stone (if any) on each point.
///
/// Implementors provide [`geometry`](Position::geometry) and
/// [`color_at`](Position::color_at); the eye tests come for free and may be
/// overridden by a board that can answer them faster.
///
/// ```
/// use go_board::{Board, Color, Position};
///
/// fn count_black<P: Position>(pos: &P) -> usize {
///     pos.geometry()
///         .points()
///         .iter()
///         .filter(|&&p| pos.color_at(p) == Some(Color::Black))
///         .count()
/// }
/// let board = Board::from_diagram("X O\nX .")?;
/// assert_eq!(count_black(&board), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Position {
    /// The board's geometry.
    ///
    /// ```
    /// use go_board::{Board, Position};
    /// let board = Board::new(9)?;
    /// assert_eq!(Position::geometry(&board).num_points(), 81);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    fn geometry(&self) -> &Geometry;

    /// The stone at `p`: `None` for an empty point and for a point off the
    /// board.
    ///
    /// ```
    /// use go_board::{Board, Color, Position};
    /// let board = Board::from_diagram("X .\n. .")?;
    /// assert_eq!(Position::color_at(&board, "A2".parse()?), Some(Color::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn color_at(&self, p: Point) -> Option<Color>;

    /// Whether `p` is on the board and empty.
    ///
    /// ```
    /// use go_board::{Board, Point, Position};
    /// let board = Board::new(9)?;
    /// assert!(Position::is_empty(&board, Point::new(8, 8)));
    /// assert!(!Position::is_empty(&board, Point::new(9, 8)));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[inline]
    fn is_empty(&self, p: Point) -> bool {
        self.geometry().contains(p) && self.color_at(p).is_none()
    }

    /// Whether the empty point `p` looks like an eye of `color`: every
    /// on-board neighbour holds a stone of `color` (the edge counts as
    /// `color`). It may still be a false eye; see
    /// [`is_true_eye`](Position::is_true_eye).
    ///
    /// ```
    /// use go_board::{Board, Color, Position};
    /// let board = Board::from_diagram(
    ///     ". X .
    ///      X . X
    ///      . X .",
    /// )?;
    /// assert!(board.is_eye_like(Color::Black, "B2".parse()?));
    /// assert!(!board.is_eye_like(Color::White, "B2".parse()?));
    /// assert!(!board.is_eye_like(Color::Black, "B3".parse()?)); // a stone
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn is_eye_like(&self, color: Color, p: Point) -> bool {
        if !Position::is_empty(self, p) {
            return false;
        }
        let geo = self.geometry();
        p.neighbours()
            .into_iter()
            .all(|q| !geo.contains(q) || self.color_at(q) == Some(color))
    }

    /// Whether `p` is a true eye of `color` by the usual diagonal rule: it
    /// is eye-like, and the enemy holds none of its diagonals if `p` is on
    /// the edge or in a corner, at most one of them in the centre.
    ///
    /// The rule is local: an eye whose diagonal stones are themselves in
    /// danger may be called false here and yet become true later.
    ///
    /// ```
    /// use go_board::{Board, Color, Position};
    /// let board = Board::from_diagram(
    ///     ". . . . .
    ///      . O X O .
    ///      . X . X .
    ///      . . X . .
    ///      . . . . .",
    /// )?;
    /// // Two White diagonals: C3 is a false eye of Black.
    /// assert!(board.is_eye_like(Color::Black, "C3".parse()?));
    /// assert!(!board.is_true_eye(Color::Black, "C3".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn is_true_eye(&self, color: Color, p: Point) -> bool {
        if !self.is_eye_like(color, p) {
            return false;
        }
        let geo = self.geometry();
        let enemy = Some(color.opposite());
        let mut off_board = false;
        let mut enemies = 0;
        for d in p.diagonals() {
            if !geo.contains(d) {
                off_board = true;
            } else if self.color_at(d) == enemy {
                enemies += 1;
            }
        }
        // On the edge and in the corner a single enemy diagonal breaks the
        // eye; in the centre it takes two.
        enemies < if off_board { 1 } else { 2 }
    }

    /// Whether `p` is eye-like for `color` but fails the diagonal test of
    /// [`is_true_eye`](Position::is_true_eye).
    ///
    /// ```
    /// use go_board::{Board, Color, Position};
    /// let board = Board::from_diagram(
    ///     ". X .
    ///      X O .
    ///      . . .",
    /// )?;
    /// assert!(board.is_false_eye(Color::Black, "A3".parse()?)); // corner, B2 is White
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn is_false_eye(&self, color: Color, p: Point) -> bool {
        self.is_eye_like(color, p) && !self.is_true_eye(color, p)
    }
}

impl Position for Board {
    #[inline]
    fn geometry(&self) -> &Geometry {
        Board::geometry(self)
    }

    #[inline]
    fn color_at(&self, p: Point) -> Option<Color> {
        Board::color_at(self, p)
    }

    #[inline]
    fn is_empty(&self, p: Point) -> bool {
        Board::is_empty(self, p)
    }
}

impl Position for PlayoutBoard {
    #[inline]
    fn geometry(&self) -> &Geometry {
        PlayoutBoard::geometry(self)
    }

    #[inline]
    fn color_at(&self, p: Point) -> Option<Color> {
        PlayoutBoard::color_at(self, p)
    }

    #[inline]
    fn is_empty(&self, p: Point) -> bool {
        PlayoutBoard::is_empty(self, p)
    }

    /// The playout board's own eye kernel, which applies the same rule.
    #[inline]
    fn is_true_eye(&self, color: Color, p: Point) -> bool {
        self.is_eye(color, p)
    }
}
