//! GTP for the analyzer (feature `gtp`): the thesis's commands, GoGui
//! analyze commands showing the maps, and Leela Zero / KataGo style live
//! analysis.
//!
//! [`register`] adds, for any engine state holding a game:
//!
//! - `analyze [FILE [MOVE]]` — the thesis's command: load `FILE` (as
//!   `loadsgf`, if given) and search the position for the side to move,
//!   keeping the tree with its maps; answers the best move, its win rate
//!   and the principal variation (the move is not played).
//! - `uct_savetree FILE [MAX_DEPTH]` (and the thesis's `uct_savetree2`) —
//!   the tree as annotated SGF.
//! - `uct_savetree_arff FILE [MAX_DEPTH]` — the dataset as ARFF, appended
//!   (without a header) when `FILE` exists, as the thesis's "exists" flag.
//! - `uct_analysis_results DIR [STEM]` — every export at once (SGF, ARFF,
//!   CSV, SVG pictures) into `DIR`; the thesis's command went on to run
//!   Weka, for which `examples/learn_winrate.rs` stands in here.
//! - `analyzer_influence`, `analyzer_ownership` — GoGui `gfx` `INFLUENCE`
//!   of the root's maps (+1 Black, −1 White), listed in
//!   `gogui-analyze_commands`.
//! - `analyzer_params [KEY VALUE]` — the playouts, threads, export depth
//!   and visit threshold (a GoGui `param` command).
//! - `lz-analyze`, `kata-analyze` — live analysis lines
//!   (`info move … visits … winrate … pv …`, KataGo's `ownership`). Through
//!   the registry they run a bounded search (`maxvisits`, default 2,000,
//!   at most [`MAX_PLAYOUTS`]) and answer every interval's line at once;
//!   an engine loop that reads its input on another thread streams them
//!   with [`live_analysis_until`] and stops as soon as the next command
//!   arrives (within [`POLL_INTERVAL`] plus one playout, whatever the
//!   interval), as Lizzie and Sabaki expect (`examples/gtp_engine.rs`
//!   does). The lines are made from [`LiveStats`], root statistics as
//!   sums that several searches of the same position add up
//!   ([`LiveStats::merge`], go-mpi's root-parallel `mcts_mpi`).
//!
//! # Limits
//! Every search these commands start through the registry is bounded:
//! at most [`MAX_PLAYOUTS`] playouts (a larger `analyzer_params playouts`
//! or `maxvisits` is a GTP error, the settings unchanged) and at most
//! [`MAX_SEARCH_TIME`] of wall-clock time, and at most [`MAX_THREADS`]
//! threads. Files are written only over regular files
//! ([`go_gtp::output`]).
//!
//! The save and map commands use the tree of the last `analyze` when it
//! was made on the current position, and otherwise analyse the current
//! position first.
//!
//! ```
//! use go_gtp::{Engine, GoEngine};
//! let mut registry = GoEngine::registry("demo", "1");
//! go_position_analyzer::gtp::register(&mut registry);
//! let mut engine = Engine::new(registry, GoEngine::default());
//! let mut out = Vec::new();
//! engine.run(&b"boardsize 5\nanalyzer_params playouts 300\nanalyze\nanalyzer_influence\n"[..], &mut out)?;
//! let text = String::from_utf8(out)?;
//! assert!(text.contains("INFLUENCE A1 "));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use go_board::{Board, Color, Move, Point};
use go_gtp::{AnalyzeKind, Engine, GtpError, HasBoard, HasGame, Registry, Response};
use go_mcts::Budget;

use crate::analysis::{Analysis, AnalyzerOptions, TreeLimits};
use crate::export::{ExportOptions, write_arff_with, write_sgf};
use crate::map::ValueMap;

/// The most playouts a search of these commands runs through the
/// registry: `analyzer_params playouts` and `maxvisits` beyond it are
/// refused. About four minutes of one thread on 19×19; the tree stops
/// growing at the analyzer's node cap long before.
pub const MAX_PLAYOUTS: u64 = 1_000_000;

/// The most wall-clock time a search of these commands runs through the
/// registry, whatever its playouts: the answer then covers the playouts
/// made (`analyze` reports their number).
pub const MAX_SEARCH_TIME: Duration = Duration::from_secs(60);

/// The most search threads `analyzer_params threads` accepts.
pub const MAX_THREADS: usize = 64;

/// How often a streaming live analysis ([`live_analysis_until`]) asks
/// whether to stop: the search runs in slices this long.
pub const POLL_INTERVAL: Duration = Duration::from_millis(5);

/// The knobs of the GTP commands.
#[derive(Clone, Debug, PartialEq)]
struct Settings {
    playouts: u64,
    threads: usize,
    max_depth: Option<usize>,
    min_visits: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            playouts: 10_000,
            threads: 1,
            max_depth: None,
            min_visits: 10,
        }
    }
}

#[derive(Debug, Default)]
struct Shared {
    settings: Settings,
    last: Option<Analysis>,
}

fn lock(shared: &Mutex<Shared>) -> std::sync::MutexGuard<'_, Shared> {
    shared
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn options(settings: &Settings) -> AnalyzerOptions {
    let mut o = AnalyzerOptions {
        playouts: settings.playouts.min(MAX_PLAYOUTS),
        time: Some(MAX_SEARCH_TIME),
        ..AnalyzerOptions::default()
    };
    o.search.threads = settings.threads.clamp(1, MAX_THREADS);
    o
}

