//! A complete GTP engine over standard input and output, with every command
//! the crates offer so far — for GoGui, Sabaki, tournament tools, the peer
//! regression suites (`cargo xtask regress`) and matches (`cargo xtask
//! match`).
//!
//! ```text
//! cargo run --release --example gtp_engine [-- --seed N]
//! ```
//!
//! Its player is go-mcts's Monte-Carlo player (UCT+RAVE with heavy
//! playouts, priors from go-patterns's learned move model — `--priors
//! hand` for go-mcts's hand-written ones; it beats GNU Go 3.8 at level 10 in about 70% of 9×9 games at
//! one second per move on two cores) or, with `--player random`, go-gtp's
//! uniformly random legal move that keeps its own eyes, or, with `--player
//! fractal`, Fractal Go's player (go-fractal: patterns first, then the best
//! zone's move; `--level 0|1`). Each analysis crate adds its commands here through
//! its `gtp` feature's `register` function as it lands (go-mcts:
//! `mcts_analyze`, `mcts_ownership`; go-life: the dragon, owl, connection,
//! race and `group_status` commands; go-position-analyzer: `analyze`, `uct_savetree`,
//! `uct_savetree_arff`, the `analyzer_influence`/`analyzer_ownership` maps
//! for GoGui, and `lz-analyze`/`kata-analyze`). `final_score` and
//! `final_status_list` (`alive`, `dead`, `seki`) come from
//! `go_analysis::final_status`: the groups' status where go-life settles it,
//! playout ownership for the rest; `final_score_range` bounds the score by
//! what the unsettled groups allow.
//!
//! Live analysis: `lz-analyze` and `kata-analyze` answer `=` at once and
//! then stream an `info …` line every interval until the next command
//! arrives, as Lizzie, Sabaki and other clients of Leela Zero and KataGo
//! expect. The engine reads its input on a second thread and the search
//! asks for it every 5 ms, so the stream stops and the next command is
//! answered within a few milliseconds whatever the interval
//! (`cargo run --release --example stream_stop_latency` measures it).
//!
//! Bounds: other commands run to the end before the next is read, each
//! within a documented limit — `mcts_analyze`/`mcts_ownership` at most
//! 1,000,000 playouts and 60 s, the analyzer's commands likewise; `komi`
//! within ±1000; `loadsgf` only regular files up to 16 MiB whose moves are
//! legal; `printsgf FILE` and `uct_savetree FILE` only over regular files.
//!
//! Options:
//! - `--seed N`: seed of the player (default: different every run).
//! - `--name NAME`: the name `name` answers (default `go-analysis`).
//! - `--player mcts|random|fractal`: the move generator (default `mcts`).
//! - `--level 0|1`, `--knowledge FILE`: Fractal Go's level (default 1) and
//!   knowledge file (default: the starter knowledge shipped with
//!   go-fractal); its teaching commands (`fractal_learn_pattern`,
//!   `fractal_learn_weights`, `fractal_save`, …) work with every player and
//!   change what `--player fractal` plays. `--seconds` bounds its time per
//!   move too.
//! - `--threads N`, `--seconds S`, `--playouts N`: the Monte-Carlo player's
//!   search threads (default: every core), most time per move (default 1,
//!   none when only `--playouts` is given) and playouts per move (default:
//!   by time only). `--threads 1 --playouts N --seed S` plays the same
//!   moves on every run.
//! - `--td-cutoff N`, `--td-mix W`: stop each playout after N moves and
//!   score it by go-patterns's TD(λ) evaluation, and/or mix each playout's
//!   result with the evaluation of its first position at weight W
//!   (default 0.25, go-mcts's `DEFAULT_EVALUATION_MIX`; 0 for playouts
//!   alone); `--td-weights FILE`: other weights than the shipped ones
//!   (`cargo xtask td-train --out FILE`).

use clap::{Parser, ValueEnum};
use std::io;
use std::process::ExitCode;

use std::time::Duration;

use go_analysis::analyzer::AnalyzerOptions;
use go_analysis::analyzer::gtp::{live_analysis_until, serve_with_live};
use go_analysis::board::Pcg32;
use go_analysis::fractal::gtp::FractalGenerator;
use go_analysis::fractal::{Knowledge, Level, PlayerOptions as FractalOptions};
use go_analysis::gtp::movegen::RandomMoves;
use go_analysis::gtp::{Engine, GoEngine, Registry, commands};
use go_analysis::mcts::go::{LeafEvaluation, LearnedPriors, PlayerOptions};
use go_analysis::mcts::gtp::MctsPlayer;
use go_analysis::patterns::{MoveModel, TdEvaluator};
use std::sync::{Arc, Mutex};

