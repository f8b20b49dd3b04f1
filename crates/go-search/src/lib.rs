//! Generic game-tree search for Go tactics and any other two-player game: alpha-beta,
//! generalized threats search, proof-number search and df-pn, over small traits in the
//! style of Cazenave's TAIL templates.
//!
//! A game says what it can do ([`Game`]: generate, play, undo, hash, outcome); each engine
//! takes a small judgement trait ([`Evaluator`], [`Goal`], [`Threats`]) and returns a
//! result struct that says why it stopped.
//!
//! ```
//! use go_search::{AlphaBeta, AlphaBetaOptions, Dfpn, DfpnOptions, Neutral, Player};
//! use go_search::{StopReason, Verdict, WinGoal, toys::TicTacToe};
//!
//! let mut game = TicTacToe::new();
//!
//! // Alpha-beta: the exact value for the side to move.
//! let mut ab = AlphaBeta::new(AlphaBetaOptions::default());
//! let result = ab.search(&mut game, &Neutral);
//! assert_eq!(result.stop, StopReason::Drawn);
//!
//! // df-pn: can the first player force a win? No.
//! let mut dfpn = Dfpn::new(DfpnOptions::default());
//! let proof = dfpn.solve(&mut game, &WinGoal::new(Player::First));
//! assert_eq!(proof.stop, StopReason::Disproved);
//!
//! // Three-valued: win, loss or draw (seki) through two searches.
//! let three = dfpn.solve_three_valued(&mut game, &WinGoal::new(Player::First));
//! assert_eq!(three.value, Some(Verdict::Draw));
//! ```
//!
//! # Modules
//! - [`game`]: [`Game`], [`Player`], [`Outcome`]; [`value`]: [`Value`].
//! - [`alphabeta`]: [`AlphaBeta`] with [`Evaluator`].
//! - [`gts`]: [`Gts`], Cazenave's generalized threats search, with [`Threats`].
//! - [`goal`]: [`Goal`] and [`Verdict`] for the proof-number engines [`ProofNumber`]
//!   (Allis) and [`Dfpn`] (Nagai's df-pn with repetition-safe, path-dependent entries,
//!   and results that say whether they leaned on a side condition of the game, such as
//!   the ko threats of the capture game: [`Game::conditions_met`]).
//! - [`limits`], [`stats`], [`tree`]: budgets, counters, SGF export of explored trees;
//!   [`OptionsError`] and [`MAX_TT_BITS`] for the sizes the `try_new` constructors accept.
//! - [`toys`]: Nim, a one-pile take-away game and tic-tac-toe, for examples and
//!   benchmarks.
//!
//! # Features
//! - `go` (default): [`tactics`], the tactical Go games built on `go-board` (capture,
//!   ladders); the engines themselves need no Go types and build with
//!   `default-features = false`.
//! - `gtp`: GTP commands for the tactics (`attack`, `defend`, `go_ladder`,
//!   `go_static_ladder`, GNU Go's `trymove`/`popgo`) through go-gtp's registry:
//!   `register`.

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod alphabeta;
mod error;
pub mod game;
pub mod goal;
pub mod gts;
#[cfg(feature = "go")]
pub mod hash;
pub mod limits;
pub(crate) mod path;
pub mod pn;
pub mod stats;
#[cfg(feature = "go")]
pub mod tactics;
pub mod toys;
pub mod tree;
pub mod value;

#[allow(deprecated)]
pub use alphabeta::SearchResult;
pub use alphabeta::{AlphaBeta, AlphaBetaOptions, AlphaBetaResult, Evaluator, Neutral};
pub use error::{MAX_TT_BITS, OptionsError};
pub use game::{Game, Outcome, Player};
pub use goal::{DrawAs, Goal, ProofNumbers, Sight, Verdict, WinGoal, look_ahead_by_playing};
pub use gts::{Gts, GtsOptions, GtsResult, Threats};
pub use limits::{SearchLimits, StopReason};
pub use pn::{Dfpn, DfpnOptions, ProofNumber, ProofNumberOptions, ProofResult, ThreeValuedResult};
pub use stats::Stats;
pub use tree::{DebugNamer, MoveNamer, SearchTree};
pub use value::Value;

/// Registers the GTP commands of the tactical reader (`attack`, `defend`, `go_ladder`,
/// `go_static_ladder`); see [`tactics::gtp`].
#[cfg(feature = "gtp")]
pub use tactics::gtp::register;

/// The README's example, compiled and run as a doc-test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
