//! The move-pattern database of Fractal Go (ch. 5 and §6.2): square
//! patterns taught from positions, kept in a [`PatriciaTrie`], and the
//! longest valid pattern found on a board.
//!
//! Learning a position (§6.2): the bounding box of its stones gives a
//! square (its larger side) from the top-left corner; its key in shell
//! order is looked up and, if new, stored with the move as `(colour, dx,
//! dy)` from the top-left corner, together with the keys and moves of its
//! rotations and reflections (all eight symmetries; the thesis says
//! "giro", rotation, without a count). Colour symmetry is handled by
//! searching twice rather than inserting twice, as the thesis chose.
//!
//! Matching (ch. 5, §2.3.2): every board point is tried as the top-left
//! corner of a square of the largest learned side; the trie returns the
//! longest pattern whose move is for the colour to play and lands on a
//! legal point, directly or with colours swapped. The thesis leaves the
//! windows and the tie-break open: here ties go to the first anchor in
//! point order, the direct search before the swapped one.
//!
//! ```
//! use go_board::{Board, Color};
//! use go_patterns::PatternBase;
//! let mut base = PatternBase::new();
//! // Teach: Black answers a White approach at the 3-4 point.
//! let teach = Board::from_diagram(
//!     ". . . . .
//!      . . . . .
//!      . . O . .
//!      . . X . .
//!      . . . . .",
//! )?;
//! base.learn(&teach, Color::Black, "D3".parse()?)?;
//! // The same shape turned a quarter, elsewhere on a bigger board, colours swapped.
//! let board = Board::from_diagram(
//!     ". . . . . . .
//!      . . . . . . .
//!      . . . . . . .
//!      . . . . . . .
//!      . . O X . . .
//!      . . . . . . .
//!      . . . . . . .",
//! )?;
//! let s = base.suggest(&board, Color::White, |p| board.is_legal(Color::White, p)).unwrap();
//! assert!(s.swapped);
//! assert_eq!(s.point, "D2".parse()?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use go_board::{Board, Color, PlayError, Point, Position};

use crate::cell::PointState;
use crate::pattern::state_at;
use crate::shape::Shape;
use crate::symmetry::{Offset, Symmetry};
use crate::trie::{PatriciaTrie, board_key_into, symbol};

/// A stored move: its colour and its offset from the pattern's top-left
/// corner (`dx` east, `dy` north; so moves below the corner have `dy < 0`,
/// where the thesis counts `dy` downwards).
///
/// ```
/// use go_board::Color;
/// use go_patterns::{Offset, database::MoveSuggestion};
/// let m = MoveSuggestion { color: Color::Black, offset: Offset::new(1, -2) };
/// assert_eq!(m.offset.dx(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveSuggestion {
    /// The colour to play.
    pub color: Color,
    /// Where, from the pattern's top-left corner.
    pub offset: Offset,
}

/// How learned patterns treat points without stones.
///
/// ```
/// use go_patterns::database::EmptyCells;
/// assert_eq!(EmptyCells::default(), EmptyCells::DontCare);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum EmptyCells {
    /// The thesis's ternary keys: empty points and points off the board
    /// are "don't care" (its alphabet has no empty symbol).
    #[default]
    DontCare,
    /// Empty points must be empty and points off the board must be off
    /// the board (this crate's extension).
    Exact,
}

/// What [`PatternBase::learn`] did.
///
/// ```
/// use go_board::{Board, Color};
/// use go_patterns::{PatternBase, database::Learned};
/// let mut base = PatternBase::new();
/// let board = Board::from_diagram(". X\n. .")?;
/// assert!(matches!(base.learn(&board, Color::White, "A2".parse()?)?, Learned::New { .. }));
/// assert_eq!(base.learn(&board, Color::White, "A2".parse()?)?, Learned::AlreadyKnown);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Learned {
    /// The pattern was new; this many distinct symmetric keys were added.
    New {
        /// Keys added (1 to 8).
        keys: usize,
    },
    /// The key was already in the database (§6.2 step 2: stop).
    AlreadyKnown,
}

