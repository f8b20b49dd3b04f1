//! The main job: analyse a Go position.
//!
//! ```text
//! cargo run --release --example analyze [-- FILE.sgf [MOVE] [--mcts PLAYOUTS] [--out DIR]
//!                                           [--eye-spaces] [--life-nodes N]
//!                                           [--threads N] [--depth D] [--min-visits V] [--extended]
//!                                           [--thesis-board]]
//! ```
//!
//! With no file, an embedded position is analysed. A file is read as GTP
//! `loadsgf` reads it (go-board's `sgf` module): a regular file of at most
//! 16 MiB, every move up to MOVE legal under the record's rules — a record
//! with a move on an occupied point, a forbidden suicide, a ko recapture or
//! a move off the board is refused with that move's number, never loaded
//! half-way or repaired (give a MOVE before it to see the position there).
//!
//! The report prints the
//! board, then **the dragons** (go-life: blocks joined by links), biggest
//! first: colour, origin, stones, liberties, enclosed eye spaces / the most
//! eyes they can give, escape measure, and status — `alive`, `dead`,
//! `critical attack A defence D`, or `unknown` when not settled within the
//! reading budget — with how it was decided: `pass-alive` (Benson), `runs`
//! (a big escape measure and no block short of liberties: alive without
//! reading), or `read` by go-life's df-pn owl reader with a modest budget,
//! the biggest weak dragons first (see `go_life::survey`). Then every block
//! with its liberties, the captures, the basic regions of each colour, the
//! number of each colour's eye spaces (listed with their eye values, shape
//! class and status of plain eyes under `--eye-spaces`), Benson's
//! pass-alive blocks and the unconditional territory, a count of the
//! position as it stands, each capturing race between adjacent enclosed
//! blocks with its result (go-semeai), and the time the static report took.
//! Last comes the position analyzer (go-position-analyzer, after Huertas 2014): a
//! Monte-Carlo search whose every node keeps the mean 3×3-majority
//! influence map and the mean area ownership of its playouts — the root's
//! maps as text, the best moves, and the agreement of the ownership with
//! the classic static estimates (Bouzy's 5/21 and the thesis's 3/6
//! dilation–erosion, distance-decay influence).
//!
//! Options:
//! - `--mcts PLAYOUTS`: the analyzer's playouts (default 2,000, a fraction
//!   of a second on 9×9; 0 skips the analyzer). A progress bar is drawn on
//!   standard error, when it is a terminal, for 10,000 playouts or more.
//! - `--eye-spaces`: list every eye space with go-eye's value (exact values
//!   of spaces of nine points or more can take seconds each).
//! - `--life-nodes N`: the reader's df-pn nodes per question (default
//!   1,000; the survey stops reading after 12 questions' worth, leaving the
//!   smaller weak dragons unknown).
//! - `--out DIR`: also write `STEM-groups.svg` (the board with each
//!   dragon's status), `STEM-safety.svg` (the points the safety solver
//!   proves safe, the seki and the dame) and, with the analyzer, `STEM.sgf` (the search tree
//!   with the maps in comments and TB/TW/LB markup), `STEM.arff` and
//!   `STEM.csv` (the thesis's dataset, one row per tree node) and
//!   `STEM-influence.svg`, `STEM-ownership.svg`, `STEM-difference.svg`,
//!   STEM being the file's name (`default` for the embedded position).
//! - `--threads N` (default 1), `--depth D` (deepest exported node, default
//!   no limit), `--min-visits V` (default 10), `--extended` (dataset with
//!   ownership, block liberties and Black's win ratio too),
//!   `--thesis-board` (the dataset's board, liberty and pattern attributes
//!   on the thesis's boards: the path's stones added, captures not
//!   applied).

#[path = "common/position.rs"]
mod position;
#[path = "common/report.rs"]
mod report;

use clap::Parser;
use go_analysis::analyzer::export::ExportOptions;
use go_analysis::board::{Board, Color};
use indicatif::{ProgressBar, ProgressStyle};
use position::PositionArgs;
use report::{ReportOptions, groups_svg, safety_svg, static_report};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// A middle-game 9×9 position with captures, atari and a ko.
const DEFAULT_POSITION: &str = "
    . . X O . . . . .
    . X . X O . O . .
    . X O O X O . . .
    X . X O X O . . .
    . X X O X X O . .
    . X O O O X O . .
    . X O . O X X O .
    . . X O . X O . .
    . . . . . . . . .";

