//! Where an eye lies on the board: centre, side or corner (Vilà 2004,
//! §4.2.1.III), given as the board edges its shape touches.

use std::fmt;

use crate::shape::{Cell, CellSet};

/// The sides of a shape's bounding box that lie on the board edge.
///
/// Shapes use a local frame ([`Cell`]): `NORTH` is the side of the smallest
/// row, `WEST` the side of the smallest column. An eye whose box touches no
/// edge is [`Edges::NONE`].
///
/// ```
/// use go_eye::position::Edges;
/// let corner = Edges::NORTH | Edges::WEST;
/// assert!(corner.contains(Edges::WEST));
/// assert!(!corner.contains(Edges::SOUTH));
/// assert_eq!(corner.to_string(), "north+west");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Edges(u8);

impl Edges {
    /// No edge: an eye in the open.
    pub const NONE: Edges = Edges(0);
    /// The edge beyond the smallest row.
    pub const NORTH: Edges = Edges(1);
    /// The edge beyond the largest row.
    pub const SOUTH: Edges = Edges(2);
    /// The edge beyond the smallest column.
    pub const WEST: Edges = Edges(4);
    /// The edge beyond the largest column.
    pub const EAST: Edges = Edges(8);

    /// Whether every edge of `other` is in `self`.
    ///
    /// ```
    /// use go_eye::position::Edges;
    /// assert!(Edges::NORTH.contains(Edges::NONE));
    /// ```
    #[must_use]
    pub const fn contains(self, other: Edges) -> bool {
        self.0 & other.0 == other.0
    }

    /// The edges as a 4-bit mask (north 1, south 2, west 4, east 8).
    ///
    /// ```
    /// use go_eye::position::Edges;
    /// assert_eq!((Edges::SOUTH | Edges::EAST).bits(), 10);
    /// ```
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The edges with mask `bits & 15`.
    ///
    /// ```
    /// use go_eye::position::Edges;
    /// assert_eq!(Edges::from_bits(5), Edges::NORTH | Edges::WEST);
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u8) -> Edges {
        Edges(bits & 15)
    }
}

impl std::ops::BitOr for Edges {
    type Output = Edges;
    fn bitor(self, rhs: Edges) -> Edges {
        Edges(self.0 | rhs.0)
    }
}

impl fmt::Display for Edges {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("none");
        }
        let names = ["north", "south", "west", "east"];
        let mut first = true;
        for (i, name) in names.iter().enumerate() {
            if self.0 >> i & 1 == 1 {
                if !first {
                    f.write_str("+")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Edges {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Edges({self})")
    }
}

/// The position of an eye (Vilà 2004, §4.2.1.III).
///
/// - *Corner*: the eye contains a corner point and both its neighbours.
/// - *Side*: not a corner eye, and at least three edge points (a corner
///   point counts as an edge point).
/// - *Centre*: any other eye.
///
/// ```
/// use go_eye::position::{Edges, EyePosition, eye_position};
/// let bent_four: go_eye::shape::CellSet = "#./#./##".parse().unwrap();
/// assert_eq!(eye_position(bent_four, Edges::SOUTH | Edges::WEST), EyePosition::Corner);
/// assert_eq!(eye_position(bent_four, Edges::WEST), EyePosition::Side);
/// assert_eq!(eye_position(bent_four, Edges::NONE), EyePosition::Centre);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EyePosition {
    /// Neither side nor corner.
    Centre,
    /// At least three edge points, not a corner eye.
    Side,
    /// A corner point and both its neighbours.
    Corner,
}

impl fmt::Display for EyePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EyePosition::Centre => "centre",
            EyePosition::Side => "side",
            EyePosition::Corner => "corner",
        })
    }
}