/// Whether two boards hold the same position for the analyzer (stones,
/// side to move, komi).
fn same_position(a: &Board, b: &Board) -> bool {
    a.size() == b.size()
        && a.to_play() == b.to_play()
        && a.rules().komi == b.rules().komi
        && a.geometry()
            .points()
            .iter()
            .all(|&p| a.color_at(p) == b.color_at(p))
}

/// The last analysis if it is of `board`, else a fresh one.
fn ensure<'a>(shared: &'a mut Shared, board: &Board) -> &'a Analysis {
    let stale = shared
        .last
        .as_ref()
        .is_none_or(|a| !same_position(a.board(), board));
    if stale {
        shared.last = Some(crate::analyze(board, &options(&shared.settings)));
    }
    shared.last.as_ref().expect("just set")
}

fn export_options(settings: &Settings, max_depth: Option<usize>) -> ExportOptions {
    ExportOptions {
        limits: TreeLimits {
            max_depth: max_depth.or(settings.max_depth),
            min_visits: settings.min_visits,
        },
        ..ExportOptions::default()
    }
}

fn io_error(path: &str, e: &std::io::Error) -> GtpError {
    GtpError::message(format!("cannot write {path}: {e}"))
}

fn output_error(e: &go_gtp::output::OutputError) -> GtpError {
    GtpError::message(e.to_string().replace(char::is_control, " "))
}

/// GoGui `INFLUENCE` words of a map (+1 Black, −1 White).
fn influence_words(board: &Board, map: &ValueMap) -> Vec<String> {
    let mut words = vec!["INFLUENCE".to_string()];
    for &p in board.geometry().points() {
        if let Some(v) = map.get(p) {
            words.push(p.to_string());
            words.push(format!("{:.2}", 1.0 - 2.0 * v));
        }
    }
    words
}

