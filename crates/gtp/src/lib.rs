//! Go Text Protocol (GTP 2) for Go programs: an engine framework with a typed
//! command registry, a controller that drives other engines, and a runner
//! for GNU Go-style `.tst` regression suites.
//!
//! An engine is a [`Registry`] of commands over a state of your choice, run
//! by an [`Engine`] over any input and output. Here is a tiny engine with one
//! custom command, answering a script given as a string:
//!
//! ```
//! use go_gtp::{Engine, GtpError, Point, Registry, Response};
//!
//! #[derive(Default)]
//! struct Marks(Vec<Point>);
//!
//! let mut registry = Registry::new("marker", "0.1");
//! registry.register("mark", |marks: &mut Marks, args| {
//!     let point = args.next_point()?; // `syntax error` when it is not a point
//!     if marks.0.contains(&point) {
//!         return Err(GtpError::message("already marked"));
//!     }
//!     marks.0.push(point);
//!     Ok(Response::words(&marks.0))
//! });
//!
//! let script = "1 mark D4\n2 mark q16 # comment\n3 mark D4\n4 mark Z0\nknown_command mark\n";
//! let mut output = Vec::new();
//! Engine::new(registry, Marks::default()).run(script.as_bytes(), &mut output)?;
//! assert_eq!(
//!     String::from_utf8(output).unwrap(),
//!     "=1 D4\n\n=2 D4 Q16\n\n?3 already marked\n\n?4 syntax error\n\n= true\n\n"
//! );
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! A Go engine is the same with a board-backed state: [`GoEngine`] holds a
//! [`TimedGame`] and a pluggable [`MoveGenerator`], and
//! [`commands::register_standard`] adds every standard command, answering
//! as GNU Go does:
//!
//! ```
//! use go_gtp::GoEngine;
//!
//! let mut engine = GoEngine::new().into_engine("demo", "0.1");
//! let mut output = Vec::new();
//! engine.run(&b"boardsize 9\nplay b E5\nplay w E5\nfindlib E5\n"[..], &mut output)?;
//! assert_eq!(
//!     String::from_utf8(output).unwrap(),
//!     "= \n\n= \n\n? illegal move\n\n= E6 D5 F5 E4\n\n"
//! );
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # Adding commands from another crate
//! Each analysis crate offers its commands behind a `gtp` feature with a
//! function generic over what its commands need from the engine state —
//! usually only the board ([`HasBoard`]):
//!
//! ```
//! use go_gtp::{AnalyzeKind, HasBoard, Registry, Response};
//!
//! pub fn register<S: HasBoard>(registry: &mut Registry<S>) {
//!     registry
//!         .register("num_blocks", |state: &mut S, _| {
//!             Ok(Response::from(state.board().blocks().count()))
//!         })
//!         .add_analyze(AnalyzeKind::String, "Number of blocks", "num_blocks");
//! }
//! # let mut registry = go_gtp::GoEngine::registry("demo", "1");
//! # register(&mut registry);
//! ```
//!
//! [`HasGame`] gives the whole game to change (setup and play commands),
//! [`HasMoveGenerator`] a player (`genmove`).
//!
//! # Modules
//! - [`protocol`]: preprocessing, [`protocol::Command`], [`protocol::Reply`]
//!   — the wire format, exact to the GTP 2 specification.
//! - The crate root: [`Registry`], [`Engine`], typed arguments ([`Args`],
//!   [`FromArg`]), [`ColoredMove`], and [`GtpError`] with the
//!   specification's error messages; GoGui analyze entries
//!   ([`AnalyzeCommand`]); the engine state ([`TimedGame`], [`GoEngine`], the
//!   traits of [`state`]). GTP values are go-board's types, re-exported
//!   here: [`Color`], [`Point`] (a vertex on the board) and [`Move`] (a
//!   vertex: a point or a pass).
//! - [`commands`]: the standard commands, in groups to register.
//! - [`movegen`]: the default player (random legal moves keeping eyes).
//! - [`handicap`]: handicap placement.
//! - [`output`]: the files commands write (`printsgf FILE`), only over
//!   regular files.
//! - [`controller`]: start another GTP engine as a subprocess and talk to it.
//! - [`arena`]: refereed games between engines, counted by an arbiter.
//! - [`regress`] (feature `regress`, on by default): parse, run and score
//!   `.tst` regression suites.
//!
//! # Features
//! - `regress` (default): the regression runner; pulls in `regex`.

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

mod analyze;
pub mod arena;
mod args;
pub mod commands;
pub mod controller;
mod engine;
mod error;
mod game;
mod go_engine;
pub mod handicap;
pub mod movegen;
pub mod output;
pub mod protocol;
mod registry;
#[cfg(feature = "regress")]
pub mod regress;
mod response;
pub mod state;

pub use analyze::{AnalyzeCommand, AnalyzeKind, ParseAnalyzeKindError};
pub use args::{ArgError, Args, ColoredMove, FromArg};
pub use engine::{Answer, Engine, EngineOptions};
pub use error::GtpError;
#[allow(deprecated)]
pub use game::Game;
pub use game::{Clock, TimeLeft, TimeSettings, TimedGame};
pub use go_engine::GoEngine;
pub use registry::{PROTOCOL_VERSION, RegisterError, Registry};
pub use response::Response;
pub use state::{HasBoard, HasGame, HasMoveGenerator, MoveGenerator};

/// The board crate whose value types GTP commands read and write.
pub use go_board;
pub use go_board::{Color, Decision, Move, Point};
/// The game's errors, defined with [`go_board::GameHistory`] and re-exported
/// here for the GTP commands and their callers.
pub use go_board::{HandicapError, KomiError};

/// The README's example, compiled and run as a doc-test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
