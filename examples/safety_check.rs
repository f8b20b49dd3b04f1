//! Tries to refute the safety solver's claims on full boards: for every
//! position, each block the solver calls safe or seki is attacked by
//! go-life's reader with the opponent to move, and GNU Go (when installed)
//! plays the game out from the position twice, each side moving first; a
//! claimed stone captured in the game, or a claimed territory point holding
//! an opponent stone that GNU Go calls alive at the end, refutes the claim
//! (a game a side resigns proves nothing and is not counted). Prints every
//! refutation, with the game's moves, and the totals.
//!
//! `cargo run --release --example safety_check -- [--moves 150,end] [--gnugo PATH] [--level N] FILE.sgf…`
//!
//! The reader's refutations are its own reading, 5,000 nodes an attack (it
//! can be wrong: it reads a dragon alone, not with the friends that share
//! its eye space); GNU Go's are games actually played. Both are checked by
//! hand (or by brute force) when they occur.

use std::path::Path;
use std::process::{Command, ExitCode, Stdio};

use clap::Parser;
use go_analysis::board::sgf::{GameRecord, Until};
use go_analysis::board::{Board, Color, Point, PointSet};
use go_analysis::gtp::controller::{Controller, ControllerOptions};
use go_analysis::life::safety::Safety;
use go_analysis::life::{LifeOptions, LifeReader};

/// Tries to refute the safety solver's claims on full boards.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// Game records (SGF)
    #[arg(required = true)]
    files: Vec<String>,
    /// Positions: before these moves, `end` for the final position
    #[arg(long, value_delimiter = ',', default_value = "end")]
    moves: Vec<String>,
    /// GNU Go's program (skipped when it cannot be started)
    #[arg(long, default_value = "/usr/games/gnugo")]
    gnugo: String,
    /// GNU Go's level for the played-out games
    #[arg(long, default_value_t = 1)]
    level: u32,
}

/// The reader's nodes per attack (it is a second opinion, not a proof).
const READER_NODES: u64 = 5_000;

