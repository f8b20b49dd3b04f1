//! Eye shapes as polyominoes, their canonical keys and enumeration.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::cell::{Cell, CellSet, ParseCellSetError};
use super::code::NeighbourCode;
use super::symmetry::{Symmetry, SymmetrySet};

/// Largest shape this crate enumerates and classifies.
pub const MAX_SHAPE_SIZE: usize = 8;

/// The canonical key of a shape: the smallest bitboard among its eight
/// symmetric images, each moved to the origin. Equal keys ⇔ same free polyomino.
///
/// A `ShapeKey` is a plain `u64`, so it hashes and compares in one instruction;
/// [`catalog::shape_id`](super::catalog::shape_id) turns it into a dense index
/// in O(1).
///
/// ```
/// use go_eye::shape::Shape;
/// let a: Shape = "##/#.".parse().unwrap();
/// let b: Shape = ".#/##".parse().unwrap();
/// assert_eq!(a.key(), b.key());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShapeKey(u64);

impl ShapeKey {
    /// The key of an arbitrary cell set (it need not be connected).
    ///
    /// ```
    /// use go_eye::shape::{CellSet, ShapeKey};
    /// let a: CellSet = "#.#".parse().unwrap();
    /// let b: CellSet = "#/./#".parse().unwrap();
    /// assert_eq!(ShapeKey::of(a), ShapeKey::of(b));
    /// ```
    #[must_use]
    pub fn of(set: CellSet) -> ShapeKey {
        ShapeKey(canonical_with(set.normalized()).0.bits())
    }

    /// The canonical cells.
    ///
    /// ```
    /// use go_eye::shape::{CellSet, ShapeKey};
    /// let s: CellSet = "#./##".parse().unwrap();
    /// assert_eq!(ShapeKey::of(s).cells().len(), 3);
    /// ```
    #[must_use]
    pub const fn cells(self) -> CellSet {
        CellSet::from_bits(self.0)
    }

    /// The key as a `u64`.
    ///
    /// ```
    /// use go_eye::shape::{CellSet, ShapeKey};
    /// assert_eq!(ShapeKey::of("#".parse::<CellSet>().unwrap()).bits(), 1);
    /// ```
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }
}

impl fmt::Debug for ShapeKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ShapeKey(\"{}\")",
            self.cells().to_string().replace('\n', "/")
        )
    }
}

/// The smallest image of a normalised set under the 8 symmetries, with the
/// symmetry that produces it (the first such in [`Symmetry::ALL`] order).
pub(crate) fn canonical_with(normalized: CellSet) -> (CellSet, Symmetry) {
    let mut best = normalized;
    let mut best_sym = Symmetry::IDENTITY;
    let images = super::symmetry::images(normalized.bits());
    for (sym, image) in Symmetry::ALL.into_iter().zip(images).skip(1) {
        let image = CellSet::from_bits(image).normalized();
        if image.bits() < best.bits() {
            best = image;
            best_sym = sym;
        }
    }
    (best, best_sym)
}

/// Why a cell set is not an eye shape.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// No cell.
    #[error("an eye shape needs at least one point")]
    Empty,
    /// More points than the tables cover.
    #[error("eye shape of {0} points; at most {MAX_SHAPE_SIZE} are supported")]
    TooLarge(usize),
    /// Not 4-connected.
    #[error("points {0:?} are not orthogonally connected")]
    Disconnected(CellSet),
    /// The diagram did not parse.
    #[error(transparent)]
    Parse(#[from] ParseCellSetError),
}

/// A polyomino of 1..=8 cells, kept at the frame origin in the orientation
/// it was given.
///
/// ```
/// use go_eye::shape::Shape;
/// let bulky_five: Shape = "##/##/#.".parse().unwrap();
/// assert_eq!(bulky_five.len(), 5);
/// assert_eq!(bulky_five.code().to_string(), "12223");
/// assert!(!bulky_five.has_hole());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape(CellSet);

