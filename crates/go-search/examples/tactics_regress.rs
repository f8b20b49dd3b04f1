//! Runs GNU Go's and Fuego's tactical regression suites (`attack`, `defend`, `go_ladder`,
//! `go_static_ladder`) against `go_search::tactics` in-process, and scores the answers as
//! the suites say.
//!
//! ```text
//! cargo run --release -p go-search --example tactics_regress -- \
//!     [--engine alphabeta|dfpn|gts] [--nodes N] [--choice-check N] [--verbose] FILE.tst...
//! ```
//!
//! Prints one line per failed test (every test with `--verbose`), a summary per suite,
//! and last `passed: N` (the total).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use go_board::sgf::{Until, load_file};
use go_board::{Board, Color, Point};
use go_gtp::protocol::Reply;
use go_gtp::regress::{Suite, TestOutcome};
use go_search::tactics::{Reader, ReaderOptions, ReadingEngine, static_ladder};

/// Runs tactical regression suites (`attack`, `defend`, `go_ladder`,
/// `go_static_ladder`) against go-search's reader in-process and scores the answers.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// The suites
    #[arg(value_name = "FILE.tst", required = true)]
    files: Vec<PathBuf>,
    /// The search engine [default: the reader's, dfpn]
    #[arg(long, value_enum)]
    engine: Option<EngineArg>,
    /// Transposition-table size, log 2 of the entries [default: the reader's]
    #[arg(long, value_name = "N")]
    tt_bits: Option<u32>,
    /// Node budget per question [default: the reader's]
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Nodes spent checking each alternative answer [default: the reader's]
    #[arg(long = "choice-check", value_name = "N")]
    choice_check: Option<u64>,
    /// Ply from which four liberties are an escape
    #[arg(long, value_name = "PLY")]
    four: Option<u32>,
    /// Ply from which three liberties are an escape
    #[arg(long, value_name = "PLY")]
    three: Option<u32>,
    /// Ply from which only forcing moves are generated
    #[arg(long, value_name = "PLY")]
    branch: Option<u32>,
    /// Ply below which the liberties of every neighbouring block are looked at
    #[arg(long, value_name = "PLY")]
    wide: Option<u32>,
    /// Ply below which races look one block further
    #[arg(long, value_name = "PLY")]
    race: Option<u32>,
    /// Ply at which the block counts as escaped
    #[arg(long, value_name = "PLY")]
    max_depth: Option<u32>,
    /// Ko threats of the side that may take a ko (at most 255)
    #[arg(long, value_name = "N")]
    threats: Option<u32>,
    /// Do not order the answers
    #[arg(long)]
    unordered: bool,
    /// Do not read ladders
    #[arg(long)]
    no_ladders: bool,
    /// Print every test, not only the failed ones
    #[arg(long, short)]
    verbose: bool,
    /// Show the search of these test ids (comma-separated)
    #[arg(long, value_name = "IDS", value_delimiter = ',')]
    show: Vec<u32>,
}

/// `--engine`.
#[derive(Clone, Copy, ValueEnum)]
enum EngineArg {
    /// Alpha-beta with iterative deepening.
    Alphabeta,
    /// Depth-first proof-number search.
    Dfpn,
    /// Generalized threats search.
    Gts,
}

struct Args {
    files: Vec<PathBuf>,
    options: ReaderOptions,
    verbose: bool,
    show: Vec<u32>,
}