/// Registers the analyzer's commands (see the module documentation).
pub fn register<S: HasGame + 'static>(registry: &mut Registry<S>) {
    let shared = Arc::new(Mutex::new(Shared::default()));

    let s = Arc::clone(&shared);
    registry.register("analyze", move |state: &mut S, args| {
        let file = args.next_opt::<String>()?;
        if let Some(file) = file {
            let until = match args.next_opt::<String>()? {
                Some(n) => n
                    .parse()
                    .map_err(|e| GtpError::message(format!("{n}: {e}")))?,
                None => go_board::sgf::Until::End,
            };
            state
                .game_mut()
                .load_sgf(&file, until)
                .map_err(|e| GtpError::message(format!("cannot load {file}: {e}")))?;
        }
        let board = state.board().clone();
        let mut shared = lock(&s);
        shared.last = Some(crate::analyze(&board, &options(&shared.settings)));
        let analysis = shared.last.as_ref().expect("just set");
        let r = analysis.result();
        Ok(Response::new(format!(
            "{} win {:.3} for {} ({:.3} for black), {} playouts, {} nodes, pv {}",
            r.best.map_or("pass".to_string(), |m| m.to_string()),
            r.value,
            analysis.to_play(),
            r.first_player_value,
            r.playouts,
            r.nodes,
            r.pv.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        )))
    });

    for name in ["uct_savetree", "uct_savetree2"] {
        let s = Arc::clone(&shared);
        registry.register(name, move |state: &mut S, args| {
            let file = args.next_string()?.to_string();
            let depth = args.next_opt::<u32>()?.map(|d| d as usize);
            let mut shared = lock(&s);
            let settings = shared.settings.clone();
            let analysis = ensure(&mut shared, state.board());
            let sgf = write_sgf(analysis, &export_options(&settings, depth));
            go_gtp::output::write_output(&file, sgf.as_bytes()).map_err(|e| output_error(&e))?;
            Ok(Response::empty())
        });
    }

    let s = Arc::clone(&shared);
    registry.register("uct_savetree_arff", move |state: &mut S, args| {
        let file = args.next_string()?.to_string();
        let depth = args.next_opt::<u32>()?.map(|d| d as usize);
        let mut shared = lock(&s);
        let settings = shared.settings.clone();
        let analysis = ensure(&mut shared, state.board());
        let exists = Path::new(&file).exists();
        let out = go_gtp::output::create_output(&file, true).map_err(|e| output_error(&e))?;
        write_arff_with(analysis, &export_options(&settings, depth), out, !exists)
            .map_err(|e| io_error(&file, &e))?;
        Ok(Response::empty())
    });

    let s = Arc::clone(&shared);
    registry.register("uct_analysis_results", move |state: &mut S, args| {
        let dir = args.next_string()?.to_string();
        let stem = args
            .next_opt::<String>()?
            .unwrap_or_else(|| "analysis".to_string());
        let mut shared = lock(&s);
        let settings = shared.settings.clone();
        let analysis = ensure(&mut shared, state.board());
        let files = crate::export::write_all(
            analysis,
            &export_options(&settings, None),
            Path::new(&dir),
            &stem,
        )
        .map_err(|e| GtpError::message(e.to_string()))?;
        Ok(Response::lines(
            files.iter().map(|f| f.display().to_string()),
        ))
    });

    for (name, ownership) in [("analyzer_influence", false), ("analyzer_ownership", true)] {
        let s = Arc::clone(&shared);
        registry.register(name, move |state: &mut S, _| {
            let board = state.board().clone();
            let mut shared = lock(&s);
            let analysis = ensure(&mut shared, &board);
            let root = analysis.tree().root();
            let map = if ownership {
                analysis.ownership(root)
            } else {
                analysis.influence(root)
            };
            let map = map.ok_or_else(|| GtpError::message("no playout finished"))?;
            Ok(Response::words(influence_words(&board, &map)))
        });
    }
    registry
        .add_analyze(
            AnalyzeKind::Gfx,
            "Analyzer influence (3x3 majority)",
            "analyzer_influence",
        )
        .add_analyze(AnalyzeKind::Gfx, "Analyzer ownership", "analyzer_ownership")
        .add_analyze(AnalyzeKind::Param, "Analyzer parameters", "analyzer_params");

    let s = Arc::clone(&shared);
    registry.register("analyzer_params", move |_: &mut S, args| {
        let mut shared = lock(&s);
        if let Some(key) = args.next_opt::<String>()? {
            let value = args.next_string()?.to_string();
            let bad = || GtpError::message(format!("bad value {value} for {key}"));
            let settings = &mut shared.settings;
            match key.as_str() {
                "playouts" => {
                    settings.playouts = value
                        .parse()
                        .ok()
                        .filter(|&n| n <= MAX_PLAYOUTS)
                        .ok_or_else(|| {
                            GtpError::message(format!(
                                "bad value {value} for playouts (0 to {MAX_PLAYOUTS})"
                            ))
                        })?;
                }
                "threads" => {
                    settings.threads = value
                        .parse()
                        .ok()
                        .filter(|n| (1..=MAX_THREADS).contains(n))
                        .ok_or_else(|| {
                            GtpError::message(format!(
                                "bad value {value} for threads (1 to {MAX_THREADS})"
                            ))
                        })?;
                }
                "max_depth" => {
                    settings.max_depth = match value.parse::<usize>() {
                        Ok(0) => None,
                        Ok(d) => Some(d),
                        Err(_) => return Err(bad()),
                    }
                }
                "min_visits" => settings.min_visits = value.parse().map_err(|_| bad())?,
                _ => return Err(GtpError::message(format!("unknown parameter {key}"))),
            }
            return Ok(Response::empty());
        }
        let st = &shared.settings;
        Ok(Response::lines([
            format!("[string] playouts {}", st.playouts),
            format!("[string] threads {}", st.threads),
            format!("[string] max_depth {}", st.max_depth.unwrap_or(0)),
            format!("[string] min_visits {}", st.min_visits),
        ]))
    });

    for format in [LiveFormat::Leela, LiveFormat::Kata] {
        let s = Arc::clone(&shared);
        registry.register(format.command(), move |state: &mut S, args| {
            let words: Vec<&str> = args.rest().iter().map(String::as_str).collect();
            let mut request = LiveRequest::parse(format, &words)?;
            let visits = *request.max_visits.get_or_insert(2_000);
            if visits > MAX_PLAYOUTS {
                return Err(GtpError::message(format!(
                    "maxvisits {visits} is beyond {MAX_PLAYOUTS} (no client can interrupt this command here)"
                )));
            }
            let settings = lock(&s).settings.clone();
            let mut lines = Vec::new();
            let start = Instant::now();
            live_analysis_until(
                state.board(),
                &request,
                &options(&settings),
                |line| {
                    lines.push(line.to_string());
                    true
                },
                || start.elapsed() >= MAX_SEARCH_TIME,
            );
            Ok(Response::lines(lines))
        });
    }
}

/// Which client dialect live analysis speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LiveFormat {
    /// Leela Zero's `lz-analyze`: win rates and priors as integers in
    /// 0..=10000.
    Leela,
    /// KataGo's `kata-analyze`: win rates in 0..=1, and `ownership` on
    /// request.
    Kata,
}

impl LiveFormat {
    /// The GTP command name.
    ///
    /// ```
    /// assert_eq!(go_position_analyzer::gtp::LiveFormat::Kata.command(), "kata-analyze");
    /// ```
    #[must_use]
    pub const fn command(self) -> &'static str {
        match self {
            LiveFormat::Leela => "lz-analyze",
            LiveFormat::Kata => "kata-analyze",
        }
    }
}

/// A live analysis request: `[COLOR] [INTERVAL] [KEY VALUE]…`, the
/// interval in centiseconds, keys `interval`, `maxmoves`, `ownership`
/// (`true`/`false`), `maxvisits` (stop after that many playouts; our
/// extension, for callers that cannot interrupt), `sliceplayouts` (search
/// in slices of that many playouts rather than of [`POLL_INTERVAL`]: with
/// one thread and `maxvisits` the lines are then the same on every run,
/// at the cost of a stop latency of one slice; our extension, for tests
/// and reproducible datasets). Other keys are ignored with their value,
/// as clients send options engines may not know.
///
/// ```
/// use go_position_analyzer::gtp::{LiveFormat, LiveRequest};
/// let r = LiveRequest::parse(LiveFormat::Kata, &["B", "50", "ownership", "true", "maxmoves", "5"])?;
/// assert_eq!(r.color, Some(go_board::Color::Black));
/// assert_eq!(r.interval, std::time::Duration::from_millis(500));
/// assert!(r.ownership);
/// assert_eq!(r.max_moves, 5);
/// # Ok::<(), go_gtp::GtpError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct LiveRequest {
    /// The dialect.
    pub format: LiveFormat,
    /// The side to analyse for (`None`: the side to move).
    pub color: Option<Color>,
    /// Time between lines.
    pub interval: Duration,
    /// Most moves per line (0: all).
    pub max_moves: usize,
    /// Whether to add the root's ownership (KataGo).
    pub ownership: bool,
    /// Stop after this many playouts (`None`: until told to stop).
    pub max_visits: Option<u64>,
    /// Search in slices of this many playouts (`None`: of
    /// [`POLL_INTERVAL`]).
    pub slice_playouts: Option<u64>,
}

