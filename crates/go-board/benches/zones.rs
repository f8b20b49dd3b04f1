//! Zones after each move of 19×19 games: from scratch (`Zones::new`)
//! against the incremental `Zones::update`. One element is one move, so
//! the time per element is the cost per move.
//!
//! Games: the first eight 19×19 records of at least 150 moves under the
//! peer suites' `games` folders (when the suites are present; see
//! `tests/sgf_peers.rs`), and two self-played games of 250 random legal
//! moves that do not fill their own eyes.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go_board::sgf::{GameEvent, GameRecord, sgf_files};
use go_board::zone::Zones;
use go_board::{Board, Color, Point, PointSet, Position};

/// A game as the positions after each move, with the points each changed.
struct Game {
    start: Board,
    moves: Vec<(Board, PointSet)>,
}

fn record(board: &Board, game: &mut Game, before: &Board) {
    game.moves
        .push((board.clone(), Zones::changed(before, board)));
}

fn peer_games() -> Vec<Game> {
    let dir = match std::env::var_os("GO_ANALYSIS_PEER_SUITES") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/peer-suites"),
    };
    let files: Vec<PathBuf> = sgf_files(&dir)
        .into_iter()
        .filter(|p| {
            p.strip_prefix(&dir)
                .is_ok_and(|rest| rest.components().any(|c| c.as_os_str() == "games"))
        })
        .collect();
    let mut games = Vec::new();
    for path in files {
        let Ok(rec) = GameRecord::read_file(&path) else {
            continue;
        };
        if rec.geometry().width() != 19 || rec.geometry().height() != 19 || rec.num_moves() < 150 {
            continue;
        }
        let mut board = Board::with_geometry(rec.geometry(), rec.rules());
        // Setup stones (handicap) belong to the start position.
        let mut started = false;
        let mut game = Game {
            start: board.clone(),
            moves: Vec::new(),
        };
        for event in rec.events() {
            let before = board.clone();
            let ok = match event {
                GameEvent::Move(color, mv) => {
                    if !started {
                        game.start = board.clone();
                        started = true;
                    }
                    board.play_move(*color, *mv).is_ok()
                }
                GameEvent::Setup { color, points } if !started => {
                    board.setup(points.iter().map(|&p| (p, *color))).is_ok()
                }
                _ => continue,
            };
            if !ok {
                break;
            }
            if started {
                record(&board, &mut game, &before);
            }
        }
        games.push(game);
        if games.len() == 8 {
            break;
        }
    }
    games
}

fn self_game(seed: u64) -> Game {
    let mut board = Board::new(19).unwrap();
    let mut game = Game {
        start: board.clone(),
        moves: Vec::new(),
    };
    let mut state = seed;
    for _ in 0..250 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let color = board.to_play();
        let legal: Vec<Point> = board
            .legal_moves(color)
            .iter()
            .filter(|&p| !board.is_true_eye(color, p))
            .collect();
        if legal.is_empty() {
            break;
        }
        let before = board.clone();
        board
            .play(color, legal[(state % legal.len() as u64) as usize])
            .unwrap();
        record(&board, &mut game, &before);
    }
    game
}

fn bench_games(c: &mut Criterion, label: &str, games: &[Game]) {
    let n: usize = games.iter().map(|g| g.moves.len()).sum();
    if n == 0 {
        eprintln!("zones/{label}: no games, skipped");
        return;
    }
    let stones: usize = games
        .iter()
        .flat_map(|g| &g.moves)
        .map(|(b, _)| b.stones_of(Color::Black).len() + b.stones_of(Color::White).len())
        .sum();
    let zones: usize = games
        .iter()
        .flat_map(|g| &g.moves)
        .map(|(b, _)| Zones::new(b).len())
        .sum();
    eprintln!(
        "zones/{label}: {} games, {n} moves, {:.0} stones and {:.1} zones per position on average",
        games.len(),
        stones as f64 / n as f64,
        zones as f64 / n as f64
    );
    let starts: Vec<Zones> = games.iter().map(|g| Zones::new(&g.start)).collect();
    let mut group = c.benchmark_group(format!("zones {label}"));
    group.throughput(Throughput::Elements(n as u64));
    group.sample_size(20);
    group.bench_function("from scratch", |b| {
        b.iter(|| {
            let mut total = 0;
            for game in games {
                for (board, _) in &game.moves {
                    total += Zones::new(board).len();
                }
            }
            black_box(total)
        })
    });
    group.bench_function("incremental", |b| {
        b.iter(|| {
            let mut total = 0;
            for (game, start) in games.iter().zip(&starts) {
                let mut zones = start.clone();
                for (board, changed) in &game.moves {
                    zones.update(board, changed);
                    total += zones.len();
                }
            }
            black_box(total)
        })
    });
    group.finish();
}

fn bench_zones(c: &mut Criterion) {
    bench_games(c, "19x19 peer games", &peer_games());
    let own = [
        self_game(0x2545_F491_4F6C_DD1D),
        self_game(0x9E37_79B9_7F4A_7C15),
    ];
    bench_games(c, "19x19 self-play", &own);
}

criterion_group!(benches, bench_zones);
criterion_main!(benches);
