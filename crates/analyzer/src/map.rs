//! [`ValueMap`]: one number per point in the thesis's order, with the
//! thesis's text rendering and its parent-to-child difference.

use go_board::{Geometry, Point};
use go_patterns::text::{Shades, shade_map};

/// One value per point of a board, stored in the analyzer's order: index
/// `row · width + col` from the lower-left corner (A1 = 0, B1 = 1, …,
/// Huertas 2014 Ilustr. 27), the order of every per-point block of the
/// ARFF dataset.
///
/// Influence and ownership maps read 1 for White, 0 for Black and 0.5
/// for disputed (the thesis's convention).
///
/// ```
/// use go_position_analyzer::ValueMap;
/// use go_board::Geometry;
/// let geo = Geometry::square(3)?;
/// let map = ValueMap::from_fn(geo, |p| if p.col() == 0 { 1.0 } else { 0.0 });
/// assert_eq!(map.values()[..3], [1.0, 0.0, 0.0]); // A1 B1 C1
/// assert_eq!(map.get("A3".parse()?), Some(1.0));
/// assert_eq!(map.text(), "    A B C\n  3 O X X 3\n  2 O X X 2\n  1 O X X 1\n    A B C\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ValueMap {
    geometry: &'static Geometry,
    values: Vec<f32>,
}

/// The analyzer index of `p` on `geo` (`row · width + col`), or `None`
/// off the board.
///
/// ```
/// use go_position_analyzer::map::index_of;
/// use go_board::Geometry;
/// let geo = Geometry::square(19)?;
/// assert_eq!(index_of(geo, "C3".parse()?), Some(40)); // the thesis's example (its text says 41)
/// assert_eq!(index_of(geo, "T19".parse()?), Some(360));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn index_of(geo: &Geometry, p: Point) -> Option<usize> {
    geo.contains(p).then(|| p.row() * geo.width() + p.col())
}

/// The point at analyzer index `i` on `geo`.
///
/// ```
/// use go_position_analyzer::map::point_at;
/// use go_board::Geometry;
/// let geo = Geometry::square(9)?;
/// assert_eq!(point_at(geo, 10).map(|p| p.to_string()), Some("B2".to_string()));
/// assert_eq!(point_at(geo, 81), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn point_at(geo: &Geometry, i: usize) -> Option<Point> {
    (i < geo.num_points()).then(|| Point::new(i % geo.width(), i / geo.width()))
}

impl PartialEq for ValueMap {
    /// Same board size and the same values.
    fn eq(&self, other: &ValueMap) -> bool {
        self.geometry.width() == other.geometry.width()
            && self.geometry.height() == other.geometry.height()
            && self.values == other.values
    }
}

