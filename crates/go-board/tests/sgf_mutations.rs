//! Mutated game records (issue 23): whatever is done to a real record's
//! text, loading never panics, and a record that loads is one whose moves
//! `play` accepts in turn, reaching the same position.

use go_board::sgf::{GameEvent, GameRecord, Until, fixed_handicap};
use go_board::{Board, Color, Geometry, Move, Point, PointSet, Rules};
use proptest::prelude::*;

/// A random legal game on a `width`×`height` board, with setup stones on
/// some boards.
fn random_game(width: usize, height: usize, seed: u64, len: usize, rules: Rules) -> Board {
    let geo = Geometry::new(width, height).unwrap();
    let mut board = Board::with_geometry(geo, rules);
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    if seed % 3 == 0 {
        let mut setup: Vec<(Point, Option<Color>)> = Vec::new();
        for &p in geo.points() {
            let r = next();
            if r % 13 == 0 {
                setup.push((p, Some(Color::ALL[(r >> 8) as usize % 2])));
            }
        }
        let _ = board.setup(setup);
    }
    for _ in 0..len {
        let color = board.to_play();
        let legal: Vec<Point> = board.legal_moves(color).iter().collect();
        if legal.is_empty() || next() % 20 == 0 {
            board.pass();
        } else {
            let p = legal[(next() % legal.len() as u64) as usize];
            board.play(color, p).unwrap();
        }
    }
    board
}

/// Pieces of SGF that matter to the loader, inserted where a node starts.
const NODE_TOKENS: &[&str] = &[
    ";B[aa]",
    ";W[aa]",
    ";B[cc]",
    ";W[dd]",
    ";B[]",
    ";W[tt]",
    ";B[zz]",
    ";W[sm]",
    ";AB[aa]",
    ";AW[bb]",
    ";AE[cc]",
    ";AB[aa:cc]",
    ";PL[W]",
    ";PL[B]",
    "HA[2]",
    "HA[9]",
    "KM[1e39]",
    "KM[inf]",
    "KM[-7.5]",
    "SZ[19:13]",
    "SZ[5]",
    "SZ[30]",
    "SZ[1]",
    "RU[Chinese]",
    "RU[NZ]",
    "GM[2]",
    "C[a \\] comment]",
    "(;B[ee])",
];

/// Bytes that break the syntax, inserted anywhere.
const BREAKERS: &[&str] = &["(", ")", "[", "]", "\\", ";", ":", "\u{0}", "\u{feff}", "é"];

