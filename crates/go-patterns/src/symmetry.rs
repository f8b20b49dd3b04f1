//! The eight symmetries of the square board, colour swap, and the sets of
//! transforms a pattern is matched under.
//!
//! Offsets count `dx` to the east (right) and `dy` to the north (up), as
//! board rows do. The survey (§6.4, after Lehmann) gives a pattern "8
//! instances by rotation and reflection, and colours may also be swapped";
//! the thesis analyzer uses the 4 rotations with colour swap.
//!
//! ```
//! use go_patterns::{Offset, Symmetry, Transform, TransformSet};
//! let east = Offset::new(1, 0);
//! assert_eq!(Symmetry::Rotate90.apply(east), Offset::new(0, 1)); // a quarter turn anticlockwise
//! assert_eq!(Symmetry::Rotate90.then(Symmetry::Rotate270), Symmetry::Identity);
//! assert_eq!(TransformSet::ALL.len(), 16);
//! assert!(TransformSet::ROTATIONS_AND_SWAP.contains(Transform::new(Symmetry::Rotate180, true)));
//! ```

use std::fmt;

use go_board::{Geometry, Point};

/// A displacement on the board: `dx` columns to the east, `dy` rows to the
/// north.
///
/// ```
/// use go_board::Point;
/// use go_patterns::Offset;
/// let o = Offset::new(2, -1);
/// assert_eq!((o.dx(), o.dy()), (2, -1));
/// assert_eq!(o.from(Point::new(3, 3)), Some(Point::new(5, 2)));
/// assert_eq!(Offset::new(-4, 0).from(Point::new(3, 3)), None); // off the layout
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Offset {
    dx: i8,
    dy: i8,
}

impl Offset {
    /// The offset `dx` east, `dy` north.
    ///
    /// ```
    /// use go_patterns::Offset;
    /// assert_eq!(Offset::new(0, 0), Offset::ORIGIN);
    /// ```
    #[must_use]
    pub const fn new(dx: i8, dy: i8) -> Offset {
        Offset { dx, dy }
    }

    /// The zero offset.
    pub const ORIGIN: Offset = Offset { dx: 0, dy: 0 };

    /// Columns to the east (negative: west).
    ///
    /// ```
    /// use go_patterns::Offset;
    /// assert_eq!(Offset::new(-2, 5).dx(), -2);
    /// ```
    #[must_use]
    pub const fn dx(self) -> i8 {
        self.dx
    }

    /// Rows to the north (negative: south).
    ///
    /// ```
    /// use go_patterns::Offset;
    /// assert_eq!(Offset::new(-2, 5).dy(), 5);
    /// ```
    #[must_use]
    pub const fn dy(self) -> i8 {
        self.dy
    }

    /// The point this offset away from `p`, if both coordinates stay
    /// within the largest board (it may still be off a smaller board).
    ///
    /// ```
    /// use go_board::Point;
    /// use go_patterns::Offset;
    /// assert_eq!(Offset::new(-1, 1).from(Point::new(1, 1)), Some(Point::new(0, 2)));
    /// ```
    #[must_use]
    pub fn from(self, p: Point) -> Option<Point> {
        let col = p.col() as isize + self.dx as isize;
        let row = p.row() as isize + self.dy as isize;
        if col < 0 || row < 0 {
            return None;
        }
        Point::try_new(col as usize, row as usize)
    }

    /// The offset from `from` to `to`.
    ///
    /// ```
    /// use go_board::Point;
    /// use go_patterns::Offset;
    /// assert_eq!(Offset::between(Point::new(1, 1), Point::new(0, 3)), Offset::new(-1, 2));
    /// ```
    #[must_use]
    pub fn between(from: Point, to: Point) -> Offset {
        Offset::new(
            (to.col() as isize - from.col() as isize) as i8,
            (to.row() as isize - from.row() as isize) as i8,
        )
    }

    /// The offset with `other` added.
    ///
    /// ```
    /// use go_patterns::Offset;
    /// assert_eq!(Offset::new(1, 2).plus(Offset::new(-3, 1)), Offset::new(-2, 3));
    /// ```
    #[must_use]
    pub const fn plus(self, other: Offset) -> Offset {
        Offset::new(self.dx + other.dx, self.dy + other.dy)
    }

