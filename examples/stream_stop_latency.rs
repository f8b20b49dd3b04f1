//! How fast the `gtp_engine` example stops a live-analysis stream when the
//! next command arrives (issue 23's target: under 50 ms whatever the
//! interval, as Lizzie and Sabaki expect).
//!
//! ```text
//! cargo build --release --example gtp_engine
//! cargo run --release --example stream_stop_latency [-- ROUNDS]
//! ```
//!
//! For each stream — `kata-analyze` with the default 1 s interval,
//! `lz-analyze w 200` (2 s), `kata-analyze 4294967295` (a report every
//! 497 days) and `kata-analyze` with ownership, on an empty 9×9 and on a
//! 19×19 middle game — it starts the stream, lets it run 200 ms, sends
//! `name`, and times the reply. It prints each case's median and maximum
//! in milliseconds, and a last line `stream_stop_max_ms X` over all.

#[path = "common/gtp_client.rs"]
mod gtp_client;

use clap::Parser;
use std::process::ExitCode;
use std::time::Duration;

use gtp_client::{Engine, engine_path};

/// A 19×19 middle game (moves of a professional opening).
const MIDDLE_GAME: &str = "play b Q16\nplay w D4\nplay b Q3\nplay w D16\nplay b C14\nplay w F17\nplay b C17\nplay w C16\nplay b D17\nplay w E17\nplay b B16\nplay w C15\nplay b B15\nplay w D14\nplay b C13\nplay w R5\nplay b O3\nplay w R10\nplay b P16\nplay w C6\nplay b F3\nplay w C3\nplay b K4\nplay w E14\nplay b R3\nplay w S4\nplay b S3";

fn run(rounds: usize) -> Result<(), String> {
    let path = engine_path()?;
    let dir = std::env::temp_dir();
    let mut engine = Engine::start(&path, &["--threads", "2", "--seed", "1"], &dir)?;
    let timeout = Duration::from_secs(30);
    let streams = [
        "kata-analyze",
        "lz-analyze w 200",
        "kata-analyze 4294967295",
        "kata-analyze 10 ownership true",
    ];
    let mut worst = Duration::ZERO;
    for (board, setup) in [
        ("9x9 empty", "boardsize 9\nclear_board".to_string()),
        (
            "19x19 middle game",
            format!("boardsize 19\nclear_board\n{MIDDLE_GAME}"),
        ),
    ] {
        for line in setup.lines() {
            let reply = engine.ask(line, timeout)?;
            if !reply.starts_with('=') {
                return Err(format!("{line}: {reply}"));
            }
        }
        for stream in streams {
            let mut times = Vec::new();
            for _ in 0..rounds {
                let (elapsed, reply) =
                    engine.stop_stream(stream, Duration::from_millis(200), "name", timeout)?;
                if !reply.starts_with("= ") {
                    return Err(format!("name after {stream}: {reply}"));
                }
                times.push(elapsed);
            }
            times.sort();
            let median = times[times.len() / 2];
            let max = *times.last().unwrap_or(&Duration::ZERO);
            worst = worst.max(max);
            println!(
                "{board:<18} {stream:<32} median {:6.1} ms  max {:6.1} ms  ({rounds} rounds)",
                median.as_secs_f64() * 1e3,
                max.as_secs_f64() * 1e3
            );
        }
    }
    engine.quit()?;
    println!("stream_stop_max_ms {:.1}", worst.as_secs_f64() * 1e3);
    Ok(())
}

/// How fast the gtp_engine example stops a live-analysis stream when the
/// next command arrives.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// Rounds of each stream
    #[arg(value_name = "ROUNDS", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    rounds: u32,
}

fn main() -> ExitCode {
    let rounds = Cli::parse().rounds as usize;
    match run(rounds) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stream_stop_latency: {e}");
            ExitCode::FAILURE
        }
    }
}
