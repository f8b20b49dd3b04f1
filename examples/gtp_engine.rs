//! A complete GTP engine over standard input and output, with every command
//! the crates offer so far — for GoGui, Sabaki, tournament tools, the peer
//! regression suites (`cargo xtask regress`) and matches (`cargo xtask
//! match`).
//!
//! ```text
//! cargo run --release --example gtp_engine [-- --seed N]
//! ```
//!
//! Its player is go-gtp's default move generator (a uniformly random legal
//! move that keeps its own eyes); the analysis commands are what makes it
//! useful. Each analysis crate adds its commands here through its `gtp`
//! feature's `register` function as it lands.
//!
//! Options:
//! - `--seed N`: seed of the random player (default: different every run).
//! - `--name NAME`: the name `name` answers (default `go-analysis`).

use std::io::{self, BufWriter};
use std::process::ExitCode;

use go_analysis::gtp::movegen::RandomMoves;
use go_analysis::gtp::{GoEngine, Registry, commands};

const USAGE: &str = "usage: gtp_engine [--seed N] [--name NAME]";

struct Options {
    seed: Option<u64>,
    name: String,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        seed: None,
        name: "go-analysis".to_string(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" => {
                let value = args.next().ok_or("--seed needs a number")?;
                options.seed = Some(
                    value
                        .parse()
                        .map_err(|_| format!("--seed needs a number, got {value:?}"))?,
                );
            }
            "--name" => options.name = args.next().ok_or("--name needs a value")?,
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    Ok(options)
}

/// Every command of every crate that offers GTP commands.
fn registry(name: &str) -> Registry<GoEngine> {
    let mut registry = Registry::new(name, env!("CARGO_PKG_VERSION"));
    commands::register_standard(&mut registry);
    go_analysis::search::tactics::gtp::register(&mut registry);
    go_analysis::search::tactics::gtp::register_trymove(&mut registry);
    go_analysis::semeai::gtp::register(&mut registry);
    registry
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("gtp_engine: {message}");
            }
            eprintln!("{USAGE}");
            return if message.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
    };
    let player = match options.seed {
        Some(seed) => RandomMoves::with_seed(seed),
        None => RandomMoves::from_entropy(),
    };
    let state = GoEngine::with_generator(player);
    let mut engine = go_analysis::gtp::Engine::new(registry(&options.name), state);
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    match engine.run(stdin, stdout) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed output pipe means the controller is gone: not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gtp_engine: {e}");
            ExitCode::FAILURE
        }
    }
}
