//! Fractal Go on MPI: a GTP engine whose rank 0 reads GTP on standard
//! input, rank 1 looks up patterns and ranks 2.. read the zones
//! (go-mpi's `fractal` module).
//!
//! ```text
//! mpirun -np 4 fractal_mpi [--level 0|1] [--seconds S] [--seed N] [--knowledge FILE]
//! mpirun -np 3 fractal_mpi --check
//! ```
//!
//! `--check` plays no game: rank 0 chooses a move on a set of random 9×9
//! positions at levels 0 and 1 with every rank, compares each with the
//! single-process `FractalPlayer`'s (same seeds), then measures the
//! cancellation of deep zone searches by a found pattern; it prints one
//! line per check and exits with failure on a difference.

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use go_board::{Color, Position};
use go_fractal::search::ZoneSearchOptions;
use go_fractal::{FractalPlayer, Knowledge, Level, PlayerOptions, Source};
use go_mpi::fractal::{MpiFractalGenerator, Server, quit, run_searcher};
use go_mpi::serve_gtp;
use go_mpi::share::random_position;
use mpi::Threading;
use mpi::topology::SimpleCommunicator;
use mpi::traits::Communicator;

#[derive(Parser, Debug)]
#[command(about = "Fractal Go's distributed player on MPI (GTP on rank 0's standard input)")]
struct Args {
    /// Fractal Go's level: 0 or 1.
    #[arg(long, default_value = "1")]
    level: Level,
    /// Time per move in seconds (level 1), none by default.
    #[arg(long)]
    seconds: Option<f64>,
    /// Seed of the player's random choices.
    #[arg(long, default_value_t = 0x5EED)]
    seed: u64,
    /// Knowledge file (default: go-fractal's starter knowledge).
    #[arg(long)]
    knowledge: Option<std::path::PathBuf>,
    /// Check the distributed answers against the single-process player
    /// and measure cancellation, instead of playing.
    #[arg(long)]
    check: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let Some((universe, _)) = mpi::initialize_with_threading(Threading::Funneled) else {
        eprintln!("fractal_mpi: MPI could not be initialised");
        return ExitCode::FAILURE;
    };
    let world = universe.world();
    if args.check {
        return check(&world);
    }
    let knowledge = match &args.knowledge {
        Some(path) => match Knowledge::load(path) {
            Ok(k) => k,
            Err(e) => {
                eprintln!("fractal_mpi: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => Knowledge::starter(),
    };
    let mut options = PlayerOptions::default()
        .with_level(args.level)
        .with_seed(args.seed);
    if let Some(s) = args.seconds {
        options = options.with_time_per_move(Duration::from_secs_f64(s));
    }
    if world.rank() != 0 {
        run_searcher(&world, &options, &knowledge);
        return ExitCode::SUCCESS;
    }
    let generator = MpiFractalGenerator::new(Server::new(options, knowledge));
    serve_gtp("fractal_mpi", generator, || quit(&world))
}

/// One phase of the check: the same options and knowledge on every rank.
struct Phase {
    name: &'static str,
    options: PlayerOptions,
    knowledge: Knowledge,
    /// (seed, moves) of the random positions.
    positions: Vec<(u64, usize)>,
    verdict_delay: Duration,
}

fn phases() -> Vec<Phase> {
    let positions: Vec<(u64, usize)> = [6, 11, 18, 23, 30, 37, 42, 51]
        .into_iter()
        .enumerate()
        .map(|(i, n)| (i as u64 + 1, n))
        .collect();
    // A pattern taught on the position of the cancellation phase, so that
    // the pattern searcher finds it while the zones are read deeply.
    let taught = random_position(99, 20);
    let color = taught.to_play();
    let point = taught
        .legal_moves(color)
        .iter()
        .find(|&p| !taught.is_true_eye(color, p))
        .expect("a legal move");
    let mut knowledge = Knowledge::default();
    knowledge
        .teach_pattern(&taught, color, point)
        .expect("the move is legal");
    let deep = ZoneSearchOptions::default()
        .with_depth(40)
        .with_nodes(50_000_000);
    vec![
        Phase {
            name: "level 0",
            options: PlayerOptions::default().with_level(Level::Zero),
            knowledge: Knowledge::starter(),
            positions: positions.clone(),
            verdict_delay: Duration::ZERO,
        },
        Phase {
            name: "level 1",
            options: PlayerOptions::default().with_level(Level::One),
            knowledge: Knowledge::starter(),
            positions,
            verdict_delay: Duration::ZERO,
        },
        Phase {
            name: "cancel",
            options: PlayerOptions::default().with_search(deep),
            knowledge,
            positions: vec![(99, 20); 5],
            verdict_delay: Duration::from_millis(200),
        },
    ]
}

fn check(world: &SimpleCommunicator) -> ExitCode {
    let mut failures = 0;
    let mut checked = 0;
    for phase in phases() {
        if world.rank() != 0 {
            run_searcher(world, &phase.options, &phase.knowledge);
            continue;
        }
        let mut server = Server::new(phase.options.clone(), phase.knowledge.clone())
            .with_verdict_delay(phase.verdict_delay);
        let mut alone = FractalPlayer::new(phase.options.clone());
        for &(seed, n) in &phase.positions {
            let board = random_position(seed, n);
            let color = board.to_play();
            let served = server.choose(world, &board, color, 6.5);
            let reference = alone.choose(&board, &phase.knowledge, color);
            checked += 1;
            let same = served.choice == reference;
            if !same {
                failures += 1;
            }
            let color_name = if color == Color::Black { "B" } else { "W" };
            let mut line = format!(
                "{} {:>2} moves {color_name}: {} {:?} value {:.3} in {:.1} ms — {}",
                phase.name,
                n,
                served.choice.mv,
                served.choice.source,
                served.choice.value,
                served.elapsed.as_secs_f64() * 1e3,
                if same { "equal" } else { "DIFFERENT" },
            );
            if !same {
                line += &format!(" (single process: {reference:?})");
            }
            if let Some(cancel) = served.cancel {
                let worst = served
                    .answers
                    .iter()
                    .map(|a| a.cancel_us)
                    .fold(0.0f64, f64::max);
                let searched = served
                    .answers
                    .iter()
                    .map(|a| a.search_us)
                    .fold(0.0f64, f64::max);
                line += &format!(
                    "; cancel latency {:.2} ms (server: verdict sent to last answer), \
                     slowest zone rank {:.2} ms (verdict read to answer sent), \
                     longest zone search {:.1} ms",
                    cancel.as_secs_f64() * 1e3,
                    worst / 1e3,
                    searched / 1e3
                );
                if served.choice.source != Source::Pattern {
                    failures += 1;
                }
            }
            println!("{line}");
        }
        quit(world);
    }
    if world.rank() == 0 {
        println!(
            "{} ranks: {}/{checked} equal to the single-process player",
            world.size(),
            checked - failures
        );
    }
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
