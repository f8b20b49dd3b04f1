//! The features of a candidate move that a [`MoveModel`](crate::MoveModel)
//! rates, after Coulom ("Computing Elo Ratings of Move Patterns in the Game
//! of Go", 2007, §3.1): the 3×3 shape with atari flags, and local tactical
//! and positional features, each taking at most one value per move.
//!
//! | feature | values |
//! |---|---|
//! | `pass` | 0 a pass, 1 a pass after a pass |
//! | `capture` | stones captured 1, 2, 3–5, 6+ (0–3); +4 when a captured block holds the last move |
//! | `escape` | saves an own block in atari (two liberties or more after): 1 stone 0, more 1; +2 when the block touches the last move |
//! | `self-atari` | leaves its block in atari without capturing: 1 stone 0, 2–4 stones 1, more 2 |
//! | `atari` | puts an enemy block in atari: with a ko on the board 0, else 1 stone 1, more 2 |
//! | `last-distance`, `second-distance` | Coulom's distance `|dx| + |dy| + max(|dx|, |dy|)` to the last and the second-last move: 2–9 as 0–7, 10 or more 8 |
//! | `line` | line 1, 2, 3, 4+ as 0–3 |
//! | `ladder` | 0 the move ataris a block the ladder then catches; 1 the move extends an own block out of atari to two liberties and the hunter catches it in a ladder |
//!
//! The shape is the [`Code3x3`] with atari flags seen from the side to move
//! (colours swapped for White), so one table serves both colours. Ladders
//! are read by go-patterns's own small reader ([`crate::ladder`]), not
//! go-search's: see that module for why.
//!
//! ```
//! use go_board::{Board, Color, PlayoutBoard};
//! use go_patterns::features::{Feature, LastMoves, MoveFeatures};
//! let board = PlayoutBoard::from(&Board::from_diagram(
//!     ". . . . .
//!      . X O . .
//!      . O . . .
//!      . . . . .
//!      . . . . .",
//! )?);
//! // White at A4 takes the Black stone B4 out of its last liberty but one.
//! let f = MoveFeatures::of_point(&board, Color::White, "A4".parse()?, LastMoves::default());
//! assert_eq!(f.get(Feature::Atari), Some(1));
//! assert_eq!(f.get(Feature::Line), Some(0));
//! assert_eq!(f.get(Feature::Capture), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use go_board::{Color, PlayoutBoard, Point, PointSet};

use crate::hash3x3::Code3x3;
use crate::ladder;

/// One of the small features (the 3×3 shape aside).
///
/// ```
/// use go_patterns::features::Feature;
/// assert_eq!(Feature::Capture.to_string(), "capture");
/// assert_eq!("line".parse::<Feature>()?, Feature::Line);
/// assert_eq!(Feature::Line.num_values(), 4);
/// # Ok::<(), go_patterns::features::ParseFeatureError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    /// A pass.
    Pass,
    /// Captures enemy stones.
    Capture,
    /// Saves an own block in atari.
    Escape,
    /// Leaves the move's own block in atari without capturing.
    SelfAtari,
    /// Puts an enemy block in atari.
    Atari,
    /// Distance to the last move.
    LastDistance,
    /// Distance to the move before the last.
    SecondDistance,
    /// Line (distance to the edge).
    Line,
    /// A ladder: the block the move ataris is caught, or the block it
    /// extends out of atari is caught all the same.
    Ladder,
}

impl Feature {
    /// Every small feature, in index order.
    pub const ALL: [Feature; 9] = [
        Feature::Pass,
        Feature::Capture,
        Feature::Escape,
        Feature::SelfAtari,
        Feature::Atari,
        Feature::LastDistance,
        Feature::SecondDistance,
        Feature::Line,
        Feature::Ladder,
    ];

    /// The number of small features.
    pub const COUNT: usize = 9;

    /// The feature's index in [`ALL`](Self::ALL).
    ///
    /// ```
    /// use go_patterns::features::Feature;
    /// assert!(Feature::ALL.iter().enumerate().all(|(i, f)| f.index() == i));
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many values the feature takes (0 to this minus one).
    ///
    /// ```
    /// use go_patterns::features::Feature;
    /// assert_eq!(Feature::Capture.num_values(), 8);
    /// ```
    #[must_use]
    pub const fn num_values(self) -> u8 {
        match self {
            Feature::Pass => 2,
            Feature::Capture => 8,
            Feature::Escape => 4,
            Feature::SelfAtari | Feature::Atari => 3,
            Feature::LastDistance | Feature::SecondDistance => 9,
            Feature::Line => 4,
            Feature::Ladder => 2,
        }
    }