/// A position that cannot be learned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LearnError {
    /// The board has no stones, so no pattern.
    #[error("the position has no stones to make a pattern of")]
    NoStones,
    /// The taught move is not legal (§6.2: moves are validated).
    #[error("the taught move is illegal: {0}")]
    Illegal(#[from] PlayError),
}

/// A move a learned pattern proposes on a board.
///
/// ```
/// use go_board::{Board, Color};
/// use go_patterns::PatternBase;
/// let mut base = PatternBase::new();
/// let teach = Board::from_diagram(". X\n. .")?;
/// base.learn(&teach, Color::White, "A1".parse()?)?;
/// let s = base.suggest(&teach, Color::White, |_| true).unwrap();
/// assert_eq!((s.point, s.size, s.swapped), ("A1".parse()?, 1, false));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// The proposed point.
    pub point: Point,
    /// The top-left corner of the matched pattern.
    pub anchor: Point,
    /// The matched key's length (the pattern's side squared).
    pub size: usize,
    /// Whether the pattern matched with colours swapped.
    pub swapped: bool,
}

/// The pattern database: a PATRICIA trie of square patterns with moves
/// (see the [module documentation](self)).
#[derive(Clone, Debug, Default)]
pub struct PatternBase {
    trie: PatriciaTrie<MoveSuggestion>,
    max_side: usize,
    empty: EmptyCells,
}

impl PatternBase {
    /// An empty database with the thesis's key encoding.
    ///
    /// ```
    /// use go_patterns::PatternBase;
    /// assert!(PatternBase::new().is_empty());
    /// ```
    #[must_use]
    pub fn new() -> PatternBase {
        PatternBase::default()
    }

    /// An empty database with the given treatment of empty points.
    ///
    /// ```
    /// use go_patterns::{PatternBase, database::EmptyCells};
    /// let base = PatternBase::with_empty_cells(EmptyCells::Exact);
    /// assert!(base.is_empty());
    /// ```
    #[must_use]
    pub fn with_empty_cells(empty: EmptyCells) -> PatternBase {
        PatternBase {
            empty,
            ..PatternBase::default()
        }
    }

