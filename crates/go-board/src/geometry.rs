//! Board geometry: which points exist, their neighbours, lines and
//! locations, and coordinate conversions.

use std::sync::OnceLock;

use crate::point::{MAX_SIZE, MIN_SIZE, NUM_INDICES, ParseVertexError, Point};
use crate::point_set::PointSet;

/// An unsupported board size.
///
/// ```
/// use go_board::{Geometry, SizeError};
/// assert_eq!(Geometry::square(26).unwrap_err(), SizeError { width: 26, height: 26 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unsupported board size {width}x{height} (sides must be 2 to 25)")]
pub struct SizeError {
    /// The requested width.
    pub width: usize,
    /// The requested height.
    pub height: usize,
}

/// A vertex that is not on this board, or not a vertex at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VertexError {
    /// The text is not a vertex.
    #[error(transparent)]
    Parse(#[from] ParseVertexError),
    /// The vertex exists but lies outside the board.
    #[error("vertex {point} is off the {width}x{height} board")]
    OffBoard {
        /// The vertex.
        point: Point,
        /// The board width.
        width: usize,
        /// The board height.
        height: usize,
    },
    /// The SGF coordinate text is malformed.
    #[error("invalid SGF point `{0}`")]
    Sgf(String),
}

/// Where a point lies: corner, edge (first line, not a corner) or centre.
///
/// ```
/// use go_board::{Geometry, Location, Point};
/// let geo = Geometry::square(9)?;
/// assert_eq!(geo.location(Point::new(0, 0)), Location::Corner);
/// assert_eq!(geo.location(Point::new(4, 0)), Location::Edge);
/// assert_eq!(geo.location(Point::new(4, 4)), Location::Centre);
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Location {
    /// A corner point (two edges).
    Corner,
    /// A first-line point that is not a corner.
    Edge,
    /// Any other point.
    Centre,
}

/// The geometry of one board size: shared, immutable, one per size.
///
/// ```
/// use go_board::{Geometry, Point};
/// let geo = Geometry::square(19)?;
/// assert_eq!(geo.num_points(), 361);
/// assert_eq!(geo.line(Point::new(3, 3)), 4);
/// assert_eq!(geo.neighbours(Point::new(0, 0)).count(), 2);
/// assert_eq!(geo.to_sgf(Point::new(0, 0)), "as");
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Debug)]
pub struct Geometry {
    width: usize,
    height: usize,
    all: PointSet,
    points: Vec<Point>,
    on_board: [bool; NUM_INDICES],
}

static GEOMETRIES: [OnceLock<Geometry>; MAX_SIZE * MAX_SIZE] =
    [const { OnceLock::new() }; MAX_SIZE * MAX_SIZE];

