//! Influence functions: Zobrist's iterated neighbour count and a
//! distance-decay influence (survey, Garreta 2005 §4.3.5).
//!
//! **Zobrist (1969)**, as Bouzy (2003) summarises it: stones start at
//! `±seed` (Black positive; Zobrist used 50), empty points at 0; then, `n`
//! times (Zobrist: 4), every point at once gains 1 for each positive
//! neighbour and loses 1 for each negative one:
//! `v'(p) = v(p) + #{q ∈ N(p) : v(q) > 0} − #{q ∈ N(p) : v(q) < 0}`.
//!
//! **Distance decay**: each stone radiates to every point, positive for
//! Black and negative for White, decaying with the distance `d` between
//! them; the contributions are summed at each point:
//! `I(p) = Σ_s sign(s) · w(d(p, s))` over stones `s` within the radius.
//! The survey (§4.3.5) gives two decays: Go Intellect's `w(d) = (1/2)^d`
//! and Many Faces of Go's `w(d) = 1/d` (here `w(0) = 1`, the stone's own
//! point, where `1/d` is undefined), with the metric, radius and strength
//! left open; this module uses the Manhattan distance by default. Many
//! Faces' refinement that "dead groups radiate negative influence" (for
//! the opponent) is offered through [`DecayInfluence::compute_with_dead`].
//!
//! ```
//! use go_board::Board;
//! use go_patterns::{DecayInfluence, ZobristInfluence};
//! let board = Board::from_diagram(". . .\n. X .\n. . .")?;
//! let z = ZobristInfluence::default().compute(&board);
//! assert_eq!(z["B3".parse()?], 8);  // 1 + 1 + 3 + 3: A3 and C3 turn positive at step 2
//! let d = DecayInfluence::default().compute(&board);
//! assert_eq!(d["A3".parse()?], 0.25); // (1/2)^2
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use go_board::{Color, PointSet, Position};

use crate::map::{PointMap, static_geometry};

/// Zobrist's influence function (see the [module documentation](self)).
///
/// ```
/// use go_patterns::ZobristInfluence;
/// assert_eq!(ZobristInfluence::default(), ZobristInfluence { seed: 50, iterations: 4 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ZobristInfluence {
    /// The absolute starting value of a stone.
    pub seed: i32,
    /// The number of spreading steps.
    pub iterations: u32,
}

impl Default for ZobristInfluence {
    fn default() -> Self {
        ZobristInfluence {
            seed: 50,
            iterations: 4,
        }
    }
}

impl ZobristInfluence {
    /// The influence map of `pos`.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_patterns::ZobristInfluence;
    /// let board = Board::from_diagram(". . .\nX . O")?;
    /// let map = ZobristInfluence::default().compute(&board);
    /// assert_eq!(map["B1".parse()?], 0); // as much Black as White
    /// assert_eq!(map["A1".parse()?], 53); // A2 is positive from the second step
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn compute<P: Position + ?Sized>(&self, pos: &P) -> PointMap<i32> {
        let geo = static_geometry(pos.geometry());
        let mut values = crate::territory::seed(pos, self.seed, &PointSet::new());
        let mut next = values.clone();
        for _ in 0..self.iterations {
            for &p in geo.points() {
                let mut v = values[p];
                for q in geo.neighbours(p) {
                    v += i32::from(values[q] > 0) - i32::from(values[q] < 0);
                }
                next[p] = v;
            }
            std::mem::swap(&mut values, &mut next);
        }
        values
    }
}

/// How a stone's influence falls off with distance.
///
/// ```
/// use go_patterns::Decay;
/// assert_eq!(Decay::Halving.weight(3.0), 0.125);
/// assert_eq!(Decay::Inverse.weight(4.0), 0.25);
/// assert_eq!(Decay::Inverse.weight(0.0), 1.0);
/// assert_eq!(Decay::Exponential(0.25).weight(2.0), 0.0625);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Decay {
    /// `(1/2)^d` (Go Intellect).
    Halving,
    /// `1/d`, and 1 at the stone itself (Many Faces of Go).
    Inverse,
    /// `base^d` for a base in (0, 1].
    Exponential(f64),
}