    /// Manhattan length `|dx| + |dy|`.
    ///
    /// ```
    /// use go_patterns::Offset;
    /// assert_eq!(Offset::new(-2, 3).manhattan(), 5);
    /// ```
    #[must_use]
    pub const fn manhattan(self) -> u32 {
        self.dx.unsigned_abs() as u32 + self.dy.unsigned_abs() as u32
    }

    /// Chebyshev length `max(|dx|, |dy|)`.
    ///
    /// ```
    /// use go_patterns::Offset;
    /// assert_eq!(Offset::new(-2, 3).chebyshev(), 3);
    /// ```
    #[must_use]
    pub const fn chebyshev(self) -> u32 {
        let (a, b) = (self.dx.unsigned_abs() as u32, self.dy.unsigned_abs() as u32);
        if a > b { a } else { b }
    }
}

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.dx, self.dy)
    }
}

/// One of the eight symmetries of the square (the dihedral group D4),
/// acting on offsets about the origin.
///
/// ```
/// use go_patterns::{Offset, Symmetry};
/// let o = Offset::new(2, 1);
/// assert_eq!(Symmetry::FlipHorizontal.apply(o), Offset::new(-2, 1));
/// assert_eq!(Symmetry::Transpose.apply(o), Offset::new(1, 2));
/// for s in Symmetry::ALL {
///     assert_eq!(s.inverse().apply(s.apply(o)), o);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// No change.
    Identity,
    /// A quarter turn anticlockwise: `(x, y) → (−y, x)`.
    Rotate90,
    /// A half turn: `(x, y) → (−x, −y)`.
    Rotate180,
    /// A quarter turn clockwise: `(x, y) → (y, −x)`.
    Rotate270,
    /// Mirror left–right: `(x, y) → (−x, y)`.
    FlipHorizontal,
    /// Mirror top–bottom: `(x, y) → (x, −y)`.
    FlipVertical,
    /// Mirror in the rising diagonal: `(x, y) → (y, x)`.
    Transpose,
    /// Mirror in the falling diagonal: `(x, y) → (−y, −x)`.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, identity first, rotations before reflections.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The position of this symmetry in [`Symmetry::ALL`].
    ///
    /// ```
    /// use go_patterns::Symmetry;
    /// assert_eq!(Symmetry::Rotate180.index(), 2);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The image of `(x, y)`.
    #[inline]
    const fn map(self, x: i32, y: i32) -> (i32, i32) {
        match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rotate90 => (-y, x),
            Symmetry::Rotate180 => (-x, -y),
            Symmetry::Rotate270 => (y, -x),
            Symmetry::FlipHorizontal => (-x, y),
            Symmetry::FlipVertical => (x, -y),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (-y, -x),
        }
    }

    /// The image of an offset.
    ///
    /// ```
    /// use go_patterns::{Offset, Symmetry};
    /// assert_eq!(Symmetry::Rotate270.apply(Offset::new(0, 1)), Offset::new(1, 0));
    /// ```
    #[inline]
    #[must_use]
    pub const fn apply(self, o: Offset) -> Offset {
        let (x, y) = self.map(o.dx as i32, o.dy as i32);
        Offset::new(x as i8, y as i8)
    }

    /// Whether the symmetry swaps the axes (and so needs a square board to
    /// act on one).
    ///
    /// ```
    /// use go_patterns::Symmetry;
    /// assert!(Symmetry::Rotate90.swaps_axes());
    /// assert!(!Symmetry::FlipVertical.swaps_axes());
    /// ```
    #[must_use]
    pub const fn swaps_axes(self) -> bool {
        matches!(
            self,
            Symmetry::Rotate90
                | Symmetry::Rotate270
                | Symmetry::Transpose
                | Symmetry::AntiTranspose
        )
    }

    /// Whether it is a rotation (the identity included) rather than a
    /// reflection.
    ///
    /// ```
    /// use go_patterns::Symmetry;
    /// assert!(Symmetry::Identity.is_rotation());
    /// assert!(!Symmetry::Transpose.is_rotation());
    /// ```
    #[must_use]
    pub const fn is_rotation(self) -> bool {
        (self as usize) < 4
    }

    fn from_images(x: (i32, i32), y: (i32, i32)) -> Symmetry {
        for s in Symmetry::ALL {
            if s.map(1, 0) == x && s.map(0, 1) == y {
                return s;
            }
        }
        unreachable!("the images of the unit vectors name a symmetry")
    }

    /// `self` followed by `next`: `s.then(t).apply(o) == t.apply(s.apply(o))`.
    ///
    /// ```
    /// use go_patterns::{Offset, Symmetry};
    /// let o = Offset::new(3, 1);
    /// let (s, t) = (Symmetry::Rotate90, Symmetry::FlipHorizontal);
    /// assert_eq!(s.then(t).apply(o), t.apply(s.apply(o)));
    /// ```
    #[must_use]
    pub fn then(self, next: Symmetry) -> Symmetry {
        let image = |x, y| {
            let (a, b) = self.map(x, y);
            next.map(a, b)
        };
        Symmetry::from_images(image(1, 0), image(0, 1))
    }

    /// The symmetry that undoes this one.
    ///
    /// ```
    /// use go_patterns::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.inverse(), Symmetry::Rotate270);
    /// assert_eq!(Symmetry::Transpose.inverse(), Symmetry::Transpose);
    /// ```
    #[must_use]
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// The image of a board point under this symmetry of the whole board
    /// (about its centre), or `None` if `p` is off the board or the
    /// symmetry swaps the axes of a board that is not square.
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// use go_patterns::Symmetry;
    /// let geo = Geometry::square(9)?;
    /// assert_eq!(Symmetry::Rotate90.apply_point(geo, Point::new(8, 0)), Some(Point::new(8, 8)));
    /// assert_eq!(Symmetry::FlipHorizontal.apply_point(geo, Point::new(0, 3)), Some(Point::new(8, 3)));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn apply_point(self, geo: &Geometry, p: Point) -> Option<Point> {
        if !geo.contains(p) || (self.swaps_axes() && !geo.is_square()) {
            return None;
        }
        // Doubled coordinates about the centre keep even sizes exact.
        let (w, h) = (geo.width() as i32, geo.height() as i32);
        let x = 2 * p.col() as i32 - (w - 1);
        let y = 2 * p.row() as i32 - (h - 1);
        let (a, b) = self.map(x, y);
        let (nw, nh) = if self.swaps_axes() { (h, w) } else { (w, h) };
        let col = (a + nw - 1) / 2;
        let row = (b + nh - 1) / 2;
        Point::try_new(col as usize, row as usize)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rotate 90",
            Symmetry::Rotate180 => "rotate 180",
            Symmetry::Rotate270 => "rotate 270",
            Symmetry::FlipHorizontal => "flip horizontal",
            Symmetry::FlipVertical => "flip vertical",
            Symmetry::Transpose => "transpose",
            Symmetry::AntiTranspose => "anti-transpose",
        };
        f.write_str(name)
    }
}