impl LiveRequest {
    /// The position to analyse: `board` with the request's side to move.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_position_analyzer::gtp::{LiveFormat, LiveRequest};
    /// let request = LiveRequest::parse(LiveFormat::Leela, &["w", "10"])?;
    /// assert_eq!(request.position(&Board::new(9)?).to_play(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn position(&self, board: &Board) -> Board {
        let mut position = board.clone();
        if let Some(c) = self.color {
            position.set_to_play(c);
        }
        position
    }

    /// Parses the arguments of `lz-analyze`/`kata-analyze`.
    ///
    /// # Errors
    /// A [`GtpError`] naming a value that is not a number or a boolean.
    pub fn parse(format: LiveFormat, words: &[&str]) -> Result<LiveRequest, GtpError> {
        let mut r = LiveRequest {
            format,
            color: None,
            interval: Duration::from_secs(1),
            max_moves: 0,
            ownership: false,
            max_visits: None,
            slice_playouts: None,
        };
        let mut i = 0;
        if let Some(c) = words.first().and_then(|w| w.parse::<Color>().ok()) {
            r.color = Some(c);
            i = 1;
        }
        let centis = |w: &str| -> Result<Duration, GtpError> {
            w.parse::<u64>()
                .map(|c| Duration::from_millis(c.max(1).saturating_mul(10)))
                .map_err(|_| GtpError::message(format!("bad interval {w}")))
        };
        if let Some(w) = words.get(i) {
            if w.parse::<u64>().is_ok() {
                r.interval = centis(w)?;
                i += 1;
            }
        }
        while i < words.len() {
            let key = words[i];
            let value = words
                .get(i + 1)
                .ok_or_else(|| GtpError::message(format!("{key} needs a value")))?;
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| GtpError::message(format!("bad value {value} for {key}")))
            };
            match key {
                "interval" => r.interval = centis(value)?,
                "maxmoves" => r.max_moves = number()? as usize,
                "maxvisits" => r.max_visits = Some(number()?),
                "sliceplayouts" => r.slice_playouts = Some(number()?.max(1)),
                "ownership" => {
                    r.ownership = match *value {
                        "true" => true,
                        "false" => false,
                        _ => return Err(GtpError::message(format!("bad value {value} for {key}"))),
                    }
                }
                _ => {}
            }
            i += 2;
        }
        Ok(r)
    }
}

/// Runs a live analysis of `board` (for the request's colour), calling
/// `emit` with one line every interval — `info move M visits N winrate W
/// prior P lcb L order K pv …` per root move, most visited first (KataGo's
/// `scoreLead` being the expected area score after the move from the
/// playouts' ownership), and with
/// KataGo's `ownership` the root's area ownership from the top-left
/// corner, row by row, +1 for the side analysed — until `emit` returns
/// false or the request's `max_visits` are spent. Win rates are for the
/// side analysed (as both programs report by default).
///
/// It cannot be interrupted otherwise: a loop that must answer the next
/// command at once uses [`live_analysis_until`].
///
/// ```
/// use go_position_analyzer::AnalyzerOptions;
/// use go_position_analyzer::gtp::{LiveFormat, LiveRequest, live_analysis};
/// let board = go_board::Board::new(5)?;
/// let mut request = LiveRequest::parse(LiveFormat::Leela, &["10"])?;
/// request.max_visits = Some(500);
/// let mut lines = Vec::new();
/// live_analysis(&board, &request, &AnalyzerOptions::default(), |l| { lines.push(l.to_string()); lines.len() < 3 });
/// assert!(!lines.is_empty() && lines.len() <= 3);
/// assert!(lines[0].starts_with("info move "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn live_analysis(
    board: &Board,
    request: &LiveRequest,
    options: &AnalyzerOptions,
    emit: impl FnMut(&str) -> bool,
) {
    live_analysis_until(board, request, options, emit, || false);
}

