//! go-analysis: reusable crates for analysing the game of Go.
//!
//! This root package re-exports each crate under a short name and owns the
//! runnable `examples/` and the criterion `benches/`:
//!
//! - [`board`] — the board: blocks, liberties, ko, hashing, undo, SGF.
//! - [`search`] — generic alpha-beta, proof-number and df-pn engines.
//! - [`eye`] — eye shapes, eye spaces and Benson's unconditional life.
//! - [`semeai`] — capturing races after Semeai-01ES.
//! - [`life`] — whole groups: dragons and life-and-death reading.
//! - [`mcts`] — Monte-Carlo tree search.
//! - [`patterns`] — patterns, influence and territory estimates.
//! - [`gtp`] — the Go Text Protocol.
//! - [`analyzer`] — the position analyzer: influence and ownership maps in
//!   the search tree, SGF/ARFF/CSV/SVG exports.
//!
//! It also joins two of them: [`final_status`] scores a position with the
//! groups' status from [`life`] where it is settled, and [`mcts`] playouts
//! for the rest (GTP `final_status_list`, `final_score`).

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod final_status;

pub use go_board as board;
pub use go_eye as eye;
pub use go_fractal as fractal;
pub use go_gtp as gtp;
pub use go_life as life;
pub use go_mcts as mcts;
pub use go_patterns as patterns;
pub use go_position_analyzer as analyzer;
pub use go_search as search;
pub use go_semeai as semeai;