    /// The feature's name in model files.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Feature::Pass => "pass",
            Feature::Capture => "capture",
            Feature::Escape => "escape",
            Feature::SelfAtari => "self-atari",
            Feature::Atari => "atari",
            Feature::LastDistance => "last-distance",
            Feature::SecondDistance => "second-distance",
            Feature::Line => "line",
            Feature::Ladder => "ladder",
        }
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A feature name that is not one of [`Feature::ALL`].
///
/// ```
/// use go_patterns::features::{Feature, ParseFeatureError};
/// assert_eq!("net".parse::<Feature>(), Err(ParseFeatureError("net".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown move feature `{0}`")]
pub struct ParseFeatureError(pub String);

impl FromStr for Feature {
    type Err = ParseFeatureError;

    fn from_str(s: &str) -> Result<Feature, ParseFeatureError> {
        Feature::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| ParseFeatureError(s.to_owned()))
    }
}

/// The two moves before the one to rate (points of stones; `None` for a
/// pass or before the game's start).
///
/// ```
/// use go_patterns::features::LastMoves;
/// let m = LastMoves::default().then(Some("E5".parse()?)).then(None);
/// assert_eq!(m.last, None);
/// assert_eq!(m.second, Some("E5".parse()?));
/// # Ok::<(), go_board::ParseVertexError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LastMoves {
    /// The last move.
    pub last: Option<Point>,
    /// The move before it.
    pub second: Option<Point>,
}

impl LastMoves {
    /// The last moves after one more move (`None`: a pass).
    #[must_use]
    pub const fn then(self, mv: Option<Point>) -> LastMoves {
        LastMoves {
            last: mv,
            second: self.last,
        }
    }
}

/// No value: the feature does not apply to the move.
const NONE: u8 = 0xF;

/// The features of one candidate move: a value (or none) for each
/// [`Feature`], and the 3×3 shape for a stone move.
///
/// ```
/// use go_patterns::features::{Feature, MoveFeatures};
/// let pass = MoveFeatures::pass(true);
/// assert_eq!(pass.get(Feature::Pass), Some(1));
/// assert_eq!(pass.shape(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveFeatures {
    /// Four bits per feature, `NONE` when absent.
    values: u64,
    /// The shape (bits of a [`Code3x3`] for the side to move), or
    /// `u32::MAX` for a pass.
    shape: u32,
}

impl fmt::Debug for MoveFeatures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("MoveFeatures");
        for feature in Feature::ALL {
            if let Some(v) = self.get(feature) {
                s.field(feature.name(), &v);
            }
        }
        if let Some(code) = self.shape() {
            s.field("shape", &code);
        }
        s.finish()
    }
}

impl MoveFeatures {
    /// No feature at all (and no shape).
    const EMPTY: MoveFeatures = MoveFeatures {
        values: u64::MAX,
        shape: u32::MAX,
    };

    /// The features of a pass (`after_pass`: the last move was a pass too).
    #[must_use]
    pub const fn pass(after_pass: bool) -> MoveFeatures {
        MoveFeatures::EMPTY.with(Feature::Pass, after_pass as u8)
    }

    /// The value of `feature`, if the move has it.
    #[inline]
    #[must_use]
    pub const fn get(&self, feature: Feature) -> Option<u8> {
        let v = ((self.values >> (4 * feature.index())) & 0xF) as u8;
        if v == NONE { None } else { Some(v) }
    }

    /// The 3×3 shape seen from the side to move (colours swapped for
    /// White), with atari flags; `None` for a pass.
    #[inline]
    #[must_use]
    pub const fn shape(&self) -> Option<Code3x3> {
        if self.shape == u32::MAX {
            None
        } else {
            Some(Code3x3::from_bits(self.shape))
        }
    }

    /// These features with `feature` set to `value` (values of
    /// [`Feature::num_values`] or more are clamped to the largest).
    ///
    /// ```
    /// use go_patterns::features::{Feature, MoveFeatures};
    /// let f = MoveFeatures::pass(false).with(Feature::Line, 9);
    /// assert_eq!(f.get(Feature::Line), Some(3));
    /// ```
    #[must_use]
    pub const fn with(mut self, feature: Feature, value: u8) -> MoveFeatures {
        let max = feature.num_values() - 1;
        let v = if value > max { max } else { value };
        let shift = 4 * feature.index();
        self.values = (self.values & !(0xF << shift)) | ((v as u64) << shift);
        self
    }

