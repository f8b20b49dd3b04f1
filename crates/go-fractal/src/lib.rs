//! Fractal Go's player, rebuilt (Carro, Riesco and Rodríguez, *Fractal Go*,
//! Universidad Complutense de Madrid, 2005): the board cut into zones
//! ([`go_board::zone`]), an objective per zone ([`Objective`]), the
//! six-factor evaluation with weights per objective ([`Weights`]), a
//! proof-number search per zone ([`search`]), pattern-first play and
//! teaching ([`Knowledge`], [`learn`]).
//!
//! ```
//! use go_board::{Board, Color, Move};
//! use go_fractal::{FractalPlayer, Knowledge, Level, PlayerOptions};
//!
//! let board = Board::from_diagram(
//!     ". . . . .
//!      . X X X .
//!      . X . . O
//!      . X X O .
//!      . . . . .",
//! )?;
//! let knowledge = Knowledge::default();
//! let mut player = FractalPlayer::new(PlayerOptions::default().with_level(Level::One));
//! let choice = player.choose(&board, &knowledge, Color::Black);
//! assert_ne!(choice.mv, Move::Pass);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Features: `gtp` — go-gtp's move generator and the teaching commands
//! (the `gtp` module).

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod error;
pub mod eval;
#[cfg(feature = "gtp")]
pub mod gtp;
pub mod knowledge;
pub mod learn;
pub mod objective;
pub mod player;
pub mod search;

pub use error::FractalError;
pub use eval::{Factor, Factors, Snapshot, Weights};
pub use knowledge::{Example, Knowledge};
pub use objective::Objective;
pub use player::{Best, Choice, FractalPlayer, Level, PlayerOptions, Source, Turn, pattern_choice};
