//! Exact eye knowledge for the game of Go: eye shapes (the neighbour
//! classification, life property, vital and end points of Vilà and
//! Cazenave, the status of an eye with stones inside, in O(1)), eye spaces
//! on a real board with their exact eye values, and Benson's
//! unconditional life.
//!
//! ```
//! use go_eye::{Edges, Eye, EyeStatus, Stones};
//!
//! // A bulky five in the open: unsettled, both sides want the 3-point.
//! let eye = Eye::new("###/##.".parse()?, Edges::NONE)?;
//! assert_eq!(eye.code().to_string(), "12223");
//! let empty = eye.analyse(&Stones::default(), 8)?;
//! assert_eq!(empty.status, EyeStatus::Unsettled);
//! assert_eq!(empty.key_point, go_eye::shape::Cell::new(1, 0));
//!
//! // The attacker on the vital point: nakade.
//! let killed = Stones::enemy(".#./...".parse()?);
//! assert_eq!(eye.status(&killed, 8)?, EyeStatus::Nakade);
//!
//! // A five-point eye with the life property lives whatever is played
//! // inside; with no outside liberty left the owner must capture.
//! let long = Eye::new("#####".parse()?, Edges::NONE)?;
//! assert!(long.has_life_property());
//! assert_eq!(long.status(&Stones::enemy("####.".parse()?), 0)?, EyeStatus::AliveInAtari);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! On a board: the eye spaces of each colour and how many eyes they give
//! (GNU Go's `eval_eye`), and the blocks no enemy sequence can capture.
//!
//! ```
//! use go_board::{Board, Color};
//! use go_eye::benson::PassAlive;
//! use go_eye::space::EyeSpaces;
//!
//! let board = Board::from_diagram(
//!     ". X . X . . .
//!      X X X X O O O
//!      O O O O O . .
//!      . . . . . . .",
//! )?;
//! let eye = EyeSpaces::new(&board).at("A4".parse()?).unwrap().value();
//! assert_eq!((eye.min, eye.max), (1, 1));
//! assert_eq!(PassAlive::new(&board, Color::Black).blocks().len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Modules
//! - [`shape`]: cells and bitboards, the eight symmetries, polyomino
//!   enumeration (1..=8 points), canonical keys with O(1) lookup, the
//!   neighbour classification code and its classes.
//! - [`position`]: centre, side and corner eyes, given as the board edges
//!   the eye touches.
//! - [`tables`]: the status of an eye with enemy and own stones inside and
//!   some outside liberties, the needed moves and the single point to play,
//!   vital and end points, the life property, nakade shapes — every answer
//!   from an exact solution of the eye's local game, solved once per shape
//!   and position on first use; and the thesis's own tables ([`tables::thesis`]).
//! - [`space`]: eye spaces on a board — lively and dead stones, marginal
//!   points, false and half eyes — as [`space::EyeGraph`]s whose local game
//!   is solved exactly (eyes with each side moving first, vital points).
//! - [`benson`]: Benson's pass-alive blocks and vital regions, and GNU
//!   Go's unconditional status (alive, dead, territory).
//! - `gtp` (feature `gtp`): `eval_eye`, `eye_space`, `unconditional_status`,
//!   `go_safe` for go-gtp engines, with GoGui analyze entries.
//!
//! # Features
//! - `gtp`: the GTP commands (pulls in go-gtp).
//!
//! Sources: R. Vilà, *Semeai-01ES* (2004), §4.2 (after Vilà & Cazenave,
//! "When one eye is enough", ACG 10, 2003); M. Müller, "Race to Capture"
//! (1999); D. B. Benson, "Life in the game of Go" (1976); the GNU Go
//! documentation's "Eyes and half eyes" chapter.

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod benson;
mod eye_game;
#[cfg(feature = "gtp")]
pub mod gtp;
pub mod position;
mod retrograde;
pub mod shape;
pub mod space;
pub mod tables;

pub use position::{Edges, EyePosition};
pub use shape::{CellSet, NeighbourCode, Shape, ShapeKey};
pub use tables::{
    Eye, EyeAnalysis, EyeError, EyeOutcome, EyeStatus, EyeValue, Stones, VitalPoints,
};

/// The README's example, compiled and run as a doc-test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
