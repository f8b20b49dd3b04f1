//! Generic parallel UCT/RAVE Monte-Carlo tree search, and a Go player on
//! top of it.
//!
//! The engine searches any [`State`] (a game position that can list and
//! play moves and say who won) with a pluggable [`Playout`] policy and
//! [`Expander`] (children, priors): UCB1 or Fuego-style UCT+RAVE
//! selection, first-play urgency, progressive widening, an expansion
//! threshold, proven wins and losses, tree parallelism with virtual loss
//! over lock-free 40-byte nodes, budgets by playouts and time with early
//! stop, and tree reuse between moves. The core knows no Go: a go-search
//! game whose moves are numbers (or Go moves) runs through [`Adapted`].
//!
//! ```
//! use go_mcts::{Adapted, Budget, LegalMoves, RandomPlayout, Search, SearchOptions};
//! use go_search::toys::TicTacToe;
//!
//! let root = Adapted(TicTacToe::new());
//! let options = SearchOptions::default().with_seed(3);
//! let mut search = Search::new(options, RandomPlayout::default(), LegalMoves);
//! let result = search.run(&root, Budget::playouts(20_000));
//! assert!((0.3..0.7).contains(&result.value)); // a draw with best play
//! println!("best {:?}, pv {:?}", result.best, result.pv);
//! ```
//!
//! # Modules
//! - [`state`]: the game trait, move codes, an adapter for go-search's
//!   games; [`Player`] and [`Outcome`] are go-search's, re-exported here.
//! - [`tree`] and [`node`]: the arena; [`selection`], [`expand`],
//!   [`playout`], [`rng`] (the playouts' random numbers), [`search`].
//! - `go` (feature `go`): the Go player — positions, light and heavy
//!   playouts, priors (go-patterns's learned move model, or hand-written),
//!   an optional learned evaluation at the leaves (go-patterns's TD(λ)
//!   weights: cut-offs or mixing), ownership, move generation. Its `go::GoPlayer` is the
//!   move generator, not the side to move ([`Player`]).
//! - `gtp` (feature `gtp`): go-gtp's move generator and the GTP commands.
//!
//! # Features
//! - `go` (default): the `go` module, on go-board, go-search's Go
//!   conversions and go-patterns's move model (not its training). With
//!   `default-features = false` the crate is the generic search alone; it
//!   takes go-board for its random-number generator ([`Pcg32`]) only.
//! - `gtp` (implies `go`): `gtp::MctsPlayer` for go-gtp's engines and
//!   `gtp::register` (`mcts_analyze`, `mcts_ownership`, ownership-based
//!   `final_score` and `final_status_list`).

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod expand;
#[cfg(feature = "go")]
pub mod go;
#[cfg(feature = "gtp")]
pub mod gtp;
pub mod node;
pub mod playout;
pub mod rng;
pub mod search;
pub mod selection;
pub mod state;
pub mod tree;

pub use expand::{Candidate, Expander, LegalMoves, Prior, Widening};
pub use go_search::{Outcome, Player};
pub use node::{Node, Proof};
pub use playout::{Playout, RandomPlayout, Record, first_player_value};
pub use rng::{Pcg32, Rng};
#[allow(deprecated)]
pub use search::StopReason;
pub use search::{
    Budget, MctsOptionsError, MctsStopReason, MoveStats, Search, SearchOptions, SearchResult,
};
pub use selection::{Rave, Selection};
pub use state::{Adapted, MoveCode, State};
pub use tree::{NodeId, NodeInfo, Tree};

/// The README's example, compiled and run as a doc-test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