/// [`live_analysis`] that also stops as soon as `interrupted` returns
/// true. The search runs in slices of at most [`POLL_INTERVAL`] and
/// `interrupted` is asked after each, so the analysis ends within about
/// that time (plus one playout) of the reason to stop, whatever the
/// request's interval — what Lizzie and Sabaki expect when they send the
/// next command during a stream. No line is emitted once `interrupted`
/// said so.
///
/// ```
/// use go_position_analyzer::AnalyzerOptions;
/// use go_position_analyzer::gtp::{LiveFormat, LiveRequest, live_analysis_until};
/// use std::time::{Duration, Instant};
/// let board = go_board::Board::new(9)?;
/// // A line every 1,000 s, no visit limit: only the interruption ends it.
/// let request = LiveRequest::parse(LiveFormat::Kata, &["100000"])?;
/// let start = Instant::now();
/// let stop_at = start + Duration::from_millis(30);
/// let mut lines = 0;
/// live_analysis_until(&board, &request, &AnalyzerOptions::default(),
///     |_| { lines += 1; true },
///     || Instant::now() >= stop_at);
/// assert_eq!(lines, 0);
/// assert!(start.elapsed() < Duration::from_secs(5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn live_analysis_until(
    board: &Board,
    request: &LiveRequest,
    options: &AnalyzerOptions,
    mut emit: impl FnMut(&str) -> bool,
    mut interrupted: impl FnMut() -> bool,
) {
    if interrupted() {
        return;
    }
    let position = request.position(board);
    let mut analysis = Analysis::new(&position, options);
    let start = Instant::now();
    let mut next = request.interval;
    loop {
        if interrupted() {
            return;
        }
        let done = analysis.result().playouts;
        let left = request.max_visits.map(|m| m.saturating_sub(done));
        let mut finished = left == Some(0);
        let elapsed = start.elapsed();
        if !finished && elapsed < next {
            finished = search_slice(&mut analysis, request, next - elapsed);
            if !finished {
                continue;
            }
        }
        if interrupted() {
            return;
        }
        next = next.saturating_add(request.interval);
        let line = info_line(&analysis, request);
        if line.is_empty() {
            // Nothing visited yet: no line, unless nothing ever will be.
            if finished {
                return;
            }
            continue;
        }
        if !emit(&line) || finished {
            return;
        }
    }
}

/// Searches `analysis` on for one slice of live analysis — at most
/// [`POLL_INTERVAL`] and `until_line` of time, or the request's
/// `sliceplayouts` — within its `maxvisits`; true when the analysis is
/// finished (visits spent, a proof, nothing to search), false when only
/// the slice ended.
///
/// ```
/// use go_position_analyzer::{Analysis, AnalyzerOptions};
/// use go_position_analyzer::gtp::{LiveFormat, LiveRequest, search_slice};
/// use std::time::Duration;
/// let mut analysis = Analysis::new(&go_board::Board::new(5)?, &AnalyzerOptions::default());
/// let request = LiveRequest::parse(LiveFormat::Kata, &["maxvisits", "150", "sliceplayouts", "100"])?;
/// assert!(!search_slice(&mut analysis, &request, Duration::from_secs(1)));
/// assert!(search_slice(&mut analysis, &request, Duration::from_secs(1)));
/// assert_eq!(analysis.result().playouts, 150);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search_slice(analysis: &mut Analysis, request: &LiveRequest, until_line: Duration) -> bool {
    let done = analysis.result().playouts;
    let left = request.max_visits.map(|m| m.saturating_sub(done));
    if left == Some(0) {
        return true;
    }
    match request.slice_playouts {
        None => {
            let slice = until_line.min(POLL_INTERVAL).max(Duration::from_millis(1));
            let r = analysis.run(Budget::new(left, Some(slice)));
            // Anything but the slice's time ending (visits spent, a proof,
            // nothing to search) ends the analysis after one last line.
            r.stop != go_mcts::MctsStopReason::Time
        }
        Some(n) => {
            let slice = left.map_or(n, |l| l.min(n));
            let r = analysis.run(Budget::playouts(slice));
            r.stop != go_mcts::MctsStopReason::Playouts || left == Some(slice)
        }
    }
}

/// One line of live analysis for the current tree.
fn info_line(analysis: &Analysis, request: &LiveRequest) -> String {
    LiveStats::of(analysis).info_line(request)
}

/// One root move's statistics in [`LiveStats`].
#[derive(Clone, Debug, PartialEq)]
pub struct LiveMove {
    /// The move.
    pub mv: Move,
    /// Its visits.
    pub visits: u64,
    /// Its wins for the side analysed: the win rate times the visits.
    pub wins: f64,
    /// Its prior's equivalent visits.
    pub prior_visits: u64,
    /// Ownership maps merged into the move's node.
    pub own_count: u64,
    /// The sum over those maps and the points of the ownership in half
    /// units (0 Black, 1 dame, 2 White): the area score's numerator.
    pub own_half_total: u64,
    /// The principal variation from the move: the most visited child,
    /// repeatedly (at most 20 moves).
    pub pv: Vec<Move>,
}

/// The root statistics a live-analysis line is made of, in sums that
/// several searches of the same position can add up
/// ([`LiveStats::merge`]): what root-parallel analysis over several
/// processes or machines reports (go-mpi's `mcts_mpi`). One search's
/// statistics ([`LiveStats::of`]) make the line [`live_analysis`] emits.
///
/// ```
/// use go_position_analyzer::{analyze, AnalyzerOptions};
/// use go_position_analyzer::gtp::{LiveFormat, LiveRequest, LiveStats};
/// let board = go_board::Board::new(5)?;
/// let a = analyze(&board, &AnalyzerOptions::default().with_playouts(300));
/// let mut options = AnalyzerOptions::default().with_playouts(300);
/// options.search.seed = 2;
/// let b = analyze(&board, &options);
/// let merged = LiveStats::merge(&[LiveStats::of(&a), LiveStats::of(&b)]).expect("two parts");
/// // Each search's 300 playouts went into the root moves: 600 in all.
/// assert_eq!(merged.moves.iter().map(|m| m.visits).sum::<u64>(), 600);
/// let request = LiveRequest::parse(LiveFormat::Leela, &[])?;
/// assert!(merged.info_line(&request).starts_with("info move "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct LiveStats {
    /// The board's size (its side).
    pub size: usize,
    /// The side analysed.
    pub to_play: Color,
    /// Komi of the playouts.
    pub komi: f32,
    /// The root moves, most visited first (then the best win rate, then
    /// tree order).
    pub moves: Vec<LiveMove>,
    /// The sum of the root moves' prior visits.
    pub prior_total: u64,
    /// Ownership maps merged into the root.
    pub own_count: u64,
    /// The root's ownership sums per point in half units, in the order
    /// of [`ValueMap`] (empty when no playout finished).
    pub own_half: Vec<u64>,
}