/// Analyse a Go position: dragons, blocks, regions, eye spaces, Benson,
/// races, a count, then the position analyzer's Monte-Carlo search with
/// influence and ownership maps.
#[derive(Parser)]
#[command(version)]
struct Cli {
    #[command(flatten)]
    position: PositionArgs,
    /// The analyzer's playouts (0 skips the analyzer) [default: 2000]
    #[arg(long = "mcts", value_name = "PLAYOUTS")]
    playouts: Option<u64>,
    /// Also write the groups picture and, with the analyzer, the search
    /// tree (SGF), the dataset (ARFF, CSV) and the maps (SVG) into DIR
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// List every eye space with go-eye's value (slow on large spaces)
    #[arg(long)]
    eye_spaces: bool,
    /// The life reader's df-pn nodes per question [default: 1000]
    #[arg(long, value_name = "N")]
    life_nodes: Option<u64>,
    /// The analyzer's search threads [default: 1]
    #[arg(long, value_name = "N")]
    threads: Option<u64>,
    /// Deepest exported tree node [default: no limit]
    #[arg(long, value_name = "D")]
    depth: Option<usize>,
    /// Least visits of an exported tree node [default: 10]
    #[arg(long, value_name = "V")]
    min_visits: Option<u32>,
    /// Dataset with ownership, block liberties and Black's win ratio too
    #[arg(long)]
    extended: bool,
    /// The dataset's board, liberty and pattern attributes on the thesis's
    /// boards (the path's stones added, captures not applied)
    #[arg(long)]
    thesis_board: bool,
}

/// The command line.
struct Args {
    position: PositionArgs,
    playouts: u64,
    out: Option<PathBuf>,
    threads: usize,
    export: ExportOptions,
    report: ReportOptions,
}

impl From<Cli> for Args {
    fn from(cli: Cli) -> Args {
        let mut args = Args {
            position: cli.position,
            playouts: cli.playouts.unwrap_or(2_000),
            out: cli.out,
            threads: cli.threads.map_or(1, |n| n.max(1) as usize),
            export: ExportOptions::default(),
            report: ReportOptions::default(),
        };
        if let Some(depth) = cli.depth {
            args.export.limits.max_depth = Some(depth);
        }
        if let Some(v) = cli.min_visits {
            args.export.limits.min_visits = v.max(1);
        }
        args.report.eye_spaces = cli.eye_spaces;
        if let Some(n) = cli.life_nodes {
            let n = n.max(1);
            args.report.survey = args.report.survey.with_nodes(n).with_total_nodes(12 * n);
        }
        args.export.extended = cli.extended;
        if cli.thesis_board {
            args.export.board_mode = go_analysis::analyzer::features::BoardMode::StonesOnly;
        }
        args
    }
}

