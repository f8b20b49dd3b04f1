//! The main job: analyse a Go position.
//!
//! ```text
//! cargo run --release --example analyze [-- FILE.sgf [MOVE]]
//! ```
//!
//! With no file, an embedded position is analysed. The report grows as the
//! crates grow: today it prints the board, every block with its
//! liberties, and the captures.

use go_analysis::board::{Board, Color};
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
    if let Some(file) = args.first() {
        eprintln!("error: loading `{file}` needs the SGF reader, which is not built yet");
        return ExitCode::FAILURE;
    }
    let board = match Board::from_diagram(DEFAULT_POSITION) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: embedded position: {e}");
            return ExitCode::FAILURE;
        }
    };
    report(&board);
    ExitCode::SUCCESS
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
}