impl LiveStats {
    /// The statistics of one analysis.
    #[must_use]
    pub fn of(analysis: &Analysis) -> LiveStats {
        let tree = analysis.tree();
        let root = tree.root();
        let store = analysis.store();
        let sums = |id| match tree.extension(id) {
            0 => None,
            slot => store.ownership_sums(slot),
        };
        let moves = analysis
            .result()
            .moves
            .iter()
            .map(|m| {
                let child = tree.child_with_move(root, go_mcts::MoveCode::code(m.mv));
                let (own_count, own_half_total) = child.and_then(sums).map_or((0, 0), |(c, s)| {
                    (u64::from(c), s.iter().map(|&v| u64::from(v)).sum())
                });
                LiveMove {
                    mv: m.mv,
                    visits: u64::from(m.visits),
                    wins: f64::from(m.value) * f64::from(m.visits),
                    prior_visits: u64::from(m.prior_visits),
                    own_count,
                    own_half_total,
                    pv: pv_from(analysis, m.mv),
                }
            })
            .collect();
        let (own_count, own_half) = sums(root).map_or((0, Vec::new()), |(c, s)| {
            (u64::from(c), s.into_iter().map(u64::from).collect())
        });
        LiveStats {
            size: analysis.board().size(),
            to_play: analysis.to_play(),
            komi: analysis.komi(),
            moves,
            prior_total: tree
                .children(root)
                .map(|c| u64::from(tree.info(c).prior_visits))
                .sum(),
            own_count,
            own_half,
        }
    }

    /// The statistics of several searches of the same position (the
    /// first part's board, side and komi): visits, wins, priors and
    /// ownership sums added, each move's principal variation from the
    /// part that visited it most (the first of equals), the moves
    /// ordered as one search orders them. `None` for no parts. One part
    /// merges to itself.
    #[must_use]
    pub fn merge(parts: &[LiveStats]) -> Option<LiveStats> {
        let first = parts.first()?;
        let mut moves: Vec<LiveMove> = Vec::new();
        // The visits of the part whose variation each move keeps.
        let mut pv_visits: Vec<u64> = Vec::new();
        let mut own_half = Vec::new();
        let (mut prior_total, mut own_count) = (0, 0);
        for part in parts {
            prior_total += part.prior_total;
            if !part.own_half.is_empty() {
                own_half.resize(part.own_half.len().max(own_half.len()), 0);
                for (s, &v) in own_half.iter_mut().zip(&part.own_half) {
                    *s += v;
                }
                own_count += part.own_count;
            }
            for m in &part.moves {
                match moves.iter().position(|x| x.mv == m.mv) {
                    Some(i) => {
                        let x = &mut moves[i];
                        x.visits += m.visits;
                        x.wins += m.wins;
                        x.prior_visits += m.prior_visits;
                        x.own_count += m.own_count;
                        x.own_half_total += m.own_half_total;
                        if m.visits > pv_visits[i] {
                            x.pv.clone_from(&m.pv);
                            pv_visits[i] = m.visits;
                        }
                    }
                    None => {
                        pv_visits.push(m.visits);
                        moves.push(m.clone());
                    }
                }
            }
        }
        // Stable: equal moves keep their first part's order, as one
        // search's table keeps tree order.
        moves.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.value().total_cmp(&a.value()))
        });
        Some(LiveStats {
            size: first.size,
            to_play: first.to_play,
            komi: first.komi,
            moves,
            prior_total,
            own_count,
            own_half,
        })
    }

    /// The line of live analysis (see [`live_analysis`]) for `request`'s
    /// format and `maxmoves`, `ownership`; empty when no move has a visit.
    #[must_use]
    pub fn info_line(&self, request: &LiveRequest) -> String {
        use std::fmt::Write as _;
        let total = (self.prior_total as f32).max(1.0);
        let mut line = String::new();
        let moves = if request.max_moves == 0 {
            self.moves.len()
        } else {
            request.max_moves
        };
        for (order, m) in self
            .moves
            .iter()
            .filter(|m| m.visits > 0)
            .take(moves)
            .enumerate()
        {
            let value = m.value();
            let prior = m.prior_visits as f32 / total;
            // A lower confidence bound: the mean minus two standard errors.
            let lcb = (value - 2.0 * (value * (1.0 - value) / m.visits as f32).sqrt()).max(0.0);
            if !line.is_empty() {
                line.push(' ');
            }
            let _ = write!(line, "info move {} visits {} ", m.mv, m.visits);
            match request.format {
                LiveFormat::Leela => {
                    let _ = write!(
                        line,
                        "winrate {} prior {} lcb {} order {order} pv",
                        (value * 10_000.0).round() as u32,
                        (prior * 10_000.0).round() as u32,
                        (lcb * 10_000.0).round() as u32
                    );
                }
                LiveFormat::Kata => {
                    let lead = self.score_lead(m);
                    let _ = write!(
                        line,
                        "utility {:.4} winrate {:.4} scoreMean {lead:.2} scoreLead {lead:.2} prior {:.4} lcb {:.4} order {order} pv",
                        2.0 * value - 1.0,
                        value,
                        prior,
                        lcb
                    );
                }
            }
            for mv in &m.pv {
                let _ = write!(line, " {mv}");
            }
        }
        if request.ownership && request.format == LiveFormat::Kata {
            if let Some(own) = self.ownership() {
                let geo = own.geometry();
                let white = self.to_play == Color::White;
                line.push_str(" ownership");
                for row in (0..geo.height()).rev() {
                    for col in 0..geo.width() {
                        let v = own.get(Point::new(col, row)).copied().unwrap_or(0.5);
                        // 0 Black, 1 White → +1 for the side analysed.
                        let x = if white { 2.0 * v - 1.0 } else { 1.0 - 2.0 * v };
                        let _ = write!(line, " {x:.3}");
                    }
                }
            }
        }
        line
    }

    /// The root's mean area ownership (1 White, 0 Black), as
    /// [`Analysis::ownership`] computes it from the sums.
    fn ownership(&self) -> Option<ValueMap> {
        if self.own_count == 0 {
            return None;
        }
        let scale = 1.0 / (2.0 * self.own_count as f64);
        let values = self
            .own_half
            .iter()
            .map(|&s| (s as f64 * scale) as f32)
            .collect();
        ValueMap::from_values(go_board::Geometry::square(self.size).ok()?, values)
    }

    /// The expected area score after the root move `m` for the side
    /// analysed: the mean over the playouts through the move of Black's
    /// area minus White's, komi taken off for Black; 0 before a playout
    /// through it finished.
    fn score_lead(&self, m: &LiveMove) -> f32 {
        if m.own_count == 0 {
            return 0.0;
        }
        // Per point 1 − 2·ownership, summed: points − half units / maps.
        let points = (self.size * self.size) as f64;
        let black = (points - m.own_half_total as f64 / m.own_count as f64) as f32 - self.komi;
        if self.to_play == Color::Black {
            black
        } else {
            -black
        }
    }
}

