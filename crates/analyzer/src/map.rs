//! [`ValueMap`]: one number per point, in the thesis's order, with the
//! thesis's text rendering ([`text`], [`symbol`]) and its parent-to-child
//! difference ([`diff`]).
//!
//! A [`ValueMap`] is go-board's [`PointMap`] of `f32`, the workspace's one
//! per-point map type; this module adds what is the thesis's own.

use go_board::{Geometry, Point, PointMap};
use go_patterns::text::{Shades, shade_map};

/// One value per point of a board: go-board's [`PointMap`] of `f32`.
/// Its values run in the analyzer's order, `row · width + col` from the
/// lower-left corner (A1 = 0, B1 = 1, …, Huertas 2014 Ilustr. 27; see
/// [`index_of`]), the order of every per-point block of the ARFF dataset
/// and of [`PointMap::values`].
///
/// Influence and ownership maps read 1 for White, 0 for Black and 0.5
/// for disputed (the thesis's convention).
///
/// ```
/// use go_position_analyzer::{ValueMap, map};
/// use go_board::Geometry;
/// let geo = Geometry::square(3)?;
/// let m = ValueMap::from_fn(geo, |p| if p.col() == 0 { 1.0 } else { 0.0 });
/// assert!(m.values().take(3).eq(&[1.0, 0.0, 0.0])); // A1 B1 C1
/// assert_eq!(m.get("A3".parse()?), Some(&1.0));
/// assert_eq!(map::text(&m), "    A B C\n  3 O X X 3\n  2 O X X 2\n  1 O X X 1\n    A B C\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type ValueMap = PointMap<f32>;

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

/// The thesis's difference map from `parent` to `child` (Huertas 2014,
/// Ec. 7): `(parent − child + 1) / 2`, so 0.5 is no change, towards 1
/// White lost control, towards 0 Black did.
///
/// ```
/// use go_position_analyzer::{ValueMap, map};
/// let geo = go_board::Geometry::square(2)?;
/// let parent = ValueMap::from_values(geo, vec![1.0, 0.0, 0.5, 1.0]).unwrap();
/// let child = ValueMap::from_values(geo, vec![0.0, 1.0, 0.5, 1.0]).unwrap();
/// assert!(map::diff(&parent, &child).values().eq(&[1.0, 0.0, 0.5, 0.5]));
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[must_use]
pub fn diff(parent: &ValueMap, child: &ValueMap) -> ValueMap {
    ValueMap::from_fn(parent.geometry(), |p| (parent[p] - child[p] + 1.0) / 2.0)
}

/// The thesis's text map (`InfluenceString`): `O` > 0.8 ≥ `o` > 0.6 ≥
/// `.` ≥ 0.4 > `x` ≥ 0.2 > `X`, top row first, with coordinates.
///
/// ```
/// use go_position_analyzer::{ValueMap, map};
/// let geo = go_board::Geometry::square(2)?;
/// let m = ValueMap::from_values(geo, vec![0.1, 0.3, 0.7, 0.9]).unwrap();
/// assert_eq!(map::text(&m), "    A B\n  2 o O 2\n  1 X x 1\n    A B\n");
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[must_use]
pub fn text(map: &ValueMap) -> String {
    shade_map(
        map.geometry(),
        |p| map.get(p).copied().map(f64::from),
        &Shades::huertas(),
    )
}

/// The thesis's symbol for one value (see [`text`]).
///
/// ```
/// use go_position_analyzer::map::symbol;
/// assert_eq!(symbol(0.85), 'O');
/// assert_eq!(symbol(0.5), '.');
/// ```
#[must_use]
pub fn symbol(v: f32) -> char {
    Shades::huertas().shade(f64::from(v))
}
