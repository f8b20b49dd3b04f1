//! Territory by mathematical morphology: Zobrist's seeds and Bouzy's
//! dilation and erosion (Bouzy 2003, as used by GNU Go's 5/21 estimate and
//! cited by Fractal Go §4.1).
//!
//! Stones start at `+seed` (Black) or `−seed` (White), empty points at 0;
//! then `d` dilations and `e` erosions, each computed from the previous
//! map for every point at once, neighbours being the on-board orthogonal
//! ones:
//!
//! - **Dilate**: a point `≥ 0` with no neighbour `< 0` gains the number of
//!   its neighbours `> 0`; a point `≤ 0` with no neighbour `> 0` loses the
//!   number of its neighbours `< 0`.
//! - **Erode**: a point `> 0` loses the number of its neighbours `≤ 0`, a
//!   point `< 0` gains the number of its neighbours `≥ 0`, stopping at 0
//!   (erosion never changes a sign).
//!
//! A point's sign then says who controls it; the empty points with a sign
//! are that colour's territory. Settings: Bouzy's 5/21 with seeds ±128
//! (`e = 1 + d(d−1)`, "so that an isolated stone gives no territory"), the
//! Fractal Go report's 3/6 with ±64 (`e = d(d−1)`), GNU Go's 5/10 "moyo"
//! and 4/0 "area". The report words its operators differently (its text is
//! garbled: read literally, empty points never gain influence); it cites
//! Bouzy for them, so Bouzy's operators are used for every setting.
//!
//! ```
//! use go_board::{Board, Color};
//! use go_patterns::Morphology;
//! let board = Board::from_diagram(
//!     ". . X . . . .
//!      . . X . . . .
//!      X X X . . . .
//!      . . . . . . .
//!      . . . . . . .
//!      . . . . O O O
//!      . . . . O . .",
//! )?;
//! let t = Morphology::BOUZY.territory(&board);
//! assert_eq!(t.territory(Color::Black).len(), 4); // the enclosed corner
//! assert_eq!(t.owner("A7".parse()?), Some(Color::Black));
//! assert_eq!(t.owner("G1".parse()?), Some(Color::White));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use go_board::{ByColor, Color, Geometry, Point, PointSet, Position};

use crate::map::{PointMap, static_geometry};

/// Dilation and erosion counts and the stone seed.
///
/// ```
/// use go_patterns::Morphology;
/// assert_eq!(Morphology::default(), Morphology::BOUZY);
/// let m = Morphology { dilations: 4, erosions: 13, seed: 128 };
/// assert_eq!(m.erosions, 1 + m.dilations * (m.dilations - 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Morphology {
    /// Number of dilations.
    pub dilations: u32,
    /// Number of erosions, applied after the dilations.
    pub erosions: u32,
    /// The absolute starting value of a stone.
    pub seed: i32,
}

impl Default for Morphology {
    fn default() -> Self {
        Morphology::BOUZY
    }
}

impl Morphology {
    /// Bouzy's 5/21 territory with seeds ±128 (GNU Go's
    /// `estimate_score`).
    pub const BOUZY: Morphology = Morphology {
        dilations: 5,
        erosions: 21,
        seed: 128,
    };
    /// The Fractal Go report's example: 3 dilations, 6 erosions, seeds ±64.
    pub const THESIS: Morphology = Morphology {
        dilations: 3,
        erosions: 6,
        seed: 64,
    };
    /// GNU Go's "moyo": 5 dilations, 10 erosions.
    pub const MOYO: Morphology = Morphology {
        dilations: 5,
        erosions: 10,
        seed: 128,
    };
    /// GNU Go's "area": 4 dilations, no erosion.
    pub const AREA: Morphology = Morphology {
        dilations: 4,
        erosions: 0,
        seed: 128,
    };

