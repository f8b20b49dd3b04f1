//! The dataset of a game collection (`cargo xtask dataset`, go-mpi's
//! `dataset_mpi`): positions sampled by move number from every SGF game
//! under a folder, each analysed and written as one file of its tree's
//! nodes (the extended columns; CSV, or Weka's ARFF with
//! [`DatasetFormat::Arff`]), resumable, with an index of every position
//! written.
//!
//! The steps are apart so that a runner can spread them — over threads
//! (xtask, rayon) or processes (go-mpi, MPI): [`plan`] lists the
//! positions ([`Job`]s) in a fixed order, [`analyse_bytes`] analyses one
//! from its game record's bytes (a worker needs no file system),
//! [`write_file`] writes a file under a temporary name then renames it,
//! and [`finish`] writes `index.csv` from the outcomes in the jobs'
//! order — so any runner writes the same bytes.
//!
//! ```
//! use go_position_analyzer::batch::{BatchOptions, JobOutcome, finish, plan, run_job};
//! let dir = std::env::temp_dir().join(format!("batch-doc-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join("games"))?;
//! std::fs::write(dir.join("games/a.sgf"), "(;SZ[5];B[cc];W[bb];B[dd];W[cb])")?;
//! let options = BatchOptions::default().with_out(dir.join("out")).with_every(2).with_first(2).with_playouts(100);
//! let plan = plan(&dir.join("games"), &options)?;
//! assert_eq!(plan.jobs.len(), 2); // before moves 2 and 4
//! std::fs::create_dir_all(&options.out)?;
//! let outcomes: Vec<JobOutcome> = plan.jobs.iter().map(|j| run_job(&options, j)).collect();
//! let summary = finish(&options, &plan.jobs, &outcomes)?;
//! assert_eq!(summary.analysed, 2);
//! assert!(options.out.join("a-m2.csv").exists());
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::{Path, PathBuf};

use go_board::sgf::{GameRecord, SgfError, Until};

use crate::export::ExportOptions;
use crate::{AnalyzerOptions, TreeLimits, analyze};

/// The file format of each position's dataset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DatasetFormat {
    /// Comma-separated values with a header line (pandas, R).
    #[default]
    Csv,
    /// Weka's ARFF: a header declaring every attribute, then the rows.
    Arff,
}

impl DatasetFormat {
    /// The file extension, without the dot: `csv` or `arff`.
    ///
    /// ```
    /// use go_position_analyzer::batch::DatasetFormat;
    /// assert_eq!(DatasetFormat::Arff.extension(), "arff");
    /// ```
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            DatasetFormat::Csv => "csv",
            DatasetFormat::Arff => "arff",
        }
    }
}

/// What to sample and how to analyse it. Built from the default and the
/// `with_` methods, so that options added later do not break callers.
///
/// ```
/// use go_position_analyzer::batch::{BatchOptions, DatasetFormat};
/// let options = BatchOptions::default().with_every(10).with_format(DatasetFormat::Arff);
/// assert_eq!((options.every, options.first), (10, 20));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BatchOptions {
    /// The output folder.
    pub out: PathBuf,
    /// Moves between sampled positions (at least 1).
    pub every: u32,
    /// The first sampled position, before this move (at least 1).
    pub first: u32,
    /// Playouts per position (one thread, the analyzer's seed: the same
    /// CSV on every run).
    pub playouts: u64,
    /// Least visits of an exported tree node.
    pub min_visits: u32,
    /// Deepest exported tree node (`None`: no limit).
    pub depth: Option<usize>,
    /// The format of each position's file.
    pub format: DatasetFormat,
}

impl BatchOptions {
    /// Sets [`out`](Self::out).
    ///
    /// ```
    /// use go_position_analyzer::batch::BatchOptions;
    /// assert_eq!(BatchOptions::default().with_out("data").out, std::path::Path::new("data"));
    /// ```
    #[must_use]
    pub fn with_out(mut self, out: impl Into<PathBuf>) -> BatchOptions {
        self.out = out.into();
        self
    }

    /// Sets [`every`](Self::every).
    ///
    /// ```
    /// use go_position_analyzer::batch::BatchOptions;
    /// assert_eq!(BatchOptions::default().with_every(5).every, 5);
    /// ```
    #[must_use]
    pub fn with_every(mut self, every: u32) -> BatchOptions {
        self.every = every;
        self
    }

