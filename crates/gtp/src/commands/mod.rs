//! The standard GTP commands, in groups to register on any state that
//! offers what they need (see [`crate::state`]).
//!
//! - [`register_game`] (`S: HasGame`): `boardsize`, `clear_board`, `komi`,
//!   `play`, `undo`, `showboard`, handicap, time, scoring and rules
//!   commands.
//! - [`register_genmove`] (`S: HasMoveGenerator`): `genmove`,
//!   `reg_genmove`.
//! - [`register_inspection`] (`S: HasBoard`): GNU Go's inspection commands
//!   (`is_legal`, `all_legal`, `list_stones`, `captures`, `countlib`,
//!   `findlib`, `color`, `worm_stones`, …) and their GoGui analyze entries.
//! - [`register_standard`]: all three.
//!
//! Answers are GNU Go's, in its order (points from the top row down, left
//! to right). Malformed arguments — including vertices off the board, which
//! GNU Go answers with `invalid color or coordinate` — get the
//! specification's `syntax error`, and the handicap errors are the
//! specification's (`invalid number of stones`, `bad vertex list`) where
//! GNU Go says `invalid handicap`, `repeated vertex` or `invalid
//! coordinate`.
//!
//! ```
//! use go_gtp::{commands, Engine, GoEngine, Registry};
//!
//! let mut registry = Registry::new("mine", "1");
//! commands::register_standard(&mut registry);
//! let mut engine = Engine::new(registry, GoEngine::new());
//! let mut out = Vec::new();
//! engine.run(&b"boardsize 5\nplay b C3\nfindlib C3\ncaptures white\n"[..], &mut out)?;
//! assert_eq!(String::from_utf8(out)?, "= \n\n= \n\n= C4 B3 D3 C2\n\n= 0\n\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod game;
mod genmove;
mod inspect;
mod rules;

pub use game::register_game;
pub use genmove::register_genmove;
pub use inspect::register_inspection;

use go_board::{Board, Move, Point};

use crate::{ArgError, Args, GtpError, HasMoveGenerator, Registry};

/// Registers every standard command: [`register_game`],
/// [`register_genmove`] and [`register_inspection`].
///
/// ```
/// use go_gtp::{commands, GoEngine, Registry};
///
/// let mut registry = Registry::<GoEngine>::new("mine", "1");
/// commands::register_standard(&mut registry);
/// assert!(registry.contains("genmove") && registry.contains("all_legal"));
/// ```
pub fn register_standard<S: HasMoveGenerator>(registry: &mut Registry<S>) {
    register_game(registry);
    register_genmove(registry);
    register_inspection(registry);
}

/// The next argument as a point of `board`; a vertex off the board is a
/// syntax error, as one that does not parse.
///
/// ```
/// use go_gtp::{commands::next_board_point, Args, go_board::Board};
///
/// let board = Board::new(9)?;
/// let words = ["E5".to_string(), "K10".to_string()];
/// let mut args = Args::new(&words);
/// assert_eq!(next_board_point(&mut args, &board)?.to_string(), "E5");
/// assert!(next_board_point(&mut args, &board).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`GtpError::Syntax`] when the word is missing, not a vertex, or off the
/// board.
pub fn next_board_point(args: &mut Args<'_>, board: &Board) -> Result<Point, GtpError> {
    let before = args.clone();
    let point = args.next_point()?;
    if board.geometry().contains(point) {
        Ok(point)
    } else {
        *args = before;
        Err(off_board(point))
    }
}

/// The next argument as a vertex of `board` (a point on it or a pass).
///
/// # Errors
/// [`GtpError::Syntax`] when the word is missing, not a vertex, or off the
/// board.
///
/// ```
/// use go_gtp::{commands::next_board_vertex, Args, Move, go_board::Board};
///
/// let board = Board::new(9)?;
/// let words = ["pass".to_string()];
/// assert_eq!(next_board_vertex(&mut Args::new(&words), &board)?, Move::Pass);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn next_board_vertex(args: &mut Args<'_>, board: &Board) -> Result<Move, GtpError> {
    match args.next_vertex()? {
        Move::Play(point) if !board.geometry().contains(point) => Err(off_board(point)),
        mv => Ok(mv),
    }
}

fn off_board(point: Point) -> GtpError {
    GtpError::Syntax(ArgError::Invalid {
        expected: "vertex on the board",
        found: point.to_string(),
    })
}