impl LiveMove {
    /// The win rate for the side analysed (0 without visits).
    ///
    /// ```
    /// use go_position_analyzer::gtp::LiveMove;
    /// let m = LiveMove { mv: go_board::Move::Pass, visits: 4, wins: 3.0, prior_visits: 0, own_count: 0, own_half_total: 0, pv: vec![] };
    /// assert_eq!(m.value(), 0.75);
    /// ```
    #[must_use]
    pub fn value(&self) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            (self.wins / self.visits as f64) as f32
        }
    }
}

/// The principal variation from the root move `first`: the most visited
/// child, repeatedly.
fn pv_from(analysis: &Analysis, first: Move) -> Vec<Move> {
    let tree = analysis.tree();
    let mut pv = vec![first];
    let mut id = tree.child_with_move(tree.root(), go_mcts::MoveCode::code(first));
    while let Some(node) = id {
        let best = tree
            .children(node)
            .max_by_key(|&c| tree.info(c).visits)
            .filter(|&c| tree.info(c).visits > 0);
        match best {
            Some(c) => {
                pv.push(<Move as go_mcts::MoveCode>::from_code(
                    tree.info(c).move_code,
                ));
                id = Some(c);
            }
            None => break,
        }
        if pv.len() >= 20 {
            break;
        }
    }
    pv
}

/// A live-analysis command line: its id, dialect and arguments.
fn live_command(line: &[u8]) -> Option<(Option<u32>, LiveFormat, Vec<String>)> {
    let text = String::from_utf8_lossy(line);
    let text = text.split('#').next().unwrap_or("");
    let mut words = text.split_whitespace();
    let first = words.next()?;
    let (id, name) = match first.parse::<u32>() {
        Ok(id) => (Some(id), words.next()?),
        Err(_) => (None, first),
    };
    let format = [LiveFormat::Leela, LiveFormat::Kata]
        .into_iter()
        .find(|f| f.command() == name)?;
    Some((id, format, words.map(String::from).collect()))
}