    /// The number of stored keys (symmetric variants count separately).
    ///
    /// ```
    /// use go_patterns::PatternBase;
    /// assert_eq!(PatternBase::new().len(), 0);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.trie.len()
    }

    /// Whether nothing is stored.
    ///
    /// ```
    /// use go_patterns::PatternBase;
    /// assert!(PatternBase::new().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.trie.is_empty()
    }

    /// The trie itself.
    ///
    /// ```
    /// use go_patterns::PatternBase;
    /// assert_eq!(PatternBase::new().trie().num_nodes(), 1);
    /// ```
    #[must_use]
    pub fn trie(&self) -> &PatriciaTrie<MoveSuggestion> {
        &self.trie
    }

    /// The largest learned square side.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::PatternBase;
    /// let mut base = PatternBase::new();
    /// base.learn(&Board::from_diagram("X . .\n. . .\n. . O")?, Color::Black, "B2".parse()?)?;
    /// assert_eq!(base.max_side(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_side(&self) -> usize {
        self.max_side
    }

    fn symbol(&self, state: PointState) -> u8 {
        match (state, self.empty) {
            (PointState::Empty | PointState::Edge, EmptyCells::DontCare) => symbol::ANY,
            (state, _) => symbol::of_state(state),
        }
    }

    /// Learns `color` playing at `at` in `board` (Fractal Go §6.2).
    ///
    /// # Errors
    /// [`LearnError::NoStones`] on an empty board; [`LearnError::Illegal`]
    /// if the move is not legal there.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::{PatternBase, database::{LearnError, Learned}};
    /// let mut base = PatternBase::new();
    /// let board = Board::from_diagram(". X .\nX . X\n. X .")?;
    /// assert_eq!(base.learn(&board, Color::Black, "B2".parse()?)?, Learned::New { keys: 1 });
    /// assert!(matches!(base.learn(&board, Color::White, "B2".parse()?), Err(LearnError::Illegal(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn learn(&mut self, board: &Board, color: Color, at: Point) -> Result<Learned, LearnError> {
        board.check_move(color, at)?;
        let stones = *board.stones_of(Color::Black) | *board.stones_of(Color::White);
        if stones.is_empty() {
            return Err(LearnError::NoStones);
        }
        let cols = stones.iter().map(|p| p.col());
        let rows = stones.iter().map(|p| p.row());
        let (min_col, max_col) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0));
        let (min_row, max_row) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
        let side = (max_col - min_col).max(max_row - min_row) + 1;
        let corner = Point::new(min_col, max_row);
        self.learn_square(board, color, at, corner, side)
    }

    /// Learns `color` playing at `at` in `board` with the pattern of the
    /// square of side `side` whose top-left corner is `corner` (points of
    /// the square off the board are edge cells), rather than the stones'
    /// bounding square of [`learn`](Self::learn): for lessons cut from
    /// larger positions, where the empty points around the stones are part
    /// of the shape. Symmetries as in [`learn`](Self::learn).
    ///
    /// # Errors
    /// [`LearnError::Illegal`] if the move is not legal; [`LearnError::NoStones`]
    /// for a side of 0 or above the largest board.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::{PatternBase, database::{EmptyCells, Learned}};
    /// let mut base = PatternBase::with_empty_cells(EmptyCells::Exact);
    /// let board = Board::from_diagram(
    ///     ". . . .
    ///      . X . .
    ///      . . . .
    ///      . . . .",
    /// )?;
    /// // The 3×3 square from A4: the stone and the empty points around it.
    /// base.learn_square(&board, Color::White, "C3".parse()?, "A4".parse()?, 3)?;
    /// assert_eq!(base.max_side(), 3);
    /// let s = base.suggest(&board, Color::White, |p| board.is_legal(Color::White, p)).unwrap();
    /// assert_eq!((s.point, s.size), ("C3".parse()?, 9));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn learn_square(
        &mut self,
        board: &Board,
        color: Color,
        at: Point,
        corner: Point,
        side: usize,
    ) -> Result<Learned, LearnError> {
        board.check_move(color, at)?;
        if side == 0 || side > go_board::MAX_SIZE {
            return Err(LearnError::NoStones);
        }
        let square = Shape::square(side).map_err(|_| LearnError::NoStones)?;
        // The square's states by offset from the corner (off the board: edge).
        let cells: Vec<(Offset, PointState)> = square
            .offsets()
            .iter()
            .map(|&o| (o, state_at(board, corner, o)))
            .collect();
        let move_offset = Offset::between(corner, at);
        let key: Vec<u8> = cells.iter().map(|&(_, s)| self.symbol(s)).collect();
        if self.trie.contains_key(&key) {
            return Ok(Learned::AlreadyKnown);
        }
        let mut added = 0;
        let mut seen: Vec<Vec<u8>> = Vec::new();
        for s in Symmetry::ALL {
            // Turn the square about the corner, then move the corner back to
            // the top left, and carry the move along.
            let moved: Vec<(Offset, PointState)> =
                cells.iter().map(|&(o, st)| (s.apply(o), st)).collect();
            let min_dx = moved.iter().map(|c| c.0.dx()).min().unwrap_or(0);
            let max_dy = moved.iter().map(|c| c.0.dy()).max().unwrap_or(0);
            let shift = Offset::new(-min_dx, -max_dy);
            let mut by_offset: Vec<(Offset, PointState)> =
                moved.iter().map(|&(o, st)| (o.plus(shift), st)).collect();
            by_offset.sort_by_key(|c| c.0);
            let key: Vec<u8> = square
                .offsets()
                .iter()
                .map(|o| {
                    let i = by_offset
                        .binary_search_by_key(o, |c| c.0)
                        .expect("a turned square covers the same square");
                    self.symbol(by_offset[i].1)
                })
                .collect();
            if seen.contains(&key) {
                continue;
            }
            let suggestion = MoveSuggestion {
                color,
                offset: s.apply(move_offset).plus(shift),
            };
            // Keys come from symbols below the alphabet size.
            if self.trie.insert(&key, suggestion).ok().flatten().is_none() {
                added += 1;
            }
            seen.push(key);
        }
        self.max_side = self.max_side.max(side);
        Ok(Learned::New { keys: added })
    }

    /// The longest learned pattern on `pos` whose move is for `to_play`
    /// and lands on a point `is_legal` accepts (see the [module
    /// documentation](self) for the scan and the tie-break).
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::PatternBase;
    /// let base = PatternBase::new();
    /// let board = Board::new(9)?;
    /// assert!(base.suggest(&board, Color::Black, |_| true).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn suggest<P: Position + ?Sized>(
        &self,
        pos: &P,
        to_play: Color,
        mut is_legal: impl FnMut(Point) -> bool,
    ) -> Option<Suggestion> {
        if self.is_empty() {
            return None;
        }
        let geo = pos.geometry();
        let shape = Shape::square(self.max_side).ok()?;
        let mut key = Vec::with_capacity(shape.len());
        let mut best: Option<Suggestion> = None;
        for &anchor in geo.points() {
            board_key_into(pos, anchor, &shape, &mut key);
            let mut target = |m: &MoveSuggestion| {
                m.offset
                    .from(anchor)
                    .filter(|&q| geo.contains(q) && is_legal(q))
            };
            let found = self.trie.longest_match_either_color(&key, |_, m, swapped| {
                let color = if swapped { to_play.opposite() } else { to_play };
                m.color == color && target(m).is_some()
            });
            if let Some(f) = found {
                let size = f.found.key.len();
                if best.is_none_or(|b| size > b.size) {
                    let point = target(f.found.value)?;
                    best = Some(Suggestion {
                        point,
                        anchor,
                        size,
                        swapped: f.swapped,
                    });
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learning_inserts_the_eight_symmetric_keys_once() {
        let mut base = PatternBase::new();
        let board = Board::from_diagram(
            ". . . .
             . X O .
             . . X .
             . . . .",
        )
        .unwrap();
        let learned = base
            .learn(&board, Color::White, "B2".parse().unwrap())
            .unwrap();
        assert_eq!(learned, Learned::New { keys: 4 }); // symmetric under one diagonal
        assert_eq!(base.len(), 4);
        // Each symmetric board gets the symmetric answer.
        let geo = board.geometry();
        for s in Symmetry::ALL {
            let mut turned = Board::new(4).unwrap();
            turned
                .setup(geo.points().iter().filter_map(|&p| {
                    board
                        .color_at(p)
                        .map(|c| (s.apply_point(geo, p).unwrap(), Some(c)))
                }))
                .unwrap();
            let got = base
                .suggest(&turned, Color::White, |p| turned.is_legal(Color::White, p))
                .unwrap();
            assert_eq!(
                Some(got.point),
                s.apply_point(geo, "B2".parse().unwrap()),
                "{s}"
            );
        }
    }

    #[test]
    fn the_longest_valid_pattern_wins() {
        let mut base = PatternBase::with_empty_cells(EmptyCells::Exact);
        let small = Board::from_diagram("X .\n. .").unwrap();
        base.learn(&small, Color::White, "A1".parse().unwrap())
            .unwrap();
        let big = Board::from_diagram("X . .\n. . .\n. . O").unwrap();
        base.learn(&big, Color::White, "B2".parse().unwrap())
            .unwrap();
        let board = Board::from_diagram(
            ". . . .
             . X . .
             . . . .
             . . . O",
        )
        .unwrap();
        let s = base.suggest(&board, Color::White, |_| true).unwrap();
        assert_eq!((s.point, s.size), ("C2".parse().unwrap(), 9));
        // Occupy the big pattern's move: the leaf test falls back to the small one.
        let s = base
            .suggest(&board, Color::White, |p| p != "C2".parse().unwrap())
            .unwrap();
        assert_eq!((s.point, s.size), ("B2".parse().unwrap(), 1));
    }
}
