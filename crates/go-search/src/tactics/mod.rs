//! Tactical Go reading on the generic engines (feature `go`): can a block be captured,
//! can it be saved, is it caught in a ladder.
//!
//! [`CaptureGame`] is the capture fight as a [`Game`](crate::Game): goal-directed moves,
//! ladders read at the leaves, ko threats as a resource. [`Reader`] asks it GNU Go's
//! questions and answers as GNU Go does ([`TacticalResult`]: `1 G1`, `2 D19`, `0`), and
//! Fuego's `go_ladder` ([`LadderStatus`]); [`static_ladder`] is Fuego's
//! `go_static_ladder`, edge ladders recognised without reading.
//!
//! ```
//! use go_board::Board;
//! use go_search::tactics::{LadderStatus, Reader, TacticalCode};
//!
//! // White C3 is caught in a ladder that runs to the upper right edge...
//! let mut board = Board::from_diagram(
//!     ". . . . . . .
//!      . . . . . . .
//!      . . . . . . .
//!      . . . . . . .
//!      . X O . . . .
//!      . . X X . . .
//!      . . . . . . .",
//! )?;
//! let c3 = "C3".parse()?;
//! let mut reader = Reader::default();
//! let attack = reader.attack(&board, c3)?;
//! assert_eq!((attack.code, attack.to_string().as_str()), (TacticalCode::Win, "1 C4"));
//! assert_eq!(reader.ladder(&board, c3)?, LadderStatus::Unsettled);
//!
//! // ... unless a white stone on its path breaks it.
//! board.play(go_board::Color::White, "F6".parse()?)?;
//! assert_eq!(reader.ladder(&board, c3)?, LadderStatus::Escaped);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Parts: [`game`] ([`CaptureGame`], [`CaptureOptions`], [`KoThreats`]), [`goal`]
//! ([`CaptureGoal`], [`CaptureEvaluator`]), [`reader`] ([`Reader`], [`ReaderOptions`],
//! [`ReadingEngine`], [`LadderStatus`]), [`static_ladder`] and [`static_ladder_captures`],
//! [`TacticalResult`] and [`TacticsError`], and
//! [`player_of`]/[`color_of`] between Go's colours and the engines' players; with the
//! `gtp` feature, `gtp` registers the GTP commands.

mod color;
mod error;
pub mod game;
pub mod goal;
#[cfg(feature = "gtp")]
pub mod gtp;
mod helpers;
pub mod ko;
mod ladder;
mod movegen;
pub mod reader;
mod result;
mod static_ladder;

pub use color::{color_of, player_of};
pub use error::TacticsError;
pub use game::{CaptureGame, CaptureOptions};
pub use goal::{CaptureEvaluator, CaptureGoal};
pub use ko::{KoFight, KoPlay, KoThreats};
pub use reader::{
    DFPN_POSITIONS_PER_NODE, LadderStatus, Reader, ReaderOptions, ReadingEngine, ReadingStats,
};
pub use result::{TacticalCode, TacticalResult};
pub use static_ladder::{static_ladder, static_ladder_captures};
