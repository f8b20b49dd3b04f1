//! `cargo xtask regress`: run `.tst` suites against an engine and score them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use go_gtp::controller::EngineCommand;
use go_gtp::regress::{RunOptions, Scoring, Suite, run_suite};

use clap::{CommandFactory, Parser};

use crate::baseline::{self, Baseline, Verdict};
use crate::engines::{default_engine, default_suites_dir, workspace_root};
use crate::parse::{self, Timeout};

/// Run .tst regression suites.
///
/// Runs GNU Go-style regression suites, each from its own folder, and
/// prints unexpected results (PASSED, FAILED), per-file totals and a last
/// line `N passed, M failed`. A DIR stands for the .tst files directly
/// inside it; paths that do not exist as given are looked up in the
/// peer-suites folder.
///
/// Tests are scored by their patterns, except in the suites that the
/// baseline's `[scoring]` section (or --scoring) marks count-at-least: there
/// a `go_safe benson|static` test passes when the engine's count is at
/// least the expected one (Fuego's answers are what its solver proves).
#[derive(Parser)]
#[command(name = "regress", bin_name = "cargo xtask regress", version)]
pub struct Options {
    /// Engine command line (default: the gtp_engine example,
    /// target/release/examples/gtp_engine, built on demand)
    #[arg(long, value_name = "CMD", allow_hyphen_values = true)]
    engine: Option<String>,
    /// Peer-suites folder (default: $GO_ANALYSIS_PEER_SUITES, else
    /// ../shared/peer-suites beside the workspace)
    #[arg(long, value_name = "DIR")]
    suites: Option<PathBuf>,
    /// Time limit per command, 0 for none
    #[arg(long, value_name = "SECS", default_value = "120", value_parser = parse::timeout)]
    timeout: Timeout,
    /// Print every result, not only unexpected ones
    #[arg(long, short)]
    verbose: bool,
    /// Let the engine's standard error through
    #[arg(long)]
    engine_stderr: bool,
    /// Baseline file (default regress/baseline.toml); its `args = "..."`
    /// line, if any, is passed to the default engine, and its `[scoring]`
    /// section says how each suite is scored (also without
    /// --check-baseline)
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Score every suite given this way, whatever the baseline says:
    /// exact (by the patterns) or count-at-least (a `go_safe
    /// benson|static` count at least the expected one, and at least N
    /// after a `# full answer with seki detection: N` note, passes); not
    /// with --update-baseline, whose counts follow the baseline's scoring
    #[arg(
        long,
        value_name = "exact|count-at-least",
        conflicts_with = "update_baseline"
    )]
    scoring: Option<Scoring>,
    /// Fail when a suite passes fewer tests than its baseline; without
    /// FILE/DIR, runs every suite of the baseline
    #[arg(long)]
    check_baseline: bool,
    /// Record the measured pass counts in the baseline
    #[arg(long)]
    update_baseline: bool,
    /// Suites run at once, each with its own engine (default: the
    /// machine's cores); each suite's report is printed when it ends
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Suite files, or folders of them
    #[arg(value_name = "FILE.tst | DIR")]
    paths: Vec<PathBuf>,
}

impl Options {
    /// How the suite `key` is scored: as --scoring says, else as the
    /// baseline says.
    fn scoring_of(&self, key: &str, baseline: &Baseline) -> Scoring {
        self.scoring.unwrap_or_else(|| baseline.scoring_of(key))
    }
}

/// A suite file to run and the name it has in reports and the baseline.
struct SuiteFile {
    path: PathBuf,
    key: String,
    scoring: Scoring,
}

/// The name of `path` relative to the peer-suites folder when it lies
/// inside, else the path as given.
fn suite_key(path: &Path, suites: &Path) -> String {
    let relative = match (path.canonicalize(), suites.canonicalize()) {
        (Ok(path), Ok(suites)) => path.strip_prefix(&suites).map(Path::to_path_buf).ok(),
        _ => None,
    };
    relative
        .unwrap_or_else(|| path.to_path_buf())
        .to_string_lossy()
        .replace('\\', "/")
}

fn collect_files(paths: &[PathBuf], suites: &Path) -> Result<Vec<SuiteFile>, String> {
    let mut files = Vec::new();
    for given in paths {
        let path = if given.exists() {
            given.clone()
        } else if suites.join(given).exists() {
            suites.join(given)
        } else {
            return Err(format!(
                "{} not found (nor in {})",
                given.display(),
                suites.display()
            ));
        };
        if path.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(&path)
                .map_err(|e| format!("cannot list {}: {e}", path.display()))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|ext| ext == "tst") && p.is_file())
                .collect();
            inside.sort();
            if inside.is_empty() {
                return Err(format!("no .tst files in {}", path.display()));
            }
            files.extend(inside.into_iter().map(|p| SuiteFile {
                key: suite_key(&p, suites),
                path: p,
                scoring: Scoring::Exact,
            }));
        } else {
            files.push(SuiteFile {
                key: suite_key(&path, suites),
                path,
                scoring: Scoring::Exact,
            });
        }
    }
    Ok(files)
}