impl From<Cli> for Args {
    fn from(cli: Cli) -> Args {
        let mut options = ReaderOptions::default();
        if let Some(engine) = cli.engine {
            options.engine = match engine {
                EngineArg::Alphabeta => ReadingEngine::AlphaBeta,
                EngineArg::Dfpn => ReadingEngine::Dfpn,
                EngineArg::Gts => ReadingEngine::Gts,
            };
        }
        let set = |target: &mut u32, value: Option<u32>| {
            if let Some(v) = value {
                *target = v;
            }
        };
        set(&mut options.tt_bits, cli.tt_bits);
        if let Some(n) = cli.nodes {
            options.nodes = n;
        }
        if let Some(n) = cli.choice_check {
            options.choice_check_nodes = n;
        }
        let c = &mut options.capture;
        set(&mut c.four_liberty_depth, cli.four);
        set(&mut c.three_liberty_depth, cli.three);
        set(&mut c.branch_depth, cli.branch);
        set(&mut c.wide_depth, cli.wide);
        set(&mut c.race_depth, cli.race);
        set(&mut c.max_depth, cli.max_depth);
        if cli.no_ladders {
            c.ladders = false;
        }
        if let Some(v) = cli.threats {
            options.ko_threats = v.min(255) as u8;
        }
        if cli.unordered {
            options.ordered_answers = false;
        }
        Args {
            files: cli.files,
            options,
            verbose: cli.verbose,
            show: cli.show,
        }
    }
}

/// What the suites' setup commands leave behind.
struct State {
    board: Board,
    tried: usize,
    /// The principal variation of the last `attack` or `defend` answer.
    pv: Vec<go_board::Move>,
}

fn point(board: &Board, word: Option<&str>) -> Result<Point, String> {
    let word = word.ok_or("missing vertex")?;
    board
        .geometry()
        .parse_point(word)
        .map_err(|e| format!("invalid vertex {word}: {e}"))
}

fn color(word: Option<&str>) -> Result<Color, String> {
    word.ok_or("missing color")?
        .parse::<Color>()
        .map_err(|e| e.to_string())
}

/// Answers one command as a GTP engine would: `Ok(text)` or `Err(message)`.
fn execute(
    state: &mut State,
    reader: &mut Reader,
    dir: &Path,
    command: &str,
) -> Result<String, String> {
    let mut words = command.split_whitespace();
    let name = words.next().unwrap_or("");
    match name {
        "loadsgf" => {
            let file = words.next().ok_or("missing file")?;
            let until = match words.next() {
                Some(w) => w.parse::<Until>().map_err(|e| e.to_string())?,
                None => Until::End,
            };
            let loaded = load_file(dir.join(file), until).map_err(|e| e.to_string())?;
            state.board = loaded.board;
            state.tried = 0;
            Ok(loaded.to_play.to_string())
        }
        "play" | "trymove" => {
            let c = color(words.next())?;
            let p = point(&state.board, words.next())?;
            state.board.play(c, p).map_err(|e| e.to_string())?;
            if name == "trymove" {
                state.tried += 1;
            }
            Ok(String::new())
        }
        "popgo" => {
            if state.tried == 0 {
                return Err("Stack empty.".into());
            }
            state.board.undo();
            state.tried -= 1;
            Ok(String::new())
        }
        "attack" | "defend" => {
            let p = point(&state.board, words.next())?;
            let result = if name == "attack" {
                reader.attack(&state.board, p)
            } else {
                reader.defend(&state.board, p)
            };
            state.pv.clear();
            result
                .map(|r| {
                    state.pv.clone_from(&r.pv);
                    r.to_string()
                })
                .map_err(|e| e.to_string())
        }
        "go_ladder" => {
            let p = point(&state.board, words.next())?;
            reader
                .ladder(&state.board, p)
                .map(|s| s.to_string())
                .map_err(|e| e.to_string())
        }
        "go_static_ladder" => {
            let p = point(&state.board, words.next())?;
            static_ladder(&state.board, p)
                .map(|s| s.to_string())
                .map_err(|e| e.to_string())
        }
        // GNU Go's reading depth knobs, as the `gtp_engine` example answers them.
        "increase_depths" | "decrease_depths" => {
            let mut capture = reader.options().capture;
            if name == "increase_depths" {
                capture.increase_depths();
            } else {
                capture.decrease_depths();
            }
            reader.set_capture_options(capture);
            Ok(String::new())
        }
        // Fuego's rule settings: our defaults already are simple ko.
        "go_param_rules" | "komi" => Ok(String::new()),
        _ => Err(format!("unknown command {name}")),
    }
}