    /// These features with this shape (for the side to move).
    #[must_use]
    pub const fn with_shape(mut self, shape: Code3x3) -> MoveFeatures {
        self.shape = shape.bits();
        self
    }

    /// The features packed into 128 bits (small features low, shape high;
    /// equal features pack equally).
    #[must_use]
    pub const fn packed(&self) -> u128 {
        (self.shape as u128) << 64 | self.values as u128
    }

    /// The features from their [`packed`](Self::packed) form.
    ///
    /// ```
    /// use go_patterns::features::MoveFeatures;
    /// let f = MoveFeatures::pass(true);
    /// assert_eq!(MoveFeatures::from_packed(f.packed()), f);
    /// ```
    #[must_use]
    pub const fn from_packed(packed: u128) -> MoveFeatures {
        MoveFeatures {
            values: packed as u64,
            shape: (packed >> 64) as u32,
        }
    }

    /// The features of `color` playing the empty point `p` on `board`,
    /// after `recent` moves. Legality is not checked.
    ///
    /// ```
    /// use go_board::{Board, Color, PlayoutBoard};
    /// use go_patterns::features::{Feature, LastMoves, MoveFeatures};
    /// let board = PlayoutBoard::from(&Board::from_diagram(
    ///     ". . . .
    ///      O X O .
    ///      . O . .
    ///      . . . .",
    /// )?);
    /// // Black B3 is in atari; B4 saves it with two liberties.
    /// let recent = LastMoves { last: Some("B2".parse()?), second: None };
    /// let f = MoveFeatures::of_point(&board, Color::Black, "B4".parse()?, recent);
    /// assert_eq!(f.get(Feature::Escape), Some(2)); // one stone, next to the last move
    /// assert_eq!(f.get(Feature::LastDistance), Some(2)); // distance 0 + 2 + 2 = 4
    /// // White captures at B4.
    /// let f = MoveFeatures::of_point(&board, Color::White, "B4".parse()?, recent);
    /// assert_eq!(f.get(Feature::Capture), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn of_point(
        board: &PlayoutBoard,
        color: Color,
        p: Point,
        recent: LastMoves,
    ) -> MoveFeatures {
        MoveFeatures::of_point_reading(board, color, p, recent, true)
    }

    /// [`of_point`](Self::of_point), reading ladders only if `ladders`
    /// (the [`Feature::Ladder`] value is then absent): the reads are half
    /// the cost of the features, wasted on a model without ladder γ.
    #[must_use]
    pub fn of_point_reading(
        board: &PlayoutBoard,
        color: Color,
        p: Point,
        recent: LastMoves,
        ladders: bool,
    ) -> MoveFeatures {
        let code = board.neighbourhood_with_atari(p).for_player(color);
        let mut f = MoveFeatures::EMPTY.with_shape(code);
        let geo = board.geometry();
        f = f.with(Feature::Line, (geo.line(p) - 1).min(3) as u8);
        if let Some(last) = recent.last {
            f = f.with(Feature::LastDistance, distance_class(p, last));
        }
        if let Some(second) = recent.second {
            f = f.with(Feature::SecondDistance, distance_class(p, second));
        }
        // After `for_player`, the code's Black stones are own and its
        // White stones the enemy's.
        let [n, s, e, w] = p.neighbours();
        let around = [n, e, s, w];
        let stone = |k: usize| code.orthogonal(k).color();
        let has_stones = (0..4).any(|k| stone(k).is_some());
        if !has_stones {
            return f;
        }
        // Blocks met, to count each once.
        let mut blocks: [Option<PointSet>; 4] = [None, None, None, None];
        let seen = |blocks: &[Option<PointSet>; 4], q: Point| {
            blocks.iter().flatten().any(|set| set.contains(q))
        };
        let (mut captured, mut captured_last) = (0usize, false);
        let (mut saved, mut saved_last) = (0usize, false);
        let mut atari_size = 0usize;
        let mut atari_blocks = [None; 4];
        let mut own_size = 0usize;
        for (k, &q) in around.iter().enumerate() {
            let Some(owner) = stone(k) else {
                continue;
            };
            if seen(&blocks, q) {
                continue;
            }
            let in_atari = code.atari(k);
            let stones = board.stones(q);
            if owner == Color::White {
                if in_atari {
                    captured += stones.len();
                    captured_last |= recent.last.is_some_and(|l| stones.contains(l));
                } else if board.num_liberties(q) == 2 {
                    atari_size += stones.len();
                    atari_blocks[k] = Some(q);
                } else {
                    continue;
                }
            } else {
                own_size += stones.len();
                if in_atari {
                    saved += stones.len();
                    saved_last |= recent
                        .last
                        .is_some_and(|l| geo.neighbours(l).any(|x| stones.contains(x)));
                }
            }
            blocks[k] = Some(stones);
        }
        if captured > 0 {
            let class = match captured {
                1 => 0,
                2 => 1,
                3..=5 => 2,
                _ => 3,
            };
            f = f.with(Feature::Capture, class + 4 * u8::from(captured_last));
        }
        if atari_size > 0 {
            let class = if board.ko().is_some() {
                0
            } else if atari_size == 1 {
                1
            } else {
                2
            };
            f = f.with(Feature::Atari, class);
        }
        let liberties = board.liberties_after(color, p, 3);
        if saved > 0 && liberties >= 2 {
            f = f.with(
                Feature::Escape,
                u8::from(saved > 1) + 2 * u8::from(saved_last),
            );
        }
        if liberties == 1 && captured == 0 {
            let class = match own_size + 1 {
                1 => 0,
                2..=4 => 1,
                _ => 2,
            };
            f = f.with(Feature::SelfAtari, class);
        }
        // Ladders: the block put in atari, or the block extended to two
        // liberties, read on a copy of the board with the move played.
        let atari_ladder = ladders && atari_size > 0 && liberties >= 2;
        let escape_ladder = ladders && saved > 0 && liberties == 2 && captured == 0;
        if atari_ladder || escape_ladder {
            let mut after = board.clone();
            if after.play(color, p).is_ok() {
                let caught = atari_ladder
                    && atari_blocks.iter().flatten().any(|&q| {
                        after.in_atari(q)
                            && !ladder::prey_escapes(&after, q, ladder::DEFAULT_BUDGET)
                    });
                if caught {
                    f = f.with(Feature::Ladder, 0);
                } else if escape_ladder && ladder::hunter_catches(&after, p, ladder::DEFAULT_BUDGET)
                {
                    f = f.with(Feature::Ladder, 1);
                }
            }
        }
        f
    }
}

