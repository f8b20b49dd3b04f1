//! Handicap placements: GTP's fixed points and a spread for free handicap.

use go_board::{Geometry, Point, PointSet};

/// The fixed handicap points of GTP 2 (section 4.1.1), as GNU Go places
/// them ([`go_board::sgf::fixed_handicap`]): on the 3-3 points up to 11×11
/// and the 4-4 points from 12×12, up
/// to 9 stones on odd sizes from 9×9, up to 4 on even sizes and on 7×7;
/// `None` when the size (below 7×7, or not square) or the count does not
/// allow it. The points come in GNU Go's order: from the top row down, left
/// to right.
///
/// ```
/// use go_gtp::handicap::fixed_handicap;
/// use go_gtp::go_board::Geometry;
///
/// let geo = Geometry::square(19)?;
/// let stones: Vec<String> = fixed_handicap(geo, 3).unwrap().iter().map(|p| p.to_string()).collect();
/// assert_eq!(stones, ["D16", "Q16", "D4"]);
/// assert_eq!(fixed_handicap(Geometry::square(10)?, 5), None);
/// # Ok::<(), go_gtp::go_board::SizeError>(())
/// ```
#[must_use]
pub fn fixed_handicap(geo: &Geometry, count: u32) -> Option<Vec<Point>> {
    let size = geo.width();
    if !geo.is_square() || size < 7 || count < 2 || count > max_fixed_handicap(size) {
        return None;
    }
    // go-board places GNU Go's points (as `loadsgf` needs them too); GTP
    // adds which counts are allowed and GNU Go's answer order.
    Some(gnugo_order(go_board::sgf::fixed_handicap(geo, count)))
}

/// The largest fixed handicap on a square board of side `size` (0 below
/// 7×7).
///
/// ```
/// use go_gtp::handicap::max_fixed_handicap;
///
/// assert_eq!(max_fixed_handicap(19), 9);
/// assert_eq!(max_fixed_handicap(8), 4);
/// assert_eq!(max_fixed_handicap(7), 4);
/// assert_eq!(max_fixed_handicap(5), 0);
/// ```
#[must_use]
pub fn max_fixed_handicap(size: usize) -> u32 {
    match size {
        0..=6 => 0,
        s if s % 2 == 1 && s >= 9 => 9,
        _ => 4,
    }
}

/// Points for `count` free handicap stones (`place_free_handicap`): the
/// fixed points when the size has them, then further points chosen one by
/// one as far as possible from those placed (ties to the higher line, then
/// the lower point). `None` unless `2 <= count < number of points`.
///
/// ```
/// use go_gtp::handicap::free_handicap;
/// use go_gtp::go_board::Geometry;
///
/// let geo = Geometry::square(9)?;
/// assert_eq!(free_handicap(geo, 4).unwrap().len(), 4);
/// assert_eq!(free_handicap(geo, 12).unwrap().len(), 12);
/// assert_eq!(free_handicap(geo, 81), None);
/// # Ok::<(), go_gtp::go_board::SizeError>(())
/// ```
#[must_use]
pub fn free_handicap(geo: &Geometry, count: u32) -> Option<Vec<Point>> {
    let count = count as usize;
    if count < 2 || count >= geo.num_points() {
        return None;
    }
    let fixed_count = max_fixed_handicap(geo.width()).min(count as u32);
    let mut placed: Vec<Point> = if geo.is_square() {
        fixed_handicap(geo, fixed_count).unwrap_or_default()
    } else {
        Vec::new()
    };
    let mut taken: PointSet = placed.iter().copied().collect();
    while placed.len() < count {
        let best = geo
            .points()
            .iter()
            .copied()
            .filter(|&p| !taken.contains(p))
            .max_by_key(|&p| {
                let distance = placed
                    .iter()
                    .map(|&q| p.distance(q))
                    .min()
                    .unwrap_or(usize::MAX);
                // Prefer the third and fourth lines, then the centre.
                let line = geo.line(p).min(4);
                (distance, line, std::cmp::Reverse(p))
            })?;
        taken.insert(best);
        placed.push(best);
    }
    Some(gnugo_order(placed))
}

/// Points in the order GNU Go lists them: rows from the top, each left to
/// right.
///
/// ```
/// use go_gtp::{handicap::gnugo_order, Point};
///
/// let sorted = gnugo_order([Point::new(0, 0), Point::new(1, 1), Point::new(0, 1)]);
/// assert_eq!(sorted, [Point::new(0, 1), Point::new(1, 1), Point::new(0, 0)]);
/// ```
#[must_use]
pub fn gnugo_order(points: impl IntoIterator<Item = Point>) -> Vec<Point> {
    let mut points: Vec<Point> = points.into_iter().collect();
    points.sort_by_key(|p| (std::cmp::Reverse(p.row()), p.col()));
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(points: &[Point]) -> String {
        points
            .iter()
            .map(Point::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// GNU Go 3.8's answers to `fixed_handicap`, recorded by hand.
    #[test]
    fn fixed_points_match_gnugo() {
        let cases = [
            (7, 4, "C5 E5 C3 E3"),
            (8, 2, "F6 C3"),
            (9, 3, "C7 G7 C3"),
            (9, 5, "C7 G7 E5 C3 G3"),
            (9, 6, "C7 G7 C5 G5 C3 G3"),
            (9, 7, "C7 G7 C5 E5 G5 C3 G3"),
            (9, 8, "C7 E7 G7 C5 G5 C3 E3 G3"),
            (11, 9, "C9 F9 J9 C6 F6 J6 C3 F3 J3"),
            (12, 4, "D9 J9 D4 J4"),
            (13, 5, "D10 K10 G7 D4 K4"),
            (19, 9, "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4"),
        ];
        for (size, count, expected) in cases {
            let geo = Geometry::square(size).unwrap();
            let points = fixed_handicap(geo, count).unwrap();
            assert_eq!(names(&points), expected, "{size}x{size} {count}");
        }
        for (size, count) in [(6, 2), (7, 5), (10, 5), (19, 10), (19, 1)] {
            let geo = Geometry::square(size).unwrap();
            assert_eq!(fixed_handicap(geo, count), None, "{size} {count}");
        }
    }

    #[test]
    fn free_points_are_distinct_and_on_the_board() {
        let cases = [2, 3, 5, 9, 19].into_iter().flat_map(|size| {
            let all = (size * size) as u32;
            let counts: Vec<u32> = if size < 19 {
                (2..all).collect()
            } else {
                (2..=20).chain([100, all - 1]).collect()
            };
            counts.into_iter().map(move |count| (size, count))
        });
        for (size, count) in cases {
            let geo = Geometry::square(size).unwrap();
            {
                let points = free_handicap(geo, count).unwrap();
                let set: PointSet = points.iter().copied().collect();
                assert_eq!(set.len(), count as usize);
                assert!(points.iter().all(|&p| geo.contains(p)));
            }
        }
    }
}
