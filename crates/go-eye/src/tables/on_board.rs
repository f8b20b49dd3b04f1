//! The bridge from points on a board to a table [`Eye`]: which cell of the
//! eye's frame is which board point, and which board edges the eye touches.

use go_board::{Geometry, Point, PointSet};

use super::eye::{Eye, EyeError};
use crate::position::Edges;
use crate::shape::{Cell, CellSet, FRAME, MAX_SHAPE_SIZE, ShapeError};

/// Where an eye's frame lies on a board: the cell `(x, y)` is the point in
/// column `col0 + x` and row `row0 + y`. So `x` grows with the column letter
/// and `y` with the row number: the frame's row 0 lies towards the board's
/// first line, and [`Edges::NORTH`] (the side of the frame's row 0) is the
/// board's edge at row 1, [`Edges::SOUTH`] the one beyond its last row,
/// [`Edges::WEST`] the A column and [`Edges::EAST`] the last column.
///
/// ```
/// use go_eye::shape::Cell;
/// use go_eye::tables::BoardFrame;
/// let points = ["C1", "D1"].iter().map(|s| s.parse().unwrap()).collect();
/// let frame = BoardFrame::around(&points).unwrap();
/// assert_eq!(frame.point(Cell::new(1, 0).unwrap()), "D1".parse()?);
/// assert_eq!(frame.cell("C1".parse()?), Cell::new(0, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardFrame {
    col0: usize,
    row0: usize,
}

impl BoardFrame {
    /// The frame whose origin is the lowest column and row of `points`, or
    /// `None` when they do not fit in the 8×8 frame or there are none.
    #[must_use]
    pub fn around(points: &PointSet) -> Option<BoardFrame> {
        let col0 = points.iter().map(Point::col).min()?;
        let row0 = points.iter().map(Point::row).min()?;
        let col1 = points.iter().map(Point::col).max()?;
        let row1 = points.iter().map(Point::row).max()?;
        let fits = col1 - col0 < usize::from(FRAME) && row1 - row0 < usize::from(FRAME);
        fits.then_some(BoardFrame { col0, row0 })
    }

    /// The cell of `p`, or `None` when `p` lies outside the frame.
    #[must_use]
    pub fn cell(&self, p: Point) -> Option<Cell> {
        let x = p.col().checked_sub(self.col0)?;
        let y = p.row().checked_sub(self.row0)?;
        Cell::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?)
    }

    /// The board point of the cell `c`.
    #[must_use]
    pub fn point(&self, c: Cell) -> Point {
        Point::new(
            self.col0 + usize::from(c.x()),
            self.row0 + usize::from(c.y()),
        )
    }

    /// The cells of those `points` that lie in the frame.
    #[must_use]
    pub fn cells(&self, points: &PointSet) -> CellSet {
        points.iter().filter_map(|p| self.cell(p)).collect()
    }

    /// The board points of `cells`.
    #[must_use]
    pub fn points(&self, cells: CellSet) -> PointSet {
        cells.iter().map(|c| self.point(c)).collect()
    }
}

