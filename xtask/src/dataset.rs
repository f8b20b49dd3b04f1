//! `cargo xtask dataset DIR`: the position analyzer's dataset from a
//! folder of SGF games — positions sampled by move number, analysed in
//! parallel (rayon), one CSV per position, resumable, with a summary.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use go_board::sgf::{GameRecord, Until};
use go_position_analyzer::export::ExportOptions;
use go_position_analyzer::{AnalyzerOptions, TreeLimits, analyze};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

/// Build the position analyzer's dataset from SGF games.
///
/// Builds the position analyzer's dataset (Huertas 2014) from every .sgf
/// file under DIR: in each game the positions before moves FIRST, FIRST+N, ... are analysed
/// with PLAYOUTS playouts and their tree nodes (at least V visits; depth at
/// most D) written as `OUT/<game>-m<move>.csv` with the extended columns (the
/// thesis's 9N^2+7 plus ownership, block liberties and Black's win ratio).
/// Positions whose CSV exists are skipped, so an interrupted run resumes;
/// files are written under a temporary name and renamed when complete.
/// OUT/index.csv lists every position with its board size, rows and root
/// win ratio for Black.
#[derive(Parser)]
#[command(name = "dataset", bin_name = "cargo xtask dataset", version)]
pub struct Cli {
    /// Folder of SGF games (searched recursively)
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Output folder
    #[arg(long, value_name = "OUT", default_value = "target/dataset")]
    out: PathBuf,
    /// Moves between sampled positions (at least 1)
    #[arg(long, value_name = "N", default_value_t = 20)]
    every: u32,
    /// The first sampled position, before this move (at least 1)
    #[arg(long, value_name = "N", default_value_t = 20)]
    first: u32,
    /// Playouts per position (at least 1)
    #[arg(long, value_name = "N", default_value_t = 2_000)]
    playouts: u64,
    /// Least visits of an exported tree node (at least 1)
    #[arg(long, value_name = "V", default_value_t = 5)]
    min_visits: u32,
    /// Deepest exported tree node (default: no limit)
    #[arg(long, value_name = "D")]
    depth: Option<usize>,
    /// Analysis threads (default: every core)
    #[arg(long, value_name = "J")]
    jobs: Option<usize>,
}

struct Options {
    dir: PathBuf,
    out: PathBuf,
    every: u32,
    first: u32,
    playouts: u64,
    min_visits: u32,
    depth: Option<usize>,
    jobs: Option<usize>,
}

impl From<Cli> for Options {
    fn from(cli: Cli) -> Options {
        Options {
            dir: cli.dir,
            out: cli.out,
            every: cli.every.max(1),
            first: cli.first.max(1),
            playouts: cli.playouts.max(1),
            min_visits: cli.min_visits.max(1),
            depth: cli.depth,
            jobs: cli.jobs.map(|j| j.max(1)),
        }
    }
}

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(std::fs::DirEntry::path);
    for e in entries {
        let path = e.path();
        if path.is_dir() {
            sgf_files(&path, out)?;
        } else if path
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
    Ok(())
}

/// One position to analyse.
struct Job {
    game: PathBuf,
    name: String,
    before_move: u32,
}

/// What happened to a job.
enum Outcome {
    Done {
        rows: usize,
        size: usize,
        black: f32,
    },
    Skipped,
    Failed(String),
}

pub fn run(cli: Cli) -> ExitCode {
    match build(&cli.into()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("dataset: {e}");
            ExitCode::FAILURE
        }
    }
}

