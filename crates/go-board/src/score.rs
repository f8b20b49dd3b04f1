//! Scoring a finished position: area (Chinese, Tromp-Taylor) and territory
//! (Japanese), given the stones both players agree are dead.
//!
//! Dead stones are taken off first. An empty area (the points of removed
//! stones included) bordered by the stones of one colour only is that
//! colour's; an area touching both colours, or none, is neutral (dame, and
//! the shared liberties of a seki). Area scoring counts living stones plus
//! such areas; territory scoring counts the areas plus prisoners (stones
//! captured during the game and the dead stones taken off). White adds the
//! komi of the board's [`Rules`](crate::Rules).
//!
//! Seki eyes are counted as territory here; Japanese rules would count
//! them as neutral, which needs knowing where the seki is.
//!
//! ```
//! use go_board::{Board, Color, PointSet, Rules, Score};
//!
//! let board = Board::from_diagram_with_rules(
//!     ". X O .
//!      . X O .
//!      . X O O
//!      . X O .",
//!     Rules::chinese().with_komi(0.5),
//! )?;
//! let score = Score::tromp_taylor(&board);
//! assert_eq!((score.black, score.white), (8.0, 8.5));
//! assert_eq!(score.winner(), Some(Color::White));
//! assert_eq!(score.to_string(), "W+0.5");
//! // Marking C4 dead marks its whole block; Black then owns the board.
//! let dead: PointSet = ["C4".parse()?].into_iter().collect();
//! let score = Score::area(&board, &dead)?;
//! assert_eq!(score.to_string(), "B+15.5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::board::Board;
use crate::color::{ByColor, Color};
use crate::point::Point;
use crate::point_set::PointSet;
use crate::rules::Scoring;

/// A dead-stone list that does not fit the position.
///
/// ```
/// use go_board::{Board, PointSet, Score, ScoreError};
/// let board = Board::new(9)?;
/// let a1 = "A1".parse()?;
/// let dead: PointSet = [a1].into_iter().collect();
/// assert_eq!(Score::area(&board, &dead).unwrap_err(), ScoreError::NotAStone(a1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// A point marked dead is off the board.
    #[error("{0} is off the board")]
    OffBoard(Point),
    /// A point marked dead holds no stone.
    #[error("{0} is marked dead but holds no stone")]
    NotAStone(Point),
}

/// The score of a position, with what it is made of.
///
/// `black` and `white` are the players' totals (`white` with komi);
/// the parts that count depend on `scoring`: living stones and owned areas
/// for [`Scoring::Area`], owned areas and prisoners for
/// [`Scoring::Territory`]. `Display` writes the result as GNU Go does:
/// `B+3.5`, `W+0.5`, or `0` for a draw.
///
/// ```
/// use go_board::{Board, Color, Score};
/// let board = Board::from_diagram(". X O .\n. X O .")?; // komi 6.5
/// let score = Score::tromp_taylor(&board);
/// assert_eq!(score.stones[Color::Black], 2);
/// assert_eq!(score.territory[Color::White], 2);
/// assert_eq!(score.margin(), -6.5);
/// assert_eq!(score.to_string(), "W+6.5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// How the totals were counted.
    pub scoring: Scoring,
    /// The komi added to White's total.
    pub komi: f32,
    /// Black's total.
    pub black: f32,
    /// White's total, komi included.
    pub white: f32,
    /// Living stones on the board.
    pub stones: ByColor<u32>,
    /// Empty points (dead stones' points included) owned by each colour.
    pub territory: ByColor<u32>,
    /// Stones taken by each colour: captures during the game plus the
    /// opponent's dead stones. Counted only by territory scoring.
    pub prisoners: ByColor<u32>,
    /// Neutral empty points.
    pub dame: u32,
    /// The owned empty points of each colour.
    pub territory_points: ByColor<PointSet>,
    /// The stones taken off as dead (whole blocks).
    pub dead: PointSet,
}

