//! Speed of the analyze example's static report (everything before the
//! Monte-Carlo part, `--mcts 0`): for each position, the dragons' survey
//! (go-life: Benson, escape, bounded owl reading) and the whole report, with
//! how many dragons were settled. The target is under 0.5 s for a 19×19
//! middle-game position.
//!
//! ```text
//! cargo run --release --example report_bench [-- [FILE.sgf MOVE]... [--nodes N] [--total N]
//!                                                [--escape E] [--repeat R]]
//! ```
//!
//! With no file, the embedded 19×19 middle-game position
//! (`examples/positions/middle-game-19.txt`) is measured. `MOVE` is GNU Go
//! `loadsgf`'s (the position before that move; `end` for the last). Each
//! time is the best of `--repeat` runs (default 3). The last line is
//! `static_report_seconds: MAX` (the slowest position).

#[path = "common/report.rs"]
#[allow(dead_code)]
mod report;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use go_analysis::board::Board;
use go_analysis::board::sgf::{self, Until};
use go_analysis::life::survey::Survey;
use report::{ReportOptions, static_report};

/// A 19×19 opening-to-middle-game position, shared with analyzer_bench.
const POSITION: &str = include_str!("positions/middle-game-19.txt");

/// Speed of the analyze example's static report: the dragons' survey and
/// the whole report, for each position.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// Game records and the move before which each is measured (`end` for
    /// the last), in pairs [default: the embedded 19×19 position]
    #[arg(value_name = "FILE.sgf MOVE")]
    positions: Vec<String>,
    /// The survey's df-pn nodes per question [default: the report's]
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// The survey's nodes in all [default: the report's]
    #[arg(long, value_name = "N")]
    total: Option<u64>,
    /// The survey's escape measure for alive without reading [default: the
    /// report's]
    #[arg(long, value_name = "E")]
    escape: Option<u32>,
    /// Runs of each measure (the best is kept)
    #[arg(long, value_name = "R", default_value_t = 3)]
    repeat: usize,
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let mut options = ReportOptions::default();
    if let Some(n) = cli.nodes {
        options.survey.nodes = n;
    }
    if let Some(n) = cli.total {
        options.survey.total_nodes = n;
    }
    if let Some(e) = cli.escape {
        options.survey.escape = e;
    }
    let repeat = cli.repeat.max(1);
    let mut positions: Vec<(String, Board)> = Vec::new();
    for pair in cli.positions.chunks(2) {
        let [file, mv] = pair else {
            return Err(format!("{} needs a MOVE (or end)", pair[0]));
        };
        let until: Until = if mv == "end" {
            Until::End
        } else {
            mv.parse().map_err(|e| format!("`{mv}`: {e}"))?
        };
        let loaded = sgf::load_file(file, until).map_err(|e| format!("{file}: {e}"))?;
        let name = std::path::Path::new(file)
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or(file);
        positions.push((format!("{name} {mv}"), loaded.board));
    }
    if positions.is_empty() {
        let board = Board::from_diagram(POSITION).map_err(|e| e.to_string())?;
        positions.push(("middle-game-19".to_string(), board));
    }
    let s = options.survey;
    println!(
        "survey: {} nodes a question, {} in all, escape {}; best of {repeat}",
        s.nodes, s.total_nodes, s.escape
    );
    println!(
        "{:<24} {:>8} {:>8} {:>8} {:>7} {:>8}",
        "position", "survey s", "report s", "dragons", "unknown", "nodes"
    );
    let mut worst = Duration::ZERO;
    for (name, board) in &positions {
        let best = |f: &mut dyn FnMut()| {
            (0..repeat)
                .map(|_| {
                    let start = Instant::now();
                    f();
                    start.elapsed()
                })
                .min()
                .unwrap_or_default()
        };
        let mut survey = None;
        let survey_time = best(&mut || survey = Some(Survey::new(board, &options.survey)));
        let report_time = best(&mut || {
            std::hint::black_box(static_report(board, &options));
        });
        let survey = survey.expect("surveyed");
        let unknown = survey
            .dragons()
            .iter()
            .filter(|d| d.status.is_none())
            .count();
        println!(
            "{name:<24} {:>8.3} {:>8.3} {:>8} {:>7} {:>8}",
            survey_time.as_secs_f64(),
            report_time.as_secs_f64(),
            survey.dragons().len(),
            unknown,
            survey.nodes()
        );
        worst = worst.max(report_time);
    }
    println!("static_report_seconds: {:.3}", worst.as_secs_f64());
    Ok(())
}