/// Runs `files` on `jobs` threads, each suite with its own engine, and
/// prints each suite's report whole when it ends. The pass and fail counts
/// of each file, in order (`None` where the suite could not be run).
fn run_files(
    files: &[SuiteFile],
    engine: &EngineCommand,
    run_options: &RunOptions,
    verbose: bool,
    jobs: usize,
) -> Vec<Option<(usize, usize)>> {
    use std::fmt::Write as _;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};

    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; files.len()]);
    let one = |file: &SuiteFile| -> Option<(usize, usize)> {
        let suite = match Suite::load(&file.path) {
            Ok(suite) => suite,
            Err(e) => {
                eprintln!("{}: cannot read: {e}", file.key);
                return None;
            }
        };
        let mut text = format!("{}: {} tests", file.key, suite.num_tests());
        if file.scoring != Scoring::Exact {
            let _ = write!(text, ", {} scoring", file.scoring);
        }
        text.push('\n');
        let run_options = run_options.with_scoring(file.scoring);
        let report = run_suite(&suite, engine, &run_options, |result| {
            if verbose || result.outcome.is_unexpected() {
                let _ = writeln!(text, "  {}:{} {result}", file.key, result.line);
            }
        });
        let report = match report {
            Ok(report) => report,
            Err(e) => {
                print!("{text}");
                eprintln!("{}: {e}", file.key);
                return None;
            }
        };
        for failure in &report.setup_failures {
            let _ = writeln!(
                text,
                "  {}:{} setup `{}` failed: {}",
                file.key, failure.line, failure.command, failure.message
            );
        }
        let _ = writeln!(text, "{}: {}", file.key, report.summary());
        // One suite's report at a time, whole.
        print!("{text}");
        Some((report.passed(), report.failed()))
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, files.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(file) = files.get(i) else { break };
                    let ran = one(file);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = ran;
                }
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner())
}

