//! [`PointMap`]: one value per board point.

use std::fmt;
use std::ops::{Index, IndexMut};

use go_board::{Geometry, NUM_INDICES, Point};

/// A value for every point of a board, indexed by [`Point`].
///
/// Points off the board index a padding slot that holds the fill value;
/// [`get`](PointMap::get) returns `None` for them.
///
/// ```
/// use go_board::{Geometry, Point};
/// use go_patterns::PointMap;
/// let geo = Geometry::square(5)?;
/// let mut map = PointMap::new(geo, 0i32);
/// map[Point::new(2, 2)] = 7;
/// assert_eq!(map.get(Point::new(2, 2)), Some(&7));
/// assert_eq!(map.get(Point::new(6, 6)), None);
/// assert_eq!(map.iter().map(|(_, v)| v).sum::<i32>(), 7);
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Clone)]
pub struct PointMap<T> {
    geometry: &'static Geometry,
    values: Vec<T>,
}

impl<T: Clone> PointMap<T> {
    /// A map with `fill` everywhere.
    ///
    /// ```
    /// use go_board::Geometry;
    /// use go_patterns::PointMap;
    /// let map = PointMap::new(Geometry::square(9)?, 0.5f64);
    /// assert_eq!(map.iter().count(), 81);
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

impl<T> PointMap<T> {
    /// A map with `f(p)` at every on-board point and `fill` elsewhere.
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// use go_patterns::PointMap;
    /// let geo = Geometry::square(5)?;
    /// let lines = PointMap::from_fn(geo, 0, |p| geo.line(p));
    /// assert_eq!(lines[Point::new(2, 2)], 3);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn from_fn(
        geometry: &'static Geometry,
        fill: T,
        mut f: impl FnMut(Point) -> T,
    ) -> PointMap<T>
    where
        T: Clone,
    {
        let mut map = PointMap::new(geometry, fill);
        for &p in geometry.points() {
            map.values[p.index()] = f(p);
        }
        map
    }

    /// The board geometry.
    ///
    /// ```
    /// use go_board::Geometry;
    /// use go_patterns::PointMap;
    /// assert_eq!(PointMap::new(Geometry::square(7)?, 0u8).geometry().width(), 7);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The value at `p`, or `None` off the board.
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// use go_patterns::PointMap;
    /// let map = PointMap::new(Geometry::square(3)?, 1u8);
    /// assert_eq!(map.get(Point::new(0, 0)), Some(&1));
    /// assert_eq!(map.get(Point::new(3, 0)), None);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn get(&self, p: Point) -> Option<&T> {
        self.geometry.contains(p).then(|| &self.values[p.index()])
    }

    /// The on-board points with their values, in point order.
    ///
    /// ```
    /// use go_board::Geometry;
    /// use go_patterns::PointMap;
    /// let map = PointMap::new(Geometry::new(3, 2)?, 0u8);
    /// assert_eq!(map.iter().count(), 6);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Point, &T)> + '_ {
        self.geometry
            .points()
            .iter()
            .map(|&p| (p, &self.values[p.index()]))
    }

    /// A map of `f` applied to every on-board value (off-board slots get
    /// `f` of their own values too).
    ///
    /// ```
    /// use go_board::{Geometry, Point};
    /// use go_patterns::PointMap;
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
    /// Same board size and the same on-board values.
    fn eq(&self, other: &PointMap<T>) -> bool {
        self.geometry.width() == other.geometry.width()
            && self.geometry.height() == other.geometry.height()
            && self.iter().zip(other.iter()).all(|(a, b)| a.1 == b.1)
    }
}

impl<T> Index<Point> for PointMap<T> {
    type Output = T;

    fn index(&self, p: Point) -> &T {
        &self.values[p.index()]
    }
}

impl<T> IndexMut<Point> for PointMap<T> {
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

/// The shared `'static` geometry of the same size as `geo`.
pub(crate) fn static_geometry(geo: &Geometry) -> &'static Geometry {
    Geometry::new(geo.width(), geo.height()).expect("an existing geometry has a valid size")
}