/// A symmetry, optionally followed by exchanging the colours: the sixteen
/// ways a pattern is seen on the board.
///
/// ```
/// use go_patterns::{Symmetry, Transform};
/// let t = Transform::new(Symmetry::Rotate90, true);
/// assert_eq!(t.then(t.inverse()), Transform::IDENTITY);
/// assert_eq!(Transform::ALL.len(), 16);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Transform {
    symmetry: Symmetry,
    swap_colors: bool,
}

impl Transform {
    /// No change.
    pub const IDENTITY: Transform = Transform::new(Symmetry::Identity, false);

    /// All sixteen: the eight symmetries, then the same with colours
    /// swapped.
    pub const ALL: [Transform; 16] = {
        let mut all = [Transform::IDENTITY; 16];
        let mut i = 0;
        while i < 16 {
            all[i] = Transform::new(Symmetry::ALL[i % 8], i >= 8);
            i += 1;
        }
        all
    };

    /// The transform applying `symmetry`, then swapping colours if
    /// `swap_colors`.
    ///
    /// ```
    /// use go_patterns::{Symmetry, Transform};
    /// assert!(Transform::new(Symmetry::Identity, true).swaps_colors());
    /// ```
    #[must_use]
    pub const fn new(symmetry: Symmetry, swap_colors: bool) -> Transform {
        Transform {
            symmetry,
            swap_colors,
        }
    }