pub fn run(options: &Options) -> ExitCode {
    match run_inner(options) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("regress: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run_inner(options: &Options) -> Result<ExitCode, String> {
    let root = workspace_root();
    let suites = options
        .suites
        .clone()
        .unwrap_or_else(|| default_suites_dir(&root));
    let baseline_path = options
        .baseline
        .clone()
        .unwrap_or_else(|| root.join("regress").join("baseline.toml"));
    let uses_baseline = options.check_baseline || options.update_baseline;
    // Read whenever it exists: its [scoring] section applies to every run.
    let baseline = if baseline_path.exists() {
        let text = std::fs::read_to_string(&baseline_path)
            .map_err(|e| format!("cannot read {}: {e}", baseline_path.display()))?;
        Baseline::parse(&text).map_err(|e| format!("{}: {e}", baseline_path.display()))?
    } else if options.check_baseline {
        return Err(format!("baseline {} not found", baseline_path.display()));
    } else {
        Baseline::default()
    };

    let paths: Vec<PathBuf> = if options.paths.is_empty() && options.check_baseline {
        if !suites.is_dir() {
            println!(
                "regress: peer suites not found at {} (set GO_ANALYSIS_PEER_SUITES); baseline check skipped",
                suites.display()
            );
            return Ok(ExitCode::SUCCESS);
        }
        // Only the suites present: a partial copy of the peer suites
        // checks what it has.
        let (present, missing): (Vec<PathBuf>, Vec<PathBuf>) = baseline
            .passed
            .keys()
            .map(PathBuf::from)
            .partition(|key| suites.join(key).is_file());
        for key in &missing {
            println!(
                "regress: {} not found in {}; skipped",
                key.display(),
                suites.display()
            );
        }
        present
    } else {
        options.paths.clone()
    };
    if paths.is_empty() {
        if options.check_baseline {
            println!("regress: the baseline lists no suites yet");
            println!("0 passed, 0 failed");
            return Ok(ExitCode::SUCCESS);
        }
        return Err(format!(
            "no suites given\n\n{}",
            Options::command().render_usage()
        ));
    }
    let mut files = collect_files(&paths, &suites)?;
    for file in &mut files {
        file.scoring = options.scoring_of(&file.key, &baseline);
    }
    let engine = match &options.engine {
        Some(line) => line
            .parse::<EngineCommand>()
            .map_err(|e| format!("--engine: {e}"))?,
        None => {
            let mut engine = default_engine(&root)?;
            // The baseline's engine arguments only where its counts matter.
            let args = baseline.args.as_ref().filter(|_| uses_baseline);
            for arg in args.iter().flat_map(|a| a.split_whitespace()) {
                engine = engine.arg(arg);
            }
            engine
        }
    };

    let mut run_options = RunOptions::default()
        .with_timeout(options.timeout.0)
        .with_scoring(Scoring::Exact);
    run_options.show_engine_stderr = options.engine_stderr;
    let jobs = options.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let ran = run_files(&files, &engine, &run_options, options.verbose, jobs);
    let (mut passed, mut failed) = (0, 0);
    let mut measured = BTreeMap::new();
    let mut errors = 0;
    for (file, ran) in files.iter().zip(ran) {
        match ran {
            Some((p, f)) => {
                passed += p;
                failed += f;
                measured.insert(file.key.clone(), p);
            }
            None => errors += 1,
        }
    }

    let mut dropped = false;
    if uses_baseline {
        for (key, verdict) in baseline::compare(&baseline, &measured) {
            match verdict {
                Verdict::Dropped { was, now } => {
                    dropped = true;
                    println!("baseline: {key}: DROPPED from {was} to {now} passed");
                }
                Verdict::Rose { was, now } => {
                    println!(
                        "baseline: {key}: rose from {was} to {now} passed (run --update-baseline)"
                    );
                }
                Verdict::Same(n) => println!("baseline: {key}: {n} passed, as recorded"),
                Verdict::New(n) => println!("baseline: {key}: {n} passed, not in the baseline"),
            }
        }
        if options.update_baseline {
            let mut updated = baseline.clone();
            updated.passed.extend(measured.clone());
            if let Some(dir) = baseline_path.parent() {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            std::fs::write(&baseline_path, updated.to_string())
                .map_err(|e| format!("cannot write {}: {e}", baseline_path.display()))?;
            println!("baseline: wrote {}", baseline_path.display());
        }
    }
    println!("{passed} passed, {failed} failed");
    let ok = errors == 0 && !(options.check_baseline && dropped);
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_options(args: &[&str]) -> Result<Options, clap::Error> {
        Options::try_parse_from(std::iter::once("regress").chain(args.iter().copied()))
    }

    #[test]
    fn options_parse() {
        let options = parse_options(&[
            "--engine",
            "gnugo --mode gtp",
            "--timeout",
            "0",
            "-v",
            "a.tst",
            "dir",
        ])
        .unwrap();
        assert_eq!(options.engine.as_deref(), Some("gnugo --mode gtp"));
        assert_eq!(options.timeout, Timeout(None));
        assert!(options.verbose);
        assert_eq!(
            options.paths,
            [PathBuf::from("a.tst"), PathBuf::from("dir")]
        );
    }

    #[test]
    fn bad_options_are_refused() {
        assert!(parse_options(&["--engine"]).is_err());
        assert!(parse_options(&["--timeout", "-3"]).is_err());
        assert!(parse_options(&["--frobnicate"]).is_err());
        assert!(parse_options(&["--jobs", "0"]).is_err());
        assert!(parse_options(&["--scoring", "at-least"]).is_err());
        assert!(parse_options(&["--scoring", "exact", "--update-baseline"]).is_err());
        assert_eq!(parse_options(&["-j", "2"]).unwrap().jobs, Some(2));
    }

    #[test]
    fn scoring_option_parses_both_modes() {
        assert_eq!(parse_options(&[]).unwrap().scoring, None);
        for (text, scoring) in [
            ("exact", Scoring::Exact),
            ("count-at-least", Scoring::CountAtLeast),
        ] {
            let options = parse_options(&["--scoring", text, "a.tst"]).unwrap();
            assert_eq!(options.scoring, Some(scoring));
        }
    }

    #[test]
    fn scoring_option_overrides_the_baseline() {
        let baseline = Baseline::parse("[scoring]\n\"a.tst\" = \"count-at-least\"\n").unwrap();
        let plain = parse_options(&["a.tst", "b.tst"]).unwrap();
        assert_eq!(plain.scoring_of("a.tst", &baseline), Scoring::CountAtLeast);
        assert_eq!(plain.scoring_of("b.tst", &baseline), Scoring::Exact);
        let exact = parse_options(&["--scoring", "exact", "a.tst"]).unwrap();
        assert_eq!(exact.scoring_of("a.tst", &baseline), Scoring::Exact);
        let at_least = parse_options(&["--scoring", "count-at-least", "b.tst"]).unwrap();
        assert_eq!(
            at_least.scoring_of("b.tst", &baseline),
            Scoring::CountAtLeast
        );
    }

    #[test]
    fn keys_are_relative_to_the_suites_folder() {
        let root = workspace_root();
        let key = suite_key(&root.join("xtask").join("Cargo.toml"), &root);
        assert_eq!(key, "xtask/Cargo.toml");
        assert_eq!(suite_key(Path::new("no/such.tst"), &root), "no/such.tst");
    }
}
