//! Points, moves and their GTP text form.
//!
//! A [`Point`] is a dense index into a padded one-dimensional array laid out
//! for the largest board (25×25), with a border all around: the four
//! neighbours of `p` are `p ± 1` and `p ± STRIDE` on every board size, so
//! points mean the same intersection whatever the size. Whether a point lies
//! on a particular board is a question for its [`Geometry`](crate::Geometry).

use std::fmt;
use std::str::FromStr;

/// The largest supported board side.
pub const MAX_SIZE: usize = 25;
/// The smallest supported board side.
pub const MIN_SIZE: usize = 2;
/// Distance between vertically adjacent points in the padded layout.
pub const STRIDE: usize = MAX_SIZE + 1;
/// Length of arrays indexed by [`Point::index`] (covers the border and the
/// diagonals of every on-board point).
pub const NUM_INDICES: usize = (MAX_SIZE + 2) * STRIDE + 1;

/// The GTP column letters: A..Z without I.
const COLUMN_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// An intersection, as a dense index into the padded layout.
///
/// Columns and rows count from 0 at the lower left, as GTP does (`A1` is
/// column 0, row 0). The text form is the GTP vertex.
///
/// ```
/// use go_board::Point;
/// let p: Point = "D4".parse()?;
/// assert_eq!((p.col(), p.row()), (3, 3));
/// assert_eq!(p, Point::new(3, 3));
/// assert_eq!(Point::new(8, 0).to_string(), "J1"); // no I
/// # Ok::<(), go_board::ParseVertexError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point(u16);

impl Point {
    /// The point at `col`, `row` (0-based, from the lower left).
    ///
    /// # Panics
    /// If `col` or `row` is not below [`MAX_SIZE`]; use [`Point::try_new`]
    /// for unchecked input.
    ///
    /// ```
    /// use go_board::Point;
    /// assert_eq!(Point::new(0, 0).to_string(), "A1");
    /// ```
    #[must_use]
    #[inline]
    pub const fn new(col: usize, row: usize) -> Point {
        assert!(col < MAX_SIZE && row < MAX_SIZE, "point out of range");
        Point(((row + 1) * STRIDE + col + 1) as u16)
    }

    /// The point at `col`, `row`, or `None` when either is not below
    /// [`MAX_SIZE`].
    ///
    /// ```
    /// use go_board::Point;
    /// assert!(Point::try_new(24, 24).is_some());
    /// assert!(Point::try_new(25, 0).is_none());
    /// ```
    #[must_use]
    pub const fn try_new(col: usize, row: usize) -> Option<Point> {
        if col < MAX_SIZE && row < MAX_SIZE {
            Some(Point::new(col, row))
        } else {
            None
        }
    }