/// A complete GTP engine over standard input and output, with every
/// command the crates offer.
#[derive(Parser)]
#[command(version)]
struct Options {
    /// Seed of the player [default: different every run]
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// The name `name` answers
    #[arg(long, value_name = "NAME", default_value = "go-analysis")]
    name: String,
    /// The move generator
    #[arg(long, value_enum, default_value = "mcts")]
    player: PlayerKind,
    /// The Monte-Carlo player's search threads [default: every core]
    #[arg(long, value_name = "N", value_parser = positive_usize)]
    threads: Option<usize>,
    /// Most time per move in seconds [default: 1, none when only
    /// --playouts is given]
    #[arg(long, value_name = "S", value_parser = positive_seconds)]
    seconds: Option<f64>,
    /// Fractal Go's level (with --player fractal): 0 = one random move per
    /// zone, 1 = proof-number search per zone
    #[arg(long, value_name = "L", default_value = "1", value_parser = ["0", "1"])]
    level: String,
    /// Fractal Go's knowledge file [default: the starter knowledge]
    #[arg(long, value_name = "FILE")]
    knowledge: Option<std::path::PathBuf>,
    /// Playouts per move [default: by time only]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    playouts: Option<u64>,
    /// The Monte-Carlo player's priors for new nodes: the move model
    /// learned from games, or the hand-written knowledge (for ablation)
    #[arg(long, value_enum, default_value = "learned")]
    priors: PriorKind,
    /// Equivalent visits of a learned prior
    #[arg(long, value_name = "N", default_value_t = 20)]
    prior_visits: u16,
    /// Learned prior values are (γ / γ_best)^E
    #[arg(long, value_name = "E", default_value_t = 0.25)]
    prior_exponent: f32,
    /// A move model file for the learned priors (`train_move_model
    /// --out FILE`) [default: the model shipped with go-patterns]
    #[arg(long, value_name = "FILE")]
    move_model: Option<std::path::PathBuf>,
    /// Stop each playout after N moves and score it by go-patterns's TD(λ)
    /// evaluation [default: playouts to the end]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    td_cutoff: Option<u64>,
    /// Mix each playout's result with the TD(λ) evaluation of the
    /// position it starts from, at this weight (0 to 1; 0: playouts alone)
    #[arg(long, value_name = "W", value_parser = mix_weight,
          default_value_t = go_mcts::go::DEFAULT_EVALUATION_MIX)]
    td_mix: f32,
    /// TD(λ) weights for --td-cutoff and --td-mix (`cargo xtask td-train
    /// --out FILE`) [default: the weights shipped with go-patterns]
    #[arg(long, value_name = "FILE")]
    td_weights: Option<std::path::PathBuf>,
}

/// Reads and parses the file at `path`, if any; reports on standard error
/// why it cannot.
fn load<T: std::str::FromStr>(path: Option<&std::path::Path>) -> Result<Option<Arc<T>>, ()>
where
    T::Err: std::fmt::Display,
{
    let Some(path) = path else {
        return Ok(None);
    };
    std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|text| text.parse::<T>().map_err(|e| e.to_string()))
        .map(|value| Some(Arc::new(value)))
        .map_err(|e| eprintln!("gtp_engine: {}: {e}", path.display()))
}

/// `--td-mix`: a weight from 0 to 1.
fn mix_weight(value: &str) -> Result<f32, String> {
    match value.parse::<f32>() {
        Ok(w) if (0.0..=1.0).contains(&w) => Ok(w),
        _ => Err(format!("needs a weight from 0 to 1, got {value:?}")),
    }
}

/// `--priors`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PriorKind {
    /// go-patterns's learned move model (Coulom 2007).
    Learned,
    /// go-mcts's hand-written priors.
    Hand,
}

/// `--player`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PlayerKind {
    /// go-mcts's Monte-Carlo player (UCT+RAVE, heavy playouts).
    Mcts,
    /// Uniformly random legal moves that keep the player's own eyes.
    Random,
    /// Fractal Go's player (go-fractal): patterns first, then zones.
    Fractal,
}

fn positive_usize(value: &str) -> Result<usize, String> {
    value
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("needs a positive number, got {value:?}"))
}

fn positive_seconds(value: &str) -> Result<f64, String> {
    value
        .parse()
        .ok()
        .filter(|&s: &f64| s.is_finite() && s > 0.0)
        .ok_or_else(|| format!("needs a positive number, got {value:?}"))
}

