//! Shows what the solver sees on tests of a `.tst` suite of `analyze_semeai`
//! (or `solve_semeais`) commands: the position around the two blocks, the
//! evaluation function's report, the solver's answer and the expected one.
//!
//! ```text
//! cargo run --release -p go-semeai --features gtp --example semeai_debug -- SUITE.tst [ID...] [--nodes N] [--dfpn]
//!     [--after M1,M2] [--bigger-eye-by-points | --bigger-eye-by-liberties]
//! ```
//!
//! Without IDs every test is shown.

use std::path::Path;
use std::process::ExitCode;

use clap::Parser;
use go_board::sgf::{self, Until};
use go_board::{Board, Point};
use go_semeai::{SearchEngine, Solver, SolverOptions};

fn crop(board: &Board, a: Point, b: Point) -> String {
    let geo = board.geometry();
    let mut stones = board.stones(a) | board.stones(b);
    stones = stones.grow(geo).grow(geo).grow(geo);
    let cols: Vec<usize> = stones.iter().map(|p| p.col()).collect();
    let rows: Vec<usize> = stones.iter().map(|p| p.row()).collect();
    let (c0, c1) = (*cols.iter().min().unwrap(), *cols.iter().max().unwrap());
    let (r0, r1) = (*rows.iter().min().unwrap(), *rows.iter().max().unwrap());
    let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ".as_bytes();
    let mut out = String::from("    ");
    for &l in &letters[c0..=c1] {
        out.push(l as char);
        out.push(' ');
    }
    out.push('\n');
    for r in (r0..=r1).rev() {
        out.push_str(&format!("{:>3} ", r + 1));
        for c in c0..=c1 {
            let p = Point::new(c, r);
            let ch = match board.color_at(p) {
                Some(go_board::Color::Black)
                    if board.same_block(p, a) || board.same_block(p, b) =>
                {
                    'X'
                }
                Some(go_board::Color::White)
                    if board.same_block(p, a) || board.same_block(p, b) =>
                {
                    'O'
                }
                Some(go_board::Color::Black) => 'x',
                Some(go_board::Color::White) => 'o',
                None => '.',
            };
            out.push(ch);
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

/// Shows what the solver sees on tests of a `.tst` suite of
/// `analyze_semeai` (or `solve_semeais`) commands.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// The suite
    #[arg(value_name = "SUITE.tst")]
    suite: String,
    /// The tests to show [default: every test]
    #[arg(value_name = "ID")]
    ids: Vec<u32>,
    /// Node budget per search
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Search with df-pn
    #[arg(long, group = "engine")]
    dfpn: bool,
    /// Search with the alpha-beta and df-pn hybrid
    #[arg(long, group = "engine")]
    hybrid: bool,
    /// Search with alpha-beta
    #[arg(long, group = "engine")]
    alphabeta: bool,
    /// The published module's options (applied before the others)
    #[arg(long)]
    thesis: bool,
    /// Class e's bigger eye also gives at least as many liberties
    #[arg(long, group = "bigger_eye")]
    bigger_eye_by_liberties: bool,
    /// Class e's bigger eye by the thesis's Müller status alone
    #[arg(long, group = "bigger_eye")]
    bigger_eye_by_points: bool,
    /// Play these moves first (comma-separated), alternately by the two
    /// blocks' owners
    #[arg(long, value_name = "M1,M2", value_delimiter = ',')]
    after: Vec<go_board::Move>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut options = if cli.thesis {
        SolverOptions::thesis()
    } else {
        SolverOptions::default()
    };
    if let Some(n) = cli.nodes {
        options.nodes = n;
    }
    if cli.dfpn {
        options.engine = SearchEngine::Dfpn;
    } else if cli.hybrid {
        options.engine = SearchEngine::Hybrid;
    } else if cli.alphabeta {
        options.engine = SearchEngine::AlphaBeta;
    }
    if cli.bigger_eye_by_liberties {
        options.bigger_eye = go_semeai::BiggerEye::PointsAndLiberties;
    } else if cli.bigger_eye_by_points {
        options.bigger_eye = go_semeai::BiggerEye::Points;
    }
    let (suite, ids, after) = (&cli.suite, cli.ids, cli.after);
    let solver = Solver::new(options);
    let text = String::from_utf8_lossy(&std::fs::read(suite).expect("suite")).into_owned();
    let dir = Path::new(suite).parent().unwrap();
    let mut board: Option<Board> = None;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"loadsgf") {
            let until = words
                .get(2)
                .map(|s| s.parse::<Until>().unwrap())
                .unwrap_or(Until::End);
            board = Some(
                sgf::load_file(dir.join(words[1]), until)
                    .expect("sgf")
                    .board,
            );
            continue;
        }
        let Some(id) = words.first().and_then(|w| w.parse::<u32>().ok()) else {
            continue;
        };
        if words.len() < 4 || !(ids.is_empty() || ids.contains(&id)) {
            continue;
        }
        let expected = lines.peek().map(|l| l.to_string()).unwrap_or_default();
        let mut pa: Point = words[2].parse().unwrap();
        let mut pb: Point = words[3].parse().unwrap();
        let mut played = board.clone().expect("a board");
        for &m in &after {
            let c = played.color_at(pa).unwrap();
            if let Err(e) = played.play_move(c, m) {
                println!("cannot play {m}: {e}");
                break;
            }
            println!("after {c} {m}");
            std::mem::swap(&mut pa, &mut pb);
        }
        let b = &played;
        println!(
            "== test {id}: {} {} {}   expected {expected}",
            words[1], pa, pb
        );
        print!("{}", crop(b, pa, pb));
        match solver.inspect(b, pa, pb) {
            Ok(r) => println!(
                "static: {} | player {:?} | other {:?} | shared {} | verdict {:?} mv {:?} by {:?}",
                r.reasons,
                r.player,
                r.other,
                r.shared,
                r.verdict.map(|v| v.to_string()),
                r.mv.map(|p| p.to_string()),
                r.decided_by
            ),
            Err(e) => println!("static: {e}"),
        }
        match solver.solve(b, pa, pb) {
            Ok(r) => println!(
                "pv: {}\nsolve: play {} pass {} -> {} | {} nodes, {} evals, depth {}, {} searches, {:?}, {:?}\n   => {}",
                r.stats
                    .pv
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
                r.status_if_play,
                r.status_if_pass,
                r.decision,
                r.stats.nodes,
                r.stats.evaluations,
                r.stats.depth,
                r.stats.searches,
                r.stats.decided_by,
                r.stats.elapsed,
                go_semeai::gtp::analyze_semeai_answer(&r)
            ),
            Err(e) => println!("solve: {e}"),
        }
    }
    ExitCode::SUCCESS
}