    /// Sets [`first`](Self::first).
    ///
    /// ```
    /// use go_position_analyzer::batch::BatchOptions;
    /// assert_eq!(BatchOptions::default().with_first(1).first, 1);
    /// ```
    #[must_use]
    pub fn with_first(mut self, first: u32) -> BatchOptions {
        self.first = first;
        self
    }

    /// Sets [`playouts`](Self::playouts).
    ///
    /// ```
    /// use go_position_analyzer::batch::BatchOptions;
    /// assert_eq!(BatchOptions::default().with_playouts(100).playouts, 100);
    /// ```
    #[must_use]
    pub fn with_playouts(mut self, playouts: u64) -> BatchOptions {
        self.playouts = playouts;
        self
    }

    /// Sets [`min_visits`](Self::min_visits).
    ///
    /// ```
    /// use go_position_analyzer::batch::BatchOptions;
    /// assert_eq!(BatchOptions::default().with_min_visits(3).min_visits, 3);
    /// ```
    #[must_use]
    pub fn with_min_visits(mut self, min_visits: u32) -> BatchOptions {
        self.min_visits = min_visits;
        self
    }

    /// Sets [`depth`](Self::depth).
    ///
    /// ```
    /// use go_position_analyzer::batch::BatchOptions;
    /// assert_eq!(BatchOptions::default().with_depth(Some(4)).depth, Some(4));
    /// ```
    #[must_use]
    pub fn with_depth(mut self, depth: Option<usize>) -> BatchOptions {
        self.depth = depth;
        self
    }

    /// Sets [`format`](Self::format).
    ///
    /// ```
    /// use go_position_analyzer::batch::{BatchOptions, DatasetFormat};
    /// let arff = BatchOptions::default().with_format(DatasetFormat::Arff);
    /// assert_eq!(arff.format, DatasetFormat::Arff);
    /// ```
    #[must_use]
    pub fn with_format(mut self, format: DatasetFormat) -> BatchOptions {
        self.format = format;
        self
    }
}

impl Default for BatchOptions {
    /// `cargo xtask dataset`'s defaults: every 20 moves from move 20,
    /// 2,000 playouts, nodes of 5 visits or more, into `target/dataset`.
    fn default() -> BatchOptions {
        BatchOptions {
            out: PathBuf::from("target/dataset"),
            every: 20,
            first: 20,
            playouts: 2_000,
            min_visits: 5,
            depth: None,
            format: DatasetFormat::Csv,
        }
    }
}

/// The dataset's command-line options (clap's derive, feature `cli`), as
/// `cargo xtask dataset` and go-mpi's `dataset_mpi` take them: flatten
/// them into a command line and turn them into [`BatchOptions`].
///
/// ```
/// use clap::Parser;
/// use go_position_analyzer::batch::{BatchArgs, DatasetFormat};
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     batch: BatchArgs,
/// }
/// let cli = Cli::parse_from(["dataset", "games", "--every", "10", "--arff"]);
/// let options = cli.batch.options();
/// assert_eq!((options.every, options.format), (10, DatasetFormat::Arff));
/// ```
#[cfg(feature = "cli")]
#[derive(clap::Args, Clone, Debug)]
pub struct BatchArgs {
    /// Folder of SGF games (searched recursively)
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Output folder
    #[arg(long, value_name = "OUT", default_value = "target/dataset")]
    pub out: PathBuf,
    /// Moves between sampled positions (at least 1)
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub every: u32,
    /// The first sampled position, before this move (at least 1)
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub first: u32,
    /// Playouts per position (at least 1)
    #[arg(long, value_name = "N", default_value_t = 2_000)]
    pub playouts: u64,
    /// Least visits of an exported tree node (at least 1)
    #[arg(long, value_name = "V", default_value_t = 5)]
    pub min_visits: u32,
    /// Deepest exported tree node (default: no limit)
    #[arg(long, value_name = "D")]
    pub depth: Option<usize>,
    /// Write each position as Weka's ARFF (`.arff`) instead of CSV
    #[arg(long)]
    pub arff: bool,
}

#[cfg(feature = "cli")]
impl BatchArgs {
    /// The options these arguments give (counts of 0 taken as 1).
    #[must_use]
    pub fn options(&self) -> BatchOptions {
        BatchOptions {
            out: self.out.clone(),
            every: self.every.max(1),
            first: self.first.max(1),
            playouts: self.playouts.max(1),
            min_visits: self.min_visits.max(1),
            depth: self.depth,
            format: if self.arff {
                DatasetFormat::Arff
            } else {
                DatasetFormat::Csv
            },
        }
    }
}

