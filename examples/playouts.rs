//! Uniform random playouts from the empty board, single-threaded, for a
//! fixed time; prints statistics and a last line `playouts_per_sec: N`.
//!
//! ```text
//! cargo run --release --example playouts -- --size 9 --seconds 5
//! cargo run --release --example playouts -- --size 19 --seconds 5 --komi 7.5 --seed 1
//! ```
//!
//! Each playout plays uniformly random legal moves that do not fill the
//! mover's own eye (see `PlayoutBoard::is_eye`) until two passes in a row
//! or three moves per point, then scores by area (Tromp-Taylor).

#[path = "common/bench_flags.rs"]
#[allow(dead_code)]
mod bench_flags;

use clap::Parser;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use go_analysis::board::{Color, Pcg32, PlayoutBoard, PlayoutOptions};

/// Uniform random playouts from the empty board, single-threaded, for a
/// fixed time (or a fixed number of playouts).
#[derive(Debug, Parser)]
#[command(version)]
struct Args {
    /// Board size (2..=25)
    #[arg(long, value_name = "N", default_value = "9", value_parser = bench_flags::size)]
    size: usize,
    /// Time in seconds (> 0)
    #[arg(long, value_name = "S", default_value = "5", value_parser = bench_flags::seconds)]
    seconds: f64,
    /// Run exactly N playouts instead of timing
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    playouts: Option<u64>,
    /// Komi
    #[arg(long, value_name = "K", default_value = "7.5", value_parser = bench_flags::komi, allow_negative_numbers = true)]
    komi: f32,
    /// Random seed
    #[arg(long, value_name = "N", default_value = "1", value_parser = bench_flags::seed)]
    seed: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let root = match PlayoutBoard::new(args.size) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let options = PlayoutOptions::default().with_komi(args.komi);
    let mut board = root.clone();
    let mut rng = Pcg32::new(args.seed);
    let budget = Duration::from_secs_f64(args.seconds);

    let mut playouts: u64 = 0;
    let mut moves: u64 = 0;
    let mut black_wins: u64 = 0;
    let mut draws: u64 = 0;
    let mut capped: u64 = 0;
    let cpu_start = cpu_time();
    let start = Instant::now();
    let elapsed = loop {
        // Check the clock every 64 playouts; it costs more than a move.
        let batch = args.playouts.map_or(64, |n| (n - playouts).min(64));
        for _ in 0..batch {
            board.copy_from(&root);
            let result = board.playout(&mut rng, &options);
            playouts += 1;
            moves += result.num_moves as u64;
            match result.winner() {
                Some(Color::Black) => black_wins += 1,
                Some(Color::White) => {}
                None => draws += 1,
            }
            capped += u64::from(result.reached_move_cap);
        }
        let elapsed = start.elapsed();
        let done = match args.playouts {
            Some(n) => playouts >= n,
            None => elapsed >= budget,
        };
        if done {
            break elapsed;
        }
    };
    let cpu = cpu_start.and_then(|s| cpu_time().map(|e| e - s));

    let secs = elapsed.as_secs_f64();
    let n = playouts as f64;
    let mut report = String::new();
    let mut line = |text: String| {
        report.push_str(&text);
        report.push('\n');
    };
    line(format!(
        "board: {0}x{0}, komi {1}, seed {2}",
        args.size, args.komi, args.seed
    ));
    line(format!("time: {secs:.3} s, one thread"));
    line(format!(
        "playout board memory: {} bytes",
        root.memory_bytes()
    ));
    line(format!("playouts: {playouts}"));
    line(format!("average moves: {:.1}", moves as f64 / n));
    line(format!(
        "black win rate: {:.2}% ({draws} draws)",
        100.0 * black_wins as f64 / n
    ));
    line(format!("stopped at the move cap: {capped}"));
    line(format!("moves_per_sec: {:.0}", moves as f64 / secs));
    // On a shared machine the wall clock also counts other programs' time
    // slices; the CPU-time figure does not (only shown for runs long
    // enough to measure it).
    if let Some(cpu) = cpu.map(|c| c.as_secs_f64()).filter(|&c| c > 0.05) {
        line(format!(
            "cpu: {cpu:.3} s ({:.0}% of the wall clock)",
            100.0 * cpu / secs
        ));
        line(format!("playouts_per_cpu_sec: {:.0}", n / cpu));
    }
    line(format!("playouts_per_sec: {:.0}", n / secs));
    // A closed pipe (`| head`) is not an error worth a panic.
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

/// CPU time of this thread so far, from Linux's `/proc/thread-self/schedstat`
/// (nanoseconds on the CPU); `None` elsewhere.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}
