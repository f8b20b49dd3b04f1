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

use go_analysis::board::Board;
use go_analysis::board::sgf::{self, Until};
use go_analysis::life::survey::Survey;
use report::{ReportOptions, static_report};

/// A 19×19 opening-to-middle-game position, shared with analyzer_bench.
const POSITION: &str = include_str!("positions/middle-game-19.txt");

const USAGE: &str =
    "usage: report_bench [FILE.sgf MOVE]... [--nodes N] [--total N] [--escape E] [--repeat R]";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut options = ReportOptions::default();
    let mut repeat = 3usize;
    let mut positions: Vec<(String, Board)> = Vec::new();
    let mut args = std::env::args().skip(1);
    let number = |flag: &str, v: Option<String>| -> Result<u64, String> {
        let v = v.ok_or(format!("{flag} needs a number"))?;
        v.parse()
            .map_err(|_| format!("{flag} needs a number, got {v:?}"))
    };
    while let Some(a) = args.next() {
        match a.as_str() {
            "--nodes" => options.survey.nodes = number("--nodes", args.next())?,
            "--total" => options.survey.total_nodes = number("--total", args.next())?,
            "--escape" => options.survey.escape = number("--escape", args.next())? as u32,
            "--repeat" => repeat = number("--repeat", args.next())?.max(1) as usize,
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            file => {
                let mv = args.next().ok_or(format!("{file} needs a MOVE (or end)"))?;
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
        }
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
