//! Measures two claims of the Fractal Go report on positions from game
//! records:
//!
//! 1. proof-number search "examines a smaller state space than alpha-beta":
//!    every zone of each position is read towards its objective by
//!    go-search's `ProofNumber` and by its `AlphaBeta` (iterative
//!    deepening, transposition table) to the same depth; the table gives
//!    how often each proves the goal, whether they agree, and the nodes
//!    each expands;
//! 2. pattern matching is faster than node expansion (what the report's
//!    network protocol rests on): µs per full-board query of the starter
//!    pattern base against µs per proof-number node.
//!
//! ```text
//! cargo run --release -p go-fractal --example pn_vs_alphabeta -- \
//!     ../shared/peer-suites/gnugo/regression/games --games 40 --depth 4
//! ```

use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;
use go_board::Board;
use go_board::sgf::{GameRecord, sgf_files};
use go_board::zone::Zones;
use go_fractal::search::{ZoneGame, ZoneSearchOptions, read_game};
use go_fractal::{Knowledge, Objective};
use go_search::{AlphaBeta, AlphaBetaOptions, Neutral, SearchLimits};

/// Compares proof-number search and alpha-beta on zones of game positions.
#[derive(Parser)]
struct Options {
    /// Folders (searched recursively) or SGF files.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Games to take positions from.
    #[arg(long, default_value_t = 40)]
    games: usize,
    /// The depth limit of both searches (plies).
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Nodes at most per search.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Moves into each game where positions are taken.
    #[arg(long, value_delimiter = ',', default_value = "40,80,120")]
    at: Vec<usize>,
}

/// Positions `at` moves into whole games (no setup stones).
fn positions(options: &Options) -> Vec<Board> {
    let files: Vec<PathBuf> = options.inputs.iter().flat_map(sgf_files).collect();
    let mut out = Vec::new();
    let mut games = 0;
    for file in files {
        if games == options.games {
            break;
        }
        let Ok(record) = GameRecord::read_file(&file) else {
            continue;
        };
        if !record.is_from_empty_board() {
            continue;
        }
        let Ok(mut board) = Board::new(record.geometry().width()) else {
            continue;
        };
        let mut n = 0;
        let mut taken = false;
        for (color, mv) in record.moves() {
            if board.play_move(color, mv).is_err() {
                break;
            }
            n += 1;
            if options.at.contains(&n) {
                out.push(board.clone());
                taken = true;
            }
        }
        games += usize::from(taken);
    }
    out
}

#[derive(Default)]
struct Tally {
    searches: u64,
    pn_proved: u64,
    ab_proved: u64,
    agree: u64,
    pn_nodes: u64,
    ab_nodes: u64,
    pn_time: f64,
    ab_time: f64,
    /// Zones both searches proved: nodes each needed.
    both_pn: u64,
    both_ab: u64,
    both: u64,
}

fn main() {
    let options = Options::parse();
    let boards = positions(&options);
    let mut by_objective: Vec<(Objective, Tally)> = Objective::ALL
        .iter()
        .map(|&o| (o, Tally::default()))
        .collect();
    let search = ZoneSearchOptions::default()
        .with_depth(options.depth)
        .with_nodes(options.nodes);
    let limits = SearchLimits::default()
        .with_depth(options.depth)
        .with_nodes(options.nodes);
    for board in &boards {
        let color = board.to_play();
        let zones = Zones::new(board);
        for zone in zones.zones() {
            let objective = Objective::for_zone(board, zone, color);
            let mut game = ZoneGame::new(board, zone, color, objective);
            if game.reached() {
                continue;
            }
            let t = Instant::now();
            let pn = read_game(&mut game, &search);
            let pn_time = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let mut ab = AlphaBeta::new(AlphaBetaOptions::default().with_limits(limits.clone()));
            let r = ab.search(&mut game, &Neutral);
            let ab_time = t.elapsed().as_secs_f64();
            let ab_proved = r.value.is_win();
            let tally = &mut by_objective[objective.id()].1;
            tally.searches += 1;
            tally.pn_proved += u64::from(pn.proved);
            tally.ab_proved += u64::from(ab_proved);
            tally.agree += u64::from(pn.proved == ab_proved);
            tally.pn_nodes += pn.nodes;
            tally.ab_nodes += r.stats.nodes;
            tally.pn_time += pn_time;
            tally.ab_time += ab_time;
            if pn.proved && ab_proved {
                tally.both_pn += pn.nodes;
                tally.both_ab += r.stats.nodes;
                tally.both += 1;
            }
        }
    }
    println!(
        "{} positions, depth {}, at most {} nodes per search",
        boards.len(),
        options.depth,
        options.nodes
    );
    println!(
        "| objective | zones | PN proved | AB proved | agree | PN nodes (mean) | AB nodes (mean) | both proved: PN / AB nodes (mean) | PN ms | AB ms |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut all = Tally::default();
    for (o, t) in &by_objective {
        if t.searches == 0 {
            continue;
        }
        row(&o.to_string(), t);
        all.searches += t.searches;
        all.pn_proved += t.pn_proved;
        all.ab_proved += t.ab_proved;
        all.agree += t.agree;
        all.pn_nodes += t.pn_nodes;
        all.ab_nodes += t.ab_nodes;
        all.pn_time += t.pn_time;
        all.ab_time += t.ab_time;
        all.both_pn += t.both_pn;
        all.both_ab += t.both_ab;
        all.both += t.both;
    }
    row("all", &all);
    // Pattern queries against proof-number nodes.
    let knowledge = Knowledge::starter();
    let t = Instant::now();
    let mut found = 0;
    for board in &boards {
        let color = board.to_play();
        if knowledge
            .patterns()
            .suggest(board, color, |p| board.is_legal(color, p))
            .is_some()
        {
            found += 1;
        }
    }
    let per_query = t.elapsed().as_secs_f64() * 1e6 / boards.len().max(1) as f64;
    let per_node = all.pn_time * 1e6 / all.pn_nodes.max(1) as f64;
    println!(
        "pattern query ({} keys, side {}): {per_query:.1} µs per full board ({found} of {} boards matched); proof-number search: {per_node:.2} µs per node, {:.0} µs per zone search",
        knowledge.patterns().len(),
        knowledge.patterns().max_side(),
        boards.len(),
        all.pn_time * 1e6 / all.searches.max(1) as f64
    );
}

fn row(name: &str, t: &Tally) {
    let n = t.searches as f64;
    let both = (t.both_pn > 0).then(|| t.both_pn as f64 / (t.both_ab.max(1) as f64));
    let proved_both = t.both.max(1) as f64;
    println!(
        "| {name} | {} | {} | {} | {} | {:.0} | {:.0} | {:.0} / {:.0} (ratio {}) | {:.2} | {:.2} |",
        t.searches,
        t.pn_proved,
        t.ab_proved,
        t.agree,
        t.pn_nodes as f64 / n,
        t.ab_nodes as f64 / n,
        t.both_pn as f64 / proved_both,
        t.both_ab as f64 / proved_both,
        both.map_or("-".to_string(), |r| format!("{r:.2}")),
        t.pn_time * 1e3 / n,
        t.ab_time * 1e3 / n,
    );
}
