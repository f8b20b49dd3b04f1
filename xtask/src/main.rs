//! Project tasks: `cargo xtask <task>`.

mod baseline;
mod dataset;
mod engines;
mod play_match;
mod regress;

use std::process::ExitCode;

fn usage() -> String {
    format!(
        "usage: cargo xtask <task>\n\ntasks:\n  help     print this message\n  dataset  build the position analyzer's dataset from SGF games\n  match    play games between two GTP engines\n  regress  run .tst regression suites\n\n{}\n{}\n{}",
        dataset::USAGE,
        play_match::USAGE,
        regress::USAGE
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None | Some("help") | Some("--help") | Some("-h") => {
            print!("{}", usage());
            ExitCode::SUCCESS
        }
        Some("dataset") => dataset::run(&args[1..]),
        Some("match") => play_match::run(&args[1..]),
        Some("regress") => regress::run(&args[1..]),
        Some(other) => {
            eprintln!("unknown task `{other}`\n\n{}", usage());
            ExitCode::FAILURE
        }
    }
}