    /// The geometric part.
    ///
    /// ```
    /// use go_patterns::{Symmetry, Transform};
    /// assert_eq!(Transform::new(Symmetry::Transpose, true).symmetry(), Symmetry::Transpose);
    /// ```
    #[must_use]
    pub const fn symmetry(self) -> Symmetry {
        self.symmetry
    }

    /// Whether colours are exchanged.
    ///
    /// ```
    /// use go_patterns::Transform;
    /// assert!(!Transform::IDENTITY.swaps_colors());
    /// ```
    #[must_use]
    pub const fn swaps_colors(self) -> bool {
        self.swap_colors
    }

    /// The position of this transform in [`Transform::ALL`].
    ///
    /// ```
    /// use go_patterns::Transform;
    /// for (i, t) in Transform::ALL.iter().enumerate() {
    ///     assert_eq!(t.index(), i);
    /// }
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self.symmetry as usize + if self.swap_colors { 8 } else { 0 }
    }

    /// `self` followed by `next`.
    ///
    /// ```
    /// use go_patterns::{Symmetry, Transform};
    /// let a = Transform::new(Symmetry::Rotate90, true);
    /// let b = Transform::new(Symmetry::Rotate90, true);
    /// assert_eq!(a.then(b), Transform::new(Symmetry::Rotate180, false));
    /// ```
    #[must_use]
    pub fn then(self, next: Transform) -> Transform {
        Transform::new(
            self.symmetry.then(next.symmetry),
            self.swap_colors != next.swap_colors,
        )
    }

    /// The transform that undoes this one.
    ///
    /// ```
    /// use go_patterns::{Symmetry, Transform};
    /// let t = Transform::new(Symmetry::Rotate270, true);
    /// assert_eq!(t.inverse(), Transform::new(Symmetry::Rotate90, true));
    /// ```
    #[must_use]
    pub fn inverse(self) -> Transform {
        Transform::new(self.symmetry.inverse(), self.swap_colors)
    }
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symmetry)?;
        if self.swap_colors {
            f.write_str(" + colour swap")?;
        }
        Ok(())
    }
}

/// A set of [`Transform`]s: which variants of a pattern count as the same
/// pattern.
///
/// ```
/// use go_patterns::{Symmetry, Transform, TransformSet};
/// assert_eq!(TransformSet::ROTATIONS.len(), 4);
/// assert_eq!(TransformSet::DIHEDRAL.len(), 8);
/// assert_eq!(TransformSet::ROTATIONS_AND_SWAP.len(), 8);
/// let set: TransformSet = [Transform::IDENTITY].into_iter().collect();
/// assert_eq!(set, TransformSet::IDENTITY);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TransformSet(u16);

impl TransformSet {
    /// Only the identity: exact matching.
    pub const IDENTITY: TransformSet = TransformSet(1);
    /// The four rotations (the thesis analyzer's `RotateByNinetyToLeft`).
    pub const ROTATIONS: TransformSet = TransformSet(0x000F);
    /// The eight rotations and reflections.
    pub const DIHEDRAL: TransformSet = TransformSet(0x00FF);
    /// Identity and colour swap.
    pub const SWAP: TransformSet = TransformSet(0x0101);
    /// The four rotations, each with and without colour swap (the
    /// position analyzer's matching, Huertas 2014 §5.3.2.5).
    pub const ROTATIONS_AND_SWAP: TransformSet = TransformSet(0x0F0F);
    /// All sixteen transforms.
    pub const ALL: TransformSet = TransformSet(0xFFFF);

    /// The empty set.
    ///
    /// ```
    /// use go_patterns::TransformSet;
    /// assert!(TransformSet::empty().is_empty());
    /// ```
    #[must_use]
    pub const fn empty() -> TransformSet {
        TransformSet(0)
    }

    /// Whether `t` is in the set.
    ///
    /// ```
    /// use go_patterns::{Transform, TransformSet};
    /// assert!(TransformSet::ALL.contains(Transform::ALL[15]));
    /// ```
    #[must_use]
    pub const fn contains(self, t: Transform) -> bool {
        self.0 & (1 << t.index()) != 0
    }

