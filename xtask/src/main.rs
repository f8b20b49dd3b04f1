//! Project tasks: `cargo xtask <task>`.

use std::process::ExitCode;

fn usage() -> &'static str {
    "usage: cargo xtask <task>\n\ntasks:\n  help    print this message\n"
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None | Some("help") | Some("--help") | Some("-h") => {
            print!("{}", usage());
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("unknown task `{other}`\n\n{}", usage());
            ExitCode::FAILURE
        }
    }
}