impl Shape {
    /// Checks that `cells` is a connected set of 1..=8 cells and moves it to the origin.
    ///
    /// ```
    /// use go_eye::shape::{CellSet, Shape, ShapeError};
    /// let apart: CellSet = "#.#".parse().unwrap();
    /// assert_eq!(Shape::new(apart), Err(ShapeError::Disconnected(apart)));
    /// ```
    pub fn new(cells: CellSet) -> Result<Shape, ShapeError> {
        match cells.len() {
            0 => Err(ShapeError::Empty),
            n if n > MAX_SHAPE_SIZE => Err(ShapeError::TooLarge(n)),
            _ if !cells.is_connected() => Err(ShapeError::Disconnected(cells)),
            _ => Ok(Shape(cells.normalized())),
        }
    }

    /// The cells, at the origin.
    ///
    /// ```
    /// use go_eye::shape::Shape;
    /// let s: Shape = "..#/..#".parse().unwrap();
    /// assert_eq!(s.cells().to_string(), "#\n#");
    /// ```
    #[must_use]
    pub const fn cells(self) -> CellSet {
        self.0
    }

    /// Number of points.
    ///
    /// ```
    /// use go_eye::shape::Shape;
    /// assert_eq!("###".parse::<Shape>().unwrap().len(), 3);
    /// ```
    #[must_use]
    #[allow(clippy::len_without_is_empty)] // a shape is never empty
    pub const fn len(self) -> usize {
        self.0.len()
    }

    /// The canonical key under the eight symmetries.
    ///
    /// ```
    /// use go_eye::shape::Shape;
    /// let a: Shape = "###/#..".parse().unwrap();
    /// let b: Shape = "#./#./##".parse().unwrap();
    /// assert_eq!(a.key(), b.key());
    /// ```
    #[must_use]
    pub fn key(self) -> ShapeKey {
        ShapeKey(canonical_with(self.0).0.bits())
    }

    /// The canonical shape and the symmetry that maps this one onto it
    /// (`symmetry.apply(self.cells()).normalized() == canonical.cells()`).
    ///
    /// ```
    /// use go_eye::shape::Shape;
    /// let s: Shape = ".#/##".parse().unwrap();
    /// let (canon, sym) = s.canonical();
    /// assert_eq!(sym.apply(s.cells()).normalized(), canon.cells());
    /// ```
    #[must_use]
    pub fn canonical(self) -> (Shape, Symmetry) {
        let (c, s) = canonical_with(self.0);
        (Shape(c), s)
    }

    /// The symmetries that map the shape onto itself (its symmetry group).
    ///
    /// ```
    /// use go_eye::shape::Shape;
    /// let plus: Shape = ".#./###/.#.".parse().unwrap();
    /// assert_eq!(plus.symmetries().len(), 8);
    /// ```
    #[must_use]
    pub fn symmetries(self) -> SymmetrySet {
        let members: Vec<Symmetry> = Symmetry::ALL
            .into_iter()
            .filter(|s| s.apply(self.0).normalized() == self.0)
            .collect();
        SymmetrySet::from_slice(&members)
    }

    /// The neighbour classification code.
    ///
    /// ```
    /// use go_eye::shape::Shape;
    /// assert_eq!("#".parse::<Shape>().unwrap().code().to_string(), "0");
    /// ```
    #[must_use]
    pub fn code(self) -> NeighbourCode {
        match NeighbourCode::of(self.0) {
            Some(c) => c,
            None => unreachable!("a shape has at most 8 cells"),
        }
    }