    /// Adds `t`; returns whether it was new.
    ///
    /// ```
    /// use go_patterns::{Transform, TransformSet};
    /// let mut set = TransformSet::empty();
    /// assert!(set.insert(Transform::IDENTITY));
    /// assert!(!set.insert(Transform::IDENTITY));
    /// ```
    pub fn insert(&mut self, t: Transform) -> bool {
        let new = !self.contains(t);
        self.0 |= 1 << t.index();
        new
    }

    /// The number of transforms.
    ///
    /// ```
    /// use go_patterns::TransformSet;
    /// assert_eq!(TransformSet::SWAP.len(), 2);
    /// ```
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use go_patterns::TransformSet;
    /// assert!(!TransformSet::IDENTITY.is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set with every transform also taken with colours swapped.
    ///
    /// ```
    /// use go_patterns::TransformSet;
    /// assert_eq!(TransformSet::DIHEDRAL.with_swap(), TransformSet::ALL);
    /// ```
    #[must_use]
    pub const fn with_swap(self) -> TransformSet {
        let geometric = (self.0 | (self.0 >> 8)) & 0xFF;
        TransformSet(geometric | (geometric << 8))
    }

    /// The transforms in [`Transform::ALL`] order.
    ///
    /// ```
    /// use go_patterns::{Transform, TransformSet};
    /// assert_eq!(TransformSet::SWAP.iter().nth(1), Some(Transform::ALL[8]));
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Transform> {
        Transform::ALL
            .into_iter()
            .filter(move |&t| self.contains(t))
    }
}

impl FromIterator<Transform> for TransformSet {
    fn from_iter<I: IntoIterator<Item = Transform>>(iter: I) -> TransformSet {
        let mut set = TransformSet::empty();
        for t in iter {
            set.insert(t);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_form_a_group() {
        for a in Symmetry::ALL {
            assert_eq!(a.then(a.inverse()), Symmetry::Identity);
            assert_eq!(Symmetry::Identity.then(a), a);
            for b in Symmetry::ALL {
                for c in Symmetry::ALL {
                    assert_eq!(a.then(b).then(c), a.then(b.then(c)));
                }
            }
        }
        // Eight distinct images of an asymmetric offset.
        let o = Offset::new(2, 1);
        let mut images: Vec<_> = Symmetry::ALL.iter().map(|s| s.apply(o)).collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn rotations_compose_to_rotations() {
        let r = Symmetry::Rotate90;
        assert_eq!(r.then(r), Symmetry::Rotate180);
        assert_eq!(r.then(r).then(r), Symmetry::Rotate270);
        for a in Symmetry::ALL {
            for b in Symmetry::ALL {
                assert_eq!(a.then(b).is_rotation(), a.is_rotation() == b.is_rotation());
            }
        }
    }

    #[test]
    fn board_symmetries_agree_with_offsets() {
        let geo = Geometry::square(9).unwrap();
        let centre = Point::new(4, 4);
        for s in Symmetry::ALL {
            for &p in geo.points() {
                let image = s.apply_point(geo, p).unwrap();
                let o = s.apply(Offset::between(centre, p));
                assert_eq!(o.from(centre), Some(image));
                assert_eq!(s.inverse().apply_point(geo, image), Some(p));
            }
        }
        let even = Geometry::square(4).unwrap();
        for s in Symmetry::ALL {
            let mut images: Vec<_> = even
                .points()
                .iter()
                .map(|&p| s.apply_point(even, p).unwrap())
                .collect();
            images.sort();
            assert_eq!(images, even.points().to_vec());
        }
        let wide = Geometry::new(5, 3).unwrap();
        assert_eq!(Symmetry::Rotate90.apply_point(wide, Point::new(0, 0)), None);
        assert_eq!(
            Symmetry::Rotate180.apply_point(wide, Point::new(0, 0)),
            Some(Point::new(4, 2))
        );
    }

    #[test]
    fn transform_sets() {
        assert_eq!(
            TransformSet::ROTATIONS.with_swap(),
            TransformSet::ROTATIONS_AND_SWAP
        );
        assert_eq!(TransformSet::ALL.iter().count(), 16);
        for t in Transform::ALL {
            assert_eq!(Transform::ALL[t.index()], t);
        }
    }
}
