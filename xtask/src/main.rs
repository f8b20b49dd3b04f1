//! Project tasks: `cargo xtask <task>`.

mod baseline;
mod dataset;
mod engines;
mod package;
mod parse;
mod play_match;
mod regress;
mod selfplay;
mod td_train;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// Project tasks for go-analysis: regression suites, matches, self-play,
/// datasets, packaging checks.
#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask", version)]
struct Cli {
    #[command(subcommand)]
    task: Option<Task>,
}

#[derive(Subcommand)]
enum Task {
    Dataset(dataset::Cli),
    Match(play_match::Options),
    Package(package::Options),
    Regress(regress::Options),
    Selfplay(selfplay::Options),
    TdTrain(td_train::Options),
}

fn main() -> ExitCode {
    match Cli::parse().task {
        // `cargo xtask` alone lists the tasks, as `cargo xtask help` does.
        None => {
            let _ = Cli::command().print_help();
            ExitCode::SUCCESS
        }
        Some(Task::Dataset(cli)) => dataset::run(cli),
        Some(Task::Match(options)) => play_match::run(&options),
        Some(Task::Package(options)) => package::run(&options),
        Some(Task::Regress(options)) => regress::run(&options),
        Some(Task::Selfplay(options)) => selfplay::run(&options),
        Some(Task::TdTrain(options)) => td_train::run(&options),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
