//! Command failures and their GTP error messages.

use crate::{ArgError, ColoredMove};

/// Why a command failed. `Display` is the error message sent in the `?`
/// reply: the exact strings of the GTP 2 specification where it has one,
/// while each variant keeps the offending value for programs that look.
///
/// ```
/// use go_gtp::{Color, ColoredMove, GtpError, Move, Point};
///
/// let m = ColoredMove { color: Color::Black, mv: Move::Play(Point::new(0, 0)) };
/// assert_eq!(GtpError::IllegalMove(m).to_string(), "illegal move");
/// assert_eq!(GtpError::UnacceptableSize(42).to_string(), "unacceptable size");
/// assert_eq!(GtpError::message("ko fight too hard").to_string(), "ko fight too hard");
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GtpError {
    /// No command of that name is registered.
    #[error("unknown command")]
    UnknownCommand(String),
    /// The arguments do not fit the command.
    #[error("syntax error")]
    Syntax(#[from] ArgError),
    /// `play`: the move is not legal.
    #[error("illegal move")]
    IllegalMove(ColoredMove),
    /// `boardsize`: the engine cannot play on this size.
    #[error("unacceptable size")]
    UnacceptableSize(u32),
    /// `undo`: there is no move to take back.
    #[error("cannot undo")]
    CannotUndo,
    /// Handicap commands: stones are already on the board.
    #[error("board not empty")]
    BoardNotEmpty,
    /// `fixed_handicap`, `place_free_handicap`: the count is not possible.
    #[error("invalid number of stones")]
    InvalidHandicap(u32),
    /// `set_free_handicap`: the vertex list is malformed or repeats a point.
    #[error("bad vertex list")]
    BadVertexList,
    /// `final_score`: the engine cannot score the position.
    #[error("cannot score")]
    CannotScore,
    /// `loadsgf`: the file cannot be read, parsed or replayed. The message
    /// is the specification's `cannot load file`, followed by the reason.
    #[error("cannot load file: {reason}")]
    CannotLoadFile {
        /// The file as given.
        file: String,
        /// Why, on one line.
        reason: String,
    },
    /// Any other failure, with its own message.
    #[error("{0}")]
    Message(String),
}

impl GtpError {
    /// A failure with a custom message.
    ///
    /// ```
    /// use go_gtp::GtpError;
    ///
    /// assert_eq!(GtpError::message("no board").to_string(), "no board");
    /// ```
    pub fn message(message: impl Into<String>) -> Self {
        Self::Message(message.into())
    }
}
