//! The main job: analyse a Go position.
//!
//! ```text
//! cargo run --release --example analyze [-- FILE.sgf [MOVE]]
//! ```
//!
//! With no file, an embedded position is analysed. The report grows as the
//! crates grow: today it prints the board, every block with its
//! liberties, the captures, the basic regions of each colour, a count
//! of the position as it stands, and each capturing race between adjacent
//! enclosed blocks with its result (go-semeai).

use go_analysis::board::regions::Regions;
use go_analysis::board::score::Score;
use go_analysis::board::sgf::{self, Until};
use go_analysis::board::{Board, Color, PointSet};
use std::process::ExitCode;

/// A middle-game 9×9 position with captures, atari and a ko.
const DEFAULT_POSITION: &str = "
    . . X O . . . . .
    . X . X O . O . .
    . X O O X O . . .
    X . X O X O . . .
    . X X O X X O . .
    . X O O O X O . .
    . X O . O X X O .
    . . X O . X O . .
    . . . . . . . . .";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match load(&args) {
        Ok(board) => {
            report(&board);
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            eprintln!("usage: analyze [FILE.sgf [MOVE|VERTEX]]");
            ExitCode::FAILURE
        }
    }
}

/// The position to analyse: `FILE [MOVE]` with GNU Go `loadsgf`
/// semantics (up to but not including move MOVE), or the embedded one.
fn load(args: &[String]) -> Result<Board, String> {
    match args {
        [] => Board::from_diagram(DEFAULT_POSITION).map_err(|e| format!("embedded position: {e}")),
        [file, rest @ ..] if rest.len() <= 1 => {
            let until: Until = match rest.first() {
                Some(n) => n.parse().map_err(|e| format!("`{n}`: {e}"))?,
                None => Until::End,
            };
            let loaded = sgf::load_file(file, until).map_err(|e| format!("{file}: {e}"))?;
            Ok(loaded.board)
        }
        _ => Err("too many arguments".into()),
    }
}

fn report(board: &Board) {
    println!("{board}");
    println!("{} to play", board.to_play());
    println!(
        "captures: black {}, white {}",
        board.captures(Color::Black),
        board.captures(Color::White)
    );
    println!("\nblocks:");
    for block in board.blocks() {
        let libs: Vec<String> = block.liberties().iter().map(|p| p.to_string()).collect();
        println!(
            "  {:<5} {:>2} stone(s) at {:<4} {} liberties: {}{}",
            block.color().to_string(),
            block.num_stones(),
            block.anchor().to_string(),
            block.num_liberties(),
            libs.join(" "),
            if block.in_atari() { "  (atari)" } else { "" }
        );
    }
    report_regions(board);
    report_score(board);
    report_semeais(board);
}

/// Each race between adjacent enclosed blocks, solved with each side to
/// move first.
fn report_semeais(board: &Board) {
    let races = go_analysis::semeai::find_races(board);
    println!("\ncapturing races (semeai): {}", races.len());
    for (black, white) in races {
        let text = |a, b| match go_analysis::semeai::solve(board, a, b) {
            Ok(r) => format!(
                "{} if it plays ({}), {} if it passes",
                r.status_if_play, r.decision, r.status_if_pass
            ),
            Err(e) => format!("error: {e}"),
        };
        println!(
            "  black {} ({} libs) vs white {} ({} libs)",
            black,
            board.num_liberties(black),
            white,
            board.num_liberties(white)
        );
        println!("    black first: {}", text(black, white));
        println!("    white first: {}", text(white, black));
    }
}

fn points_text(points: &PointSet, max: usize) -> String {
    let mut text: Vec<String> = points.iter().take(max).map(|p| p.to_string()).collect();
    if points.len() > max {
        text.push(format!("... ({} more)", points.len() - max));
    }
    text.join(" ")
}

fn report_regions(board: &Board) {
    for color in Color::ALL {
        let regions = Regions::basic(board, color);
        println!(
            "\n{color} regions (areas free of {color} stones): {}",
            regions.len()
        );
        for region in regions.iter() {
            let empty = region.empty_points(board);
            println!(
                "  {:>3} point(s), {:>3} empty, {} boundary / {} interior block(s): {}",
                region.num_points(),
                empty.len(),
                region.boundary_blocks().count(),
                region.interior_blocks().len(),
                points_text(region.points(), 12)
            );
        }
    }
}

fn report_score(board: &Board) {
    let score = Score::alive(board);
    println!(
        "\ncount with every stone alive ({:?} scoring, komi {}): black {}, white {}, {} dame -> {}",
        score.scoring, score.komi, score.black, score.white, score.dame, score
    );
}