fn main() -> ExitCode {
    let args = Args::from(Cli::parse());
    let result = (|| {
        let board = args.position.load(DEFAULT_POSITION)?;
        let start = Instant::now();
        let report = static_report(&board, &args.report);
        let elapsed = start.elapsed();
        print!("{}", report.text);
        println!("\nstatic report: {:.3} s", elapsed.as_secs_f64());
        if let Some(dir) = &args.out {
            let stem = args.position.stem();
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let path = dir.join(format!("{stem}-groups.svg"));
            let svg = groups_svg(&board, &report.survey, &format!("{stem}: dragon status"));
            std::fs::write(&path, svg).map_err(|e| format!("{}: {e}", path.display()))?;
            println!("wrote {}", path.display());
            let path = dir.join(format!("{stem}-safety.svg"));
            let svg = safety_svg(
                &board,
                &report.safety,
                &format!("{stem}: safe points and seki"),
            );
            std::fs::write(&path, svg).map_err(|e| format!("{}: {e}", path.display()))?;
            println!("wrote {}", path.display());
        }
        if args.playouts > 0 {
            report_analyzer(&board, &args)?;
        }
        Ok::<(), String>(())
    })();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// go-position-analyzer: the Monte-Carlo analysis with maps in the tree, and its
/// files.
fn report_analyzer(board: &Board, args: &Args) -> Result<(), String> {
    use go_analysis::analyzer::{AnalyzerOptions, analyze_with_progress};

    let mut options = AnalyzerOptions::default().with_playouts(args.playouts);
    options.search.threads = args.threads;
    // Drawn on standard error for long searches, when it is a terminal.
    let bar = if args.playouts >= 10_000 {
        ProgressBar::new(args.playouts)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(
            "analyzing [{bar:30}] {percent:>3}% {pos}/{len} playouts {elapsed}",
        )
        .expect("a valid template")
        .progress_chars("## "),
    );
    let analysis = analyze_with_progress(board, &options, |p| bar.set_position(p.playouts));
    bar.finish();
    let r = analysis.result();
    let root = analysis.tree().root();
    println!(
        "\nposition analyzer (Huertas 2014): {} playouts in {:.2} s, {} nodes, komi {}",
        r.playouts,
        r.elapsed.as_secs_f64(),
        r.nodes,
        analysis.komi()
    );
    println!(
        "  {} to play: best {} wins {:.3} ({:.3} for black); pv {}",
        analysis.to_play(),
        r.best.map_or("none".to_string(), |m| m.to_string()),
        r.value,
        r.first_player_value,
        r.pv.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    for m in r.moves.iter().take(5) {
        println!(
            "    {:<5} visits {:>6}  win {:.3}  rave {:.3} ({})",
            m.mv.to_string(),
            m.visits,
            m.value,
            m.rave_value,
            m.rave_visits
        );
    }
    if let (Some(influence), Some(ownership)) = (analysis.influence(root), analysis.ownership(root))
    {
        println!(
            "\nroot influence (mean 3x3-majority map; O > 0.8 >= o > 0.6 >= . >= 0.4 > x >= 0.2 > X, O White):"
        );
        print!("{}", go_analysis::analyzer::map::text(&influence));
        println!("root area ownership (same symbols):");
        print!("{}", go_analysis::analyzer::map::text(&ownership));
        let tree = analysis.tree();
        if let Some(best) = tree.children(root).max_by_key(|&c| tree.info(c).visits) {
            if let Some(diff) = analysis.influence_diff(root, best) {
                println!(
                    "influence difference after the most visited move, (parent - child + 1)/2 (O: White lost control, X: Black lost):"
                );
                print!("{}", go_analysis::analyzer::map::text(&diff));
            }
        }
        report_static_agreement(board, &ownership);
    }
    if let Some(dir) = &args.out {
        let stem = args.position.stem();
        let files = go_analysis::analyzer::export::write_all(&analysis, &args.export, dir, stem)
            .map_err(|e| e.to_string())?;
        let mut nodes = 0usize;
        analysis.walk(args.export.limits, |_| nodes += 1);
        println!(
            "\nwrote {} tree nodes ({} dataset rows):",
            nodes,
            nodes.saturating_sub(1)
        );
        for f in files {
            println!("  {}", f.display());
        }
    }
    Ok(())
}

/// How often the classic static estimates agree with the playouts'
/// ownership, over the points each estimate assigns to a colour.
fn report_static_agreement(board: &Board, ownership: &go_analysis::analyzer::ValueMap) {
    use go_analysis::patterns::{DecayInfluence, Morphology};

    // Ownership: below 0.5 Black's, above White's.
    let mcts_owner = |p| {
        let v = *ownership.get(p)?;
        if v < 0.5 {
            Some(Color::Black)
        } else if v > 0.5 {
            Some(Color::White)
        } else {
            None
        }
    };
    let agreement = |owner: &dyn Fn(go_analysis::board::Point) -> Option<Color>| {
        let (mut assigned, mut agree) = (0, 0);
        for &p in board.geometry().points() {
            if let Some(c) = owner(p) {
                assigned += 1;
                agree += usize::from(mcts_owner(p) == Some(c));
            }
        }
        (assigned, agree)
    };
    println!(
        "agreement of static estimates with the playouts' ownership (points assigned, agreeing):"
    );
    for (name, m) in [
        ("Bouzy 5/21", Morphology::BOUZY),
        ("thesis 3/6", Morphology::THESIS),
    ] {
        let t = m.territory(board);
        let (n, a) = agreement(&|p| t.owner(p));
        println!(
            "  {name:<16} {n:>3} points, {a:>3} agree ({:.0}%)",
            100.0 * a as f64 / n.max(1) as f64
        );
    }
    let decay = DecayInfluence::default().compute(board);
    let (n, a) = agreement(&|p| {
        let v = decay[p];
        if v > 0.0 {
            Some(Color::Black)
        } else if v < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    });
    println!(
        "  {:<16} {n:>3} points, {a:>3} agree ({:.0}%)",
        "decay influence",
        100.0 * a as f64 / n.max(1) as f64
    );
}
