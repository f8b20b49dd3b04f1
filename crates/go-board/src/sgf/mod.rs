//! SGF: reading game records, replaying them with GNU Go's `loadsgf`
//! semantics, and writing positions and games.
//!
//! ```
//! use go_board::{sgf::{GameRecord, Until}, Color};
//!
//! let text = "(;GM[1]FF[4]SZ[9]KM[7]PB[Lee]PW[Cho]
//!             ;B[ee];W[gc];B[cg];W[gg](;B[ge])(;B[eg]))";
//! let record = GameRecord::parse(text)?;
//! assert_eq!(record.num_moves(), 5);            // the main line only
//!
//! // Up to but not including move 4, like GTP `loadsgf FILE 4`.
//! let position = record.position(Until::BeforeMove(4))?;
//! assert_eq!(position.to_play, Color::White);
//! assert_eq!(position.board.stones_of(Color::Black).len(), 2);
//! assert_eq!(position.board.rules().komi, 7.0);
//! println!("{}", position.board);
//!
//! // And back to SGF.
//! let again = GameRecord::parse(&record.to_sgf())?;
//! assert_eq!(again, record);
//! # Ok::<(), go_board::sgf::SgfError>(())
//! ```
//!
//! Parsing is done by `sgf-parse` after a syntax pass of our own that
//! locates errors by line and column. Any text yields a record or an
//! [`SgfError`], never a panic.
//!
//! The parts: [`GameRecord`] with its [`GameInfo`] and main-line
//! [`GameEvent`]s; replaying with [`GameRecord::position`] to an [`Until`]
//! limit, or in one call with [`load`] and [`load_file`]; writing with
//! [`GameRecord::to_sgf`], [`write_position`] and [`write_game`];
//! [`fixed_handicap`]; errors in [`SgfError`].

mod error;
mod handicap;
mod load;
mod record;
mod scan;
mod write;

pub use error::{SgfError, SyntaxProblem};
pub use handicap::fixed_handicap;
pub use load::{LoadedPosition, ParseUntilError, Stop, Until, load, load_file};
pub use record::{GameEvent, GameInfo, GameRecord};
pub use write::{write_game, write_position};
