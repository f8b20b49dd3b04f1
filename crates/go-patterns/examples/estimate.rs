//! Territory and influence estimates of a position, as text and as SVG
//! heat maps.
//!
//! ```text
//! cargo run -p go-patterns --example estimate -- [FILE.sgf [MOVE]] [--out DIR]
//! ```
//!
//! Without a file, a position of 120 random moves on 13×13 is used. MOVE
//! loads the game up to (not including) that move number. With `--out`,
//! `territory.svg` (Bouzy 5/21), `moyo.svg` (5/10) and `influence.svg`
//! (distance decay, (1/2)^d) are written into DIR.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use go_board::sgf::{GameRecord, Until};
use go_board::{Board, Color, Position};
use go_patterns::svg::{HeatMap, heat_map};
use go_patterns::text::{Shades, shade_map};
use go_patterns::{DecayInfluence, Morphology, ZobristInfluence};

fn random_position() -> Board {
    let mut board = Board::new(13).expect("13 is a valid size");
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut color = Color::Black;
    let points = board.geometry().points().to_vec();
    let mut played = 0;
    while played < 120 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let p = points[(state % points.len() as u64) as usize];
        if !board.is_true_eye(color, p) && board.play(color, p).is_ok() {
            played += 1;
            color = color.opposite();
        }
    }
    board
}

/// Territory and influence estimates of a position, as text and as SVG
/// heat maps.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// Game record [default: 120 random moves on 13×13]
    #[arg(value_name = "FILE.sgf")]
    file: Option<PathBuf>,
    /// Load the game up to (not including) this move number
    #[arg(value_name = "MOVE")]
    until: Option<u32>,
    /// Write territory.svg, moyo.svg and influence.svg into DIR
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

fn main() -> ExitCode {
    let Cli { file, until, out } = Cli::parse();
    let until = until.map_or(Until::End, Until::BeforeMove);
    let board = match &file {
        None => random_position(),
        Some(path) => match GameRecord::read_file(path).and_then(|r| r.position(until)) {
            Ok(loaded) => loaded.board,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
    };
    println!("{board}");
    let geo = board.geometry();
    let territory = Morphology::BOUZY.territory(&board);
    let moyo = Morphology::MOYO.territory(&board);
    let zobrist = ZobristInfluence::default().compute(&board);
    let influence = DecayInfluence::default().compute(&board);
    let shades = Shades::signed(2.0);
    println!("Bouzy 5/21 territory (x Black, o White):");
    print!(
        "{}",
        shade_map(
            geo,
            |p| board.is_empty(p).then(|| f64::from(territory.value(p))),
            &shades
        )
    );
    println!(
        "territory: Black {}, White {}",
        territory.territory(Color::Black).len(),
        territory.territory(Color::White).len()
    );
    println!("Zobrist influence (4 steps, ±50):");
    print!(
        "{}",
        shade_map(geo, |p| Some(f64::from(zobrist[p])), &Shades::signed(4.0))
    );
    if let Some(dir) = out {
        if let Err(e) = std::fs::create_dir_all(&dir) {
            eprintln!("{}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
        let stones = |p| board.color_at(p);
        let pictures = [
            (
                "territory.svg",
                heat_map(
                    geo,
                    stones,
                    |p| Some(f64::from(territory.value(p))),
                    &HeatMap::signed(64.0).with_title("Bouzy 5/21"),
                ),
            ),
            (
                "moyo.svg",
                heat_map(
                    geo,
                    stones,
                    |p| Some(f64::from(moyo.value(p))),
                    &HeatMap::signed(64.0).with_title("5/10 moyo"),
                ),
            ),
            (
                "influence.svg",
                heat_map(
                    geo,
                    stones,
                    |p| Some(influence[p]),
                    &HeatMap::signed(2.0).with_title("influence (1/2)^d"),
                ),
            ),
        ];
        for (name, svg) in pictures {
            let path = dir.join(name);
            if let Err(e) = std::fs::write(&path, svg) {
                eprintln!("{}: {e}", path.display());
                return ExitCode::FAILURE;
            }
            println!("wrote {}", path.display());
        }
    }
    ExitCode::SUCCESS
}
