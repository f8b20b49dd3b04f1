//! Prints the life-and-death reader's answers, with their node counts, for one
//! group: a probe for trying the reader by hand.
//!
//! - `cargo run -p go-life --example life_probe -- FILE.sgf MOVE POINT` reads the
//!   group at POINT before move MOVE of a game record (as GTP `loadsgf FILE MOVE`);
//! - `cargo run -p go-life --example life_probe -- POINT < diagram` reads a diagram.

use std::io::Read;

use go_board::sgf::{GameRecord, Until};
use go_board::{Board, Point};
use go_life::{LifeReader, judge::Judgement};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (board, point) = match args.as_slice() {
        [file, mv, point] => {
            let text = std::fs::read_to_string(file)?;
            let until = Until::BeforeMove(mv.parse()?);
            let loaded = GameRecord::parse(&text)?.position(until)?;
            (loaded.board, point)
        }
        [point] => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text)?;
            (Board::from_diagram(&text)?, point)
        }
        _ => return Err("usage: life_probe [FILE.sgf MOVE] POINT".into()),
    };
    let p: Point = board.geometry().parse_point(point)?;
    println!("{board}");
    if let Some(j) = Judgement::new(&board, p) {
        println!(
            "group {} stones, {} liberties, {} enclosures (max eyes {}), escape {}, \
             pass-alive {}, weakest neighbour {:?}",
            j.group.stones.len(),
            j.liberties(),
            j.enclosures.len(),
            j.max_eyes(),
            j.escape,
            j.pass_alive,
            j.weakest_neighbour
        );
    }
    let mut reader = LifeReader::default();
    let a = reader.attack(&board, p)?;
    println!("attack {a} ({} nodes, certain {})", a.nodes, a.certain);
    let d = reader.defend(&board, p)?;
    println!("defend {d} ({} nodes, certain {})", d.nodes, d.certain);
    Ok(())
}