impl Score {
    /// The Tromp-Taylor score: area scoring with every stone alive. A
    /// point counts for a colour if it holds that colour's stone or is
    /// empty and reaches only that colour's stones.
    ///
    /// ```
    /// use go_board::{Board, Rules, Score};
    /// let board = Board::from_diagram_with_rules(". X O .\n. X O .", Rules::chinese().with_komi(0.0))?;
    /// assert_eq!(Score::tromp_taylor(&board).to_string(), "0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn tromp_taylor(board: &Board) -> Score {
        Score::compute(board, PointSet::new(), Scoring::Area)
    }

    /// Area (Chinese) scoring with the blocks of the stones in `dead` taken
    /// off: living stones plus owned empty points; captures do not count.
    /// Marking one stone of a block marks the whole block.
    ///
    /// ```
    /// use go_board::{Board, PointSet, Score};
    /// let board = Board::from_diagram(
    ///     ". X . .
    ///      X X . .
    ///      . . . O",
    /// )?;
    /// let dead: PointSet = ["D1".parse()?].into_iter().collect();
    /// let score = Score::area(&board, &dead)?;
    /// assert_eq!(score.black, 12.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn area(board: &Board, dead: &PointSet) -> Result<Score, ScoreError> {
        Ok(Score::compute(
            board,
            close_dead(board, dead)?,
            Scoring::Area,
        ))
    }

    /// Territory (Japanese) scoring with the blocks of the stones in `dead`
    /// taken off: owned empty points plus prisoners (captures and dead
    /// stones). Marking one stone of a block marks the whole block.
    ///
    /// ```
    /// use go_board::{Board, Color, PointSet, Score};
    /// let board = Board::from_diagram(
    ///     ". X . .
    ///      X X . .
    ///      . . . O",
    /// )?;
    /// let dead: PointSet = ["D1".parse()?].into_iter().collect();
    /// let score = Score::territory(&board, &dead)?;
    /// assert_eq!(score.prisoners[Color::Black], 1);
    /// assert_eq!(score.black, 9.0 + 1.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn territory(board: &Board, dead: &PointSet) -> Result<Score, ScoreError> {
        Ok(Score::compute(
            board,
            close_dead(board, dead)?,
            Scoring::Territory,
        ))
    }

    /// Scores by the board's rules ([`Scoring`] and komi) with the blocks
    /// of the stones in `dead` taken off.
    ///
    /// ```
    /// use go_board::{Board, PointSet, Rules, Scoring, Score};
    /// let board = Board::from_diagram_with_rules(". X O .\n. X O .", Rules::chinese())?;
    /// let score = Score::by_rules(&board, &PointSet::new())?;
    /// assert_eq!(score.scoring, Scoring::Area);
    /// assert_eq!(score.komi, 7.5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn by_rules(board: &Board, dead: &PointSet) -> Result<Score, ScoreError> {
        Ok(Score::compute(
            board,
            close_dead(board, dead)?,
            board.rules().scoring,
        ))
    }

    /// Scores by the board's rules ([`Scoring`] and komi) with every stone
    /// taken as alive: the count of a game played out to the end, and what
    /// GTP's `final_score` answers when no dead stones are known.
    ///
    /// ```
    /// use go_board::{Board, Rules, Score};
    /// let board = Board::from_diagram_with_rules(
    ///     ". X O .
    ///      . X O .",
    ///     Rules::chinese().with_komi(0.5),
    /// )?;
    /// let score = Score::alive(&board);
    /// assert_eq!((score.black, score.white), (4.0, 4.5));
    /// assert_eq!(score.to_string(), "W+0.5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn alive(board: &Board) -> Score {
        Score::compute(board, PointSet::new(), board.rules().scoring)
    }

    fn compute(board: &Board, dead: PointSet, scoring: Scoring) -> Score {
        let geo = board.geometry();
        let alive = ByColor::from_fn(|c| *board.stones_of(c) - dead);
        let open = *geo.all_points() - alive[Color::Black] - alive[Color::White];
        let mut territory_points = ByColor::<PointSet>::default();
        let mut dame = 0;
        for area in open.components(geo) {
            let border = area.border(geo);
            let touches = alive.map(|stones| stones.intersects(&border));
            match (touches[Color::Black], touches[Color::White]) {
                (true, false) => territory_points[Color::Black] |= area,
                (false, true) => territory_points[Color::White] |= area,
                _ => dame += area.len() as u32,
            }
        }
        let stones = alive.map(|s| s.len() as u32);
        let territory = territory_points.map(|s| s.len() as u32);
        let prisoners = ByColor::from_fn(|c| {
            board.captures(c) + (*board.stones_of(c.opposite()) & dead).len() as u32
        });
        let komi = board.rules().komi;
        let total = |c: Color| match scoring {
            Scoring::Area => (stones[c] + territory[c]) as f32,
            Scoring::Territory => (territory[c] + prisoners[c]) as f32,
        };
        Score {
            scoring,
            komi,
            black: total(Color::Black),
            white: total(Color::White) + komi,
            stones,
            territory,
            prisoners,
            dame,
            territory_points,
            dead,
        }
    }

    /// Black's total minus White's: positive when Black wins.
    ///
    /// ```
    /// use go_board::{Board, Rules, Score};
    /// let board = Board::from_diagram_with_rules("X .\n. .", Rules::chinese())?;
    /// assert_eq!(Score::tromp_taylor(&board).margin(), 4.0 - 7.5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn margin(&self) -> f32 {
        self.black - self.white
    }

    /// The winner, or `None` for a draw.
    ///
    /// ```
    /// use go_board::{Board, Color, Rules, Score};
    /// let board = Board::from_diagram_with_rules("X .\n. .", Rules::chinese().with_komi(0.0))?;
    /// assert_eq!(Score::tromp_taylor(&board).winner(), Some(Color::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        let m = self.margin();
        if m > 0.0 {
            Some(Color::Black)
        } else if m < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }
}

impl fmt::Display for Score {
    /// `B+<margin>` or `W+<margin>` with one decimal, or `0` for a draw
    /// (GNU Go's `final_score` form).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(c) => write!(f, "{}+{:.1}", c.sgf_letter(), self.margin().abs()),
            None => f.write_str("0"),
        }
    }
}

/// Checks the dead stones and extends them to whole blocks.
fn close_dead(board: &Board, dead: &PointSet) -> Result<PointSet, ScoreError> {
    let mut closed = PointSet::new();
    for p in dead {
        if !board.geometry().contains(p) {
            return Err(ScoreError::OffBoard(p));
        }
        if board.color_at(p).is_none() {
            return Err(ScoreError::NotAStone(p));
        }
        if !closed.contains(p) {
            closed |= board.stones(p);
        }
    }
    Ok(closed)
}
