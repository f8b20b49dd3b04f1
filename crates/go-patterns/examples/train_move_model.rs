//! Trains the move model (Coulom 2007, minorization–maximization) on half
//! of the peer suites' whole games and measures its move prediction on the
//! other half; writes the model file that ships with the crate.
//!
//! ```text
//! cargo run --release -p go-patterns --example train_move_model -- \
//!     [DIR…] [--out crates/go-patterns/data/move_model.txt] [--iterations 30] \
//!     [--min-shape-seen 10] [--min-spatial-played 3] [--extra SGF_DIR…]
//! ```
//!
//! The folders default to GNU Go's and Fuego's regression games in the
//! peer suites (`$GO_ANALYSIS_PEER_SUITES`, else `../shared/peer-suites`
//! beside the workspace). Whole games only (no setup stones, no handicap,
//! at least 20 moves), and none that a regression suite (`*.tst` under
//! those suites, `--suites`) loads: the suites measure the player, so their
//! positions stay unseen. In path order, even games train and odd games
//! are held out. `--extra` folders (say, `cargo xtask selfplay`'s games)
//! add their whole games to the training set only, so the held-out games
//! stay the same.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use go_patterns::learn::GameCollection;
use go_patterns::mm::{TrainOptions, evaluate_model, is_whole_game, model_games, train};

/// Trains the move model and reports its held-out move prediction.
#[derive(Parser)]
struct Cli {
    /// Folders of SGF games [default: the peer suites' GNU Go and Fuego games]
    dirs: Vec<PathBuf>,
    /// Where the model goes
    #[arg(long, default_value = "crates/go-patterns/data/move_model.txt")]
    out: PathBuf,
    /// MM iterations
    #[arg(long, default_value_t = 30)]
    iterations: usize,
    /// Shapes seen fewer times among the candidates keep γ = 1
    #[arg(long, default_value_t = 10)]
    min_shape_seen: u64,
    /// Folders whose `*.tst` suites' `loadsgf` files are left out [default:
    /// the peer suites' GNU Go and Fuego regression folders]
    #[arg(long)]
    suites: Vec<PathBuf>,
    /// Large shapes (diamonds of radius 2–4) played fewer times keep no γ
    /// of their own; 0 learns none
    #[arg(long, default_value_t = 3)]
    min_spatial_played: u64,
    /// More folders of SGF games, for training only (e.g. `cargo xtask
    /// selfplay`'s output); searched recursively
    #[arg(long)]
    extra: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let suites = std::env::var_os("GO_ANALYSIS_PEER_SUITES")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/peer-suites")
        });
    let dirs = if cli.dirs.is_empty() {
        vec![
            suites.join("gnugo/regression/games"),
            suites.join("fuego/regression/sgf/games"),
        ]
    } else {
        cli.dirs
    };
    let suite_dirs = if cli.suites.is_empty() {
        vec![
            suites.join("gnugo/regression"),
            suites.join("fuego/regression"),
        ]
    } else {
        cli.suites
    };
    let (mut train_set, test_set) = match model_games(&dirs, &suite_dirs) {
        Ok(split) => split,
        Err(e) => {
            eprintln!("cannot read {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "whole games no suite loads: {} to train, {} held out",
        train_set.len(),
        test_set.len()
    );
    let suite_games = train_set.len();
    for dir in &cli.extra {
        match GameCollection::read_dir(dir) {
            Ok(mut collection) => {
                let before = train_set.len();
                collection.games.sort_by(|a, b| a.0.cmp(&b.0));
                train_set.extend(
                    collection
                        .games
                        .into_iter()
                        .map(|(_, g)| g)
                        .filter(|g| is_whole_game(g) && g.num_moves() >= 20),
                );
                println!(
                    "{}: {} more whole games to train on",
                    dir.display(),
                    train_set.len() - before
                );
            }
            Err(e) => {
                eprintln!("cannot read {}: {e}", dir.display());
                return ExitCode::FAILURE;
            }
        }
    }
    let start = Instant::now();
    let options = TrainOptions::default()
        .with_iterations(cli.iterations)
        .with_min_shape_seen(cli.min_shape_seen)
        .with_min_spatial_played(cli.min_spatial_played);
    let report = train(&train_set, &options);
    println!(
        "trained on {} positions ({} candidate moves) in {:.1?}: {} shapes, {} large shapes",
        report.positions,
        report.candidates,
        start.elapsed(),
        report.model.num_shapes(),
        report.model.num_spatial()
    );
    for (i, ll) in report.log_likelihood.iter().enumerate() {
        println!("  iteration {i:2}: mean log-likelihood {ll:.4}");
    }
    let train_acc = evaluate_model(&report.model, &train_set);
    let test_acc = evaluate_model(&report.model, &test_set);
    println!("training games: {train_acc}");
    println!("held-out games: {test_acc}");
    let text = format!(
        "# Trained by `cargo run --release -p go-patterns --example train_move_model`\n\
         # on {} whole games of the peer suites and {} more ({} positions); held out:\n\
         # {} games, top-1 {:.1}%, top-5 {:.1}%.\n{}",
        suite_games,
        train_set.len() - suite_games,
        report.positions,
        test_set.len(),
        100.0 * test_acc.top(1),
        100.0 * test_acc.top(5),
        report.model
    );
    if let Err(e) = std::fs::write(&cli.out, text) {
        eprintln!("cannot write {}: {e}", cli.out.display());
        return ExitCode::FAILURE;
    }
    println!("model written to {}", cli.out.display());
    ExitCode::SUCCESS
}