impl Geometry {
    /// The geometry of a square board of side `size` (2..=25).
    ///
    /// ```
    /// use go_board::Geometry;
    /// assert_eq!(Geometry::square(13)?.width(), 13);
    /// assert!(Geometry::square(1).is_err());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn square(size: usize) -> Result<&'static Geometry, SizeError> {
        Geometry::new(size, size)
    }

    /// The geometry of a `width` × `height` board (each side 2..=25).
    ///
    /// ```
    /// use go_board::Geometry;
    /// let geo = Geometry::new(7, 5)?;
    /// assert_eq!(geo.num_points(), 35);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn new(width: usize, height: usize) -> Result<&'static Geometry, SizeError> {
        let valid = MIN_SIZE..=MAX_SIZE;
        if !valid.contains(&width) || !valid.contains(&height) {
            return Err(SizeError { width, height });
        }
        let slot = &GEOMETRIES[(width - 1) * MAX_SIZE + (height - 1)];
        Ok(slot.get_or_init(|| Geometry::build(width, height)))
    }

    fn build(width: usize, height: usize) -> Geometry {
        let mut points = Vec::with_capacity(width * height);
        let mut on_board = [false; NUM_INDICES];
        for row in 0..height {
            for col in 0..width {
                let p = Point::new(col, row);
                points.push(p);
                on_board[p.index()] = true;
            }
        }
        let all = points.iter().copied().collect();
        Geometry {
            width,
            height,
            all,
            points,
            on_board,
        }
    }

    /// Number of columns.
    ///
    /// ```
    /// use go_board::Geometry;
    /// assert_eq!(Geometry::new(7, 5)?.width(), 7);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    ///
    /// ```
    /// use go_board::Geometry;
    /// assert_eq!(Geometry::new(7, 5)?.height(), 5);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether the board is square.
    ///
    /// ```
    /// use go_board::Geometry;
    /// assert!(Geometry::square(9)?.is_square());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn is_square(&self) -> bool {
        self.width == self.height
    }

    /// Number of points on the board.
    ///
    /// ```
    /// use go_board::Geometry;
    /// assert_eq!(Geometry::square(9)?.num_points(), 81);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn num_points(&self) -> usize {
        self.points.len()
    }

    /// Every point of the board, row by row from `A1`.
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// assert_eq!(Geometry::square(9)?.points()[0], Point::new(0, 0));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The set of every point of the board.
    ///
    /// ```
    /// use go_board::Geometry;
    /// assert_eq!(Geometry::square(9)?.all_points().len(), 81);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn all_points(&self) -> &PointSet {
        &self.all
    }

    /// Whether `p` is on this board.
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// let geo = Geometry::square(9)?;
    /// assert!(geo.contains(Point::new(8, 8)));
    /// assert!(!geo.contains(Point::new(9, 0)));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.on_board[p.index()]
    }

    /// Whether the raw index is an on-board point (border indices are not).
    #[inline]
    pub(crate) fn contains_index(&self, i: usize) -> bool {
        i < NUM_INDICES && self.on_board[i]
    }

    /// The on-board orthogonal neighbours of `p`.
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// let geo = Geometry::square(9)?;
    /// assert_eq!(geo.neighbours(Point::new(4, 0)).count(), 3);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        p.neighbours().into_iter().filter(|&q| self.contains(q))
    }

    /// The on-board diagonal neighbours of `p`.
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// let geo = Geometry::square(9)?;
    /// assert_eq!(geo.diagonals(Point::new(0, 0)).count(), 1);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn diagonals(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        p.diagonals().into_iter().filter(|&q| self.contains(q))
    }

    /// The line of `p`: 1 on the edge, 2 next to it, and so on (distance to
    /// the nearest edge plus one).
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// let geo = Geometry::square(19)?;
    /// assert_eq!(geo.line(Point::new(0, 10)), 1);
    /// assert_eq!(geo.line(Point::new(9, 9)), 10);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn line(&self, p: Point) -> usize {
        let (c, r) = (p.col(), p.row());
        1 + c
            .min(r)
            .min(self.width.saturating_sub(1 + c))
            .min(self.height.saturating_sub(1 + r))
    }

    /// The number of board edges `p` touches (0, 1 or 2; more on boards of
    /// side 2 where a point may touch opposite edges).
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// let geo = Geometry::square(9)?;
    /// assert_eq!(geo.num_edges(Point::new(0, 0)), 2);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn num_edges(&self, p: Point) -> usize {
        4 - self.neighbours(p).count()
    }

    /// Corner, edge or centre.
    ///
    /// ```
    /// use go_board::{Geometry, Location, Point};
    /// assert_eq!(Geometry::square(9)?.location(Point::new(8, 3)), Location::Edge);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn location(&self, p: Point) -> Location {
        let (c, r) = (p.col(), p.row());
        let on_x = c == 0 || c + 1 == self.width;
        let on_y = r == 0 || r + 1 == self.height;
        match (on_x, on_y) {
            (true, true) => Location::Corner,
            (false, false) => Location::Centre,
            _ => Location::Edge,
        }
    }

    /// Parses a GTP vertex and checks that it is on this board.
    ///
    /// ```
    /// use go_board::Geometry;
    /// let geo = Geometry::square(9)?;
    /// assert!(geo.parse_point("J9").is_ok());
    /// assert!(geo.parse_point("K9").is_err());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn parse_point(&self, s: &str) -> Result<Point, VertexError> {
        let p: Point = s.parse()?;
        self.check(p)
    }

    /// `Ok(p)` if `p` is on this board, else [`VertexError::OffBoard`].
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// let geo = Geometry::square(9)?;
    /// assert!(geo.check(Point::new(9, 9)).is_err());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn check(&self, p: Point) -> Result<Point, VertexError> {
        if self.contains(p) {
            Ok(p)
        } else {
            Err(VertexError::OffBoard {
                point: p,
                width: self.width,
                height: self.height,
            })
        }
    }

    /// The SGF coordinates of `p` (`aa` is the upper left corner).
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// let geo = Geometry::square(19)?;
    /// assert_eq!(geo.to_sgf(Point::new(3, 15)), "dd");
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn to_sgf(&self, p: Point) -> String {
        let col = (b'a' + p.col() as u8) as char;
        let row = (b'a' + (self.height - 1 - p.row()) as u8) as char;
        format!("{col}{row}")
    }

    /// Parses SGF coordinates: `Some(point)`, or `None` for a pass (empty
    /// text, or `tt` on boards up to 19×19).
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// let geo = Geometry::square(19)?;
    /// assert_eq!(geo.parse_sgf("dd")?, Some(Point::new(3, 15)));
    /// assert_eq!(geo.parse_sgf("tt")?, None);
    /// assert!(geo.parse_sgf("zz").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_sgf(&self, s: &str) -> Result<Option<Point>, VertexError> {
        let bytes = s.as_bytes();
        if bytes.is_empty() || (s == "tt" && self.width <= 19 && self.height <= 19) {
            return Ok(None);
        }
        if bytes.len() != 2 {
            return Err(VertexError::Sgf(s.into()));
        }
        let (c, r) = (bytes[0], bytes[1]);
        if !c.is_ascii_lowercase() || !r.is_ascii_lowercase() {
            return Err(VertexError::Sgf(s.into()));
        }
        let col = (c - b'a') as usize;
        let from_top = (r - b'a') as usize;
        if col >= self.width || from_top >= self.height {
            return Err(VertexError::Sgf(s.into()));
        }
        Ok(Some(Point::new(col, self.height - 1 - from_top)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_round_trip_on_rectangles() {
        for (w, h) in [(2, 2), (9, 9), (19, 19), (25, 25), (7, 13)] {
            let geo = Geometry::new(w, h).unwrap();
            for &p in geo.points() {
                assert_eq!(geo.parse_sgf(&geo.to_sgf(p)), Ok(Some(p)));
            }
        }
    }

    #[test]
    fn lines_and_locations_on_nine() {
        let geo = Geometry::square(9).unwrap();
        let corners = geo
            .points()
            .iter()
            .filter(|&&p| geo.location(p) == Location::Corner)
            .count();
        let edges = geo
            .points()
            .iter()
            .filter(|&&p| geo.location(p) == Location::Edge)
            .count();
        assert_eq!((corners, edges), (4, 28));
        assert_eq!(geo.line(Point::new(4, 4)), 5);
    }

    #[test]
    fn sizes_out_of_range_are_errors() {
        assert!(Geometry::square(0).is_err());
        assert!(Geometry::square(1).is_err());
        assert!(Geometry::square(26).is_err());
        assert!(Geometry::new(25, 2).is_ok());
    }
}