    /// The estimate for `pos` with every stone alive.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::Morphology;
    /// let board = Board::from_diagram(". . .\n. X .\n. . .")?;
    /// // A lone stone in the centre of a tiny board still walls it in.
    /// assert_eq!(Morphology::BOUZY.territory(&board).territory(Color::Black).len(), 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn territory<P: Position + ?Sized>(&self, pos: &P) -> Territory {
        self.territory_without(pos, &PointSet::new())
    }

    /// The estimate for `pos` with the stones of `dead` removed first (as
    /// GNU Go removes dead dragons); they count as empty points.
    ///
    /// ```
    /// use go_board::{Board, Color, PointSet};
    /// use go_patterns::Morphology;
    /// let board = Board::from_diagram(
    ///     ". X X X .
    ///      X . O . X
    ///      X . . . X
    ///      X . . . X
    ///      . X X X .",
    /// )?;
    /// let dead: PointSet = ["C4".parse()?].into_iter().collect();
    /// let t = Morphology::BOUZY.territory_without(&board, &dead);
    /// assert_eq!(t.owner("C4".parse()?), Some(Color::Black));
    /// assert_eq!(t.territory(Color::Black).len(), 13); // inside and corners
    /// assert_eq!(Morphology::BOUZY.territory(&board).owner("C4".parse()?), Some(Color::White));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn territory_without<P: Position + ?Sized>(&self, pos: &P, dead: &PointSet) -> Territory {
        let geo = static_geometry(pos.geometry());
        let mut values = seed(pos, self.seed, dead);
        let nb = Neighbours::new(geo);
        let mut scratch = values.clone();
        for _ in 0..self.dilations {
            nb.dilate(&values, &mut scratch);
            std::mem::swap(&mut values, &mut scratch);
        }
        for _ in 0..self.erosions {
            nb.erode(&values, &mut scratch);
            std::mem::swap(&mut values, &mut scratch);
        }
        let mut stones = ByColor::new(PointSet::new(), PointSet::new());
        for &p in geo.points() {
            if let Some(c) = pos.color_at(p) {
                if !dead.contains(p) {
                    stones[c].insert(p);
                }
            }
        }
        Territory { values, stones }
    }
}

/// Zobrist's starting map: `+seed` on Black stones, `−seed` on White,
/// 0 on empty points and on the stones of `dead`.
///
/// ```
/// use go_board::{Board, PointSet};
/// use go_patterns::territory::seed;
/// let board = Board::from_diagram("X O\n. .")?;
/// let map = seed(&board, 64, &PointSet::new());
/// assert_eq!((map["A2".parse()?], map["B2".parse()?], map["A1".parse()?]), (64, -64, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn seed<P: Position + ?Sized>(pos: &P, seed: i32, dead: &PointSet) -> PointMap<i32> {
    let geo = static_geometry(pos.geometry());
    PointMap::from_fn(geo, |p| match pos.color_at(p) {
        _ if dead.contains(p) => 0,
        Some(Color::Black) => seed,
        Some(Color::White) => -seed,
        None => 0,
    })
}

/// One dilation of `map` (Bouzy's operator; see the [module
/// documentation](self)).
///
/// ```
/// use go_board::{Geometry, Point};
/// use go_patterns::{PointMap, territory::dilate};
/// let geo = Geometry::new(5, 2)?;
/// let mut map = PointMap::new(geo, 0);
/// map[Point::new(1, 0)] = 128;
/// map[Point::new(3, 0)] = 128;
/// dilate(&mut map); // GNU Go's tobi example, on the edge
/// let values: Vec<i32> = map.iter().map(|(_, &v)| v).collect();
/// assert_eq!(values, [1, 128, 2, 128, 1, /* row 2 */ 0, 1, 0, 1, 0]);
/// # Ok::<(), go_board::SizeError>(())
/// ```
pub fn dilate(map: &mut PointMap<i32>) {
    let nb = Neighbours::new(map.geometry());
    let before = map.clone();
    nb.dilate(&before, map);
}

/// One erosion of `map` (Bouzy's operator; see the [module
/// documentation](self)).
///
/// ```
/// use go_board::{Geometry, Point};
/// use go_patterns::{PointMap, territory::erode};
/// let geo = Geometry::new(3, 2)?;
/// let mut map = PointMap::new(geo, 0);
/// map[Point::new(0, 0)] = 5;
/// map[Point::new(1, 0)] = 1;
/// erode(&mut map);
/// let row: Vec<i32> = map.iter().take(3).map(|(_, &v)| v).collect();
/// assert_eq!(row, [4, 0, 0]); // A1: one neighbour ≤ 0 (A2); B1: two
/// # Ok::<(), go_board::SizeError>(())
/// ```
pub fn erode(map: &mut PointMap<i32>) {
    let nb = Neighbours::new(map.geometry());
    let before = map.clone();
    nb.erode(&before, map);
}