impl ValueMap {
    /// A map holding `fill` everywhere.
    ///
    /// ```
    /// use go_position_analyzer::ValueMap;
    /// let map = ValueMap::filled(go_board::Geometry::square(5)?, 0.5);
    /// assert_eq!(map.len(), 25);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn filled(geometry: &'static Geometry, fill: f32) -> ValueMap {
        ValueMap {
            geometry,
            values: vec![fill; geometry.num_points()],
        }
    }

    /// A map with `f(p)` at every point.
    ///
    /// ```
    /// use go_position_analyzer::ValueMap;
    /// let geo = go_board::Geometry::square(2)?;
    /// let map = ValueMap::from_fn(geo, |p| p.row() as f32);
    /// assert_eq!(map.values(), &[0.0, 0.0, 1.0, 1.0]);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn from_fn(geometry: &'static Geometry, mut f: impl FnMut(Point) -> f32) -> ValueMap {
        let values = (0..geometry.num_points())
            .map(|i| f(Point::new(i % geometry.width(), i / geometry.width())))
            .collect();
        ValueMap { geometry, values }
    }

    /// A map from values in the analyzer's order; `None` unless there is
    /// exactly one value per point.
    ///
    /// ```
    /// use go_position_analyzer::ValueMap;
    /// let geo = go_board::Geometry::square(2)?;
    /// assert!(ValueMap::from_values(geo, vec![0.0; 4]).is_some());
    /// assert!(ValueMap::from_values(geo, vec![0.0; 5]).is_none());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn from_values(geometry: &'static Geometry, values: Vec<f32>) -> Option<ValueMap> {
        (values.len() == geometry.num_points()).then_some(ValueMap { geometry, values })
    }

    /// The board geometry.
    ///
    /// ```
    /// use go_position_analyzer::ValueMap;
    /// let map = ValueMap::filled(go_board::Geometry::square(7)?, 0.0);
    /// assert_eq!(map.geometry().width(), 7);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The values, in the analyzer's order (A1, B1, …).
    ///
    /// ```
    /// use go_position_analyzer::ValueMap;
    /// let map = ValueMap::filled(go_board::Geometry::square(2)?, 0.5);
    /// assert_eq!(map.values(), &[0.5; 4]);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn values(&self) -> &[f32] {
        &self.values
    }

    /// The number of points.
    ///
    /// ```
    /// use go_position_analyzer::ValueMap;
    /// assert_eq!(ValueMap::filled(go_board::Geometry::square(3)?, 0.0).len(), 9);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the map has no points (never, for a real board).
    ///
    /// ```
    /// use go_position_analyzer::ValueMap;
    /// assert!(!ValueMap::filled(go_board::Geometry::square(3)?, 0.0).is_empty());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value at `p`, or `None` off the board.
    ///
    /// ```
    /// use go_position_analyzer::ValueMap;
    /// let map = ValueMap::filled(go_board::Geometry::square(3)?, 0.25);
    /// assert_eq!(map.get("C3".parse()?), Some(0.25));
    /// assert_eq!(map.get("D4".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn get(&self, p: Point) -> Option<f32> {
        index_of(self.geometry, p).map(|i| self.values[i])
    }

    /// The thesis's difference map from `self` (the parent) to `child`
    /// (Huertas 2014, Ec. 7): `(parent − child + 1) / 2`, so 0.5 is no
    /// change, towards 1 White lost control, towards 0 Black did.
    ///
    /// ```
    /// use go_position_analyzer::ValueMap;
    /// let geo = go_board::Geometry::square(2)?;
    /// let parent = ValueMap::from_values(geo, vec![1.0, 0.0, 0.5, 1.0]).unwrap();
    /// let child = ValueMap::from_values(geo, vec![0.0, 1.0, 0.5, 1.0]).unwrap();
    /// assert_eq!(parent.diff(&child).values(), &[1.0, 0.0, 0.5, 0.5]);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn diff(&self, child: &ValueMap) -> ValueMap {
        let values = self
            .values
            .iter()
            .zip(&child.values)
            .map(|(p, c)| (p - c + 1.0) / 2.0)
            .collect();
        ValueMap {
            geometry: self.geometry,
            values,
        }
    }

    /// The thesis's text map (`InfluenceString`): `O` > 0.8 ≥ `o` > 0.6 ≥
    /// `.` ≥ 0.4 > `x` ≥ 0.2 > `X`, top row first, with coordinates.
    ///
    /// ```
    /// use go_position_analyzer::ValueMap;
    /// let geo = go_board::Geometry::square(2)?;
    /// let map = ValueMap::from_values(geo, vec![0.1, 0.3, 0.7, 0.9]).unwrap();
    /// assert_eq!(map.text(), "    A B\n  2 o O 2\n  1 X x 1\n    A B\n");
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn text(&self) -> String {
        shade_map(
            self.geometry,
            |p| self.get(p).map(f64::from),
            &Shades::huertas(),
        )
    }

    /// The thesis's symbol for one value (see [`text`](ValueMap::text)).
    ///
    /// ```
    /// assert_eq!(go_position_analyzer::ValueMap::symbol(0.85), 'O');
    /// assert_eq!(go_position_analyzer::ValueMap::symbol(0.5), '.');
    /// ```
    #[must_use]
    pub fn symbol(v: f32) -> char {
        Shades::huertas().shade(f64::from(v))
    }
}
