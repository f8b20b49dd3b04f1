//! Prints the life-and-death reader's answers, with their node counts, for one
//! group: a probe for trying the reader by hand.
//!
//! - `cargo run -p go-life --example life_probe -- FILE.sgf MOVE POINT` reads the
//!   group at POINT before move MOVE of a game record (as GTP `loadsgf FILE MOVE`);
//! - `cargo run -p go-life --example life_probe -- POINT < diagram` reads a diagram.

use std::io::Read;

use clap::Parser;
use go_board::sgf::{GameRecord, Until};
use go_board::{Board, Point};
use go_life::{LifeGame, LifeOptions, LifeReader, judge::Judgement};
use go_search::Game;

/// Prints the life-and-death reader's answers, with their node counts, for
/// one group: from a game record before a move, or from a diagram on
/// standard input.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// `FILE.sgf MOVE POINT` (the group at POINT before move MOVE), or
    /// `POINT` alone (a diagram read from standard input)
    #[arg(value_name = "[FILE.sgf MOVE] POINT", num_args = 1..=3, required = true)]
    args: Vec<String>,
    /// Play the attacker's move M, then walk the line of refutations
    #[arg(long, value_name = "M")]
    line: Option<String>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Cli { args, line } = Cli::parse();
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
            "group {} stones, {} liberties, {} eye spaces (max eyes {}), escape {}, \
             pass-alive {}, weakest neighbour {:?}",
            j.group.stones.len(),
            j.liberties(),
            j.eye_spaces.len(),
            j.max_eyes(),
            j.escape,
            j.pass_alive,
            j.weakest_neighbour
        );
        for (e, c) in j.eye_spaces.iter().zip(&j.eye_counts) {
            let names = |s: go_board::PointSet| {
                s.iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            println!(
                "  eye space [{}] marginal [{}] inside [{}]: eyes {}/{}{} attack [{}] defence [{}]",
                names(e.points),
                names(e.marginal),
                names(e.inside),
                c.min,
                c.max,
                if c.exact { "" } else { " (estimate)" },
                names(c.attack),
                names(c.defence)
            );
        }
    }
    // The moves the search tries first at the root, for each side.
    if let Some(defender) = board.color_at(p) {
        for (side, color) in [("attacker", defender.opposite()), ("defender", defender)] {
            let mut b = board.clone();
            b.set_to_play(color);
            let game = LifeGame::new(&b, p, LifeOptions::default())?;
            let mut moves = Vec::new();
            game.generate(&mut moves);
            let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
            println!("{side} tries {}", moves.join(" "));
        }
    }
    let mut reader = LifeReader::default();
    if let Some(m) = line {
        walk(
            &mut reader,
            board.clone(),
            p,
            board.geometry().parse_point(&m)?,
        )?;
    }
    let a = reader.attack(&board, p)?;
    println!("attack {a} ({} nodes, certain {})", a.nodes, a.certain);
    let d = reader.defend(&board, p)?;
    println!("defend {d} ({} nodes, certain {})", d.nodes, d.certain);
    Ok(())
}

/// Plays the attacker's `first` move, then each side's answer in turn while the
/// reader finds one, printing the judgement after every move.
fn walk(
    reader: &mut LifeReader,
    mut board: Board,
    p: Point,
    first: Point,
) -> Result<(), Box<dyn std::error::Error>> {
    let Some(defender) = board.color_at(p) else {
        return Ok(());
    };
    let mut color = defender.opposite();
    let mut mv = go_board::Move::Play(first);
    for _ in 0..30 {
        board.play_move(color, mv)?;
        print!("{color:?} {mv}: ");
        let Some(j) = Judgement::new(&board, p) else {
            println!("captured");
            break;
        };
        println!(
            "libs {} eyes {}/{} escape {} pass-alive {} hopeless {}",
            j.liberties(),
            j.min_eyes(),
            j.max_eyes(),
            j.escape,
            j.pass_alive,
            j.hopeless()
        );
        color = color.opposite();
        let r = if color == defender {
            reader.defend(&board, p)?
        } else {
            reader.attack(&board, p)?
        };
        let line: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
        println!(
            "  {color:?} answers {r} ({} nodes, certain {}), line {}",
            r.nodes,
            r.certain,
            line.join(" ")
        );
        match r.best_move {
            Some(m) if r.succeeds() => mv = m,
            _ => break,
        }
    }
    println!("{board}");
    Ok(())
}
