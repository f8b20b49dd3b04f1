//! Does teaching the evaluation work? Fractal Go's weight lessons (§6.1)
//! on positions from one half of a set of game records — the move played
//! as the right move, its objective by the zone rule — and the agreement
//! of the evaluation's best move with the move played on the other half,
//! before and after (top-1 and top-5).
//!
//! ```text
//! cargo run --release -p go-fractal --example learn_weights -- \
//!     ../shared/peer-suites/gnugo/regression/games --games 60
//! ```

use std::path::PathBuf;

use clap::Parser;
use go_board::sgf::{GameRecord, sgf_files};
use go_board::zone::Zones;
use go_board::{Board, Move};
use go_fractal::learn::{Lesson, RefineOptions, objective_of_move};
use go_fractal::{Objective, Weights};
use go_patterns::territory::Morphology;

/// Teaches weights on half the games and measures agreement on the rest.
#[derive(Parser)]
struct Options {
    /// Folders (searched recursively) or SGF files.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Games to use (even-numbered ones teach, odd-numbered ones test).
    #[arg(long, default_value_t = 60)]
    games: usize,
    /// A position every this many moves.
    #[arg(long, default_value_t = 10)]
    every: usize,
    /// Passes over the teaching positions.
    #[arg(long, default_value_t = 1)]
    epochs: usize,
    /// Where the learned weights go (text form), if anywhere.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The lessons of one game: every `every`-th move after the first ten.
fn lessons(record: &GameRecord, every: usize) -> Vec<(Lesson, Objective)> {
    let mut out = Vec::new();
    let Ok(mut board) = Board::new(record.geometry().width()) else {
        return out;
    };
    for (n, (color, mv)) in record.moves().enumerate() {
        if let Move::Play(p) = mv {
            if n >= 10 && n % every == 0 {
                let zones = Zones::new(&board);
                let objective = objective_of_move(&board, &zones, color, p);
                if let Some(lesson) = Lesson::new(&board, color, p, &Morphology::BOUZY) {
                    out.push((lesson, objective));
                }
            }
        }
        if board.play_move(color, mv).is_err() {
            break;
        }
    }
    out
}

/// Top-1 and top-5 agreement.
fn agreement(set: &[(Lesson, Objective)], w: &Weights) -> (f64, f64) {
    let n = set.len().max(1) as f64;
    let top = |k: usize| set.iter().filter(|(l, o)| l.rank(w, *o) <= k).count() as f64 / n;
    (100.0 * top(1), 100.0 * top(5))
}

fn main() {
    let options = Options::parse();
    let files: Vec<PathBuf> = options.inputs.iter().flat_map(sgf_files).collect();
    let (mut teach, mut test) = (Vec::new(), Vec::new());
    let mut games = 0;
    for file in files {
        if games == options.games {
            break;
        }
        let Ok(record) = GameRecord::read_file(&file) else {
            continue;
        };
        if !record.is_from_empty_board() || record.num_moves() < 50 {
            continue;
        }
        let set = lessons(&record, options.every);
        if games % 2 == 0 {
            teach.extend(set);
        } else {
            test.extend(set);
        }
        games += 1;
    }
    let mut w = Weights::default();
    let before_test = agreement(&test, &w);
    let before_teach = agreement(&teach, &w);
    let refine = RefineOptions::default();
    for _ in 0..options.epochs {
        for (lesson, objective) in &teach {
            w = lesson.refine(&w, *objective, &refine);
        }
    }
    let after_test = agreement(&test, &w);
    let after_teach = agreement(&teach, &w);
    let moves: f64 =
        test.iter().map(|(l, _)| l.moves() as f64).sum::<f64>() / test.len().max(1) as f64;
    println!(
        "{games} games: {} teaching positions, {} test positions ({moves:.0} moves each on average, uniform top-1 {:.2}%)",
        teach.len(),
        test.len(),
        100.0 / moves.max(1.0)
    );
    println!("| set | top-1 before | top-1 after | top-5 before | top-5 after |");
    println!("|---|---|---|---|---|");
    println!(
        "| teaching | {:.1}% | {:.1}% | {:.1}% | {:.1}% |",
        before_teach.0, after_teach.0, before_teach.1, after_teach.1
    );
    println!(
        "| test | {:.1}% | {:.1}% | {:.1}% | {:.1}% |",
        before_test.0, after_test.0, before_test.1, after_test.1
    );
    println!("learned weights:\n{w}");
    if let Some(out) = options.out {
        if let Err(e) = std::fs::write(&out, w.to_string()) {
            eprintln!("learn_weights: {}: {e}", out.display());
        }
    }
}