/// The on-board neighbours of every point, precomputed.
struct Neighbours {
    points: Vec<(Point, [Point; 4], usize)>,
}

impl Neighbours {
    fn new(geo: &Geometry) -> Neighbours {
        let points = geo
            .points()
            .iter()
            .map(|&p| {
                let mut n = [p; 4];
                let mut k = 0;
                for q in geo.neighbours(p) {
                    n[k] = q;
                    k += 1;
                }
                (p, n, k)
            })
            .collect();
        Neighbours { points }
    }

    fn dilate(&self, from: &PointMap<i32>, to: &mut PointMap<i32>) {
        for &(p, n, k) in &self.points {
            let v = from[p];
            let (mut pos, mut neg) = (0, 0);
            for &q in &n[..k] {
                let w = from[q];
                pos += i32::from(w > 0);
                neg += i32::from(w < 0);
            }
            to[p] = if v >= 0 && neg == 0 {
                v + pos
            } else if v <= 0 && pos == 0 {
                v - neg
            } else {
                v
            };
        }
    }

    fn erode(&self, from: &PointMap<i32>, to: &mut PointMap<i32>) {
        for &(p, n, k) in &self.points {
            let v = from[p];
            to[p] = if v > 0 {
                let down = n[..k].iter().filter(|&&q| from[q] <= 0).count() as i32;
                (v - down).max(0)
            } else if v < 0 {
                let up = n[..k].iter().filter(|&&q| from[q] >= 0).count() as i32;
                (v + up).min(0)
            } else {
                0
            };
        }
    }
}

/// A dilation–erosion result: the final value of every point and the
/// territory it implies.
///
/// ```
/// use go_board::{Board, Color};
/// use go_patterns::Morphology;
/// let board = Board::from_diagram("X . .\n. . .\n. . O")?;
/// let t = Morphology::BOUZY.territory(&board);
/// assert_eq!(t.owner("B2".parse()?), None); // contested
/// assert_eq!(t.score(), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Territory {
    values: PointMap<i32>,
    stones: ByColor<PointSet>,
}