fn build(o: &Options) -> Result<ExitCode, String> {
    let mut games = Vec::new();
    sgf_files(&o.dir, &mut games).map_err(|e| format!("{}: {e}", o.dir.display()))?;
    std::fs::create_dir_all(&o.out).map_err(|e| format!("{}: {e}", o.out.display()))?;
    // Sample positions by move number; names stay unique per game path.
    let mut jobs = Vec::new();
    let mut unreadable = 0;
    for game in &games {
        let record = match GameRecord::read_file(game) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("skipping {}: {e}", game.display());
                unreadable += 1;
                continue;
            }
        };
        let rel = game.strip_prefix(&o.dir).unwrap_or(game);
        let name: String = rel
            .with_extension("")
            .to_string_lossy()
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let mut m = o.first;
        while (m as usize) <= record.num_moves() {
            jobs.push(Job {
                game: game.clone(),
                name: name.clone(),
                before_move: m,
            });
            m += o.every;
        }
    }
    eprintln!(
        "{} games ({} unreadable), {} positions, {} playouts each",
        games.len(),
        unreadable,
        jobs.len(),
        o.playouts
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.jobs.unwrap_or(0))
        .build()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    // Drawn on standard error when it is a terminal, hidden otherwise.
    let progress = ProgressBar::new(jobs.len() as u64).with_style(
        ProgressStyle::with_template("[{bar:30}] {pos}/{len} positions, {elapsed}")
            .expect("a valid template")
            .progress_chars("## "),
    );
    let outcomes: Vec<Outcome> = pool.install(|| {
        jobs.par_iter()
            .map(|job| {
                let outcome = analyse(o, job);
                progress.inc(1);
                outcome
            })
            .collect()
    });
    progress.finish();
    // The index of every position that has a CSV (this run's and earlier).
    let mut index = String::from("file,game,before_move,size,rows,black_win_ratio\n");
    let (mut analysed, mut skipped, mut failed, mut rows) = (0, 0, 0, 0);
    for (job, outcome) in jobs.iter().zip(&outcomes) {
        match outcome {
            Outcome::Done {
                rows: r,
                size,
                black,
            } => {
                analysed += 1;
                rows += r;
                index.push_str(&format!(
                    "{}-m{}.csv,{},{},{size},{r},{black:.4}\n",
                    job.name,
                    job.before_move,
                    job.game.display(),
                    job.before_move
                ));
            }
            Outcome::Skipped => skipped += 1,
            Outcome::Failed(e) => {
                failed += 1;
                eprintln!("{} move {}: {e}", job.game.display(), job.before_move);
            }
        }
    }
    let index_path = o.out.join("index.csv");
    let mut previous = std::fs::read_to_string(&index_path).unwrap_or_default();
    if !previous.is_empty() {
        // Keep earlier runs' lines, add this run's new ones.
        for line in index.lines().skip(1) {
            previous.push_str(line);
            previous.push('\n');
        }
        index = previous;
    }
    std::fs::write(&index_path, index).map_err(|e| format!("{}: {e}", index_path.display()))?;
    println!(
        "dataset: {analysed} positions analysed ({rows} rows), {skipped} already done, {failed} failed, in {:.1} s -> {}",
        start.elapsed().as_secs_f64(),
        o.out.display()
    );
    Ok(if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn analyse(o: &Options, job: &Job) -> Outcome {
    let path = o.out.join(format!("{}-m{}.csv", job.name, job.before_move));
    if path.exists() {
        return Outcome::Skipped;
    }
    let record = match GameRecord::read_file(&job.game) {
        Ok(r) => r,
        Err(e) => return Outcome::Failed(e.to_string()),
    };
    let position = match record.position(Until::BeforeMove(job.before_move)) {
        Ok(p) => p,
        Err(e) => return Outcome::Failed(e.to_string()),
    };
    let options = AnalyzerOptions::default().with_playouts(o.playouts);
    let analysis = analyze(&position.board, &options);
    let export = ExportOptions::default()
        .with_limits(
            TreeLimits::default()
                .with_max_depth(o.depth)
                .with_min_visits(o.min_visits),
        )
        .with_extended(true);
    let tmp = path.with_extension("csv.tmp");
    let written = std::fs::File::create(&tmp).and_then(|f| {
        go_position_analyzer::export::write_csv(&analysis, &export, std::io::BufWriter::new(f))
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, &path)) {
        return Outcome::Failed(e.to_string());
    }
    let mut rows = 0;
    analysis.walk(export.limits, |v| rows += usize::from(v.depth > 0));
    Outcome::Done {
        rows,
        size: position.board.size(),
        black: analysis.result().first_player_value,
    }
}
