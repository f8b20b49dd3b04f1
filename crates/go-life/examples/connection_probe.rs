//! Prints the connection reader's answers, with their node counts, for two
//! stones: a probe for trying the reader by hand.
//!
//! `cargo run -p go-life --example connection_probe -- FILE.sgf MOVE A B [--nodes N]`
//! reads the stones at A and B before move MOVE of a game record (as GTP
//! `loadsgf FILE MOVE`), with a budget of N df-pn nodes per question (default:
//! the reader's).

use clap::Parser;
use go_board::sgf::{GameRecord, Until};
use go_life::connection::{ConnectionOptions, ConnectionReader};

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
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let cli = Cli::parse();
    let text = std::fs::read_to_string(&cli.file)?;
    let board = GameRecord::parse(&text)?.position(cli.until)?.board;
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
    Ok(())
}
