//! Pattern codes, tables, matchers and territory estimates on a 19×19
//! middle-game position. Throughput "elem/s" counts points (one code and
//! lookup, one match attempt) or whole boards (territory, influence).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go_board::{Board, Color, PlayoutBoard, Point, Position};
use go_patterns::features::{LastMoves, MoveFeatures};
use go_patterns::spatial::SpatialHashes;
use go_patterns::{
    AtariFlags, Code3x3, Matcher, Morphology, MoveModel, Pattern, Table3x3, TransformSet,
};

/// A deterministic middle-game position: 220 random legal moves.
fn middle_game() -> Board {
    let mut board = Board::new(19).unwrap();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut color = Color::Black;
    let points = board.geometry().points().to_vec();
    let mut played = 0;
    while played < 220 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let p = points[(state % points.len() as u64) as usize];
        if !board.is_true_eye(color, p) && board.play(color, p).is_ok() {
            played += 1;
            color = color.opposite();
        }
    }
    board
}

fn bench_hash3x3(c: &mut Criterion) {
    let board = middle_game();
    let playout = PlayoutBoard::from(&board);
    let empty: Vec<Point> = board.empty_points().iter().collect();
    let mut weights = Table3x3::new(0.0f32, AtariFlags::Distinguished);
    for (i, &p) in empty.iter().enumerate() {
        weights.insert(Code3x3::with_atari(&board, p), i as f32);
    }
    let small = Table3x3::new(0.0f32, AtariFlags::Ignored);
    let mut group = c.benchmark_group("hash3x3");
    group.throughput(Throughput::Elements(empty.len() as u64));
    let codes: Vec<Code3x3> = empty
        .iter()
        .map(|&p| Code3x3::with_atari(&board, p))
        .collect();
    group.bench_function("lookup only (codes precomputed, atari table)", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for &code in black_box(&codes) {
                sum += weights.get(code, Color::White);
            }
            sum
        })
    });
    group.bench_function("code+lookup (Board, no atari)", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for &p in &empty {
                sum += small.get(Code3x3::at(black_box(&board), p), Color::White);
            }
            sum
        })
    });
    group.bench_function("code+lookup (PlayoutBoard, no atari)", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for &p in &empty {
                sum += small.get(Code3x3::at(black_box(&playout), p), Color::White);
            }
            sum
        })
    });
    group.bench_function("code+lookup (PlayoutBoard, atari)", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for &p in &empty {
                sum += weights.get(Code3x3::with_atari(black_box(&playout), p), Color::White);
            }
            sum
        })
    });
    group.bench_function("code+lookup (Board, atari)", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for &p in &empty {
                sum += weights.get(Code3x3::with_atari(black_box(&board), p), Color::Black);
            }
            sum
        })
    });
    group.finish();
}

fn bench_matcher(c: &mut Criterion) {
    let board = middle_game();
    let eye: Pattern = "O O O\nO . O\nO O O".parse().unwrap();
    let hane: Pattern = "S D ?\n. * .\n? ? ?".parse().unwrap();
    let eye = Matcher::new(&eye, TransformSet::ROTATIONS_AND_SWAP);
    let hane = Matcher::new(&hane, TransformSet::ALL);
    let points = board.geometry().num_points() as u64;
    let mut group = c.benchmark_group("matcher");
    group.throughput(Throughput::Elements(points));
    group.bench_function("eye 3x3 rotations+swap, whole board", |b| {
        b.iter(|| eye.count(black_box(&board), Color::Black))
    });
    group.bench_function("hane 3x3 all 16 transforms, whole board", |b| {
        b.iter(|| hane.count(black_box(&board), Color::Black))
    });
    group.finish();
}

fn bench_territory(c: &mut Criterion) {
    let board = middle_game();
    let mut group = c.benchmark_group("territory");
    group.throughput(Throughput::Elements(1));
    for (name, m) in [
        ("bouzy 5/21", Morphology::BOUZY),
        ("thesis 3/6", Morphology::THESIS),
    ] {
        group.bench_function(name, |b| b.iter(|| m.territory(black_box(&board))));
    }
    group.finish();
}

/// The learned move model: features of one move, its γ, and every legal
/// move of the position rated (elements: moves).
fn bench_move_model(c: &mut Criterion) {
    let board = middle_game();
    let playout = PlayoutBoard::from(&board);
    let model = MoveModel::trained();
    let color = board.to_play();
    let legal: Vec<Point> = board.legal_moves(color).iter().collect();
    let recent = LastMoves {
        last: legal.first().copied(),
        second: legal.last().copied(),
    };
    let mut group = c.benchmark_group("move_model");
    group.throughput(Throughput::Elements(legal.len() as u64));
    group.bench_function("features_19x19", |b| {
        b.iter(|| {
            let mut x = 0u128;
            for &p in &legal {
                x ^= MoveFeatures::of_point(&playout, color, p, recent).packed();
            }
            black_box(x)
        });
    });
    group.bench_function("spatial_hashes_19x19", |b| {
        b.iter(|| {
            let mut x = 0u64;
            for &p in &legal {
                x ^= SpatialHashes::of_point(&playout, color, p).0[2];
            }
            black_box(x)
        });
    });
    group.bench_function("features_and_gamma_19x19", |b| {
        b.iter(|| {
            let mut sum = 0.0f32;
            for &p in &legal {
                sum += model.rate(&playout, color, p, recent);
            }
            black_box(sum)
        });
    });
    let small = MoveModel::trained_3x3();
    group.bench_function("features_and_gamma_19x19_3x3_model", |b| {
        b.iter(|| {
            let mut sum = 0.0f32;
            for &p in &legal {
                sum += small.rate(&playout, color, p, recent);
            }
            black_box(sum)
        });
    });
    let mut ranked = Vec::with_capacity(400);
    group.bench_function("rank_all_moves_19x19", |b| {
        b.iter(|| {
            ranked.clear();
            model.rate_moves(&playout, color, recent, &mut ranked);
            ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
            black_box(ranked.first().copied())
        });
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_hash3x3,
    bench_matcher,
    bench_territory,
    bench_move_model
);
criterion_main!(benches);
