//! Capturing races (semeai) after Vilà's Semeai-01ES solver (2004):
//! classes 0, 1, e, p and s, rebuilt and extended.
//!
//! Given two blocks in a race, one stone of each with the first one's side
//! to move, [`solve`] answers its status if it plays and if it passes
//! (winner, loser, seki — which includes both living —, ko, unknown) and
//! what to do.
//!
//! ```
//! use go_board::Board;
//! use go_semeai::{BestMove, Status, solve};
//!
//! // White's block A3-D5 has one liberty, C5, shared with Black's A4-C4:
//! // Black wins the race, and need not even move.
//! let board = Board::from_diagram(
//!     ". . . O X . . .
//!      X X X O X O O O
//!      O O O O X O . .
//!      X X X X X O . .
//!      . . . . . O . .",
//! )?;
//! let black = solve(&board, "A4".parse()?, "B3".parse()?)?;
//! assert_eq!(black.status_if_play, Status::Winner);
//! assert_eq!(black.decision, BestMove::Pass); // wins without a move
//! let white = solve(&board, "B3".parse()?, "A4".parse()?)?;
//! assert_eq!(white.status_if_play, Status::Loser);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Modules
//! - [`class0`]: races without eyes (Tables 4.3–4.4).
//! - [`class_e`]: races with eyes (Tables 4.5–4.8).
//! - [`gate`]: class p's rules for when class e may judge ([`Reasons`]).
//! - [`find_races`]: the races between adjacent enclosed blocks.
//! - the crate root: [`Solver`] (class s: search on go-search's engines
//!   with the evaluation of classes p and e) and its [`SolverOptions`]
//!   (a [`Profile`]: the thesis's method or this crate's),
//!   [`SemeaiResult`], [`Status`], [`BestMove`], [`SemeaiStats`].
//!
//! # Features
//! - `gtp`: the GTP commands `solve_semeais` (the thesis's) and
//!   `analyze_semeai` (GNU Go's), through `gtp::register`.
//!
//! Source: R. Vilà, *Desarrollo del módulo de resolución de semeai
//! Semeai-01ES*, UPC / Université Paris 8, 2004, §4.3 and Chapter 5.

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod class0;
pub mod class_e;
mod detect;
mod error;
mod evaluate;
mod eyecount;
mod eyes;
mod game;
pub mod gate;
#[cfg(feature = "gtp")]
pub mod gtp;
mod movegen;
mod race;
mod solver;
mod status;
mod verdict;

pub use class_e::BiggerEye;
pub use detect::{MAX_EYE_AREA, MAX_RACE_LIBERTIES, find_races};
pub use error::SemeaiError;
pub use evaluate::Heuristics;
pub use gate::Reasons;
pub use race::{EyeState, SideCount};
#[allow(deprecated)]
pub use solver::Engine;
pub use solver::{Profile, SearchEngine, Solver, SolverOptions, StaticReport, solve};
pub use status::{BestMove, Certainty, DecidedBy, KoKind, SemeaiResult, SemeaiStats, Status};
pub use verdict::StaticVerdict;

/// The old name of [`StaticVerdict`], which clashed with go-search's
/// [`Verdict`](go_search::Verdict) (a proof search's judgement of a position).
///
/// ```
/// #![allow(deprecated)]
/// use go_semeai::{Status, Verdict};
/// assert!(Verdict::new(Status::Winner, Status::Loser).must_play());
/// ```
#[deprecated(since = "0.1.0", note = "renamed `StaticVerdict`")]
pub type Verdict = StaticVerdict;

/// The old name of [`SemeaiStats`], which clashed with go-search's
/// [`Stats`](go_search::Stats) (one search's counters).
///
/// ```
/// #![allow(deprecated)]
/// assert_eq!(go_semeai::Stats::default().nodes, 0);
/// ```
#[deprecated(since = "0.1.0", note = "renamed `SemeaiStats`")]
pub type Stats = SemeaiStats;

/// The README's example, compiled and run as a doc-test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