/// Answers GTP commands from standard input on standard output until
/// `quit` or the input's end, with `lz-analyze` and `kata-analyze`
/// answered `=` at once and streamed by `live` until the next command
/// arrives (standard input is read on a second thread). `live` is given
/// the board, the request, a function to write a line (`false` once the
/// output is gone) and one that says whether the next command has come;
/// [`live_analysis_until`] with the analyzer's options is the usual one.
/// The `gtp_engine` example and go-mpi's MPI engines serve through it.
///
/// # Errors
/// The output's errors (a closed pipe included: callers may take
/// [`io::ErrorKind::BrokenPipe`] for an ordinary end).
pub fn serve_with_live<S: HasBoard>(
    engine: &mut Engine<S>,
    mut live: impl FnMut(&Board, &LiveRequest, &mut dyn FnMut(&str) -> bool, &mut dyn FnMut() -> bool),
) -> io::Result<()> {
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut input = io::stdin().lock();
        loop {
            let mut line = Vec::new();
            match input.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
    let mut out = BufWriter::new(io::stdout().lock());
    let mut pending: Option<Vec<u8>> = None;
    loop {
        let line = match pending.take() {
            Some(line) => line,
            None => match rx.recv() {
                Ok(line) => line,
                Err(_) => break,
            },
        };
        if let Some((id, format, args)) = live_command(&line) {
            let id = id.map_or(String::new(), |i| i.to_string());
            let words: Vec<&str> = args.iter().map(String::as_str).collect();
            match LiveRequest::parse(format, &words) {
                Err(e) => write!(out, "?{id} {e}\n\n")?,
                Ok(request) => {
                    writeln!(out, "={id}")?;
                    out.flush()?;
                    let board = engine.state().board().clone();
                    let mut failed = None;
                    live(
                        &board,
                        &request,
                        &mut |info| match writeln!(out, "{info}").and_then(|()| out.flush()) {
                            Ok(()) => true,
                            Err(e) => {
                                failed = Some(e);
                                false
                            }
                        },
                        // Asked every few milliseconds: the next line ends
                        // the stream and is answered at once.
                        &mut || match rx.try_recv() {
                            Ok(next) => {
                                pending = Some(next);
                                true
                            }
                            Err(mpsc::TryRecvError::Empty) => false,
                            Err(mpsc::TryRecvError::Disconnected) => true,
                        },
                    );
                    if let Some(e) = failed {
                        return Err(e);
                    }
                    writeln!(out)?;
                }
            }
            out.flush()?;
            continue;
        }
        if let Some(answer) = engine.handle_line(&line) {
            write!(out, "{}", answer.reply)?;
            out.flush()?;
            if answer.quit {
                break;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_words_parse_or_fail_without_panicking(words in proptest::collection::vec("[a-zA-Z0-9.-]{0,8}", 0..8)) {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            for format in [LiveFormat::Leela, LiveFormat::Kata] {
                if let Ok(r) = LiveRequest::parse(format, &words) {
                    prop_assert!(r.interval >= Duration::from_millis(10));
                }
            }
        }
    }

    fn final_line(request: &LiveRequest, seed: u64) -> String {
        let board = Board::from_diagram(
            ". . . . .
             . X . O .
             . X . O .
             . . . O .
             . . . . .",
        )
        .unwrap();
        let mut options = AnalyzerOptions::default();
        options.search.seed = seed;
        let mut lines = Vec::new();
        live_analysis(&board, request, &options, |l| {
            lines.push(l.to_string());
            true
        });
        lines.pop().unwrap()
    }

    #[test]
    fn playout_slices_make_the_last_line_the_same_on_every_run() {
        let request = LiveRequest::parse(
            LiveFormat::Kata,
            &[
                "100000",
                "maxvisits",
                "600",
                "sliceplayouts",
                "64",
                "ownership",
                "true",
            ],
        )
        .unwrap();
        assert_eq!(final_line(&request, 3), final_line(&request, 3));
        assert_ne!(final_line(&request, 3), final_line(&request, 4));
    }

    #[test]
    fn one_search_merges_to_itself_and_two_add_their_visits() {
        let board = Board::new(5).unwrap();
        let a = crate::analyze(&board, &AnalyzerOptions::default().with_playouts(400));
        let stats = LiveStats::of(&a);
        assert_eq!(
            LiveStats::merge(std::slice::from_ref(&stats)),
            Some(stats.clone())
        );
        let twice = LiveStats::merge(&[stats.clone(), stats.clone()]).unwrap();
        for (m, t) in stats.moves.iter().zip(&twice.moves) {
            assert_eq!((t.mv, t.visits, t.value()), (m.mv, 2 * m.visits, m.value()));
        }
        let request = LiveRequest::parse(LiveFormat::Kata, &["ownership", "true"]).unwrap();
        let (one, two) = (stats.info_line(&request), twice.info_line(&request));
        // Same win rates, priors, leads, variations and ownership; twice
        // the visits (and so a tighter lcb).
        let strip = |l: &str| {
            let words: Vec<&str> = l.split(' ').collect();
            (0..words.len())
                .filter(|&i| i == 0 || !matches!(words[i - 1], "visits" | "lcb"))
                .map(|i| words[i].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(strip(&one), strip(&two));
        assert_ne!(one, two);
        assert_eq!(LiveStats::merge(&[]), None);
    }

    #[test]
    fn requests_parse_like_the_clients_send_them() {
        let r = LiveRequest::parse(LiveFormat::Leela, &["w", "25"]).unwrap();
        assert_eq!(r.color, Some(Color::White));
        assert_eq!(r.interval, Duration::from_millis(250));
        let r = LiveRequest::parse(LiveFormat::Kata, &["interval", "10", "minmoves", "3"]).unwrap();
        assert_eq!(r.color, None);
        assert_eq!(r.interval, Duration::from_millis(100));
        assert!(LiveRequest::parse(LiveFormat::Kata, &["ownership", "maybe"]).is_err());
        assert!(LiveRequest::parse(LiveFormat::Kata, &["maxmoves"]).is_err());
    }
}
