//! The position analyzer's dataset of a game collection over MPI: `cargo
//! xtask dataset` with the positions spread over the ranks (go-mpi's
//! `batch` module). Same options, same files, byte for byte; rank 0
//! reads the games, writes every file and shows the progress.
//!
//! ```text
//! mpirun -np 4 dataset_mpi GAMES/ --out target/dataset --every 20 --playouts 2000
//! ```
//!
//! After xtask's closing line rank 0 prints the ranks, the positions per
//! minute and the mean overhead of a position sent to another rank (from
//! its sending to its result's arrival, less the analysis).

use std::process::ExitCode;

use clap::Parser;
use go_mpi::batch::{run, work};
use go_position_analyzer::batch::{BatchArgs, JobOutcome, start};
use indicatif::{ProgressBar, ProgressStyle};
use mpi::traits::Communicator;

/// The position analyzer's dataset from SGF games, spread over MPI ranks
/// (as `cargo xtask dataset`).
#[derive(Parser, Debug)]
#[command(version)]
struct Cli {
    /// What to analyse and where to write it (the games are read, and the
    /// files written, by rank 0 only)
    #[command(flatten)]
    batch: BatchArgs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let Some(universe) = mpi::initialize() else {
        eprintln!("dataset_mpi: MPI could not be initialised");
        return ExitCode::FAILURE;
    };
    let world = universe.world();
    let options = cli.batch.options();
    if world.rank() != 0 {
        work(&world, &options);
        return ExitCode::SUCCESS;
    }
    // Rank 0 stops the others with "no more" even when it fails early.
    let fail = |message: String| {
        eprintln!("dataset_mpi: {message}");
        let _ = run(&world, &[], &options, |_, _| {});
        ExitCode::FAILURE
    };
    let plan = match start(&cli.batch.dir, &options) {
        Ok(p) => p,
        Err(e) => return fail(e.to_string()),
    };
    eprint!("{}", plan.report(options.playouts));
    let jobs = plan.jobs;
    // Drawn on standard error when it is a terminal, hidden otherwise.
    let progress = ProgressBar::new(jobs.len() as u64).with_style(
        ProgressStyle::with_template("[{bar:30}] {pos}/{len} positions, {elapsed}")
            .expect("a valid template")
            .progress_chars("## "),
    );
    let done = jobs
        .iter()
        .filter(|j| go_position_analyzer::batch::is_done(&options, j))
        .count();
    progress.inc(done as u64);
    let result = run(&world, &jobs, &options, |_, _| progress.inc(1));
    progress.finish();
    let (report, outcomes) = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("dataset_mpi: {e}");
            return ExitCode::FAILURE;
        }
    };
    for (job, outcome) in jobs.iter().zip(&outcomes) {
        if let JobOutcome::Failed(e) = outcome {
            eprintln!("{} move {}: {e}", job.game.display(), job.before_move);
        }
    }
    println!(
        "{}",
        report
            .summary
            .line(report.elapsed.as_secs_f64(), &options.out)
    );
    println!(
        "dataset_mpi: {} ranks, {:.1} positions/min, overhead {:.1} ms a position sent to another rank ({} sent)",
        world.size(),
        report.per_minute(),
        report.overhead_per_position().as_secs_f64() * 1e3,
        report.remote
    );
    if report.summary.failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