    /// Whether the shape encloses a point that is not in it (such a
    /// polyomino is not an eye shape: Vilà 2004 discards the holed heptomino).
    ///
    /// ```
    /// use go_eye::shape::Shape;
    /// let ring: Shape = "###/#.#/###".parse().unwrap();
    /// assert!(ring.has_hole());
    /// ```
    #[must_use]
    pub fn has_hole(self) -> bool {
        // Flood the complement from outside the bounding box, in a padded grid.
        let (w, h) = self.0.extent();
        let (w, h) = (w as usize + 2, h as usize + 2);
        let mut grid = vec![false; w * h]; // true = in shape or reached
        for c in self.0.iter() {
            grid[(c.y() as usize + 1) * w + c.x() as usize + 1] = true;
        }
        let mut stack = vec![0usize];
        grid[0] = true;
        let mut reached = 1;
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            let mut push = |j: usize| {
                if !grid[j] {
                    grid[j] = true;
                    reached += 1;
                    stack.push(j);
                }
            };
            if x > 0 {
                push(i - 1);
            }
            if x + 1 < w {
                push(i + 1);
            }
            if y > 0 {
                push(i - w);
            }
            if y + 1 < h {
                push(i + w);
            }
        }
        reached + self.0.len() < w * h
    }

    /// The points, in index order.
    ///
    /// ```
    /// use go_eye::shape::Shape;
    /// assert_eq!("##".parse::<Shape>().unwrap().iter().count(), 2);
    /// ```
    pub fn iter(self) -> impl ExactSizeIterator<Item = Cell> {
        self.0.iter()
    }
}

impl FromStr for Shape {
    type Err = ShapeError;
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        Shape::new(s.parse::<CellSet>()?)
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape(\"{}\")", self.0.to_string().replace('\n', "/"))
    }
}

/// Every free polyomino of `size` cells (holed ones included), each in its
/// canonical orientation, sorted by key. Sizes outside `1..=8` give nothing.
///
/// Counts: 1, 1, 2, 5, 12, 35, 108, 369 for sizes 1..=8 (OEIS A000105).
///
/// ```
/// use go_eye::shape::polyominoes;
/// assert_eq!(polyominoes(5).len(), 12);
/// assert_eq!(polyominoes(7).iter().filter(|s| s.has_hole()).count(), 1);
/// ```
#[must_use]
pub fn polyominoes(size: usize) -> Vec<Shape> {
    if size == 0 || size > MAX_SHAPE_SIZE {
        return Vec::new();
    }
    let mut level = vec![Shape(CellSet::from_bits(1))];
    for _ in 1..size {
        let mut next: Vec<u64> = Vec::new();
        for shape in &level {
            // Grow every orientation so that growth towards row/column −1 is
            // available by shifting one step first.
            for sym in Symmetry::ALL {
                let oriented = sym.apply(shape.0).normalized();
                let (w, h) = oriented.extent();
                let dx = i32::from(w < 8);
                let dy = i32::from(h < 8);
                let Some(moved) = oriented.translated(dx, dy) else {
                    continue;
                };
                for c in moved.border().iter() {
                    let mut grown = moved;
                    grown.insert(c);
                    next.push(canonical_with(grown.normalized()).0.bits());
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        level = next
            .into_iter()
            .map(|b| Shape(CellSet::from_bits(b)))
            .collect();
    }
    level
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_polyomino_counts_match_oeis_a000105() {
        let counts: Vec<usize> = (1..=8).map(|n| polyominoes(n).len()).collect();
        assert_eq!(counts, [1, 1, 2, 5, 12, 35, 108, 369]);
    }

    #[test]
    fn holed_polyominoes_are_one_heptomino_and_six_octominoes() {
        let holed: Vec<usize> = (1..=8)
            .map(|n| polyominoes(n).iter().filter(|s| s.has_hole()).count())
            .collect();
        assert_eq!(holed, [0, 0, 0, 0, 0, 0, 1, 6]);
    }

    #[test]
    fn canonical_key_is_invariant_under_every_symmetry() {
        for n in 1..=7 {
            for shape in polyominoes(n) {
                for sym in Symmetry::ALL {
                    let image = Shape::new(sym.apply(shape.cells())).unwrap();
                    assert_eq!(image.key(), shape.key());
                    let (canon, s) = image.canonical();
                    assert_eq!(s.apply(image.cells()).normalized(), canon.cells());
                }
            }
        }
    }

    #[test]
    fn symmetry_group_order_times_orbit_size_is_eight() {
        for n in 1..=8 {
            for shape in polyominoes(n) {
                let mut images: Vec<u64> = Symmetry::ALL
                    .iter()
                    .map(|s| s.apply(shape.cells()).normalized().bits())
                    .collect();
                images.sort_unstable();
                images.dedup();
                assert_eq!(images.len() * shape.symmetries().len(), 8, "{shape}");
            }
        }
    }
}
