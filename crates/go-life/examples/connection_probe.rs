//! Prints the connection reader's answers, with their node counts, for two
//! stones: a probe for trying the reader by hand.
//!
//! `cargo run -p go-life --example connection_probe -- FILE.sgf MOVE A B [NODES]`
//! reads the stones at A and B before move MOVE of a game record (as GTP
//! `loadsgf FILE MOVE`), with a budget of NODES per question (default: the
//! reader's).

use go_board::sgf::{GameRecord, Until};
use go_life::connection::{ConnectionOptions, ConnectionReader};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (file, mv, a, b, nodes) = match args.as_slice() {
        [file, mv, a, b] => (file, mv, a, b, None),
        [file, mv, a, b, n] => (file, mv, a, b, Some(n.parse::<u64>()?)),
        _ => return Err("usage: connection_probe FILE.sgf MOVE A B [NODES]".into()),
    };
    let text = std::fs::read_to_string(file)?;
    let board = GameRecord::parse(&text)?
        .position(Until::BeforeMove(mv.parse()?))?
        .board;
    let geo = board.geometry();
    let (a, b) = (geo.parse_point(a)?, geo.parse_point(b)?);
    println!("{board}");
    let mut options = ConnectionOptions::default();
    if let Some(n) = nodes {
        options = options.with_nodes(n);
    }
    let mut reader = ConnectionReader::new(options);
    let c = reader.connect(&board, a, b)?;
    println!("connect {c} ({} nodes, certain {})", c.nodes, c.certain);
    let d = reader.disconnect(&board, a, b)?;
    println!("disconnect {d} ({} nodes, certain {})", d.nodes, d.certain);
    Ok(())
}
