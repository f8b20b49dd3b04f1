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
//! `fractal` (the server, pattern searcher and zone searchers over MPI),
//! `mcts` (root-parallel MCTS), `live` (`lz-analyze`/`kata-analyze` from
//! the ranks' merged root statistics) and `batch` (a game collection's
//! dataset, its positions spread over the ranks).
//!
//! Features: `mpi` — the transport, on rsmpi (needs `libopenmpi-dev` and
//! `libclang-dev`), and the binaries `fractal_mpi` and `mcts_mpi`, GTP
//! engines to start under `mpirun`, and `dataset_mpi`, `cargo xtask
//! dataset` over the ranks.

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

#[cfg(feature = "mpi")]
pub mod batch;
#[cfg(feature = "mpi")]
pub mod fractal;
#[cfg(feature = "mpi")]
pub mod live;
#[cfg(feature = "mpi")]
pub mod mcts;
pub mod share;
pub mod wire;

pub use wire::{Answer, Op, Request, WireError};

/// Rank 0's GTP engine: go-gtp's standard commands with `generator` for
/// `genmove`, on standard input and output until `quit` or their end; then
/// `quit_ranks` tells the other ranks the game is over. A closed output
/// pipe (the controller gone) is a success; another I/O error is printed
/// under `name` and fails.
#[cfg(feature = "mpi")]
pub fn serve_gtp(
    name: &str,
    generator: impl go_gtp::MoveGenerator + 'static,
    quit_ranks: impl FnOnce(),
) -> std::process::ExitCode {
    use go_gtp::{Engine, GoEngine};
    let mut engine = Engine::new(
        GoEngine::registry(name, env!("CARGO_PKG_VERSION")),
        GoEngine::with_generator(generator),
    );
    let result = engine.run(std::io::stdin().lock(), std::io::stdout());
    quit_ranks();
    exit_code(name, result)
}

/// Rank 0's GTP engine with live analysis: as [`serve_gtp`], with the
/// position analyzer's commands (`analyze`, `uct_savetree`, … on rank 0
/// alone), and `lz-analyze`/`kata-analyze` answered `=` at once and
/// streamed by `live` — given the board, the request and a function
/// that says whether the next command has come — until the next command
/// arrives, as the single-process `gtp_engine` does (standard input is
/// read on a second thread; MPI stays on the main one).
#[cfg(feature = "mpi")]
pub fn serve_gtp_live(
    name: &str,
    generator: impl go_gtp::MoveGenerator + 'static,
    mut live: impl FnMut(
        &go_board::Board,
        &go_position_analyzer::gtp::LiveRequest,
        &mut dyn FnMut(&str) -> bool,
        &mut dyn FnMut() -> bool,
    ),
    quit_ranks: impl FnOnce(),
) -> std::process::ExitCode {
    use go_gtp::{Engine, GoEngine};
    let mut registry = GoEngine::registry(name, env!("CARGO_PKG_VERSION"));
    go_position_analyzer::gtp::register(&mut registry);
    let mut engine = Engine::new(registry, GoEngine::with_generator(generator));
    let result = go_position_analyzer::gtp::serve_with_live(&mut engine, &mut live);
    quit_ranks();
    exit_code(name, result)
}

/// A served engine's exit: a closed output pipe (the controller gone)
/// is a success; another I/O error is printed under `name` and fails.
#[cfg(feature = "mpi")]
fn exit_code(name: &str, served: std::io::Result<()>) -> std::process::ExitCode {
    match served {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Sends `request` from rank 0 to every other rank of `world` under `tag`
/// (the two MPI engines' protocols use their own tags).
#[cfg(feature = "mpi")]
pub(crate) fn send_to_other_ranks(
    world: &mpi::topology::SimpleCommunicator,
    request: &Request,
    tag: i32,
) {
    use mpi::traits::{Communicator, Destination};
    let data = request.encode();
    for rank in 1..world.size() {
        world.process_at_rank(rank).send_with_tag(&data[..], tag);
    }
}
