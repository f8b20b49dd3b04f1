//! A complete, exact, fast Go board.
//!
//! [`Board`] keeps every block (string) with its exact liberty set, captures
//! stones, enforces simple ko or superko and the suicide rule of its
//! [`Rules`], hashes positions with Zobrist keys, and takes moves back
//! exactly with [`Board::undo`] — everything search needs. Points are dense
//! indices ([`Point`]) with GTP text forms; [`PointSet`] is a bitset with
//! set algebra and Go geometry.
//!
//! ```
//! use go_board::{Board, Color, PlayError};
//!
//! let mut board = Board::from_diagram(
//!     ". X O .
//!      X O . O
//!      . X O .
//!      . . . .",
//! )?;
//! let c3 = "C3".parse()?;
//! let info = board.play(Color::Black, c3)?;      // Black captures B3 ...
//! assert_eq!(info.captured, 1);
//! let b3 = "B3".parse()?;
//! assert_eq!(board.play(Color::White, b3), Err(PlayError::Ko(b3))); // ... a ko
//! assert_eq!(board.num_liberties(c3), 1);
//! board.undo();
//! assert_eq!(board.color_at(b3), Some(Color::White));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`point`] and [`geometry`] (coordinates), [`point_set`],
//! [`point_map`] (one value per point: influence, ownership, estimates),
//! [`board`] and [`block`] (the search board), [`rules`], [`zobrist`],
//! [`display`] (text diagrams), [`sgf`] (game records), [`playout`] (the
//! lean [`PlayoutBoard`] for Monte-Carlo playouts), [`code3x3`] (a point's
//! 3×3 neighbourhood as a code, [`PointState`] per neighbour),
//! [`position`] (the trait boards share, eye tests), [`tactics`] (liberties after a move,
//! self-atari, snapback, …), [`regions`] (basic and merged regions, the regions of one block),
//! [`score`] (area and territory), [`decision`] (a move or to resign), [`hash`] (the
//! workspace's fast hasher and its maps), [`history`] (a whole game under its
//! rules: [`GameHistory`] adds the handicap, komi checks, SGF loading and
//! recording and the end by passes to the board).
//!
//! Features: `serde` (serialisation of the small value types),
//! `extra-checks` (recompute every incremental structure after each move).

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod block;
pub mod board;
pub mod code3x3;
pub mod color;
pub mod decision;
pub mod display;
pub mod error;
pub mod geometry;
pub mod hash;
pub mod history;
pub mod playout;
pub mod point;
pub mod point_map;
pub mod point_set;
pub mod point_state;
pub mod position;
pub mod regions;
pub mod rules;
pub mod score;
pub mod sgf;
pub mod tactics;
pub mod zobrist;
pub mod zone;

pub use block::Block;
pub use board::{BlockStones, Board, Ko, MoveInfo};
pub use code3x3::Code3x3;
pub use color::{ByColor, Color, ParseColorError};
pub use decision::Decision;
pub use display::DiagramError;
pub use error::{HandicapError, InvariantError, KomiError, PlayError, SetupError};
pub use geometry::{Geometry, Location, SizeError, VertexError};
pub use history::GameHistory;
pub use playout::{Pcg32, PlayoutBoard, PlayoutOptions, PlayoutResult, SplitMix64};
pub use point::{MAX_SIZE, MIN_SIZE, Move, NUM_INDICES, ParseVertexError, Point, STRIDE};
pub use point_map::PointMap;
pub use point_set::PointSet;
pub use point_state::PointState;
pub use position::Position;
pub use regions::{BlockRegion, BlockRegions, Region, RegionError, Regions};
pub use rules::{KoRule, ParseRulesError, Rules, Scoring, SuicideRule};
pub use score::{Score, ScoreError};
pub use sgf::{GameRecord, SgfError, Until};

/// The README's example, compiled and run as a doc-test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
