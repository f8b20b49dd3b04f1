//! The worst case of the analyze example's static report (everything before
//! the Monte-Carlo part, `--mcts 0`): every 19×19 game record under a folder,
//! at moves 50, 100, 150 and the end, each report timed once. Prints the
//! median, the 90th percentile and the maximum, the slowest positions, and
//! the records that did not load. The target is a maximum of 1 s and a median
//! of 0.2 s.
//!
//! ```text
//! cargo run --release --example analyze_worst [-- [DIR] [--slowest K]]
//! ```
//!
//! `DIR` defaults to `$GO_ANALYSIS_PEER_SUITES`, else `../shared/peer-suites`
//! beside the workspace. The last line is `static_report_worst_seconds: MAX`.

#[path = "common/report.rs"]
#[allow(dead_code)]
mod report;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use go_analysis::board::sgf::{GameRecord, Until};
use report::{ReportOptions, static_report};

/// The worst case of the analyze example's static report over every 19×19
/// game record under a folder, at moves 50, 100, 150 and the end.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// Folder of game records [default: $GO_ANALYSIS_PEER_SUITES, else
    /// ../shared/peer-suites beside the workspace]
    #[arg(value_name = "DIR")]
    dir: Option<PathBuf>,
    /// How many of the slowest positions (and unloaded records) to list
    #[arg(long, value_name = "K", default_value_t = 10)]
    slowest: usize,
}

/// The moves before which each game is reported (and its end).
const MOVES: [u32; 3] = [50, 100, 150];

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
    let Cli { dir, slowest } = cli;
    let dir = dir.unwrap_or_else(|| {
        std::env::var_os("GO_ANALYSIS_PEER_SUITES").map_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/peer-suites"),
            PathBuf::from,
        )
    });
    let mut files = Vec::new();
    collect_sgf(&dir, &mut files).map_err(|e| format!("{}: {e}", dir.display()))?;
    files.sort();
    let options = ReportOptions::default();
    let mut times: Vec<(Duration, String)> = Vec::new();
    let (mut games, mut refused) = (0usize, Vec::new());
    for file in &files {
        let Ok(record) = GameRecord::read_file(file) else {
            refused.push(file.display().to_string());
            continue;
        };
        let end = match record.position(Until::End) {
            Ok(end) => end,
            Err(e) => {
                refused.push(format!("{}: {e}", file.display()));
                continue;
            }
        };
        if end.board.geometry().width() != 19 || end.board.geometry().height() != 19 {
            continue;
        }
        games += 1;
        let name = file
            .strip_prefix(&dir)
            .unwrap_or(file)
            .display()
            .to_string();
        let length = end.board.move_number();
        let mut positions = vec![(format!("{name} end"), end.board)];
        for m in MOVES {
            if m < length
                && let Ok(p) = record.position(Until::BeforeMove(m))
            {
                positions.push((format!("{name} {m}"), p.board));
            }
        }
        for (label, board) in positions {
            let start = Instant::now();
            std::hint::black_box(static_report(&board, &options));
            times.push((start.elapsed(), label));
        }
    }
    if times.is_empty() {
        return Err(format!("no 19×19 game records under {}", dir.display()));
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].0;
    println!(
        "{} positions from {games} 19×19 games under {} (moves {:?} and the end)",
        times.len(),
        dir.display(),
        MOVES
    );
    println!(
        "static report: median {:.3} s, 90th percentile {:.3} s, max {:.3} s",
        at(0.5).as_secs_f64(),
        at(0.9).as_secs_f64(),
        at(1.0).as_secs_f64()
    );
    println!("slowest:");
    for (t, label) in times.iter().rev().take(slowest) {
        println!("  {:>7.3} s  {label}", t.as_secs_f64());
    }
    if !refused.is_empty() {
        println!("records not loaded: {}", refused.len());
        for r in refused.iter().take(slowest) {
            println!("  {r}");
        }
    }
    println!("static_report_worst_seconds: {:.3}", at(1.0).as_secs_f64());
    Ok(())
}

/// Every `.sgf` file below `dir`.
fn collect_sgf(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_sgf(&path, out)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
    Ok(())
}
