//! Whole groups for the game of Go: dragons (blocks joined by links that cannot
//! be cut), their eye spaces and escape, and life-and-death reading of a whole
//! group — GNU Go's owl questions — on go-search's df-pn.
//!
//! ```
//! use go_board::Board;
//! use go_life::{Dragons, LifeReader, LifeStatus};
//!
//! let board = Board::from_diagram(
//!     ". . . . . . .
//!      O O O O O O .
//!      X X X X X O .
//!      . . . . X O .",
//! )?;
//! // Black's straight four on the edge: alive whoever moves first.
//! let dragons = Dragons::new(&board);
//! assert_eq!(dragons.at("A2".parse()?).unwrap().stones().len(), 6);
//! let mut reader = LifeReader::default();
//! assert_eq!(reader.status(&board, "A2".parse()?)?, LifeStatus::Alive);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Modules
//! - [`links`]: which blocks are joined, and the linked group of a stone.
//! - [`dragon`]: [`Dragons`] of a whole board, [`DragonData`] summaries.
//! - [`judge`]: static facts of a group — enclosed regions, Benson life,
//!   eye spaces, escape, hopelessness.
//! - [`eyes`]: how many eyes an eye space gives with each side first, and its
//!   vital points (go-eye's exact tables and eye graphs, false and half eyes).
//! - [`life`]: [`LifeReader`] (`owl_attack`, `owl_defend`, status) on the
//!   local game [`LifeGame`].
//! - [`connection`]: [`ConnectionReader`] (`connect`, `disconnect`) on the
//!   local game [`connection::ConnectionGame`].
//! - [`race`]: capturing races between groups ([`race::RaceReader`], GNU Go's
//!   `analyze_semeai`) on the local game [`race::RaceGame`].
//! - [`survey`]: every dragon of a board with its status, decided cheaply
//!   where it can be (Benson, room to run) and read where it must.
//! - `gtp` (feature `gtp`): GNU Go's dragon, owl and connection commands, and a
//!   GoGui view of every dragon's status (`dragon_status_gfx`), for go-gtp engines.

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

mod candidates;
pub mod connection;
pub mod dragon;
mod error;
pub mod eyes;
#[cfg(feature = "gtp")]
pub mod gtp;
#[cfg(feature = "gtp")]
mod gtp_view;
pub mod judge;
pub mod life;
pub mod links;
mod local;
pub mod race;
pub mod safety;
pub mod survey;

pub use connection::{ConnectionOptions, ConnectionReader, ConnectionResult};
pub use dragon::{Dragon, DragonData, Dragons};
pub use error::LifeError;
pub use life::{LifeGame, LifeGoal, LifeOptions, LifeReader, LifeResult, LifeStatus};

/// The README's example, compiled and run as a doc-test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