struct Totals {
    tests: usize,
    passed: usize,
    nodes: u64,
    ladder_nodes: u64,
    positions: u64,
    search_time: Duration,
}

fn run(path: &Path, reader: &mut Reader, args: &Args, totals: &mut Totals) -> Result<(), String> {
    let suite = Suite::load(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut state = State {
        board: Board::new(19).map_err(|e| e.to_string())?,
        tried: 0,
        pv: Vec::new(),
    };
    let start = Instant::now();
    let (mut tests, mut passed, mut nodes, mut search_time) = (0, 0, 0, Duration::ZERO);
    for step in suite.steps() {
        if step.test_id().is_some_and(|id| args.show.contains(&id)) {
            println!("{}\nto play: {}", state.board, state.board.to_play());
        }
        let t = Instant::now();
        let answer = execute(&mut state, reader, dir, &step.command);
        let elapsed = t.elapsed();
        let (Some(id), Some(expectation)) = (step.test_id(), &step.expectation) else {
            if let Err(e) = answer {
                eprintln!("{}:{}: {}: {e}", path.display(), step.line, step.command);
            }
            continue;
        };
        tests += 1;
        nodes += reader.stats().nodes;
        totals.ladder_nodes += reader.stats().ladder_nodes;
        totals.positions += reader.stats().positions;
        search_time += elapsed;
        let reply = match &answer {
            Ok(text) => Reply::success(Some(id), text.clone()),
            Err(e) => Reply::failure(Some(id), e.clone()),
        };
        let outcome = expectation.score(&reply);
        if args.show.contains(&id) {
            let pv: Vec<String> = state.pv.iter().map(|m| m.to_string()).collect();
            println!("pv: {}", pv.join(" "));
        }
        if outcome.is_pass() {
            passed += 1;
        }
        if args.verbose
            || outcome == TestOutcome::UnexpectedFailure
            || outcome == TestOutcome::ExpectedFailure
        {
            println!(
                "{:>4} {:<9} {:<14} got {:<10} want {:<24} {:>8} nodes {:>7.1} ms{}",
                id,
                outcome.label(),
                step.command,
                reply.first_line(),
                format!("[{}]", expectation.pattern()),
                reader.stats().nodes,
                elapsed.as_secs_f64() * 1e3,
                if reader.stats().budget_exhausted {
                    " (budget)"
                } else {
                    ""
                },
            );
        }
    }
    println!(
        "{}: {passed}/{tests} passed in {:.2} s ({nodes} nodes, {:.0} nodes/s)",
        path.display(),
        start.elapsed().as_secs_f64(),
        nodes as f64 / search_time.as_secs_f64().max(1e-9),
    );
    totals.tests += tests;
    totals.passed += passed;
    totals.nodes += nodes;
    totals.search_time += search_time;
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::from(Cli::parse());
    let mut reader = match Reader::try_new(args.options.clone()) {
        Ok(reader) => reader,
        Err(e) => {
            eprintln!("tactics_regress: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut totals = Totals {
        tests: 0,
        passed: 0,
        nodes: 0,
        ladder_nodes: 0,
        positions: 0,
        search_time: Duration::ZERO,
    };
    for f in &args.files {
        if let Err(e) = run(f, &mut reader, &args, &mut totals) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    println!(
        "total: {}/{} passed, {} nodes ({} positions, {:.0}/s) + {} ladder moves in {:.2} s of search",
        totals.passed,
        totals.tests,
        totals.nodes,
        totals.positions,
        totals.positions as f64 / totals.search_time.as_secs_f64().max(1e-9),
        totals.ladder_nodes,
        totals.search_time.as_secs_f64()
    );
    println!("passed: {}", totals.passed);
    ExitCode::SUCCESS
}