/// What went wrong with a collection or a position.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BatchError {
    /// A folder or file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The path.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A game record could not be read, or its position not set up.
    #[error(transparent)]
    Sgf(#[from] SgfError),
}

/// One position to analyse: a game and a move number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The game record.
    pub game: PathBuf,
    /// The game's name in file names (its path under the folder, other
    /// characters than letters, digits, `-` and `_` made `_`).
    pub name: String,
    /// The position is the one before this move.
    pub before_move: u32,
}

impl Job {
    /// The position's file name in `format`: `NAME-mMOVE.csv` or `.arff`.
    ///
    /// ```
    /// use go_position_analyzer::batch::{DatasetFormat, Job};
    /// let job = Job { game: "g/a b.sgf".into(), name: "a_b".into(), before_move: 40 };
    /// assert_eq!(job.file_name(DatasetFormat::Csv), "a_b-m40.csv");
    /// assert_eq!(job.file_name(DatasetFormat::Arff), "a_b-m40.arff");
    /// ```
    #[must_use]
    pub fn file_name(&self, format: DatasetFormat) -> String {
        format!("{}-m{}.{}", self.name, self.before_move, format.extension())
    }
}

/// The positions of a collection.
#[derive(Debug)]
pub struct Plan {
    /// SGF files found.
    pub games: usize,
    /// Those that could not be read, with why.
    pub unreadable: Vec<(PathBuf, SgfError)>,
    /// The positions, by game (paths sorted) then move.
    pub jobs: Vec<Job>,
}

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), BatchError> {
    let io = |source| BatchError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map_err(io)?
        .collect::<Result<_, _>>()
        .map_err(io)?;
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

/// Every position to analyse among the SGF files under `dir` (searched
/// recursively, in path order): in each game the positions before moves
/// `first`, `first + every`, … up to its last move.
///
/// # Errors
/// [`BatchError::Io`] when a folder cannot be read; a game that cannot
/// be read is listed in [`Plan::unreadable`] instead.
pub fn plan(dir: &Path, options: &BatchOptions) -> Result<Plan, BatchError> {
    let mut games = Vec::new();
    sgf_files(dir, &mut games)?;
    let mut jobs = Vec::new();
    let mut unreadable = Vec::new();
    for game in &games {
        let record = match GameRecord::read_file(game) {
            Ok(r) => r,
            Err(e) => {
                unreadable.push((game.clone(), e));
                continue;
            }
        };
        let rel = game.strip_prefix(dir).unwrap_or(game);
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
        let mut m = options.first.max(1);
        while (m as usize) <= record.num_moves() {
            jobs.push(Job {
                game: game.clone(),
                name: name.clone(),
                before_move: m,
            });
            m = m.saturating_add(options.every.max(1));
            if m == u32::MAX {
                break;
            }
        }
    }
    Ok(Plan {
        games: games.len(),
        unreadable,
        jobs,
    })
}

/// [`plan`], then the output folder made: what every runner does first.
///
/// # Errors
/// [`BatchError::Io`] when a folder cannot be read or the output folder
/// made.
pub fn start(dir: &Path, options: &BatchOptions) -> Result<Plan, BatchError> {
    let plan = plan(dir, options)?;
    std::fs::create_dir_all(&options.out).map_err(|source| BatchError::Io {
        path: options.out.clone(),
        source,
    })?;
    Ok(plan)
}

impl Plan {
    /// What a runner says before it starts: a line per game that cannot
    /// be read, then the counts.
    ///
    /// ```
    /// let plan = go_position_analyzer::batch::Plan { games: 2, unreadable: Vec::new(), jobs: Vec::new() };
    /// assert_eq!(plan.report(500), "2 games (0 unreadable), 0 positions, 500 playouts each\n");
    /// ```
    #[must_use]
    pub fn report(&self, playouts: u64) -> String {
        let mut text = String::new();
        for (game, e) in &self.unreadable {
            text.push_str(&format!("skipping {}: {e}\n", game.display()));
        }
        text.push_str(&format!(
            "{} games ({} unreadable), {} positions, {playouts} playouts each\n",
            self.games,
            self.unreadable.len(),
            self.jobs.len(),
        ));
        text
    }
}

/// One analysed position: its file and what the index says of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysed {
    /// The file's bytes (CSV or ARFF, as the options asked).
    pub bytes: Vec<u8>,
    /// Its rows (tree nodes below the root).
    pub rows: usize,
    /// The board size.
    pub size: usize,
    /// The root's win ratio for Black.
    pub black: f32,
}

