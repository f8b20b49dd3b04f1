//! [`PointMap`]: one value per point of a board, indexed by [`Point`].

use std::fmt;
use std::ops::{Index, IndexMut};

use crate::geometry::Geometry;
use crate::point::{NUM_INDICES, Point};

/// A value for every point of a board, indexed by [`Point`]: influence,
/// ownership, territory estimates, any per-point number or label.
///
/// The values sit in one slot per point index ([`Point::index`]), as the
/// board's own arrays do, so `map[p]` is a single array access. Points off
/// the board (of this geometry) index padding slots: they hold the fill
/// value ([`new`](PointMap::new)) or `T::default()`
/// ([`from_fn`](PointMap::from_fn), [`from_values`](PointMap::from_values)),
/// and are never seen by [`get`](PointMap::get), iteration or equality.
///
/// Iteration is in point order, row by row from `A1` (`A1`, `B1`, …, then
/// `A2`, …), the order of [`Geometry::points`].
///
/// ```
/// use go_board::{Geometry, Point, PointMap};
///
/// let geo = Geometry::square(5)?;
/// let mut map = PointMap::new(geo, 0i32);
/// map[Point::new(2, 2)] = 7;
/// map["A1".parse()?] -= 1;
/// assert_eq!(map.get(Point::new(2, 2)), Some(&7));
/// assert_eq!(map.get(Point::new(6, 6)), None); // off this board
/// assert_eq!(map.iter().map(|(_, v)| v).sum::<i32>(), 6);
/// assert_eq!(map.values().next(), Some(&-1)); // A1 first
///
/// // Distance to the edge, as a map.
/// let lines = PointMap::from_fn(geo, |p| geo.line(p));
/// assert_eq!(lines["C3".parse()?], 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PointMap<T> {
    geometry: &'static Geometry,
    /// One slot per point index, [`NUM_INDICES`] in all.
    values: Vec<T>,
}

impl<T: Clone> PointMap<T> {
    /// A map with `fill` everywhere.
    ///
    /// ```
    /// use go_board::{Geometry, PointMap};
    /// let map = PointMap::new(Geometry::square(9)?, 0.5f64);
    /// assert_eq!(map.len(), 81);
    /// assert!(map.values().all(|&v| v == 0.5));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn new(geometry: &'static Geometry, fill: T) -> PointMap<T> {
        PointMap {
            geometry,
            values: vec![fill; NUM_INDICES],
        }
    }
}

impl<T: Default> PointMap<T> {
    /// A map with `f(p)` at every point of the board.
    ///
    /// ```
    /// use go_board::{Geometry, Point, PointMap};
    /// let geo = Geometry::square(2)?;
    /// let rows = PointMap::from_fn(geo, |p| p.row());
    /// assert_eq!(rows.values().copied().collect::<Vec<_>>(), [0, 0, 1, 1]);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn from_fn(geometry: &'static Geometry, mut f: impl FnMut(Point) -> T) -> PointMap<T> {
        let mut values: Vec<T> = std::iter::repeat_with(T::default)
            .take(NUM_INDICES)
            .collect();
        for &p in geometry.points() {
            values[p.index()] = f(p);
        }
        PointMap { geometry, values }
    }

    /// A map from one value per point in point order (`A1`, `B1`, …, row
    /// by row); `None` unless there are exactly
    /// [`num_points`](Geometry::num_points) values.
    ///
    /// ```
    /// use go_board::{Geometry, PointMap};
    /// let geo = Geometry::square(2)?;
    /// let map = PointMap::from_values(geo, vec![1, 2, 3, 4]).unwrap();
    /// assert_eq!(map["B2".parse()?], 4);
    /// assert!(PointMap::from_values(geo, vec![0; 5]).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_values(geometry: &'static Geometry, values: Vec<T>) -> Option<PointMap<T>> {
        if values.len() != geometry.num_points() {
            return None;
        }
        let mut values = values.into_iter();
        Some(PointMap::from_fn(geometry, |_| {
            values.next().expect("one value per point")
        }))
    }
}