impl Territory {
    /// The final values (positive: Black, negative: White).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_patterns::Morphology;
    /// let board = Board::from_diagram("X .\n. .")?;
    /// assert!(Morphology::BOUZY.territory(&board).values()["B1".parse()?] > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn values(&self) -> &PointMap<i32> {
        &self.values
    }

    /// The final value at `p` (0 off the board).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_patterns::Morphology;
    /// let board = Board::from_diagram("O .\n. .")?;
    /// assert!(Morphology::BOUZY.territory(&board).value("A2".parse()?) < 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn value(&self, p: Point) -> i32 {
        self.values.get(p).copied().unwrap_or(0)
    }

    /// Who controls `p` (stones included): the sign of its value.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::Morphology;
    /// let board = Board::from_diagram("O .\n. .")?;
    /// assert_eq!(Morphology::BOUZY.territory(&board).owner("B1".parse()?), Some(Color::White));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn owner(&self, p: Point) -> Option<Color> {
        match self.value(p) {
            v if v > 0 => Some(Color::Black),
            v if v < 0 => Some(Color::White),
            _ => None,
        }
    }

    /// The points `color` controls that hold no live stone of its own:
    /// empty points, dead stones and controlled enemy stones included.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::Morphology;
    /// let board = Board::from_diagram("X .\n. .")?;
    /// assert_eq!(Morphology::BOUZY.territory(&board).territory(Color::Black).len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn territory(&self, color: Color) -> PointSet {
        self.area(color) - self.stones[color]
    }

    /// Every point `color` controls, its stones included.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::Morphology;
    /// let board = Board::from_diagram("X .\n. .")?;
    /// assert_eq!(Morphology::BOUZY.territory(&board).area(Color::Black).len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn area(&self, color: Color) -> PointSet {
        self.values
            .iter()
            .filter(|&(p, _)| self.owner(p) == Some(color))
            .map(|(p, _)| p)
            .collect()
    }

    /// Black's territory minus White's, in points.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_patterns::Morphology;
    /// let board = Board::from_diagram("X .\n. .")?;
    /// assert_eq!(Morphology::BOUZY.territory(&board).score(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn score(&self) -> i32 {
        self.territory(Color::Black).len() as i32 - self.territory(Color::White).len() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Board;

    fn values(t: &Territory) -> Vec<i32> {
        t.values().iter().map(|(_, &v)| v).collect()
    }

    #[test]
    fn two_stones_on_a_3x2_board_by_hand() {
        // Rows from the top: A2 B2 C2 / A1 B1 C1; values listed from A1.
        let board = Board::from_diagram(". . .\nX . O").unwrap();
        // 5 dilations: A1 128+4 (A2 turns positive after the first), A2 5,
        // B1 and B2 stay 0 (touching both colours). 21 erosions: A2 falls
        // 1 a step to 0 after 5; A1 falls 1 a step for 5, then 2 a step
        // for 16: 132 − 5 − 32 = 95.
        let t = Morphology::BOUZY.territory(&board);
        assert_eq!(values(&t), [95, 0, -95, 0, 0, 0]);
        // 3/6 with ±64: A1 66, A2 3 after the dilations; erosions: A2
        // reaches 0 after 3 (A1 63), then A1 loses 2 a step: 57.
        let t = Morphology::THESIS.territory(&board);
        assert_eq!(values(&t), [57, 0, -57, 0, 0, 0]);
    }

    #[test]
    fn a_stone_alone_on_a_2x2_board_owns_it() {
        // Nothing is ever ≤ 0 next to a positive point: no erosion bites.
        // 5 dilations: A1 128 + 2+2+2+2 = 136 (B2 turns positive at the
        // second), A2 = B1 = 1+1+2+2+2 = 8, B2 = 0+2+2+2+2 = 8.
        let board = Board::from_diagram(". .\nX .").unwrap();
        let t = Morphology::BOUZY.territory(&board);
        assert_eq!(values(&t), [136, 8, 8, 8]);
        assert_eq!(t.score(), 3);
    }

    #[test]
    fn gnu_go_tobi_after_two_dilations() {
        // Two stones one point apart in the middle of a big board: after
        // two dilations (checked by hand, as in GNU Go's documentation).
        let mut b = Board::new(11).unwrap();
        b.play(Color::Black, Point::new(4, 5)).unwrap();
        b.play(Color::Black, Point::new(6, 5)).unwrap();
        let mut map = seed(&b, 128, &PointSet::new());
        dilate(&mut map);
        dilate(&mut map);
        let at = |dx: isize, dy: isize| map[Point::new((4 + dx) as usize, (5 + dy) as usize)];
        let row0: Vec<i32> = (-3..=5).map(|dx| at(dx, 0)).collect();
        assert_eq!(row0, [0, 1, 2, 132, 4, 132, 2, 1, 0]);
        let row1: Vec<i32> = (-2..=4).map(|dx| at(dx, 1)).collect();
        assert_eq!(row1, [0, 2, 2, 3, 2, 2, 0]);
        let row2: Vec<i32> = (-1..=3).map(|dx| at(dx, 2)).collect();
        assert_eq!(row2, [0, 1, 0, 1, 0]);
        for dx in -3..=5 {
            for dy in 1..=3 {
                assert_eq!(at(dx, dy), at(dx, -dy));
            }
        }
    }

    #[test]
    fn an_isolated_stone_gives_no_territory_under_5_21() {
        let mut b = Board::new(19).unwrap();
        b.play(Color::Black, Point::new(9, 9)).unwrap();
        let t = Morphology::BOUZY.territory(&b);
        assert!(t.territory(Color::Black).is_empty());
        assert_eq!(t.owner(Point::new(9, 9)), Some(Color::Black));
        // 5/10 (moyo) keeps some.
        assert!(
            !Morphology::MOYO
                .territory(&b)
                .territory(Color::Black)
                .is_empty()
        );
    }
}