/// What one position's claims came to.
#[derive(Default)]
struct Tally {
    positions: usize,
    blocks: usize,
    territory: usize,
    reader_refuted: usize,
    games: usize,
    game_refuted: usize,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut tally = Tally::default();
    for file in &cli.files {
        // Old records are often Latin-1: read them leniently.
        let Ok(bytes) = std::fs::read(file) else {
            eprintln!("{file}: cannot read");
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        let Ok(record) = GameRecord::parse(&text) else {
            eprintln!("{file}: not a game record");
            continue;
        };
        for mv in &cli.moves {
            let (until, gtp_move) = if mv == "end" {
                (Until::End, None)
            } else {
                match mv.parse::<u32>() {
                    Ok(n) => (Until::BeforeMove(n), Some(n)),
                    Err(_) => {
                        eprintln!("--moves: {mv} is not a move number");
                        return ExitCode::FAILURE;
                    }
                }
            };
            let Ok(loaded) = record.position(until) else {
                continue;
            };
            check(&cli, file, gtp_move, &loaded.board, &mut tally);
            // A running tally on standard error, for long runs.
            eprintln!(
                "{} positions, {} blocks ({} reader), {} games ({} refuted)",
                tally.positions,
                tally.blocks,
                tally.reader_refuted,
                tally.games,
                tally.game_refuted
            );
        }
    }
    println!(
        "{} positions: {} claimed blocks ({} refuted by the reader), {} claimed territory points; {} games played out, {} claims refuted in them",
        tally.positions,
        tally.blocks,
        tally.reader_refuted,
        tally.territory,
        tally.games,
        tally.game_refuted
    );
    ExitCode::SUCCESS
}

/// The anchors of the blocks with a stone in `stones`.
fn anchors(board: &Board, stones: PointSet) -> Vec<Point> {
    let mut rest = stones;
    let mut out = Vec::new();
    while let Some(p) = rest.first() {
        rest -= board.block_stones(p).collect::<PointSet>();
        out.push(p);
    }
    out
}

fn check(cli: &Cli, file: &str, gtp_move: Option<u32>, board: &Board, tally: &mut Tally) {
    let safety = Safety::new(board);
    let claimed = |c: Color| safety.proved(c) | safety.seki(c);
    let stones = |c: Color| claimed(c) & *board.stones_of(c);
    let territory = |c: Color| safety.proved(c) - *board.stones_of(c);
    if [Color::Black, Color::White]
        .iter()
        .all(|&c| claimed(c).is_empty())
    {
        return;
    }
    tally.positions += 1;
    let name = format!(
        "{file} {}",
        gtp_move.map_or("end".into(), |n| n.to_string())
    );
    for c in [Color::Black, Color::White] {
        tally.territory += territory(c).len();
        let mut attacked = board.clone();
        attacked.set_to_play(c.opposite());
        for anchor in anchors(board, stones(c)) {
            tally.blocks += 1;
            let result = LifeReader::new(LifeOptions::default().with_nodes(READER_NODES))
                .attack(&attacked, anchor);
            if let Ok(r) = result
                && r.code.succeeds()
                && r.certain
            {
                tally.reader_refuted += 1;
                println!("{name}: the reader kills {c} {anchor} by {:?}", r.best_move);
            }
        }
    }
    for first in [board.to_play(), board.to_play().opposite()] {
        let Some(game) = play_out(cli, file, gtp_move, board, first) else {
            continue;
        };
        tally.games += 1;
        let end = &game.board;
        for c in [Color::Black, Color::White] {
            // Captured in the game, or standing alive (for GNU Go) on a
            // claimed point at its end.
            let lost = stones(c) - *end.stones_of(c);
            let invaded = territory(c) & (*end.stones_of(c.opposite()) - game.dead);
            if !lost.is_empty() || !invaded.is_empty() {
                tally.game_refuted += 1;
                println!(
                    "{name}: GNU Go's game ({first} first) takes {c}'s claimed {lost:?}, invades {invaded:?}: {}",
                    game.moves.join(" ")
                );
            }
        }
    }
}

/// How a played-out game ended.
struct PlayedOut {
    /// The final board (stones physically on it).
    board: Board,
    /// The stones GNU Go calls dead at the end.
    dead: PointSet,
    /// The moves, `B` or `W` then the vertex.
    moves: Vec<String>,
}

/// GNU Go plays the game out from the position, `first` to move, until two
/// passes (at most 400 moves). `None` when GNU Go cannot be run, or a side
/// resigned (it stops defending, so the game proves nothing).
fn play_out(
    cli: &Cli,
    file: &str,
    gtp_move: Option<u32>,
    board: &Board,
    first: Color,
) -> Option<PlayedOut> {
    let mut command = Command::new(&cli.gnugo);
    command
        .args(["--mode", "gtp", "--chinese-rules", "--level"])
        .arg(cli.level.to_string())
        .stderr(Stdio::null());
    let mut gnugo = Controller::spawn(command, ControllerOptions::default()).ok()?;
    let path = Path::new(file).canonicalize().ok()?;
    let load = match gtp_move {
        Some(n) => format!("loadsgf {} {n}", path.display()),
        None => format!("loadsgf {}", path.display()),
    };
    gnugo.send(&load).ok()?;
    let mut end = board.clone();
    if first != board.to_play() {
        gnugo
            .send(&format!("play {} pass", word(board.to_play())))
            .ok()?;
        end.pass_as(board.to_play());
    }
    let mut color = first;
    let mut passes = 0;
    let mut moves = Vec::new();
    for _ in 0..400 {
        let reply = gnugo.send(&format!("genmove {}", word(color))).ok()?;
        moves.push(format!("{}{reply}", &word(color)[..1].to_uppercase()));
        if reply.eq_ignore_ascii_case("resign") {
            return None;
        }
        if reply.eq_ignore_ascii_case("pass") {
            end.pass_as(color);
            passes += 1;
            if passes == 2 {
                break;
            }
        } else {
            let p = end.geometry().parse_point(&reply).ok()?;
            end.play(color, p).ok()?;
            passes = 0;
        }
        color = color.opposite();
    }
    let reply = gnugo.send("final_status_list dead").ok()?;
    let dead = reply
        .split_whitespace()
        .filter_map(|v| end.geometry().parse_point(v).ok())
        .collect();
    let _ = gnugo.quit();
    Some(PlayedOut {
        board: end,
        dead,
        moves,
    })
}

fn word(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}
