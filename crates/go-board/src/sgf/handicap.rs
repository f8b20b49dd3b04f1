//! GNU Go's fixed handicap placement.

use crate::geometry::Geometry;
use crate::point::Point;

/// The stones GNU Go places for a fixed handicap of `n` on a square board:
/// the third-line points (fourth line from size 12), corners first, then
/// the sides' middles, the centre last — and the centre first for 5 and 7
/// stones. Boards of odd size from 9 take up to 9 stones, sizes 7 and 8 and
/// even sizes up to 4; smaller boards none (except the centre for 5 or 7).
/// Rectangular boards get none.
///
/// [`GameRecord::position`](super::GameRecord::position) places these when
/// a record with `HA` ≥ 2 lets White move first on an empty board, as GNU
/// Go's `loadsgf` does.
///
/// ```
/// use go_board::{sgf::fixed_handicap, Geometry};
/// let stones = fixed_handicap(Geometry::square(19)?, 3);
/// let names: Vec<String> = stones.iter().map(|p| p.to_string()).collect();
/// assert_eq!(names, ["Q16", "D4", "D16"]);
/// assert_eq!(fixed_handicap(Geometry::square(9)?, 9).len(), 9);
/// assert_eq!(fixed_handicap(Geometry::square(8)?, 6).len(), 4);
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[must_use]
pub fn fixed_handicap(geo: &Geometry, n: u32) -> Vec<Point> {
    let size = geo.width();
    if n < 2 || !geo.is_square() {
        return Vec::new();
    }
    let max = if size % 2 == 1 && size >= 9 {
        9
    } else if size >= 7 {
        4
    } else {
        0
    };
    let edge = if size > 11 { 3 } else { 2 };
    let far = size.saturating_sub(1 + edge);
    // GNU Go's centre on even boards is the lower right of the four.
    let (mid_col, mid_row) = (size / 2, size - 1 - size / 2);
    let order = [
        (far, far),
        (edge, edge),
        (edge, far),
        (far, edge),
        (edge, mid_row),
        (far, mid_row),
        (mid_col, far),
        (mid_col, edge),
        (mid_col, mid_row),
    ];
    let mut stones = Vec::new();
    let mut remaining = n.min(max) as usize;
    if n == 5 || n == 7 {
        stones.push(Point::new(mid_col, mid_row));
        remaining = remaining.saturating_sub(1);
    }
    stones.extend(order[..remaining].iter().map(|&(c, r)| Point::new(c, r)));
    stones
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: usize, n: u32) -> Vec<String> {
        let mut v: Vec<String> = fixed_handicap(Geometry::square(size).unwrap(), n)
            .iter()
            .map(|p| p.to_string())
            .collect();
        v.sort();
        v
    }

    // Answers of GNU Go 3.8's `loadsgf` on `(;SZ[s]HA[n]PL[W])`.
    #[test]
    fn matches_gnugo_on_awkward_sizes() {
        assert_eq!(names(8, 5), ["C3", "C6", "E4", "F6"]);
        assert_eq!(names(7, 9), ["C3", "C5", "E3", "E5"]);
        assert_eq!(names(7, 5), ["C3", "C5", "D4", "E5"]);
        assert_eq!(names(4, 7), ["C2"]);
        assert!(names(5, 4).is_empty());
        assert_eq!(names(12, 2), ["D4", "J9"]);
        assert_eq!(names(11, 2), ["C3", "J9"]);
        assert_eq!(
            names(19, 7),
            ["D10", "D16", "D4", "K10", "Q10", "Q16", "Q4"]
        );
        assert_eq!(
            names(13, 8),
            ["D10", "D4", "D7", "G10", "G4", "K10", "K4", "K7"]
        );
    }
}
