//! Huertas's position analyzer on go-mcts: a Monte-Carlo search that
//! keeps, in every node of its tree, the mean influence map and the mean
//! area ownership of the playouts through it, and exports the tree as
//! annotated SGF for people, as an ARFF/CSV dataset for machine learning
//! and as SVG heat maps.
//!
//! ```
//! use go_position_analyzer::{analyze, map, AnalyzerOptions, TreeLimits};
//! use go_position_analyzer::export::{ExportOptions, write_arff, write_sgf};
//! use go_board::Board;
//!
//! let board = Board::from_diagram(
//!     ". . . . .
//!      . X . O .
//!      . X . O .
//!      . X . O .
//!      . . . . .",
//! )?;
//! let analysis = analyze(&board, &AnalyzerOptions::default().with_playouts(500));
//! let root = analysis.tree().root();
//! println!("{}", map::text(&analysis.influence(root).unwrap())); // O/o/./x/X map
//! let options = ExportOptions::default().with_limits(TreeLimits::default().with_max_depth(Some(2)).with_min_visits(5));
//! let sgf = write_sgf(&analysis, &options);
//! assert!(sgf.starts_with("(;FF[4]GM[1]SZ[5]"));
//! let mut arff = Vec::new();
//! write_arff(&analysis, &options, &mut arff)?;
//! assert!(String::from_utf8(arff)?.contains("@attribute class numeric"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`terminal`] (the maps of a finished playout: the thesis's
//! 3×3-majority influence and area ownership), [`store`] (per-node sums
//! beside the compact tree, and the playout policy that fills them),
//! [`analysis`] (running the search, statistics, depth-first walks),
//! [`map`] ([`ValueMap`], go-board's per-point map of `f32`, in the
//! thesis's order; text maps and difference maps), [`features`] (the per-node attributes of the
//! dataset), [`export`] (SGF, ARFF, CSV, SVG), [`batch`] (the dataset of
//! a game collection, one CSV per sampled position, resumable).
//!
//! Features: `gtp` — the thesis's GTP commands (`analyze`,
//! `uct_savetree`, `uct_savetree_arff`), GoGui `gfx` maps and
//! `lz-analyze`/`kata-analyze` live analysis (`gtp::register`).
//!
//! Layering: the crate sits above go-mcts (the search and its playout
//! hook) and go-patterns (pattern matching, the SVG renderer), so neither
//! of those needs the other; the thesis's five patterns are its own
//! ([`patterns`]).

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod analysis;
pub mod batch;
pub mod export;
pub mod features;
#[cfg(feature = "gtp")]
pub mod gtp;
pub mod map;
pub mod patterns;
pub mod store;
pub mod terminal;

pub use analysis::{
    Analysis, AnalyzerOptions, NodeStats, NodeVisit, Progress, TreeLimits, analyze,
    analyze_with_progress,
};
pub use map::ValueMap;
pub use store::{AnalyzerPlayout, AnalyzerWorker, MapStore};

/// The README's example, compiled and run as a doc-test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