/// Every command of every crate that offers GTP commands.
fn registry(name: &str, knowledge: Arc<Mutex<Knowledge>>) -> Registry<GoEngine> {
    let mut registry = Registry::new(name, env!("CARGO_PKG_VERSION"));
    commands::register_standard(&mut registry);
    go_analysis::search::tactics::gtp::register(&mut registry);
    go_analysis::search::tactics::gtp::register_trymove(&mut registry);
    go_analysis::mcts::gtp::register(&mut registry);
    go_analysis::eye::gtp::register(&mut registry);
    go_analysis::semeai::gtp::register(&mut registry);
    go_analysis::life::gtp::register(&mut registry);
    go_analysis::analyzer::gtp::register(&mut registry);
    go_analysis::fractal::gtp::register(&mut registry, knowledge);
    // Last: replaces go-mcts's final_status_list and final_score.
    go_analysis::final_status::register(&mut registry);
    registry
}

/// Answers commands from standard input until `quit` or its end,
/// streaming live analysis on `threads` threads until the next line arrives.
fn serve(engine: &mut Engine<GoEngine>, threads: usize) -> io::Result<()> {
    serve_with_live(engine, |board, request, emit, next| {
        let mut options = AnalyzerOptions::default();
        options.search.threads = threads;
        live_analysis_until(board, request, &options, emit, next);
    })
}

fn main() -> ExitCode {
    let options = Options::parse();
    let knowledge = match &options.knowledge {
        Some(path) => match Knowledge::load(path) {
            Ok(k) => k,
            Err(e) => {
                eprintln!("gtp_engine: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
        None => Knowledge::starter(),
    };
    let knowledge = Arc::new(Mutex::new(knowledge));
    let Ok(move_model) = load::<MoveModel>(options.move_model.as_deref()) else {
        return ExitCode::FAILURE;
    };
    let Ok(td_weights) = load::<TdEvaluator>(options.td_weights.as_deref()) else {
        return ExitCode::FAILURE;
    };
    let state = if options.player == PlayerKind::Fractal {
        let level = if options.level == "0" {
            Level::Zero
        } else {
            Level::One
        };
        let mut player = FractalOptions::default()
            .with_level(level)
            .with_time_per_move(Duration::from_secs_f64(options.seconds.unwrap_or(1.0)));
        if let Some(seed) = options.seed {
            player = player.with_seed(seed);
        } else {
            player = player.with_seed(Pcg32::from_entropy().next_u64());
        }
        GoEngine::with_generator(FractalGenerator::new(player, knowledge.clone()))
    } else if options.player == PlayerKind::Mcts {
        let mut player = PlayerOptions::default();
        player.search.threads = options
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
        player.search.seed = options
            .seed
            .unwrap_or_else(|| Pcg32::from_entropy().next_u64());
        // A playout budget alone is reproducible: no time limit then
        // unless one is asked for too.
        player.max_time_per_move = match (options.seconds, options.playouts) {
            (Some(s), _) => Some(Duration::from_secs_f64(s)),
            (None, Some(_)) => None,
            (None, None) => Some(Duration::from_secs(1)),
        };
        player.playouts_per_move = options.playouts;
        player.evaluation = match (options.td_cutoff, options.td_mix) {
            (None, 0.0) => None,
            (cutoff, mix) => {
                let mut e = LeafEvaluation::mix(mix);
                e.cutoff = cutoff.map(|n| n as usize);
                Some(match &td_weights {
                    Some(w) => e.with_eval(w.clone()),
                    None => e,
                })
            }
        };
        player.learned = (options.priors == PriorKind::Learned).then(|| {
            let priors = LearnedPriors::default()
                .with_visits(options.prior_visits)
                .with_exponent(options.prior_exponent);
            match &move_model {
                Some(model) => priors.with_model(model.clone()),
                None => priors,
            }
        });
        GoEngine::with_generator(MctsPlayer::new(player))
    } else {
        let player = match options.seed {
            Some(seed) => RandomMoves::with_seed(seed),
            None => RandomMoves::from_entropy(),
        };
        GoEngine::with_generator(player)
    };
    let mut engine = Engine::new(registry(&options.name, knowledge), state);
    let threads = options.threads.unwrap_or(1);
    match serve(&mut engine, threads) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed output pipe means the controller is gone: not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gtp_engine: {e}");
            ExitCode::FAILURE
        }
    }
}
