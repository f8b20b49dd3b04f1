//! The compact per-size array layout of the playout board.
//!
//! The search board indexes every size in the 25×25 layout (stride 26), so
//! a [`Point`] means the same intersection whatever the size. Playouts want
//! the smallest arrays instead: a board `w` wide uses stride `w + 1`, with
//! one border column shared by the right edge of a row and the left edge
//! of the next, a border row below and above, and one extra index so every
//! diagonal of an on-board point is a valid index. A 19×19 board needs 421
//! indices instead of 703, a 9×9 board 111 instead of 703.

use std::sync::OnceLock;

use crate::geometry::Geometry;
use crate::point::{MAX_SIZE, Point};

/// One size's compact layout: shared, immutable, one per geometry.
#[derive(Debug)]
pub(crate) struct Layout {
    pub(crate) geo: &'static Geometry,
    /// Distance between vertically adjacent indices (`width + 1`).
    pub(crate) stride: usize,
    /// Number of indices (border included).
    pub(crate) len: usize,
    /// The point of each compact index (border indices map to `A1`, never
    /// read).
    to_point: Vec<Point>,
    /// Compact indices of the on-board points, in the geometry's order.
    pub(crate) points: Vec<u16>,
}

static LAYOUTS: [OnceLock<Layout>; MAX_SIZE * MAX_SIZE] =
    [const { OnceLock::new() }; MAX_SIZE * MAX_SIZE];

impl Layout {
    /// The layout of `geo`, built on first use.
    pub(crate) fn of(geo: &'static Geometry) -> &'static Layout {
        let slot = &LAYOUTS[(geo.width() - 1) * MAX_SIZE + (geo.height() - 1)];
        slot.get_or_init(|| Layout::build(geo))
    }

    fn build(geo: &'static Geometry) -> Layout {
        let stride = geo.width() + 1;
        let len = (geo.height() + 2) * stride + 1;
        let mut to_point = vec![Point::new(0, 0); len];
        let mut points = Vec::with_capacity(geo.num_points());
        for &p in geo.points() {
            let i = compact_index(stride, p);
            to_point[i] = p;
            points.push(i as u16);
        }
        Layout {
            geo,
            stride,
            len,
            to_point,
            points,
        }
    }

    /// The compact index of an on-board point.
    #[inline]
    pub(crate) fn index(&self, p: Point) -> usize {
        compact_index(self.stride, p)
    }

    /// The point at a compact on-board index.
    #[inline]
    pub(crate) fn point(&self, i: usize) -> Point {
        self.to_point[i]
    }
}

#[inline]
fn compact_index(stride: usize, p: Point) -> usize {
    (p.row() + 1) * stride + p.col() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_of_on_board_points_are_on_board_or_border() {
        for (w, h) in [(2, 2), (9, 9), (19, 19), (25, 25), (7, 3)] {
            let geo = Geometry::new(w, h).unwrap();
            let layout = Layout::of(geo);
            let on: Vec<bool> = {
                let mut v = vec![false; layout.len];
                for &i in &layout.points {
                    v[usize::from(i)] = true;
                }
                v
            };
            for &p in geo.points() {
                let i = layout.index(p);
                assert_eq!(layout.point(i), p);
                let s = layout.stride;
                for (q, d) in p.neighbours().into_iter().zip([i + s, i - s, i + 1, i - 1]) {
                    assert_eq!(geo.contains(q), on[d], "{w}x{h} {p} -> {q}");
                    if geo.contains(q) {
                        assert_eq!(layout.point(d), q);
                    }
                }
                for d in [i + s + 1, i + s - 1, i - s + 1, i - s - 1] {
                    assert!(d < layout.len);
                }
            }
        }
    }
}