/// Coulom's distance `|dx| + |dy| + max(|dx|, |dy|)` as a class: 2–9 as
/// 0–7, 10 or more as 8.
fn distance_class(a: Point, b: Point) -> u8 {
    let dx = a.col().abs_diff(b.col());
    let dy = a.row().abs_diff(b.row());
    let d = dx + dy + dx.max(dy);
    (d.clamp(2, 10) - 2) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Board;

    fn features(diagram: &str, color: Color, at: &str) -> MoveFeatures {
        let board = PlayoutBoard::from(&Board::from_diagram(diagram).unwrap());
        MoveFeatures::of_point(&board, color, at.parse().unwrap(), LastMoves::default())
    }

    #[test]
    fn self_atari_counts_the_joined_stones() {
        let f = features(
            ". . . . .
             O O O . .
             X X . . .
             O O O . .
             . . . . .",
            Color::Black,
            "C3",
        );
        assert_eq!(f.get(Feature::SelfAtari), Some(1)); // three stones
        assert_eq!(f.get(Feature::Capture), None);
    }

    #[test]
    fn a_capture_is_not_a_self_atari() {
        let f = features(
            ". X O . .
             X O . . .
             . . . . .
             . . . . .
             . . . . .",
            Color::White,
            "A5",
        );
        assert_eq!(f.get(Feature::Capture), Some(0));
        assert_eq!(f.get(Feature::SelfAtari), None);
    }

    #[test]
    fn shapes_are_seen_from_the_side_to_move() {
        let black = features(". X .\n. . .\n. . .", Color::Black, "B2");
        let white = features(". O .\n. . .\n. . .", Color::White, "B2");
        assert_eq!(black.shape(), white.shape());
        assert_eq!(black.packed(), white.packed());
    }

    #[test]
    fn distance_classes() {
        let p = |s: &str| s.parse::<Point>().unwrap();
        assert_eq!(distance_class(p("E5"), p("E6")), 0);
        assert_eq!(distance_class(p("E5"), p("F6")), 1);
        assert_eq!(distance_class(p("A1"), p("J9")), 8);
    }
}
