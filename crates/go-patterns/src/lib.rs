//! Go patterns with their symmetries, PATRICIA tries, pattern learning, and
//! the classic influence and territory estimates.
//!
//! ```
//! use go_board::{Board, Color};
//! use go_patterns::{AtariFlags, Code3x3, Matcher, Morphology, Pattern, Table3x3, TransformSet};
//!
//! let board = Board::from_diagram(
//!     ". . . . . .
//!      . X X X . .
//!      . X . X . .
//!      . X X X . .
//!      . . . . O .
//!      . . . . . .",
//! )?;
//! // A pattern in every rotation and reflection, for either colour.
//! let eye: Pattern = "S S S\nS * S\nS S S".parse()?;
//! let eyes = Matcher::new(&eye, TransformSet::ALL);
//! assert_eq!(eyes.find_all(&board, Color::Black).len(), 1);
//! // MoGo-style 3×3 codes and a table that is symmetric by construction.
//! let mut table = Table3x3::new(0.0f32, AtariFlags::Distinguished);
//! table.insert(Code3x3::with_atari(&board, "E3".parse()?), 1.0);
//! assert_eq!(table.get(Code3x3::with_atari(&board, "E5".parse()?), Color::Black), 0.0);
//! // Bouzy's 5/21 territory.
//! let t = Morphology::BOUZY.territory(&board);
//! assert_eq!(t.owner("C4".parse()?), Some(Color::Black));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules:
//! - [`cell`], [`shape`], [`pattern`], [`symmetry`], [`matcher`]: patterns
//!   of colour / empty / edge / don't-care / own / other cells over squares,
//!   diamonds or any offsets; the 8 symmetries × colour swap; canonical
//!   forms; compiled matching on any [`Position`](go_board::Position).
//! - [`trie`]: the PATRICIA trie of Fractal Go with its pattern searches;
//!   [`database`]: its move-pattern base (learn a taught move, suggest the
//!   longest valid pattern).
//! - [`hash3x3`]: 3×3 neighbourhood codes (with atari flags) and symmetric
//!   tables for playouts.
//! - `learn` (feature `learn`, on by default): move-pattern statistics from
//!   SGF collections, in parallel (rayon), with top-k accuracy on held-out
//!   games.
//! - [`features`] and [`model`]: a learned move model (Coulom 2007): the
//!   features of a candidate move (3×3 shape with atari flags, captures,
//!   atari escapes, self-ataris, ataris, distances to the last moves, line)
//!   and one γ per feature value, in a versioned text file; a trained model
//!   ships with the crate ([`MoveModel::trained`]). `mm` (feature `learn`)
//!   trains one by minorization–maximization and measures its move
//!   prediction.
//! - [`territory`]: Zobrist/Bouzy dilation–erosion (5/21, the thesis's 3/6);
//!   [`influence`]: Zobrist's influence and distance-decay influence;
//!   [`map`]: per-point maps (go-board's [`PointMap`], re-exported).
//! - [`text`] and [`svg`]: renderings of per-point maps.
//! - [`td`]: a linear evaluation of positions (the probability that Black
//!   wins) from a few features of the maps, liberties and ataris, with its
//!   weights learned by TD(λ) from self-play; trained weights ship with
//!   the crate ([`TdEvaluator::trained`]).
//!
//! One feature, `learn` (default): the `learn` and `mm` modules and their `rayon`
//! dependency; without it the crate needs only `go-board` and `thiserror`.

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod cell;
pub mod database;
pub mod error;
pub mod features;
pub mod hash3x3;
pub mod influence;
pub mod ladder;
#[cfg(feature = "learn")]
pub mod learn;
pub mod map;
pub mod matcher;
#[cfg(feature = "learn")]
pub mod mm;
pub mod model;
pub mod pattern;
pub mod shape;
pub mod spatial;
pub mod svg;
pub mod symmetry;
pub mod td;
pub mod territory;
pub mod text;
pub mod trie;

pub use cell::{Cell, PointState};
pub use database::PatternBase;
pub use error::PatternError;
pub use hash3x3::{AtariFlags, Code3x3, Table3x3};
pub use influence::{Decay, DecayInfluence, Metric, ZobristInfluence};
pub use map::PointMap;
pub use matcher::{Match, Matcher};
pub use model::MoveModel;
pub use pattern::{Anchor, Pattern};
pub use shape::Shape;
pub use symmetry::{Offset, Symmetry, Transform, TransformSet};
pub use td::TdEvaluator;
pub use territory::{Morphology, Territory};

/// The README's example, compiled and run as a doc-test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