/// The position of the eye with points `cells` whose bounding box touches `edges`.
///
/// ```
/// use go_eye::position::{Edges, EyePosition, eye_position};
/// let straight_three: go_eye::shape::CellSet = "###".parse().unwrap();
/// assert_eq!(eye_position(straight_three, Edges::NORTH), EyePosition::Side);
/// assert_eq!(eye_position(straight_three, Edges::WEST), EyePosition::Centre);
/// ```
#[must_use]
pub fn eye_position(cells: CellSet, edges: Edges) -> EyePosition {
    let Some((ox, oy)) = cells.origin() else {
        return EyePosition::Centre;
    };
    let (w, h) = cells.extent();
    let (x1, y1) = (ox + w - 1, oy + h - 1);
    let at = |x: u8, y: u8| Cell::new(x, y).is_some_and(|c| cells.contains(c));
    // Each corner: (vertical edge, horizontal edge, corner x, y, step x, y).
    let corners = [
        (Edges::WEST, Edges::NORTH, ox, oy, 1i8, 1i8),
        (Edges::EAST, Edges::NORTH, x1, oy, -1, 1),
        (Edges::WEST, Edges::SOUTH, ox, y1, 1, -1),
        (Edges::EAST, Edges::SOUTH, x1, y1, -1, -1),
    ];
    for (v, hz, x, y, sx, sy) in corners {
        if edges.contains(v | hz)
            && at(x, y)
            && at(x.wrapping_add_signed(sx), y)
            && at(x, y.wrapping_add_signed(sy))
        {
            return EyePosition::Corner;
        }
    }
    if edge_points(cells, edges).len() >= 3 {
        EyePosition::Side
    } else {
        EyePosition::Centre
    }
}

/// The points of `cells` on the board edge.
///
/// ```
/// use go_eye::position::{Edges, edge_points};
/// let l: go_eye::shape::CellSet = "#./#./##".parse().unwrap();
/// assert_eq!(edge_points(l, Edges::SOUTH | Edges::WEST).len(), 4);
/// ```
#[must_use]
pub fn edge_points(cells: CellSet, edges: Edges) -> CellSet {
    let Some((ox, oy)) = cells.origin() else {
        return CellSet::EMPTY;
    };
    let (w, h) = cells.extent();
    cells
        .iter()
        .filter(|c| {
            (edges.contains(Edges::NORTH) && c.y() == oy)
                || (edges.contains(Edges::SOUTH) && c.y() == oy + h - 1)
                || (edges.contains(Edges::WEST) && c.x() == ox)
                || (edges.contains(Edges::EAST) && c.x() == ox + w - 1)
        })
        .collect()
}

/// The points of `cells` that touch no board point outside the eye, i.e.
/// are not adjacent to the enclosing block: the points with four in-eye
/// neighbours, and edge points whose on-board neighbours are all in the eye.
///
/// This set is all that the position changes in the local game, so the
/// tables are keyed by the shape together with it.
///
/// ```
/// use go_eye::position::{Edges, interior_points};
/// let bent_four: go_eye::shape::CellSet = "#./#./##".parse().unwrap();
/// // In the corner, the corner point touches only eye points.
/// assert_eq!(interior_points(bent_four, Edges::SOUTH | Edges::WEST).len(), 1);
/// assert!(interior_points(bent_four, Edges::NONE).is_empty());
/// ```
#[must_use]
pub fn interior_points(cells: CellSet, edges: Edges) -> CellSet {
    let Some((ox, oy)) = cells.origin() else {
        return CellSet::EMPTY;
    };
    let (w, h) = cells.extent();
    let (x1, y1) = (ox + w - 1, oy + h - 1);
    cells
        .iter()
        .filter(|c| {
            let (x, y) = (c.x(), c.y());
            let inside = |x: i16, y: i16| {
                (0..8).contains(&x)
                    && (0..8).contains(&y)
                    && cells.contains(Cell::new(x as u8, y as u8).unwrap_or(*c))
            };
            let (xi, yi) = (i16::from(x), i16::from(y));
            let north = (edges.contains(Edges::NORTH) && y == oy) || inside(xi, yi - 1);
            let south = (edges.contains(Edges::SOUTH) && y == y1) || inside(xi, yi + 1);
            let west = (edges.contains(Edges::WEST) && x == ox) || inside(xi - 1, yi);
            let east = (edges.contains(Edges::EAST) && x == x1) || inside(xi + 1, yi);
            north && south && west && east
        })
        .collect()
}

