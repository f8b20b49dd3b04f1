//! Races from real games, answered by us and by GNU Go.
//!
//! ```text
//! cargo run --release -p go-life --features gtp --example race_oracle -- \
//!     [--games DIR] [--every N] [--max N] [--gnugo "/usr/games/gnugo --mode gtp"]
//! ```
//!
//! Reads the SGF records in `DIR` (default: the peer suites' GNU Go game
//! records, `/work/shared/peer-suites/gnugo/regression/games`) at run time, and
//! every `N` moves (default 20) looks for pairs of adjacent dragons of opposite
//! colours that are both weak: five liberties or fewer, at most one eye, not
//! Benson-alive and shut in (an escape measure below 15). A is the dragon of the
//! side to move. Each race is asked as `analyze_semeai A B` of
//! - go-semeai alone (the engine before the group races: `before`),
//! - go-life's hand-over ([`RaceReader::analyze_semeai`]: `after`),
//! - GNU Go over GTP (`loadsgf FILE N`, then the same command),
//!
//! and the agreement on the two result codes is printed, with the
//! disagreements of `after` (position, question, the three answers).

use std::path::PathBuf;

use clap::Parser;
use std::time::{Duration, Instant};

use go_board::sgf::{GameRecord, Until};
use go_board::{Board, Point};
use go_gtp::controller::{Controller, ControllerOptions, EngineCommand};
use go_life::Dragons;
use go_life::judge::Judgement;
use go_life::race::RaceReader;

fn codes(answer: &str) -> String {
    answer
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Weak: few liberties, under two eyes, not unconditionally alive, shut in.
fn weak(board: &Board, p: Point) -> bool {
    Judgement::new(board, p)
        .is_some_and(|j| j.liberties() <= 5 && j.max_eyes() <= 1 && !j.pass_alive && j.escape < 15)
}

/// Races from real games, answered by go-semeai alone, by go-life's
/// hand-over and by GNU Go.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// Folder of SGF game records
    #[arg(
        long = "games",
        value_name = "DIR",
        default_value = "/work/shared/peer-suites/gnugo/regression/games"
    )]
    dir: PathBuf,
    /// Moves between the positions looked at
    #[arg(long, value_name = "N", default_value_t = 20)]
    every: u32,
    /// Stop after this many races
    #[arg(long, value_name = "N", default_value_t = 200)]
    max: usize,
    /// GNU Go's command line
    #[arg(
        long,
        value_name = "CMD",
        default_value = "/usr/games/gnugo --mode gtp"
    )]
    gnugo: String,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Cli {
        dir,
        every,
        max,
        gnugo,
    } = Cli::parse();
    let engine: EngineCommand = gnugo.parse()?;
    let mut gg = Controller::spawn(
        engine.to_command(),
        ControllerOptions::default().with_timeout(Some(Duration::from_secs(60))),
    )?;
    let blocks = go_semeai::Solver::default();
    let mut reader = RaceReader::default();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    let (mut total, mut agree_before, mut agree_after, mut group_races) = (0, 0, 0, 0);
    let (mut agree_after_groups, mut agree_before_groups) = (0, 0);
    let mut ours_time = Duration::ZERO;
    'files: for file in &files {
        let Ok(record) = GameRecord::read_file(file) else {
            continue;
        };
        let n = record.num_moves() as u32;
        let mut at = every;
        while at <= n {
            let Ok(pos) = record.position(Until::BeforeMove(at)) else {
                break;
            };
            let mut board = pos.board;
            board.set_to_play(pos.to_play);
            let dragons = Dragons::new(&board);
            let mut asked = 0;
            let list: Vec<_> = dragons.iter().collect();
            for da in &list {
                if da.color() != pos.to_play || asked >= 2 {
                    continue;
                }
                let a = da.origin();
                if !weak(&board, a) {
                    continue;
                }
                let near = da.stones().grow(board.geometry());
                for db in &list {
                    if db.color() == da.color() || (near & *db.stones()).is_empty() {
                        continue;
                    }
                    let b = db.origin();
                    if !weak(&board, b) || asked >= 2 {
                        continue;
                    }
                    asked += 1;
                    // go-semeai refuses blocks in no race of their own (the
                    // dragons' origins may be apart): a disagreement.
                    let before = blocks.solve(&board, a, b).map_or_else(
                        |e| format!("? {e}"),
                        |r| {
                            let (d, k) = (r.lives.code(), r.kills.code());
                            let mv = if d == 0 {
                                go_semeai::BestMove::Pass
                            } else {
                                r.decision
                            };
                            format!("{d} {k} {mv}")
                        },
                    );
                    let t = Instant::now();
                    let after = reader.analyze_semeai(&board, a, b);
                    ours_time += t.elapsed();
                    gg.send(&format!("loadsgf {} {at}", file.display()))?;
                    let theirs = gg.send(&format!("analyze_semeai {a} {b}"))?;
                    let Ok(after) = after else {
                        continue;
                    };
                    total += 1;
                    let groups = da.blocks().len() > 1 || db.blocks().len() > 1;
                    group_races += usize::from(groups);
                    let ok_before = codes(&before) == codes(&theirs);
                    let ok_after = codes(&after) == codes(&theirs);
                    agree_before += usize::from(ok_before);
                    agree_after += usize::from(ok_after);
                    if groups {
                        agree_before_groups += usize::from(ok_before);
                        agree_after_groups += usize::from(ok_after);
                    }
                    if !ok_after {
                        let search = if groups {
                            reader.analyze(&board, a, b).map_or(String::new(), |r| {
                                format!(
                                    " (groups; search {r}, certain {}, {} nodes)",
                                    r.certain, r.nodes
                                )
                            })
                        } else {
                            String::new()
                        };
                        println!(
                            "{} {at} analyze_semeai {a} {b}: gnugo {theirs} | before {before} | after {after}{search}",
                            file.file_name().unwrap_or_default().to_string_lossy(),
                        );
                    }
                    if total >= max {
                        break 'files;
                    }
                }
            }
            at += every;
        }
    }
    let _ = gg.quit();
    let pct = |x: usize, n: usize| {
        if n == 0 {
            0.0
        } else {
            100.0 * x as f64 / n as f64
        }
    };
    println!(
        "races {total} (of groups: {group_races}); codes agree with GNU Go: before {agree_before} ({:.1}%), after {agree_after} ({:.1}%)",
        pct(agree_before, total),
        pct(agree_after, total)
    );
    println!(
        "group races: before {agree_before_groups}, after {agree_after_groups} of {group_races}; our time {:.2?}",
        ours_time
    );
    Ok(())
}