#[derive(Clone, Debug)]
enum Mutation {
    /// Replace the byte at this fraction of the text (a coordinate letter
    /// most often).
    Replace(f64, u8),
    /// Delete this many bytes from this fraction of the text.
    Delete(f64, usize),
    /// Insert a node token where the first node after this fraction
    /// starts.
    InsertNode(f64, usize),
    /// Insert a syntax breaker at this fraction of the text.
    Break(f64, usize),
    /// Copy this many bytes from one place to another.
    Duplicate(f64, f64, usize),
    /// Swap two moves' values.
    Swap(f64, f64),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = 0.0..1.0f64;
    prop_oneof![
        6 => (at.clone(), prop::sample::select(b"abcdefghijklmnopqrstzABW".to_vec()))
            .prop_map(|(a, b)| Mutation::Replace(a, b)),
        6 => (at.clone(), 0..NODE_TOKENS.len()).prop_map(|(a, t)| Mutation::InsertNode(a, t)),
        3 => (at.clone(), at.clone()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        1 => (at.clone(), 1usize..12).prop_map(|(a, n)| Mutation::Delete(a, n)),
        1 => (at.clone(), 0..BREAKERS.len()).prop_map(|(a, t)| Mutation::Break(a, t)),
        1 => (at.clone(), at, 1usize..40).prop_map(|(a, b, n)| Mutation::Duplicate(a, b, n)),
    ]
}

/// Where the first node at or after byte `i` starts (or the end).
fn node_start(text: &[u8], i: usize) -> usize {
    text[i..]
        .iter()
        .position(|&b| b == b';')
        .map_or(text.len(), |k| i + k)
}

/// The value of the first move at or after byte `i`: the range inside
/// `B[..]` or `W[..]`.
fn move_value(text: &[u8], i: usize) -> Option<std::ops::Range<usize>> {
    let start = (i..text.len().saturating_sub(2))
        .find(|&k| text[k] == b';' && matches!(text[k + 1], b'B' | b'W') && text[k + 2] == b'[')?
        + 3;
    let end = start + text[start..].iter().position(|&b| b == b']')?;
    Some(start..end)
}

fn apply(text: &mut Vec<u8>, m: &Mutation) {
    let index = |f: f64, len: usize| ((f * len as f64) as usize).min(len);
    match *m {
        Mutation::Replace(at, b) => {
            let i = index(at, text.len());
            if i < text.len() {
                text[i] = b;
            }
        }
        Mutation::Delete(at, n) => {
            let i = index(at, text.len());
            let end = (i + n).min(text.len());
            text.drain(i..end);
        }
        Mutation::InsertNode(at, t) => {
            let i = node_start(text, index(at, text.len()));
            text.splice(i..i, NODE_TOKENS[t].bytes());
        }
        Mutation::Break(at, t) => {
            let i = index(at, text.len());
            text.splice(i..i, BREAKERS[t].bytes());
        }
        Mutation::Duplicate(from, to, n) => {
            let i = index(from, text.len());
            let piece: Vec<u8> = text[i..(i + n).min(text.len())].to_vec();
            let j = index(to, text.len());
            text.splice(j..j, piece);
        }
        Mutation::Swap(a, b) => {
            let (Some(x), Some(y)) = (
                move_value(text, index(a, text.len())),
                move_value(text, index(b, text.len())),
            ) else {
                return;
            };
            if x.len() == 2 && y.len() == 2 {
                let (p, q) = (text[x.clone()].to_vec(), text[y.clone()].to_vec());
                text[x].copy_from_slice(&q);
                text[y].copy_from_slice(&p);
            }
        }
    }
}

/// Replays a record's events through the board's public rules — setup
/// through [`Board::setup`], moves through [`Board::play_move`], which must
/// accept each of the first `moves` — independently of the loader.
fn replay_through_play(record: &GameRecord, moves: u32) -> Board {
    let geo = record.geometry();
    let mut board = Board::with_geometry(geo, record.rules());
    let handicap = record.info.handicap.unwrap_or(0);
    let mut next = if handicap >= 2 {
        Color::White
    } else {
        Color::Black
    };
    let mut pending: Vec<(Point, Option<Color>)> = Vec::new();
    let mut played = 0;
    let flush = |board: &mut Board, pending: &mut Vec<(Point, Option<Color>)>| {
        let mut seen = PointSet::new();
        let changes: Vec<_> = pending
            .drain(..)
            .rev()
            .filter(|&(p, c)| seen.insert(p) && board.color_at(p) != c)
            .collect();
        if !changes.is_empty() {
            board
                .setup(changes)
                .expect("the loader accepted this setup");
        }
    };
    let handicap_stones = |board: &mut Board, next: Color| {
        let empty =
            board.stones_of(Color::Black).is_empty() && board.stones_of(Color::White).is_empty();
        if next == Color::White && empty && handicap >= 2 {
            let stones = fixed_handicap(geo, handicap);
            if !stones.is_empty() {
                board
                    .setup(stones.into_iter().map(|p| (p, Some(Color::Black))))
                    .unwrap();
            }
        }
    };
    for event in record.events() {
        if let GameEvent::Setup { color, points } = event {
            pending.extend(points.iter().map(|&p| (p, *color)));
            continue;
        }
        flush(&mut board, &mut pending);
        match *event {
            GameEvent::Setup { .. } => {}
            GameEvent::ToPlay(color) => {
                next = color;
                handicap_stones(&mut board, next);
                board.set_to_play(next);
            }
            GameEvent::Move(color, mv) => {
                next = color;
                handicap_stones(&mut board, next);
                if played == moves {
                    break;
                }
                board.set_to_play(color);
                if let Err(e) = board.play_move(color, mv) {
                    panic!(
                        "move {} ({color} {mv}) loaded but play refuses it: {e}",
                        played + 1
                    );
                }
                played += 1;
                next = color.opposite();
            }
        }
    }
    flush(&mut board, &mut pending);
    board.set_to_play(next);
    board
}

fn same_stones(a: &Board, b: &Board) -> bool {
    a.geometry()
        .points()
        .iter()
        .all(|&p| a.color_at(p) == b.color_at(p))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn mutated_records_load_or_fail_cleanly_and_what_loads_replays_through_play(
        size in prop::sample::select(vec![(5usize, 5usize), (9, 9), (13, 13), (19, 19), (19, 13), (7, 5)]),
        seed in any::<u64>(),
        len in 0usize..80,
        rules in prop::sample::select(vec!["", "RU[Chinese]", "RU[NZ]", "RU[Japanese]"]),
        mutations in prop::collection::vec(mutation(), 1..6),
        limit in prop::option::of(1u32..100),
    ) {
        let board = random_game(size.0, size.1, seed, len, Rules::default());
        let mut text = GameRecord::from_board(&board).to_sgf().into_bytes();
        // The rules go into the root node, after `(;`.
        if text.len() > 2 {
            text.splice(2..2, rules.bytes());
        }
        for m in &mutations {
            apply(&mut text, m);
        }
        // Never a panic: a record or an error.
        let Ok(record) = GameRecord::from_bytes(&text) else { return Ok(()) };
        let until = limit.map_or(Until::End, Until::BeforeMove);
        let Ok(loaded) = record.position(until) else { return Ok(()) };
        let replayed = replay_through_play(&record, loaded.moves_played);
        prop_assert!(same_stones(&loaded.board, &replayed),
            "{}\nloaded:\n{}\nreplayed:\n{}", String::from_utf8_lossy(&text), loaded.board, replayed);
        prop_assert_eq!(loaded.to_play, replayed.to_play());
        prop_assert_eq!(loaded.board.rules(), replayed.rules());
        for color in Color::ALL {
            prop_assert_eq!(loaded.board.captures(color), replayed.captures(color));
        }
        // And the loaded board's own history replays through play too.
        let history: Vec<(Color, Move)> = loaded.board.moves().collect();
        let mut start = loaded.board.clone();
        while start.undo().is_some() {}
        for &(color, mv) in &history {
            start.set_to_play(color);
            prop_assert!(start.play_move(color, mv).is_ok());
        }
        prop_assert!(same_stones(&start, &loaded.board));
    }
}