/// Points outside the eye that the eye, with the board edges, cuts off
/// from the rest of the board (a notch on the edge). Such a point would be
/// a separate stone of the owner inside the enclosed area, so an eye with
/// cut-off points is not enclosed by a single block: the points belong to
/// the eye. Empty for every eye touching no edge (eye shapes have no holes).
///
/// ```
/// use go_eye::position::{Edges, cut_off_points};
/// let u: go_eye::shape::CellSet = "#.#/###".parse().unwrap();
/// assert_eq!(cut_off_points(u, Edges::NORTH), ".#".parse().unwrap());
/// assert!(cut_off_points(u, Edges::SOUTH).is_empty());
/// ```
#[must_use]
pub fn cut_off_points(cells: CellSet, edges: Edges) -> CellSet {
    const FILE_0: u64 = 0x0101_0101_0101_0101;
    let Some((ox, oy)) = cells.origin() else {
        return CellSet::EMPTY;
    };
    let (w, h) = cells.extent();
    let rows = |from: u8, n: u8| (u64::MAX >> (64 - 8 * u32::from(n))) << (8 * u32::from(from));
    let cols = |from: u8, n: u8| (FILE_0 * ((1u64 << n) - 1)) << from;
    let boxed = rows(oy, h) & cols(ox, w);
    let outside = boxed & !cells.bits();
    // Points on the box's rim that face open board.
    let mut rim = 0;
    if !edges.contains(Edges::NORTH) {
        rim |= rows(oy, 1);
    }
    if !edges.contains(Edges::SOUTH) {
        rim |= rows(oy + h - 1, 1);
    }
    if !edges.contains(Edges::WEST) {
        rim |= cols(ox, 1);
    }
    if !edges.contains(Edges::EAST) {
        rim |= cols(ox + w - 1, 1);
    }
    let outside = CellSet::from_bits(outside);
    let mut reached = CellSet::from_bits(rim) & outside;
    loop {
        let next = reached.grow() & outside;
        if next == reached {
            return outside - reached;
        }
        reached = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_centre_eye_touching_one_edge_keeps_its_centre_interior() {
        // Fewer than three edge points never make an edge point interior.
        let plus: CellSet = ".#./###/.#.".parse().unwrap();
        assert_eq!(eye_position(plus, Edges::NORTH), EyePosition::Centre);
        assert_eq!(
            interior_points(plus, Edges::NORTH),
            interior_points(plus, Edges::NONE)
        );
    }

    #[test]
    fn cut_off_points_only_in_notches_facing_an_edge() {
        let c: CellSet = "##/#./##".parse().unwrap();
        assert_eq!(cut_off_points(c, Edges::EAST), "../.#".parse().unwrap());
        assert!(cut_off_points(c, Edges::WEST).is_empty());
        assert!(cut_off_points(c, Edges::NORTH | Edges::SOUTH).is_empty());
        let wide: CellSet = "########".parse().unwrap();
        assert!(cut_off_points(wide, Edges::WEST | Edges::EAST).is_empty());
        let u: CellSet = "#.....#/#######".parse().unwrap();
        assert_eq!(cut_off_points(u, Edges::NORTH).len(), 5);
    }

    #[test]
    fn corner_needs_the_corner_point_and_both_neighbours() {
        let l: CellSet = "#./#./##".parse().unwrap();
        assert_eq!(
            eye_position(l, Edges::NORTH | Edges::WEST),
            EyePosition::Side
        );
        let square: CellSet = "##/##".parse().unwrap();
        for e in [
            Edges::NORTH | Edges::WEST,
            Edges::NORTH | Edges::EAST,
            Edges::SOUTH | Edges::WEST,
            Edges::SOUTH | Edges::EAST,
        ] {
            assert_eq!(eye_position(square, e), EyePosition::Corner);
        }
    }
}
