//! Beyond one machine on MPI: Fractal Go's distributed search (the
//! report's final protocol, Carro, Riesco and Rodríguez, *Fractal Go*,
//! 2005, ch. 7) and root-parallel Monte-Carlo search, on rsmpi over the
//! system's MPI.
//!
//! Without the `mpi` feature the crate is what needs no MPI: the wire
//! format ([`wire`]) and the rules that share a move's work among ranks
//! and put the answers back together ([`share`]), which the default build
//! tests in one process:
//!
//! ```
//! use go_board::{Board, Color};
//! use go_fractal::{FractalPlayer, Knowledge, PlayerOptions, Turn};
//! use go_mpi::share::{merge, parts_of_rank, search_parts};
//! use go_mpi::wire::Answer;
//!
//! let board = Board::from_diagram(". O . . .\nO X O . .\n. . . . .\n. . . X .\n. . . . .")?;
//! let (knowledge, options) = (Knowledge::default(), PlayerOptions::default());
//! let seed = FractalPlayer::new(options.clone()).next_seed();
//! // Four ranks: zone searchers 2 and 3 read their parts apart.
//! let answers: Vec<Answer> = (2..4).map(|rank| {
//!     let mut turn = Turn::new(&board, Color::White, &knowledge, &options, seed);
//!     let parts: Vec<usize> = parts_of_rank(rank, 4, turn.parts()).collect();
//!     Answer { choice: search_parts(&mut turn, &parts, None, None), cancel_us: 0.0, search_us: 0.0 }
//! }).collect();
//! let mut server = Turn::new(&board, Color::White, &knowledge, &options, seed);
//! let alone = FractalPlayer::new(options.clone()).choose(&board, &knowledge, Color::White);
//! assert_eq!(merge(None, &answers, &mut server), alone);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`wire`] (the messages as `i32`/`f64` arrays), [`share`]
//! (which rank reads which zone; the merge), and with the `mpi` feature
//! `fractal` (the server, pattern searcher and zone searchers over MPI)
//! and `mcts` (root-parallel MCTS).
//!
//! Features: `mpi` — the transport, on rsmpi (needs `libopenmpi-dev` and
//! `libclang-dev`), and the binaries `fractal_mpi` and `mcts_mpi`, GTP
//! engines to start under `mpirun`.

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

#[cfg(feature = "mpi")]
pub mod fractal;
#[cfg(feature = "mpi")]
pub mod mcts;
pub mod share;
pub mod wire;

pub use wire::{Answer, Op, Request, WireError};
