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
//! [`SgfError`], never a panic. Files are read only when they are regular
//! files of at most [`MAX_FILE_SIZE`] bytes.
//!
//! # Records with illegal moves
//! One rule everywhere a record is replayed (GTP `loadsgf`, the `analyze`
//! example, the dataset tasks): **a record loads only if every move
//! replayed is legal under its own rules**, as [`Board::play_move`](crate::Board::play_move)
//! judges it. A move on an occupied point, a suicide where the rules forbid
//! it, a ko recapture or a superko repetition is refused with
//! [`SgfError::IllegalMove`], naming the move's number, colour and point;
//! nothing is repaired silently. A move off the board is refused when the
//! record is read ([`SgfError::OffBoardMove`]); `SZ[w:h]` gives a
//! rectangular board. A record that loads therefore replays to the same
//! position through `play`. To look at the position before the offending
//! move, load up to it ([`Until::BeforeMove`]).
//!
//! ```
//! use go_board::sgf::{self, SgfError, Until};
//! // White's A9 is suicide under the default rules (no suicide).
//! let text = "(;SZ[9]AB[ba][ab];W[aa];B[cc])";
//! let err = sgf::load(text, Until::End).unwrap_err();
//! assert!(matches!(err, SgfError::IllegalMove { number: 1, .. }));
//! assert!(sgf::load(text, Until::BeforeMove(1)).is_ok());
//! // New Zealand rules allow it.
//! assert!(sgf::load("(;SZ[9]RU[NZ]AB[ba][ab];W[aa];B[cc])", Until::End).is_ok());
//! ```
//!
//! The parts: [`GameRecord`] with its [`GameInfo`] and main-line
//! [`GameEvent`]s; replaying with [`GameRecord::position`] to an [`Until`]
//! limit, or in one call with [`load`] and [`load_file`]; writing with
//! [`GameRecord::to_sgf`], [`write_position`] and [`write_game`];
//! [`fixed_handicap`]; errors in [`SgfError`].

/// The largest SGF file [`GameRecord::read_file`] (and so [`load_file`])
/// reads: 16 MiB, far beyond any game record (a long commented game is tens
/// of kilobytes); larger files are refused with [`SgfError::TooLarge`].
///
/// ```
/// assert_eq!(go_board::sgf::MAX_FILE_SIZE, 16 << 20);
/// ```
pub const MAX_FILE_SIZE: u64 = 16 << 20;

mod error;
mod files;
mod handicap;
mod load;
mod record;
mod repair;
mod scan;
mod write;

pub use error::{SgfError, SyntaxProblem};
pub use files::sgf_files;
pub use handicap::fixed_handicap;
pub use load::{LoadedPosition, ParseUntilError, Stop, Until, load, load_file};
pub use record::{GameEvent, GameInfo, GameRecord};
pub use repair::Repair;
pub use write::{write_game, write_position};
