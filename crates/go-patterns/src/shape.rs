//! Shapes: the sets of offsets a pattern covers, in the linear order that
//! makes a smaller shape's key a prefix of a larger one's.

use crate::error::PatternError;
use crate::symmetry::Offset;

/// The largest square side and radius a shape may have (offsets are `i8`
/// and boards at most 25 wide).
pub const MAX_EXTENT: usize = 25;

/// An ordered set of offsets around an origin.
///
/// The order is the key order of the [`trie`](crate::trie): shapes of one
/// family grow by appending, so the key of a smaller shape is a prefix of
/// the key of a larger one (Fractal Go ch. 5: "if a pattern of size l is
/// extended from the same corner … the first characters of the new key
/// equal the smaller pattern's key").
///
/// ```
/// use go_patterns::{Offset, Shape};
/// let square = Shape::square(3)?;
/// assert_eq!(square.len(), 9);
/// assert!(Shape::square(5)?.offsets().starts_with(square.offsets()));
/// assert_eq!(Shape::diamond(2)?.len(), 13);
/// assert_eq!(Shape::centred_square(1)?.offsets()[0], Offset::ORIGIN);
/// # Ok::<(), go_patterns::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    offsets: Vec<Offset>,
}

impl Shape {
    /// The `side`×`side` square whose top-left corner is the origin (cells
    /// run east and south), in the thesis's shell order: the cell of the
    /// 1×1 square, then for each larger square the new column from top to
    /// bottom and the new row from right to left.
    ///
    /// ```
    /// use go_patterns::{Offset, Shape};
    /// let s = Shape::square(2)?;
    /// assert_eq!(
    ///     s.offsets(),
    ///     &[Offset::new(0, 0), Offset::new(1, 0), Offset::new(1, -1), Offset::new(0, -1)]
    /// );
    /// assert!(Shape::square(0).is_err());
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    pub fn square(side: usize) -> Result<Shape, PatternError> {
        if side == 0 || side > MAX_EXTENT {
            return Err(PatternError::BadExtent(side));
        }
        let mut offsets = Vec::with_capacity(side * side);
        for k in 0..side as i8 {
            for j in 0..=k {
                offsets.push(Offset::new(k, -j));
            }
            for i in (0..k).rev() {
                offsets.push(Offset::new(i, -k));
            }
        }
        Ok(Shape { offsets })
    }

    /// The `(2·radius+1)`² square centred on the origin, ring by ring
    /// (Chebyshev distance), each ring in reading order.
    ///
    /// ```
    /// use go_patterns::Shape;
    /// assert_eq!(Shape::centred_square(1)?.len(), 9);
    /// assert_eq!(Shape::centred_square(2)?.len(), 25);
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    pub fn centred_square(radius: usize) -> Result<Shape, PatternError> {
        Shape::rings(radius, Offset::chebyshev)
    }

    /// The diamond of all offsets within Manhattan distance `radius`, ring
    /// by ring, each ring in reading order.
    ///
    /// ```
    /// use go_patterns::Shape;
    /// assert_eq!(Shape::diamond(0)?.len(), 1);
    /// assert_eq!(Shape::diamond(1)?.len(), 5);
    /// assert_eq!(Shape::diamond(3)?.len(), 25);
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    pub fn diamond(radius: usize) -> Result<Shape, PatternError> {
        Shape::rings(radius, Offset::manhattan)
    }

    fn rings(radius: usize, distance: fn(Offset) -> u32) -> Result<Shape, PatternError> {
        if radius > MAX_EXTENT / 2 {
            return Err(PatternError::BadExtent(radius));
        }
        let r = radius as i8;
        let mut offsets = Vec::new();
        for ring in 0..=radius as u32 {
            for dy in (-r..=r).rev() {
                for dx in -r..=r {
                    let o = Offset::new(dx, dy);
                    if distance(o) == ring {
                        offsets.push(o);
                    }
                }
            }
        }
        Ok(Shape { offsets })
    }

    /// A shape of arbitrary offsets, kept in the order given.
    ///
    /// # Errors
    /// [`PatternError::DuplicateOffset`] for an offset given twice,
    /// [`PatternError::OffsetOutOfRange`] for one further than
    /// [`MAX_EXTENT`] from the origin, [`PatternError::Empty`] for none.
    ///
    /// ```
    /// use go_patterns::{Offset, PatternError, Shape};
    /// let knight = Shape::from_offsets([Offset::ORIGIN, Offset::new(1, 2)])?;
    /// assert_eq!(knight.len(), 2);
    /// assert_eq!(
    ///     Shape::from_offsets([Offset::ORIGIN, Offset::ORIGIN]),
    ///     Err(PatternError::DuplicateOffset(Offset::ORIGIN))
    /// );
    /// # Ok::<(), PatternError>(())
    /// ```
    pub fn from_offsets(offsets: impl IntoIterator<Item = Offset>) -> Result<Shape, PatternError> {
        let offsets: Vec<Offset> = offsets.into_iter().collect();
        if offsets.is_empty() {
            return Err(PatternError::Empty);
        }
        for (i, &o) in offsets.iter().enumerate() {
            check_offset(o)?;
            if offsets[..i].contains(&o) {
                return Err(PatternError::DuplicateOffset(o));
            }
        }
        Ok(Shape { offsets })
    }

    /// The offsets, in key order.
    ///
    /// ```
    /// use go_patterns::{Offset, Shape};
    /// assert_eq!(Shape::diamond(1)?.offsets()[0], Offset::ORIGIN);
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn offsets(&self) -> &[Offset] {
        &self.offsets
    }

    /// The number of offsets.
    ///
    /// ```
    /// use go_patterns::Shape;
    /// assert_eq!(Shape::square(4)?.len(), 16);
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.offsets.len()
    }

    /// Always false: a shape has at least one offset.
    ///
    /// ```
    /// use go_patterns::Shape;
    /// assert!(!Shape::square(1)?.is_empty());
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.offsets.is_empty()
    }
}

/// Checks that an offset stays within [`MAX_EXTENT`] of the origin.
pub(crate) fn check_offset(o: Offset) -> Result<(), PatternError> {
    if o.dx().unsigned_abs() as usize > MAX_EXTENT || o.dy().unsigned_abs() as usize > MAX_EXTENT {
        return Err(PatternError::OffsetOutOfRange(o));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_shells_nest() {
        for side in 1..=7 {
            let s = Shape::square(side).unwrap();
            assert_eq!(s.len(), side * side);
            let mut sorted = s.offsets().to_vec();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), side * side);
            for o in s.offsets() {
                assert!((0..side as i8).contains(&o.dx()));
                assert!((0..side as i8).contains(&-o.dy()));
            }
            let bigger = Shape::square(side + 1).unwrap();
            assert!(bigger.offsets().starts_with(s.offsets()));
        }
    }

    #[test]
    fn rings_nest() {
        for r in 0..5 {
            let d = Shape::diamond(r).unwrap();
            assert_eq!(d.len(), 2 * r * r + 2 * r + 1);
            assert!(
                Shape::diamond(r + 1)
                    .unwrap()
                    .offsets()
                    .starts_with(d.offsets())
            );
            let c = Shape::centred_square(r).unwrap();
            assert_eq!(c.len(), (2 * r + 1) * (2 * r + 1));
            assert!(
                Shape::centred_square(r + 1)
                    .unwrap()
                    .offsets()
                    .starts_with(c.offsets())
            );
        }
    }
}
