//! go-board speed: play+undo on the search board in a mid-game 19×19
//! position, block queries, cloning, and uniform random playouts on the
//! playout board. Criterion's throughput ("elem/s") is moves, queries or
//! playouts per second.
//!
//! ```text
//! cargo bench --bench board
//! cargo bench --bench board -- playouts      # one group
//! ```

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go_analysis::board::{Board, Color, Pcg32, PlayoutBoard, PlayoutOptions, Point, Rules};

/// A 19×19 middle game: 160 uniform random playout moves from the empty
/// board (fixed seed), as a search board without history.
fn middle_game() -> Board {
    let mut playout = PlayoutBoard::new(19).expect("19 is a valid size");
    let mut rng = Pcg32::new(2024);
    for _ in 0..160 {
        playout.play_random_move(&mut rng);
    }
    playout.to_board(Rules::default())
}

fn bench_play_undo(c: &mut Criterion) {
    let mut board = middle_game();
    let color = board.to_play();
    let moves: Vec<Point> = board.legal_moves(color).iter().collect();
    let mut group = c.benchmark_group("search_board");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("play_undo_19x19_middle_game", |b| {
        b.iter(|| {
            for &p in &moves {
                let info = board.play(color, black_box(p));
                black_box(&info);
                board.undo();
            }
        })
    });

    let stones: Vec<Point> = (*board.stones_of(Color::Black) | *board.stones_of(Color::White))
        .iter()
        .collect();
    group.throughput(Throughput::Elements(stones.len() as u64));
    group.bench_function("num_liberties", |b| {
        b.iter(|| {
            stones
                .iter()
                .map(|&p| board.num_liberties(black_box(p)))
                .sum::<usize>()
        })
    });
    group.bench_function("liberties", |b| {
        b.iter(|| {
            stones
                .iter()
                .map(|&p| board.liberties(black_box(p)).len())
                .sum::<usize>()
        })
    });
    group.bench_function("stones", |b| {
        b.iter(|| {
            stones
                .iter()
                .map(|&p| board.stones(black_box(p)).len())
                .sum::<usize>()
        })
    });
    group.bench_function("in_atari", |b| {
        b.iter(|| {
            stones
                .iter()
                .filter(|&&p| board.in_atari(black_box(p)))
                .count()
        })
    });

    group.throughput(Throughput::Elements(1));
    group.bench_function("clone_19x19_middle_game", |b| {
        b.iter(|| black_box(&board).clone())
    });
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    group.throughput(Throughput::Elements(1));
    for size in [9, 19] {
        let root = PlayoutBoard::new(size).expect("valid size");
        let mut board = root.clone();
        let mut rng = Pcg32::new(1);
        let options = PlayoutOptions::default();
        group.bench_function(format!("uniform_{size}x{size}"), |b| {
            b.iter(|| {
                board.copy_from(&root);
                black_box(board.playout(&mut rng, &options))
            })
        });
    }
    let middle = PlayoutBoard::from(&middle_game());
    let mut board = middle.clone();
    let mut rng = Pcg32::new(1);
    group.bench_function("from_19x19_middle_game", |b| {
        b.iter(|| {
            board.copy_from(&middle);
            black_box(board.playout(&mut rng, &PlayoutOptions::default()))
        })
    });
    group.bench_function("playout_board_from_search_board", |b| {
        let search = middle_game();
        b.iter(|| PlayoutBoard::from(black_box(&search)))
    });
    group.finish();
}

criterion_group!(benches, bench_play_undo, bench_playouts);
criterion_main!(benches);
