//! The main job: analyse a Go position.
//!
//! ```text
//! cargo run --release --example analyze [-- FILE.sgf [MOVE] [--mcts PLAYOUTS] [--out DIR]
//!                                           [--threads N] [--depth D] [--min-visits V] [--extended]
//!                                           [--thesis-board]]
//! ```
//!
//! With no file, an embedded position is analysed. The report prints the
//! board, every block with its liberties, the captures, the basic regions
//! of each colour, each colour's eye spaces with their eye values (and the
//! shape class and status of plain eyes), Benson's pass-alive blocks and
//! the unconditional territory, a count of the position as it stands, each
//! capturing race between adjacent enclosed blocks with its result
//! (go-semeai), and the position analyzer (go-analyzer, after Huertas
//! 2014): a Monte-Carlo search whose every node keeps the mean 3×3-majority
//! influence map and the mean area ownership of its playouts — the root's
//! maps as text, the best moves, and the agreement of the ownership with
//! the classic static estimates (Bouzy's 5/21 and the thesis's 3/6
//! dilation–erosion, distance-decay influence).
//!
//! Options:
//! - `--mcts PLAYOUTS`: the analyzer's playouts (default 2,000, a fraction
//!   of a second on 9×9; 0 skips the analyzer). A progress bar is drawn on
//!   standard error for 10,000 playouts or more.
//! - `--out DIR`: also write `STEM.sgf` (the search tree with the maps in
//!   comments and TB/TW/LB markup), `STEM.arff` and `STEM.csv` (the
//!   thesis's dataset, one row per tree node) and `STEM-influence.svg`,
//!   `STEM-ownership.svg`, `STEM-difference.svg`, STEM being the file's
//!   name (`default` for the embedded position).
//! - `--threads N` (default 1), `--depth D` (deepest exported node, default
//!   no limit), `--min-visits V` (default 10), `--extended` (dataset with
//!   ownership, block liberties and Black's win ratio too),
//!   `--thesis-board` (the dataset's board, liberty and pattern attributes
//!   on the thesis's boards: the path's stones added, captures not
//!   applied).

use go_analysis::analyzer::export::ExportOptions;
use go_analysis::board::regions::Regions;
use go_analysis::board::score::Score;
use go_analysis::board::sgf::{self, Until};
use go_analysis::board::{Board, Color, PointSet};
use std::path::PathBuf;
use std::process::ExitCode;

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

const USAGE: &str = "usage: analyze [FILE.sgf [MOVE|VERTEX]] [--mcts PLAYOUTS] [--out DIR] \
[--threads N] [--depth D] [--min-visits V] [--extended] [--thesis-board]";

/// The command line.
struct Args {
    file: Option<String>,
    until: Option<String>,
    playouts: u64,
    out: Option<PathBuf>,
    threads: usize,
    export: ExportOptions,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        file: None,
        until: None,
        playouts: 2_000,
        out: None,
        threads: 1,
        export: ExportOptions::default(),
    };
    let mut it = std::env::args().skip(1);
    let number = |flag: &str, v: Option<String>| -> Result<u64, String> {
        let v = v.ok_or(format!("{flag} needs a number"))?;
        v.parse()
            .map_err(|_| format!("{flag} needs a number, got {v:?}"))
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--mcts" => args.playouts = number("--mcts", it.next())?,
            "--out" => args.out = Some(it.next().ok_or("--out needs a directory")?.into()),
            "--threads" => args.threads = number("--threads", it.next())?.max(1) as usize,
            "--depth" => {
                args.export.limits.max_depth = Some(number("--depth", it.next())? as usize)
            }
            "--min-visits" => {
                args.export.limits.min_visits = number("--min-visits", it.next())?.max(1) as u32;
            }
            "--extended" => args.export.extended = true,
            "--thesis-board" => {
                args.export.board_mode = go_analysis::analyzer::features::BoardMode::StonesOnly;
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ if args.file.is_none() => args.file = Some(a),
            _ if args.until.is_none() => args.until = Some(a),
            _ => return Err("too many arguments".into()),
        }
    }
    Ok(args)
}

fn main() -> ExitCode {
    let result = parse_args().and_then(|args| {
        let board = load(&args)?;
        report(&board);
        if args.playouts > 0 {
            report_analyzer(&board, &args)?;
        }
        Ok(())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            eprintln!("{USAGE}");
            ExitCode::FAILURE
        }
    }
}

