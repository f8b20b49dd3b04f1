//! Root-parallel Monte-Carlo search on MPI: a GTP engine whose rank 0
//! reads GTP on standard input; every rank searches its own tree and the
//! root statistics are summed every interval (go-mpi's `mcts` module).
//!
//! ```text
//! mpirun -np 2 mcts_mpi [--threads 1] [--seconds S] [--playouts N] [--seed N] [--interval-ms 50]
//! mpirun -np 2 mcts_mpi --bench 2
//! mpirun -np 1 mcts_mpi --check
//! ```
//!
//! `lz-analyze` and `kata-analyze` stream lines from the root statistics
//! of every rank's analysis added up (go-mpi's `live` module), in the
//! single-process `gtp_engine`'s format: with one rank its very lines.
//!
//! `--bench S` searches three 9×9 positions for S seconds each and prints
//! the playouts per second of all ranks and the reductions per second.
//! `--check` compares, with one rank, each move with the plain go-mcts
//! player's (same seed, a playout budget, one thread), and with more
//! ranks checks that the moves are legal.

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use go_board::Move;
use go_mcts::go::{Decision, GoPlayer, PlayerOptions};
use go_mpi::mcts::{MpiMctsGenerator, RootParallel, RootStats, quit, run_searcher};
use go_mpi::serve_gtp_live;
use go_mpi::share::random_position;
use go_position_analyzer::AnalyzerOptions;
use mpi::Threading;
use mpi::topology::SimpleCommunicator;
use mpi::traits::Communicator;

#[derive(Parser, Debug)]
#[command(about = "Root-parallel MCTS on MPI (GTP on rank 0's standard input)")]
struct Args {
    /// Search threads per rank.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Most time per move in seconds (default 1, none when only
    /// --playouts is given).
    #[arg(long)]
    seconds: Option<f64>,
    /// Playouts per move and rank.
    #[arg(long)]
    playouts: Option<u64>,
    /// Seed (rank r searches with a seed of its own made from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Milliseconds between reductions of the root statistics.
    #[arg(long, default_value_t = 50)]
    interval_ms: u64,
    /// Measure playouts per second for this many seconds a position.
    #[arg(long)]
    bench: Option<f64>,
    /// Compare with the plain player (one rank) or check legality.
    #[arg(long)]
    check: bool,
}

fn options(args: &Args) -> PlayerOptions {
    let mut o = PlayerOptions::default();
    o.search.threads = args.threads.max(1);
    o.search.seed = args.seed;
    o.max_time_per_move = match (args.seconds, args.playouts) {
        (Some(s), _) => Some(Duration::from_secs_f64(s)),
        (None, Some(_)) => None,
        (None, None) => Some(Duration::from_secs(1)),
    };
    o.playouts_per_move = args.playouts;
    o
}

fn main() -> ExitCode {
    let mut args = Args::parse();
    let Some((universe, _)) = mpi::initialize_with_threading(Threading::Funneled) else {
        eprintln!("mcts_mpi: MPI could not be initialised");
        return ExitCode::FAILURE;
    };
    let world = universe.world();
    if let Some(s) = args.bench {
        args.seconds = Some(s);
        args.playouts = None;
    }
    if args.check {
        args.playouts = Some(args.playouts.unwrap_or(400));
        args.seconds = None;
        args.threads = 1;
    }
    let options = options(&args);
    let interval = Duration::from_millis(args.interval_ms.max(1));
    // Live analysis as the single-process engine's: the analyzer's
    // defaults (seed 1, made each rank's own) and --threads.
    let mut analysis = AnalyzerOptions::default();
    analysis.search.threads = args.threads.max(1);
    if world.rank() != 0 {
        run_searcher(&world, options, interval, &analysis);
        return ExitCode::SUCCESS;
    }
    let player = RootParallel::new(options.clone(), interval);
    if args.bench.is_some() || args.check {
        let ok = measure(&world, player, options, args.check);
        quit(&world);
        return if ok {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    serve_gtp_live(
        "mcts_mpi",
        MpiMctsGenerator::new(player),
        |board, request, emit, interrupted| {
            go_mpi::live::live_analysis(&world, board, request, &analysis, emit, interrupted);
        },
        || quit(&world),
    )
}

fn measure(
    world: &SimpleCommunicator,
    mut player: RootParallel,
    options: PlayerOptions,
    check: bool,
) -> bool {
    let size = world.size();
    let mut plain = GoPlayer::new(options);
    let mut ok = true;
    let (mut playouts, mut seconds, mut reductions) = (0.0, 0.0, 0u32);
    for (seed, n) in [(1, 0), (2, 20), (3, 40)] {
        let board = random_position(seed, n);
        let color = board.to_play();
        let d = player.genmove(world, &board, color, 7.0);
        let m = player.last().expect("a move was made").clone();
        playouts += m.playouts;
        seconds += m.elapsed.as_secs_f64();
        reductions += m.reductions;
        let mut line = format!(
            "{size} ranks, {n:>2} moves: {d:?} ({:.0} merged visits, win rate {:.3}), \
             {:.0} playouts in {:.2} s = {:.0}/s, {} reductions",
            m.visits,
            m.value,
            m.playouts,
            m.elapsed.as_secs_f64(),
            m.playouts / m.elapsed.as_secs_f64(),
            m.reductions
        );
        if check {
            let legal = match d {
                Decision::Move(Move::Play(p)) => board.is_legal(color, p),
                _ => true,
            };
            ok &= legal;
            if size == 1 {
                let alone = plain.genmove(&board, color, 7.0);
                ok &= alone == d;
                line += &format!(
                    " — plain player {alone:?}: {}",
                    if alone == d { "equal" } else { "DIFFERENT" }
                );
            }
        }
        println!("{line}");
    }
    let bytes = RootStats::new(9).len() * 8;
    println!(
        "{size} ranks: {:.0} playouts/s, {:.1} reductions/s of {bytes} bytes",
        playouts / seconds,
        f64::from(reductions) / seconds
    );
    ok
}
