//! `cargo xtask dataset DIR`: the position analyzer's dataset from a
//! folder of SGF games — positions sampled by move number, analysed in
//! parallel (rayon), one CSV per position, resumable, with a summary.
//! The steps are go-position-analyzer's `batch` module, which go-mpi's
//! `dataset_mpi` spreads over MPI ranks instead of threads.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use go_position_analyzer::batch::{self, BatchArgs, BatchOptions, JobOutcome};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

/// Build the position analyzer's dataset from SGF games.
///
/// Builds the position analyzer's dataset (Huertas 2014) from every .sgf
/// file under DIR: in each game the positions before moves FIRST, FIRST+N, ... are analysed
/// with PLAYOUTS playouts and their tree nodes (at least V visits; depth at
/// most D) written as `OUT/<game>-m<move>.csv` (`.arff` with --arff) with the
/// extended columns (the thesis's 9N^2+7 plus ownership, block liberties and
/// Black's win ratio). Positions whose file exists are skipped, so an interrupted run resumes;
/// files are written under a temporary name and renamed when complete.
/// OUT/index.csv lists every position with its board size, rows and root
/// win ratio for Black.
#[derive(Parser)]
#[command(name = "dataset", bin_name = "cargo xtask dataset", version)]
pub struct Cli {
    #[command(flatten)]
    batch: BatchArgs,
    /// Analysis threads (default: every core)
    #[arg(long, value_name = "J")]
    jobs: Option<usize>,
}

impl From<Cli> for (PathBuf, BatchOptions, Option<usize>) {
    fn from(cli: Cli) -> (PathBuf, BatchOptions, Option<usize>) {
        let options = cli.batch.options();
        (cli.batch.dir, options, cli.jobs.map(|j| j.max(1)))
    }
}

pub fn run(cli: Cli) -> ExitCode {
    let (dir, options, jobs) = cli.into();
    match build(&dir, &options, jobs) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("dataset: {e}");
            ExitCode::FAILURE
        }
    }
}

fn build(dir: &Path, o: &BatchOptions, threads: Option<usize>) -> Result<ExitCode, String> {
    let plan = batch::start(dir, o).map_err(|e| e.to_string())?;
    eprint!("{}", plan.report(o.playouts));
    let jobs = plan.jobs;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    // Drawn on standard error when it is a terminal, hidden otherwise.
    let progress = ProgressBar::new(jobs.len() as u64).with_style(
        ProgressStyle::with_template("[{bar:30}] {pos}/{len} positions, {elapsed}")
            .expect("a valid template")
            .progress_chars("## "),
    );
    let outcomes: Vec<JobOutcome> = pool.install(|| {
        jobs.par_iter()
            .map(|job| {
                let outcome = batch::run_job(o, job);
                progress.inc(1);
                outcome
            })
            .collect()
    });
    progress.finish();
    for (job, outcome) in jobs.iter().zip(&outcomes) {
        if let JobOutcome::Failed(e) = outcome {
            eprintln!("{} move {}: {e}", job.game.display(), job.before_move);
        }
    }
    let summary = batch::finish(o, &jobs, &outcomes).map_err(|e| e.to_string())?;
    println!("{}", summary.line(start.elapsed().as_secs_f64(), &o.out));
    Ok(if summary.failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
