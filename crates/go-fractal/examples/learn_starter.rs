//! Builds Fractal Go's starter knowledge from game records: the local
//! shapes of opening moves that recur.
//!
//! For each of the first `--moves` moves of every game, the stones within
//! `--radius` of the move (a square window) make a small position on an
//! empty board of the game's size; the move played there is a lesson
//! (Fractal Go §6.2), if the window holds at least three stones. The
//! pattern is the whole window, empty points included
//! (`Knowledge::teach_square`): the stones' bounding square alone (the
//! report's way for positions a teacher sets up) would match a shape
//! anywhere, whatever lies around it. A lesson
//! enters the knowledge when the same shape and move (up to symmetry and
//! colours) was met at least three times: once is a game's idea, three
//! times a habit.
//!
//! ```text
//! cargo run --release -p go-fractal --example learn_starter -- \
//!     ../shared/peer-suites/gnugo/regression/games \
//!     ../shared/peer-suites/fuego/regression/sgf/games \
//!     --out crates/go-fractal/data/starter.txt
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use go_board::sgf::{GameRecord, sgf_files};
use go_board::{Board, Color, Move};
use go_fractal::Knowledge;
use go_patterns::PatternBase;
use go_patterns::database::{EmptyCells, Learned};

/// Learns the starter knowledge from SGF files.
#[derive(Parser)]
struct Options {
    /// Folders (searched recursively) or SGF files.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Where the knowledge file goes.
    #[arg(long, default_value = "starter.txt")]
    out: PathBuf,
    /// Opening moves per game to learn from.
    #[arg(long, default_value_t = 20)]
    moves: usize,
    /// Half the side of the window around each move.
    #[arg(long, default_value_t = 2)]
    radius: usize,
}

fn main() -> ExitCode {
    let options = Options::parse();
    let files: Vec<PathBuf> = options.inputs.iter().flat_map(sgf_files).collect();
    // Shapes met once, and twice.
    let mut seen = PatternBase::with_empty_cells(EmptyCells::Exact);
    let mut again = PatternBase::with_empty_cells(EmptyCells::Exact);
    let mut knowledge = Knowledge::default();
    let (mut games, mut lessons, mut taught) = (0, 0, 0);
    for file in &files {
        let Ok(record) = GameRecord::read_file(file) else {
            continue;
        };
        let Ok(mut board) = Board::new(record.geometry().width()) else {
            continue;
        };
        // Whole games only: no handicap, no setup stones (problem positions).
        if !record.is_from_empty_board()
            || !record.geometry().is_square()
            || record.info.handicap.unwrap_or(0) > 0
        {
            continue;
        }
        games += 1;
        for (color, mv) in record.moves().take(options.moves) {
            let Move::Play(p) = mv else {
                break;
            };
            if let Some(local) = window(&board, p, options.radius) {
                if local.is_legal(color, p) {
                    lessons += 1;
                    let (corner, side) = square(&board, p, options.radius);
                    let learn = |base: &mut PatternBase| {
                        base.learn_square(&local, color, p, corner, side)
                            == Ok(Learned::AlreadyKnown)
                    };
                    if learn(&mut seen)
                        && learn(&mut again)
                        && matches!(
                            knowledge.teach_square(&local, color, p, corner, side),
                            Ok(Learned::New { .. })
                        )
                    {
                        taught += 1;
                    }
                }
            }
            if board.play(color, p).is_err() {
                break;
            }
        }
    }
    if let Err(e) = knowledge.save(&options.out) {
        eprintln!("learn_starter: {e}");
        return ExitCode::FAILURE;
    }
    println!(
        "{games} games, {lessons} lessons, {taught} shapes met three times or more -> {} ({} keys)",
        options.out.display(),
        knowledge.patterns().len()
    );
    ExitCode::SUCCESS
}

/// The window around `p`: its top-left corner and side, cut where it
/// crosses the left or top edge (a pattern's corner is a board point).
fn square(board: &Board, p: go_board::Point, radius: usize) -> (go_board::Point, usize) {
    let col = p.col().saturating_sub(radius);
    let row = (p.row() + radius).min(board.size() - 1);
    (go_board::Point::new(col, row), 2 * radius + 1)
}

/// The stones within `radius` of `p` on an empty board of the same size,
/// if there are at least three.
fn window(board: &Board, p: go_board::Point, radius: usize) -> Option<Board> {
    let stones: Vec<_> = board
        .geometry()
        .points()
        .iter()
        .filter(|&&q| {
            board.color_at(q).is_some()
                && q.col().abs_diff(p.col()) <= radius
                && q.row().abs_diff(p.row()) <= radius
        })
        .map(|&q| (q, board.color_at(q)))
        .collect::<Vec<(go_board::Point, Option<Color>)>>();
    if stones.len() < 3 {
        return None;
    }
    let mut local = Board::new(board.size()).ok()?;
    local.setup(stones).ok()?;
    Some(local)
}