/// The position to analyse: `FILE [MOVE]` with GNU Go `loadsgf`
/// semantics (up to but not including move MOVE), or the embedded one.
fn load(args: &Args) -> Result<Board, String> {
    match &args.file {
        None => {
            Board::from_diagram(DEFAULT_POSITION).map_err(|e| format!("embedded position: {e}"))
        }
        Some(file) => {
            let until: Until = match &args.until {
                Some(n) => n.parse().map_err(|e| format!("`{n}`: {e}"))?,
                None => Until::End,
            };
            let loaded = sgf::load_file(file, until).map_err(|e| format!("{file}: {e}"))?;
            Ok(loaded.board)
        }
    }
}

/// go-analyzer: the Monte-Carlo analysis with maps in the tree, and its
/// files.
fn report_analyzer(board: &Board, args: &Args) -> Result<(), String> {
    use go_analysis::analyzer::{AnalyzerOptions, analyze_with_progress};
    use std::io::Write;

    let mut options = AnalyzerOptions {
        playouts: args.playouts,
        ..AnalyzerOptions::default()
    };
    options.search.threads = args.threads;
    let show = args.playouts >= 10_000;
    let analysis = analyze_with_progress(board, &options, |p| {
        if show {
            let width = 30;
            let filled = (p.fraction() * width as f64).round() as usize;
            eprint!(
                "\ranalyzing [{}{}] {:>3.0}% {}/{} playouts {:.1} s",
                "#".repeat(filled),
                " ".repeat(width - filled),
                p.fraction() * 100.0,
                p.playouts,
                p.total,
                p.elapsed.as_secs_f64()
            );
            let _ = std::io::stderr().flush();
        }
    });
    if show {
        eprintln!();
    }
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
        print!("{}", influence.text());
        println!("root area ownership (same symbols):");
        print!("{}", ownership.text());
        let tree = analysis.tree();
        if let Some(best) = tree.children(root).max_by_key(|&c| tree.info(c).visits) {
            if let Some(diff) = analysis.influence_diff(root, best) {
                println!(
                    "influence difference after the most visited move, (parent - child + 1)/2 (O: White lost control, X: Black lost):"
                );
                print!("{}", diff.text());
            }
        }
        report_static_agreement(board, &ownership);
    }
    if let Some(dir) = &args.out {
        let stem = args
            .file
            .as_deref()
            .and_then(|f| std::path::Path::new(f).file_stem())
            .and_then(|s| s.to_str())
            .unwrap_or("default");
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
        let v = ownership.get(p)?;
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

fn report(board: &Board) {
    println!("{board}");
    println!("{} to play", board.to_play());
    println!(
        "captures: black {}, white {}",
        board.captures(Color::Black),
        board.captures(Color::White)
    );
    println!("\nblocks:");
    for block in board.blocks() {
        let libs: Vec<String> = block.liberties().iter().map(|p| p.to_string()).collect();
        println!(
            "  {:<5} {:>2} stone(s) at {:<4} {} liberties: {}{}",
            block.color().to_string(),
            block.num_stones(),
            block.anchor().to_string(),
            block.num_liberties(),
            libs.join(" "),
            if block.in_atari() { "  (atari)" } else { "" }
        );
    }
    report_regions(board);
    report_eyes(board);
    report_score(board);
    report_semeais(board);
}

/// Each race between adjacent enclosed blocks, solved with each side to
/// move first.
fn report_semeais(board: &Board) {
    let races = go_analysis::semeai::find_races(board);
    println!("\ncapturing races (semeai): {}", races.len());
    for (black, white) in races {
        let text = |a, b| match go_analysis::semeai::solve(board, a, b) {
            Ok(r) => format!(
                "{} if it plays ({}), {} if it passes",
                r.status_if_play, r.decision, r.status_if_pass
            ),
            Err(e) => format!("error: {e}"),
        };
        println!(
            "  black {} ({} libs) vs white {} ({} libs)",
            black,
            board.num_liberties(black),
            white,
            board.num_liberties(white)
        );
        println!("    black first: {}", text(black, white));
        println!("    white first: {}", text(white, black));
    }
}

fn points_text(points: &PointSet, max: usize) -> String {
    let mut text: Vec<String> = points.iter().take(max).map(|p| p.to_string()).collect();
    if points.len() > max {
        text.push(format!("... ({} more)", points.len() - max));
    }
    text.join(" ")
}

fn report_regions(board: &Board) {
    for color in Color::ALL {
        let regions = Regions::basic(board, color);
        println!(
            "\n{color} regions (areas free of {color} stones): {}",
            regions.len()
        );
        for region in regions.iter() {
            let empty = region.empty_points(board);
            println!(
                "  {:>3} point(s), {:>3} empty, {} boundary / {} interior block(s): {}",
                region.num_points(),
                empty.len(),
                region.boundary_blocks().count(),
                region.interior_blocks().len(),
                points_text(region.points(), 12)
            );
        }
    }
}

/// go-eye: each colour's eye spaces with their value, then Benson's
/// pass-alive blocks and the unconditional territory.
fn report_eyes(board: &Board) {
    use go_analysis::eye::benson::UnconditionalLife;
    use go_analysis::eye::space::EyeSpaces;

    let spaces = EyeSpaces::new(board);
    for color in Color::ALL {
        println!("\n{color} eye spaces: {}", spaces.of(color).len());
        for space in spaces.of(color) {
            let value = space.value();
            let mut notes = Vec::new();
            if !space.marginal_points().is_empty() {
                notes.push(format!(
                    "marginal {}",
                    points_text(&space.marginal_points(), 6)
                ));
            }
            if !space.dead_stones().is_empty() {
                notes.push(format!("dead {}", points_text(&space.dead_stones(), 6)));
            }
            for h in space.half_eyes() {
                notes.push(format!(
                    "half eye {} (key {}{})",
                    h.point,
                    h.key,
                    if h.ko { ", ko" } else { "" }
                ));
            }
            // A plain eye enclosed by one block: its class and status from the tables.
            if let Some(class) = shape_class(board, space) {
                notes.push(class);
            }
            println!(
                "  {:<28} eyes {}{}{}",
                points_text(&space.points(), 8),
                value,
                if value.exact { "" } else { " (estimated)" },
                if notes.is_empty() {
                    String::new()
                } else {
                    format!("  [{}]", notes.join("; "))
                }
            );
        }
    }
    let life = UnconditionalLife::new(board);
    for color in Color::ALL {
        let alive = life.pass_alive(color);
        let blocks: Vec<String> = alive.blocks().iter().map(|p| p.to_string()).collect();
        println!(
            "\n{color} pass-alive blocks (Benson): {}; safe points {}, unconditional territory {}, dead {} stone(s)",
            if blocks.is_empty() {
                "none".to_string()
            } else {
                blocks.join(" ")
            },
            alive.safe_points().len(),
            life.territory(color).len(),
            life.dead(color).len()
        );
    }
}

/// The neighbour code and table status of an eye space that is a plain
/// eye shape (no marginal point, at most 8 points), in the local frame.
fn shape_class(board: &Board, space: &go_analysis::eye::space::EyeSpace) -> Option<String> {
    use go_analysis::eye::position::Edges;
    use go_analysis::eye::shape::{Cell, CellSet};
    use go_analysis::eye::tables::{Eye, Stones};

    if !space.marginal_points().is_empty() || space.points().len() > 8 {
        return None;
    }
    let points: Vec<_> = space.points().iter().collect();
    let (min_c, max_c) = (
        points.iter().map(|p| p.col()).min()?,
        points.iter().map(|p| p.col()).max()?,
    );
    let (min_r, max_r) = (
        points.iter().map(|p| p.row()).min()?,
        points.iter().map(|p| p.row()).max()?,
    );
    if max_c - min_c >= 8 || max_r - min_r >= 8 {
        return None;
    }
    // Local frame: x from the west, y from the north.
    let cell =
        |p: &go_analysis::board::Point| Cell::new((p.col() - min_c) as u8, (max_r - p.row()) as u8);
    let cells: CellSet = points.iter().filter_map(cell).collect();
    let enemy: CellSet = space
        .dead_stones()
        .iter()
        .filter_map(|p| cell(&p))
        .collect();
    let size = board.size();
    let mut edges = Edges::NONE;
    if max_r == size - 1 {
        edges = edges | Edges::NORTH;
    }
    if min_r == 0 {
        edges = edges | Edges::SOUTH;
    }
    if min_c == 0 {
        edges = edges | Edges::WEST;
    }
    if max_c == size - 1 {
        edges = edges | Edges::EAST;
    }
    let eye = Eye::new(cells, edges).ok()?;
    let status = eye.status(&Stones::enemy(enemy), 4).ok()?;
    Some(format!("shape {} {}, {status}", eye.code(), eye.position()))
}

fn report_score(board: &Board) {
    let score = Score::alive(board);
    println!(
        "\ncount with every stone alive ({:?} scoring, komi {}): black {}, white {}, {} dame -> {}",
        score.scoring, score.komi, score.black, score.white, score.dame, score
    );
}