/// Analyses the position before move `before_move` of the game record
/// `sgf` (its bytes, as [`GameRecord::from_bytes`] reads them).
///
/// # Errors
/// [`BatchError::Sgf`] when the record cannot be read or the position not
/// set up.
pub fn analyse_bytes(
    sgf: &[u8],
    before_move: u32,
    options: &BatchOptions,
) -> Result<Analysed, BatchError> {
    let record = GameRecord::from_bytes(sgf)?;
    analyse_record(&record, before_move, options)
}

/// Analyses the position before move `before_move` of `record`.
///
/// # Errors
/// [`BatchError::Sgf`] when the position cannot be set up.
pub fn analyse_record(
    record: &GameRecord,
    before_move: u32,
    options: &BatchOptions,
) -> Result<Analysed, BatchError> {
    let position = record.position(Until::BeforeMove(before_move))?;
    let analysis = analyze(
        &position.board,
        &AnalyzerOptions::default().with_playouts(options.playouts.max(1)),
    );
    let export = ExportOptions::default()
        .with_limits(TreeLimits {
            max_depth: options.depth,
            min_visits: options.min_visits.max(1),
        })
        .with_extended(true);
    let mut bytes = Vec::new();
    match options.format {
        DatasetFormat::Csv => crate::export::write_csv(&analysis, &export, &mut bytes),
        DatasetFormat::Arff => crate::export::write_arff(&analysis, &export, &mut bytes),
    }
    .map_err(|source| BatchError::Io {
        path: PathBuf::from("<memory>"),
        source,
    })?;
    let mut rows = 0;
    analysis.walk(export.limits, |v| rows += usize::from(v.depth > 0));
    Ok(Analysed {
        bytes,
        rows,
        size: position.board.size(),
        black: analysis.result().first_player_value,
    })
}

/// Writes `bytes` as `path`, under a temporary name first (`.tmp` added
/// to the extension) and renamed when complete, so that an interrupted
/// run leaves no half-written file to be taken for a finished one.
///
/// # Errors
/// [`BatchError::Io`] when the file cannot be written or renamed.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), BatchError> {
    let extension = path
        .extension()
        .map_or_else(String::new, |e| e.to_string_lossy().into_owned());
    let tmp = path.with_extension(format!("{extension}.tmp"));
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|source| BatchError::Io {
            path: path.to_path_buf(),
            source,
        })
}

/// The old name of [`JobOutcome`], which clashed with `go_search::Outcome` (a game's
/// result) and `go_gtp::regress`'s test outcome.
#[deprecated(since = "0.2.0", note = "renamed `JobOutcome`")]
pub type Outcome = JobOutcome;

/// What happened to a job.
#[derive(Clone, Debug, PartialEq)]
pub enum JobOutcome {
    /// Analysed and written.
    Done {
        /// Rows (tree nodes below the root).
        rows: usize,
        /// Board size.
        size: usize,
        /// The root's win ratio for Black.
        black: f32,
    },
    /// Its file was there already.
    Skipped,
    /// It failed, and why.
    Failed(String),
}

impl JobOutcome {
    /// The outcome of writing `analysed` to `path`.
    #[must_use]
    pub fn of_written(path: &Path, analysed: &Analysed) -> JobOutcome {
        match write_file(path, &analysed.bytes) {
            Ok(()) => JobOutcome::Done {
                rows: analysed.rows,
                size: analysed.size,
                black: analysed.black,
            },
            Err(e) => JobOutcome::Failed(e.to_string()),
        }
    }
}

/// Whether `job`'s file is written already (a resumed run skips it).
#[must_use]
pub fn is_done(options: &BatchOptions, job: &Job) -> bool {
    options.out.join(job.file_name(options.format)).exists()
}

