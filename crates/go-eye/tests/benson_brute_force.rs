//! Benson's algorithm against brute force on small boards.
//!
//! A block is pass-alive exactly when the opponent cannot capture it even
//! playing every move while its owner passes (Benson 1976). On boards of
//! at most 4×4 that is checked directly: every position the opponent can
//! reach by legal moves alone (suicide illegal, its stones never captured
//! since the owner never plays) is visited, and a block is capturable if
//! some such position lacks one of its stones.

use std::collections::HashSet;

use go_board::{Board, Color, Pcg32, Point, PointSet};
use go_eye::benson::PassAlive;

/// The stones of `color` that survive every sequence of opponent moves.
fn brute_force_alive(board: &Board, color: Color) -> PointSet {
    let other = color.opposite();
    let own = *board.stones_of(color);
    let mut survivors = own;
    let mut seen: HashSet<u64> = HashSet::new();
    let mut stack = vec![board.clone()];
    seen.insert(board.position_hash());
    while let Some(b) = stack.pop() {
        survivors &= *b.stones_of(color);
        for p in b.empty_points() {
            let mut next = b.clone();
            // A pass of the owner first: the opponent plays again, and no
            // ko ban lasts.
            next.pass_as(color);
            if next.play(other, p).is_ok() && seen.insert(next.position_hash()) {
                stack.push(next);
            }
        }
    }
    survivors
}

fn random_position(rng: &mut Pcg32, width: usize, height: usize) -> Option<Board> {
    let size = width.max(height);
    let mut board = Board::new(size).ok()?;
    let mut setup = Vec::new();
    for row in 0..size {
        for col in 0..size {
            let p = Point::new(col, row);
            let color = if col >= width || row >= height {
                // Outside the small area: a wall of Black keeps the area
                // small (it is part of the position like any stone).
                Some(Color::Black)
            } else {
                match rng.next_u32() % 8 {
                    0..=2 => Some(Color::Black),
                    3..=4 => Some(Color::White),
                    _ => None,
                }
            };
            setup.push((p, color));
        }
    }
    board.setup(setup).ok()?;
    Some(board)
}

#[test]
fn benson_finds_exactly_the_blocks_that_cannot_be_captured() {
    let mut rng = Pcg32::new(2024);
    let (mut checked, mut alive_found) = (0, 0);
    while checked < 400 {
        let (w, h) = [(4, 4), (4, 3), (3, 4), (4, 2)][(rng.next_u32() % 4) as usize];
        let Some(board) = random_position(&mut rng, w, h) else {
            continue; // a block without liberties
        };
        if board.empty_points().len() > 9 {
            continue; // keep the brute force small
        }
        for color in [Color::Black, Color::White] {
            let benson = PassAlive::new(&board, color).stones();
            let brute = brute_force_alive(&board, color);
            assert_eq!(
                benson, brute,
                "{color} on\n{board}\nBenson {benson:?}, brute force {brute:?}"
            );
            alive_found += usize::from(!benson.is_empty());
        }
        checked += 1;
    }
    println!("{checked} positions, {alive_found} colour sets with pass-alive blocks");
    assert!(
        alive_found > 20,
        "the sample has pass-alive blocks to check"
    );
}

/// The run around a few blocks ([`PassAlive::around`]) finds a subset of the
/// whole-board run, the same blocks when seeded with every stone without a
/// limit, and fewer in some positions when it has one.
#[test]
fn the_run_around_seeds_is_sound_and_exact_without_limits() {
    let mut rng = Pcg32::new(77);
    let mut checked = 0;
    let mut fewer = 0;
    while checked < 400 {
        let size = 5 + (rng.next_u32() % 5) as usize;
        let Some(board) = random_position(&mut rng, size, size) else {
            continue;
        };
        for color in [Color::Black, Color::White] {
            let whole = PassAlive::new(&board, color);
            let stones = *board.stones_of(color);
            let everywhere = *board.geometry().all_points();
            let all = PassAlive::around(&board, color, stones, everywhere, go_board::NUM_INDICES);
            assert_eq!(all.stones(), whole.stones(), "{color} on\n{board}");
            assert_eq!(
                all.vital_points(),
                whole.vital_points(),
                "{color} on\n{board}"
            );
            let Some(seed) = stones.first() else { continue };
            let seeds: PointSet = board.block_stones(seed).collect();
            // Within the seed block's neighbourhood's left half, too.
            let left: PointSet = everywhere.iter().filter(|p| p.col() < size / 2).collect();
            for (limit, within) in [(1, everywhere), (3, everywhere), (8, everywhere), (8, left)] {
                let local = PassAlive::around(&board, color, seeds, within, limit);
                assert!(
                    local.stones().is_subset(&whole.stones()),
                    "{color} limit {limit} on\n{board}"
                );
                fewer += usize::from(local.stones() != (whole.stones() & seeds));
            }
        }
        checked += 1;
    }
    assert!(fewer > 0, "the limits cut something off in the sample");
}