impl<T> PointMap<T> {
    /// The board geometry.
    ///
    /// ```
    /// use go_board::{Geometry, PointMap};
    /// assert_eq!(PointMap::new(Geometry::square(7)?, 0u8).geometry().width(), 7);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The number of points of the board.
    ///
    /// ```
    /// use go_board::{Geometry, PointMap};
    /// assert_eq!(PointMap::new(Geometry::new(3, 2)?, 0u8).len(), 6);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.geometry.num_points()
    }

    /// Whether the map has no point (never, for a real board).
    ///
    /// ```
    /// use go_board::{Geometry, PointMap};
    /// assert!(!PointMap::new(Geometry::square(3)?, 0u8).is_empty());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value at `p`, or `None` off the board.
    ///
    /// ```
    /// use go_board::{Geometry, Point, PointMap};
    /// let map = PointMap::new(Geometry::square(3)?, 1u8);
    /// assert_eq!(map.get(Point::new(0, 0)), Some(&1));
    /// assert_eq!(map.get(Point::new(3, 0)), None);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn get(&self, p: Point) -> Option<&T> {
        self.geometry.contains(p).then(|| &self.values[p.index()])
    }

    /// The value at `p` to change, or `None` off the board.
    ///
    /// ```
    /// use go_board::{Geometry, Point, PointMap};
    /// let mut map = PointMap::new(Geometry::square(3)?, 1u8);
    /// *map.get_mut(Point::new(1, 1)).unwrap() = 5;
    /// assert_eq!(map[Point::new(1, 1)], 5);
    /// assert!(map.get_mut(Point::new(3, 3)).is_none());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn get_mut(&mut self, p: Point) -> Option<&mut T> {
        self.geometry
            .contains(p)
            .then(|| &mut self.values[p.index()])
    }

    /// The points of the board with their values, in point order.
    ///
    /// ```
    /// use go_board::{Geometry, PointMap};
    /// let map = PointMap::new(Geometry::new(3, 2)?, 0u8);
    /// assert_eq!(map.iter().count(), 6);
    /// assert_eq!(map.iter().next().map(|(p, _)| p.to_string()), Some("A1".into()));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Point, &T)> + '_ {
        self.geometry
            .points()
            .iter()
            .map(|&p| (p, &self.values[p.index()]))
    }

    /// The points of the board with their values to change, in point order.
    ///
    /// ```
    /// use go_board::{Geometry, PointMap};
    /// let mut map = PointMap::new(Geometry::square(3)?, 0usize);
    /// for (p, v) in map.iter_mut() {
    ///     *v = p.col();
    /// }
    /// assert_eq!(map["C2".parse()?], 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Point, &mut T)> + '_ {
        let geometry = self.geometry;
        // Point indices grow row by row from A1: slot order is point order.
        self.values
            .iter_mut()
            .enumerate()
            .filter(move |&(i, _)| geometry.contains_index(i))
            .map(|(i, v)| (Point::from_raw(i), v))
    }

    /// The values alone, in point order (`A1`, `B1`, …, row by row).
    ///
    /// ```
    /// use go_board::{Geometry, PointMap};
    /// let map = PointMap::from_fn(Geometry::square(2)?, |p| p.col() as f32);
    /// assert_eq!(map.values().copied().collect::<Vec<_>>(), [0.0, 1.0, 0.0, 1.0]);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn values(&self) -> impl Iterator<Item = &T> + '_ {
        self.iter().map(|(_, v)| v)
    }

    /// A map of `f` applied to every value (the padding slots' too).
    ///
    /// ```
    /// use go_board::{Geometry, Point, PointMap};
    /// let map = PointMap::new(Geometry::square(3)?, 2i32);
    /// let doubled = map.map(|v| v * 2);
    /// assert_eq!(doubled[Point::new(1, 1)], 4);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> PointMap<U> {
        PointMap {
            geometry: self.geometry,
            values: self.values.iter().map(f).collect(),
        }
    }
}

impl<T: PartialEq> PartialEq for PointMap<T> {
    /// Same board size and the same values on the board.
    fn eq(&self, other: &PointMap<T>) -> bool {
        self.geometry.width() == other.geometry.width()
            && self.geometry.height() == other.geometry.height()
            && self.values().eq(other.values())
    }
}

impl<T: Eq> Eq for PointMap<T> {}

impl<T> Index<Point> for PointMap<T> {
    type Output = T;

    /// The value at `p`; a point off this board reads its padding slot.
    #[inline]
    fn index(&self, p: Point) -> &T {
        &self.values[p.index()]
    }
}

impl<T> IndexMut<Point> for PointMap<T> {
    /// The value at `p`; a point off this board writes its padding slot.
    #[inline]
    fn index_mut(&mut self, p: Point) -> &mut T {
        &mut self.values[p.index()]
    }
}

impl<T: fmt::Debug> fmt::Debug for PointMap<T> {
    /// A grid of the values, top row first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h) = (self.geometry.width(), self.geometry.height());
        writeln!(f, "PointMap {w}x{h}")?;
        for row in (0..h).rev() {
            for col in 0..w {
                write!(f, " {:?}", self.values[Point::new(col, row).index()])?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iter_mut_visits_the_points_of_iter_in_the_same_order() {
        let geo = Geometry::new(5, 3).unwrap();
        let mut map = PointMap::new(geo, Point::new(0, 0));
        let seen: Vec<Point> = map.iter_mut().map(|(p, _)| p).collect();
        assert_eq!(seen, geo.points());
        for (p, v) in map.iter_mut() {
            *v = p;
        }
        assert!(map.iter().all(|(p, &v)| p == v));
    }

    #[test]
    fn padding_is_not_part_of_equality() {
        let geo = Geometry::square(3).unwrap();
        let mut a = PointMap::new(geo, 0);
        let b = PointMap::from_fn(geo, |_| 0);
        a[Point::new(5, 5)] = 9;
        assert_eq!(a, b);
    }
}