/// One job in this process: skipped when its file exists, else read,
/// analysed and written.
#[must_use]
pub fn run_job(options: &BatchOptions, job: &Job) -> JobOutcome {
    if is_done(options, job) {
        return JobOutcome::Skipped;
    }
    let analysed = GameRecord::read_file(&job.game)
        .map_err(BatchError::from)
        .and_then(|r| analyse_record(&r, job.before_move, options));
    match analysed {
        Ok(a) => JobOutcome::of_written(&options.out.join(job.file_name(options.format)), &a),
        Err(e) => JobOutcome::Failed(e.to_string()),
    }
}

/// The counts of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Positions analysed by this run.
    pub analysed: usize,
    /// Their rows.
    pub rows: usize,
    /// Positions written by an earlier run.
    pub skipped: usize,
    /// Positions that failed.
    pub failed: usize,
}

impl Summary {
    /// The run's closing line, as `cargo xtask dataset` prints it.
    ///
    /// ```
    /// let s = go_position_analyzer::batch::Summary { analysed: 3, rows: 90, skipped: 1, failed: 0 };
    /// assert_eq!(s.line(2.04, std::path::Path::new("out")),
    ///            "dataset: 3 positions analysed (90 rows), 1 already done, 0 failed, in 2.0 s -> out");
    /// ```
    #[must_use]
    pub fn line(&self, seconds: f64, out: &Path) -> String {
        format!(
            "dataset: {} positions analysed ({} rows), {} already done, {} failed, in {seconds:.1} s -> {}",
            self.analysed,
            self.rows,
            self.skipped,
            self.failed,
            out.display()
        )
    }
}

/// Adds this run's positions to `OUT/index.csv` (created with its header
/// when absent; earlier runs' lines kept), in the jobs' order, and counts
/// the outcomes (`outcomes[i]` is `jobs[i]`'s).
///
/// # Errors
/// [`BatchError::Io`] when the index cannot be written.
pub fn finish(
    options: &BatchOptions,
    jobs: &[Job],
    outcomes: &[JobOutcome],
) -> Result<Summary, BatchError> {
    let mut index = String::from("file,game,before_move,size,rows,black_win_ratio\n");
    let mut summary = Summary::default();
    for (job, outcome) in jobs.iter().zip(outcomes) {
        match outcome {
            JobOutcome::Done { rows, size, black } => {
                summary.analysed += 1;
                summary.rows += rows;
                index.push_str(&format!(
                    "{},{},{},{size},{rows},{black:.4}\n",
                    job.file_name(options.format),
                    job.game.display(),
                    job.before_move
                ));
            }
            JobOutcome::Skipped => summary.skipped += 1,
            JobOutcome::Failed(_) => summary.failed += 1,
        }
    }
    let index_path = options.out.join("index.csv");
    let mut previous = std::fs::read_to_string(&index_path).unwrap_or_default();
    if !previous.is_empty() {
        // Keep earlier runs' lines, add this run's new ones.
        for line in index.lines().skip(1) {
            previous.push_str(line);
            previous.push('\n');
        }
        index = previous;
    }
    std::fs::write(&index_path, index).map_err(|source| BatchError::Io {
        path: index_path,
        source,
    })?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arff_positions_are_weka_files_named_in_the_index() {
        let dir = std::env::temp_dir().join(format!("batch-arff-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("games")).expect("a folder");
        std::fs::write(dir.join("games/a.sgf"), "(;SZ[5];B[cc];W[bb];B[dd];W[cb])")
            .expect("a game");
        let options = BatchOptions {
            out: dir.join("out"),
            every: 2,
            first: 2,
            playouts: 100,
            min_visits: 2,
            format: DatasetFormat::Arff,
            ..BatchOptions::default()
        };
        let plan = plan(&dir.join("games"), &options).expect("a plan");
        std::fs::create_dir_all(&options.out).expect("a folder");
        let outcomes: Vec<JobOutcome> = plan.jobs.iter().map(|j| run_job(&options, j)).collect();
        let summary = finish(&options, &plan.jobs, &outcomes).expect("an index");
        assert_eq!(summary.analysed, 2);
        let file = std::fs::read_to_string(options.out.join("a-m2.arff")).expect("written");
        assert!(file.contains("\n@relation "), "{file}");
        assert!(file.contains("@data"), "{file}");
        assert!(!options.out.join("a-m2.csv").exists());
        let index = std::fs::read_to_string(options.out.join("index.csv")).expect("an index");
        assert!(index.contains("\na-m2.arff,"), "{index}");
        // Resumed: the ARFF is what counts as done.
        assert!(is_done(&options, &plan.jobs[0]));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
