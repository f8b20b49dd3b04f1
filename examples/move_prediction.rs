//! Move prediction on held-out games: the learned move models of
//! go-patterns (the shipped one with diamonds and ladders, and the 3×3
//! one go-mcts's priors use) against the hand-written knowledge of go-mcts
//! (its 3×3 shape patterns alone, and its whole prior) and a uniform guess.
//!
//! ```text
//! cargo run --release --example move_prediction -- [DIR…]
//! ```
//!
//! The games and the split are those of go-patterns's `train_move_model`
//! example (`go_patterns::mm::split_games`: the peer suites' GNU Go and
//! Fuego whole games of 20 moves or more that no regression suite loads;
//! in path order, odd games held out), so the shipped model never saw
//! these games. Every legal point of each position is a
//! candidate (the pass aside); ties count as a random order.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use go_analysis::board::Move;
use go_analysis::board::sgf::GameRecord;
use go_analysis::mcts::go::{GoExpander, GoState, matches_pattern};
use go_analysis::mcts::{Candidate, Expander};
use go_analysis::patterns::MoveModel;
use go_analysis::patterns::learn::Accuracy;
use go_analysis::patterns::mm::{evaluate_model, evaluate_scores, model_games};

/// How often the learned move models, go-mcts's hand-written priors and a
/// uniform guess name the move played, on held-out games.
#[derive(Debug, Parser)]
#[command(version)]
struct Args {
    /// Folders of SGF games (default: the peer suites' GNU Go and Fuego
    /// games, under $GO_ANALYSIS_PEER_SUITES or ../shared/peer-suites)
    #[arg(value_name = "DIR")]
    dirs: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let mut dirs = Args::parse().dirs;
    let suites = std::env::var_os("GO_ANALYSIS_PEER_SUITES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/peer-suites"));
    if dirs.is_empty() {
        dirs = vec![
            suites.join("gnugo/regression/games"),
            suites.join("fuego/regression/sgf/games"),
        ];
    }
    let suite_dirs = [
        suites.join("gnugo/regression"),
        suites.join("fuego/regression"),
    ];
    let held_out = match model_games(&dirs, &suite_dirs) {
        Ok((_, held_out)) => held_out,
        Err(e) => {
            eprintln!("cannot read {e}");
            return ExitCode::FAILURE;
        }
    };
    let sizes: [(&str, Option<usize>); 3] =
        [("all sizes", None), ("9x9", Some(9)), ("19x19", Some(19))];
    for (label, size) in sizes {
        let games: Vec<_> = held_out
            .iter()
            .filter(|g| size.is_none_or(|s| g.geometry().width() == s))
            .cloned()
            .collect();
        println!("{label}: {} held-out games", games.len());
        report(&games);
    }
    ExitCode::SUCCESS
}

/// Prints the four predictors' accuracy on `held_out`.
fn report(held_out: &[GameRecord]) {
    let show = |name: &str, a: &Accuracy| println!("{name:<30} {a}");
    let uniform = evaluate_scores(held_out, |_, _, _, points, scores| {
        scores.extend(points.iter().map(|_| 0.0));
    });
    show("uniform", &uniform);
    let shapes = evaluate_scores(held_out, |board, _, _, points, scores| {
        scores.extend(
            points
                .iter()
                .map(|&p| f64::from(u8::from(matches_pattern(board.neighbourhood(p))))),
        );
    });
    show("hand-written 3x3 (go-mcts)", &shapes);
    let expander = GoExpander::default();
    let priors = evaluate_scores(held_out, |board, _, _, points, scores| {
        let state = GoState::from_playout_board(board.clone(), 7.5);
        let mut out: Vec<Candidate<Move>> = Vec::new();
        expander.expand(&state, &mut out);
        scores.extend(points.iter().map(|&p| {
            out.iter()
                .find(|c| c.mv == Move::Play(p))
                .map_or(-1.0, |c| f64::from(c.prior.value))
        }));
    });
    show("hand-written priors (go-mcts)", &priors);
    let small = evaluate_model(MoveModel::trained_3x3(), held_out);
    show("learned 3x3 model (priors)", &small);
    let learned = evaluate_model(MoveModel::trained(), held_out);
    show("learned model (go-patterns)", &learned);
}
