//! Incremental zones on real games: every move of every game record of the
//! GNU Go and Fuego regression suites (their `games` folders), and every
//! undo back to the start, must give the zones `Zones::new` computes.
//!
//! The suites are read from `$GO_ANALYSIS_PEER_SUITES`, else from
//! `../shared/peer-suites` beside the workspace; the test skips with a
//! notice when they are missing.

use std::path::{Path, PathBuf};
use std::time::Instant;

use go_board::sgf::{GameEvent, GameRecord};
use go_board::zone::Zones;
use go_board::{Board, PointSet};

fn peer_suites(test: &str) -> Option<PathBuf> {
    let dir = match std::env::var_os("GO_ANALYSIS_PEER_SUITES") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/peer-suites"),
    };
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "{test}: skipped, peer suites not found at {} (set GO_ANALYSIS_PEER_SUITES)",
            dir.display()
        );
        None
    }
}

/// Every `.sgf` file with a `games` folder on its path, sorted.
fn game_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![(dir.to_path_buf(), false)];
    while let Some((d, in_games)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                let games = in_games || path.file_name().is_some_and(|n| n == "games");
                stack.push((path, games));
            } else if in_games && path.extension().is_some_and(|e| e == "sgf") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[derive(Default)]
struct Tally {
    games: usize,
    moves: usize,
    setups: usize,
    undos: usize,
    /// Records that do not parse, or stop at a move the rules refuse.
    unreadable: usize,
    stopped: usize,
}

/// Replays one record, checking the zones after every move, setup and undo.
fn check_game(name: &str, record: &GameRecord, tally: &mut Tally) {
    let mut board = Board::with_geometry(record.geometry(), record.rules());
    let mut zones = Zones::new(&board);
    let stones = |b: &Board| -> [PointSet; 2] {
        [go_board::Color::Black, go_board::Color::White].map(|c| *b.stones_of(c))
    };
    let changed = |before: &[PointSet; 2], b: &Board| -> PointSet {
        let after = stones(b);
        (before[0] ^ after[0]) | (before[1] ^ after[1])
    };
    for event in record.events() {
        let before = stones(&board);
        match event {
            GameEvent::Move(color, mv) => {
                if board.play_move(*color, *mv).is_err() {
                    tally.stopped += 1;
                    break;
                }
                tally.moves += 1;
            }
            GameEvent::Setup { color, points } => {
                if board.setup(points.iter().map(|&p| (p, *color))).is_err() {
                    tally.stopped += 1;
                    break;
                }
                tally.setups += 1;
            }
            GameEvent::ToPlay(_) => continue,
        }
        zones.update(&board, &changed(&before, &board));
        assert_eq!(
            zones,
            Zones::new(&board),
            "{name}: after {event:?}\n{board}"
        );
    }
    // Back to the start (or the last setup, which clears the history).
    while zones.undo(&mut board).is_some() {
        tally.undos += 1;
        assert_eq!(zones, Zones::new(&board), "{name}: after an undo\n{board}");
    }
    tally.games += 1;
}

#[test]
fn incremental_zones_equal_from_scratch_on_every_peer_game() {
    let test = "incremental_zones_equal_from_scratch_on_every_peer_game";
    let Some(suites) = peer_suites(test) else {
        return;
    };
    let start = Instant::now();
    let files = game_files(&suites);
    let mut tally = Tally::default();
    for path in &files {
        let name = path
            .strip_prefix(&suites)
            .unwrap_or(path)
            .display()
            .to_string();
        let Ok(record) = GameRecord::read_file(path) else {
            tally.unreadable += 1;
            continue;
        };
        check_game(&name, &record, &mut tally);
    }
    eprintln!(
        "{test}: {} game files, {} games checked: {} moves, {} setups, {} undos \
         ({} unreadable, {} stopped at an illegal move or setup) in {:.2?}",
        files.len(),
        tally.games,
        tally.moves,
        tally.setups,
        tally.undos,
        tally.unreadable,
        tally.stopped,
        start.elapsed()
    );
    assert!(files.len() > 1000, "expected the suites' game records");
    assert!(tally.moves > 100_000);
}