impl Decay {
    /// The weight at distance `d`.
    #[must_use]
    pub fn weight(self, d: f64) -> f64 {
        match self {
            Decay::Halving => 0.5f64.powf(d),
            Decay::Inverse => 1.0 / d.max(1.0),
            Decay::Exponential(base) => base.powf(d),
        }
    }
}

/// The distance between two points.
///
/// ```
/// use go_board::Point;
/// use go_patterns::Metric;
/// let (a, b) = (Point::new(0, 0), Point::new(3, 4));
/// assert_eq!(Metric::Manhattan.distance(a, b), 7.0);
/// assert_eq!(Metric::Euclidean.distance(a, b), 5.0);
/// assert_eq!(Metric::Chebyshev.distance(a, b), 4.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Metric {
    /// `|dx| + |dy|`: steps along the lines.
    #[default]
    Manhattan,
    /// `√(dx² + dy²)`.
    Euclidean,
    /// `max(|dx|, |dy|)`.
    Chebyshev,
}

impl Metric {
    /// The distance from `a` to `b`.
    #[must_use]
    pub fn distance(self, a: go_board::Point, b: go_board::Point) -> f64 {
        let dx = a.col().abs_diff(b.col()) as f64;
        let dy = a.row().abs_diff(b.row()) as f64;
        match self {
            Metric::Manhattan => dx + dy,
            Metric::Euclidean => (dx * dx + dy * dy).sqrt(),
            Metric::Chebyshev => dx.max(dy),
        }
    }
}

/// Distance-decay influence (see the [module documentation](self)).
///
/// ```
/// use go_board::Board;
/// use go_patterns::{Decay, DecayInfluence, Metric};
/// let options = DecayInfluence { decay: Decay::Inverse, metric: Metric::Euclidean, radius: Some(3.0) };
/// let board = Board::from_diagram(". . . . .\nX . . . .")?;
/// let map = options.compute(&board);
/// assert_eq!(map["C1".parse()?], 0.5);
/// assert_eq!(map["E1".parse()?], 0.0); // beyond the radius
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecayInfluence {
    /// The fall-off.
    pub decay: Decay,
    /// The distance.
    pub metric: Metric,
    /// Stones further than this radiate nothing (`None`: no limit).
    pub radius: Option<f64>,
}

impl Default for DecayInfluence {
    /// Go Intellect's halving with the Manhattan distance, no radius.
    fn default() -> Self {
        DecayInfluence {
            decay: Decay::Halving,
            metric: Metric::Manhattan,
            radius: None,
        }
    }
}

impl DecayInfluence {
    /// The influence map of `pos` (positive: Black).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_patterns::DecayInfluence;
    /// let board = Board::from_diagram(". . .\nX . O")?;
    /// let map = DecayInfluence::default().compute(&board);
    /// assert_eq!(map["B1".parse()?], 0.0);
    /// assert_eq!(map["A1".parse()?], 1.0 - 0.25);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn compute<P: Position + ?Sized>(&self, pos: &P) -> PointMap<f64> {
        self.compute_with_dead(pos, &PointSet::new())
    }

    /// The influence map where the stones of `dead` radiate for the
    /// opponent (Many Faces' "dead groups radiate negative influence").
    ///
    /// ```
    /// use go_board::{Board, PointSet};
    /// use go_patterns::DecayInfluence;
    /// let board = Board::from_diagram(". . .\nX . .")?;
    /// let dead: PointSet = ["A1".parse()?].into_iter().collect();
    /// let map = DecayInfluence::default().compute_with_dead(&board, &dead);
    /// assert_eq!(map["B1".parse()?], -0.5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn compute_with_dead<P: Position + ?Sized>(
        &self,
        pos: &P,
        dead: &PointSet,
    ) -> PointMap<f64> {
        let geo = static_geometry(pos.geometry());
        let stones: Vec<(go_board::Point, f64)> = geo
            .points()
            .iter()
            .filter_map(|&s| {
                let c = pos.color_at(s)?;
                let sign = if c == Color::Black { 1.0 } else { -1.0 };
                Some((s, if dead.contains(s) { -sign } else { sign }))
            })
            .collect();
        PointMap::from_fn(geo, |p| {
            stones
                .iter()
                .filter_map(|&(s, sign)| {
                    let d = self.metric.distance(p, s);
                    (self.radius.is_none_or(|r| d <= r)).then(|| sign * self.decay.weight(d))
                })
                .sum()
        })
    }
}