impl Eye {
    /// The eye made of the board `points` (empty points and the enemy
    /// stones inside), with the board edges it touches, and the frame that
    /// maps its cells back to the board.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_eye::tables::{Eye, EyeStatus, Stones};
    /// // Black's square four in the corner, a white stone in it: one eye.
    /// let board = Board::from_diagram(
    ///     ". O X . .
    ///      . . X . .
    ///      X X X . .",
    /// )?;
    /// let points = ["A3", "B3", "A2", "B2"].iter().map(|s| s.parse().unwrap()).collect();
    /// let (eye, frame) = Eye::on_board(board.geometry(), &points)?;
    /// assert_eq!(eye.size(), 4);
    /// let inside = points & *board.stones_of(go_board::Color::White);
    /// let white = Stones::enemy(frame.cells(&inside));
    /// let analysis = eye.analyse(&white, 4)?;
    /// assert_eq!(analysis.status, EyeStatus::Nakade);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`EyeError::Shape`] when there are no points, more than eight, or
    /// they are not connected; the errors of [`Eye::new`] for shapes that
    /// are not eyes in this position.
    pub fn on_board(geometry: &Geometry, points: &PointSet) -> Result<(Eye, BoardFrame), EyeError> {
        let n = points.len();
        if n == 0 {
            return Err(ShapeError::Empty.into());
        }
        if n > MAX_SHAPE_SIZE {
            return Err(ShapeError::TooLarge(n).into());
        }
        let Some(frame) = BoardFrame::around(points) else {
            // Eight points or fewer spread wider than eight lines: apart.
            return Err(ShapeError::Disconnected(CellSet::EMPTY).into());
        };
        let cells = frame.cells(points);
        let max_col = points.iter().map(Point::col).max().unwrap_or(0);
        let max_row = points.iter().map(Point::row).max().unwrap_or(0);
        let mut edges = Edges::NONE;
        if frame.row0 == 0 {
            edges = edges | Edges::NORTH;
        }
        if max_row + 1 == geometry.height() {
            edges = edges | Edges::SOUTH;
        }
        if frame.col0 == 0 {
            edges = edges | Edges::WEST;
        }
        if max_col + 1 == geometry.width() {
            edges = edges | Edges::EAST;
        }
        Ok((Eye::new(cells, edges)?, frame))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{EyeStatus, Stones};
    use go_board::{Board, Color};

    fn points(names: &[&str]) -> PointSet {
        names.iter().map(|s| s.parse().unwrap()).collect()
    }

    #[test]
    fn the_frame_round_trips() {
        let ps = points(&["Q16", "R16", "R17", "S17"]);
        let frame = BoardFrame::around(&ps).unwrap();
        assert_eq!(frame.points(frame.cells(&ps)), ps);
        assert_eq!(frame.cell("A1".parse().unwrap()), None);
    }

    #[test]
    fn corner_and_centre_eyes_differ_as_on_the_board() {
        // A bent four in the corner is a ko for the attacker moving first;
        // the same shape in the open lives.
        let geo = Geometry::square(9).unwrap();
        let corner = points(&["A1", "A2", "A3", "B1"]);
        let (eye, _) = Eye::on_board(geo, &corner).unwrap();
        assert_eq!(eye.edges(), Edges::NORTH | Edges::WEST);
        assert!(eye.has_ko());
        let centre = points(&["D4", "D5", "D6", "E4"]);
        let (eye, _) = Eye::on_board(geo, &centre).unwrap();
        assert_eq!(eye.edges(), Edges::NONE);
        assert_eq!(eye.status(&Stones::default(), 4).unwrap(), EyeStatus::Alive);
    }

    #[test]
    fn key_points_come_back_as_board_points() {
        // Black's straight three on the first line: the middle is vital.
        let board = Board::from_diagram(
            ". . . . . .
             X X X X X .
             X . . . X .",
        )
        .unwrap();
        let ps = points(&["B1", "C1", "D1"]);
        let (eye, frame) = Eye::on_board(board.geometry(), &ps).unwrap();
        let a = eye
            .analyse(
                &Stones::enemy(frame.cells(&(ps & *board.stones_of(Color::White)))),
                4,
            )
            .unwrap();
        assert_eq!(a.status, EyeStatus::Unsettled);
        assert_eq!(
            a.key_point.map(|c| frame.point(c)),
            Some("C1".parse().unwrap())
        );
    }

    #[test]
    fn bad_point_sets_are_errors() {
        let geo = Geometry::square(19).unwrap();
        assert!(Eye::on_board(geo, &PointSet::new()).is_err());
        assert!(Eye::on_board(geo, &points(&["A1", "T19"])).is_err());
        let nine = points(&["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "J1"]);
        assert!(Eye::on_board(geo, &nine).is_err());
    }
}
