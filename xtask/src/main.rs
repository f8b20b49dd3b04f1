//! Project tasks: `cargo xtask <task>`.

mod baseline;
mod regress;

use std::process::ExitCode;

fn usage() -> String {
    format!(
        "usage: cargo xtask <task>\n\ntasks:\n  help     print this message\n  regress  run .tst regression suites\n\n{}",
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
        Some("regress") => regress::run(&args[1..]),
        Some(other) => {
            eprintln!("unknown task `{other}`\n\n{}", usage());
            ExitCode::FAILURE
        }
    }
}
