//! Times the safety solver on game records and prints what it proves: the
//! bench example behind the README's safety figures.
//!
//! `cargo run --release -p go-life --example safety_bench -- [--moves 150,200,end] FILE.sgf…`
//! solves each file's position before each listed move (`end`: the final
//! position) and prints one line per position (time, safe points, seki,
//! dame, searches), then the median and the maximum time. With
//! `--repeat N` each position is solved N times and the fastest time kept;
//! `--nodes`, `--total-nodes` and `--max-region-points` change the budgets.

use std::time::{Duration, Instant};

use clap::Parser;
use go_board::Color;
use go_board::sgf::{GameRecord, Until};
use go_life::safety::{Safety, SafetyOptions};

/// Times the safety solver on the positions of game records.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// Game records (SGF)
    #[arg(required = true)]
    files: Vec<String>,
    /// Positions: before these moves, `end` for the final position
    #[arg(long, value_delimiter = ',', default_value = "end")]
    moves: Vec<String>,
    /// Solve each position this many times, keep the fastest
    #[arg(long, default_value_t = 1)]
    repeat: u32,
    /// Nodes per region search (default: the solver's)
    #[arg(long)]
    nodes: Option<u64>,
    /// Nodes of a whole solve (default: the solver's)
    #[arg(long)]
    total_nodes: Option<u64>,
    /// The largest region searched (default: the solver's)
    #[arg(long)]
    max_region_points: Option<usize>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let cli = Cli::parse();
    let mut options = SafetyOptions::default();
    if let Some(n) = cli.nodes {
        options = options.with_nodes(n);
    }
    if let Some(n) = cli.total_nodes {
        options = options.with_total_nodes(n);
    }
    if let Some(n) = cli.max_region_points {
        options = options.with_max_region_points(n);
    }
    let mut times: Vec<(Duration, String)> = Vec::new();
    for file in &cli.files {
        // Old records are often Latin-1: read them leniently.
        let text = String::from_utf8_lossy(&std::fs::read(file)?).into_owned();
        let record = GameRecord::parse(&text)?;
        for mv in &cli.moves {
            let until = if mv == "end" {
                Until::End
            } else {
                Until::BeforeMove(mv.parse()?)
            };
            let Ok(loaded) = record.position(until) else {
                continue;
            };
            let board = loaded.board;
            let mut best = Duration::MAX;
            let mut safety = None;
            for _ in 0..cli.repeat.max(1) {
                let start = Instant::now();
                let solved = Safety::with_options(&board, options);
                best = best.min(start.elapsed());
                safety = Some(solved);
            }
            let Some(safety) = safety else { continue };
            let stats = safety.stats();
            let name = format!("{file} {mv}");
            println!(
                "{name}: {:.3} s, safe black {} white {}, seki {}, dame {}, {} searches ({} out of nodes), {} nodes, {} rounds",
                best.as_secs_f64(),
                safety.proved(Color::Black).len(),
                safety.proved(Color::White).len(),
                (safety.seki(Color::Black) | safety.seki(Color::White)).len(),
                safety.dame().len(),
                stats.regions_searched,
                stats.unknown,
                stats.nodes,
                stats.rounds
            );
            times.push((best, name));
        }
    }
    times.sort();
    if let (Some(median), Some(max)) = (times.get(times.len() / 2), times.last()) {
        println!(
            "{} positions: median {:.3} s, max {:.3} s ({})",
            times.len(),
            median.0.as_secs_f64(),
            max.0.as_secs_f64(),
            max.1
        );
    }
    Ok(())
}
