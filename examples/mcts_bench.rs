//! Monte-Carlo tree search speed on an empty board: playouts per second
//! with the tree (UCT+RAVE, Go priors), for a time, on N threads.
//!
//! ```text
//! cargo run --release --example mcts_bench -- --size 9 --seconds 10 --threads 1
//! cargo run --release --example mcts_bench -- --size 9 --seconds 10 --threads 2 --policy heavy
//! ```
//!
//! Prints the search statistics, the CPU time of the process (from
//! `/proc/self/stat`: on a shared machine wall-clock rates also count other
//! programs' time slices), and last `playouts_per_sec: N` (wall clock).

#[path = "common/bench_flags.rs"]
mod bench_flags;

use bench_flags::PolicyArg;
use clap::Parser;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use go_analysis::board::Board;
use go_analysis::mcts::go::{GoExpander, GoPlayout, GoState, Policy};
use go_analysis::mcts::{Budget, Search, SearchOptions};

/// Monte-Carlo tree search speed on an empty board: playouts per second
/// with the tree (UCT+RAVE, Go priors), for a time, on N threads.
#[derive(Debug, Parser)]
#[command(version)]
struct Args {
    /// Board size (2..=25)
    #[arg(long, value_name = "N", default_value = "9", value_parser = bench_flags::size)]
    size: usize,
    /// Search time in seconds
    #[arg(long, value_name = "S", default_value = "10", value_parser = bench_flags::seconds)]
    seconds: f64,
    /// Search threads (1..=256)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Playout policy
    #[arg(long, value_enum, default_value = "light")]
    policy: PolicyArg,
    /// Komi
    #[arg(long, value_name = "K", default_value = "7", value_parser = bench_flags::komi, allow_negative_numbers = true)]
    komi: f32,
    /// Expansion threshold (visits before a node is expanded)
    #[arg(long, value_name = "N", default_value_t = 2)]
    expand: u32,
    /// Random seed
    #[arg(long, value_name = "N", default_value = "1", value_parser = bench_flags::seed)]
    seed: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let threads = usize::from(args.threads);
    let policy = Policy::from(args.policy);
    let board = match Board::new(args.size) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let root = GoState::new(&board, args.komi);
    let options = SearchOptions::default()
        .with_threads(threads)
        .with_seed(args.seed)
        .with_expand_threshold(args.expand)
        .with_early_stop(false);
    let mut search = Search::new(options, GoPlayout::new(policy), GoExpander::default());
    let cpu_start = cpu_time();
    let result = search.run(&root, Budget::time(Duration::from_secs_f64(args.seconds)));
    let cpu = cpu_start.and_then(|s| cpu_time().map(|e| e.saturating_sub(s)));

    let secs = result.elapsed.as_secs_f64();
    let n = result.playouts as f64;
    let mut report = String::new();
    let mut line = |text: String| {
        report.push_str(&text);
        report.push('\n');
    };
    line(format!(
        "board: {0}x{0}, komi {1}, {2:?} playouts, {3} thread(s), expansion threshold {4}",
        args.size, args.komi, policy, threads, args.expand
    ));
    line(format!("time: {secs:.3} s, stop: {:?}", result.stop));
    line(format!("playouts: {}", result.playouts));
    line(format!(
        "tree: {} nodes ({:.1} MB), full: {}",
        result.nodes,
        search.tree().memory_bytes() as f64 / 1e6,
        result.tree_full
    ));
    line(format!(
        "best: {} win rate {:.3} (black {:.3}), pv: {}",
        result
            .best
            .map_or_else(|| "-".to_string(), |m| m.to_string()),
        result.value,
        result.first_player_value,
        result
            .pv
            .iter()
            .take(8)
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    ));
    for m in result.moves.iter().take(5) {
        line(format!(
            "  {:>4} visits {:>8} win {:.3} rave {:>8} {:.3} prior {:>3} {:.2}",
            m.mv.to_string(),
            m.visits,
            m.value,
            m.rave_visits,
            m.rave_value,
            m.prior_visits,
            m.prior_value
        ));
    }
    if let Some(cpu) = cpu.map(|c| c.as_secs_f64()).filter(|&c| c > 0.05) {
        line(format!(
            "cpu: {cpu:.3} s ({:.0}% of {} thread(s) x wall clock)",
            100.0 * cpu / (secs * threads as f64),
            threads
        ));
        line(format!("playouts_per_cpu_sec: {:.0}", n / cpu));
        line(format!(
            "playouts_per_sec_at_full_cpu: {:.0}",
            n / cpu * threads as f64
        ));
    }
    line(format!("playouts_per_sec: {:.0}", n / secs));
    let mut out = std::io::stdout().lock();
    if out
        .write_all(report.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// CPU time of this process (all threads) from Linux's `/proc/self/stat`
/// (user + system clock ticks, 100 per second); `None` elsewhere.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses).
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 10))
}
