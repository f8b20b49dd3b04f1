//! Prints the connection reader's answers, with their node counts, for two
//! stones: a probe for trying the reader by hand.
//!
//! `cargo run -p go-life --example connection_probe -- FILE.sgf MOVE A B [--nodes N] [--moves] [--play W:L16,B:M16]`
//! reads the stones at A and B before move MOVE of a game record (as GTP
//! `loadsgf FILE MOVE`), with a budget of N df-pn nodes per question (default:
//! the reader's), after the stones given with `--play`. With `--moves` it also lists each side's candidate moves at
//! the root, best first, and the answer to the other side's question after
//! each.

use clap::Parser;
use go_board::Board;
use go_board::sgf::{GameRecord, Until};
use go_life::connection::{ConnectionGame, ConnectionOptions, ConnectionReader};
use go_search::Game;

/// Prints `connect A B` and `disconnect A B` with their node counts, for the
/// position before move MOVE of a game record.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// The game record
    #[arg(value_name = "FILE.sgf")]
    file: String,
    /// The position before this move (GNU Go's `loadsgf FILE MOVE`)
    #[arg(value_name = "MOVE")]
    until: Until,
    /// One stone
    #[arg(value_name = "A")]
    a: String,
    /// The other stone, of the same colour
    #[arg(value_name = "B")]
    b: String,
    /// df-pn nodes per question (default: the reader's)
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// List each side's root candidates and the answer after each
    #[arg(long)]
    moves: bool,
    /// Stones to play first, as COLOUR:POINT (`W:L16`), in order
    #[arg(long, value_name = "C:P", value_delimiter = ',')]
    play: Vec<String>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let cli = Cli::parse();
    let text = std::fs::read_to_string(&cli.file)?;
    let mut board = GameRecord::parse(&text)?.position(cli.until)?.board;
    for stone in &cli.play {
        let (c, p) = stone.split_once(':').ok_or("a stone is COLOUR:POINT")?;
        let color: go_board::Color = c.parse()?;
        let p = board.geometry().parse_point(p)?;
        board.play(color, p)?;
    }
    let geo = board.geometry();
    let (a, b) = (geo.parse_point(&cli.a)?, geo.parse_point(&cli.b)?);
    println!("{board}");
    let mut options = ConnectionOptions::default();
    if let Some(n) = cli.nodes {
        options = options.with_nodes(n);
    }
    let mut reader = ConnectionReader::new(options);
    let c = reader.connect(&board, a, b)?;
    println!("connect {c} ({} nodes, certain {})", c.nodes, c.certain);
    let d = reader.disconnect(&board, a, b)?;
    println!("disconnect {d} ({} nodes, certain {})", d.nodes, d.certain);
    if cli.moves {
        let connector = board.color_at(a).ok_or("A is empty")?;
        for (connecting, mover) in [(true, connector), (false, connector.opposite())] {
            let mut start = board.clone();
            start.set_to_play(mover);
            let game = ConnectionGame::new(&start, a, b, options)?;
            let mut moves = Vec::new();
            game.generate(&mut moves);
            let side = if connecting {
                "connector"
            } else {
                "disconnector"
            };
            println!("{side} ({mover}) candidates:");
            for m in moves {
                let mut after: Board = start.clone();
                let answer = match m {
                    go_board::Move::Play(p) if after.play(mover, p).is_ok() => {
                        let r = if connecting {
                            reader.disconnect(&after, a, b)
                        } else {
                            reader.connect(&after, a, b)
                        };
                        match r {
                            Ok(r) => format!("{r} ({} nodes, certain {})", r.nodes, r.certain),
                            Err(e) => format!("({e})"),
                        }
                    }
                    _ => "(not played)".to_owned(),
                };
                let asked = if connecting { "disconnect" } else { "connect" };
                println!("  {m}: then {asked} {answer}");
            }
        }
    }
    Ok(())
}
