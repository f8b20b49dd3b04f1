//! Benson's algorithm and unconditional status on full 19×19 boards.
//!
//! Target (issue 5): Benson on a full 19×19 board ≤ 20 µs.
//!
//! The boards are late-game positions from seeded random games that never
//! fill their own eyes, so both colours have pass-alive groups, regions of
//! every size and dead stones.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use go_board::{Board, Color, Pcg32, Point, Position};
use go_eye::benson::{PassAlive, UnconditionalLife};

/// A game of random legal moves that keep each side's eyes, stopped after
/// `moves` moves (or when both sides have nothing left to play).
fn random_game(seed: u64, moves: usize) -> Board {
    let mut rng = Pcg32::new(seed);
    let mut board = Board::new(19).expect("19x19");
    let mut passes = 0;
    for _ in 0..moves {
        let color = board.to_play();
        let candidates: Vec<Point> = board
            .legal_moves(color)
            .iter()
            .filter(|&p| !board.is_eye_like(color, p))
            .collect();
        if candidates.is_empty() {
            board.pass();
            passes += 1;
            if passes == 2 {
                break;
            }
            continue;
        }
        passes = 0;
        let p = candidates[rng.next_u32() as usize % candidates.len()];
        board.play(color, p).expect("legal");
    }
    board
}

fn bench(c: &mut Criterion) {
    let boards: Vec<Board> = (1..=8).map(|seed| random_game(seed, 400)).collect();
    let alive: usize = boards
        .iter()
        .map(|b| {
            PassAlive::new(b, Color::Black).blocks().len()
                + PassAlive::new(b, Color::White).blocks().len()
        })
        .sum();
    assert!(alive > 0, "the sample boards have pass-alive blocks");
    let n = boards.len();
    let mut i = 0;
    c.bench_function("benson: both colours, full 19x19", |b| {
        b.iter(|| {
            let board = &boards[i % n];
            i += 1;
            let black = PassAlive::new(black_box(board), Color::Black);
            let white = PassAlive::new(black_box(board), Color::White);
            black_box((black, white))
        })
    });
    c.bench_function("benson: one colour, full 19x19", |b| {
        b.iter(|| {
            let board = &boards[i % n];
            i += 1;
            black_box(PassAlive::new(black_box(board), Color::Black))
        })
    });
    c.bench_function("unconditional status: both colours, full 19x19", |b| {
        b.iter(|| {
            let board = &boards[i % n];
            i += 1;
            black_box(UnconditionalLife::new(black_box(board)))
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
