//! Learns 3×3 move patterns (with atari flags) from a folder of SGF games
//! and reports how well they predict the moves of held-out games.
//!
//! ```text
//! cargo run --release -p go-patterns --example learn_patterns -- [DIR] [--min-moves N] [--no-atari]
//! ```
//!
//! DIR defaults to GNU Go's regression games in the peer suites
//! (`$GO_ANALYSIS_PEER_SUITES/gnugo/regression/games`, else
//! `../shared/peer-suites/…` beside the workspace). Every fifth game (in
//! path order) is held out. The last line is `top1_accuracy: <percent>`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use go_patterns::learn::{GameCollection, Neighbourhood3x3, evaluate, learn};

/// Learns 3×3 move patterns from a folder of SGF games and reports how
/// well they predict the moves of held-out games (every fifth).
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// Folder of SGF games [default: GNU Go's regression games in the peer
    /// suites]
    #[arg(value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Only games of at least N moves
    #[arg(long, value_name = "N", default_value_t = 60)]
    min_moves: usize,
    /// Patterns without the atari flags
    #[arg(long)]
    no_atari: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (dir, min_moves, atari) = (cli.dir, cli.min_moves, !cli.no_atari);
    let dir = dir.unwrap_or_else(|| {
        let suites = std::env::var_os("GO_ANALYSIS_PEER_SUITES")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/peer-suites")
            });
        suites.join("gnugo/regression/games")
    });
    let start = Instant::now();
    let collection = match GameCollection::read_dir(&dir) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("cannot read {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    let read = collection.games.len();
    let games: Vec<_> = collection
        .games
        .into_iter()
        .map(|(_, g)| g)
        .filter(|g| g.num_moves() >= min_moves)
        .collect();
    println!(
        "{}: {read} games read ({} unreadable), {} with at least {min_moves} moves",
        dir.display(),
        collection.skipped.len(),
        games.len()
    );
    let (test, train): (Vec<_>, Vec<_>) =
        games.into_iter().enumerate().partition(|(i, _)| i % 5 == 0);
    let train: Vec<_> = train.into_iter().map(|(_, g)| g).collect();
    let test: Vec<_> = test.into_iter().map(|(_, g)| g).collect();
    let feature = Neighbourhood3x3 { atari };
    let learn_start = Instant::now();
    let stats = learn(&feature, &train);
    let learn_time = learn_start.elapsed();
    println!(
        "learned from {} games, {} moves ({} games stopped early) in {:.2?}: {} distinct patterns, base rate {:.4}",
        stats.num_games(),
        stats.num_moves(),
        stats.num_stopped(),
        learn_time,
        stats.num_patterns(),
        stats.base_rate()
    );
    println!("top patterns (Black to play; X own, O opponent, # edge; seen at least 500 times):");
    for (code, counts, p) in stats.top(15, 500) {
        println!(
            "  {code:?}  played {:>6} of {:>7}  p = {p:.3}",
            counts.played, counts.seen
        );
    }
    let accuracy = evaluate(&feature, &stats, &test);
    println!("held out {} games: {accuracy}", test.len());
    println!("elapsed {:.2?}", start.elapsed());
    println!("top1_accuracy: {:.2}", 100.0 * accuracy.top(1));
    ExitCode::SUCCESS
}
