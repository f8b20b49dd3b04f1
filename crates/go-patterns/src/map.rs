//! [`PointMap`]: one value per board point — go-board's type, the one
//! per-point map of the workspace, re-exported here so that
//! `go_patterns::PointMap` and `go_patterns::map::PointMap` keep working.
//!
//! ```
//! use go_board::{Geometry, Point};
//! use go_patterns::PointMap;
//! let geo = Geometry::square(5)?;
//! let mut map = PointMap::new(geo, 0i32);
//! map[Point::new(2, 2)] = 7;
//! assert_eq!(map.get(Point::new(2, 2)), Some(&7));
//! assert_eq!(map.iter().map(|(_, v)| v).sum::<i32>(), 7);
//! # Ok::<(), go_board::SizeError>(())
//! ```

use go_board::Geometry;

pub use go_board::PointMap;

/// The shared `'static` geometry of the same size as `geo`.
pub(crate) fn static_geometry(geo: &Geometry) -> &'static Geometry {
    Geometry::new(geo.width(), geo.height()).expect("an existing geometry has a valid size")
}
