//! What a player decides on its turn: a move (a stone or a pass) or to
//! resign.

use core::fmt;

use crate::point::Move;

/// What a player decides on its turn: play a move (a stone or a pass) or
/// resign. Move generators return it — GTP's `genmove` and the Monte-Carlo
/// player alike — so that one type crosses between them.
///
/// Its text form follows [`Move`]'s: a vertex, `pass` or `resign`.
///
/// ```
/// use go_board::{Decision, Move};
///
/// assert_eq!(Decision::from(Move::Pass), Decision::Move(Move::Pass));
/// assert_eq!(Decision::Move("D4".parse()?).to_string(), "D4");
/// assert_eq!(Decision::Resign.to_string(), "resign");
/// # Ok::<(), go_board::ParseVertexError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Decision {
    /// Play this move (a stone or a pass).
    Move(Move),
    /// Give up the game.
    Resign,
}

impl Decision {
    /// The move decided on; `None` for a resignation.
    ///
    /// ```
    /// use go_board::{Decision, Move};
    ///
    /// assert_eq!(Decision::Move(Move::Pass).as_move(), Some(Move::Pass));
    /// assert_eq!(Decision::Resign.as_move(), None);
    /// ```
    #[must_use]
    pub fn as_move(self) -> Option<Move> {
        match self {
            Decision::Move(mv) => Some(mv),
            Decision::Resign => None,
        }
    }
}

impl From<Move> for Decision {
    fn from(mv: Move) -> Self {
        Decision::Move(mv)
    }
}

impl fmt::Display for Decision {
    /// A vertex, `pass` or `resign`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Move(mv) => fmt::Display::fmt(mv, f),
            Decision::Resign => f.write_str("resign"),
        }
    }
}