    /// The dense index, below [`NUM_INDICES`].
    ///
    /// ```
    /// use go_board::{Point, NUM_INDICES};
    /// assert!(Point::new(24, 24).index() < NUM_INDICES);
    /// ```
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The point with dense index `index`, if it is an intersection of the
    /// largest board (not a border index).
    ///
    /// ```
    /// use go_board::Point;
    /// let p = Point::new(5, 7);
    /// assert_eq!(Point::from_index(p.index()), Some(p));
    /// assert_eq!(Point::from_index(0), None);
    /// ```
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < STRIDE || index >= NUM_INDICES {
            return None;
        }
        let row = index / STRIDE;
        let col = index % STRIDE;
        if col == 0 || row > MAX_SIZE {
            return None;
        }
        Some(Point(index as u16))
    }

    /// Wraps a raw index without checking it; the crate uses it for border
    /// and neighbour arithmetic.
    #[inline]
    pub(crate) const fn from_raw(index: usize) -> Point {
        Point(index as u16)
    }

    /// The column, 0 for `A`.
    ///
    /// ```
    /// use go_board::Point;
    /// assert_eq!("K10".parse::<Point>().unwrap().col(), 9);
    /// ```
    #[must_use]
    #[inline]
    pub const fn col(self) -> usize {
        self.0 as usize % STRIDE - 1
    }

    /// The row, 0 for the bottom row (`1` in GTP).
    ///
    /// ```
    /// use go_board::Point;
    /// assert_eq!("K10".parse::<Point>().unwrap().row(), 9);
    /// ```
    #[must_use]
    #[inline]
    pub const fn row(self) -> usize {
        self.0 as usize / STRIDE - 1
    }

    /// The four orthogonal neighbours in the padded layout (north, south,
    /// east, west); some may be off a given board — ask its
    /// [`Geometry`](crate::Geometry) for the on-board ones.
    ///
    /// ```
    /// use go_board::Point;
    /// let n = Point::new(3, 3).neighbours();
    /// assert!(n.contains(&Point::new(3, 4)));
    /// assert!(n.contains(&Point::new(2, 3)));
    /// ```
    #[must_use]
    #[inline]
    pub const fn neighbours(self) -> [Point; 4] {
        let i = self.0;
        [
            Point(i + STRIDE as u16),
            Point(i - STRIDE as u16),
            Point(i + 1),
            Point(i - 1),
        ]
    }

    /// The four diagonal neighbours in the padded layout.
    ///
    /// ```
    /// use go_board::Point;
    /// assert!(Point::new(3, 3).diagonals().contains(&Point::new(4, 4)));
    /// ```
    #[must_use]
    #[inline]
    pub const fn diagonals(self) -> [Point; 4] {
        let i = self.0;
        [
            Point(i + STRIDE as u16 + 1),
            Point(i + STRIDE as u16 - 1),
            Point(i - STRIDE as u16 + 1),
            Point(i - STRIDE as u16 - 1),
        ]
    }

    /// Manhattan distance between two points.
    ///
    /// ```
    /// use go_board::Point;
    /// assert_eq!(Point::new(0, 0).distance(Point::new(2, 3)), 5);
    /// ```
    #[must_use]
    pub const fn distance(self, other: Point) -> usize {
        self.col().abs_diff(other.col()) + self.row().abs_diff(other.row())
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let col = self.col();
        let row = self.row();
        if col < MAX_SIZE && row < MAX_SIZE {
            write!(f, "{}{}", COLUMN_LETTERS[col] as char, row + 1)
        } else {
            write!(f, "#{}", self.0)
        }
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The error of parsing a GTP vertex or move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseVertexError {
    /// The text is empty.
    #[error("empty vertex")]
    Empty,
    /// The column letter is not A..Z without I.
    #[error("invalid column letter in vertex `{0}`")]
    InvalidColumn(String),
    /// The row is not a number from 1 to 25.
    #[error("invalid row in vertex `{0}`")]
    InvalidRow(String),
}

/// Column index of a GTP column letter (A..Z without I, any case).
pub(crate) fn column_from_letter(c: char) -> Option<usize> {
    let up = c.to_ascii_uppercase() as u32;
    COLUMN_LETTERS.iter().position(|&l| l as u32 == up)
}

impl FromStr for Point {
    type Err = ParseVertexError;

    /// Parses a GTP vertex such as `D4` or `t19` (`I` is never a column).
    /// `pass` is a [`Move`], not a point.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let mut chars = s.chars();
        let first = chars.next().ok_or(ParseVertexError::Empty)?;
        let col =
            column_from_letter(first).ok_or_else(|| ParseVertexError::InvalidColumn(s.into()))?;
        let rest = chars.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseVertexError::InvalidRow(s.into()));
        }
        let row: usize = rest
            .parse()
            .map_err(|_| ParseVertexError::InvalidRow(s.into()))?;
        if row == 0 || row > MAX_SIZE || rest.starts_with('0') {
            return Err(ParseVertexError::InvalidRow(s.into()));
        }
        Ok(Point::new(col, row - 1))
    }
}

/// A move: a stone at a point, or a pass.
///
/// ```
/// use go_board::{Move, Point};
/// assert_eq!("pass".parse::<Move>()?, Move::Pass);
/// assert_eq!("c3".parse::<Move>()?, Move::Play(Point::new(2, 2)));
/// assert_eq!(Move::Pass.to_string(), "pass");
/// # Ok::<(), go_board::ParseVertexError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// A stone at the point.
    Play(Point),
    /// A pass.
    Pass,
}

impl Move {
    /// The point of a stone move, `None` for a pass.
    ///
    /// ```
    /// use go_board::{Move, Point};
    /// assert_eq!(Move::Pass.point(), None);
    /// ```
    #[must_use]
    pub const fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }

    /// Whether this is a pass.
    ///
    /// ```
    /// use go_board::Move;
    /// assert!(Move::Pass.is_pass());
    /// ```
    #[must_use]
    pub const fn is_pass(self) -> bool {
        matches!(self, Move::Pass)
    }
}

impl From<Point> for Move {
    fn from(p: Point) -> Move {
        Move::Play(p)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => fmt::Display::fmt(p, f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseVertexError;

    /// Parses a GTP vertex or `pass` (any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim().eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            s.parse().map(Move::Play)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertex_round_trips_on_the_largest_board() {
        for row in 0..MAX_SIZE {
            for col in 0..MAX_SIZE {
                let p = Point::new(col, row);
                assert_eq!((p.col(), p.row()), (col, row));
                assert_eq!(p.to_string().parse::<Point>(), Ok(p));
                assert_eq!(Point::from_index(p.index()), Some(p));
            }
        }
    }

    #[test]
    fn column_i_is_skipped() {
        assert_eq!("H1".parse::<Point>().unwrap().col(), 7);
        assert_eq!("J1".parse::<Point>().unwrap().col(), 8);
        assert!("I1".parse::<Point>().is_err());
    }

    #[test]
    fn bad_vertices_are_errors() {
        for s in [
            "", "A", "A0", "A26", "A01", "11", "a-1", "A1x", "Ä3", "A999",
        ] {
            assert!(s.parse::<Point>().is_err(), "{s}");
        }
    }

    #[test]
    fn border_indices_are_not_points() {
        let valid = (0..NUM_INDICES)
            .filter(|&i| Point::from_index(i).is_some())
            .count();
        assert_eq!(valid, MAX_SIZE * MAX_SIZE);
    }
}
