//! Fractal Go's objectives (§3.3): what a zone's search tries to reach.
//!
//! The report names three objectives for its proof-number search (eyes,
//! cohesion, win stones), "win" for its random player, and five in its
//! teaching window; the five are these, and they index the evaluation's
//! weights ([`crate::Weights`]). A zone's objective follows the report's
//! order ([`Objective::for_zone`]): a group without eyes wants eyes, a group
//! with eyes split into several blocks wants cohesion, and a zone where
//! both are done wants stones.
//!
//! Eyes here are the report's (ch. 1): a liberty where the opponent cannot
//! play but to be captured at once — go-board's true eye
//! ([`Position::is_true_eye`]): an empty point whose neighbours are all the
//! block's colour and which is not a false eye (at most one enemy diagonal
//! in the centre, none on the edge).

use std::fmt;
use std::str::FromStr;

use go_board::zone::Zone;
use go_board::{Board, Color, Point, PointSet, Position};

/// One of the five objectives.
///
/// ```
/// use go_fractal::Objective;
/// assert_eq!("cohesion".parse::<Objective>()?, Objective::Cohesion);
/// assert_eq!(Objective::ALL.len(), 5);
/// assert_eq!(Objective::GetEye.to_string(), "get_eye");
/// # Ok::<(), go_fractal::FractalError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Objective {
    /// Win the game (the random player's objective, "ganar").
    Win,
    /// Give a group two eyes ("conseguir ojos").
    Eyes,
    /// Join a group's blocks ("cohesión").
    Cohesion,
    /// Gain stones: capture more than is lost ("puntos", "ganar piedras").
    Points,
    /// Give a group its first eye ("conseguir ojo").
    GetEye,
}

impl Objective {
    /// The five, in the order of their ids.
    pub const ALL: [Objective; 5] = [
        Objective::Win,
        Objective::Eyes,
        Objective::Cohesion,
        Objective::Points,
        Objective::GetEye,
    ];

    /// The id, 0 to 4: the weights' column.
    ///
    /// ```
    /// use go_fractal::Objective;
    /// assert_eq!(Objective::GetEye.id(), 4);
    /// ```
    #[must_use]
    pub const fn id(self) -> usize {
        self as usize
    }

    /// The name used in GTP commands and files.
    ///
    /// ```
    /// use go_fractal::Objective;
    /// assert_eq!(Objective::Points.name(), "points");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Objective::Win => "win",
            Objective::Eyes => "eyes",
            Objective::Cohesion => "cohesion",
            Objective::Points => "points",
            Objective::GetEye => "get_eye",
        }
    }

    /// The objective of `color` in `zone`, in the report's order: a zone
    /// without `color`'s stones is for gaining stones; if none of its
    /// `color` blocks has an eye, get one; if none has two, get two; if the
    /// blocks are several, join them; otherwise gain stones.
    ///
    /// ```
    /// use go_board::{Board, Color, zone::Zones};
    /// use go_fractal::Objective;
    /// let board = Board::from_diagram(
    ///     ". . . . .
    ///      . X X X .
    ///      . . . . .
    ///      . . . . .
    ///      . . . . .",
    /// )?;
    /// let zones = Zones::new(&board);
    /// let zone = &zones.zones()[0];
    /// assert_eq!(Objective::for_zone(&board, zone, Color::Black), Objective::GetEye);
    /// assert_eq!(Objective::for_zone(&board, zone, Color::White), Objective::Points);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn for_zone(board: &Board, zone: &Zone, color: Color) -> Objective {
        let own: Vec<Point> = zone
            .blocks()
            .iter()
            .copied()
            .filter(|&b| board.color_at(b) == Some(color))
            .collect();
        if own.is_empty() {
            return Objective::Points;
        }
        let most = own.iter().map(|&b| eyes_of(board, b)).max().unwrap_or(0);
        match most {
            0 => Objective::GetEye,
            1 => Objective::Eyes,
            _ if own.len() > 1 => Objective::Cohesion,
            _ => Objective::Points,
        }
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Objective {
    type Err = crate::FractalError;

    fn from_str(s: &str) -> Result<Objective, Self::Err> {
        let lower = s.to_ascii_lowercase();
        Objective::ALL
            .into_iter()
            .find(|o| o.name() == lower || (lower == "get-eye" && *o == Objective::GetEye))
            .ok_or_else(|| crate::FractalError::UnknownObjective(s.to_string()))
    }
}

/// The true eyes of the block at `b` ([`Position::is_true_eye`]); 0 for an
/// empty point.
///
/// ```
/// use go_board::Board;
/// use go_fractal::objective::eyes_of;
/// let board = Board::from_diagram(
///     ". X . X
///      X X X X
///      . . . .",
/// )?;
/// assert_eq!(eyes_of(&board, "B2".parse()?), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn eyes_of(board: &Board, b: Point) -> usize {
    let Some(color) = board.color_at(b) else {
        return 0;
    };
    board
        .liberties(b)
        .iter()
        .filter(|&l| board.is_true_eye(color, l))
        .count()
}

/// The blocks (anchors) of `color` that hold a stone of `stones`.
pub(crate) fn blocks_holding(board: &Board, stones: &PointSet, color: Color) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    for s in stones.iter() {
        if board.color_at(s) == Some(color) {
            if let Some(a) = board.anchor(s) {
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
    }
    out
}
